//! Sums named in line mode (`Game::amount`), on a race whose walks may be any length up to
//! a stride: `N SUM` plays choice N at that sum, the rules judge it, and the record keeps it.

mod strider;

use gameshelf_conformance::toy::{Race, RaceState, Step};
use gameshelf_engine::{Presenter, Record, Seat};
use strider::strider;

struct Words;

impl Presenter<Race> for Words {
    fn observation_text(&self, _: &Race, _: Option<Seat>, o: &RaceState) -> String {
        format!("you are on square {}", o.at[0])
    }
    fn amount_prompt(&self, _: &Race, _: &RaceState, _: Step) -> String {
        "how many squares to walk".to_owned()
    }
}

fn run(input: &str) -> (Record<Step>, String) {
    strider::run(&Words, input)
}

#[test]
fn a_choice_is_played_at_the_sum_typed_after_its_number() {
    let (record, out) = run("1 4\n2 $3\n");
    assert_eq!(record.actions[..2], [Step::Walk(4), Step::Walk(3)]);
    // The first choice of the kind says that a sum may be named, and how.
    assert!(
        out.contains("1) walk one square [$: how many squares to walk]"),
        "{out}"
    );
    assert!(
        !out.contains("2) walk 2 squares [$"),
        "once per kind: {out}"
    );
    assert!(out.contains("walk 4 squares"), "{out}");
    record.replay(&strider()).unwrap();
}

#[test]
fn a_sum_the_rules_refuse_is_named_and_asked_again() {
    let (record, out) = run("1 5\n3 2\n1 2\n");
    assert!(
        out.contains("walk 5 squares is refused: it is not one of player 1's legal actions here"),
        "{out}"
    );
    assert!(
        out.contains("gamble is refused: it names no sum of money"),
        "{out}"
    );
    assert_eq!(record.actions[0], Step::Walk(2));
}
