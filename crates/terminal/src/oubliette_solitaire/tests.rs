use gameshelf_engine::{Actor, Game, Record};
use gameshelf_oubliette_solitaire::OublietteSolitaire;
use gameshelf_oubliette_solitaire::bot::Careful;
use gameshelf_oubliette_solitaire::present::observation_text;

use super::*;
use crate::{Mode, line};

fn options() -> PlayOptions {
    PlayOptions {
        seed: 3,
        mode: Mode::Line,
        names: vec!["you".to_owned()],
        step: false,
        ..PlayOptions::default()
    }
}

/// Plays in line mode with the numbered deal `deal`, by `player`, answering from `input`.
fn play_deal(
    game: &OublietteSolitaire,
    player: Player<OublietteSolitaire>,
    seed: u64,
    deal: u64,
    input: &str,
) -> (Record<Action>, String) {
    play_advised(game, player, None, seed, deal, input)
}

/// [`play_deal`] with hints from `adviser`.
fn play_advised(
    game: &OublietteSolitaire,
    player: Player<OublietteSolitaire>,
    adviser: Option<Box<dyn gameshelf_engine::Bot<OublietteSolitaire>>>,
    seed: u64,
    deal: u64,
    input: &str,
) -> (Record<Action>, String) {
    let mut o = options();
    o.seed = seed;
    let deal = Deal::new(deal, game.config().jokers);
    let driver: ChanceDriver<'_, OublietteSolitaire> =
        Box::new(move |g: &OublietteSolitaire, s: &State| deal.choose(g, s));
    let mut out = Vec::new();
    let record = line::play_driven(
        game,
        &SolitairePresenter,
        vec![player],
        &o,
        Aids {
            driver: Some(driver),
            adviser,
        },
        input.as_bytes(),
        &mut out,
    )
    .unwrap();
    (record, String::from_utf8(out).unwrap())
}

#[test]
fn a_numbered_deal_deals_the_same_cards_and_replays_without_it() {
    let game = OublietteSolitaire::default();
    let bot = || Player::Bot(Box::new(Careful::default()));
    let (a, text) = play_deal(&game, bot(), 1, 42, "");
    let (b, _) = play_deal(&game, bot(), 2, 42, "");
    assert_eq!(
        a.actions, b.actions,
        "the deal, not the seed, decides chance"
    );
    let json = a.to_json();
    let back = Record::<Action>::from_json(&json).unwrap();
    let end = back.replay(&game).unwrap();
    assert!(game.is_terminal(&end));
    assert!(text.contains("Path"), "{text}");
}

/// The index (among the human's decisions, answering always 1) of the first decision that
/// directly follows another one which itself came right after a chance outcome and turned
/// up no card.
fn decision_after_decision_after_draw(game: &OublietteSolitaire, deal: &Deal) -> Option<usize> {
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    let (mut decisions, mut chance_before_last) = (0, false);
    let mut last_was_chance = false;
    loop {
        match game.actor(&s) {
            Actor::Chance => {
                let a = deal.choose(game, &s);
                game.apply_unchecked(&mut s, a);
                last_was_chance = true;
            }
            Actor::Player(_) => {
                if decisions > 0 && !last_was_chance && chance_before_last {
                    return Some(decisions);
                }
                game.legal_actions(&s, &mut legal);
                let before = s;
                game.apply_unchecked(&mut s, legal[0]);
                chance_before_last = last_was_chance && !game.revealed(&before, &s);
                last_was_chance = false;
                decisions += 1;
            }
            Actor::Terminal => return None,
        }
    }
}

#[test]
fn undo_takes_back_a_decision_but_not_a_draw() {
    let game = OublietteSolitaire::default();
    let (deal, k) = (1..200)
        .find_map(|n| decision_after_decision_after_draw(&game, &Deal::new(n, 2)).map(|k| (n, k)))
        .expect("a deal with two decisions in a row after a draw");
    let answers = "1\n".repeat(k);
    let (undone, text) = play_deal(
        &game,
        Player::Human,
        3,
        deal,
        &format!("{answers}u\nu\nq\n"),
    );
    assert!(text.contains("undone: your previous decision"), "{text}");
    assert!(text.contains("cannot undo past a draw"), "{text}");
    // The undone decision is not in the record: it is the record of one answer fewer.
    let (shorter, _) = play_deal(&game, Player::Human, 3, deal, &"1\n".repeat(k - 1));
    assert_eq!(undone.actions, shorter.actions);
    let (longer, _) = play_deal(&game, Player::Human, 3, deal, &answers);
    assert!(longer.actions.len() > undone.actions.len());
    undone.replay(&game).unwrap();
    // Undoing and choosing again plays on as if nothing had been undone.
    let (again, _) = play_deal(&game, Player::Human, 3, deal, &format!("{answers}u\n1\n"));
    assert_eq!(again.actions, longer.actions);
}

/// The index (among the human's decisions, answering always 1) of the first decision whose
/// move turns up a face-down card and is followed directly by another decision.
fn reveal_then_decision(game: &OublietteSolitaire, deal: &Deal) -> Option<usize> {
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    let mut decisions = 0;
    loop {
        match game.actor(&s) {
            Actor::Chance => {
                let a = deal.choose(game, &s);
                game.apply_unchecked(&mut s, a);
            }
            Actor::Player(_) => {
                game.legal_actions(&s, &mut legal);
                let before = s;
                game.apply_unchecked(&mut s, legal[0]);
                if game.revealed(&before, &s) && matches!(game.actor(&s), Actor::Player(_)) {
                    return Some(decisions);
                }
                decisions += 1;
            }
            Actor::Terminal => return None,
        }
    }
}

