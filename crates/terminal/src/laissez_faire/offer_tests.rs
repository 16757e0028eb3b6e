//! Offers built and answered through the terminal session: a package drafted clause by
//! clause in line mode with sums typed in and sent to a bot, the offer's terms beside the
//! choices in the full-screen view, and the choice highlighted first when answering.

use gameshelf_engine::{Game, GameSpec, Record};
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::contract::NO_DEED;
use gameshelf_laissez_faire::deal::REPRESENTATIVE;

use gameshelf_laissez_faire::present::table_text;
use gameshelf_laissez_faire::{Cadence, Side, When};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::*;
use crate::screen::{Choice, Previewing, Scene, draw};
use crate::session::Session;
use crate::{Mode, line};

fn game() -> LaissezFaire {
    let spec: GameSpec = "laissez-faire(players=2)".parse().unwrap();
    LaissezFaire::from_spec(&spec).unwrap()
}

/// Plays in line mode with `script` typed, one entry a line: the record and what was shown.
fn scripted(
    game: &LaissezFaire,
    players: Vec<Player<LaissezFaire>>,
    options: &PlayOptions,
    script: &[&str],
) -> (Record<Action>, String) {
    let input = script.join("\n") + "\n";
    let mut out = Vec::new();
    let record = line::play(
        game,
        &LaissezFairePresenter,
        players,
        options,
        input.as_bytes(),
        &mut out,
    )
    .unwrap();
    (record, String::from_utf8(out).unwrap())
}

/// Options resuming the record of `actions`: the game goes on from where they leave it.
fn resuming(game: &LaissezFaire, actions: &[Action]) -> PlayOptions {
    let mut record = Record::new(game);
    record.actions = actions.to_vec();
    PlayOptions {
        seed: 5,
        mode: Mode::Line,
        names: vec!["Ann".into(), "Bob".into()],
        resume: Some(record.to_json()),
        ..PlayOptions::default()
    }
}

