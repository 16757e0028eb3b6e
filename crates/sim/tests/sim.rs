//! The simulator on two tiny toy games: a dice race with decisions and chance, and a
//! biased coin whose win rate is known exactly.

use std::sync::atomic::{AtomicUsize, Ordering};

use gameshelf_conformance::toy::{Race, RaceRules, RaceState, Step, Tree, TreeNode};
use gameshelf_engine::{Bot, Game, RandomBot, Seat, Tally};
use gameshelf_sim::{
    CHUNK, CiMethod, MergeError, Shard, SimConfig, SimPart, SimReport, benchmark_bots,
    benchmark_playouts, simulate, simulate_shard,
};
use serde::{Deserialize, Serialize};

// ---- a dice race ------------------------------------------------------------------

// The default `Race`: two seats race to square 6. On its turn a seat walks (one square, no
// chance) or gambles (chance: 0 or 2 squares, even odds). After 12 turns the race is drawn
// (1/2 each).

/// Counts runs (gambles) and stumbles (runs that advanced nothing).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct RaceTally {
    runs: u64,
    stumbles: u64,
    finished: u64,
}

impl Tally<Race> for RaceTally {
    fn record(&mut self, _: &Race, _: &RaceState, action: Step) {
        match action {
            Step::Gamble => self.runs += 1,
            Step::Roll(0) => self.stumbles += 1,
            _ => {}
        }
    }
    fn finish(&mut self, _: &Race, _: &RaceState) {
        self.finished += 1;
    }
    fn merge(&mut self, other: &Self) {
        self.runs += other.runs;
        self.stumbles += other.stumbles;
        self.finished += other.finished;
    }
    fn report(&self) -> String {
        format!("runs: {}, stumbles: {}", self.runs, self.stumbles)
    }
}

fn random_bots<G: Game>(_: Seat) -> Box<dyn Bot<G>> {
    Box::new(RandomBot::<G>::default())
}

fn race(games: u64, threads: Option<usize>) -> SimReport<RaceTally> {
    let config = SimConfig {
        games,
        seed: 7,
        threads,
        progress: false,
        overall: None,
    };
    simulate(&Race::default(), random_bots, &config)
}

/// The JSON of a report without its timings.
fn figures<T: Serialize>(report: &SimReport<T>) -> serde_json::Value {
    let mut v = serde_json::to_value(report).unwrap();
    let map = v.as_object_mut().unwrap();
    map.remove("seconds").unwrap();
    map.remove("games_per_second").unwrap();
    v
}

#[test]
fn figures_are_identical_for_any_thread_count() {
    // Not a multiple of the chunk size, so the last chunk is partial.
    let games = 7 * CHUNK + 13;
    let one = race(games, Some(1));
    assert_eq!(one.games, games);
    assert_eq!(one.tally.finished, games);
    for threads in [Some(2), Some(3), None] {
        let other = race(games, threads);
        assert_eq!(figures(&one), figures(&other), "threads {threads:?}");
        assert_eq!(one.tally, other.tally);
        // Bit-identical floats, not merely close.
        for (a, b) in one.returns.iter().zip(&other.returns) {
            assert_eq!(a.std_dev.to_bits(), b.std_dev.to_bits());
        }
    }
    assert_ne!(
        figures(&one),
        figures(&simulate::<_, RaceTally>(
            &Race::default(),
            random_bots,
            &SimConfig {
                games,
                seed: 8,
                ..SimConfig::default()
            }
        )),
        "another seed plays other games"
    );
}

#[test]
fn report_figures_are_consistent() {
    let r = race(2000, None);
    let shares: f64 = r.end_kinds.iter().map(|e| e.share).sum();
    assert!((shares - 1.0).abs() < 1e-12);
    assert_eq!(r.end_kinds.iter().map(|e| e.count).sum::<u64>(), 2000);
    assert_eq!(r.ci_method, CiMethod::Wilson);
    let total_wins: f64 = r.wins_by_seat.iter().sum();
    assert!(
        (total_wins - 1.0).abs() < 1e-12,
        "constant-sum: {total_wins}"
    );
    assert!(r.decisions_per_game > r.player_decisions_per_game);
    assert!(r.player_decisions_per_game >= 6.0 / 2.0 * 2.0 - 1.0);
    assert_eq!(r.mean_turns, r.turns.mean);
    assert!(r.turns.min <= r.turns.p10 && r.turns.p10 <= r.turns.p50);
    assert!(r.turns.p50 <= r.turns.p90 && r.turns.p90 <= r.turns.max);
    assert!(r.turns.max <= u64::from(RaceRules::default().turn_limit));
    assert_eq!(r.turns.buckets.iter().map(|b| b.count).sum::<u64>(), 2000);
    // Each run is followed by exactly one chance outcome.
    let chance_per_game = r.decisions_per_game - r.player_decisions_per_game;
    assert!((chance_per_game * 2000.0 - r.tally.runs as f64).abs() < 1e-6);
    for (i, ci) in r.wins_ci.iter().enumerate() {
        assert!(ci.contains(r.wins_by_seat[i]), "{ci:?}");
    }
}

