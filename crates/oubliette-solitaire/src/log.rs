//! The log line of a move: what the player or chance did, then everything the rules did by
//! themselves because of it, in the order they did it.
//!
//! The rules stop only at chance nodes and real choices, so one move may do much more than
//! its own words say: a draw may start the Path, set a room back or lose the game, a
//! decision with one legal action is played by itself (the forced start at setup, a Trap
//! with nothing to pay it, a card that no slot takes). The line follows the move step by
//! step ([`OublietteSolitaire::apply_traced`]) and compares the state before and after each
//! step: every card that moves, turns up, turns sideways or leaves the game is told, with
//! the verdict of a fight, a Chasm's flip or a setback, in the line of the move that caused
//! it. Only what the player sees is named: a card dealt face down stays unnamed.

use gameshelf_engine::{CardSet, Game};

use crate::action::{Action, EQUIPPED, GRAVE, Place, place_name};
use crate::card::{ACE, Card, NO_CARD, Show, is_black, is_joker, is_red, is_torch, rank};
use crate::describe::{self, creature, list, progress, room_name};
use crate::game::OublietteSolitaire;
use crate::present::direction;
use crate::state::{EndKind, Phase, State};

/// The log line of `action` played in `before`: one line, its parts joined by `; `. An
/// action that is not legal there is only named (`pay with slot 2 (not legal here)`):
/// nothing is played.
pub fn line(game: &OublietteSolitaire, before: &State, action: Action) -> String {
    if !game.is_legal(before, action) {
        return format!("{action} (not legal here)");
    }
    let mut steps: Vec<(State, Action)> = Vec::new();
    let mut after = *before;
    game.apply_traced(&mut after, action, |s, a| steps.push((*s, a)));
    let mut parts = Vec::new();
    for (i, (b, a)) in steps.iter().enumerate() {
        let n = steps.get(i + 1).map_or(&after, |(s, _)| s);
        let step = Step { game, b, a: *a, n };
        if i == 0 {
            parts.push(step.head());
        } else if let Some(words) = step.forced() {
            parts.push(words);
        }
        step.effects(&mut parts);
    }
    parts.join("; ")
}

/// Where a card lies, as far as the log tells moves apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spot {
    /// Not in this deck (a third joker with two in play).
    Nowhere,
    /// The unordered deck.
    Deck,
    /// Under the deck (a card the Advantage put there).
    Under,
    /// Face up in a slot.
    Slot(u8),
    /// Face down in a slot.
    Down(u8),
    /// The Equipped slot.
    Equipped,
    /// A room of the Path.
    Room,
    /// The graveyard.
    Grave,
    /// Above the Path, as a curse.
    Curse,
    /// Out of the game.
    Removed,
    /// Being resolved or used: the drawn card, an item in use, an Advantage's cards, a Map
    /// combo's cards.
    Held,
}

impl Spot {
    /// Where a card went, in words (`to the graveyard`); `None` where the player does not
    /// see it arrive: face down in a slot (the deal), or in hand while it is resolved.
    fn destination(self) -> Option<String> {
        Some(match self {
            Spot::Slot(i) => format!("to {}", place_name(i)),
            Spot::Equipped => "to Equipped".to_owned(),
            Spot::Room => "onto the Path".to_owned(),
            Spot::Grave => "to the graveyard".to_owned(),
            Spot::Deck => "into the deck".to_owned(),
            Spot::Under => "under the deck".to_owned(),
            Spot::Curse => "above the Path".to_owned(),
            Spot::Removed => "out of the game".to_owned(),
            Spot::Nowhere | Spot::Down(_) | Spot::Held => return None,
        })
    }
}

/// Where every card of a `cards`-card deck lies in `s`.
fn spots(s: &State, cards: usize) -> Vec<Spot> {
    let mut at = vec![Spot::Nowhere; cards];
    let mut put = |c: Card, spot: Spot| {
        if let Some(x) = at.get_mut(c as usize) {
            *x = spot;
        }
    };
    s.deck.iter().for_each(|c| put(c, Spot::Deck));
    s.bottom
        .as_slice()
        .iter()
        .for_each(|&c| put(c, Spot::Under));
    for (i, slot) in s.slots.iter().enumerate() {
        let down = slot.down.min(slot.len) as usize;
        for (k, &c) in slot.cards[..slot.len as usize].iter().enumerate() {
            let i = i as Place;
            put(
                c,
                if k < down {
                    Spot::Down(i)
                } else {
                    Spot::Slot(i)
                },
            );
        }
    }
    put(s.equipped, Spot::Equipped);
    for room in &s.path.rooms[..s.path.len as usize] {
        room.cards.iter().for_each(|c| put(c, Spot::Room));
    }
    s.grave.as_slice().iter().for_each(|&c| put(c, Spot::Grave));
    s.curse_area.iter().for_each(|c| put(c, Spot::Curse));
    s.removed.iter().for_each(|c| put(c, Spot::Removed));
    let adv = &s.advantage;
    for c in [s.drawn, s.item, adv.ace]
        .into_iter()
        .chain(adv.cards[..adv.len as usize].iter().copied())
        .chain(s.combo.cards)
    {
        put(c, Spot::Held);
    }
    at
}

