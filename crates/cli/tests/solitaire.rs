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

/// Deal 8061 was left undecided by the shipped verdicts' first search and won by their
/// retry with a larger budget: the line shown after a lost game is the retry's.
#[test]
fn a_deal_won_by_the_retry_ends_with_the_retry_s_line() {
    let err = bot_plays_deal(8061);
    let verdict = err.find("deal 8061 can be won: the solver's winning line takes 45 turns");
    let line = err.find("deal 8061 could be won; the solver's winning line:");
    assert!(verdict.is_some() && verdict < line, "{err}");
    assert!(err.contains("  turn  45  "), "{err}");
}

/// An undecided deal says so before the game and shows no line after it.
#[test]
fn an_undecided_deal_says_so_and_shows_no_line() {
    let err = bot_plays_deal(4);
    assert!(
        err.contains("deal 4 is undecided: the solver neither found a winning line nor proved it lost within 1000000 nodes"),
        "{err}"
    );
    assert!(!err.contains("winning line:"), "{err}");
}

/// The winnable deals, from the shipped verdicts and plays: those both fair players won
/// first (the hard bot's shipped play and the heuristic), then those one of them won, then
/// the rest, each group by the solver's nodes; as many as the summary says.
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
    assert!(
        rows.iter().all(|r| r[1] != "-"),
        "every deal has a shipped play"
    );
    let fair_wins = |r: &Vec<&str>| r[1..3].iter().filter(|&&w| w == "wins").count();
    let key = |r: &Vec<&str>| (2 - fair_wins(r), r[3].parse::<u64>().unwrap());
    assert!(rows.windows(2).all(|w| key(&w[0]) <= key(&w[1])), "{text}");
    assert_eq!(fair_wins(&rows[0]), 2, "{text}");
    assert!(rows.iter().any(|r| fair_wins(r) == 1), "{text}");
    let summary = text.lines().last().unwrap();
    assert!(
        summary.contains(&format!("{} winnable deals among 1..=2000", rows.len())),
        "{summary}"
    );
    let honest = rows.iter().filter(|r| r[1] == "wins").count();
    assert!(
        summary.contains(&format!("{honest} of {} by the hard bot", rows.len())),
        "{summary}"
    );
}

/// `solitaire honest` plays each deal from its own seed stream: the results do not depend
/// on the threads, a range's rows are those of the larger run that holds it, and the
/// file's first line names the rules, the deals, the bot and the seed.
#[test]
fn honest_plays_do_not_depend_on_threads_or_ranges() {
    let run = |range: [&str; 2], threads: &str, name: &str| {
        let file = save(name);
        let args = ["solitaire", "honest", "--bot", "easy", "--seed", "7"];
        let range = ["--from", range[0], "--to", range[1]];
        gameshelf(&[&args[..], &range, &["--threads", threads, "--out", &file]].concat());
        std::fs::read_to_string(&file).unwrap()
    };
    let one = run(["1", "6"], "1", "honest-1.tsv");
    let two = run(["1", "6"], "2", "honest-2.tsv");
    assert_eq!(one, two);
    assert!(
        one.starts_with(
            "# oubliette-solitaire deals 1..=6, bot easy, seed 7\ndeal\tresult\tturns\n"
        ),
        "{one}"
    );
    let part = run(["4", "5"], "2", "honest-part.tsv");
    assert_eq!(rows(&part), rows(&one)[3..5]);
}

/// The per-deal rows of a verdict file or of `solitaire deals` output.
fn rows(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .map(str::to_owned)
        .collect()
}

/// `deals --retry FILE`: the undecided deals of a small file are solved again within the
/// larger budget, each as a plain run at that budget solves it; the decided rows stay as
/// they were and the file says what was done. A file of other rules, or a budget no larger
/// than the one it had, is refused and the file left alone.
#[test]
fn retrying_a_verdict_file_solves_only_its_undecided_deals_again() {
    let file = save("retry.tsv");
    let range = ["solitaire", "deals", "--from", "1", "--to", "6"];
    gameshelf(&[&range[..], &["--budget", "1000", "--out", &file]].concat());
    let before = std::fs::read_to_string(&file).unwrap();
    let undecided = rows(&before)
        .iter()
        .filter(|r| r.contains("\tundecided\t"))
        .count();
    assert!(undecided > 0, "{before}");
    let out = gameshelf(&["solitaire", "deals", "--retry", &file, "--budget", "20000"]);
    let summary = String::from_utf8(out.stdout).unwrap();
    assert!(
        summary.contains(&format!(
            "{undecided} undecided solved again within 20000 nodes"
        )),
        "{summary}"
    );
    let after = std::fs::read_to_string(&file).unwrap();
    let plain = gameshelf(&[&range[..], &["--budget", "20000"]].concat());
    let plain = rows(&String::from_utf8(plain.stdout).unwrap());
    for ((was, now), fresh) in rows(&before).iter().zip(rows(&after)).zip(&plain) {
        let expected = if was.contains("\tundecided\t") {
            fresh
        } else {
            was
        };
        assert_eq!(&now, expected);
    }
    assert!(
        after.starts_with("# oubliette-solitaire deals 1..=6, budget 1000 nodes per deal\n"),
        "{after}"
    );
    assert!(after.contains(&format!(
        "# the {undecided} undecided deals solved again with a budget of 20000 nodes per deal\n"
    )));
    assert!(after.contains("\n4\tundecided\t20000\t0\n"), "{after}");
    for refused in [
        &["--budget", "20000"][..],
        &["--budget", "30000", "--jokers", "3"][..],
    ] {
        let args = [&["solitaire", "deals", "--retry", &file][..], refused].concat();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gameshelf"))
            .args(&args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), after);
    // A file that is no verdict file is an error, not a panic.
    let bad = save("not-verdicts.tsv");
    std::fs::write(&bad, "# oubliette-solitaire deals\n1\tmaybe\t5\t0\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gameshelf"))
        .args(["solitaire", "deals", "--retry", &bad, "--budget", "5000"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("line 2: verdict \"maybe\""), "{err}");
}
