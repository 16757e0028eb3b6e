//! Cards, actions and the card being resolved in words, for players.

use crate::action::{Action, EQUIPPED, GRAVE, Place, place_name};
use crate::card::{Card, JACK, KING, NO_CARD, QUEEN, Show, is_joker, rank};
use crate::game::{Meaning, OublietteSolitaire};
use crate::state::{EndKind, PATH_ROOMS, Phase, State};

/// A Creature's name: Shambler (jack), Fiend (queen), Wraith (king).
pub fn creature_name(card: Card) -> &'static str {
    match rank(card) {
        JACK => "Shambler",
        QUEEN => "Fiend",
        _ => "Wraith",
    }
}

/// A Creature with its value now, e.g. `the Fiend Q♠ (12)`.
pub fn creature(s: &State, card: Card) -> String {
    let curse = if s.curses >= 1 { 2 } else { 0 };
    format!(
        "the {} {} ({})",
        creature_name(card),
        Show(card),
        rank(card) + curse
    )
}

/// What a card drawn now means, e.g. `Creature: Fiend 12` or `Path card (the needed 7)`.
pub fn meaning(game: &OublietteSolitaire, s: &State, card: Card) -> String {
    event(game, s, game.meaning(s, card), card)
}

/// What `card` drawn in `s` means when it is not placed on the Path (rows 2 to 10).
pub fn event_of(game: &OublietteSolitaire, s: &State, card: Card) -> String {
    event(game, s, game.event_meaning(s, card), card)
}

/// The words of a meaning of `card` drawn in `s`.
fn event(game: &OublietteSolitaire, s: &State, meaning: Meaning, card: Card) -> String {
    match meaning {
        Meaning::Path => format!("Path card (the needed {})", rank(card)),
        Meaning::Obstacle => "Obstacle: same value as the top room (a setback)".to_owned(),
        Meaning::Creature => {
            let curse = if s.curses >= 1 { 2 } else { 0 };
            format!("Creature: {} {}", creature_name(card), rank(card) + curse)
        }
        Meaning::Trap if game.config().trap_accepts_black_queen => {
            "Trap: pay a black 2, 4, 6, 8, 10 or queen".to_owned()
        }
        Meaning::Trap => "Trap: pay a black 2, 4, 6, 8 or 10".to_owned(),
        Meaning::Portcullis if !s.path.is_set() => {
            "Portcullis, but there is no Path yet: it is discarded".to_owned()
        }
        Meaning::Portcullis => "Portcullis".to_owned(),
        Meaning::Chasm if !s.path.is_set() => {
            "Chasm, but there is no Path yet: it is discarded, and a card is flipped".to_owned()
        }
        Meaning::Chasm => "Chasm (a card is flipped)".to_owned(),
        Meaning::Lost => "Lost: three deck cards to the graveyard".to_owned(),
        Meaning::Darkness => "Darkness: a Torch or one card".to_owned(),
        Meaning::Gremlin => "Gremlin: it steals your highest card".to_owned(),
        Meaning::Other if !s.path.is_set() && matches!(rank(card), 2 | 10) => {
            "it starts the Path".to_owned()
        }
        Meaning::Other => "Other: keep it or discard it".to_owned(),
    }
}

/// What the drawn card `d` means, told after the draw, from the state `after` it settled
/// in: a needed card that a Chasm blocks resolves by its event instead.
pub(crate) fn drawn(game: &OublietteSolitaire, before: &State, d: Card, after: &State) -> String {
    let meaning = game.meaning(before, d);
    if meaning == Meaning::Obstacle {
        // With `same_number_also_event`, an Obstacle that is also an event resolves both.
        let also = match after.phase {
            Phase::Trap => Some(Meaning::Trap),
            Phase::Lost => Some(Meaning::Lost),
            Phase::Darkness => Some(Meaning::Darkness),
            _ => None,
        };
        let obstacle = event(game, before, meaning, d);
        return match also {
            Some(m) => format!("{obstacle}, then {}", event(game, before, m, d)),
            None => obstacle,
        };
    }
    if meaning != Meaning::Path || after.phase == Phase::PathOffer {
        return event(game, before, meaning, d);
    }
    let blocked = format!(
        "the needed {}, but the Chasm on the top room blocks it and too few Ropes are in view",
        rank(d)
    );
    if game.config().blocked_need_graveyard {
        format!("{blocked}: it is discarded")
    } else {
        format!("{blocked}: {}", event_of(game, before, d))
    }
}

