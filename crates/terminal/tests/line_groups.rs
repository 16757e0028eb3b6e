//! Long lists folded in line mode (`Presenter::choice_group`): the main choices are listed
//! first, each group as one line; a group's number lists its choices, numbered from 1, and
//! `b` goes back.

mod strider;

use gameshelf_conformance::toy::{FoldedWalks, Step};
use gameshelf_engine::Record;
use strider::strider;

fn run(input: &str) -> (Record<Step>, String) {
    strider::run(&FoldedWalks, input)
}

#[test]
fn main_choices_come_first_and_a_group_is_one_line() {
    let (record, out) = run("1\n");
    assert_eq!(record.actions[0], Step::Gamble);
    assert!(
        out.contains("  1) gamble\n  2) walk: 2 choices\nchoose 1-2 (h for help, q to quit): "),
        "{out}"
    );
}

#[test]
fn a_group_opens_by_its_number_and_b_goes_back() {
    let (record, out) = run("2\nb\n2\n2\n");
    assert_eq!(record.actions[0], Step::Walk(2));
    let group = "walk:\n  1) walk one square [$: another sum for this move]\n  2) walk 2 squares\n\
                 choose 1-2 (b to go back, h for help, q to quit): ";
    assert_eq!(out.matches(group).count(), 2, "{out}");
    // Back in the main list after `b`.
    assert!(
        out.contains(&format!("{group}  1) gamble\n  2) walk: 2 choices\n")),
        "{out}"
    );
}

#[test]
fn a_sum_names_a_choice_in_the_list_shown_not_a_group() {
    let (record, out) = run("2 4\n2\n1 4\n");
    assert!(
        out.contains("walk is a group of choices: type 2 alone to list them"),
        "{out}"
    );
    assert_eq!(record.actions[0], Step::Walk(4));
    record.replay(&strider()).unwrap();
}

#[test]
fn b_outside_a_group_is_not_a_choice() {
    let (record, out) = run("b\n1\n");
    assert!(out.contains("\"b\" is not a choice"), "{out}");
    assert_eq!(record.actions[0], Step::Gamble);
}
