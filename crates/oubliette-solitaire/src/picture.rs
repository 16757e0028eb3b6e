//! The table as a picture for the web pages: the Path room by room (Portcullises and
//! Chasms marked, the next room's value waiting), the four inventory slots as stacks
//! (face-down cards as backs), the Equipped card, the graveyard, the deck and the curses.
//! Drawn from the observation, so face-down cards stay unknown.

use gameshelf_engine::svg::{Anchor, Svg};

use crate::Observation;
use crate::card::{NO_CARD, Show, is_joker, is_red};
use crate::describe::item;
use crate::present::room_cards;
use crate::state::{Dir, PATH_ROOMS};

const CARD_W: i32 = 58;
const CARD_H: i32 = 80;
const GAP: i32 = 12;
const WIDTH: i32 = 700;
const INK: &str = "#2b2118";
const FAINT: &str = "#5c4d2e";

/// The ink of a card's label: red suits red, black suits black, Chaos purple.
fn ink(card: u8) -> &'static str {
    if is_joker(card) {
        "#6a3d9a"
    } else if is_red(card) {
        "#b2182b"
    } else {
        INK
    }
}

/// A face-up card: its rank and suit, and what it is in the game underneath.
fn face(svg: &mut Svg, at: (i32, i32), card: u8, sideways: bool) {
    let fill = if sideways { "#efe6cf" } else { "#ffffff" };
    svg.rect(at, (CARD_W, CARD_H), 6, fill, "#8a7a5c");
    svg.bold(
        (at.0 + CARD_W / 2, at.1 + 30),
        18,
        Anchor::Middle,
        ink(card),
        &Show(card).to_string(),
    );
    // What the card is, one use per line ("Hourglass / Resourceful" is two), to fit it.
    for (line, part) in (0..).zip(item(card).split(" / ")) {
        svg.text(
            (at.0 + CARD_W / 2, at.1 + 48 + 11 * line),
            9,
            Anchor::Middle,
            FAINT,
            part,
        );
    }
    if sideways {
        svg.text(
            (at.0 + CARD_W / 2, at.1 + 74),
            9,
            Anchor::Middle,
            FAINT,
            "sideways",
        );
    }
}

/// A card lying face down.
fn back(svg: &mut Svg, at: (i32, i32)) {
    svg.rect(at, (CARD_W, CARD_H), 6, "#31507a", "#1d3352");
}

/// The name of the pile whose top card lies at `at`, written above it.
fn title(svg: &mut Svg, at: (i32, i32), name: &str) {
    svg.text(
        (at.0 + CARD_W / 2, at.1 - 10),
        12,
        Anchor::Middle,
        INK,
        name,
    );
}

/// An empty place for a card, with its name.
fn place(svg: &mut Svg, at: (i32, i32), name: &str) {
    svg.rect(at, (CARD_W, CARD_H), 6, "none", "#c9b98f");
    svg.text(
        (at.0 + CARD_W / 2, at.1 + CARD_H / 2 + 4),
        11,
        Anchor::Middle,
        "#a38f62",
        name,
    );
}