/// The Map combo being laid, e.g. `Map combo 2♣ 3♣: 5 of 5 (2 cards)`; `None` when none is.
pub fn combo(s: &State) -> Option<String> {
    if s.phase != Phase::MapCombo {
        return None;
    }
    let cards: Vec<String> = s.combo.cards.iter().map(|c| Show(c).to_string()).collect();
    let need = s.path.need().unwrap_or(0);
    Some(format!(
        "Map combo {}: {} of {need} ({} card{})",
        cards.join(" "),
        s.combo.total,
        s.combo.count,
        if s.combo.count == 1 { "" } else { "s" }
    ))
}

/// The cards put under the deck, next to be drawn first, e.g. `under the deck: 9♦ K♥`;
/// `None` when there are none.
pub fn under_deck(s: &State) -> Option<String> {
    let cards: Vec<String> = s
        .bottom
        .as_slice()
        .iter()
        .map(|&c| Show(c).to_string())
        .collect();
    (!cards.is_empty()).then(|| format!("under the deck: {}", cards.join(" ")))
}

/// What an item card does, for the inventory display.
pub fn item(card: u8) -> &'static str {
    if is_joker(card) {
        return "Chaos";
    }
    match rank(card) {
        1 => "Advantage / Map",
        JACK => "Grave Dig / Grave Inventory",
        QUEEN => "Hourglass / Resourceful",
        KING => "Ward / Power",
        6 | 9 => "Rope",
        4 if crate::card::is_red(card) => "Torch",
        10 => "Searching",
        _ => "",
    }
}

/// What the next Chaos use brings: the first curse, the second, or none (two are in
/// effect, and a used Joker then leaves the game unless it stays in the Path).
pub fn next_curse(s: &State, passage: bool) -> &'static str {
    match s.curses {
        0 => "the first curse (Creatures +2)",
        1 => "the second curse (the Equipped slot locked for good)",
        _ if passage => "no more curse, two are in effect",
        _ => "no more curse, two are in effect: the Joker leaves the game",
    }
}

/// A list in words: `a`, `a and b`, `a, b and c`.
pub fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Why `card` cannot go to the places where a kept card goes, one reason each, e.g.
/// `slots 1 and 3 are full`, `4♥ on slot 2 is not one apart`, `Equipped holds A♣`; empty
/// when every place takes it. `equip` is whether the Equipped slot takes it by the rule of
/// the moment (empty and unlocked, or the searched card's swap); `None` leaves Equipped out.
pub fn refusals(
    game: &OublietteSolitaire,
    s: &State,
    card: Card,
    equip: Option<bool>,
) -> Vec<String> {
    let mut full = Vec::new();
    let mut out = Vec::new();
    for (i, slot) in s.slots.iter().enumerate() {
        if game.can_stow(s, i, card) {
            continue;
        }
        let n = i + 1;
        match slot.top() {
            _ if slot.len as usize >= crate::state::SLOT_CAPACITY => full.push(n.to_string()),
            None => out.push(format!("the top of slot {n} is face down")),
            Some(top) if is_joker(top) => out.push(format!(
                "nothing goes on the Joker {} (slot {n})",
                Show(top)
            )),
            Some(_) if is_joker(card) => {
                out.push(format!("a Joker goes only into an empty slot (slot {n})"))
            }
            Some(top) if game.resourceful(s) => out.push(format!(
                "{} on slot {n} is neither one apart nor the same colour",
                Show(top)
            )),
            Some(top) => out.push(format!("{} on slot {n} is not one apart", Show(top))),
        }
    }
    out.splice(0..0, full_slots(&full));
    if equip == Some(false) {
        out.push(equip_refusal(game, s, card));
    }
    out
}

/// The full slots in words, e.g. `slots 1 and 3 are full`; none when no slot is.
fn full_slots(full: &[String]) -> Option<String> {
    match full {
        [] => None,
        [one] => Some(format!("slot {one} is full")),
        _ => Some(format!("slots {} are full", list(full))),
    }
}

