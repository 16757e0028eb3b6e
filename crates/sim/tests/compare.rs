//! Paired comparisons on a toy dice race: a game against itself, against a clearly
//! different variant, cut into shards, and grown until decided.

use gameshelf_conformance::toy::{Race, RaceRules};
use gameshelf_engine::{Bot, RandomBot, Seat};
use gameshelf_sim::{
    Arms, ComparePart, CompareReport, Figure, Question, Shard, SimConfig, Verdict, compare,
    compare_shard, compare_until, simulate,
};

fn random_bots(_: Seat) -> Box<dyn Bot<Race>> {
    Box::new(RandomBot::<Race>::default())
}

type MakeBots = fn(Seat) -> Box<dyn Bot<Race>>;

fn arms<'a>(a: &'a Race, b: &'a Race) -> Arms<'a, Race, MakeBots, MakeBots> {
    Arms {
        a,
        b,
        bots_a: random_bots,
        bots_b: random_bots,
        label: "random".to_owned(),
    }
}

fn config(games: u64) -> SimConfig {
    SimConfig {
        games,
        seed: 3,
        threads: Some(2),
        progress: false,
        overall: None,
    }
}

/// The race to square 4 instead of 6: shorter, so fewer turns.
fn short_race() -> Race {
    Race::new(RaceRules {
        goal: 4,
        ..RaceRules::default()
    })
}

fn figure<'a>(r: &'a CompareReport, f: &Figure) -> &'a gameshelf_sim::FigureDiff {
    r.figures
        .iter()
        .find(|d| d.figure == *f)
        .unwrap_or_else(|| panic!("{f} missing from\n{}", r.to_text()))
}

#[test]
fn a_game_compared_with_itself_is_identical_in_every_figure() {
    let race = Race::default();
    let r = compare::<_, (), _, _>(&arms(&race, &race), &config(1000), Question::default());
    assert_eq!(r.games, 1000);
    assert!(r.figures.len() >= 6, "{}", r.to_text());
    for f in &r.figures {
        assert_eq!(f.verdict, Verdict::Identical, "{}", r.to_text());
        assert_eq!(f.estimate.diff, 0.0);
    }
    assert_eq!(r.tested, 0);
    assert!(r.decided);
    assert!(r.to_text().contains("no figure differs"));
}

#[test]
fn a_clearly_different_variant_is_found_with_pairing_narrowing_the_interval() {
    let (long, short) = (Race::default(), short_race());
    let r = compare::<_, (), _, _>(&arms(&long, &short), &config(2000), Question::default());
    let turns = figure(&r, &Figure::Turns);
    assert_eq!(turns.verdict, Verdict::Differs, "{}", r.to_text());
    // The race gives standings: a shorter race leaves less time to change the lead.
    let lead = figure(&r, &Figure::LeadChanges);
    assert!(lead.estimate.a > lead.estimate.b, "{lead:?}");
    assert!(r.to_text().contains("lead changes per game"));
    assert!(turns.estimate.diff < 0.0 && turns.estimate.ci.high < 0.0);
    assert!(turns.estimate.a > turns.estimate.b);
    // Shared dice make the two races' lengths move together.
    assert!(turns.estimate.variance_ratio.unwrap() < 1.0, "{turns:?}");
    assert!(r.to_text().contains("B differs from A in: "));
    // Every seat's win rate still sums to one in both arms.
    let total = |arm: fn(&gameshelf_sim::FigureDiff) -> f64| {
        r.figures
            .iter()
            .filter(|f| matches!(f.figure, Figure::Seat(_)))
            .map(arm)
            .sum::<f64>()
    };
    assert!((total(|f| f.estimate.a) - 1.0).abs() < 1e-6);
    assert!((total(|f| f.estimate.b) - 1.0).abs() < 1e-6);
}