/// The place a player's action takes its card from, if it names one.
fn source(a: Action) -> Option<Place> {
    match a {
        Action::Start(p)
        | Action::Pay(p)
        | Action::Destroy(p)
        | Action::Rope(p)
        | Action::Torch(p)
        | Action::Discard(p)
        | Action::KeepOnly(p)
        | Action::Ward(p)
        | Action::Hourglass(p)
        | Action::PlayPath(p)
        | Action::Map(p)
        | Action::Passage(p)
        | Action::GraveDig(p)
        | Action::TimeShift(p)
        | Action::Restock(p)
        | Action::Equip(p)
        | Action::Advantage(p) => Some(p),
        _ => None,
    }
}

/// Adds `c` to the told cards, unless it is [`NO_CARD`] (an empty place).
fn tell(told: &mut CardSet, c: Card) {
    if c != NO_CARD {
        told.insert(c);
    }
}

/// One step the rules took: action `a` in state `b`, leading to `n`.
struct Step<'a> {
    game: &'a OublietteSolitaire,
    b: &'a State,
    a: Action,
    n: &'a State,
}

impl Step<'_> {
    /// The words of the move itself.
    fn head(&self) -> String {
        let (b, n) = (self.b, self.n);
        match (b.phase, self.a) {
            (Phase::Deal, Action::Card(c)) if b.dealt % 5 == 4 => {
                format!("deal {} face up on slot {}", Show(c), b.dealt / 5 + 1)
            }
            (Phase::Deal, _) => "deal a card face down".to_owned(),
            (Phase::DealEquip, Action::Card(c)) => format!("deal {} to Equipped", Show(c)),
            (Phase::Draw, Action::Card(d)) => {
                format!("draw {}: {}", Show(d), describe::drawn(self.game, b, d, n))
            }
            _ => describe::action(self.game, b, self.a),
        }
    }

    /// The words of a decision the rules played by themselves because it had one legal
    /// action, with the reason; `None` when it is not worth a word (drawing the next card,
    /// ending an action window that offers nothing).
    fn forced(&self) -> Option<String> {
        let (game, b, a) = (self.game, self.b, self.a);
        let fixed = match (b.phase, a) {
            (Phase::BeforeDraw | Phase::Window | Phase::SearchOffer, Action::Pass) => {
                return None;
            }
            (Phase::Creature, Action::Concede) => Some(format!(
                "nothing in view can pay {}: the setback",
                creature(b, b.drawn)
            )),
            (Phase::Trap, Action::Concede) => {
                Some("nothing in view can pay the Trap: the setback".to_owned())
            }
            (Phase::ChasmRope, Action::Pass) if b.path.is_set() => {
                Some("no Rope in view: a card is flipped".to_owned())
            }
            // Without a Path the draw's own words say a card is flipped.
            (Phase::ChasmRope, Action::Pass) => return None,
            (Phase::Lost, Action::Pass) => Some(match self.n.phase {
                Phase::LostDiscard(k) => format!(
                    "no Hourglass in view: {k} deck card{} lost",
                    if k == 1 { " is" } else { "s are" }
                ),
                _ => "no Hourglass in view, and no deck card to lose".to_owned(),
            }),
            (Phase::Darkness, Action::Pass) => {
                Some("no card in view: the Darkness takes nothing".to_owned())
            }
            (Phase::Gremlin, Action::Pass) => {
                Some("no card in view: the Gremlin takes nothing".to_owned())
            }
            (Phase::AdvantageKeep, Action::Pass) => {
                Some("neither card may go to Equipped: both are let go".to_owned())
            }
            (Phase::Stow, Action::Stow(GRAVE)) => {
                Some(self.cannot_keep(game.can_equip(b, b.drawn)))
            }
            (Phase::SearchStow, Action::Stow(GRAVE)) => {
                Some(self.cannot_keep(!is_joker(b.drawn) || game.config().joker_equippable))
            }
            _ => None,
        };
        if fixed.is_some() {
            return fixed;
        }
        let reason = match b.phase {
            Phase::SetupStart => "the only 10 or 2 in view",
            Phase::Creature if matches!(a, Action::Destroy(_)) => "nothing else can beat it",
            Phase::Creature => "the only card that can pay",
            Phase::Trap => "the only card that can pay the Trap",
            Phase::Darkness => "the only card in view, and no Torch",
            Phase::Gremlin => "the only card in view, and no Ward",
            Phase::Stow | Phase::SearchStow | Phase::RestockPlace(_) => "the only place for it",
            Phase::MapCombo => "the only card that can complete the combo",
            Phase::HourglassPick(_) | Phase::GraveDigPick(_) => "the only card there",
            Phase::AdvantageKeep => "the only card that may go there",
            _ => "the only choice",
        };
        Some(format!("{}, {reason}", describe::action(game, b, a)))
    }

    /// A drawn or searched card that no place takes, with each refusal.
    fn cannot_keep(&self, equip: bool) -> String {
        let d = self.b.drawn;
        let refused = describe::refusals(self.game, self.b, d, Some(equip));
        format!(
            "{} cannot be kept: {}; it is discarded",
            Show(d),
            list(&refused)
        )
    }

    /// The cards whose move the words of the step already tell: the card it acts on, and
    /// the card being resolved, told when it came, which goes to the graveyard once resolved
    /// as every drawn card does.
    fn told(&self) -> CardSet {
        let (b, a) = (self.b, self.a);
        let mut told = CardSet::EMPTY;
        tell(&mut told, b.drawn);
        match a {
            Action::Card(c) | Action::Pick(c) | Action::Keep(c) => tell(&mut told, c),
            _ => {
                if let Some(c) = source(a).and_then(|p| self.game.see(b, p)) {
                    tell(&mut told, c);
                }
            }
        }
        told
    }

    /// Everything the step did besides its own words.
    fn effects(&self, out: &mut Vec<String>) {
        let mut told = self.told();
        if let Some(v) = self.verdict(&mut told) {
            out.push(v);
        }
        self.path(&mut told, out);
        self.curses(&mut told, out);
        self.moves(told, out);
        self.reveals(out);
        if self.n.shuffles > self.b.shuffles {
            let under: Vec<String> = self
                .b
                .bottom
                .as_slice()
                .iter()
                .filter(|&&c| self.n.deck.contains(c))
                .map(|&c| Show(c).to_string())
                .collect();
            let with = if under.is_empty() {
                String::new()
            } else {
                format!(" with {} from under it", list(&under))
            };
            out.push(format!(
                "the deck is shuffled{with} ({} cards)",
                self.n.deck_len()
            ));
        }
        if self.b.end().is_none() {
            if let Some(why) = describe::end_reason(self.game, self.n) {
                out.push(match self.n.end() {
                    Some(EndKind::Won) => format!("you escape the Oubliette: {why}"),
                    _ => format!("lost: {why}"),
                });
            }
        }
    }

    /// The outcome of a fight, a Trap, a Chasm's flip or an item, when the step had one.
    fn verdict(&self, told: &mut CardSet) -> Option<String> {
        let (b, n) = (self.b, self.n);
        match (b.phase, self.a) {
            (Phase::Creature, Action::Pay(p)) => Some(self.fight(p)),
            (Phase::Creature, Action::Destroy(_)) => {
                Some(format!("{} is destroyed", creature(b, b.drawn)))
            }
            (Phase::Trap, Action::Pay(_)) => {
                Some(format!("the Trap {} is disarmed", Show(b.drawn)))
            }
            (Phase::ChasmFlip, Action::Card(f)) => {
                tell(told, b.equipped);
                Some(self.flip(f))
            }
            (Phase::PathOffer, Action::Pass) => Some(format!(
                "{} resolves as {}",
                Show(b.drawn),
                describe::event_of(self.game, b, b.drawn)
            )),
            (Phase::Lost, Action::Hourglass(_)) => Some("the Lost is cancelled".to_owned()),
            (Phase::Darkness, Action::Torch(_)) => Some("the Darkness is lit".to_owned()),
            (Phase::Gremlin, Action::Ward(_)) => Some("the Ward stops the Gremlin".to_owned()),
            (Phase::DealEquip, _) if n.phase == Phase::BeforeDraw => {
                Some("no 10 or 2 in view: the Path waits for the first one drawn".to_owned())
            }
            (Phase::Window, Action::Restock(_)) => Some(match n.phase {
                Phase::Restock(k) => format!(
                    "it fills the inventory: {k} card{} to draw",
                    if k == 1 { "" } else { "s" }
                ),
                _ => "the inventory is full: no card to draw".to_owned(),
            }),
            (Phase::Window, Action::Hourglass(_)) => match n.phase {
                Phase::HourglassPick(k) => Some(format!(
                    "pick {k} graveyard card{} to shuffle into the deck",
                    if k == 1 { "" } else { "s" }
                )),
                _ => None,
            },
            (Phase::SearchStow, Action::Stow(EQUIPPED)) => {
                tell(told, b.equipped);
                None
            }
            _ if self.setback() && b.path.len == n.path.len && n.end().is_none() => {
                Some(if b.path.is_set() {
                    "the setback takes no room here".to_owned()
                } else {
                    "no Path yet: the setback takes nothing".to_owned()
                })
            }
            _ => None,
        }
    }

    /// Whether the step is a setback: a fight or Trap given up, or an Obstacle drawn.
    fn setback(&self) -> bool {
        match (self.b.phase, self.a) {
            (Phase::Creature | Phase::Trap, Action::Concede) => true,
            (Phase::Draw, Action::Card(d)) => {
                self.game.meaning(self.b, d) == crate::game::Meaning::Obstacle
            }
            _ => false,
        }
    }

    /// A payment in a fight: the total against the Creature, and whether it is beaten.
    fn fight(&self, p: Place) -> String {
        let (game, b, n) = (self.game, self.b, self.n);
        let value = self.game.see(b, p).map_or(0, |c| game.combat_value(c));
        let total = game.fight_total(n);
        let power = total - n.fight.paid;
        let mut sum = if b.fight.paid > 0 {
            format!("{} + {value}", b.fight.paid)
        } else {
            value.to_string()
        };
        if power > 0 {
            sum = format!("{sum} + {power} Power");
        }
        if b.fight.paid > 0 || power > 0 {
            sum = format!("{sum} = {total}");
        }
        let foe = creature(b, b.drawn);
        if n.phase == Phase::Creature {
            format!("{sum} of {} against {foe}", n.fight.target)
        } else {
            format!("{sum} against {foe}: beaten")
        }
    }

    /// A card flipped at a Chasm: red costs the Equipped card.
    fn flip(&self, f: Card) -> String {
        let (b, n) = (self.b, self.n);
        let red = is_red(f) || (is_joker(f) && self.game.config().joker_flip_counts_red);
        if b.equipped != NO_CARD && n.equipped == NO_CARD {
            format!(
                "red: the Equipped {} goes to the graveyard",
                Show(b.equipped)
            )
        } else if !red && is_joker(f) {
            "a Joker has no colour: nothing happens".to_owned()
        } else if !red {
            "black: the Equipped card is safe".to_owned()
        } else if b.locked {
            "red, but the Equipped slot is locked: nothing to lose".to_owned()
        } else if b.equipped == NO_CARD {
            "red, but nothing is equipped".to_owned()
        } else {
            format!(
                "red, but the Equipped {} is no A, J, Q, K or 10: it stays",
                Show(b.equipped)
            )
        }
    }

    /// What happened to the Path: a start, a room, a room set back, a Portcullis, a Chasm
    /// opened or passed.
    fn path(&self, told: &mut CardSet, out: &mut Vec<String>) {
        let (b, n) = (self.b, self.n);
        let (before, after) = (b.path.len as usize, n.path.len as usize);
        if after > before {
            let room = &n.path.rooms[after - 1];
            *told = told.union(room.cards);
            if before == 0 {
                out.push(format!(
                    "the Path runs {}: {}",
                    direction(n.path.dir),
                    progress(n)
                ));
                return;
            }
            let name = room_name(n, after - 1);
            if room.cards.len() > 1 {
                out.push(format!("{name} make a room of {}", room.value));
            } else if room.cards.iter().any(is_joker) {
                out.push(format!("{name} stands for a room of {}", room.value));
            }
            out.push(format!("the Path: {}", progress(n)));
        } else if after < before {
            let room = &b.path.rooms[after];
            let mut with = Vec::new();
            let mut kept = Vec::new();
            for c in room.cards.iter().filter(|&c| rank(c) == ACE) {
                let what = if is_black(c) { "Portcullis" } else { "Chasm" };
                if n.path.cards().contains(c) {
                    kept.push(format!("the Chasm {} moves onto the room below", Show(c)));
                } else {
                    with.push(format!("the {what} {}", Show(c)));
                }
            }
            *told = told.union(room.cards);
            let with = if with.is_empty() {
                String::new()
            } else {
                format!(" with {}", list(&with))
            };
            out.push(format!(
                "the room {}{with} goes to the graveyard",
                room_name(b, after)
            ));
            out.extend(kept);
            out.push(format!("the Path: {}", progress(n)));
        } else if after > 0 {
            let (rb, rn) = (&b.path.rooms[after - 1], &n.path.rooms[after - 1]);
            let name = room_name(n, after - 1);
            for c in rn.cards.difference(rb.cards) {
                told.insert(c);
                if is_black(c) {
                    out.push(format!(
                        "the Portcullis {} falls behind the room {name}: a setback there, or a \
                         second Portcullis, now loses",
                        Show(c)
                    ));
                } else if rn.unpassed > rb.unpassed {
                    out.push(format!(
                        "the Chasm {} opens on the room {name}: a Rope must pass it before the \
                         next room",
                        Show(c)
                    ));
                } else {
                    out.push(format!(
                        "the Chasm {} joins the one on the room {name}",
                        Show(c)
                    ));
                }
            }
            if rn.passed > rb.passed {
                out.push(format!("the Chasm on the room {name} is passed"));
            }
        }
    }

    /// Curses that came, Jokers that left the game, cards turned sideways. After a Chaos
    /// use, whose words already tell the curse it brings, only where its card went.
    fn curses(&self, told: &mut CardSet, out: &mut Vec<String>) {
        let (b, n) = (self.b, self.n);
        let chaos = matches!(
            self.a,
            Action::Destroy(_) | Action::Passage(_) | Action::TimeShift(_) | Action::Restock(_)
        );
        let above = n.curse_area.difference(b.curse_area);
        *told = told.union(above);
        let mut said = Vec::new();
        if let Some(c) = above.iter().next() {
            said.push(format!("{} lies above the Path", Show(c)));
        }
        if !chaos {
            for level in b.curses + 1..=n.curses {
                said.push(
                    if level == 1 {
                        "the first curse: Creatures +2"
                    } else {
                        "the second curse: the Equipped slot is locked for good"
                    }
                    .to_owned(),
                );
            }
        }
        if n.curses >= 2 && b.curses < 2 && b.equipped != NO_CARD && n.equipped == NO_CARD {
            told.insert(b.equipped);
            said.push(format!(
                "the locked slot's {} goes to the graveyard",
                Show(b.equipped)
            ));
        }
        out.extend(said);
        for c in n.removed.difference(b.removed) {
            told.insert(c);
            if !chaos {
                out.push(format!(
                    "{} leaves the game (two curses are already in effect)",
                    Show(c)
                ));
            }
        }
        for c in n.sideways.difference(b.sideways) {
            if is_joker(c) && !chaos {
                out.push(format!(
                    "{} turns sideways: it may Destroy once more, with a curse",
                    Show(c)
                ));
            } else if is_torch(c) {
                out.push(format!(
                    "the Torch {} turns sideways: its next use spends it",
                    Show(c)
                ));
            }
        }
    }

    /// Every other card that moved where the player sees it arrive, grouped by where it
    /// went. A card turned up in its slot is told by [`Self::reveals`], cards from under the
    /// deck joining it at a shuffle by the shuffle.
    fn moves(&self, told: CardSet, out: &mut Vec<String>) {
        let cards = self.game.config().deck_size();
        let (from, to) = (spots(self.b, cards), spots(self.n, cards));
        let shuffled = self.n.shuffles > self.b.shuffles;
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for c in 0..cards {
            let (x, y) = (from[c], to[c]);
            let said = matches!((x, y), (Spot::Down(i), Spot::Slot(j)) if i == j)
                || (shuffled && x == Spot::Under && y == Spot::Deck);
            if x == y || said || told.contains(c as Card) {
                continue;
            }
            let Some(dest) = y.destination() else {
                continue;
            };
            let name = Show(c as Card).to_string();
            match groups.iter_mut().find(|(d, _)| *d == dest) {
                Some((_, names)) => names.push(name),
                None => groups.push((dest, vec![name])),
            }
        }
        for (dest, names) in groups {
            out.push(format!("{} {dest}", list(&names)));
        }
    }

    /// Face-down slot cards the step turned up.
    fn reveals(&self, out: &mut Vec<String>) {
        let mut up = Vec::new();
        for (i, (sb, sn)) in self.b.slots.iter().zip(&self.n.slots).enumerate() {
            for c in sn.face_up_from_top() {
                if sb.face_down().contains(&c) {
                    up.push((i + 1, c));
                }
            }
        }
        match up[..] {
            [] => {}
            [(slot, c)] => out.push(format!("slot {slot} turns up {}", Show(c))),
            _ => {
                let each: Vec<String> = up
                    .iter()
                    .map(|&(slot, c)| format!("{} on slot {slot}", Show(c)))
                    .collect();
                out.push(format!("turned up: {}", list(&each)));
            }
        }
    }
}