/// Why the Equipped slot does not take `card` now.
fn equip_refusal(game: &OublietteSolitaire, s: &State, card: Card) -> String {
    if is_joker(card) && !game.config().joker_equippable {
        "a Joker cannot be equipped".to_owned()
    } else if s.locked {
        "the Equipped slot is locked by the curse".to_owned()
    } else {
        format!("Equipped holds {}", Show(s.equipped))
    }
}

/// The refusals of [`refusals`] as one note, or none.
fn not_offered(
    game: &OublietteSolitaire,
    s: &State,
    card: Card,
    equip: Option<bool>,
) -> Vec<String> {
    note(refusals(game, s, card, equip))
}

/// Refusals as one note, or none.
fn note(refused: Vec<String>) -> Vec<String> {
    if refused.is_empty() {
        Vec::new()
    } else {
        vec![format!("not offered: {}", list(&refused))]
    }
}

/// The card being resolved and what it means now, by where the rules stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolving {
    /// How the card came: `Drawn`, `Searched`, `Restocked`.
    pub how: &'static str,
    /// The card.
    pub card: Card,
    /// What it means or what may be done with it.
    pub text: String,
    /// Why choices one might expect are missing (a slot that refuses the card, ...).
    pub notes: Vec<String>,
}

/// The card being resolved in `s` (the turn's draw, a searched or restocked card), with
/// what it means at this point of its resolution; `None` when no card is being resolved.
pub fn resolving(game: &OublietteSolitaire, s: &State) -> Option<Resolving> {
    let d = s.drawn;
    if d == NO_CARD {
        return None;
    }
    let equip = |swap: bool| Some(swap);
    let (how, text, notes) = match s.phase {
        Phase::SearchStow => {
            let swap = !is_joker(d) || game.config().joker_equippable;
            (
                "Searched",
                "keep it by the slot rules, equip it (the Searching 10 goes) or discard it"
                    .to_owned(),
                not_offered(game, s, d, equip(swap)),
            )
        }
        Phase::RestockPlace(n) => {
            // A Restock card goes into any slot with room: only a full slot refuses it.
            let full: Vec<String> = (1..=s.slots.len())
                .filter(|&i| s.slots[i - 1].len as usize >= crate::state::SLOT_CAPACITY)
                .map(|i| i.to_string())
                .collect();
            let mut refused: Vec<String> = full_slots(&full).into_iter().collect();
            if !game.can_equip(s, d) {
                refused.push(equip_refusal(game, s, d));
            }
            (
                "Restocked",
                format!(
                    "into any slot with room or the empty Equipped slot ({n} more to draw after \
                     it)"
                ),
                note(refused),
            )
        }
        Phase::Stow => (
            "Drawn",
            "Other: keep it or discard it, then one action".to_owned(),
            not_offered(game, s, d, equip(game.can_equip(s, d))),
        ),
        Phase::Creature => {
            let reach = game.fight_reach(s);
            let target = u16::from(s.fight.target);
            let mut notes = Vec::new();
            if reach < target {
                notes.push(format!(
                    "the cards you know can bring {reach} at most: the setback may be taken"
                ));
            }
            (
                "Fighting",
                format!(
                    "{} {target}: {} of {target} paid",
                    creature_name(d),
                    game.fight_total(s)
                ),
                notes,
            )
        }
        Phase::Trap => ("Drawn", event(game, s, Meaning::Trap, d), Vec::new()),
        Phase::PathOffer => {
            let mut notes = Vec::new();
            let unpassed = s.path.top().unpassed;
            if unpassed > 0 {
                notes.push(format!(
                    "a Chasm not yet passed lies on the top room: {unpassed} Rope{} first",
                    if unpassed == 1 { "" } else { "s" }
                ));
            }
            ("Drawn", event(game, s, Meaning::Path, d), notes)
        }
        Phase::Lost => ("Drawn", event(game, s, Meaning::Lost, d), Vec::new()),
        Phase::Darkness => ("Drawn", event(game, s, Meaning::Darkness, d), Vec::new()),
        Phase::Gremlin => ("Drawn", event(game, s, Meaning::Gremlin, d), Vec::new()),
        _ => ("Drawn", meaning(game, s, d), Vec::new()),
    };
    Some(Resolving {
        how,
        card: d,
        text,
        notes,
    })
}

