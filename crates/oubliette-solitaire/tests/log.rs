//! The solitaire's words on seeded games: every move the rules make by themselves is in the
//! line of the move that caused it, every card that moves is named, verdicts and reasons
//! are given, and the table and the result say what the rules did.

use gameshelf_engine::{Actor, Game, Outcomes, Rng};
use gameshelf_oubliette_solitaire::card::{Card, NO_CARD, Show, is_joker};
use gameshelf_oubliette_solitaire::describe::{self, room_name};
use gameshelf_oubliette_solitaire::present::{observation_text, result_text};
use gameshelf_oubliette_solitaire::{
    Action, Deal, EndKind, GRAVE, Observation, OublietteSolitaire, Phase, State,
};

/// The variants played: the defaults, and one where many contested readings differ.
const VARIANTS: [&str; 2] = [
    "oubliette-solitaire",
    "oubliette-solitaire(jokers=3,need_overrides=traps_only,same_number_also_event=true,\
     chasm_survives_setback=true,hourglass_pick=top3,advantage_other_card=deck_bottom,\
     blocked_need=graveyard)",
];

fn game(spec: &str) -> OublietteSolitaire {
    OublietteSolitaire::from_spec(&spec.parse().unwrap()).unwrap()
}

/// Plays seeded games with uniformly random choices and calls `visit` with every state and
/// the move played in it; stops early when `visit` returns `true`, and says whether it did.
fn play(
    game: &OublietteSolitaire,
    games: u64,
    mut visit: impl FnMut(&State, Action) -> bool,
) -> bool {
    let mut legal = Vec::new();
    let mut outcomes = Outcomes::new();
    for g in 0..games {
        let mut rng = Rng::for_stream(23, g);
        let mut s = game.initial_state();
        loop {
            let a = match game.actor(&s) {
                Actor::Terminal => break,
                Actor::Chance => game.sample_chance(&s, &mut rng, &mut outcomes),
                Actor::Player(_) => {
                    game.legal_actions(&s, &mut legal);
                    legal[rng.below(legal.len() as u64) as usize]
                }
            };
            if visit(&s, a) {
                return true;
            }
            game.apply_unchecked(&mut s, a);
        }
    }
    false
}

/// The state after `a` in `s`.
fn after(game: &OublietteSolitaire, s: &State, a: Action) -> State {
    let mut n = *s;
    game.apply_unchecked(&mut n, a);
    n
}

/// The log line of `a` in `s`.
fn line(game: &OublietteSolitaire, s: &State, a: Action) -> String {
    gameshelf_oubliette_solitaire::log::line(game, s, a)
}

/// The steps the rules take for `a` in `s`: `a` first, then each forced decision.
fn steps(game: &OublietteSolitaire, s: &State, a: Action) -> Vec<(State, Action)> {
    let mut steps = Vec::new();
    let mut n = *s;
    game.apply_traced(&mut n, a, |x, y| steps.push((*x, y)));
    steps
}

/// Where the player sees a card: computed from the observation, so a face-down card is
/// `Unseen` like a deck card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    Unseen,
    Under,
    Slot(usize),
    Equipped,
    Path,
    Grave,
    Curse,
    Removed,
    InHand,
}

fn seen(obs: &Observation, c: Card) -> Seen {
    let t = &obs.table;
    let adv = &t.advantage;
    if t.drawn == c
        || t.item == c
        || adv.ace == c
        || adv.cards[..adv.len as usize].contains(&c)
        || t.combo.cards.contains(c)
    {
        return Seen::InHand;
    }
    if let Some(i) = t
        .slots
        .iter()
        .position(|slot| slot.face_up_from_top().any(|x| x == c))
    {
        return Seen::Slot(i);
    }
    if t.equipped == c {
        Seen::Equipped
    } else if t.path.cards().contains(c) {
        Seen::Path
    } else if t.grave.as_slice().contains(&c) {
        Seen::Grave
    } else if t.curse_area.contains(c) {
        Seen::Curse
    } else if t.removed.contains(c) {
        Seen::Removed
    } else if t.bottom.as_slice().contains(&c) {
        Seen::Under
    } else {
        Seen::Unseen
    }
}