#[test]
fn bots_are_made_per_chunk() {
    let made = AtomicUsize::new(0);
    let games = 3 * CHUNK + 1;
    let _: SimReport<()> = simulate(
        &Race::default(),
        |seat| {
            made.fetch_add(1, Ordering::Relaxed);
            random_bots(seat)
        },
        &SimConfig {
            games,
            threads: Some(2),
            ..SimConfig::default()
        },
    );
    assert_eq!(made.load(Ordering::Relaxed), 4 * 2, "4 chunks of 2 seats");
}

#[test]
fn text_report_has_the_key_lines() {
    let r = race(500, Some(2));
    let text = r.to_text(&["alice".to_owned(), "bob".to_owned()]);
    for needle in [
        "race: 500 games, seed 7",
        "s wall,",
        "games/s",
        "actions per game",
        "win rate by seat (95% Wilson interval):",
        "seat 1 alice",
        "seat 2 bob",
        "turns per game: mean",
        "median",
        "how games ended:",
        "goal",
        "runs: ",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }
    let win_line = text.lines().find(|l| l.contains("seat 1 alice")).unwrap();
    assert!(
        win_line.contains(&format!("{:.4}", r.wins_by_seat[0])),
        "{win_line}"
    );
    // Missing names fall back to seat numbers.
    assert!(r.to_text(&[]).contains("seat 1 "));
}

#[test]
fn json_has_the_required_keys() {
    let r = race(300, None);
    let v: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    for key in [
        "game",
        "games",
        "seconds",
        "games_per_second",
        "decisions_per_game",
        "wins_by_seat",
        "wins_ci",
        "ci_method",
        "returns",
        "mean_turns",
        "turns",
        "end_kinds",
        "tally",
    ] {
        assert!(v.get(key).is_some(), "{key} missing from {v}");
    }
    assert_eq!(v["games"], 300);
    let wins = v["wins_by_seat"].as_array().unwrap();
    assert_eq!(wins.len(), 2);
    assert!(wins.iter().all(serde_json::Value::is_f64));
    assert!(v["wins_ci"][0]["low"].is_f64() && v["wins_ci"][0]["high"].is_f64());
    assert_eq!(v["ci_method"], "wilson");
    assert_eq!(v["tally"]["finished"], 300);
    assert!(v["turns"]["p50"].is_u64() && v["turns"]["buckets"].is_array());
}

#[test]
fn zero_games_give_an_empty_but_valid_report() {
    let r = race(0, None);
    assert_eq!(r.games, 0);
    assert_eq!(r.wins_by_seat, vec![0.0, 0.0]);
    assert!(r.wins_ci.iter().all(|i| i.low == 0.0 && i.high == 1.0));
    assert!(r.end_kinds.is_empty() && r.turns.buckets.is_empty());
    assert!(r.to_text(&[]).contains("0 games"));
    assert!(!r.to_json().contains("null"));
}

// ---- a biased coin ----------------------------------------------------------------

/// One chance node: seat 0 wins with probability 3/10. Returns 1/0, or +1/-1 when
/// `zero_sum`. The coin also says who moved first: the winner (a game with a perfect
/// first-player advantage and a random order).
fn coin(zero_sum: bool) -> Tree {
    let coin = Tree::new("coin", |h| match h {
        [] => TreeNode::Chance(&[3, 7]),
        [winner] => TreeNode::Won(usize::from(*winner)),
        h => unreachable!("not a coin history: {h:?}"),
    })
    .winner_moves_first();
    if zero_sum { coin.zero_sum() } else { coin }
}

/// The report on `games` tosses of the coin.
fn tosses(zero_sum: bool, games: u64, seed: u64) -> SimReport<()> {
    let config = SimConfig {
        games,
        seed,
        ..SimConfig::default()
    };
    simulate(&coin(zero_sum), random_bots, &config)
}

