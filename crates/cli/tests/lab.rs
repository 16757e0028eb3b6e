//! The designers' commands end to end: `sim --shard` and `compare --shard` merged by
//! `gameshelf merge` into exactly the single run, and `compare` of a game with itself.

mod common;

use std::path::PathBuf;
use std::process::Command;

/// What a successful `gameshelf args` writes on standard output.
fn gameshelf(args: &[&str]) -> String {
    String::from_utf8(common::succeeded(args).stdout).expect("UTF-8 output")
}

/// The JSON output without wall-clock figures.
fn figures(text: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(text).expect("JSON output");
    let map = v.as_object_mut().expect("an object");
    map.remove("seconds");
    map.remove("games_per_second");
    v
}

/// Runs `args` with `--shard i/3` for each shard, writes the parts to files and merges them.
fn merged(name: &str, args: &[&str]) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for i in (0..3).rev() {
        let shard = format!("{i}/3");
        let mut a = args.to_vec();
        a.extend(["--shard", &shard]);
        let file = dir.join(format!("part-{i}.json"));
        std::fs::write(&file, gameshelf(&a)).unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    let mut a = vec!["merge", "--json"];
    a.extend(files.iter().map(String::as_str));
    gameshelf(&a)
}

#[test]
fn sim_shards_of_every_game_merge_into_exactly_the_single_run() {
    for game in [
        "open-oubliette(players=3)",
        "oubliette-solitaire",
        "osbo",
        "osbo(players=4)",
    ] {
        let args = [
            "sim", game, "--games", "700", "--seed", "5", "--bots", "random", "--quiet",
        ];
        let mut single = args.to_vec();
        single.push("--json");
        let whole = figures(&gameshelf(&single));
        let parts = figures(&merged(&format!("sim-{}", &game[..4]), &args));
        assert_eq!(
            serde_json::to_string(&parts).unwrap(),
            serde_json::to_string(&whole).unwrap(),
            "{game}"
        );
        // The lead figures, and Osbo's kingmaking, are among what merges exactly; the
        // solitaire has nobody to lead.
        if game == "oubliette-solitaire" {
            assert!(whole.get("lead").is_none(), "{whole}");
        } else {
            assert_eq!(whole["lead"]["games"], 700, "{game}");
            assert!(
                whole["lead"]["lead_changes"].as_f64().unwrap() > 0.0,
                "{game}"
            );
        }
        if game == "osbo(players=4)" {
            let k = &whole["tally"]["kingmaking"];
            assert!(k["placements"].as_u64().unwrap() > 0, "{k}");
        }
    }
}

#[test]
fn compare_shards_merge_into_exactly_the_single_run() {
    let args = [
        "compare",
        "open-oubliette(edition=blog)",
        "open-oubliette(edition=readme)",
        "--players",
        "3",
        "--games",
        "500",
        "--quiet",
    ];
    let mut single = args.to_vec();
    single.push("--json");
    let whole = figures(&gameshelf(&single));
    let parts = figures(&merged("compare", &args));
    assert_eq!(
        serde_json::to_string(&parts).unwrap(),
        serde_json::to_string(&whole).unwrap()
    );
    assert_eq!(whole["games"], 500);
}

#[test]
fn a_game_compared_with_itself_differs_nowhere() {
    let text = gameshelf(&["compare", "osbo", "--games", "300", "--quiet"]);
    assert!(text.contains("no figure differs"), "{text}");
    assert!(!text.contains("DIFFERS"), "{text}");
    // Two bot line-ups of one game: replacing seat 1's bot changes both seats' win rates,
    // by opposite amounts.
    let v: serde_json::Value = serde_json::from_str(&gameshelf(&[
        "compare",
        "osbo",
        "--bots-a",
        "heuristic,heuristic",
        "--bots-b",
        "random,heuristic",
        "--games",
        "400",
        "--json",
    ]))
    .unwrap();
    let seat1 = &v["figures"][0];
    assert_eq!(seat1["name"], "win rate, seat 1");
    assert_eq!(seat1["verdict"], "differs", "{seat1}");
    let seat2 = &v["figures"][1];
    assert_eq!(seat2["verdict"], "differs", "{seat2}");
    let sum = seat1["diff"].as_f64().unwrap() + seat2["diff"].as_f64().unwrap();
    assert!(sum.abs() < 1e-6, "{seat1} {seat2}");
}

#[test]
fn merge_refuses_parts_of_different_runs() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mismatch");
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for (i, seed) in [(0, "1"), (1, "2")] {
        let shard = format!("{i}/2");
        let text = gameshelf(&[
            "sim", "osbo", "--games", "300", "--bots", "random", "--seed", seed, "--shard", &shard,
        ]);
        let file = dir.join(format!("part-{i}.json"));
        std::fs::write(&file, text).unwrap();
        files.push(file);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_gameshelf"))
        .arg("merge")
        .args(&files)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the seed is 1 in one and 2 in another"),
        "{err}"
    );
}

#[test]
fn sweep_writes_every_variant_with_intervals_as_a_table_and_csv() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sweep");
    let text = gameshelf(&[
        "sweep",
        "osbo",
        "--param",
        "size=3..4",
        "--param",
        "window=strict,loose",
        "--param",
        "players=2",
        "--games",
        "100",
        "--quiet",
        "--csv",
        dir.to_str().unwrap(),
    ]);
    assert!(text.contains("sweep of size x window"), "{text}");
    assert!(text.contains("size=4 window=loose"), "{text}");
    let csv = std::fs::read_to_string(dir.join("sweep.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("size,window,figure,value,low,high,games")
    );
    let rows: Vec<&str> = lines.collect();
    assert!(
        rows.iter()
            .any(|r| r.starts_with("3,strict,\"win rate, seat 1\","))
    );
    assert!(
        rows.iter()
            .any(|r| r.starts_with("4,loose,turns per game,"))
    );
    let err = Command::new(env!("CARGO_BIN_EXE_gameshelf"))
        .args(["sweep", "osbo", "--param", "size=3..40"])
        .output()
        .unwrap();
    assert!(!err.status.success());
    assert!(String::from_utf8_lossy(&err.stderr).contains("size"));
}