#[test]
fn undo_never_takes_back_a_move_that_turned_up_a_card() {
    let game = OublietteSolitaire::default();
    let (number, k) = (1..200)
        .find_map(|n| reveal_then_decision(&game, &Deal::new(n, 2)).map(|k| (n, k)))
        .expect("a deal where a move turns up a card");
    let answers = "1\n".repeat(k + 1);
    let (record, text) = play_deal(&game, Player::Human, 3, number, &format!("{answers}u\nq\n"));
    assert!(text.contains("cannot undo past a card turned up"), "{text}");
    let (same, _) = play_deal(&game, Player::Human, 3, number, &answers);
    assert_eq!(record.actions, same.actions, "nothing was undone");
}

#[test]
fn undo_at_the_first_decision_has_nothing_to_take_back() {
    let game = OublietteSolitaire::default();
    let (record, text) = play_deal(&game, Player::Human, 3, 42, "u\n");
    assert!(
        text.contains("cannot undo past a draw") || text.contains("nothing to undo"),
        "{text}"
    );
    record.replay(&game).unwrap();
}

#[test]
fn the_screen_text_shows_inventory_path_and_deck() {
    let game = OublietteSolitaire::default();
    let deal = Deal::new(7, 2);
    let mut s = game.initial_state();
    while game.actor(&s) == Actor::Chance {
        let a = deal.choose(&game, &s);
        game.apply(&mut s, a).unwrap();
    }
    let text = observation_text(&game, &game.observe(&s, 0));
    for needle in [
        "Path",
        "slot 1",
        "slot 4",
        "Equipped",
        "Graveyard",
        "Deck: ",
    ] {
        assert!(text.contains(needle), "{needle} missing in\n{text}");
    }
}

#[test]
fn a_frame_shows_piles_path_drawn_card_and_choices() {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use crate::screen::{Choice, Scene, draw};

    use gameshelf_oubliette_solitaire::Phase;

    let game = OublietteSolitaire::default();
    let deal = Deal::new(42, 2);
    let mut s = game.initial_state();
    // The deal, the start with the 2♥ and the first draw, passing up the Advantage.
    loop {
        let a = match s.phase {
            _ if game.actor(&s) == Actor::Chance => deal.choose(&game, &s),
            Phase::SetupStart => Action::Start(2),
            Phase::BeforeDraw => Action::Pass,
            _ => break,
        };
        game.apply(&mut s, a).unwrap();
    }
    let names = ["you".to_owned()];
    let scene = Scene {
        game: &game,
        names: &names,
        viewer: 0,
        observation: game.observe(&s, 0),
        title: "player 1 you (human) to move".to_owned(),
        choices: vec![Choice {
            text: "place it on the Path".to_owned(),
            odds: None,
        }],
        selected: 0,
        log: &[],
        log_scroll: 0,
        keys: "",
        help: None,
    };
    let mut terminal = Terminal::new(TestBackend::new(130, 42)).unwrap();
    terminal
        .draw(|frame| draw(frame, &SolitairePresenter, &scene))
        .unwrap();
    let screen: String = terminal
        .backend()
        .buffer()
        .content()
        .chunks(130)
        .map(|row| row.iter().map(|c| c.symbol()).collect::<String>() + "\n")
        .collect();
    for expected in [
        "Path 1/9",
        "slot 1",
        "slot 4",
        "Equipped",
        "4 down",
        "Deck: 32 cards",
        "Graveyard: 0 cards",
        "Drawn 3♣",
        "Path card (the needed 3)",
        "place it on the Path",
    ] {
        assert!(screen.contains(expected), "{expected} missing in\n{screen}");
    }
    // Face-down cards are only counted: the frame is drawn from the observation.
    let hidden = s.slots[0].face_down()[0];
    let shown = gameshelf_oubliette_solitaire::card::Show(hidden).to_string();
    let slot1 = screen
        .lines()
        .skip(7)
        .take(5)
        .map(|l| l.chars().take(18).collect::<String>())
        .collect::<String>();
    assert!(
        !slot1.contains(&shown),
        "{shown} is face down but shown:\n{slot1}"
    );
}

/// `a` shows the adviser's move among the numbered choices and plays nothing: the game
/// goes on as if no hint had been asked.
#[test]
fn a_hint_names_the_adviser_s_choice_and_changes_nothing() {
    let game = OublietteSolitaire::default();
    let adviser = || Some(Box::new(Careful::default()) as Box<dyn gameshelf_engine::Bot<_>>);
    let (hinted, text) = play_advised(&game, Player::Human, adviser(), 5, 3, "a\n1\nq\n");
    assert!(text.contains("a for a hint"), "{text}");
    let hint = text
        .lines()
        .find_map(|l| l.split("hint: ").nth(1))
        .expect("a hint line");
    let (number, words) = hint.split_once(") ").unwrap();
    let shown = text
        .lines()
        .find_map(|l| l.trim_start().strip_prefix(&format!("{number}) ")))
        .expect("the hinted number is a listed choice");
    assert_eq!(
        shown.split("  ").next().unwrap().trim(),
        words.trim(),
        "{text}"
    );
    let (plain, _) = play_deal(&game, Player::Human, 5, 3, "1\nq\n");
    assert_eq!(hinted.actions, plain.actions, "the hint played nothing");
    let (_, none) = play_deal(&game, Player::Human, 5, 3, "a\nq\n");
    assert!(none.contains("this game gives no hints"), "{none}");
}
