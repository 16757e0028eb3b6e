//! Boards at the limits of the file format: figures above the money bound are refused at
//! load, and a board with every figure at its bound plays to the end without overflow.

use std::sync::Arc;

use gameshelf_engine::{Bot, Game, GameSpec, RandomBot, Rng, play};
use gameshelf_laissez_faire::board::{MAX_MONEY, MAX_MULTIPLIER};
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::{Board, Config, LaissezFaire};

const DEFAULT_BOARD: &str = include_str!("../data/board.toml");

/// The money fields of a board file.
const MONEY: [&str; 9] = [
    "start_cash",
    "start_salary",
    "house_prices",
    "price",
    "mortgage",
    "rent",
    "rent_monopoly",
    "fares",
    "amount",
];

/// `text` with every number on the lines of the fields in `fields` set to `value`.
fn with_figures(text: &str, fields: &[&str], value: u32) -> String {
    let lines = text.lines().map(|line| match line.split_once('=') {
        Some((key, rest)) if fields.contains(&key.trim()) => {
            let mut out = format!("{key}=");
            let mut in_number = false;
            for c in rest.chars() {
                if c.is_ascii_digit() {
                    if !in_number {
                        out.push_str(&value.to_string());
                    }
                    in_number = true;
                } else {
                    in_number = false;
                    out.push(c);
                }
            }
            out
        }
        _ => line.to_owned(),
    });
    lines.collect::<Vec<_>>().join("\n")
}

#[test]
fn a_start_salary_of_four_billion_is_refused_at_load() {
    let e = Board::parse(&with_figures(DEFAULT_BOARD, &["start_salary"], u32::MAX))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("start_salary = 4294967295") && e.contains(&MAX_MONEY.to_string()),
        "{e}"
    );
    for field in MONEY {
        let text = with_figures(DEFAULT_BOARD, &[field], MAX_MONEY + 10);
        assert!(Board::parse(&text).is_err(), "{field} above the bound");
    }
    let text = with_figures(DEFAULT_BOARD, &["multipliers"], MAX_MULTIPLIER + 1);
    let e = Board::parse(&text).unwrap_err().to_string();
    assert!(e.contains("multipliers = 1001"), "{e}");
}

/// Every money figure at [`MAX_MONEY`] and every multiplier at [`MAX_MULTIPLIER`] (and, in
/// one variant, eight players with the largest `later_cash`): games of random players and
/// of traders end without an arithmetic overflow (tests run with overflow checks on).
#[test]
fn a_board_at_every_money_bound_plays_out_without_overflow() {
    let text = with_figures(DEFAULT_BOARD, &MONEY, MAX_MONEY);
    let text = with_figures(&text, &["multipliers"], MAX_MULTIPLIER);
    let board = Arc::new(Board::parse(&text).unwrap());
    for (spec, games) in [
        ("laissez-faire(players=2,max_rounds=2000)", 3),
        ("laissez-faire(players=6)", 4),
        ("laissez-faire(players=3,jail=oubliette)", 4),
        ("laissez-faire(players=8,later_cash=10000)", 2),
    ] {
        let cfg = Config::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap();
        let game = LaissezFaire::with_board(cfg, Arc::clone(&board));
        for i in 0..games {
            let mut bots: Vec<Box<dyn Bot<LaissezFaire>>> = (0..game.num_players())
                .map(|seat| -> Box<dyn Bot<LaissezFaire>> {
                    if (seat + i) % 2 == 0 {
                        Box::new(Trader::default())
                    } else {
                        Box::new(RandomBot::default())
                    }
                })
                .collect();
            let mut state = game.initial_state();
            play(
                &game,
                &mut state,
                &mut bots,
                &mut Rng::for_stream(3, i as u64),
                |_, _| {},
            );
            assert!(game.is_terminal(&state), "{spec} game {i}");
        }
    }
}
