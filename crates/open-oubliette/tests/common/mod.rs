//! Shared helpers: building games and states, feeding actions, checking invariants.
#![allow(dead_code)] // each test file uses a different part of the helpers

use gameshelf_engine::{Actor, CardSet, Game, Outcomes, Rng};
use gameshelf_open_oubliette::state::NONE;
use gameshelf_open_oubliette::{Action, OpenOubliette, Phase, State};

/// The game for a game string.
pub fn game(spec: &str) -> OpenOubliette {
    OpenOubliette::from_spec(&spec.parse().unwrap()).unwrap()
}

/// A started game: turn order = seat order, seat 0 about to roll (nobody holds anything).
pub fn started(g: &OpenOubliette) -> State {
    let mut s = g.initial_state();
    if s.phase == Phase::Order {
        apply(g, &mut s, Action::Order(0));
    }
    assert_eq!(s.phase, Phase::MoveRoll);
    s
}

/// Applies an action through the checked path; panics with the legal list if refused.
pub fn apply(g: &OpenOubliette, s: &mut State, a: Action) {
    if let Err(e) = g.apply(s, a) {
        let mut legal = Vec::new();
        g.legal_actions(s, &mut legal);
        let mut o = Outcomes::new();
        g.chance_outcomes(s, &mut o);
        panic!(
            "{e}\nphase {:?}, legal {legal:?}, chance {:?}",
            s.phase,
            o.as_slice().iter().map(|x| x.0).collect::<Vec<_>>()
        );
    }
    check_invariants(g, s);
}

/// Applies several actions.
pub fn feed(g: &OpenOubliette, s: &mut State, actions: &[Action]) {
    for &a in actions {
        apply(g, s, a);
    }
}