#[test]
fn every_card_that_moves_where_the_player_sees_it_is_named_in_its_line() {
    for spec in VARIANTS {
        let game = game(spec);
        let cards = game.config().deck_size() as Card;
        let mut checked = 0;
        play(&game, 40, |s, a| {
            let n = after(&game, s, a);
            let (ob, on) = (Observation::of(s), Observation::of(&n));
            let text = line(&game, s, a);
            for c in 0..cards {
                let (x, y) = (seen(&ob, c), seen(&on, c));
                // The card being resolved ends in the graveyard, as every drawn card does;
                // it was named when it came.
                if x == y || y == Seen::InHand || y == Seen::Unseen && x == Seen::InHand {
                    continue;
                }
                if c == s.drawn && y == Seen::Grave {
                    continue;
                }
                let name = Show(c).to_string();
                assert!(
                    text.contains(&name),
                    "{spec}: {name} went from {x:?} to {y:?} but the line does not say so: {text}"
                );
                checked += 1;
            }
            false
        });
        assert!(checked > 1000, "{spec}: only {checked} moves checked");
    }
}

#[test]
fn every_decision_the_rules_play_by_themselves_is_told() {
    for spec in VARIANTS {
        let game = game(spec);
        let mut told = 0;
        play(&game, 40, |s, a| {
            let text = line(&game, s, a);
            for (b, f) in steps(&game, s, a).into_iter().skip(1) {
                let words = match (b.phase, f) {
                    // Nothing happens but the next chance node, which has its own line.
                    (Phase::BeforeDraw | Phase::Window | Phase::SearchOffer, Action::Pass) => {
                        continue;
                    }
                    (Phase::ChasmRope, Action::Pass) if !b.path.is_set() => continue,
                    (_, Action::Concede) => "the setback".to_owned(),
                    (Phase::ChasmRope, Action::Pass) => "no Rope in view".to_owned(),
                    (Phase::Lost, Action::Pass) => "no Hourglass in view".to_owned(),
                    (Phase::Darkness | Phase::Gremlin, Action::Pass) => "takes nothing".to_owned(),
                    (Phase::AdvantageKeep, Action::Pass) => "let go".to_owned(),
                    (Phase::Stow | Phase::SearchStow, Action::Stow(GRAVE)) => {
                        format!("{} cannot be kept", Show(b.drawn))
                    }
                    _ => describe::action(&game, &b, f),
                };
                assert!(
                    text.contains(&words),
                    "{spec}: the forced {f:?} in {:?} is not told ({words:?}): {text}",
                    b.phase
                );
                told += 1;
            }
            false
        });
        assert!(told > 50, "{spec}: only {told} forced decisions seen");
    }
}

/// The first numbered deal whose setup start is forced (one 10 or 2 in view, no ace).
fn forced_start_deal(game: &OublietteSolitaire) -> (State, Action) {
    for number in 1..500 {
        let deal = Deal::new(number, 2);
        let mut s = game.initial_state();
        while s.phase == Phase::Deal || s.phase == Phase::DealEquip {
            let a = deal.choose(game, &s);
            if s.phase == Phase::DealEquip {
                let forced = steps(game, &s, a)
                    .iter()
                    .any(|(b, _)| b.phase == Phase::SetupStart);
                if forced {
                    return (s, a);
                }
            }
            game.apply_unchecked(&mut s, a);
        }
    }
    panic!("no deal with a forced start");
}

#[test]
fn the_forced_path_start_is_told() {
    let game = OublietteSolitaire::default();
    let (s, a) = forced_start_deal(&game);
    let n = after(&game, &s, a);
    let start = Show(n.path.rooms[0].cards.iter().next().unwrap()).to_string();
    let text = line(&game, &s, a);
    assert!(
        text.contains(&format!("start the Path with {start}"))
            && text.contains("the only 10 or 2 in view")
            && text.contains("the Path runs"),
        "{text}"
    );
}

