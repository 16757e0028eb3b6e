//! The text of a position, a move and a result.

use std::fmt::Write;

use gameshelf_oubliette_solitaire::card::{ACE, Card, NO_CARD, Show, rank};
use gameshelf_oubliette_solitaire::describe::{self, item};
use gameshelf_oubliette_solitaire::state::{Dir, PATH_ROOMS, Room};
use gameshelf_oubliette_solitaire::{
    Action, EndKind, Observation, OublietteSolitaire, Phase, State,
};

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
        if room.chasm_behind {
            line.push_str(" =C=");
        }
        let cards: Vec<String> = room_cards(room).map(|c| Show(c).to_string()).collect();
        let _ = write!(line, " [{} {}]", room.value, cards.join("+"));
        for _ in 0..room.unpassed {
            line.push_str(" ~Chasm~");
        }
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
    match s.phase {
        Phase::Creature => {
            let _ = writeln!(
                out,
                "Fighting {}: {} of {} paid",
                Show(s.drawn),
                game.fight_total(s),
                s.fight.target
            );
        }
        Phase::AdvantageKeep => {
            let cards: Vec<String> = s.advantage.cards[..s.advantage.len as usize]
                .iter()
                .map(|&c| Show(c).to_string())
                .collect();
            let _ = writeln!(out, "Advantage drew: {}", cards.join(" "));
        }
        _ if s.drawn != NO_CARD => {
            let _ = writeln!(
                out,
                "Drawn: {} -- {}",
                Show(s.drawn),
                describe::meaning(game, s, s.drawn)
            );
        }
        _ => {}
    }
    out
}

/// The Path cards of a room: the cards lying there without the aces (its Portcullis and
/// Chasms, which are shown as markers).
pub(crate) fn room_cards(room: &Room) -> impl Iterator<Item = Card> + '_ {
    room.cards.iter().filter(|&c| rank(c) != ACE)
}

/// The text of the Path's direction.
pub(crate) fn direction(dir: Dir) -> &'static str {
    match dir {
        Dir::Unset => "not started (the first 10 or 2 starts it)",
        Dir::Down => "10 down to 2",
        Dir::Up => "2 up to 10",
    }
}

/// One log line.
pub fn describe_move(game: &OublietteSolitaire, before: &State, action: Action) -> String {
    // The deal's face-down cards are not shown.
    if before.phase == Phase::Deal && before.dealt % 5 != 4 {
        return "deal a card face down".to_owned();
    }
    describe::action(game, before, action)
}

/// The result.
pub fn result_text(game: &OublietteSolitaire, end: &State) -> String {
    let how = match end.end() {
        Some(EndKind::Won) => "You escaped the Oubliette!".to_owned(),
        Some(k) => format!("You are lost in the Oubliette ({}).", k.label()),
        None => "The game is not finished.".to_owned(),
    };
    let _ = game;
    format!(
        "{how}\nPath: {} rooms after {} turns\n",
        end.path.len, end.turns
    )
}