#[test]
fn win_rate_by_turn_position_is_reported_for_random_orders() {
    let r = tosses(false, 2_000, 5);
    assert_eq!(r.wins_by_position.as_deref(), Some(&[1.0, 0.0][..]));
    let ci = r.position_ci.as_ref().unwrap();
    assert!(ci[0].low > 0.99 && ci[1].high < 0.01, "{ci:?}");
    let text = r.to_text(&[]);
    assert!(
        text.contains("by position in the turn order") && text.contains("1st to move"),
        "{text}"
    );
    assert!(r.to_json().contains("wins_by_position"));
}

#[test]
fn win_rate_interval_contains_the_true_rate() {
    let r = tosses(false, 20_000, 3);
    assert_eq!(r.ci_method, CiMethod::Wilson);
    for (seat, truth) in [(0, 0.3), (1, 0.7)] {
        let ci = r.wins_ci[seat];
        assert!(ci.contains(truth), "seat {seat}: {truth} not in {ci:?}");
        assert!(ci.high - ci.low < 0.015, "{ci:?}");
    }
    assert_eq!(r.decisions_per_game, 1.0);
    assert_eq!(r.player_decisions_per_game, 0.0);

    let r = tosses(true, 20_000, 3);
    assert_eq!(r.ci_method, CiMethod::Normal);
    let ci = r.wins_ci[0];
    assert!(ci.contains(-0.4), "{ci:?}");
    assert!(ci.high - ci.low < 0.03, "{ci:?}");
    assert!(
        r.to_text(&[])
            .contains("mean return by seat (95% normal interval)")
    );
}

// ---- playout benchmark ------------------------------------------------------------

#[test]
fn playout_benchmark_counts_what_it_times() {
    let b = benchmark_playouts(&Race::default(), 0.05, 1);
    assert_eq!(b.game, "race");
    assert!(b.games >= 1);
    assert!(
        b.actions >= b.games * 6,
        "a race takes at least 6 actions: {b:?}"
    );
    assert!(
        b.decisions >= b.games * 6 && b.decisions <= b.actions,
        "{b:?}"
    );
    assert!((b.actions_per_game * b.games as f64 - b.actions as f64).abs() < 1e-6);
    assert!(b.seconds > 0.0 && b.seconds <= 1.0, "{b:?}");
    assert!(
        b.ns_per_action > 0.0 && b.ns_per_decision >= b.ns_per_action,
        "{b:?}"
    );
    assert!(b.games_per_second > 0.0);

    let coin = benchmark_playouts(&coin(false), 0.0, 1);
    assert_eq!((coin.games, coin.actions, coin.decisions), (1, 1, 0));
    assert_eq!(coin.ns_per_decision, 0.0, "no decisions to divide by");
}

#[test]
fn bot_benchmark_counts_the_bots_decisions() {
    let race = Race::default();
    let b = benchmark_bots(
        &race,
        |_| Box::new(gameshelf_engine::RandomBot::default()),
        0.05,
        1,
    );
    assert!(b.games >= 1);
    assert!(b.actions >= b.games * 6, "{b:?}");
    assert!(
        b.decisions >= b.games * 6 && b.decisions <= b.actions,
        "{b:?}"
    );
    assert!(
        b.seconds > 0.0 && b.ns_per_decision >= b.ns_per_action,
        "{b:?}"
    );
    // Random bots and random playouts draw differently, but count games the same way.
    let coin = benchmark_bots(
        &coin(false),
        |_| Box::new(gameshelf_engine::RandomBot::default()),
        0.0,
        1,
    );
    assert_eq!((coin.games, coin.actions, coin.decisions), (1, 1, 0));
}

#[test]
fn the_toys_are_conformant_games() {
    let config = gameshelf_conformance::Config::default();
    gameshelf_conformance::check(&Race::default(), &config);
    gameshelf_conformance::check(&coin(false), &config);
    gameshelf_conformance::check(&coin(true), &config);
}

#[test]
#[ignore = "prints a sample report"]
fn print_sample_report() {
    let r = race(5000, None);
    println!("{}", r.to_text(&["alice".to_owned(), "bob".to_owned()]));
    println!("{}", r.to_json());
    println!("{:?}", benchmark_playouts(&Race::default(), 0.2, 1));
}

