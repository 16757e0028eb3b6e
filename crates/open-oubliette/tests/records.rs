//! Records and edited card data: a record replays only against the data it was played with.

use std::fs;
use std::path::{Path, PathBuf};

use gameshelf_engine::{Bot, Game, GameSpec, RandomBot, Record, RecordError, Rng, play};
use gameshelf_open_oubliette::OpenOubliette;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data");

/// A copy of the data folder with `edit` applied to the monster file.
fn edited_copy(name: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gameshelf-records-{name}-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    for file in [
        "monsters.toml",
        "treasures.toml",
        "events.toml",
        "wounds.toml",
    ] {
        let text = fs::read_to_string(Path::new(DATA).join(file)).unwrap();
        let text = if file == "monsters.toml" {
            edit(&text)
        } else {
            text
        };
        fs::write(dir.join(file), text).unwrap();
    }
    dir
}

fn recorded_game(game: &OpenOubliette) -> Record<gameshelf_open_oubliette::Action> {
    let mut bots: Vec<Box<dyn Bot<OpenOubliette>>> = (0..game.num_players())
        .map(|_| Box::new(RandomBot::default()) as _)
        .collect();
    let mut record = Record::new(game);
    let mut state = game.initial_state();
    play(
        game,
        &mut state,
        &mut bots,
        &mut Rng::seed_from_u64(4),
        |_, a| record.actions.push(a),
    );
    record
}

#[test]
fn a_record_refuses_to_replay_against_edited_cards() {
    let spec: GameSpec = "open-oubliette(players=2)".parse().unwrap();
    let standard = OpenOubliette::from_spec(&spec).unwrap();
    let record = recorded_game(&standard);
    assert!(record.data.is_some());
    let record = Record::from_json(&record.to_json()).unwrap();
    assert!(record.replay(&standard).is_ok());

    let dir = edited_copy("power", |t| t.replacen("power = 7", "power = 8", 1));
    let edited = OpenOubliette::from_spec_and_dir(&spec, &dir).unwrap();
    let err = record.replay(&edited).unwrap_err();
    assert!(matches!(err, RecordError::WrongData { .. }), "{err}");
    assert!(err.to_string().contains("--data"), "{err}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn comments_and_layout_do_not_change_the_fingerprint() {
    let spec: GameSpec = "open-oubliette(players=2)".parse().unwrap();
    let standard = OpenOubliette::from_spec(&spec).unwrap();
    let dir = edited_copy("comment", |t| format!("# a designer's note\n\n{t}"));
    let same = OpenOubliette::from_spec_and_dir(&spec, &dir).unwrap();
    assert_eq!(same.data_fingerprint(), standard.data_fingerprint());
    assert!(recorded_game(&standard).replay(&same).is_ok());
    fs::remove_dir_all(dir).unwrap();
}
