//! Measures random playouts per second on one core.
//!
//! `cargo run --release -p gameshelf-open-oubliette --example playout_speed [GAME] [SECONDS]`

use std::time::Instant;

use gameshelf_engine::{Game, Outcomes, Rng};
use gameshelf_open_oubliette::OpenOubliette;

fn main() {
    let mut args = std::env::args().skip(1);
    let spec = args.next().unwrap_or_else(|| "open-oubliette".to_owned());
    let seconds: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let game = OpenOubliette::from_spec(&spec.parse().expect("a game string")).expect("a game");
    let mut rng = Rng::seed_from_u64(1);
    let (mut buf, mut out) = (Vec::new(), Outcomes::new());
    let start = Instant::now();
    let (mut games, mut actions, mut decisions, mut turns) = (0u64, 0u64, 0u64, 0u64);
    while start.elapsed().as_secs_f64() < seconds {
        for _ in 0..1000 {
            let mut s = game.initial_state();
            let p = game.random_playout(&mut s, &mut rng, &mut buf, &mut out);
            actions += p.actions;
            decisions += p.decisions;
            turns += game.turns(&s) as u64;
            games += 1;
        }
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{spec}: {:.0} games/s, {:.0} actions/s ({:.1} actions, {:.1} decisions, {:.1} turns per game)",
        games as f64 / t,
        actions as f64 / t,
        actions as f64 / games as f64,
        decisions as f64 / games as f64,
        turns as f64 / games as f64,
    );
}
