//! Oubliette (solitaire) in words, for every front end: the text of a position, a move and
//! a result.

use std::fmt::Write;

use gameshelf_engine::{Presenter, Seat};

use crate::card::{ACE, Card, NO_CARD, Show, rank};
use crate::describe::{self, item};
use crate::state::{Dir, PATH_ROOMS, Room};
use crate::{Action, EndKind, Observation, OublietteSolitaire, Phase, State};

/// What the player sees, as text: the Path, the inventory, the graveyard, the deck and the
/// card being resolved.
pub fn observation_text(game: &OublietteSolitaire, obs: &Observation) -> String {
    let s = &obs.table;
    let mut out = String::new();
    let dir = direction(s.path.dir);
    let _ = writeln!(out, "Path ({}/{PATH_ROOMS} rooms, {dir}):", s.path.len);
    let mut line = String::from(" ");
    for room in &s.path.rooms[..s.path.len as usize] {
        if room.portcullis {
            line.push_str(" |P|");
        }
        let cards: Vec<String> = room_cards(room).map(|c| Show(c).to_string()).collect();
        let _ = write!(line, " [{} {}]", room.value, cards.join("+"));
        for _ in 0..room.unpassed {
            line.push_str(" ~Chasm~");
        }
        // A passed Chasm is drawn once, after the room it lies on: the room beyond it
        // (`chasm_behind`) is the same Chasm seen from the other side.
        for _ in 0..room.passed {
            line.push_str(" =C=");
        }
    }
    if let Some(need) = s.path.need() {
        let _ = write!(line, "  next: {need}");
    }
    let _ = writeln!(out, "{line}");
    if s.curses > 0 {
        let _ = writeln!(
            out,
            "Curses: {} (creatures +2{})",
            s.curses,
            if s.locked { ", Equipped locked" } else { "" }
        );
    }
    let _ = writeln!(out, "Inventory ({} cards):", s.inventory_count());
    for (i, slot) in s.slots.iter().enumerate() {
        let top = slot.top().map_or("--".to_owned(), |c| {
            let side = if s.sideways.contains(c) {
                " (sideways)"
            } else {
                ""
            };
            format!("{}{side} {}", Show(c), item(c))
        });
        let _ = writeln!(
            out,
            "  slot {}: {top}   [{} cards, {} face down]",
            i + 1,
            slot.len,
            slot.down.min(slot.len)
        );
    }
    let equipped = if s.locked {
        "locked by the curse".to_owned()
    } else if s.equipped == NO_CARD {
        "--".to_owned()
    } else {
        format!("{} {}", Show(s.equipped), item(s.equipped))
    };
    let _ = writeln!(out, "  Equipped: {equipped}");
    let grave: Vec<String> = s
        .grave
        .as_slice()
        .iter()
        .rev()
        .take(8)
        .map(|&c| Show(c).to_string())
        .collect();
    let _ = writeln!(
        out,
        "Graveyard ({}): {}{}",
        s.grave.len(),
        grave.join(" "),
        if s.grave.len() > 8 { " ..." } else { "" }
    );
    let _ = writeln!(out, "Deck: {} cards    turn {}", obs.deck_count, s.turns);
    if let Some(under) = describe::under_deck(s) {
        let _ = writeln!(out, "  {under}");
    }
    match s.phase {
        Phase::MapCombo => {
            let _ = writeln!(out, "{}", describe::combo(s).unwrap_or_default());
        }
        Phase::AdvantageKeep => {
            let cards: Vec<String> = s.advantage.cards[..s.advantage.len as usize]
                .iter()
                .map(|&c| Show(c).to_string())
                .collect();
            let _ = writeln!(out, "Advantage drew: {}", cards.join(" "));
        }
        Phase::Window => {
            let _ = writeln!(
                out,
                "Action window: {} action{} left",
                s.window_left,
                if s.window_left == 1 { "" } else { "s" }
            );
        }
        Phase::ChasmRope if s.drawn == NO_CARD => {
            let _ = writeln!(
                out,
                "Chasm: a card is about to be flipped (a red one costs the Equipped card)"
            );
        }
        _ => {}
    }
    if let Some(r) = describe::resolving(game, s) {
        let _ = writeln!(out, "{}: {} -- {}", r.how, Show(r.card), r.text);
        for note in &r.notes {
            let _ = writeln!(out, "  {note}");
        }
    }
    out
}