#[test]
fn a_package_is_drafted_with_typed_sums_and_sent_to_a_bot_in_line_mode() {
    let game = game();
    let options = resuming(&game, &[Action::First(0)]);
    let players = vec![Player::Human, Player::Bot(Box::new(Trader::default()) as _)];
    // The window: 1) go, 2) make an offer (a package), then the ready-made deals. Then in
    // the draft: the payments one makes are the second entry, the loans the fourth (third
    // once a clause stands and sending comes second).
    let script = [
        "2",     // make an offer (a package)
        "1",     // draft a package of clauses for seat 2
        "2",     // add a payment you make
        "1 75",  // you pay seat 2 $75 now, typed in
        "5",     // add a loan
        "1 300", // you lend seat 2 $300 without collateral, typed in
        "4",     // add a loan (its repayment)
        "1 65",  // repaid $65 every round, 5 times, typed in
        "2",     // send
    ];
    let (record, text) = scripted(&game, players, &options, &script);
    let drafted = [
        Action::Draft(1),
        Action::Pay(Side::Mine, When::Now, 75),
        Action::Lend(Side::Mine, NO_DEED, 300),
        Action::Repay(REPRESENTATIVE, 65),
        Action::Send,
    ];
    assert_eq!(record.actions[1..6], drafted, "{text}");
    // The bot answered the package: accepted, refused or countered it.
    assert!(
        matches!(
            record.actions.get(6),
            Some(Action::Accept | Action::Refuse | Action::Amend)
        ),
        "{:?}\n{text}",
        record.actions
    );
    // Before each drafting choice the whole package is shown, clause by clause, with
    // what it would do to both net worths, right above the choices.
    for expected in [
        "your offer to seat 2, not sent yet (0 of 6 clauses, 12 changes left):\n  no clause \
         yet: add clauses from the choices\n  1) withdraw the draft\n",
        "  1. you pay seat 2 $75 now\nif accepted: your net worth goes from $1500 to $1425 \
         (-$75), your cash from $1500 to $1425\n",
        "  2. you lend seat 2 $300 now without collateral\nas it stands the notary would \
         refuse it: ",
        "your offer to seat 2, not sent yet (3 of 6 clauses, 9 changes left):\n  1. you pay \
         seat 2 $75 now\n  2. you lend seat 2 $300 now without collateral\n  3. seat 2 \
         repays you $65 every round, 5 times\nif accepted: your net worth",
        "[$: the sum you pay now]",
        "[$: the sum you lend without collateral]",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}

#[test]
fn an_incoming_offer_lists_accept_refuse_counter_first_and_highlights_refuse() {
    let game = game();
    let mut record = Record::new(&game);
    record.actions = vec![
        Action::First(0),
        Action::Draft(1),
        Action::Pay(Side::Mine, When::Now, 100),
        Action::Send,
    ];
    let options = PlayOptions {
        names: vec!["Ann".into(), "Bob".into()],
        resume: Some(record.to_json()),
        ..PlayOptions::default()
    };
    let players = vec![Player::Human, Player::Human];
    let session = Session::new(&game, &LaissezFairePresenter, players, &options).unwrap();
    let menu = session.menu();
    let main: Vec<Action> = menu.main.iter().map(|&i| session.choices()[i]).collect();
    assert_eq!(main[..3], [Action::Accept, Action::Refuse, Action::Amend]);
    assert_eq!(session.choices()[session.safe_choice()], Action::Refuse);
    assert_eq!(
        session.terms(1)[..2],
        [
            "seat 1's offer to you, for you to answer:".to_owned(),
            "  1. seat 1 pays you $100 now".to_owned()
        ]
    );
}

#[test]
fn the_full_screen_shows_the_offer_beside_the_choices() {
    let game = game();
    let mut s = game.initial_state();
    for a in [
        Action::First(0),
        Action::Draft(1),
        Action::Pay(Side::Mine, When::Now, 100),
    ] {
        game.apply(&mut s, a).unwrap();
    }
    let names = vec!["Ann".to_owned(), "Bob".to_owned()];
    let scene = Scene {
        game: &game,
        names: &names,
        viewer: 0,
        observation: s.clone(),
        title: "Ann to move".to_owned(),
        choices: ["withdraw the draft", "send"]
            .map(|text| Choice {
                text: text.to_owned(),
                odds: None,
            })
            .to_vec(),
        selected: 0,
        log: &[],
        log_scroll: 0,
        keys: "keys",
        help: None,
    };
    let table = Previewing {
        table: &LaissezFairePresenter,
        choice: Some(Action::Withdraw),
    };
    let (width, height) = (100, 30);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| draw(frame, &table, &scene)).unwrap();
    let buffer = terminal.backend().buffer();
    let rows: Vec<String> = (0..height)
        .map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect())
        .collect();
    let screen = rows.join("\n");
    let choices = rows
        .iter()
        .position(|r| r.contains(" your choices "))
        .expect("the choices");
    // The terms box shares the choices' row, on their right.
    let half = |r: &String| r.chars().skip(usize::from(width / 2)).collect::<String>();
    assert!(half(&rows[choices]).contains(" terms "), "{screen}");
    let right: String = rows[choices..]
        .iter()
        .map(half)
        .collect::<Vec<_>>()
        .join("\n");
    for expected in [
        "your offer to seat 2, not sent yet",
        "1. you pay seat 2 $100 now",
        "if accepted: your net worth goes",
    ] {
        assert!(
            right.contains(expected),
            "missing {expected:?} in\n{screen}"
        );
    }
}

