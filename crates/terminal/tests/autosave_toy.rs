//! Saving after every action and resuming, in line mode on the toy race: the file always
//! holds the record so far, a bad save path is refused before the first move, a failed
//! write stops the match, and a resumed match goes on from the saved record.

use std::cell::Cell;
use std::fs;
use std::path::{Path, PathBuf};

use gameshelf_conformance::toy::{Race, RaceRules, RaceState, Step};
use gameshelf_engine::Presenter;
use gameshelf_engine::{Game, RandomBot, Record, Seat};
use gameshelf_terminal::{Mode, PlayOptions, Player, TerminalError, line};

fn race() -> Race {
    Race::new(RaceRules {
        roll: &[(0, 2), (3, 1)],
        turn_limit: 50,
        ..RaceRules::default()
    })
}

/// The race's text; it can also pull the save folder away after a number of moves, to make
/// the next write fail.
#[derive(Default)]
struct RaceText {
    remove_after: Option<(usize, PathBuf)>,
    moves: Cell<usize>,
}

impl Presenter<Race> for RaceText {
    fn observation_text(&self, _: &Race, viewer: Option<Seat>, o: &RaceState) -> String {
        let seat = viewer.unwrap_or(0);
        format!(
            "on square {} (other runner on {})",
            o.at[seat],
            o.at[1 - seat]
        )
    }

    fn describe_move(
        &self,
        game: &Race,
        before: &RaceState,
        action: Step,
        _: Option<Seat>,
    ) -> String {
        self.moves.set(self.moves.get() + 1);
        if let Some((after, dir)) = &self.remove_after {
            if self.moves.get() > *after {
                let _ = fs::remove_dir_all(dir);
            }
        }
        game.describe_action(before, action)
    }
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("gameshelf-autosave-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn options(save: &Path) -> PlayOptions {
    PlayOptions {
        seed: 5,
        mode: Mode::Line,
        names: vec!["Ann".to_owned(), "random".to_owned()],
        save: Some(save.to_owned()),
        ..PlayOptions::default()
    }
}

fn players() -> Vec<Player<Race>> {
    vec![Player::Human, Player::Bot(Box::new(RandomBot::default()))]
}

fn play(
    text: &RaceText,
    options: &PlayOptions,
    input: &str,
) -> (Result<Record<Step>, TerminalError>, String) {
    let mut out = Vec::new();
    let result = line::play(
        &race(),
        text,
        players(),
        options,
        input.as_bytes(),
        &mut out,
    );
    (result, String::from_utf8(out).unwrap())
}

fn saved(path: &Path) -> Record<Step> {
    Record::from_json(&fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_file_holds_the_record_so_far_when_the_human_leaves() {
    let dir = scratch("leave");
    let path = dir.join("game.json");
    let (record, _) = play(&RaceText::default(), &options(&path), "1\n2\n");
    let record = record.unwrap();
    assert!(!record.actions.is_empty());
    assert_eq!(saved(&path), record);
    assert_eq!(record.players, ["human", "random"]);
    assert_eq!(record.seed, Some(5));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_save_path_in_a_missing_folder_is_refused_before_the_first_move() {
    let dir = scratch("missing");
    let (result, out) = play(
        &RaceText::default(),
        &options(&dir.join("no/such/x.json")),
        "1\n",
    );
    assert!(
        matches!(result, Err(TerminalError::SavePath(_))),
        "{result:?}"
    );
    assert!(out.is_empty(), "nothing is played: {out}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_write_stops_the_match_and_keeps_the_record() {
    let dir = scratch("fail");
    let path = dir.join("game.json");
    let text = RaceText {
        remove_after: Some((2, dir.clone())),
        ..RaceText::default()
    };
    let (result, _) = play(&text, &options(&path), &"1\n".repeat(40));
    match result {
        Err(TerminalError::SaveFailed {
            actions,
            record_json,
            ..
        }) => {
            assert_eq!(actions, 3, "the move whose write failed is the last");
            let record = Record::<Step>::from_json(&record_json).unwrap();
            assert_eq!(record.actions.len(), 3);
        }
        other => panic!("expected a failed save, got {other:?}"),
    }
}

#[test]
fn a_resumed_match_goes_on_from_the_saved_record() {
    let dir = scratch("resume");
    let path = dir.join("game.json");
    let (first, _) = play(&RaceText::default(), &options(&path), "1\n1\n");
    let first = first.unwrap();
    let resume = PlayOptions {
        resume: Some(fs::read_to_string(&path).unwrap()),
        ..options(&path)
    };
    let (whole, out) = play(&RaceText::default(), &resume, &"1\n".repeat(40));
    let whole = whole.unwrap();
    assert!(
        out.contains(&format!(
            "resuming the saved game after {} actions",
            first.actions.len()
        )),
        "{out}"
    );
    assert_eq!(whole.actions[..first.actions.len()], first.actions[..]);
    assert!(race().is_terminal(&whole.replay(&race()).unwrap()));
    assert_eq!(saved(&path), whole);
    // The same resumption with the same answers plays the same game.
    fs::write(&path, first.to_json()).unwrap();
    let (again, _) = play(&RaceText::default(), &resume, &"1\n".repeat(40));
    assert_eq!(again.unwrap(), whole);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_that_does_not_replay_is_not_resumed() {
    let dir = scratch("bad");
    let path = dir.join("game.json");
    let resume = PlayOptions {
        resume: Some(
            r#"{"format":"gameshelf-record","version":1,"game":"race","actions":[{"Walk":9}]}"#
                .to_owned(),
        ),
        ..options(&path)
    };
    let (result, _) = play(&RaceText::default(), &resume, "");
    assert!(
        matches!(result, Err(TerminalError::Resume(_))),
        "{result:?}"
    );
    fs::remove_dir_all(&dir).unwrap();
}