/// The legal actions.
pub fn legal(g: &OpenOubliette, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

/// The chance outcomes' actions.
pub fn outcomes(g: &OpenOubliette, s: &State) -> Vec<Action> {
    let mut o = Outcomes::new();
    g.chance_outcomes(s, &mut o);
    o.as_slice().iter().map(|x| x.0).collect()
}

/// A treasure card index by name.
pub fn treasure(g: &OpenOubliette, name: &str) -> u8 {
    g.decks()
        .treasures
        .iter()
        .position(|t| t.name == name)
        .unwrap() as u8
}

/// The first event card index with this title.
pub fn event(g: &OpenOubliette, title: &str) -> u8 {
    g.decks()
        .events
        .iter()
        .position(|e| e.title == title)
        .unwrap() as u8
}

/// The event card with this printed number.
pub fn event_no(g: &OpenOubliette, number: u32) -> u8 {
    g.decks()
        .events
        .iter()
        .position(|e| e.number == number)
        .unwrap() as u8
}

/// The first monster card with this name.
pub fn monster(g: &OpenOubliette, name: &str) -> u8 {
    g.decks()
        .monsters
        .iter()
        .position(|m| m.name == name)
        .unwrap() as u8
}

/// A wound card with this modifier.
pub fn wound(g: &OpenOubliette, modifier: u8, nth: usize) -> u8 {
    g.decks()
        .wounds
        .iter()
        .enumerate()
        .filter(|(_, w)| w.modifier == modifier)
        .nth(nth)
        .unwrap()
        .0 as u8
}

/// Gives seat `seat` treasure cards from the draw pile (as unused).
pub fn give_treasure(s: &mut State, seat: usize, cards: &[u8]) {
    for &c in cards {
        assert!(s.treasure_draw.remove(c));
        s.players[seat].unused.insert(c);
    }
}

/// Gives seat `seat` kept event cards from the draw pile.
pub fn give_kept(s: &mut State, seat: usize, cards: &[u8]) {
    for &c in cards {
        assert!(s.event_draw.remove(c));
        s.players[seat].kept.insert(c);
    }
}

/// Gives seat `seat` wound cards (and refreshes W through a round trip of the cache).
pub fn give_wounds(g: &OpenOubliette, s: &mut State, seat: usize, cards: &[u8]) {
    for &c in cards {
        assert!(s.wound_draw.remove(c));
        s.players[seat].wounds.insert(c);
    }
    s.players[seat].w = g.decks().wound_score(s.players[seat].wounds);
}

/// Moves a used weapon/armor card to `equipped` and refreshes the bonuses.
pub fn give_equipped(g: &OpenOubliette, s: &mut State, seat: usize, cards: &[u8]) {
    for &c in cards {
        assert!(s.treasure_draw.remove(c));
        s.players[seat].equipped.insert(c);
    }
    let p = &mut s.players[seat];
    let best = |set: CardSet| {
        set.iter()
            .map(|c| g.decks().treasures[c as usize].bonus)
            .max()
            .unwrap_or(0)
    };
    p.atk = best(p.equipped.intersection(g.decks().weapons));
    p.def = best(p.equipped.intersection(g.decks().armors));
}

/// A movement roll.
pub fn mv(a: u8, b: u8) -> Action {
    Action::Move(gameshelf_engine::dice::DicePair::new(a, b))
}

fn partition(name: &str, full: CardSet, parts: &[CardSet]) {
    let mut seen = CardSet::EMPTY;
    for p in parts {
        assert!(
            seen.is_disjoint(*p),
            "{name}: a card is in two places: {parts:?}"
        );
        seen = seen.union(*p);
    }
    assert_eq!(seen, full, "{name}: cards missing: {parts:?}");
}

fn single(c: u8) -> CardSet {
    if c == NONE {
        CardSet::EMPTY
    } else {
        CardSet::single(c)
    }
}

/// Every card is in exactly one place; lists are sorted and consistent with the actor.
pub fn check_invariants(g: &OpenOubliette, s: &State) {
    let d = g.decks();
    let n = g.num_players();
    let ps = &s.players[..n];
    let mut parts = vec![s.monster_draw, s.monster_discard, single(s.turn.monster)];
    partition("monsters", CardSet::full(d.monsters.len()), &parts);
    parts = vec![s.treasure_draw, s.treasure_removed];
    parts.extend(ps.iter().flat_map(|p| [p.unused, p.equipped, p.banked]));
    partition("treasures", CardSet::full(d.treasures.len()), &parts);
    parts = vec![s.event_draw, s.event_discard, single(s.turn.event)];
    parts.extend(ps.iter().flat_map(|p| [p.kept, p.quests]));
    partition("events", CardSet::full(d.events.len()), &parts);
    parts = vec![s.wound_draw];
    parts.extend(ps.iter().map(|p| p.wounds));
    partition("wounds", CardSet::full(d.wounds.len()), &parts);
    for p in ps {
        assert_eq!(p.w, d.wound_score(p.wounds));
        assert!(p.pos < 20);
    }
    let l = legal(g, s);
    let o = outcomes(g, s);
    assert!(l.windows(2).all(|w| w[0] < w[1]), "legal not sorted: {l:?}");
    assert!(
        o.windows(2).all(|w| w[0] < w[1]),
        "outcomes not sorted: {o:?}"
    );
    match g.actor(s) {
        Actor::Player(_) => assert!(!l.is_empty() && o.is_empty(), "{:?}", s.phase),
        Actor::Chance => assert!(l.is_empty() && !o.is_empty(), "{:?}", s.phase),
        Actor::Terminal => assert!(l.is_empty() && o.is_empty()),
    }
    if l.len() == 1 {
        panic!("a decision with one option in {:?}: {l:?}", s.phase);
    }
}

/// Plays a random game from `s` with invariant checks; returns the number of actions.
pub fn random_game(g: &OpenOubliette, s: &mut State, rng: &mut Rng, checks: bool) -> usize {
    let mut n = 0;
    let mut buf = Vec::new();
    let mut out = Outcomes::new();
    while !g.is_terminal(s) {
        let a = match g.actor(s) {
            Actor::Chance => {
                g.chance_outcomes(s, &mut out);
                assert_eq!(
                    out.total(),
                    out.as_slice().iter().map(|x| x.1 as u64).sum::<u64>()
                );
                out.sample(rng)
            }
            _ => {
                g.legal_actions(s, &mut buf);
                buf[rng.below(buf.len() as u64) as usize]
            }
        };
        g.apply_unchecked(s, a);
        if checks {
            check_invariants(g, s);
        }
        n += 1;
        assert!(n <= g.max_game_length(), "game too long");
    }
    n
}