#[test]
fn a_third_party_is_named_with_a_typed_fee_in_line_mode() {
    let spec: GameSpec = "laissez-faire(players=3)".parse().unwrap();
    let game = LaissezFaire::from_spec(&spec).unwrap();
    let mut options = resuming(&game, &[Action::First(0)]);
    options.names.push("Cid".into());
    let bot = || Player::Bot(Box::new(Trader::default()) as _);
    let players = vec![Player::Human, bot(), bot()];
    // The window: 1) go, 2) make an offer (a package), then the ready-made deals. In the
    // draft, the payments to oneself are the third entry; once a clause stands, sending
    // comes second and the third parties seventh.
    let script = [
        "2",    // make an offer (a package)
        "1",    // draft a package of clauses for seat 2
        "3",    // add a payment to you
        "5 40", // seat 2 pays you $40 every round, 5 times, typed in
        "7",    // add a third party (to pay or lend, to receive or borrow, or to guarantee)
        "3 30", // seat 3 guarantees it for a fee of $30, typed in (after payer, payee)
        "2",    // send
    ];
    let (record, text) = scripted(&game, players, &options, &script);
    let schedule = When::Rounds(REPRESENTATIVE);
    assert_eq!(
        record.actions.get(1..5),
        Some(
            &[
                Action::Draft(1),
                Action::Pay(Side::Yours, schedule, 40),
                Action::Guarantee(0, 2, 30),
                Action::Send,
            ][..]
        ),
        "{text}"
    );
    for expected in [
        "add a third party (to pay or lend, to receive or borrow, or to guarantee)",
        "1) add a third party to clause 1: seat 3 pays you $40 every round, 5 times\n",
        "2) add a third party to clause 1: seat 2 pays seat 3 $40 every round, 5 times\n",
        "3) add a third party to clause 1: seat 2 pays you $40 every round, 5 times, \
         guaranteed by seat 3 (seat 3 pays what seat 2 misses at a due date, for nothing) [$: \
         the fee clause 1's debtor pays seat 3 at acceptance for the guarantee]",
        "  third party: seat 3, who must consent after seat 2 accepts\n",
        "if accepted: seat 3's net worth goes from $1500 to $1530 (+$30)",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}

#[test]
fn a_third_party_asked_to_consent_sees_the_terms_and_refuse_highlighted() {
    let spec: GameSpec = "laissez-faire(players=3)".parse().unwrap();
    let game = LaissezFaire::from_spec(&spec).unwrap();
    let mut record = Record::new(&game);
    record.actions = vec![
        Action::First(0),
        Action::Draft(1),
        Action::Pay(Side::Mine, When::Now, 100),
        Action::Payer(0, 2),
        Action::Send,
        Action::Accept,
    ];
    let options = PlayOptions {
        names: vec!["Ann".into(), "Bob".into(), "Cid".into()],
        resume: Some(record.to_json()),
        ..PlayOptions::default()
    };
    let players = vec![Player::Human, Player::Human, Player::Human];
    let session = Session::new(&game, &LaissezFairePresenter, players, &options).unwrap();
    let menu = session.menu();
    let main: Vec<Action> = menu.main.iter().map(|&i| session.choices()[i]).collect();
    assert_eq!(main, [Action::Accept, Action::Refuse]);
    assert_eq!(session.choices()[session.safe_choice()], Action::Refuse);
    assert_eq!(
        session.terms(2)[..3],
        [
            "seat 1 and seat 2 agreed to this offer, which names you: it executes only if you \
             consent"
                .to_owned(),
            "  1. you pay seat 2 $100 now".to_owned(),
            "  third party: you, who must consent after seat 2 accepts".to_owned(),
        ]
    );
}

#[test]
fn a_typed_schedule_is_drafted_sent_and_accepted_in_line_mode() {
    let game = game();
    let options = resuming(&game, &[Action::First(0)]);
    let players = vec![Player::Human, Player::Human];
    // Ann drafts a payment on a schedule she types (one out of bounds first), sends it;
    // Bob accepts it.
    let script = [
        "2",                            // make an offer (a package)
        "1",                            // draft a package for seat 2
        "2",                            // add a payment you make
        "5 40 every 16 rounds",         // refused: out of bounds; the window's list again
        "2",                            // add a payment you make
        "5 40 every 2 rounds, 3 times", // you pay seat 2 $40 every 2 rounds, 3 times
        "2",                            // send
        "1",                            // Bob accepts
        "q",
    ];
    let (record, text) = scripted(&game, players, &options, &script);
    let typed = When::Rounds(Cadence::new(2, 3).unwrap());
    assert_eq!(
        record.actions.get(1..5),
        Some(
            &[
                Action::Draft(1),
                Action::Pay(Side::Mine, typed, 40),
                Action::Send,
                Action::Accept,
            ][..]
        ),
        "{text}"
    );
    for expected in [
        "[$: the sum you pay every round, 5 times; or a schedule: every K rounds, N times (K \
         and N from 1 to 15)]",
        "is refused: a payment recurs every 1 to 15 rounds, not 16\n",
        "  1. you pay seat 2 $40 every 2 rounds, 3 times\n",
        "seat 1's offer to you, for you to answer:\n  1. seat 1 pays you $40 every 2 rounds, \
         3 times\n",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    // The contract is live, on the schedule typed.
    let mut s = game.initial_state();
    for &a in &record.actions {
        game.apply(&mut s, a).unwrap();
    }
    assert_eq!(s.contracts.iter().count(), 1, "{text}");
    assert!(
        table_text(&game, &s)
            .contains("contract #1 seat 1 pays seat 2 $40 every 2 rounds (3 left)"),
        "{}",
        table_text(&game, &s)
    );
}

/// The moves by which Ann (seat 1) buys Tile Row and lodges there, Bob passing on the open
/// floors and the posting step, up to Bob's window.
fn ann_bought_tile_row() -> [Action; 9] {
    use gameshelf_engine::dice::DicePair;
    [
        Action::First(0),
        Action::Go,
        Action::Pass,
        Action::Roll(DicePair::new(1, 2)),
        Action::Buy,
        Action::Pass,
        Action::Lodge(3),
        Action::Pass,
        Action::Pass,
    ]
}

#[test]
fn a_lodging_right_for_a_number_of_uses_is_drafted_in_line_mode() {
    use gameshelf_laissez_faire::{Right, Span};
    let game = game();
    // Ann has bought Tile Row; in Bob's window, Bob asks her for two stays there at $3.
    let options = resuming(&game, &ann_bought_tile_row());
    let players = vec![Player::Human, Player::Human];
    let script = [
        "2",              // make an offer (a package)
        "1",              // draft a package for seat 1
        "6",              // add a lodging right, an option or a price cap
        "2 3 for 0 uses", // refused: out of bounds
        "6",              // the rights again
        "2 3 for 2 uses", // a lodging right at Tile Row for 2 uses at most $3
        "2",              // send
        "1",              // Ann accepts
        "q",
    ];
    let (record, text) = scripted(&game, players, &options, &script);
    let right = Right::LODGING.lasting(Span::Uses(2)).unwrap();
    assert_eq!(
        record.actions.get(9..13),
        Some(
            &[
                Action::Draft(0),
                Action::Right(right, 3, 3),
                Action::Send,
                Action::Accept
            ][..]
        ),
        "{text}"
    );
    for expected in [
        "or a schedule: for N rounds, or for N uses (N from 1 to 255)]",
        "is refused: a right lasts 1 to 255 uses, not 0\n",
        "seat 1 grants you a lodging right at Tile Row for 2 uses at a rent of at most $3",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    let mut s = game.initial_state();
    for &a in &record.actions {
        game.apply(&mut s, a).unwrap();
    }
    assert!(
        table_text(&game, &s).contains("may lodge at Tile Row for at most $3 (2 uses left)"),
        "{}",
        table_text(&game, &s)
    );
}

#[test]
fn a_payment_on_landing_on_one_space_is_drafted_in_line_mode() {
    use gameshelf_laissez_faire::Spot;
    let game = game();
    // Ann has bought Tile Row; in Bob's window, Bob offers her $30 at each of his next
    // three landings on it.
    let options = resuming(&game, &ann_bought_tile_row());
    let players = vec![Player::Human, Player::Human];
    let script = [
        "2",             // make an offer (a package)
        "1",             // draft a package for seat 1
        "2",             // add a payment you make
        "11 30 9 times", // refused: at most six landings
        "2",             // the payments again
        "11 30 3 times", // you pay seat 1 $30 at each landing on Tile Row, 3 times
        "2",             // send
        "1",             // Ann accepts
        "q",
    ];
    let (record, text) = scripted(&game, players, &options, &script);
    let on_tile = When::LandsOn(Spot::new(3, 3).unwrap());
    assert_eq!(
        record.actions.get(9..13),
        Some(
            &[
                Action::Draft(0),
                Action::Pay(Side::Mine, on_tile, 30),
                Action::Send,
                Action::Accept
            ][..]
        ),
        "{text}"
    );
    for expected in [
        "[$: the sum you pay at each landing on Tile Row, 4 times; or a schedule: N times (N \
         from 1 to 6)]",
        "is refused: a payment on landings on one space recurs 1 to 6 times, not 9\n",
        "seat 2 pays you $30 at each landing on Tile Row, 3 times",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    let mut s = game.initial_state();
    for &a in &record.actions {
        game.apply(&mut s, a).unwrap();
    }
    assert!(
        table_text(&game, &s)
            .contains("seat 2 pays seat 1 $30 at each landing on Tile Row (3 left)"),
        "{}",
        table_text(&game, &s)
    );
}

#[test]
fn a_third_party_lender_is_named_by_menu_steps_in_line_mode() {
    let spec: GameSpec = "laissez-faire(players=3)".parse().unwrap();
    let game = LaissezFaire::from_spec(&spec).unwrap();
    let mut options = resuming(&game, &[Action::First(0)]);
    options.names.push("Cid".into());
    let bot = || Player::Bot(Box::new(Trader::default()) as _);
    let players = vec![Player::Human, bot(), bot()];
    // Ann brokers a loan: seat 3 lends seat 2 $300, repaid to him $70 a round, 5 times.
    let script = [
        "2",     // make an offer (a package)
        "1",     // draft a package of clauses for seat 2
        "4",     // add a loan
        "1 300", // you lend seat 2 $300 now without collateral, typed in
        "6",     // add a third party
        "1",     // seat 3 lends seat 2 the $300 instead
        "4",     // add a loan (now its repayment)
        "1 70",  // seat 2 repays seat 3 $70 every round, 5 times, typed in
        "2",     // send
    ];
    let (record, text) = scripted(&game, players, &options, &script);
    assert_eq!(
        record.actions.get(1..6),
        Some(
            &[
                Action::Draft(1),
                Action::Lend(Side::Mine, NO_DEED, 300),
                Action::Payer(0, 2),
                Action::Repay(REPRESENTATIVE, 70),
                Action::Send,
            ][..]
        ),
        "{text}"
    );
    for expected in [
        "add a third party (to pay or lend, to receive or borrow, or to guarantee)",
        "1) add a third party to clause 1: seat 3 lends seat 2 $300 now without collateral\n",
        "  2. seat 2 repays seat 3 $70 every round, 5 times\n",
        "  seat 3 gives: a loan of $300 now (clause 1); seat 3 gets: $70 every round, 5 times \
         (clause 2)\n",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}

#[test]
fn a_payment_on_the_payees_turns_is_typed_in_line_mode() {
    let game = game();
    let options = resuming(&game, &[Action::First(0)]);
    let players = vec![Player::Human, Player::Bot(Box::new(Trader::default()) as _)];
    // "Pay me $25 at the start of each of my turns, 6 times": the payments to oneself are
    // the third entry, the one on one's own turns the tenth. Naming the payer's own turns
    // is refused with the reason, and the menu comes back.
    let script = [
        "2",                     // make an offer (a package)
        "1",                     // draft a package of clauses for seat 2
        "3",                     // add a payment to you
        "10 25 seat 2, 6 times", // on seat 2's own turns: refused
        "3",                     // add a payment to you
        "10 25 6 times",         // on my turns, 6 times, $25
        "2",                     // send
    ];
    let (record, text) = scripted(&game, players, &options, &script);
    let mine = gameshelf_laissez_faire::package::OtherTurns::new(0, 6).unwrap();
    assert_eq!(
        record.actions.get(1..4),
        Some(
            &[
                Action::Draft(1),
                Action::Pay(Side::Yours, When::TurnsOf(mine), 25),
                Action::Send,
            ][..]
        ),
        "{text}"
    );
    for expected in [
        "a schedule: seat S, N times (S from 1 to 16, N from 1 to 15)",
        "needs another player still in the game: seat 2 is not",
        "  1. seat 2 pays you $25 at the start of each of your turns, 6 times\n",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}