#[test]
fn compare_shards_merge_bit_for_bit_into_the_single_run() {
    let (long, short) = (Race::default(), short_race());
    let arms = arms(&long, &short);
    let games = 5 * 128 + 77;
    let whole = compare_shard::<_, (), _, _>(&arms, &config(games), Shard::WHOLE);
    let parts: Vec<ComparePart> = (0..3)
        .rev()
        .map(|i| {
            let part =
                compare_shard::<_, (), _, _>(&arms, &config(games), Shard::new(i, 3).unwrap());
            let text = serde_json::to_string(&part).unwrap();
            serde_json::from_str(&text).unwrap()
        })
        .collect();
    let mut merged = ComparePart::merge(parts.clone()).unwrap();
    merged.seconds = whole.seconds;
    assert_eq!(merged, whole);
    let q = Question::default();
    assert_eq!(
        serde_json::to_string(&merged.report(q)).unwrap(),
        serde_json::to_string(&whole.report(q)).unwrap()
    );
    // A missing shard is named, not silently skipped.
    let e = ComparePart::merge(parts[..2].to_vec()).unwrap_err();
    assert!(e.to_string().contains("a shard is missing"), "{e}");
    let mut twice = parts.clone();
    twice.push(parts[0].clone());
    assert!(
        ComparePart::merge(twice)
            .unwrap_err()
            .to_string()
            .contains("in two parts")
    );
}

#[test]
fn until_decided_stops_once_decided_or_at_the_cap() {
    let (long, short) = (Race::default(), short_race());
    let arms = arms(&long, &short);
    let loose = Question {
        detect: 0.5,
        ..Question::default()
    };
    let r = compare_until::<_, (), _, _>(&arms, &config(128), loose, 1_000_000);
    assert!(r.decided, "{}", r.to_text());
    assert!(r.games < 1_000_000 && r.games % 128 == 0);
    // The same games as a fixed run of that size.
    let fixed = compare::<_, (), _, _>(&arms, &config(r.games), loose);
    assert_eq!(
        serde_json::to_value(&fixed.figures).unwrap(),
        serde_json::to_value(&r.figures).unwrap()
    );
    // Nothing can be called different at this level, nor ruled out at this precision.
    let strict = Question {
        detect: 1e-9,
        alpha: 1e-300,
        ..Question::default()
    };
    let r = compare_until::<_, (), _, _>(&arms, &config(128), strict, 1000);
    assert_eq!(r.games, 1000, "the cap");
    assert!(!r.decided);
}

#[test]
fn the_branching_factor_counts_legal_actions_per_decision() {
    // One square or a gamble: two choices at every decision; walking up to two squares
    // adds a third, except near the goal where a long walk would overshoot.
    let (one, two) = (
        Race::default(),
        Race::new(RaceRules {
            walk: 2,
            ..RaceRules::default()
        }),
    );
    let r = compare::<_, (), _, _>(&arms(&one, &one), &config(300), Question::default());
    let same = figure(&r, &Figure::Branching);
    assert_eq!(same.estimate.a, 2.0, "{}", r.to_text());
    assert_eq!(same.verdict, Verdict::Identical);
    let r = compare::<_, (), _, _>(&arms(&one, &two), &config(300), Question::default());
    let more = figure(&r, &Figure::Branching);
    assert_eq!(more.verdict, Verdict::Differs, "{}", r.to_text());
    assert!(more.estimate.b > 2.0 && more.estimate.b <= 3.0, "{more:?}");
    assert!(r.to_text().contains("legal actions per decision"));
}

/// The late leader's wins compared per game are `sim`'s figure over all games: its share
/// among the games that had a late leader, times those games' share; and each arm's mean
/// is that arm's own simulation with the same seed.
#[test]
fn the_late_leader_s_wins_are_compared_as_a_share_of_all_games() {
    let (long, short) = (Race::default(), short_race());
    let r = compare::<_, (), _, _>(&arms(&long, &short), &config(3000), Question::default());
    let late = figure(&r, &Figure::LateLeaderWins);
    for (race, mean) in [(&long, late.estimate.a), (&short, late.estimate.b)] {
        let sim = simulate::<_, ()>(race, random_bots, &config(3000));
        let lead = sim.lead.expect("the race gives standings");
        let all_games = lead.late_leader_wins * lead.late_leader_games as f64 / 3000.0;
        assert!(
            (mean - all_games).abs() < 1e-9,
            "{mean} against {all_games}"
        );
    }
    assert!(
        late.estimate.a > 0.5,
        "the leader at 3/4 of a race mostly wins: {late:?}"
    );
    assert!(r.to_text().contains("games won by the leader at 3/4"));
}
