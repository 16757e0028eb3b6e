//! A bounded fuzz test of everything gameshelf reads from outside.
//!
//! Valid inputs of every kind (records of the four games, Osbo designs, Open Oubliette deck
//! files, Laissez-faire board files and game strings) are mutated, byte by byte and value
//! by value (a number swapped for 255, -1 or 2^64, an action dropped or repeated), and fed
//! to what reads them, and then to what uses what was read: a record is replayed and each
//! of its actions described, as `gameshelf replay --step` does, and resumed in line mode;
//! a deck or board is played out by random players, every move described; a design is
//! scored and drawn; a game string is built and played a little. Every input must end in
//! a clean error or in working use, never in a panic (tests run with overflow checks).
//!
//! The test is bounded by iteration counts, not time, and seeded: it checks the same
//! inputs on every run. The inputs that once failed are kept in `tests/corpus/`, named
//! after what they pin, and checked on every run too; the records among them also go
//! through the real `gameshelf replay --step`, which must refuse them with exit status 2.

use std::fs;
use std::io;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use gameshelf_engine::Presenter;
use gameshelf_engine::{
    Actor, Game, GameSpec, Outcomes, RandomBot, Record, Rng, escape_lines, play, read_header,
};
use gameshelf_laissez_faire::present::LaissezFairePresenter;
use gameshelf_laissez_faire::{Board, LaissezFaire};
use gameshelf_open_oubliette::OpenOubliette;
use gameshelf_open_oubliette::decks::Decks;
use gameshelf_open_oubliette::present::OubliettePresenter;
use gameshelf_osbo::Osbo;
use gameshelf_osbo::design::{Design, max_score_design};
use gameshelf_osbo::present::OsboPresenter;
use gameshelf_osbo::render::Drawing;
use gameshelf_oubliette_solitaire::OublietteSolitaire;
use gameshelf_oubliette_solitaire::present::SolitairePresenter;
use gameshelf_terminal::{Mode, PlayOptions, Player, line, with_text};

/// The seed of every mutation.
const SEED: u64 = 0x5eed_f022;

/// Mutated inputs per kind of input (per game for records, per file for decks).
const RUNS: u64 = 2000;

/// The default board file.
const BOARD: &str = include_str!("../../laissez-faire/data/board.toml");

/// Values that break assumptions: bounds of integer types, signs, floats, JSON and TOML
/// punctuation, control characters.
const TOKENS: &[&str] = &[
    "255",
    "256",
    "-1",
    "0",
    "65535",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "99999999999999999999",
    "1e999",
    "-0",
    "null",
    "true",
    "\"\"",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "=",
    "(",
    ")",
    "\u{1b}[2J",
    "\\u001b]0;x\\u0007",
    "\u{202e}",
    "\n",
    "#",
    "é",
];

/// Numbers to put in place of numbers.
const NUMBERS: &[&str] = &[
    "255",
    "256",
    "-1",
    "0",
    "9",
    "65",
    "65535",
    "4294967295",
    "18446744073709551615",
    "1e3",
];

