use gameshelf_engine::{Game, GameSpec};
use gameshelf_open_oubliette::State;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::*;
use crate::screen::{Choice, Scene, draw};

fn game(players: usize) -> OpenOubliette {
    let spec: GameSpec = format!("open-oubliette(players={players})")
        .parse()
        .unwrap();
    OpenOubliette::from_spec(&spec).unwrap()
}

/// A state a few moves in, with chance and decisions taken by a fixed rule.
fn some_state(game: &OpenOubliette, actions: usize) -> State {
    let mut state = game.initial_state();
    let mut legal = Vec::new();
    let mut outcomes = gameshelf_engine::Outcomes::new();
    let mut rng = gameshelf_engine::Rng::seed_from_u64(3);
    for _ in 0..actions {
        let a = match game.actor(&state) {
            gameshelf_engine::Actor::Terminal => break,
            gameshelf_engine::Actor::Chance => {
                game.chance_outcomes(&state, &mut outcomes);
                outcomes.sample(&mut rng)
            }
            gameshelf_engine::Actor::Player(_) => {
                game.legal_actions(&state, &mut legal);
                legal[0]
            }
        };
        game.apply_unchecked(&mut state, a);
    }
    state
}

#[test]
fn a_frame_shows_the_board_the_players_and_the_choices() {
    let game = game(3);
    let state = some_state(&game, 40);
    let names = [
        "Ann".to_owned(),
        "heuristic".to_owned(),
        "random".to_owned(),
    ];
    let scene = Scene {
        game: &game,
        names: &names,
        viewer: 0,
        observation: game.observe(&state, 0),
        title: "player 1 Ann (human) to move".to_owned(),
        choices: vec![
            Choice {
                text: "pass".to_owned(),
                odds: Some("win 7/12 (58.3%)".to_owned()),
            },
            Choice {
                text: "use Dagger".to_owned(),
                odds: None,
            },
        ],
        selected: 1,
        log: &["dice: 3+4 for player 1's move".to_owned()],
        log_scroll: 0,
        keys: "keys here",
        help: None,
    };
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal
        .draw(|frame| draw(frame, &OubliettePresenter, &scene))
        .unwrap();
    let screen: String = terminal
        .backend()
        .buffer()
        .content()
        .chunks(120)
        .map(|row| row.iter().map(|c| c.symbol()).collect::<String>() + "\n")
        .collect();
    for expected in [
        "player 1 Ann (human) to move",
        "0 Exit",
        "5 EV",
        "10 EV",
        "15 EV",
        "19",
        " 1 Ann (you) ",
        " 2 heuristic ",
        " 3 random ",
        "banked 0 g",
        "1) pass  [win 7/12 (58.3%)]",
        "> 2) use Dagger",
        "dice: 3+4 for player 1's move",
        "keys here",
    ] {
        assert!(
            screen.contains(expected),
            "missing {expected:?} in\n{screen}"
        );
    }
}

/// The frame of a scene with two choices and one log line, drawn `width` x `height`.
fn frame_at(width: u16, height: u16) -> String {
    let game = game(3);
    let state = some_state(&game, 40);
    let names = ["Ann".to_owned(), "b".to_owned(), "c".to_owned()];
    let scene = Scene {
        game: &game,
        names: &names,
        viewer: 0,
        observation: game.observe(&state, 0),
        title: "player 1 Ann (human) to move".to_owned(),
        choices: vec![
            Choice {
                text: "pass".to_owned(),
                odds: None,
            },
            Choice {
                text: "use Dagger".to_owned(),
                odds: None,
            },
        ],
        selected: 0,
        log: &["dice: 3+4 for player 1's move".to_owned()],
        log_scroll: 0,
        keys: "keys here",
        help: None,
    };
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| draw(frame, &OubliettePresenter, &scene))
        .unwrap();
    terminal
        .backend()
        .buffer()
        .content()
        .chunks(width as usize)
        .map(|row| row.iter().map(|c| c.symbol()).collect::<String>() + "\n")
        .collect()
}

#[test]
fn a_small_terminal_still_shows_the_choices_and_the_log_and_says_why_the_table_is_hidden() {
    for (w, h) in [(79, 24), (80, 23), (50, 14)] {
        let screen = frame_at(w, h);
        for expected in ["1) pass", "2) use Dagger", "dice: 3+4", "table hidden"] {
            assert!(
                screen.contains(expected),
                "{w}x{h}: missing {expected:?} in\n{screen}"
            );
        }
        assert!(
            !screen.contains("0 Exit"),
            "{w}x{h}: the board is drawn cut\n{screen}"
        );
    }
    let full = frame_at(80, 24);
    assert!(
        full.contains("0 Exit") && full.contains("1) pass"),
        "{full}"
    );
    assert!(!full.contains("table hidden"), "{full}");
}

#[test]
fn a_tiny_terminal_says_the_size_it_needs() {
    let screen = frame_at(24, 6);
    let text: String = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("terminal too small (24 x 6): needs 80 x 24"),
        "{screen}"
    );
}

#[test]
fn others_hands_are_counts_and_own_hand_is_shown() {
    let game = game(2);
    let mut state = some_state(&game, 0);
    state.players[0].unused = [1u8].into_iter().collect();
    state.players[1].unused = [7u8, 8].into_iter().collect();
    let obs = game.observe(&state, 0);
    let own = gameshelf_open_oubliette::present::panel_lines(&game, &obs, 0);
    let other = gameshelf_open_oubliette::present::panel_lines(&game, &obs, 1);
    assert_eq!(own[0], "space 0 | banked 0 g | W 0 | level-ups 0");
    assert_eq!(own[1], "treasure: Knife (300 g, +1 attack)");
    assert_eq!(other[1], "treasure: 2 cards (hidden)");
    assert_eq!(other[4], "kept: -");
}