#[test]
fn sim_shards_merge_bit_for_bit_into_the_single_run() {
    let config = SimConfig {
        games: 9 * CHUNK + 31,
        seed: 11,
        threads: Some(2),
        progress: false,
        overall: None,
    };
    let race = Race::default();
    let whole: SimReport<RaceTally> = simulate(&race, random_bots, &config);
    // Run backwards and through JSON text, as shards from other machines would arrive.
    let parts: Vec<SimPart<RaceTally>> = (0..4)
        .rev()
        .map(|i| {
            let part: SimPart<RaceTally> =
                simulate_shard(&race, random_bots, &config, Shard::new(i, 4).unwrap());
            serde_json::from_str(&serde_json::to_string(&part).unwrap()).unwrap()
        })
        .collect();
    let merged = SimPart::merge::<Race>(parts.clone()).unwrap().report(&race);
    assert_eq!(
        serde_json::to_string(&figures(&merged)).unwrap(),
        serde_json::to_string(&figures(&whole)).unwrap()
    );
    for (a, b) in merged.wins_by_seat.iter().zip(&whole.wins_by_seat) {
        assert_eq!(a.to_bits(), b.to_bits());
    }
    assert_eq!(merged.tally, whole.tally);
    // The race gives standings (the runners' squares): the lead figures are there, and
    // merge exactly too (they are part of the JSON compared above).
    let lead = whole.lead.as_ref().expect("the race gives standings");
    assert_eq!(merged.lead.as_ref(), Some(lead));
    assert_eq!(lead.games, config.games);
    assert!(
        lead.lead_changes > 0.0 && lead.late_leader_games > 0,
        "{lead:?}"
    );
    assert_eq!(
        lead.lead_changes.to_bits(),
        merged.lead.as_ref().unwrap().lead_changes.to_bits()
    );
    assert!(matches!(
        SimPart::merge::<Race>(parts[1..].to_vec()),
        Err(MergeError::Missing { .. })
    ));
    let mut other_seed = parts.clone();
    other_seed[0].seed += 1;
    assert!(matches!(
        SimPart::merge::<Race>(other_seed),
        Err(MergeError::Mismatch {
            what: "the seed",
            ..
        })
    ));
}

// ---- lead changes in a scripted race ---------------------------------------------------

/// Takes the lead by one square whenever it can: walks one square past the other runner
/// (at most the longest walk, at least one square).
struct Leapfrog;

impl Bot<Race> for Leapfrog {
    fn name(&self) -> String {
        "leapfrog".to_owned()
    }
    fn choose(
        &mut self,
        view: &gameshelf_engine::SeatView<'_, Race>,
        _: &mut gameshelf_engine::Rng,
    ) -> Step {
        let s = view.observed();
        let me = s.at[view.seat()];
        let other = s.at[1 - view.seat()];
        let walk = view.game().rules().walk;
        Step::Walk((other + 1).saturating_sub(me).clamp(1, walk))
    }
}

#[test]
fn a_scripted_race_has_a_known_number_of_lead_changes() {
    // To square 10 with walks of up to 3: seat 1 walks 1, then every runner walks 2,
    // one square past the other: (1,0) (1,2) (3,2) (3,4) (5,4) (5,6) (7,6) (7,8) (9,8)
    // (9,10). Seat 1 wins on the 10th action. Leaders 0,1,0,...,1: 9 changes. Three
    // quarters of 10 actions is the state after 8, (7,8): seat 1 leads there, and wins.
    let race = Race::new(RaceRules {
        players: 2,
        goal: 10,
        walk: 3,
        roll: &[(0, 1), (2, 1)],
        turn_limit: 30,
    });
    let r: SimReport<()> = simulate(
        &race,
        |_| Box::new(Leapfrog),
        &SimConfig {
            games: 5,
            ..SimConfig::default()
        },
    );
    assert_eq!(r.wins_by_seat, vec![0.0, 1.0]);
    let lead = r.lead.clone().expect("the race gives standings");
    assert_eq!(lead.games, 5);
    assert_eq!(lead.lead_changes, 9.0);
    assert_eq!(
        (lead.lead_changes_ci.low, lead.lead_changes_ci.high),
        (9.0, 9.0)
    );
    assert_eq!(lead.late_leader_games, 5);
    assert_eq!(lead.late_leader_wins, 1.0);
    let text = r.to_text(&[]);
    assert!(text.contains("lead changes per game: 9.000"), "{text}");
    assert!(
        text.contains("the leader at 3/4 of the game wins: 1.0000"),
        "{text}"
    );

    // A race with one runner has nobody to lead.
    let climb: SimReport<()> = simulate(
        &Race::climb(),
        random_bots,
        &SimConfig {
            games: 20,
            ..SimConfig::default()
        },
    );
    assert!(climb.lead.is_none());
    assert!(!climb.to_text(&[]).contains("lead changes"));
}
