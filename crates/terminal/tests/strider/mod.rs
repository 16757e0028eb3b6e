//! The race the line-mode tests play: one runner to square 9, walking one or two squares by
//! the list, up to four by name, in line mode with a given presenter.

use gameshelf_conformance::toy::{Race, RaceRules, Step};
use gameshelf_engine::{Presenter, Record};
use gameshelf_terminal::{Mode, PlayOptions, Player, line};

/// One runner to square 9, walking one or two squares by the list, up to four by name.
pub fn strider() -> Race {
    Race::new(RaceRules {
        players: 1,
        goal: 9,
        walk: 2,
        ..RaceRules::default()
    })
    .striding(4)
}

/// Plays the race in line mode with `presenter`, reading `input`: the record and the text
/// written.
pub fn run(presenter: &impl Presenter<Race>, input: &str) -> (Record<Step>, String) {
    let options = PlayOptions {
        seed: 3,
        mode: Mode::Line,
        names: vec!["p0".to_owned()],
        step: false,
        ..PlayOptions::default()
    };
    let mut out = Vec::new();
    let record = line::play(
        &strider(),
        presenter,
        vec![Player::Human],
        &options,
        input.as_bytes(),
        &mut out,
    )
    .unwrap();
    (record, String::from_utf8(out).unwrap())
}