/// Why the game in `end` ended, e.g. `a setback with a Portcullis directly behind the top
/// room 3♠ loses`; `None` while it goes on.
pub fn end_reason(game: &OublietteSolitaire, end: &State) -> Option<String> {
    let top = || room_name(end, end.path.len as usize - 1);
    Some(match end.end()? {
        EndKind::Won => format!("nine rooms after {} turns", end.turns),
        EndKind::DeckOut => "the deck ran out before the ninth room".to_owned(),
        EndKind::FirstRoom => "a setback in the first room loses".to_owned(),
        EndKind::Barrier => {
            let what = if end.path.top().portcullis {
                "a Portcullis"
            } else {
                "a passed Chasm"
            };
            format!(
                "a setback with {what} directly behind the top room {} loses",
                top()
            )
        }
        EndKind::Portcullis => format!(
            "a second Portcullis while one lies directly behind the top room {} loses",
            top()
        ),
        EndKind::EmptyInventory => "no card is left in the inventory".to_owned(),
        EndKind::NoPath => "a setback before the Path is started loses".to_owned(),
        EndKind::TurnLimit => format!("the limit of {} draws", game.config().max_turns),
    })
}

/// The card that ended a lost game in `end`, and how, e.g. `the Trap 7♦ could not be
/// paid`; `None` when no card did (an empty deck or inventory) or the game goes on.
pub fn end_cause(game: &OublietteSolitaire, end: &State) -> Option<String> {
    let kind = end.end().filter(|&k| k != EndKind::Won)?;
    let setback = matches!(
        kind,
        EndKind::FirstRoom | EndKind::Barrier | EndKind::NoPath
    );
    match end.drawn {
        // An Obstacle is discarded as it sets the Path back: it lies on the graveyard.
        NO_CARD if setback => end
            .grave
            .top()
            .map(|c| format!("the Obstacle {} (same value as the top room)", Show(c))),
        NO_CARD => None,
        d => match game.event_meaning(end, d) {
            Meaning::Creature => Some(format!(
                "{} could not be beaten ({} of {} paid)",
                creature(end, d),
                game.fight_total(end),
                end.fight.target
            )),
            Meaning::Trap => Some(format!("the Trap {} could not be paid", Show(d))),
            Meaning::Portcullis => Some(format!("the Portcullis {} fell", Show(d))),
            _ => None,
        },
    }
}

/// A room in words: its Path cards, e.g. `3♣`, `2♠+4♠` (a Map combo) or `Jk1` (a
/// Passage), without the aces lying on it.
pub fn room_name(s: &State, i: usize) -> String {
    let cards: Vec<String> = s.path.rooms[i]
        .cards
        .iter()
        .filter(|&c| rank(c) != crate::card::ACE)
        .map(|c| Show(c).to_string())
        .collect();
    cards.join("+")
}

/// The Path's progress, e.g. `2 of 9 rooms, next 4`.
pub fn progress(s: &State) -> String {
    match s.path.need() {
        Some(need) => format!("{} of {PATH_ROOMS} rooms, next {need}", s.path.len),
        None if s.path.is_set() => format!("{} of {PATH_ROOMS} rooms", s.path.len),
        None => "no room: the Path waits for a 10 or 2".to_owned(),
    }
}

