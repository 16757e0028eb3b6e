//! Frames of the full-screen view on ratatui's `TestBackend`.

use gameshelf_engine::{Actor, Game, GameSpec};
use gameshelf_laissez_faire::{Sum, Term};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;

use gameshelf_laissez_faire::present::turn_text;

use super::board::{Geometry, seat_color};
use super::*;
use crate::screen::{Choice, Scene, draw};

fn game(players: usize) -> LaissezFaire {
    let spec: GameSpec = format!("laissez-faire(players={players})").parse().unwrap();
    LaissezFaire::from_spec(&spec).unwrap()
}

const NAMES: [&str; 3] = ["Ann", "Bob", "Cy"];

fn names() -> Vec<String> {
    NAMES.iter().map(|&n| n.to_owned()).collect()
}

/// Three players after the first draw, with seat 2 owning Tram Lane (space 1) with an
/// apartment, seat 1 owning Tile Row (3) with two houses, seats 1 and 3 on Coastline Rail
/// (5) and seat 2 in jail on its first jail turn.
fn table() -> (LaissezFaire, State) {
    let game = game(3);
    let mut s = game.initial_state();
    game.apply(&mut s, Action::First(0)).unwrap();
    s.lots.0[1].owner = 1;
    s.lots.0[1].level = 3;
    s.lots.0[3].owner = 0;
    s.lots.0[3].level = 2;
    s.players[0].cash = 1234;
    s.players[0].pos = 5;
    s.players[2].pos = 5;
    let jail = game.board().jail;
    let p = &mut s.players[1];
    p.cash = 987;
    p.jailed = true;
    p.pos = jail;
    p.jail_turns = 1;
    p.jail_side = 2;
    (game, s)
}

/// The lines of `rect` in `buffer`.
fn text_in(buffer: &Buffer, rect: Rect) -> Vec<String> {
    (rect.y..rect.bottom())
        .map(|y| {
            (rect.x..rect.right())
                .map(|x| buffer[(x, y)].symbol())
                .collect()
        })
        .collect()
}

/// The lines of `space`'s cell, without trailing blanks.
fn cell_text(buffer: &Buffer, g: &Geometry, space: usize) -> Vec<String> {
    text_in(buffer, g.cell(space))
        .into_iter()
        .map(|l| l.trim_end().to_owned())
        .collect()
}

/// The text of `rect` as one flowing line: its lines trimmed and joined by spaces (so
/// wrapped text reads as it was written).
fn flowing(buffer: &Buffer, rect: Rect) -> String {
    let lines: Vec<String> = text_in(buffer, rect)
        .iter()
        .map(|l| l.trim().to_owned())
        .filter(|l| !l.is_empty())
        .collect();
    lines.join(" ")
}

/// The whole buffer as text, a line per row.
fn screen_text(buffer: &Buffer) -> String {
    text_in(buffer, buffer.area).join("\n")
}

/// Draws only the table in a `width` x `height` terminal.
fn draw_table_only(game: &LaissezFaire, s: &State, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            LaissezFairePresenter.draw_table(frame, frame.area(), game, &names(), 0, s);
        })
        .unwrap();
    terminal.backend().buffer().clone()
}

/// Draws a whole frame with `choices` choices (the first highlighted).
fn draw_screen(game: &LaissezFaire, s: &State, width: u16, height: u16, choices: usize) -> Buffer {
    let names = names();
    let scene = Scene {
        game,
        names: &names,
        viewer: 0,
        observation: s.clone(),
        title: "Ann to move".to_owned(),
        choices: (0..choices)
            .map(|i| Choice {
                text: format!("choice {i}"),
                odds: None,
            })
            .collect(),
        selected: 0,
        log: &["dice: 3+4".to_owned()],
        log_scroll: 0,
        keys: "keys here",
        help: None,
    };
    let table = crate::screen::Previewing {
        table: &LaissezFairePresenter,
        choice: Some(Action::Lodge(3)),
    };
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| draw(frame, &table, &scene)).unwrap();
    terminal.backend().buffer().clone()
}