#[test]
fn a_failed_trap_says_which_room_it_sets_back() {
    let game = OublietteSolitaire::default();
    let found = play(&game, 200, |s, a| {
        let n = after(&game, s, a);
        let trap = s.phase == Phase::Trap
            || steps(&game, s, a)
                .iter()
                .any(|(b, _)| b.phase == Phase::Trap);
        if !trap || n.path.len >= s.path.len || n.end().is_some() {
            return false;
        }
        let text = line(&game, s, a);
        let room = room_name(s, s.path.len as usize - 1);
        assert!(text.contains(&format!("the room {room}")), "{text}");
        assert!(text.contains("goes to the graveyard"), "{text}");
        true
    });
    assert!(found, "no failed Trap set a room back");
}

#[test]
fn a_setback_that_loses_says_why() {
    let game = OublietteSolitaire::default();
    let mut seen = 0;
    play(&game, 100, |s, a| {
        let n = after(&game, s, a);
        let Some(kind) = n.end() else { return false };
        let text = line(&game, s, a);
        let words = match kind {
            EndKind::FirstRoom => "lost: a setback in the first room loses",
            EndKind::Barrier => "directly behind the top room",
            EndKind::Portcullis => "a second Portcullis",
            EndKind::DeckOut => "the deck ran out",
            EndKind::EmptyInventory => "no card is left in the inventory",
            _ => return false,
        };
        assert!(text.contains(words), "{kind:?}: {text}");
        seen += 1;
        false
    });
    assert!(seen > 50);
}

#[test]
fn chaos_is_tagged_with_a_curse_exactly_when_one_comes() {
    let game = game(VARIANTS[1]);
    let (mut free, mut cursed) = (0, 0);
    play(&game, 400, |s, a| {
        if !matches!(
            a,
            Action::Destroy(_) | Action::Passage(_) | Action::TimeShift(_) | Action::Restock(_)
        ) {
            return false;
        }
        let curse = after(&game, s, a).curses > s.curses;
        for text in [describe::action(&game, s, a), line(&game, s, a)] {
            let tagged = text.contains("curse (");
            assert_eq!(tagged, curse, "{text}");
            if matches!(a, Action::Destroy(_)) && !curse && s.curses < 2 {
                assert!(text.contains("no curse yet"), "{text}");
            }
        }
        if curse {
            cursed += 1;
        } else {
            free += 1;
        }
        false
    });
    assert!(
        free > 0 && cursed > 0,
        "{free} free and {cursed} cursed Chaos uses"
    );
}

#[test]
fn a_fight_shows_the_total_against_the_creature() {
    let game = OublietteSolitaire::default();
    let found = play(&game, 100, |s, a| {
        let Action::Pay(p) = a else { return false };
        if s.phase != Phase::Creature || s.fight.paid == 0 {
            return false;
        }
        let n = after(&game, s, a);
        if n.phase == Phase::Creature || game.power(s) {
            return false;
        }
        let value = game.combat_value(game.see(s, p).unwrap());
        let expected = format!(
            "{} + {value} = {} against the {} {} ({}): beaten",
            s.fight.paid,
            s.fight.paid + value,
            describe::creature_name(s.drawn),
            Show(s.drawn),
            s.fight.target
        );
        let text = line(&game, s, a);
        assert!(text.contains(&expected), "{expected:?} not in {text}");
        true
    });
    assert!(found, "no fight won by a second payment");
}

#[test]
fn a_card_no_place_takes_says_why() {
    let game = OublietteSolitaire::default();
    let (mut forced, mut offered) = (false, false);
    play(&game, 300, |s, a| {
        if s.phase == Phase::Stow && !offered {
            let refused = describe::refusals(&game, s, s.drawn, Some(game.can_equip(s, s.drawn)));
            let text = observation_text(&game, &Observation::of(s));
            assert_eq!(
                refused.is_empty(),
                !text.contains("not offered: "),
                "{text}"
            );
            offered |= !refused.is_empty();
        }
        let forced_discard = steps(&game, s, a)
            .iter()
            .skip(1)
            .any(|(b, f)| b.phase == Phase::Stow && *f == Action::Stow(GRAVE));
        if forced_discard && !forced {
            let text = line(&game, s, a);
            assert!(text.contains("cannot be kept: "), "{text}");
            assert!(text.contains("it is discarded"), "{text}");
            assert!(
                text.contains("full") || text.contains("not one apart"),
                "{text}"
            );
            assert!(
                text.contains("Equipped holds") || text.contains("locked"),
                "{text}"
            );
            forced = true;
        }
        forced && offered
    });
    assert!(forced && offered);
}