/// The Path cards of a room: the cards lying there without the aces (its Portcullis and
/// Chasms, which are shown as markers).
pub fn room_cards(room: &Room) -> impl Iterator<Item = Card> + '_ {
    room.cards.iter().filter(|&c| rank(c) != ACE)
}

/// The text of the Path's direction.
pub fn direction(dir: Dir) -> &'static str {
    match dir {
        Dir::Unset => "not started (the first 10 or 2 starts it)",
        Dir::Down => "10 down to 2",
        Dir::Up => "2 up to 10",
    }
}

/// One log line: the move and everything the rules did by themselves because of it
/// ([`crate::log::line`]).
pub fn describe_move(game: &OublietteSolitaire, before: &State, action: Action) -> String {
    crate::log::line(game, before, action)
}

/// The result, with what decided it, e.g. `You are lost in the Oubliette: the Trap 7♦ could
/// not be paid, and a setback with a Portcullis directly behind the top room 3♠ loses.`
pub fn result_text(game: &OublietteSolitaire, end: &State) -> String {
    let Some(why) = describe::end_reason(game, end) else {
        return "The game is not finished.\n".to_owned();
    };
    let how = match (end.end(), describe::end_cause(game, end)) {
        (Some(EndKind::Won), _) => format!("You escaped the Oubliette: {why}!"),
        (_, Some(cause)) => format!("You are lost in the Oubliette: {cause}, and {why}."),
        (_, None) => format!("You are lost in the Oubliette: {why}."),
    };
    let rooms: Vec<String> = (0..end.path.len as usize)
        .map(|i| describe::room_name(end, i))
        .collect();
    format!(
        "{how}\nPath: {} of {PATH_ROOMS} rooms{} after {} turns; {} cards left in the deck, {} \
         in the inventory\n",
        end.path.len,
        if rooms.is_empty() {
            String::new()
        } else {
            format!(" ({})", rooms.join(" "))
        },
        end.turns,
        end.deck_len(),
        end.inventory_count(),
    )
}

/// The words of Oubliette (solitaire), for every front end.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolitairePresenter;

/// A few lines on the rules, for the help command.
const RULES: &str = "Oubliette (solitaire): build a Path of nine rooms, 10 down to 2 or 2 up \
to 10. Each turn draws a card: the needed Path card may be placed; a card of the top room's \
value is an Obstacle (setback); J/Q/K are Creatures to pay with inventory cards (11/12/13, +2 \
once cursed); red 3/5/7/9 Traps take a black 2/4/6/8/10; a black ace is a Portcullis, a red ace \
a Chasm (Ropes: 6s and 9s); 8 Lost, 6 Darkness (Torch: red 4), Joker Gremlin. Other cards may \
be kept, and then one action may be taken. Only slot tops and the Equipped card are usable.";

impl Presenter<OublietteSolitaire> for SolitairePresenter {
    fn observation_text(
        &self,
        game: &OublietteSolitaire,
        _viewer: Option<Seat>,
        obs: &Observation,
    ) -> String {
        observation_text(game, obs)
    }

    fn pictures(
        &self,
        _game: &OublietteSolitaire,
        _viewer: Option<Seat>,
        obs: &Observation,
    ) -> Vec<String> {
        vec![crate::picture::table(obs)]
    }

    fn describe_move(
        &self,
        game: &OublietteSolitaire,
        before: &State,
        action: Action,
        _: Option<Seat>,
    ) -> String {
        describe_move(game, before, action)
    }

    fn result_text(&self, game: &OublietteSolitaire, end: &State, _names: &[String]) -> String {
        result_text(game, end)
    }

    fn help(&self) -> String {
        RULES.to_owned()
    }
}