/// An action in words for this state: the text of a choice, and the start of its log line.
pub fn action(game: &OublietteSolitaire, s: &State, a: Action) -> String {
    let at = |p: Place| -> String {
        let card = if p == GRAVE {
            s.grave.top()
        } else if p == EQUIPPED {
            Some(s.equipped)
        } else {
            s.slots[p as usize].top()
        };
        match card {
            Some(c) if s.sideways.contains(c) => {
                format!("{} ({}, sideways)", Show(c), place_name(p))
            }
            Some(c) => format!("{} ({})", Show(c), place_name(p)),
            None => place_name(p),
        }
    };
    let chaos = |p: Place| game.see(s, p).is_some_and(|c| s.sideways.contains(c));
    match a {
        Action::Card(c) => match s.phase {
            Phase::Deal | Phase::DealEquip => format!("deal {}", Show(c)),
            Phase::Draw => format!("draw {}: {}", Show(c), meaning(game, s, c)),
            Phase::ChasmFlip => format!("flip {} at the Chasm", Show(c)),
            Phase::LostDiscard(_) => format!("lose {} to the graveyard", Show(c)),
            Phase::SearchFlip => format!("search finds {}", Show(c)),
            Phase::Restock(_) => format!("Restock draws {}", Show(c)),
            Phase::AdvantageDraw(_) => format!("the Advantage draws {}", Show(c)),
            _ => format!("draw {}", Show(c)),
        },
        Action::Pay(p) => format!("pay with {}", at(p)),
        Action::Rope(p) => format!("Rope {}", at(p)),
        Action::Torch(p) => format!("Torch {}", at(p)),
        Action::Discard(p) => format!("discard {}", at(p)),
        Action::KeepOnly(p) => format!("keep only {}, discard the other visible cards", at(p)),
        Action::Ward(p) if game.config().ward_consumed => format!("Ward {}", at(p)),
        Action::Ward(p) => format!("Ward {} (the king stays)", at(p)),
        Action::Hourglass(p) => format!("Hourglass {}", at(p)),
        Action::PlayPath(p) => format!("play {} to the Path", at(p)),
        Action::Start(p) => format!("start the Path with {}", at(p)),
        Action::Destroy(p) if chaos(p) => {
            format!("Chaos Destroy with {}: {}", at(p), next_curse(s, false))
        }
        Action::Destroy(p) => format!(
            "Chaos Destroy with {}: it turns sideways, no curse yet",
            at(p)
        ),
        Action::Passage(p) => format!("Chaos Passage with {}: {}", at(p), next_curse(s, true)),
        Action::TimeShift(p) => {
            format!("Chaos Time Shift with {}: {}", at(p), next_curse(s, false))
        }
        Action::Restock(p) => format!("Chaos Restock with {}: {}", at(p), next_curse(s, false)),
        Action::GraveDig(p) => format!("Grave Dig with {}", at(p)),
        Action::Advantage(p) => format!("Advantage with {}", at(p)),
        Action::Equip(p) => format!("equip {}", at(p)),
        Action::Map(p) if s.phase == Phase::MapCombo => {
            format!("add {} to the Map combo", at(p))
        }
        Action::Map(p) => format!("begin a Map combo with {}", at(p)),
        Action::Place => format!("place {} on the Path", Show(s.drawn)),
        Action::Stow(p) => {
            let what = if s.drawn == NO_CARD {
                "it".to_owned()
            } else {
                Show(s.drawn).to_string()
            };
            match p {
                GRAVE => format!("discard {what}"),
                EQUIPPED if s.phase == Phase::SearchStow => {
                    format!("equip {what} (the Searching {} goes)", Show(s.equipped))
                }
                _ => format!("put {what} in {}", place_name(p)),
            }
        }
        Action::Keep(c) => format!("keep {} in {}", Show(c), place_name(s.advantage.from)),
        Action::Pick(c) => match s.phase {
            Phase::GraveDigPick(dest) => format!("dig up {} into {}", Show(c), place_name(dest)),
            Phase::HourglassPick(_) => format!("shuffle {} back into the deck", Show(c)),
            _ => format!("pick {}", Show(c)),
        },
        Action::Pass => match s.phase {
            Phase::PathOffer => "decline the Path card".to_owned(),
            Phase::Lost => "accept: lose three deck cards".to_owned(),
            Phase::Window => "end the window".to_owned(),
            Phase::SearchOffer => "do not search".to_owned(),
            Phase::BeforeDraw => "draw the next card".to_owned(),
            Phase::ChasmRope if s.path.is_set() => "no Rope now: flip a card".to_owned(),
            Phase::ChasmRope => "flip a card".to_owned(),
            Phase::AdvantageKeep => "keep neither card".to_owned(),
            _ => "pass".to_owned(),
        },
        other => other.to_string(),
    }
}
