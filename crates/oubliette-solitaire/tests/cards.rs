//! Every card meaning and every item, each on a small hand-built table.
//!
//! Cards are written as in the rules: `c("QH")` is the queen of hearts.

use gameshelf_engine::{Actor, CardSet, Game};
use gameshelf_oubliette_solitaire::bot;
use gameshelf_oubliette_solitaire::card::{NO_CARD, parse};
use gameshelf_oubliette_solitaire::solver::{Limits, solve};
use gameshelf_oubliette_solitaire::state::{Dir, Room};
use gameshelf_oubliette_solitaire::{
    Action, Deal, EQUIPPED, EndKind, GRAVE, OublietteSolitaire, Phase, State,
};

fn c(s: &str) -> u8 {
    parse(s).unwrap_or_else(|| panic!("bad card {s}"))
}

fn game() -> OublietteSolitaire {
    OublietteSolitaire::default()
}

/// A table at a turn's draw: slot tops (one visible card each, nothing face down), the
/// Equipped card, the Path (first room first), the graveyard; every other card in the deck.
fn table(slots: [&[&str]; 4], equipped: &str, path: &[&str], grave: &[&str]) -> State {
    let g = game();
    let mut s = g.initial_state();
    let mut used = CardSet::EMPTY;
    let mut take = |x: &str| {
        let card = c(x);
        assert!(!used.contains(card), "{x} twice");
        used.insert(card);
        card
    };
    for (i, cards) in slots.iter().enumerate() {
        for x in *cards {
            let card = take(x);
            s.slots[i].push(card);
        }
        s.slots[i].down = 0;
    }
    s.equipped = if equipped.is_empty() {
        NO_CARD
    } else {
        take(equipped)
    };
    for (i, x) in path.iter().enumerate() {
        let card = take(x);
        let value = gameshelf_oubliette_solitaire::card::rank(card);
        s.path.rooms[i] = Room {
            value,
            cards: CardSet::single(card),
            ..Room::default()
        };
    }
    s.path.len = path.len() as u8;
    if let Some(first) = path.first() {
        s.path.dir = if c(first) % 13 == 9 {
            Dir::Down
        } else {
            Dir::Up
        };
    }
    for x in grave {
        let card = take(x);
        s.grave.push(card);
    }
    s.deck = CardSet::full(54).difference(used);
    s.phase = Phase::Draw;
    s
}

fn play(s: &mut State, a: Action) {
    play_in(&game(), s, a);
}

fn play_in(g: &OublietteSolitaire, s: &mut State, a: Action) {
    g.apply(s, a)
        .unwrap_or_else(|e| panic!("{e} in {:?}", s.phase));
}

fn variant(spec: &str) -> OublietteSolitaire {
    OublietteSolitaire::from_spec(&spec.parse().unwrap()).unwrap()
}

