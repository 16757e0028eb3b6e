//! Every event card's effect, resolved from its data.

mod common;

use common::*;
use gameshelf_open_oubliette::state::NONE;
use gameshelf_open_oubliette::{Action, OpenOubliette, Phase, State};

/// Seat 0 has just beaten a Squasc on corner 5, won Pottery Shards (card 0) this turn, and
/// is about to draw an event.
fn at_event(g: &OpenOubliette) -> State {
    let mut s = started(g);
    s.players[0].pos = 1;
    let squasc = monster(g, "Squasc");
    feed(
        g,
        &mut s,
        &[mv(1, 3), Action::DrawMonster(squasc), Action::Roll(12)],
    );
    assert_eq!(s.phase, Phase::DrawTreasure);
    apply(g, &mut s, Action::DrawTreasure(0));
    assert_eq!(s.phase, Phase::DrawEvent);
    assert_eq!(s.players[0].pos, 5);
    s
}

/// Draws this very event card: its identical lower copies go to the discard first, since
/// identical cards are listed once, as their lowest copy left.
fn draw_event(g: &OpenOubliette, s: &mut State, card: u8) {
    for c in g.decks().event_copies[card as usize] {
        if c < card && s.event_draw.remove(c) {
            s.event_discard.insert(c);
        }
    }
    apply(g, s, Action::DrawEvent(card));
}

fn draws(g: &OpenOubliette, s: &mut State, n: usize) {
    for _ in 0..n {
        assert_eq!(s.phase, Phase::DrawTreasure, "expected {n} draws");
        let c = s.treasure_draw.iter().next().unwrap();
        apply(g, s, Action::DrawTreasure(c));
    }
    assert_ne!(s.phase, Phase::DrawTreasure, "more than {n} draws");
}

/// The turn passed to seat 1 (no extra turn, nothing pending).
fn next_seat(s: &State) -> bool {
    s.current == 1 && s.phase == Phase::MoveRoll
}

