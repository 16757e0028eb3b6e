//! Free texts in line mode (`Game::writes_text`), on a boasting race: every walk and gamble
//! comes with a boast. The typed text goes into the record and the log; a bot's is empty;
//! undo takes texts back with their moves.

use gameshelf_conformance::toy::{Race, RaceRules, RaceState, Step};
use gameshelf_engine::Presenter;
use gameshelf_engine::{Game, RandomBot, Record, Seat};
use gameshelf_terminal::{MAX_TEXT_CHARS, Mode, PlayOptions, Player, line};

/// One climber to step 10 by steps of one or two, or a draw (a gamble); every step and
/// draw comes with a boast.
fn climb() -> Race {
    Race::climb().boasting()
}

struct ClimbText;

impl Presenter<Race> for ClimbText {
    fn observation_text(&self, _: &Race, _: Option<Seat>, o: &RaceState) -> String {
        format!("you are on step {}", o.at[0])
    }
    fn text_prompt(&self, _: &Race, action: Step) -> String {
        format!("your boast for {action}")
    }
}

/// Plays `game` with `players` and `input`.
fn run(game: &Race, players: Vec<Player<Race>>, input: &str) -> (Record<Step>, String) {
    let names = (0..players.len()).map(|s| format!("p{s}")).collect();
    let options = PlayOptions {
        seed: 9,
        mode: Mode::Line,
        names,
        step: false,
        ..PlayOptions::default()
    };
    let mut out = Vec::new();
    let record = line::play(
        game,
        &ClimbText,
        players,
        &options,
        input.as_bytes(),
        &mut out,
    )
    .unwrap();
    (record, String::from_utf8(out).unwrap())
}

/// The number of actions in `record` that write a text.
fn writing_actions(game: &Race, record: &Record<Step>) -> usize {
    let mut n = 0;
    record
        .replay_with(game, |_, before, action, _| {
            n += usize::from(game.writes_text(before, action));
        })
        .unwrap();
    n
}

#[test]
fn a_typed_text_is_asked_for_recorded_and_logged() {
    let game = climb();
    let (record, out) = run(&game, vec![Player::Human], "2\n  I skip a step  \n");
    assert_eq!(record.actions, [Step::Walk(2)]);
    assert_eq!(record.texts, ["I skip a step"]);
    assert!(
        out.contains(
            "choose 1-3 (h for help, q to quit): your boast for walk 2 squares (one line): "
        ),
        "{out}"
    );
    assert!(
        out.contains("player 1 p0 (human): walk 2 squares — \"I skip a step\"\n"),
        "{out}"
    );
    // Texts are informational: the record replays, and they leave the JSON intact.
    let back = Record::<Step>::from_json(&record.to_json()).unwrap();
    assert_eq!(back, record);
    back.replay(&game).unwrap();
}

#[test]
fn an_empty_line_or_end_of_input_is_an_empty_text() {
    let game = climb();
    let (record, out) = run(&game, vec![Player::Human], "1\n\n3\n");
    // Walk with an empty line, gamble at end of input, the card, then end of input quits.
    assert_eq!(record.actions[..2], [Step::Walk(1), Step::Gamble]);
    assert_eq!(record.texts, ["", ""]);
    assert!(
        out.contains("player 1 p0 (human): walk one square — (no text)\n"),
        "{out}"
    );
    assert!(out.contains("left the game after "), "{out}");
    assert_eq!(writing_actions(&game, &record), record.texts.len());
}

#[test]
fn texts_are_one_printable_line_of_limited_length() {
    let game = climb();
    let long = "ab\u{1b}[2J".repeat(MAX_TEXT_CHARS);
    let (record, out) = run(&game, vec![Player::Human], &format!("1\n{long}\n"));
    assert_eq!(record.texts.len(), 1);
    let text = &record.texts[0];
    assert_eq!(text.chars().count(), MAX_TEXT_CHARS);
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert!(
        text.starts_with("ab\\u{1b}[2Jab"),
        "shown escaped: {text:?}"
    );
    assert!(
        !out.contains('\u{1b}'),
        "no escape sequence reaches the output"
    );
}

#[test]
fn undo_takes_texts_back_with_their_moves() {
    let game = climb();
    let (record, out) = run(
        &game,
        vec![Player::Human],
        "1\nfirst\n2\nsecond\nu\n2\nthird\n",
    );
    assert!(
        out.contains("undone: your previous decision (1 actions)"),
        "{out}"
    );
    assert!(
        out.contains("— \"second\""),
        "the undone move was logged: {out}"
    );
    assert_eq!(record.actions, [Step::Walk(1), Step::Walk(2)]);
    assert_eq!(record.texts, ["first", "third"]);

    let (record, _) = run(&game, vec![Player::Human], "1\nfirst\n2\nsecond\nu\nu\n");
    assert!(record.actions.is_empty());
    assert!(record.texts.is_empty());
}

#[test]
fn a_bot_writes_an_empty_text_shown_as_none() {
    let game = Race::new(RaceRules {
        roll: &[(0, 2), (3, 1)],
        turn_limit: 50,
        ..RaceRules::default()
    })
    .boasting();
    let players = vec![Player::Human, Player::Bot(Box::new(RandomBot::default()))];
    let (record, out) = run(&game, players, &"1\nonward\n".repeat(50));
    assert!(game.is_terminal(&record.replay(&game).unwrap()), "{out}");
    assert_eq!(writing_actions(&game, &record), record.texts.len());
    let mine = record.texts.iter().filter(|t| *t == "onward").count();
    let bots = record.texts.iter().filter(|t| t.is_empty()).count();
    assert!(mine > 0 && bots > 0, "{:?}", record.texts);
    assert_eq!(mine + bots, record.texts.len());
    assert!(out.contains("player 2 p1 (random): "), "{out}");
    assert!(out.contains(" — (no text)\n"), "{out}");
    assert!(out.contains(" — \"onward\"\n"), "{out}");
}