#[test]
fn the_board_shows_owners_buildings_tokens_and_the_jailed() {
    let (game, s) = table();
    // The table's part of a 100x30 screen with a full choice list.
    let buffer = draw_table_only(&game, &s, 70, 16);
    let g = Geometry::fit(buffer.area);
    let cell = |space: usize| cell_text(&buffer, &g, space);

    // The bottom row, right to left from Start: 5 columns a space (4 of text), 3 lines.
    assert_eq!(cell(1), ["TraL", "2apt", ""], "seat 2's apartment");
    let owner = g.cell(1);
    assert_eq!(buffer[(owner.x, owner.y + 1)].fg, seat_color(1));
    assert_eq!(cell(3), ["TilR", "1 2h", ""], "seat 1's two houses");
    assert_eq!(cell(2), ["LisS", "", ""], "a blank space has no deed");
    assert_eq!(cell(6)[1], "$100", "an unbuilt bank deed shows its price");
    assert_eq!(cell(5), ["CoaR", "$200", "13"], "tokens of seats 1 and 3");
    // Corners.
    assert_eq!(cell(10), ["Jail", "J2", ""], "seat 2 in jail");
    assert_eq!(cell(0), ["Start", "", ""]);
    assert_eq!(cell(20), ["Rest Stop", "", ""]);
    assert_eq!(cell(30), ["Go To Jail", "", ""]);
    // The left and right columns: one line a space.
    assert_eq!(cell(11), ["MarkeL $140"]);
    assert_eq!(cell(39), ["BaysiT $400"]);

    let text = screen_text(&buffer);
    for expected in [
        "round 1, seat 1",
        "Ann (you) playing",
        "cash $1234, net worth $",
        "Bob in jail, turn 1, fee $",
        "cash $987",
        "1 deed",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}

#[test]
fn a_side_column_takes_the_panels_on_a_wide_table() {
    let (game, s) = table();
    let buffer = draw_table_only(&game, &s, 112, 40);
    let g = Geometry::fit(buffer.area);
    assert_eq!(g.area().width, 82);
    let side = text_in(
        &buffer,
        Rect {
            x: 83,
            width: 29,
            ..buffer.area
        },
    )
    .join("\n");
    assert!(side.contains("Ann (you)"), "{side}");
    assert!(side.contains("cash $987"), "{side}");
    // Tall rows: the name on two lines; two lines a space on the sides.
    assert_eq!(cell_text(&buffer, &g, 1), ["Tram", "Lane", "2 apt", ""]);
    assert_eq!(cell_text(&buffer, &g, 10), ["Jail", "", "J2", ""]);
    assert_eq!(cell_text(&buffer, &g, 11), ["Market Lane", "$140"]);
}

#[test]
fn many_players_get_one_line_each_in_the_middle() {
    let game = game(8);
    let mut s = game.initial_state();
    game.apply(&mut s, Action::First(0)).unwrap();
    s.players[4].cash = 4321;
    let buffer = draw_table_only(&game, &s, 70, 16);
    let text = screen_text(&buffer);
    assert!(text.contains("seat 5 $4321 nw $4321 0 deeds"), "{text}");
    assert!(text.contains("seat 8 $"), "{text}");
}

#[test]
fn a_whole_screen_shows_table_choices_and_log_with_the_choice_marked() {
    let (game, s) = table();
    let buffer = draw_screen(&game, &s, 100, 30, 12);
    let text = screen_text(&buffer);
    for expected in [
        "Ann to move",
        "Jail",
        "J2",
        "cash $1234",
        "> 1) choice 0",
        "dice: 3+4",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    // The table is the screen's left 70 columns under the title line; Lodge(3) marks Tile Row.
    let g = Geometry::fit(Rect::new(0, 1, 70, 16));
    let marked = |space: usize| {
        let r = g.text_cell(space);
        buffer[(r.x, r.y)].modifier.contains(Modifier::REVERSED)
    };
    assert!(marked(3));
    assert!(!marked(1) && !marked(4));
}

#[test]
fn previews_mark_the_spaces_a_choice_is_about() {
    let (game, mut s) = table();
    let spaces = |s: &State, a| view::choice_spaces(&game, s, a);
    assert_eq!(spaces(&s, Action::Build(3)), [3]);
    assert_eq!(spaces(&s, Action::Lodge(8)), [8]);
    // A lodger's opening bid marks the room (or transit company) bid for, as asking does.
    assert_eq!(spaces(&s, Action::Tender(8, 20)), [8]);
    assert_eq!(
        spaces(&s, Action::Tender(5, 20)),
        spaces(&s, Action::Ask(5))
    );
    assert_eq!(spaces(&s, Action::Buy), [5], "seat 1 stands on 5");
    assert_eq!(spaces(&s, Action::PayFee), [game.board().jail]);
    assert_eq!(spaces(&s, Action::City(0)), [1, 3], "Lisbon's streets");
    assert_eq!(
        spaces(&s, Action::Propose(1, Term::Borrow(Sum::S100, 3))),
        [3]
    );
    assert!(spaces(&s, Action::Go).is_empty());
    // A package's clauses: the deed that changes hands, the deed a right is on, a loan's
    // collateral.
    assert_eq!(spaces(&s, Action::Deed(3)), [3]);
    assert_eq!(
        spaces(
            &s,
            Action::Right(gameshelf_laissez_faire::Right::OPTION, 1, 60)
        ),
        [1]
    );
    assert_eq!(
        spaces(
            &s,
            Action::Lend(gameshelf_laissez_faire::Side::Mine, 1, 200)
        ),
        [1]
    );
    s.roll = Some(gameshelf_engine::dice::DicePair::new(3, 4));
    assert_eq!(spaces(&s, Action::Move), [12]);
}

#[test]
fn the_middle_shows_the_notary_s_books() {
    let game = LaissezFaire::default();
    let mut s = game.initial_state();
    game.apply(&mut s, Action::First(0)).unwrap();
    s.lots.0[3].owner = 0;
    game.apply(&mut s, Action::Propose(1, Term::Borrow(Sum::S100, 3)))
        .unwrap();
    let buffer = draw_table_only(&game, &s, 70, 16);
    let middle = Geometry::fit(buffer.area).inner();
    let text = flowing(&buffer, middle);
    let turn = turn_text(&game, &s);
    assert!(turn.contains("seat 1 proposes to seat 2: borrow $100"));
    assert!(text.starts_with(&turn), "{turn:?} in\n{text}");

    game.apply(&mut s, Action::Accept).unwrap();
    let buffer = draw_table_only(&game, &s, 70, 25);
    let middle = Geometry::fit(buffer.area).inner();
    let text = flowing(&buffer, middle);
    for expected in [
        "notary: 1 contracts made",
        "contract #1 seat 2 lent seat 1 $100",
        "ledger round 1 #1: made; $100 from seat 2 to seat 1",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}

#[test]
fn small_and_odd_sizes_do_not_panic() {
    let (game, s) = table();
    for (width, height) in [
        (100, 30),
        (80, 24),
        (60, 20),
        (45, 14),
        (30, 10),
        (20, 6),
        (12, 4),
        (5, 3),
        (1, 1),
    ] {
        draw_table_only(&game, &s, width, height);
        draw_screen(&game, &s, width, height, 3);
    }
}

/// Random play: every state of a few seeded games, drawn with a preview of its first and
/// last legal choice, shows the turn in the words of `turn_text` (whatever the phase) and
/// draws without panicking at the usual and at small sizes.
#[test]
fn every_phase_of_random_games_shows_its_turn_text() {
    let spec: GameSpec = "laissez-faire(players=3,max_rounds=12)".parse().unwrap();
    let game = LaissezFaire::from_spec(&spec).unwrap();
    let mut legal = Vec::new();
    let mut outcomes = gameshelf_engine::Outcomes::new();
    for seed in 0..3 {
        let mut rng = gameshelf_engine::Rng::seed_from_u64(seed);
        let mut s = game.initial_state();
        for _ in 0..3000 {
            let buffer = draw_table_only(&game, &s, 70, 16);
            let got = flowing(&buffer, Geometry::fit(buffer.area).inner());
            let turn = turn_text(&game, &s);
            let want = turn.split_whitespace().collect::<Vec<_>>().join(" ");
            let head: String = want.chars().take(100).collect();
            assert!(got.starts_with(&head), "{want:?} in\n{got}");
            let a = match game.actor(&s) {
                Actor::Terminal => break,
                Actor::Chance => {
                    game.chance_outcomes(&s, &mut outcomes);
                    outcomes.sample(&mut rng)
                }
                Actor::Player(_) => {
                    game.legal_actions(&s, &mut legal);
                    for choice in [legal[0], legal[legal.len() - 1]] {
                        for (width, height) in [(70, 16), (30, 9)] {
                            let mut terminal =
                                Terminal::new(TestBackend::new(width, height)).unwrap();
                            terminal
                                .draw(|frame| {
                                    let area = frame.area();
                                    let table = &LaissezFairePresenter;
                                    table.draw_table(frame, area, &game, &names(), 0, &s);
                                    table.draw_preview(frame, area, &game, &names(), &s, choice);
                                })
                                .unwrap();
                        }
                    }
                    legal[rng.below(legal.len() as u64) as usize]
                }
            };
            game.apply_unchecked(&mut s, a);
        }
    }
}