/// `sim --csv` writes the report's tables, and their figures are those of `--json` for
/// the same seed.
#[test]
fn sim_writes_its_tables_as_csv_with_the_figures_of_its_json() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sim-csv");
    let args = [
        "sim",
        "open-oubliette",
        "--games",
        "300",
        "--seed",
        "4",
        "--quiet",
    ];
    let mut with_csv = args.to_vec();
    with_csv.extend(["--csv", dir.to_str().unwrap()]);
    gameshelf(&with_csv);
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v: serde_json::Value = serde_json::from_str(&gameshelf(&with_json)).unwrap();
    let figures = std::fs::read_to_string(dir.join("figures.csv")).unwrap();
    let mut lines = figures.lines();
    assert_eq!(lines.next(), Some("figure,value,low,high,games"));
    let seat1 = lines
        .find_map(|l| l.strip_prefix("\"win rate, seat 1\","))
        .expect("a win rate for seat 1");
    let cells: Vec<&str> = seat1.split(',').collect();
    // serde_json reads floats to within a unit in the last place.
    let csv = cells[0].parse::<f64>().unwrap();
    let json = v["wins_by_seat"][0].as_f64().unwrap();
    assert!(
        (csv - json).abs() < 1e-12,
        "{csv} in the CSV, {json} in the JSON"
    );
    assert_eq!(cells[3], "300");
    let turns = std::fs::read_to_string(dir.join("turns.csv")).unwrap();
    let counted: u64 = turns
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(
        counted, 300,
        "every game in one bucket of the length histogram"
    );
    let returns = std::fs::read_to_string(dir.join("returns.csv")).unwrap();
    assert_eq!(
        returns.lines().count(),
        1 + v["returns"].as_array().unwrap().len()
    );
}

/// What `gameshelf args` writes on a terminal (`script`, of util-linux, gives it one),
/// standard error included.
fn on_a_terminal(args: &str) -> String {
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_gameshelf"));
    let out = Command::new("script")
        .args(["-qefc", &command, "/dev/null"])
        .output()
        .expect("script (util-linux) runs the command on a terminal");
    assert!(out.status.success(), "{args}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// On a terminal, a sweep shows one bar over all its variants' games with the time left
/// for the whole run.
#[test]
fn a_sweep_counts_down_the_games_of_all_its_variants() {
    let screen = on_a_terminal("sweep osbo --param size=3..4 --games 2000 --threads 1");
    assert!(screen.contains("/4,000 games in all"), "{screen}");
    assert!(screen.contains("left"), "{screen}");
    assert!(screen.contains("variant 2 of 2: osbo(size=4)"), "{screen}");
}

/// A benchmark, timed for a fixed while, fills its bar with the time, the time left shown.
#[test]
fn a_benchmark_shows_the_time_it_has_left() {
    let screen = on_a_terminal("bench osbo --seconds 1.5");
    assert!(screen.contains("/1,500 ms timed"), "{screen}");
    assert!(screen.contains("left"), "{screen}");
    assert!(screen.contains("games per second"), "{screen}");
}

#[test]
fn balance_finds_the_even_variant_and_reports_its_games() {
    let v: serde_json::Value = serde_json::from_str(&gameshelf(&[
        "balance",
        "open-oubliette",
        "--players",
        "3",
        "--param",
        "later_gold=0,3000",
        "--games",
        "400",
        "--max-games",
        "800",
        "--json",
    ]))
    .unwrap();
    let c = v["candidates"].as_array().unwrap();
    assert_eq!(c.len(), 2);
    // Starting later players with half the winning gold is far from even.
    assert_eq!(c[0]["values"][0], "0", "{v}");
    assert_eq!(
        (c[0]["games"].as_u64(), c[0]["rounds"].as_u64()),
        (Some(800), Some(2))
    );
    assert_eq!(c[1]["games"], 400);
    assert_eq!(v["total_games"], 1600);
    let e = Command::new(env!("CARGO_BIN_EXE_gameshelf"))
        .args(["balance", "osbo"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&e.stderr).contains("--param"));
}

#[test]
fn bench_vs_sim_prints_both_speeds_and_their_ratio() {
    let v: serde_json::Value = serde_json::from_str(&gameshelf(&[
        "bench",
        "oubliette-solitaire",
        "--vs-sim",
        "--seconds",
        "0.2",
        "--json",
    ]))
    .unwrap();
    let speed = |k: &str| v[k]["games_per_second"].as_f64().unwrap();
    assert!(speed("playouts") > 0.0 && speed("sim") > 0.0);
    let ratio = v["ratio"].as_f64().unwrap();
    assert!((ratio - speed("sim") / speed("playouts")).abs() < 1e-9);
    // Random bots draw as playouts do: the same games, so the same length on average
    // over the games both played.
    assert!(v["sim"]["actions_per_game"].as_f64().unwrap() > 0.0);
    let text = gameshelf(&["bench", "osbo", "--vs-sim", "--seconds", "0.1"]);
    assert!(text.contains("ratio sim / playouts"), "{text}");
}