#[test]
fn searched_and_restocked_cards_are_not_labelled_as_draws() {
    let game = OublietteSolitaire::default();
    let (mut searched, mut restocked) = (false, false);
    play(&game, 2000, |s, _| {
        let how = match s.phase {
            Phase::SearchStow => "Searched",
            Phase::RestockPlace(_) => "Restocked",
            _ => return false,
        };
        let text = observation_text(&game, &Observation::of(s));
        assert!(
            text.contains(&format!("{how}: {} -- ", Show(s.drawn))) && !text.contains("Drawn:"),
            "{text}"
        );
        // A Restock card goes into any slot with room: a full slot is the only refusal.
        let full = s.slots.iter().any(|slot| slot.len == 5);
        if how == "Restocked" {
            assert_eq!(full, text.contains(" full"), "{text}");
            assert!(!text.contains("not one apart"), "{text}");
        }
        searched |= how == "Searched";
        restocked |= how == "Restocked";
        searched && restocked
    });
    assert!(searched && restocked);
}

#[test]
fn a_passed_chasm_is_drawn_once() {
    let game = OublietteSolitaire::default();
    let found = play(&game, 2000, |s, _| {
        let beyond = s.path.rooms[..s.path.len as usize]
            .iter()
            .any(|r| r.chasm_behind);
        let passed: usize = s.path.rooms[..s.path.len as usize]
            .iter()
            .map(|r| r.passed as usize)
            .sum();
        let text = observation_text(&game, &Observation::of(s));
        assert_eq!(text.matches("=C=").count(), passed, "{text}");
        beyond
    });
    assert!(found, "no room was placed beyond a passed Chasm");
}

#[test]
fn the_result_says_what_decided_it() {
    let game = OublietteSolitaire::default();
    let mut causes = 0;
    play(&game, 200, |s, a| {
        let n = after(&game, s, a);
        let Some(kind) = n.end() else { return false };
        let text = result_text(&game, &n);
        let reason = describe::end_reason(&game, &n).unwrap();
        assert!(text.contains(&reason), "{text}");
        let trap = n.drawn != NO_CARD
            && game.event_meaning(&n, n.drawn) == gameshelf_oubliette_solitaire::Meaning::Trap;
        if trap {
            assert!(
                text.contains(&format!("the Trap {} could not be paid", Show(n.drawn))),
                "{text}"
            );
            causes += 1;
        }
        if kind == EndKind::Won {
            assert!(text.starts_with("You escaped"), "{text}");
        }
        false
    });
    assert!(causes > 0, "no game lost to a Trap");
}

#[test]
fn a_searched_joker_is_refused_equipped_for_being_a_joker() {
    // The reason a Joker cannot be equipped is the Joker, not what Equipped holds.
    let game = OublietteSolitaire::default();
    let found = play(&game, 2000, |s, _| {
        if s.phase != Phase::SearchStow || !is_joker(s.drawn) {
            return false;
        }
        let refused = describe::refusals(&game, s, s.drawn, Some(false));
        assert!(
            refused.iter().any(|r| r == "a Joker cannot be equipped"),
            "{refused:?}"
        );
        assert!(
            !refused.iter().any(|r| r.starts_with("Equipped holds")),
            "{refused:?}"
        );
        true
    });
    assert!(found, "no Joker was searched");
}

#[test]
fn an_illegal_action_is_named_without_being_played() {
    let game = OublietteSolitaire::default();
    let s = game.initial_state();
    for a in [
        Action::Pay(9),
        Action::Stow(200),
        Action::Card(NO_CARD),
        Action::Pass,
    ] {
        let text = line(&game, &s, a);
        assert!(text.ends_with("(not legal here)"), "{text}");
    }
}