fn legal_in(g: &OublietteSolitaire, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

fn draw(s: &mut State, card: &str) {
    play(s, Action::Card(c(card)));
}

fn legal(s: &State) -> Vec<Action> {
    legal_in(&game(), s)
}

#[test]
fn path_card_may_be_placed_or_declined() {
    let mut s = table([&["3S"], &["4S"], &["5C"], &["7C"]], "", &["10S"], &[]);
    draw(&mut s, "9C");
    assert_eq!(s.phase, Phase::PathOffer);
    play(&mut s, Action::Place);
    assert_eq!(s.path.len, 2);
    assert_eq!(s.path.need(), Some(8));
    // A needed 8 declined resolves as Lost.
    draw(&mut s, "8C");
    play(&mut s, Action::Pass);
    assert_eq!(s.phase, Phase::LostDiscard(3));
}

#[test]
fn obstacle_is_a_setback_and_loses_in_the_first_room() {
    let mut s = table(
        [&["3S"], &["4S"], &["5C"], &["7C"]],
        "",
        &["10S", "9S"],
        &[],
    );
    draw(&mut s, "9H");
    assert_eq!(s.path.len, 1);
    assert!(s.grave.set().contains(c("9H")) && s.grave.set().contains(c("9S")));
    draw(&mut s, "10H");
    assert_eq!(s.end(), Some(EndKind::FirstRoom));
}

#[test]
fn creature_must_be_paid_and_a_cheap_set_wins() {
    // The oracle: a Fiend (12) is beaten by 7+5.
    let mut s = table(
        [&["7S"], &["5C"], &["2C"], &["3C"]],
        "",
        &["10S", "9S"],
        &[],
    );
    draw(&mut s, "QD");
    assert_eq!(s.phase, Phase::Creature);
    assert!(!legal(&s).contains(&Action::Concede), "paying is possible");
    play(&mut s, Action::Pay(0));
    play(&mut s, Action::Pay(1));
    assert_eq!(s.phase, Phase::Draw);
    assert_eq!(s.path.len, 2);
}

#[test]
fn creature_that_cannot_be_paid_sets_back() {
    let mut s = table([&["2S"], &["3C"], &[], &[]], "", &["10S", "9S"], &[]);
    draw(&mut s, "KD");
    assert!(legal(&s).contains(&Action::Concede));
    play(&mut s, Action::Concede);
    assert_eq!(s.path.len, 1);
}

#[test]
fn power_adds_one_per_card_and_the_curse_adds_two() {
    // Cursed Fiend (14) with Power: 6+7 = 15 wins, 6+6 = 14 wins, 6+5 = 13 loses.
    for (a, b, wins) in [("6S", "7S", true), ("6S", "6C", true), ("6S", "5S", false)] {
        let mut s = table([&[a], &[b], &[], &[]], "KS", &["10S", "9S"], &[]);
        s.curses = 1;
        draw(&mut s, "QD");
        assert_eq!(s.fight.target, 14);
        play(&mut s, Action::Pay(0));
        if s.phase == Phase::Creature {
            play(&mut s, Action::Pay(1));
        }
        assert_eq!(s.phase == Phase::Draw && s.path.len == 2, wins, "{a}+{b}");
    }
}

#[test]
fn trap_takes_one_black_even_card_or_sets_back() {
    let mut s = table([&["4S"], &["4H"], &["QS"], &[]], "", &["10S", "9S"], &[]);
    draw(&mut s, "5H");
    // The only payer is taken without asking: not the red 4, nor the black queen.
    assert_eq!(s.slots[0].len, 0);
    assert_eq!((s.slots[1].len, s.slots[2].len), (1, 1));
    assert_eq!(s.path.len, 2);
    draw(&mut s, "7D");
    assert_eq!(s.path.len, 1, "no payer: setback");
}

#[test]
fn portcullis_blocks_setbacks_and_a_second_one_loses() {
    let mut s = table([&["2S"], &[], &[], &[]], "", &["10S", "9S"], &[]);
    draw(&mut s, "AS");
    assert!(s.path.top().portcullis);
    draw(&mut s, "AC");
    assert_eq!(s.end(), Some(EndKind::Portcullis));
    let mut s = table([&["2S"], &[], &[], &[]], "", &["10S", "9S"], &[]);
    draw(&mut s, "AS");
    draw(&mut s, "KD");
    play(&mut s, Action::Concede);
    assert_eq!(
        s.end(),
        Some(EndKind::Barrier),
        "a lost fight with a Portcullis behind"
    );
}

#[test]
fn chasm_needs_a_rope_and_a_red_flip_takes_the_equipped_card() {
    let mut s = table([&["9C"], &["8H"], &[], &[]], "QS", &["10S", "9S"], &[]);
    draw(&mut s, "AH");
    assert_eq!(s.path.top().unpassed, 1);
    assert_eq!(s.phase, Phase::ChasmRope);
    play(&mut s, Action::Pass);
    draw(&mut s, "3D");
    assert_eq!(s.equipped, NO_CARD, "a red flip discards the Equipped card");
    // The needed 8 waits behind the Chasm until a Rope is paid.
    draw(&mut s, "4C");
    play(&mut s, Action::Stow(GRAVE));
    assert!(!legal(&s).contains(&Action::PlayPath(1)));
    play(&mut s, Action::Rope(0));
    play(&mut s, Action::PlayPath(1));
    assert_eq!(s.path.len, 3);
    assert!(s.path.top().chasm_behind, "the passed Chasm is a barrier");
}

#[test]
fn lost_discards_three_deck_cards_unless_an_hourglass_is_used() {
    let mut s = table([&["QS"], &["2C"], &[], &[]], "", &["10S"], &[]);
    let deck = s.deck.len();
    draw(&mut s, "8D");
    play(&mut s, Action::Hourglass(0));
    assert_eq!(s.deck.len(), deck - 1);
    draw(&mut s, "8C");
    assert_eq!(
        s.phase,
        Phase::LostDiscard(3),
        "no Hourglass left: Lost strikes"
    );
    for x in ["3D", "4D", "5D"] {
        draw(&mut s, x);
    }
    assert_eq!(s.deck.len(), deck - 5, "the draw and three lost cards");
}

#[test]
fn darkness_takes_a_card_unless_a_torch_burns_twice() {
    let mut s = table([&["4H"], &["5C"], &[], &[]], "", &["10S"], &[]);
    draw(&mut s, "6D");
    play(&mut s, Action::Torch(0));
    assert!(s.sideways.contains(c("4H")));
    draw(&mut s, "6H");
    play(&mut s, Action::Torch(0));
    assert_eq!(s.slots[0].len, 0, "the second use burns the Torch");
    draw(&mut s, "6C");
    assert_eq!(s.slots[1].len, 0, "no Torch: the only card goes");
}

#[test]
fn gremlin_takes_the_highest_or_everything_else_and_a_ward_stops_it() {
    let mut s = table([&["KS"], &["5C"], &["AD"], &[]], "7C", &["10S"], &[]);
    draw(&mut s, "Jk1");
    let l = legal(&s);
    assert!(l.contains(&Action::Ward(0)));
    assert!(
        l.contains(&Action::Discard(2)) && l.contains(&Action::KeepOnly(2)),
        "the ace is highest"
    );
    assert!(!l.contains(&Action::Discard(0)));
    play(&mut s, Action::KeepOnly(2));
    assert_eq!(s.inventory_count(), 1);
    // A beneficial Equipped card outranks everything.
    let mut s = table([&["AS"], &[], &[], &[]], "10C", &["10S"], &[]);
    draw(&mut s, "Jk2");
    assert!(legal(&s).contains(&Action::Discard(EQUIPPED)));
    assert!(!legal(&s).contains(&Action::Discard(0)));
}

#[test]
fn other_cards_are_kept_by_the_slot_rules_and_open_a_window() {
    let mut s = table([&["5S"], &["7C"], &["3D"], &[]], "", &["10S"], &[]);
    draw(&mut s, "4S");
    let l = legal(&s);
    assert!(
        l.contains(&Action::Stow(0))
            && l.contains(&Action::Stow(2))
            && l.contains(&Action::Stow(3))
    );
    assert!(!l.contains(&Action::Stow(1)) && l.contains(&Action::Stow(EQUIPPED)));
    play(&mut s, Action::Stow(0));
    assert_eq!(s.phase, Phase::Window);
    // With no Path, a drawn 2 starts it going up.
    let mut s = table([&["5S"], &[], &[], &[]], "", &[], &[]);
    draw(&mut s, "2C");
    assert_eq!((s.path.len, s.path.dir), (1, Dir::Up));
}

#[test]
fn advantage_draws_two_and_keeps_one_in_its_slot() {
    let mut s = table([&["5S", "AC"], &["7C"], &[], &[]], "", &["10S"], &[]);
    draw(&mut s, "4S");
    play(&mut s, Action::Advantage(0));
    draw(&mut s, "9D");
    draw(&mut s, "KH");
    play(&mut s, Action::Keep(c("KH")));
    assert_eq!(s.slots[0].top(), Some(c("KH")), "on top of the ace's slot");
    assert!(s.grave.set().contains(c("9D")) && s.grave.set().contains(c("AC")));
    assert_eq!(s.phase, Phase::Stow, "back to the interrupted decision");
}

#[test]
fn grave_dig_takes_any_graveyard_card_into_its_slot() {
    let mut s = table([&["JS"], &["8C"], &[], &[]], "", &["10S"], &["9H", "3C"]);
    draw(&mut s, "4S");
    play(&mut s, Action::Stow(GRAVE));
    play(&mut s, Action::GraveDig(0));
    play(&mut s, Action::Pick(c("9H")));
    assert_eq!(s.slots[0].top(), Some(c("9H")));
    assert_eq!(s.grave.top(), Some(c("JS")));
}

#[test]
fn hourglass_shuffles_three_chosen_graveyard_cards_into_the_deck() {
    let mut s = table(
        [&["QS"], &["8C"], &[], &[]],
        "",
        &["10S"],
        &["9H", "3C", "5C", "7C"],
    );
    draw(&mut s, "4S");
    play(&mut s, Action::Stow(GRAVE));
    let deck = s.deck.len();
    play(&mut s, Action::Hourglass(0));
    for x in ["9H", "5C", "4S"] {
        play(&mut s, Action::Pick(c(x)));
    }
    assert_eq!(s.deck.len(), deck + 3);
    assert_eq!(s.shuffles, 1);
    assert!(s.deck.contains(c("9H")) && s.grave.set().contains(c("QS")));
}

#[test]
fn chaos_destroys_two_creatures_then_curses() {
    let mut s = table([&["Jk1"], &["2C"], &[], &[]], "", &["10S", "9S"], &[]);
    draw(&mut s, "KD");
    play(&mut s, Action::Destroy(0));
    assert!(s.sideways.contains(c("Jk1")) && s.curses == 0);
    draw(&mut s, "QD");
    play(&mut s, Action::Destroy(0));
    assert_eq!(s.curses, 1);
    assert!(s.curse_area.contains(c("Jk1")));
    assert_eq!(s.path.len, 2);
}

#[test]
fn chaos_passage_counts_as_the_needed_room_and_the_second_curse_locks_equipped() {
    let mut s = table(
        [&["Jk1"], &["2C"], &[], &[]],
        "KS",
        &["10S", "9S", "8S", "7S", "6S"],
        &[],
    );
    s.curses = 1;
    draw(&mut s, "4C");
    play(&mut s, Action::Stow(GRAVE));
    play(&mut s, Action::Passage(0));
    assert_eq!(s.path.len, 6);
    assert_eq!(
        s.path.top().value,
        5,
        "a Passage on a top 6 going down counts as 5"
    );
    assert!(s.locked && s.equipped == NO_CARD && s.curses == 2);
}

#[test]
fn chaos_time_shift_and_restock() {
    let mut s = table([&["Jk1"], &["Jk2"], &[], &[]], "", &["10S"], &["9H", "3C"]);
    draw(&mut s, "4C");
    play(&mut s, Action::Stow(GRAVE));
    let deck = s.deck.len();
    play(&mut s, Action::TimeShift(0));
    assert_eq!(s.deck.len(), deck + 3);
    assert!(s.grave.is_empty() && s.curses == 1);
    // Restock: the Chaos leaves, then 21 - 0 cards are drawn and placed.
    draw(&mut s, "4S");
    play(&mut s, Action::Stow(GRAVE));
    play(&mut s, Action::Restock(1));
    assert!(s.locked, "the second curse locks Equipped");
    assert_eq!(
        s.phase,
        Phase::Restock(20),
        "21 less the locked Equipped slot"
    );
    draw(&mut s, "KH");
    play(&mut s, Action::Stow(2));
    assert_eq!(s.slots[2].top(), Some(c("KH")), "no adjacency check");
}

#[test]
fn map_combos_make_one_room() {
    // Black map: 2+3 makes the 5 on a top 6; red map: black 8 - red 3 = 5.
    let mut s = table(
        [&["2S"], &["3C"], &["9D"], &[]],
        "AS",
        &["10S", "9S", "8S", "7S", "6S"],
        &[],
    );
    draw(&mut s, "4C");
    play(&mut s, Action::Stow(GRAVE));
    assert!(!legal(&s).contains(&Action::Map(2)), "9 cannot make 5");
    play(&mut s, Action::Map(0));
    // The 3♣ was the only card that could follow: it was laid by itself.
    assert_eq!((s.path.len, s.path.top().value), (6, 5));
    assert_eq!(s.path.top().cards.len(), 2, "one room of two cards");
    let mut s = table(
        [&["8S"], &["3H"], &[], &[]],
        "AH",
        &["10S", "9S", "8C", "7S", "6S"],
        &[],
    );
    draw(&mut s, "4C");
    play(&mut s, Action::Stow(GRAVE));
    play(&mut s, Action::Map(1));
    assert_eq!((s.path.len, s.path.top().value), (6, 5));
}

#[test]
fn map_combo_uses_a_card_turned_up_while_laying_it() {
    // Black Map, 3♣ under 2♣, need 5: the 2♣ brings up the 3♣, which completes the combo.
    let mut s = table(
        [&["3C", "2C"], &["KD"], &[], &[]],
        "AS",
        &["10S", "9S", "8S", "7S", "6S"],
        &[],
    );
    draw(&mut s, "4C");
    play(&mut s, Action::Stow(GRAVE));
    assert!(legal(&s).contains(&Action::Map(0)));
    play(&mut s, Action::Map(0));
    assert_eq!((s.path.len, s.path.top().value), (6, 5));
    assert_eq!(s.slots[0].len, 0, "both cards of slot 1 make the room");
    // A face-down card turned up may replace a planned one: 2♣ (planned with 3♠) turns up
    // the face-down 3♦... which is red, so with a black Map it adds 3 as well.
    let mut s = table(
        [&["3D", "2C"], &["3S"], &[], &[]],
        "AS",
        &["10S", "9S", "8S", "7S", "6S"],
        &[],
    );
    s.slots[0].down = 1;
    draw(&mut s, "4C");
    play(&mut s, Action::Stow(GRAVE));
    play(&mut s, Action::Map(0));
    assert_eq!(legal(&s), vec![Action::Map(0), Action::Map(1)]);
    play(&mut s, Action::Map(0));
    assert_eq!((s.path.len, s.slots[1].len), (6, 1), "the 3♠ is kept");
}

#[test]
fn map_combo_is_begun_only_when_known_cards_can_complete_it() {
    // 2♣ over a face-down card: the card below is unknown, so no combo is begun on it.
    let mut s = table(
        [&["3C", "2C"], &["KD"], &[], &[]],
        "AS",
        &["10S", "9S", "8S", "7S", "6S"],
        &[],
    );
    s.slots[0].down = 1;
    draw(&mut s, "4C");
    assert!(legal(&s).iter().all(|a| !matches!(a, Action::Map(_))));
}

#[test]
fn grave_inventory_uses_the_graveyard_top_and_spends_it_to_the_bottom() {
    let mut s = table(
        [&["2C"], &[], &[], &[]],
        "JS",
        &["10S", "9S"],
        &["KC", "3H"],
    );
    draw(&mut s, "QD");
    play(&mut s, Action::Pay(GRAVE));
    assert_eq!(s.grave.as_slice()[0], c("3H"), "spent to the bottom");
    assert_eq!(s.phase, Phase::Creature, "3 of 12 paid");
    play(&mut s, Action::Pay(GRAVE));
    assert_eq!(s.phase, Phase::Draw, "3 + the king's 13 win");
}

#[test]
fn resourceful_allows_same_colour_and_searching_flips_a_card() {
    let mut s = table([&["5S"], &["9H"], &["2D"], &["KH"]], "QC", &["10S"], &[]);
    draw(&mut s, "4C");
    assert!(legal(&s).contains(&Action::Stow(0)), "±1");
    assert!(!legal(&s).contains(&Action::Stow(1)), "red 9");
    let mut s = table([&["5S"], &["9S"], &["2D"], &["KH"]], "QC", &["10S"], &[]);
    draw(&mut s, "2C");
    assert!(
        legal(&s).contains(&Action::Stow(1)),
        "black on black with Resourceful"
    );
    let mut s = table([&["5S"], &[], &[], &[]], "10C", &["10S"], &[]);
    draw(&mut s, "4C");
    play(&mut s, Action::Stow(GRAVE));
    assert_eq!(
        s.phase,
        Phase::SearchOffer,
        "the window had nothing to offer"
    );
    play(&mut s, Action::Search);
    draw(&mut s, "KD");
    assert_eq!(s.phase, Phase::SearchStow, "no event for a searched card");
}

#[test]
fn empty_inventory_and_empty_deck_lose() {
    let mut s = table([&["4H"], &[], &[], &[]], "", &["10S"], &[]);
    draw(&mut s, "6D");
    play(&mut s, Action::Discard(0));
    assert_eq!(s.end(), Some(EndKind::EmptyInventory));
    let mut s = table([&["2C"], &[], &[], &[]], "", &["10S"], &[]);
    let last = s.deck.iter().next().unwrap();
    s.deck = CardSet::single(last);
    play(&mut s, Action::Card(last));
    while game().actor(&s) == gameshelf_engine::Actor::Player(0) {
        let l = legal(&s);
        play(&mut s, *l.last().unwrap());
    }
    assert_eq!(s.end(), Some(EndKind::DeckOut));
}

#[test]
fn advantage_may_be_used_before_a_turn_s_draw() {
    let mut s = table([&["5S", "AC"], &["7C"], &[], &[]], "", &["10S"], &[]);
    draw(&mut s, "4S");
    play(&mut s, Action::Stow(GRAVE));
    play(&mut s, Action::Pass);
    assert_eq!(
        s.phase,
        Phase::BeforeDraw,
        "the ace makes the moment a decision"
    );
    assert_eq!(legal(&s), vec![Action::Advantage(0), Action::Pass]);
    play(&mut s, Action::Advantage(0));
    draw(&mut s, "9C");
    draw(&mut s, "9S");
    play(&mut s, Action::Keep(c("9C")));
    assert_eq!(s.slots[0].top(), Some(c("9C")));
    // With no ace left, the draw follows by itself.
    assert_eq!(s.phase, Phase::Draw);
    let mut s = table([&["5S"], &["7C"], &[], &[]], "KS", &["10S"], &[]);
    draw(&mut s, "4S");
    play(&mut s, Action::Stow(GRAVE));
    assert_eq!(s.phase, Phase::Draw);
}

#[test]
fn advantage_may_be_used_before_a_chasm_s_flip_without_a_path() {
    let mut s = table([&["5S", "AC"], &["7C"], &[], &[]], "KS", &[], &[]);
    draw(&mut s, "AH");
    assert_eq!(s.phase, Phase::ChasmRope);
    assert_eq!(legal(&s), vec![Action::Advantage(0), Action::Pass]);
    play(&mut s, Action::Pass);
    assert_eq!(s.phase, Phase::ChasmFlip);
}

#[test]
fn deal_1597689927250150464_offers_the_advantage_before_the_forced_start() {
    // A♣ visible, 2♣ the only start card, and the first draw 2♠ an Obstacle in the first
    // room: the Advantage must be offered before the start and before that draw.
    let g = game();
    let deal = Deal::new(1_597_689_927_250_150_464, 2);
    let mut s = g.initial_state();
    while g.actor(&s) == Actor::Chance {
        let a = deal.choose(&g, &s);
        play(&mut s, a);
    }
    assert_eq!(s.phase, Phase::SetupStart);
    let l = legal(&s);
    assert!(l.iter().any(|a| matches!(a, Action::Advantage(_))), "{l:?}");
    let start = *l.iter().find(|a| matches!(a, Action::Start(_))).unwrap();
    play(&mut s, start);
    assert_eq!(s.phase, Phase::BeforeDraw);
    assert!(legal(&s).iter().any(|a| matches!(a, Action::Advantage(_))));
    let sol = solve(&g, &deal, Limits::nodes(1_000));
    assert!(sol.nodes > 1, "searched, not lost without a choice");
}

#[test]
fn grave_inventory_cards_under_the_top_count_when_the_fight_can_be_won() {
    // A Fiend (12): the graveyard's 3♥ then K♣ reach it, so the setback is not offered.
    let mut s = table(
        [&["2C"], &[], &[], &[]],
        "JS",
        &["10S", "9S"],
        &["KC", "3H"],
    );
    draw(&mut s, "QD");
    assert!(!legal(&s).contains(&Action::Concede));
}

#[test]
fn a_card_paid_in_a_fight_does_not_pay_again_through_grave_inventory() {
    // One graveyard card: spent, it goes to the bottom, which is the top again.
    let mut s = table([&["2C"], &[], &[], &[]], "JS", &["10S", "9S"], &["9H"]);
    draw(&mut s, "QD");
    play(&mut s, Action::Pay(GRAVE));
    assert_eq!(s.grave.top(), Some(c("9H")));
    assert!(!legal(&s).contains(&Action::Pay(GRAVE)));
    // A card paid from a slot lies on the graveyard's top: it does not pay twice either.
    let mut s = table([&["7C"], &["5C"], &[], &[]], "JS", &["10S", "9S"], &[]);
    draw(&mut s, "QD");
    play(&mut s, Action::Pay(0));
    assert!(!legal(&s).contains(&Action::Pay(GRAVE)));
}

#[test]
fn known_cards_under_a_slot_top_count_when_the_fight_can_be_won() {
    // 2♣ over a face-up K♠: paying the 2 brings up the king, so the Wraith can be beaten.
    let mut s = table([&["KS", "2C"], &[], &[], &[]], "", &["10S", "9S"], &[]);
    draw(&mut s, "KD");
    assert!(!legal(&s).contains(&Action::Concede));
    // The same king face down is unknown: the setback may be taken.
    let mut s = table([&["KS", "2C"], &[], &[], &[]], "", &["10S", "9S"], &[]);
    s.slots[0].down = 1;
    draw(&mut s, "KD");
    assert!(legal(&s).contains(&Action::Concede));
}

#[test]
fn traps_only_still_places_a_needed_card_that_is_no_event() {
    let g = variant("oubliette-solitaire(need_overrides=traps_only)");
    let mut s = table([&["3S"], &["4S"], &["5C"], &["7C"]], "", &["10S"], &[]);
    play_in(&g, &mut s, Action::Card(c("9C")));
    assert_eq!(s.phase, Phase::PathOffer, "a black 9 is no event");
    play_in(&g, &mut s, Action::Place);
    play_in(&g, &mut s, Action::Card(c("8C")));
    assert_eq!(
        s.phase,
        Phase::LostDiscard(3),
        "an 8 is Lost, even when needed"
    );
    let mut s = table([&["3S"], &["4S"], &["5C"], &["7C"]], "", &["10S"], &[]);
    play_in(&g, &mut s, Action::Card(c("9H")));
    assert_eq!(s.phase, Phase::PathOffer, "a needed Trap is a Path card");
}

#[test]
fn ward_consumed_false_keeps_the_king() {
    let g = variant("oubliette-solitaire(ward_consumed=false)");
    let mut s = table([&["KS"], &["5C"], &[], &[]], "", &["10S"], &[]);
    play_in(&g, &mut s, Action::Card(c("Jk1")));
    play_in(&g, &mut s, Action::Ward(0));
    assert_eq!(s.slots[0].top(), Some(c("KS")));
    assert_eq!(s.inventory_count(), 2);
    let mut s = table([&["KS"], &["5C"], &[], &[]], "", &["10S"], &[]);
    draw(&mut s, "Jk1");
    play(&mut s, Action::Ward(0));
    assert_eq!(s.slots[0].len, 0, "by default the Ward is spent");
}

#[test]
fn advantage_other_card_deck_bottom_puts_it_under_the_deck() {
    let g = variant("oubliette-solitaire(advantage_other_card=deck_bottom)");
    let mut s = table([&["5S", "AC"], &["7C"], &[], &[]], "", &["10S"], &[]);
    s.deck = [c("9C"), c("9S"), c("3C"), c("4C")].into_iter().collect();
    play_in(&g, &mut s, Action::Card(c("4C")));
    play_in(&g, &mut s, Action::Stow(GRAVE));
    play_in(&g, &mut s, Action::Advantage(0));
    play_in(&g, &mut s, Action::Card(c("9C")));
    play_in(&g, &mut s, Action::Card(c("9S")));
    play_in(&g, &mut s, Action::Keep(c("9C")));
    play_in(&g, &mut s, Action::Pass);
    assert_eq!(s.bottom.as_slice(), &[c("9S")]);
    assert!(!s.grave.set().contains(c("9S")));
    assert_eq!(s.deck_len(), 2);
    let obs = g.observe(&s, 0);
    assert_eq!(obs.deck_count, 2);
    assert_eq!(
        obs.table.bottom.as_slice(),
        &[c("9S")],
        "the player knows it"
    );
    // The unordered deck comes first; then the card under it, and nothing else.
    assert_eq!(g.chance_pool(&s), CardSet::single(c("3C")));
    play_in(&g, &mut s, Action::Card(c("3C")));
    play_in(&g, &mut s, Action::Stow(GRAVE));
    play_in(&g, &mut s, Action::Pass);
    assert_eq!(s.phase, Phase::Draw);
    assert_eq!(g.chance_pool(&s), CardSet::single(c("9S")));
}

#[test]
fn turning_up_a_face_down_card_is_a_reveal() {
    let mut s = table([&["QS", "2C"], &["4S"], &[], &[]], "", &["10S"], &[]);
    s.slots[0].down = 1;
    draw(&mut s, "7D");
    let before = s;
    play(&mut s, Action::Pay(0));
    assert!(game().revealed(&before, &s), "the Q♠ came up");
    let mut s = table([&["QS", "2C"], &["4S"], &[], &[]], "", &["10S"], &[]);
    s.slots[0].down = 1;
    draw(&mut s, "7D");
    let before = s;
    play(&mut s, Action::Pay(1));
    assert!(!game().revealed(&before, &s), "slot 2 had nothing below");
}

#[test]
fn the_heuristic_counts_the_deck_without_face_down_cards() {
    // Ten cards to draw and sixteen face down: the deck is low, so the Hourglass cancels Lost.
    let g = game();
    let mut s = table(
        [
            &["2D", "3D", "4D", "5D", "QS"],
            &["6D", "7D", "8D", "9D", "10D"],
            &["2H", "3H", "4H", "5H", "JD"],
            &["6H", "7H", "8H", "9H", "10H"],
        ],
        "",
        &["10S"],
        &[],
    );
    for slot in &mut s.slots {
        slot.down = 4;
    }
    let lost = c("8C");
    let others: Vec<u8> = s.deck.iter().filter(|&x| x != lost).collect();
    s.deck = others[..10].iter().copied().chain([lost]).collect();
    for &x in &others[10..] {
        s.grave.push(x);
    }
    draw(&mut s, "8C");
    assert_eq!(s.phase, Phase::Lost);
    let obs = g.observe(&s, 0);
    assert_eq!((obs.deck_count, obs.unseen().len()), (10, 26));
    let choice = bot::choose(&g, &obs, &legal(&s));
    assert_eq!(choice, Action::Hourglass(0));
}