/// `text` with one to four random mutations.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let len = b.len();
        let at = rng.below(len as u64 + 1) as usize;
        let pick =
            |rng: &mut Rng, list: &[&'static str]| list[rng.below(list.len() as u64) as usize];
        match rng.below(7) {
            0 if len > 0 => b[at.min(len - 1)] = rng.below(256) as u8,
            1 => {
                let end = (at + 1 + rng.below(24) as usize).min(len);
                b.drain(at..end.max(at));
            }
            2 => {
                let token = pick(rng, TOKENS);
                b.splice(at..at, token.bytes());
            }
            3 | 4 => {
                // The next number from `at` on becomes another.
                let Some(start) = b[at..].iter().position(u8::is_ascii_digit).map(|i| at + i)
                else {
                    continue;
                };
                let end = b[start..]
                    .iter()
                    .position(|c| !c.is_ascii_digit())
                    .map_or(len, |i| start + i);
                let number = pick(rng, NUMBERS);
                b.splice(start..end, number.bytes());
            }
            5 if len > 0 => {
                let from = rng.below(len as u64) as usize;
                let span = b[from..(from + 1 + rng.below(40) as usize).min(len)].to_vec();
                b.splice(at..at, span);
            }
            _ => b.truncate(at.max(len * 3 / 4)),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// A record with one action dropped, repeated, swapped with another, or with a number in
/// it replaced: well-formed JSON that plays another game.
fn mutate_actions(rng: &mut Rng, text: &str) -> String {
    let mut value: serde_json::Value = serde_json::from_str(text).unwrap();
    let Some(actions) = value["actions"].as_array_mut() else {
        return text.to_owned();
    };
    let n = actions.len();
    if n == 0 {
        return text.to_owned();
    }
    let i = rng.below(n as u64) as usize;
    let j = rng.below(n as u64) as usize;
    match rng.below(4) {
        0 => {
            actions.remove(i);
        }
        1 => {
            let a = actions[i].clone();
            actions.insert(j, a);
        }
        2 => actions.swap(i, j),
        _ => {
            let a = serde_json::to_string(&actions[i]).unwrap();
            let changed = mutate(rng, &a);
            if let Ok(v) = serde_json::from_str(&changed) {
                actions[i] = v;
            }
        }
    }
    value.to_string()
}

/// Runs `use_input` on `input`; a panic fails the test with the input shown.
fn check(what: &str, input: &str, use_input: impl FnOnce(&str)) {
    if catch_unwind(AssertUnwindSafe(|| use_input(input))).is_err() {
        panic!(
            "{what} panicked on this input (add it to tests/corpus/):\n{}",
            escape_lines(input)
        );
    }
}

/// Random players (chance by its odds) until the end, every move described, as the front
/// ends do; the game must end within its declared length.
fn play_out<G: Game, P: Presenter<G>>(game: &G, presenter: &P, seed: u64, describe: bool) {
    let mut state = game.initial_state();
    let mut rng = Rng::for_stream(SEED, seed);
    let (mut legal, mut outcomes) = (Vec::new(), Outcomes::new());
    for _ in 0..=game.max_game_length() {
        let action = match game.actor(&state) {
            Actor::Terminal => return,
            Actor::Chance => game.sample_chance(&state, &mut rng, &mut outcomes),
            Actor::Player(seat) => {
                game.legal_actions(&state, &mut legal);
                if describe {
                    let _ =
                        presenter.observation_text(game, Some(seat), &game.observe(&state, seat));
                }
                legal[rng.below(legal.len() as u64) as usize]
            }
        };
        if describe {
            let _ = presenter.describe_move(game, &state, action, None);
        }
        game.apply_unchecked(&mut state, action);
    }
    panic!("{} did not end within max_game_length", game.spec());
}

/// What `gameshelf replay --step` and `gameshelf play --resume` do with a record.
fn use_record(text: &str) {
    let Ok(header) = read_header(text) else {
        return;
    };
    let Ok(spec) = header.game.parse::<GameSpec>() else {
        return;
    };
    match spec.id.as_str() {
        "open-oubliette" => {
            if let Ok(g) = OpenOubliette::from_spec(&spec) {
                replay(&g, &OubliettePresenter, text);
            }
        }
        "osbo" => {
            if let Ok(g) = Osbo::from_spec(&spec) {
                replay(&g, &OsboPresenter, text);
            }
        }
        "oubliette-solitaire" => {
            if let Ok(g) = OublietteSolitaire::from_spec(&spec) {
                replay(&g, &SolitairePresenter, text);
            }
        }
        "laissez-faire" => {
            if let Ok(g) = LaissezFaire::from_spec(&spec) {
                replay(&g, &LaissezFairePresenter, text);
            }
        }
        _ => {}
    }
}

fn replay<G: Game, P: Presenter<G>>(game: &G, presenter: &P, text: &str) {
    let Ok(record) = Record::<G::Action>::from_json(text) else {
        return;
    };
    let mut texts = record.texts.iter();
    let replayed = record.replay_with(game, |_, before, action, _| {
        let described = game.describe_action(before, action);
        let _ = presenter.describe_move(game, before, action, None);
        if game.writes_text(before, action) {
            let _ = with_text(&described, texts.next().map_or("", String::as_str));
        }
    });
    let n = game.num_players();
    let names: Vec<String> = (0..n).map(|i| format!("seat {i}")).collect();
    if let Ok(end) = replayed {
        let _ = (game.returns(&end), game.end_kind(&end), game.turns(&end));
        if game.is_terminal(&end) {
            let _ = presenter.result_text(game, &end, &names);
        }
    }
    let options = PlayOptions {
        mode: Mode::Line,
        names,
        resume: Some(text.to_owned()),
        ..PlayOptions::default()
    };
    let humans = (0..n).map(|_| Player::Human).collect();
    let _ = line::play(game, presenter, humans, &options, &b"q\n"[..], io::sink());
}

/// Records of short random games of every game, as `gameshelf play` writes them.
fn records() -> Vec<String> {
    fn record_of<G: Game>(game: &G, seed: u64) -> String {
        let mut bots: Vec<Box<dyn gameshelf_engine::Bot<G>>> = (0..game.num_players())
            .map(|_| Box::new(RandomBot::default()) as _)
            .collect();
        let mut record = Record::new(game);
        record.seats = vec!["random".to_owned(); game.num_players()];
        record.players = record.seats.clone();
        record.seed = Some(seed);
        let mut state = game.initial_state();
        play(
            game,
            &mut state,
            &mut bots,
            &mut Rng::for_stream(SEED, seed),
            |before, a| {
                if game.writes_text(before, a) {
                    record.texts.push("a clause".to_owned());
                }
                record.actions.push(a);
            },
        );
        record.to_json()
    }
    let spec = |s: &str| s.parse::<GameSpec>().unwrap();
    vec![
        record_of(
            &OpenOubliette::from_spec(&spec("open-oubliette(players=3)")).unwrap(),
            1,
        ),
        record_of(&Osbo::from_spec(&spec("osbo(players=2)")).unwrap(), 2),
        record_of(&OublietteSolitaire::default(), 3),
        record_of(
            &LaissezFaire::from_spec(&spec("laissez-faire(players=3,max_rounds=4)")).unwrap(),
            4,
        ),
    ]
}

fn use_design(text: &str) {
    if let Ok(design) = Design::parse(text) {
        let _ = design.analyse();
        let drawing = Drawing::new(&design);
        let _ = (drawing.to_svg(60.0), drawing.to_terminal(true));
    }
}

fn use_decks(files: &[String; 4]) {
    if let Ok(decks) = Decks::from_strs(&files[0], &files[1], &files[2], &files[3]) {
        let decks = Arc::new(decks);
        for (i, spec) in [
            "open-oubliette(players=2)",
            "open-oubliette(players=1,mode=jail)",
        ]
        .into_iter()
        .enumerate()
        {
            let cfg = gameshelf_open_oubliette::Config::from_spec(&spec.parse().unwrap()).unwrap();
            let game = OpenOubliette::with_decks(cfg, Arc::clone(&decks));
            play_out(&game, &OubliettePresenter, i as u64, true);
        }
    }
}

fn use_board(text: &str) {
    if let Ok(board) = Board::parse(text) {
        let spec = "laissez-faire(players=3,max_rounds=3)".parse().unwrap();
        let cfg = gameshelf_laissez_faire::Config::from_spec(&spec).unwrap();
        let game = LaissezFaire::with_board(cfg, Arc::new(board));
        play_out(&game, &LaissezFairePresenter, 0, true);
    }
}

fn use_game_string(text: &str) {
    let Ok(spec) = text.parse::<GameSpec>() else {
        return;
    };
    let _ = spec.to_string();
    // Configurations can be long (100 000 rounds): a start, not a whole game.
    fn start<G: Game>(game: &G) {
        let mut state = game.initial_state();
        let mut rng = Rng::for_stream(SEED, 9);
        let (mut legal, mut outcomes) = (Vec::new(), Outcomes::new());
        for _ in 0..200 {
            let action = match game.actor(&state) {
                Actor::Terminal => return,
                Actor::Chance => game.sample_chance(&state, &mut rng, &mut outcomes),
                Actor::Player(_) => {
                    game.legal_actions(&state, &mut legal);
                    legal[rng.below(legal.len() as u64) as usize]
                }
            };
            let _ = game.describe_action(&state, action);
            game.apply_unchecked(&mut state, action);
        }
    }
    match spec.id.as_str() {
        "open-oubliette" => OpenOubliette::from_spec(&spec).iter().for_each(start),
        "osbo" => Osbo::from_spec(&spec).iter().for_each(start),
        "oubliette-solitaire" => OublietteSolitaire::from_spec(&spec).iter().for_each(start),
        "laissez-faire" => LaissezFaire::from_spec(&spec).iter().for_each(start),
        _ => {}
    }
}

#[test]
fn mutated_records_replay_or_are_refused_cleanly() {
    let mut rng = Rng::for_stream(SEED, 1);
    for base in records() {
        check("a record", &base, use_record);
        for _ in 0..RUNS {
            let input = if rng.below(2) == 0 {
                mutate(&mut rng, &base)
            } else {
                mutate_actions(&mut rng, &base)
            };
            check("a record", &input, use_record);
        }
    }
}

#[test]
fn mutated_designs_decks_boards_and_game_strings_load_or_are_refused_cleanly() {
    let mut rng = Rng::for_stream(SEED, 2);
    let design = max_score_design(5).to_text();
    for _ in 0..RUNS {
        check("a design", &mutate(&mut rng, &design), use_design);
    }
    let standard = Decks::standard_files().map(|(_, text)| text.to_owned());
    for file in 0..4 {
        for _ in 0..RUNS / 3 {
            let mut files = standard.clone();
            files[file] = mutate(&mut rng, &files[file]);
            check(
                Decks::standard_files()[file].0,
                &files[file].clone(),
                |_| use_decks(&files),
            );
        }
    }
    for _ in 0..RUNS / 2 {
        check("a board file", &mutate(&mut rng, BOARD), use_board);
    }
    let strings = [
        "open-oubliette(players=3,edition=blog)",
        "oubliette-solitaire(jokers=3)",
        "osbo(players=4)",
        "laissez-faire(players=3,max_rounds=20,jail=oubliette)",
    ];
    for _ in 0..RUNS {
        let base = strings[rng.below(strings.len() as u64) as usize];
        check("a game string", &mutate(&mut rng, base), use_game_string);
    }
}

/// Every input that once failed: each must now be used or refused cleanly, and the
/// records among them are refused by the real `gameshelf replay --step` with exit status
/// 2 (not 101, a panic).
#[test]
fn the_corpus_of_inputs_that_once_failed_is_handled_cleanly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 5, "the corpus is in {}", dir.display());
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(&path).unwrap();
        match name.split('-').next() {
            Some("record") => {
                check(&name, &text, use_record);
                let out = Command::new(env!("CARGO_BIN_EXE_gameshelf"))
                    .args(["replay", "--step"])
                    .arg(&path)
                    .output()
                    .unwrap();
                let stderr = String::from_utf8_lossy(&out.stderr);
                assert!(
                    out.status.code() == Some(2) || out.status.success(),
                    "{name}: {stderr}"
                );
                assert!(!stderr.contains("panicked"), "{name}: {stderr}");
                let stdout = String::from_utf8_lossy(&out.stdout);
                assert!(
                    !stdout.contains(['\u{1b}', '\u{202e}']),
                    "{name}: raw escape in {stdout}"
                );
            }
            Some("board") => check(&name, &text, use_board),
            Some("design") => check(&name, &text, use_design),
            Some("spec") => check(&name, &text, use_game_string),
            Some("deck") => {
                let which = Decks::standard_files()
                    .iter()
                    .position(|(file, _)| name.ends_with(file))
                    .unwrap_or_else(|| panic!("{name}: name a deck file at the end"));
                let mut files = Decks::standard_files().map(|(_, t)| t.to_owned());
                files[which] = text.clone();
                check(&name, &text, |_| use_decks(&files));
            }
            _ => panic!("{name}: corpus files start with record-, board-, design-, spec- or deck-"),
        }
    }
}