#[test]
fn every_event_card_does_what_its_data_says() {
    let g = game("open-oubliette");
    for number in 1..=32u32 {
        let card = event_no(&g, number);
        let mut s = at_event(&g);
        let wounded = (14..=16).contains(&number);
        if wounded {
            give_wounds(
                &g,
                &mut s,
                0,
                &[wound(&g, 4, 0), wound(&g, 3, 0), wound(&g, 1, 0)],
            );
        }
        draw_event(&g, &mut s, card);
        let me = s.players[0];
        match number {
            1 => {
                apply(&g, &mut s, Action::Die(5));
                draws(&g, &mut s, 3);
                assert_eq!(s.players[0].unused.len(), 4);
                let mut t = at_event(&g);
                draw_event(&g, &mut t, card);
                feed(&g, &mut t, &[Action::Die(4)]);
                assert!(next_seat(&t) && t.players[0].unused.len() == 1);
            }
            2 => {
                apply(&g, &mut s, Action::Die(4));
                draws(&g, &mut s, 2);
                let mut t = at_event(&g);
                draw_event(&g, &mut t, card);
                feed(&g, &mut t, &[Action::Die(3)]);
                assert!(next_seat(&t) && t.players[0].unused.len() == 1);
            }
            3 | 4 => {
                assert_eq!(legal(&g, &s), vec![Action::Keep, Action::UseNow]);
                let mut t = s.clone();
                apply(&g, &mut t, Action::Keep);
                assert!(t.players[0].kept.contains(card) && !next_seat(&t));
                // Kept Shortcut opens the window after the events: pass it.
                assert_eq!(t.phase, Phase::PostWindow);
                apply(&g, &mut s, Action::UseNow);
                assert_eq!((s.phase, s.players[0].pos), (Phase::ExitChoice, 0));
                assert!(s.event_discard.contains(card));
            }
            5 => assert!(next_seat(&s) && s.players[0].pos == 9),
            6 => assert!(next_seat(&s) && s.players[0].pos == 1),
            7..=10 => {
                // The extra turn has begun (and used up the counter).
                assert_eq!(me.extra_turns, 0);
                assert!(s.current == 0 && s.turn.is_extra && s.phase == Phase::MoveRoll);
            }
            11 | 12 => assert!(next_seat(&s) && s.players[0].lost_turns == 1),
            13 => {
                apply(&g, &mut s, Action::Die(2));
                assert_eq!(s.players[0].lost_turns, 1);
                assert!(!s.players[0].unused.contains(0) && s.treasure_removed.contains(0));
                let mut t = at_event(&g);
                draw_event(&g, &mut t, card);
                feed(&g, &mut t, &[Action::Die(3)]);
                assert!(t.players[0].unused.contains(0) && t.players[0].lost_turns == 0);
            }
            14..=16 => {
                assert_eq!(legal(&g, &s), vec![Action::Keep, Action::UseNow]);
                apply(&g, &mut s, Action::UseNow);
                let want = if number == 16 { 1 } else { 4 };
                assert_eq!(s.players[0].w, want, "card {number}");
                assert!(s.event_discard.contains(card));
            }
            17 => {
                assert_eq!((s.phase, s.fight.base), (Phase::CheckRoll, 10));
                feed(&g, &mut s, &[Action::Roll(10), Action::Die(3)]);
                draws(&g, &mut s, 6);
                assert_eq!(
                    s.players[0].trip_kills.count_ones(),
                    1,
                    "a Hoard win is no quest kill"
                );
            }
            18 | 19 => draws(&g, &mut s, 3),
            20 => {
                apply(&g, &mut s, Action::Roll(9));
                assert_eq!(s.phase, Phase::Steal);
                apply(&g, &mut s, Action::Steal(0));
                assert!(s.treasure_removed.contains(0) && next_seat(&s));
                let mut t = at_event(&g);
                draw_event(&g, &mut t, card);
                feed(&g, &mut t, &[Action::Roll(8)]);
                assert!(t.players[0].unused.contains(0) && next_seat(&t));
            }
            21..=23 => assert!(me.quests.contains(card) && next_seat(&s)),
            24 | 28..=32 => assert!(me.kept.contains(card) && next_seat(&s)),
            25..=27 => assert!(me.level_ups == 1 && next_seat(&s)),
            _ => unreachable!(),
        }
        assert_eq!(s.turn.event, NONE, "card {number} is resolved");
    }
}

#[test]
fn healing_without_severe_wounds_is_simply_kept() {
    let g = game("open-oubliette");
    let mut s = at_event(&g);
    apply(&g, &mut s, Action::DrawEvent(event_no(&g, 14)));
    assert!(s.players[0].kept.contains(event_no(&g, 14)) && next_seat(&s));
}

#[test]
fn quest_pays_at_the_exit_before_the_cash_in_and_is_discarded() {
    let g = game("open-oubliette");
    let mut s = started(&g);
    let quest = event_no(&g, 23); // Ogre -> 1 card
    let unmet = event_no(&g, 21); // Manticore -> 3 cards
    s.event_draw.remove(quest);
    s.event_draw.remove(unmet);
    s.players[0].quests = [quest, unmet].into_iter().collect();
    s.players[0].pos = 15;
    let ogre = monster(&g, "Ogre");
    s.players[0].trip_kills = 1 << g.decks().monsters[ogre as usize].kind;
    apply(&g, &mut s, mv(3, 4)); // passes the Exit to 2
    assert_eq!(s.phase, Phase::DrawTreasure, "the Ogre quest pays one card");
    apply(&g, &mut s, Action::DrawTreasure(5));
    assert_eq!(s.phase, Phase::ExitChoice);
    assert!(s.players[0].quests.is_empty(), "both discarded");
    assert!(s.event_discard.contains(quest) && s.event_discard.contains(unmet));
    assert_eq!(s.players[0].trip_kills, 0);
    apply(
        &g,
        &mut s,
        Action::Exit {
            recover: false,
            cash: true,
        },
    );
    assert_eq!(s.players[0].banked_value, 400);
    assert!(next_seat(&s));
}