/// The table picture.
pub fn table(obs: &Observation) -> String {
    let s = &obs.table;
    let height = 470;
    let mut svg = Svg::new(
        WIDTH,
        height,
        "Oubliette: the Path, the inventory, the graveyard and the deck",
    );
    svg.rect((0, 0), (WIDTH, height), 0, "#f6f0df", "none");
    let dir = match s.path.dir {
        Dir::Unset => "not started: a 10 or a 2 starts it",
        Dir::Down => "10 down to 2",
        Dir::Up => "2 up to 10",
    };
    svg.bold(
        (GAP, 24),
        15,
        Anchor::Start,
        INK,
        &format!("Path {}/{PATH_ROOMS}, {dir}", s.path.len),
    );
    let top = 36;
    for i in 0..PATH_ROOMS {
        let x = GAP + i as i32 * (CARD_W + GAP);
        let Some(room) = s.path.rooms[..usize::from(s.path.len)].get(i) else {
            let name = match (i == usize::from(s.path.len), s.path.need()) {
                (true, Some(need)) => format!("next: {need}"),
                _ => String::new(),
            };
            place(&mut svg, (x, top), &name);
            continue;
        };
        match room_cards(room).last() {
            Some(card) => face(&mut svg, (x, top), card, false),
            None => place(&mut svg, (x, top), ""),
        }
        svg.text(
            (x + CARD_W / 2, top + CARD_H + 14),
            11,
            Anchor::Middle,
            FAINT,
            &format!("room {}", room.value),
        );
        if room.portcullis {
            svg.rect(
                (x - GAP + 2, top + 10),
                (GAP - 4, CARD_H - 20),
                2,
                "#7f6a00",
                "none",
            );
        }
        for k in 0..room.unpassed + room.passed {
            let mark = if k < room.unpassed {
                "~Chasm~"
            } else {
                "=passed="
            };
            svg.text(
                (x + CARD_W / 2, top + CARD_H + 28 + i32::from(k) * 12),
                10,
                Anchor::Middle,
                "#b2182b",
                mark,
            );
        }
    }
    // The inventory: four slots as stacks, bottom card first.
    let top = 175;
    svg.bold(
        (GAP, top - 10),
        15,
        Anchor::Start,
        INK,
        &format!("Inventory ({} cards)", s.inventory_count()),
    );
    for (i, slot) in s.slots.iter().enumerate() {
        let x = GAP + i as i32 * (CARD_W + 2 * GAP);
        if slot.len == 0 {
            place(&mut svg, (x, top), &format!("slot {}", i + 1));
            continue;
        }
        for (k, &card) in slot.cards[..usize::from(slot.len)].iter().enumerate() {
            let at = (x, top + k as i32 * 24);
            if card == NO_CARD || k < usize::from(slot.down) {
                back(&mut svg, at);
            } else {
                face(&mut svg, at, card, s.sideways.contains(card));
            }
        }
    }
    let x = GAP + 4 * (CARD_W + 2 * GAP) + GAP;
    title(&mut svg, (x, top), "Equipped");
    if s.locked {
        place(&mut svg, (x, top), "locked");
    } else if s.equipped == NO_CARD {
        place(&mut svg, (x, top), "");
    } else {
        face(&mut svg, (x, top), s.equipped, false);
    }
    let x = x + CARD_W + 2 * GAP;
    title(&mut svg, (x, top), &format!("Graveyard {}", s.grave.len()));
    match s.grave.as_slice().last() {
        Some(&card) => face(&mut svg, (x, top), card, false),
        None => place(&mut svg, (x, top), ""),
    }
    let x = x + CARD_W + 2 * GAP;
    title(&mut svg, (x, top), &format!("Deck {}", obs.deck_count));
    if obs.deck_count > 0 {
        back(&mut svg, (x, top));
    } else {
        place(&mut svg, (x, top), "empty");
    }
    if s.drawn != NO_CARD {
        let x = x + CARD_W + 2 * GAP;
        title(&mut svg, (x, top), "Drawn");
        face(&mut svg, (x, top), s.drawn, false);
    }
    let mut notes = vec![format!("turn {}", s.turns)];
    if s.curses > 0 {
        notes.push(format!(
            "curses {} (creatures +2{})",
            s.curses,
            if s.locked { ", Equipped locked" } else { "" }
        ));
    }
    svg.text(
        (GAP, height - 14),
        12,
        Anchor::Start,
        FAINT,
        &notes.join(" · "),
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use gameshelf_engine::{Actor, Game, Outcomes, Rng};

    use super::*;
    use crate::OublietteSolitaire;

    #[test]
    fn face_down_cards_are_drawn_as_backs_and_the_deck_counted() {
        let game = OublietteSolitaire::default();
        let mut rng = Rng::for_stream(3, 0);
        let mut state = game.initial_state();
        let mut outcomes = Outcomes::new();
        while game.actor(&state) == Actor::Chance {
            let roll = game.sample_chance(&state, &mut rng, &mut outcomes);
            game.apply_unchecked(&mut state, roll);
        }
        let obs = game.observe(&state, 0);
        let svg = table(&obs);
        let down: usize = obs
            .table
            .slots
            .iter()
            .map(|s| usize::from(s.down.min(s.len)))
            .sum();
        assert!(down > 0, "the deal lays cards face down");
        let deck = usize::from(obs.deck_count > 0);
        assert_eq!(svg.matches(r##"fill="#31507a""##).count(), down + deck);
        assert!(svg.contains(&format!("Deck {}", obs.deck_count)));
    }
}
