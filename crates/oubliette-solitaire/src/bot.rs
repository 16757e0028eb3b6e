//! [`Careful`]: a heuristic that plays as a careful human would.
//!
//! It values every visible card by what it can still do (a needed Path card, a Rope while a
//! Chasm blocks the way, a Torch, an item) and then, at each decision:
//!
//! * places every Path card it can, paying Ropes only when a Path card is about to go down
//!   (it keeps them for Chasms and never spends them early);
//! * pays a Creature with the cheapest set of visible cards that wins, by that value, and
//!   uses Chaos Destroy only when paying is impossible; it concedes a fight only when the
//!   setback cannot lose the game;
//! * lights Darkness with a Torch, stops Gremlins with the cheapest of Ward, the highest
//!   card or everything else;
//! * keeps drawn cards where they bury the least, equips Searching, Power, Map and the
//!   like when the Equipped slot is free, digs up and shuffles back the cards the Path
//!   needs, and spends Chaos only late or when the deck runs out.

use gameshelf_engine::{Bot, Rng, SeatView};

use crate::action::{Action, EQUIPPED, GRAVE, Place};
use crate::card::{
    ACE, Card, JACK, KING, NO_CARD, QUEEN, is_black, is_joker, is_number, is_rope, is_torch, rank,
};
use crate::game::OublietteSolitaire;
use crate::observe::Observation;
use crate::state::{Dir, Phase, State};

/// The careful heuristic player.
#[derive(Clone, Debug, Default)]
pub struct Careful {
    buf: Vec<Action>,
}

impl Bot<OublietteSolitaire> for Careful {
    fn name(&self) -> String {
        "heuristic".to_owned()
    }

    fn choose(&mut self, view: &SeatView<'_, OublietteSolitaire>, _: &mut Rng) -> Action {
        view.legal_actions(&mut self.buf);
        choose(view.game(), &view.observation(), &self.buf)
    }
}

/// Whether a card still helps the Path: `2` the needed one, `1` one further along.
fn path_use(s: &State, c: Card) -> u8 {
    if !is_number(c) {
        return 0;
    }
    let r = rank(c);
    match (s.path.dir, s.path.need()) {
        (Dir::Unset, _) => u8::from(r == 10 || r == 2) * 2,
        (_, Some(need)) if r == need => 2,
        (Dir::Down, Some(need)) if r < need => 1,
        (Dir::Up, Some(need)) if r > need => 1,
        _ => 0,
    }
}

/// What keeping `c` is worth now.
pub fn utility(s: &State, c: Card) -> i32 {
    if c == NO_CARD {
        return 0;
    }
    if is_joker(c) {
        return 30;
    }
    let chasm = s.path.is_set() && s.path.top().unpassed > 0;
    let mut u = match rank(c) {
        ACE => 24,
        KING => 28,
        QUEEN => 22,
        JACK => 20,
        r => i32::from(r) / 2,
    };
    if is_rope(c) {
        u += if chasm { 30 } else { 12 };
    }
    if is_torch(c) {
        u += 14;
    }
    if is_black(c) && matches!(rank(c), 2 | 4 | 6 | 8 | 10) {
        u += 4;
    }
    u + match path_use(s, c) {
        2 => 40,
        1 => 10 + i32::from(rank(c) % 3),
        _ => 0,
    }
}

fn card_at(game: &OublietteSolitaire, s: &State, p: Place) -> Card {
    game.see(s, p).unwrap_or(NO_CARD)
}

fn best_by<F: Fn(Action) -> i32>(
    legal: &[Action],
    keep: impl Fn(&Action) -> bool,
    score: F,
) -> Option<Action> {
    legal
        .iter()
        .copied()
        .filter(keep)
        .max_by_key(|&a| (score(a), std::cmp::Reverse(a)))
}