#[test]
fn quest_kill_before_drawing_the_quest_counts_and_unmet_quests_can_persist() {
    let g = game("open-oubliette(quest_persists_if_unmet=true)");
    let mut s = started(&g);
    let unmet = event_no(&g, 21);
    s.event_draw.remove(unmet);
    s.players[0].quests.insert(unmet);
    s.players[0].pos = 15;
    apply(&g, &mut s, mv(3, 4));
    assert_eq!(s.phase, Phase::ExitChoice);
    assert!(s.players[0].quests.contains(unmet));
}

#[test]
fn trap_random_unused_variant_takes_a_random_card() {
    let g =
        game("open-oubliette(trap_treasure=random_unused,lost_treasure_dest=reshuffled_into_deck)");
    let mut s = at_event(&g);
    give_treasure(&mut s, 0, &[7]);
    feed(
        &g,
        &mut s,
        &[Action::DrawEvent(event_no(&g, 13)), Action::Die(1)],
    );
    assert_eq!(outcomes(&g, &s), vec![Action::Steal(0), Action::Steal(7)]);
    apply(&g, &mut s, Action::Steal(7));
    assert!(s.treasure_draw.contains(7), "reshuffled into the pile");
}

#[test]
fn tunnel_variants() {
    let g = game("open-oubliette(tunnel_triggers_landing=true)");
    let mut s = at_event(&g);
    apply(&g, &mut s, Action::DrawEvent(event_no(&g, 5)));
    assert_eq!(
        (s.phase, s.players[0].pos),
        (Phase::DrawMonster, 9),
        "a monster at 9"
    );
    let g = game("open-oubliette(tunnel_relative_to_move=true,direction_persists=true)");
    let mut s = started(&g);
    s.players[0].pos = 9;
    s.players[0].dir = gameshelf_open_oubliette::Dir::Back;
    let squasc = monster(&g, "Squasc");
    feed(
        &g,
        &mut s,
        &[
            mv(1, 3),
            Action::DrawMonster(squasc),
            Action::Roll(12),
            Action::DrawTreasure(0),
        ],
    );
    apply(&g, &mut s, Action::DrawEvent(event_no(&g, 5)));
    assert_eq!(s.players[0].pos, 1, "ahead = the way the token moved");
}

#[test]
fn spelunk_roll_and_move_variant_moves_without_landing_effects() {
    let g = game("open-oubliette(spelunk_mode=roll_and_move)");
    let mut s = at_event(&g);
    apply(&g, &mut s, Action::DrawEvent(event_no(&g, 7)));
    assert_eq!((s.current, s.phase), (0, Phase::MoveRoll));
    apply(&g, &mut s, mv(1, 2));
    assert_eq!(s.players[0].pos, 8);
    assert!(next_seat(&s), "no monster after the Spelunk move");
}

#[test]
fn hoard_deck_dragon_variant_takes_a_dragon_from_the_monster_pile() {
    let g = game("open-oubliette(hoard_draws_deck_dragon=true)");
    let mut s = at_event(&g);
    let dragons = s
        .monster_draw
        .iter()
        .filter(|&c| g.decks().monsters[c as usize].name == "Dragon")
        .count();
    apply(&g, &mut s, Action::DrawEvent(event_no(&g, 17)));
    assert_ne!(s.turn.monster, NONE);
    apply(&g, &mut s, Action::Roll(2));
    apply(&g, &mut s, Action::Roll(2)); // the dragon misses
    let left = s
        .monster_draw
        .iter()
        .filter(|&c| g.decks().monsters[c as usize].name == "Dragon")
        .count();
    assert_eq!(left, dragons - 1);
    assert!(
        s.monster_discard
            .iter()
            .any(|c| g.decks().monsters[c as usize].name == "Dragon")
    );
}
