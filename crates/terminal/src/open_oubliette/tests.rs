use gameshelf_engine::{Game, GameSpec};
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

#[test]
fn others_hands_are_counts_and_own_hand_is_shown() {
    let game = game(2);
    let mut state = some_state(&game, 0);
    state.players[0].unused = [1u8].into_iter().collect();
    state.players[1].unused = [7u8, 8].into_iter().collect();
    let obs = game.observe(&state, 0);
    let own = text::panel_lines(&game, &obs, 0);
    let other = text::panel_lines(&game, &obs, 1);
    assert_eq!(own[0], "space 0 | banked 0 g | W 0 | level-ups 0");
    assert_eq!(own[1], "treasure: Knife (300 g, +1 attack)");
    assert_eq!(other[1], "treasure: 2 cards (hidden)");
    assert_eq!(other[4], "kept: -");
}