/// The careful choice among `legal`, seen from the player's observation.
pub fn choose(game: &OublietteSolitaire, obs: &Observation, legal: &[Action]) -> Action {
    let s = &obs.table;
    let u = |p: Place| utility(s, card_at(game, s, p));
    let pick = |f: &dyn Fn(&Action) -> bool| legal.iter().copied().find(|a| f(a));
    // The cards left to draw (the observation's `deck` also holds the face-down cards).
    let deck = usize::from(obs.deck_count);
    let chosen = match s.phase {
        Phase::SetupStart => best_by(
            legal,
            |a| matches!(a, Action::Start(_)),
            |a| match a {
                Action::Start(p) => start_score(game, s, p),
                _ => 0,
            },
        ),
        Phase::PathOffer => {
            pick(&|a| *a == Action::Place).or_else(|| cheapest_rope(game, s, legal))
        }
        Phase::Creature => fight_choice(game, s, legal),
        Phase::Trap => best_by(
            legal,
            |a| matches!(a, Action::Pay(_)),
            |a| match a {
                Action::Pay(p) => -u(p) - if p == GRAVE { -100 } else { 0 },
                _ => 0,
            },
        ),
        Phase::Lost if deck <= 15 => pick(&|a| matches!(a, Action::Hourglass(_))),
        Phase::Darkness => pick(&|a| matches!(a, Action::Torch(_))).or_else(|| {
            best_by(
                legal,
                |a| matches!(a, Action::Discard(_)),
                |a| match a {
                    Action::Discard(p) => -u(p),
                    _ => 0,
                },
            )
        }),
        Phase::Gremlin => best_by(legal, |_| true, |a| -gremlin_cost(game, s, a)),
        Phase::Stow | Phase::SearchStow => stow_choice(game, s, legal, s.drawn),
        Phase::RestockPlace(_) => best_by(
            legal,
            |_| true,
            |a| match a {
                Action::Stow(p @ 0..=3) => -u(p) - 4 * i32::from(s.slots[p as usize].len),
                Action::Stow(EQUIPPED) => equip_value(s.drawn) - 10,
                _ => -1000,
            },
        ),
        Phase::Window => window_choice(game, s, deck, legal),
        Phase::MapCombo => best_by(
            legal,
            |_| true,
            |a| match a {
                Action::Map(p) => -u(p),
                _ => 0,
            },
        ),
        Phase::HourglassPick(_) | Phase::GraveDigPick(_) => best_by(
            legal,
            |_| true,
            |a| match a {
                Action::Pick(c) => utility(s, c),
                _ => 0,
            },
        ),
        Phase::SearchOffer => pick(&|a| *a == Action::Search),
        Phase::AdvantageKeep => best_by(
            legal,
            |_| true,
            |a| match a {
                Action::Keep(c) => utility(s, c),
                _ => 0,
            },
        ),
        _ => None,
    };
    chosen
        .filter(|a| legal.contains(a))
        .or_else(|| pick(&|a| *a == Action::Pass))
        .unwrap_or(legal[0])
}

fn start_score(game: &OublietteSolitaire, s: &State, p: Place) -> i32 {
    let start = rank(card_at(game, s, p));
    let mut score = if p == EQUIPPED { 0 } else { 2 };
    for q in [0, 1, 2, 3, EQUIPPED] {
        if q == p {
            continue;
        }
        let r = rank(card_at(game, s, q));
        if (2..=10).contains(&r) && r.abs_diff(start) <= 3 && r != start {
            score += 4 - i32::from(r.abs_diff(start));
        }
    }
    score
}

fn cheapest_rope(game: &OublietteSolitaire, s: &State, legal: &[Action]) -> Option<Action> {
    best_by(
        legal,
        |a| matches!(a, Action::Rope(_)),
        |a| match a {
            Action::Rope(p) => {
                let c = card_at(game, s, p);
                -(utility(s, c) - if p == GRAVE { 100 } else { 0 })
                    - if path_use(s, c) == 2 { 100 } else { 0 }
            }
            _ => 0,
        },
    )
}

/// The cheapest set of visible cards that wins the fight, by utility; then its first card.
fn fight_choice(game: &OublietteSolitaire, s: &State, legal: &[Action]) -> Option<Action> {
    let need = i32::from(s.fight.target) - i32::from(game.fight_total(s));
    let power = game.power(s);
    let payers: Vec<(Place, i32, i32)> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Pay(p) => {
                let c = card_at(game, s, p);
                let bonus = i32::from(power && p != EQUIPPED);
                // A Grave Inventory card costs nothing to keep.
                let cost = if p == GRAVE { 1 } else { utility(s, c) + 5 };
                Some((p, i32::from(game.combat_value(c)) + bonus, cost))
            }
            _ => None,
        })
        .collect();
    let mut best: Option<(i32, u32)> = None;
    for mask in 1u32..(1 << payers.len()) {
        let (mut value, mut cost) = (0, 0);
        for (i, &(_, v, c)) in payers.iter().enumerate() {
            if mask & (1 << i) != 0 {
                value += v;
                cost += c;
            }
        }
        if value >= need && best.is_none_or(|(b, _)| cost < b) {
            best = Some((cost, mask));
        }
    }
    if let Some((_, mask)) = best {
        let first = (0..payers.len())
            .filter(|i| mask & (1 << i) != 0)
            .max_by_key(|&i| payers[i].1)?;
        return Some(Action::Pay(payers[first].0));
    }
    let lethal = s.path.is_set() && (s.path.len == 1 || s.path.top().barrier_behind());
    if let Some(d) = legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Destroy(_)))
    {
        if lethal || s.path.len >= 3 {
            return Some(d);
        }
    }
    if legal.contains(&Action::Concede) && !lethal {
        return Some(Action::Concede);
    }
    if lethal {
        if let Some(a) = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Advantage(_)))
        {
            return Some(a);
        }
    }
    payers
        .iter()
        .max_by_key(|&&(_, v, _)| v)
        .map(|&(p, _, _)| Action::Pay(p))
        .or_else(|| legal.iter().copied().find(|a| *a == Action::Concede))
}

