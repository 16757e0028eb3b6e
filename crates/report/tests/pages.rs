//! Every page is one self-contained file: charts inlined as SVG, nothing fetched.

use gameshelf_conformance::toy::{Race, RaceRules};
use gameshelf_engine::{Bot, RandomBot, Seat};
use gameshelf_report::{compare_page, sim_page, sweep_page};
use gameshelf_sim::sweep::{Axis, SweepReport, SweepRow, estimates};
use gameshelf_sim::{Arms, Question, SimConfig, compare, simulate};

fn random_bots(_: Seat) -> Box<dyn Bot<Race>> {
    Box::new(RandomBot::<Race>::default())
}

fn config() -> SimConfig {
    SimConfig {
        games: 500,
        seed: 2,
        threads: Some(1),
        progress: false,
        overall: None,
    }
}

/// Nothing a browser would fetch: no scripts, no links, no external images.
fn assert_self_contained(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.trim_end().ends_with("</html>"));
    for needle in ["<script", "src=", "href=", "@import", "url("] {
        assert!(!html.contains(needle), "{needle} in the page");
    }
}

#[test]
fn a_sim_page_has_its_charts_inline_and_escapes_names() {
    let report = simulate::<_, ()>(&Race::default(), random_bots, &config());
    let html = sim_page(&report, &["<random>".to_owned()]).unwrap();
    assert_self_contained(&html);
    // Win rates by seat, the turns histogram (the race has no drawn turn order) and the
    // lead curve, since the race gives standings.
    assert_eq!(html.matches("<svg").count(), 3);
    assert!(html.contains("the leader at each point of the game wins"));
    assert!(html.contains("fair share (1/2)"));
    assert!(html.contains("seat 1 &lt;random&gt;"));
    assert!(!html.contains("<random>"));
    assert!(html.contains("turns per game"));
    // The race gives standings: the lead figures are in the table.
    assert!(html.contains("lead changes per game") && html.contains("the leader at 3/4 wins"));
}

#[test]
fn a_compare_page_marks_what_differs() {
    let (a, b) = (
        Race::default(),
        Race::new(RaceRules {
            goal: 4,
            ..RaceRules::default()
        }),
    );
    let arms = Arms {
        a: &a,
        b: &b,
        bots_a: random_bots,
        bots_b: random_bots,
        label: String::new(),
    };
    let report = compare::<_, (), _, _>(&arms, &config(), Question::default());
    let html = compare_page(&report).unwrap();
    assert_self_contained(&html);
    assert_eq!(html.matches("<svg").count(), 1);
    assert!(html.contains("<tr class=\"differs\"><td>turns per game</td>"));
}

#[test]
fn a_sweep_page_draws_curves_over_the_variants() {
    let rows = [4u8, 5, 6]
        .iter()
        .map(|&goal| {
            let race = Race::new(RaceRules {
                goal,
                ..RaceRules::default()
            });
            let r = simulate::<_, ()>(&race, random_bots, &config());
            SweepRow {
                game: format!("race(goal={goal})"),
                values: vec![goal.to_string()],
                games: r.games,
                estimates: estimates(&r),
            }
        })
        .collect();
    let report = SweepReport {
        axes: vec![Axis {
            name: "goal".into(),
            values: vec!["4".into(), "5".into(), "6".into()],
        }],
        seed: 2,
        rows,
    };
    let html = sweep_page(&report).unwrap();
    assert_self_contained(&html);
    assert_eq!(html.matches("<svg").count(), 2, "win rates and turns");
    assert!(html.contains("goal=6 (500 games)"));
    // One band (a filled polygon) per curve: two seats and the turns.
    assert_eq!(html.matches("<polygon").count(), 3);
}
