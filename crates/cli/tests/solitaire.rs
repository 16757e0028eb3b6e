//! The solitaire's numbered deals for players: the verdict before a deal, the solver's
//! winning line after a lost game, and the winnable deals easiest first.

mod common;

use std::path::PathBuf;

use common::succeeded as gameshelf;

fn save(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    path.to_str().unwrap().to_owned()
}

/// What `play --deal N` with the heuristic bot writes on standard error.
fn bot_plays_deal(number: u64) -> String {
    let file = save(&format!("deal-{number}.json"));
    let number = number.to_string();
    let args = ["play", "oubliette-solitaire", "--bots", "1", "--line"];
    let out = gameshelf(&[&args[..], &["--deal", &number, "--save", &file]].concat());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Deal 2 can be won, and the heuristic bot loses it: the verdict comes before the game
/// and the solver's line, which replays to a win, after it.
#[test]
fn a_lost_deal_that_could_be_won_ends_with_the_solver_s_line() {
    let err = bot_plays_deal(2);
    let verdict = err.find("deal 2 can be won: the solver's winning line takes 38 turns");
    let line = err.find("deal 2 could be won; the solver's winning line:");
    assert!(verdict.is_some() && verdict < line, "{err}");
    assert!(
        err.contains("  turn  38  "),
        "the line's last turn is shown: {err}"
    );
}

/// An undecided deal says so before the game and shows no line after it.
#[test]
fn an_undecided_deal_says_so_and_shows_no_line() {
    let err = bot_plays_deal(4);
    assert!(err.contains("deal 4 is undecided"), "{err}");
    assert!(!err.contains("winning line:"), "{err}");
}

/// The winnable deals, from the shipped verdicts: those the heuristic wins first, then by
/// the solver's nodes, and as many as the summary says.
#[test]
fn winnable_deals_are_listed_easiest_first() {
    let out = gameshelf(&[
        "solitaire",
        "deals",
        "--winnable",
        "--from",
        "1",
        "--to",
        "2000",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .map(|l| l.split('\t').collect())
        .collect();
    assert!(rows.iter().any(|r| r[0] == "2"), "deal 2 is winnable");
    let key = |r: &Vec<&str>| (r[1] != "wins", r[2].parse::<u64>().unwrap());
    assert!(rows.windows(2).all(|w| key(&w[0]) <= key(&w[1])), "{text}");
    assert_eq!(rows[0][1], "wins");
    let summary = text.lines().last().unwrap();
    assert!(
        summary.contains(&format!("{} winnable deals among 1..=2000", rows.len())),
        "{summary}"
    );
}