fn gremlin_cost(game: &OublietteSolitaire, s: &State, a: Action) -> i32 {
    let u = |p: Place| utility(s, card_at(game, s, p));
    match a {
        Action::Ward(p) => u(p) + 2,
        Action::Discard(p) if p == EQUIPPED => u(p) + equip_value(s.equipped),
        Action::Discard(p) => u(p),
        Action::KeepOnly(keep) => [0, 1, 2, 3, EQUIPPED]
            .into_iter()
            .filter(|&p| p != keep)
            .map(|p| {
                u(p) + if p == EQUIPPED {
                    equip_value(s.equipped)
                } else {
                    0
                }
            })
            .sum(),
        _ => 1000,
    }
}

/// What a card is worth in the Equipped slot.
fn equip_value(c: Card) -> i32 {
    if c == NO_CARD || is_joker(c) {
        return 0;
    }
    match rank(c) {
        10 => 40,
        KING => 30,
        ACE => 20,
        JACK => 18,
        QUEEN => 15,
        _ => 1,
    }
}

fn stow_choice(game: &OublietteSolitaire, s: &State, legal: &[Action], d: Card) -> Option<Action> {
    let value = utility(s, d);
    best_by(
        legal,
        |_| true,
        |a| match a {
            Action::Stow(EQUIPPED) if s.phase == Phase::SearchStow => -1000,
            Action::Stow(EQUIPPED) => value + equip_value(d) + 3,
            Action::Stow(GRAVE) => 0,
            Action::Stow(p) => {
                let slot = &s.slots[p as usize];
                let buried = if slot.len == 0 {
                    -8
                } else {
                    utility(s, card_at(game, s, p))
                };
                value - buried / 2 - i32::from(slot.len)
            }
            _ => -1000,
        },
    )
}

fn window_choice(
    game: &OublietteSolitaire,
    s: &State,
    deck: usize,
    legal: &[Action],
) -> Option<Action> {
    let find = |f: &dyn Fn(&Action) -> bool| legal.iter().copied().find(|a| f(a));
    // 1. Progress on the Path.
    if let Some(a) = find(&|a| *a == Action::PlayPath(GRAVE))
        .or_else(|| find(&|a| matches!(a, Action::PlayPath(0..=3))))
        .or_else(|| find(&|a| matches!(a, Action::PlayPath(_) | Action::Map(_))))
        .or_else(|| {
            best_by(
                legal,
                |a| matches!(a, Action::Start(_)),
                |a| match a {
                    Action::Start(p) => start_score(game, s, p),
                    _ => 0,
                },
            )
        })
    {
        return Some(a);
    }
    // 2. A Rope when a needed card is waiting behind a Chasm.
    if let Some(need) = s.path.need() {
        let waiting = [0, 1, 2, 3, EQUIPPED, GRAVE].into_iter().any(|p| {
            game.see(s, p)
                .is_some_and(|c| is_number(c) && rank(c) == need)
        });
        if waiting {
            if let Some(a) = cheapest_rope(game, s, legal) {
                return Some(a);
            }
        }
    }
    // 3. Equip a good item (free).
    if let Some(a) = best_by(
        legal,
        |a| matches!(a, Action::Equip(_)),
        |a| match a {
            Action::Equip(p) => equip_value(card_at(game, s, p)),
            _ => 0,
        },
    )
    .filter(|a| matches!(a, Action::Equip(p) if equip_value(card_at(game, s, *p)) >= 15))
    {
        return Some(a);
    }
    // 4. Dig up the needed card.
    if let Some(need) = s.path.need() {
        let buried = s
            .grave
            .as_slice()
            .iter()
            .any(|&c| is_number(c) && rank(c) == need);
        if buried {
            if let Some(a) = find(&|a| matches!(a, Action::GraveDig(_))) {
                return Some(a);
            }
        }
    }
    // 5. Time: shuffle cards back when the deck runs low.
    if deck <= 6 {
        if let Some(a) = find(&|a| matches!(a, Action::Hourglass(_))) {
            return Some(a);
        }
    }
    if deck <= 3 && s.grave.len() >= 10 {
        if let Some(a) = find(&|a| matches!(a, Action::TimeShift(_))) {
            return Some(a);
        }
    }
    // 6. Chaos late in the game.
    if s.path.len >= 5 || deck <= 8 {
        if let Some(a) = find(&|a| matches!(a, Action::Passage(_))) {
            return Some(a);
        }
    }
    if s.inventory_count() <= 6 && deck >= 15 {
        if let Some(a) = find(&|a| matches!(a, Action::Restock(_))) {
            return Some(a);
        }
    }
    None
}
