//! Cards and actions in words, for players.

use crate::action::{Action, EQUIPPED, GRAVE, place_name};
use crate::card::{JACK, KING, QUEEN, Show, rank};
use crate::game::{Meaning, OublietteSolitaire};
use crate::state::{Phase, State};

/// What a drawn card means now, e.g. `Creature: Fiend 12` or `Path card (the needed 7)`.
pub fn meaning(game: &OublietteSolitaire, s: &State, card: u8) -> String {
    match game.meaning(s, card) {
        Meaning::Path => format!("Path card (the needed {})", rank(card)),
        Meaning::Obstacle => "Obstacle: same value as the top room (a setback)".to_owned(),
        Meaning::Creature => {
            let name = match rank(card) {
                JACK => "Shambler",
                QUEEN => "Fiend",
                _ => "Wraith",
            };
            let curse = if s.curses >= 1 { 2 } else { 0 };
            format!("Creature: {name} {}", rank(card) + curse)
        }
        Meaning::Trap => "Trap: pay a black 2, 4, 6, 8 or 10".to_owned(),
        Meaning::Portcullis => "Portcullis".to_owned(),
        Meaning::Chasm => "Chasm (a card is flipped)".to_owned(),
        Meaning::Lost => "Lost: three deck cards to the graveyard".to_owned(),
        Meaning::Darkness => "Darkness: a Torch or one card".to_owned(),
        Meaning::Gremlin => "Gremlin: it steals your highest card".to_owned(),
        Meaning::Other => "Other: keep it or discard it".to_owned(),
    }
}

/// What an item card does, for the inventory display.
pub fn item(card: u8) -> &'static str {
    if crate::card::is_joker(card) {
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

/// An action in words for this state.
pub fn action(game: &OublietteSolitaire, s: &State, a: Action) -> String {
    let at = |p: u8| -> String {
        let card = if p == GRAVE {
            s.grave.top()
        } else if p == EQUIPPED {
            Some(s.equipped)
        } else {
            s.slots[p as usize].top()
        };
        match card {
            Some(c) => format!("{} ({})", Show(c), place_name(p)),
            None => place_name(p),
        }
    };
    match a {
        Action::Card(c) => match s.phase {
            Phase::Deal | Phase::DealEquip => format!("deal {}", Show(c)),
            Phase::Draw => format!("draw {}: {}", Show(c), meaning(game, s, c)),
            Phase::ChasmFlip => format!("flip {} at the Chasm", Show(c)),
            Phase::LostDiscard(_) => format!("lose {} to the graveyard", Show(c)),
            Phase::SearchFlip => format!("search finds {}", Show(c)),
            _ => format!("draw {}", Show(c)),
        },
        Action::Pay(p) => format!("pay with {}", at(p)),
        Action::Rope(p) => format!("Rope {}", at(p)),
        Action::Torch(p) => format!("Torch {}", at(p)),
        Action::Discard(p) => format!("discard {}", at(p)),
        Action::KeepOnly(p) => format!("keep only {}, discard the other visible cards", at(p)),
        Action::Ward(p) => format!("Ward {}", at(p)),
        Action::Hourglass(p) => format!("Hourglass {}", at(p)),
        Action::PlayPath(p) => format!("play {} to the Path", at(p)),
        Action::Start(p) => format!("start the Path with {}", at(p)),
        Action::Destroy(p) => format!("Chaos Destroy with {} (curse)", at(p)),
        Action::Passage(p) => format!("Chaos Passage with {} (curse)", at(p)),
        Action::TimeShift(p) => format!("Chaos Time Shift with {} (curse)", at(p)),
        Action::Restock(p) => format!("Chaos Restock with {} (curse)", at(p)),
        Action::GraveDig(p) => format!("Grave Dig with {}", at(p)),
        Action::Advantage(p) => format!("Advantage with {}", at(p)),
        Action::Equip(p) => format!("equip {}", at(p)),
        Action::Place => format!("place {} on the Path", Show(s.drawn)),
        Action::Stow(p) => {
            let what = if s.drawn == crate::card::NO_CARD {
                "it".to_owned()
            } else {
                Show(s.drawn).to_string()
            };
            match p {
                GRAVE => format!("discard {what}"),
                EQUIPPED if s.phase == Phase::SearchStow => {
                    format!("equip {what} (the Searching 10 goes)")
                }
                _ => format!("put {what} in {}", place_name(p)),
            }
        }
        Action::Pass => match s.phase {
            Phase::PathOffer => "decline the Path card".to_owned(),
            Phase::Lost => "accept: lose three deck cards".to_owned(),
            Phase::Window => "end the window".to_owned(),
            Phase::SearchOffer => "do not search".to_owned(),
            Phase::ChasmRope => "no Rope now".to_owned(),
            _ => "pass".to_owned(),
        },
        other => other.to_string(),
    }
}
