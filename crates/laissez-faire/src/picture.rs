//! The board as a picture for the web pages: the 40 spaces round the square as on a real
//! board, each street in its city's colour with its owner (or the bank's price) and its
//! buildings, every token on its space (a jailed one marked), and the players' cash and
//! net worth in the middle. Drawn from the observation, which in this game hides nothing
//! but the future dice.

use gameshelf_engine::svg::{Anchor, Svg, seat_colour};

use crate::board::{APARTMENT, RING_SIDE, SPACES, SpaceKind, ring_cell};
use crate::{BANK, LaissezFaire, State, Status};

/// Pixels per space.
const CELL: i32 = 66;
const INK: &str = "#2b2118";
const FAINT: &str = "#5c4d2e";

/// The colour band of a city's streets (eight cities, as on the printed board's sides).
fn city_colour(city: u8) -> &'static str {
    const COLOURS: [&str; 8] = [
        "#8b5a2b", "#87ceeb", "#c71585", "#f28c28", "#d7263d", "#f2d43d", "#2e8b57", "#1f4e9c",
    ];
    COLOURS[usize::from(city) % COLOURS.len()]
}

/// A building level in words that fit a space.
fn buildings(level: u8) -> &'static str {
    match level {
        0 => "",
        1 => "1 house",
        2 => "2 houses",
        APARTMENT => "apartment",
        _ => "?",
    }
}

/// The first characters of a name that fit a space (the text view has it whole).
fn fitted(name: &str) -> String {
    const FIT: usize = 11;
    if name.chars().count() <= FIT {
        name.to_owned()
    } else {
        let mut cut: String = name.chars().take(FIT - 1).collect();
        cut.push('…');
        cut
    }
}

/// The board picture.
pub fn board(game: &LaissezFaire, s: &State) -> String {
    let size = RING_SIDE as i32 * CELL;
    let mut svg = Svg::new(
        size,
        size,
        "Laissez-faire: the board, the deeds, the tokens and the players",
    );
    svg.rect((0, 0), (size, size), 0, "#f6f0df", "none");
    let spaces = &game.board().spaces;
    let players = game.config().players;
    for (space, at) in spaces.iter().enumerate().take(SPACES) {
        let (c, r) = ring_cell(space);
        let (x, y) = (c as i32 * CELL, r as i32 * CELL);
        svg.rect(
            (x + 1, y + 1),
            (CELL - 2, CELL - 2),
            3,
            "#fbf6e9",
            "#a88f55",
        );
        if let SpaceKind::Property { city, .. } = at.kind {
            svg.rect((x + 1, y + 1), (CELL - 2, 10), 2, city_colour(city), "none");
        }
        svg.text(
            (x + CELL / 2, y + 22),
            9,
            Anchor::Middle,
            INK,
            &fitted(&at.name),
        );
        let lot = s.lots.0[space];
        if at.is_deed() {
            let (text, colour) = if lot.owner == BANK {
                (format!("bank ${}", at.price), FAINT)
            } else {
                (
                    format!("P{}", lot.owner + 1),
                    seat_colour(usize::from(lot.owner)),
                )
            };
            svg.bold((x + CELL / 2, y + 35), 10, Anchor::Middle, colour, &text);
            svg.text(
                (x + CELL / 2, y + 46),
                9,
                Anchor::Middle,
                FAINT,
                buildings(lot.level),
            );
        }
        let here = (0..players).filter(|&seat| {
            let p = &s.players[seat];
            p.status == Status::Playing && usize::from(p.pos) == space
        });
        for (k, seat) in here.enumerate() {
            let at = (
                x + 10 + (k as i32 % 5) * 11,
                y + CELL - 9 - (k as i32 / 5) * 11,
            );
            let jailed = s.players[seat].jailed;
            svg.circle(
                at,
                5,
                seat_colour(seat),
                if jailed { "#d7263d" } else { "#ffffff" },
            );
        }
    }
    // The players, in the middle of the board.
    let (left, mut y) = (CELL + 16, CELL + 30);
    svg.bold((left, y), 15, Anchor::Start, INK, "Players");
    for seat in 0..players {
        let p = &s.players[seat];
        y += 22;
        let state = match (p.status, p.jailed) {
            (Status::Eliminated, _) => " · out",
            (Status::Removed, _) => " · retired",
            (Status::Playing, true) => " · in jail",
            (Status::Playing, false) => "",
        };
        let deeds = s
            .lots
            .0
            .iter()
            .filter(|lot| usize::from(lot.owner) == seat)
            .count();
        svg.circle((left + 6, y - 4), 6, seat_colour(seat), "none");
        svg.text(
            (left + 18, y),
            12,
            Anchor::Start,
            INK,
            &format!(
                "P{}: cash ${} · net worth ${} · deeds {deeds} · on {}{state}",
                seat + 1,
                p.cash,
                game.net_worth(s, seat),
                spaces[usize::from(p.pos)].name
            ),
        );
    }
    y += 30;
    svg.text(
        (left, y),
        11,
        Anchor::Start,
        FAINT,
        "Tokens sit on their spaces; a red ring marks a jailed token.",
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_cut_and_short_ones_kept() {
        assert_eq!(fitted("Tram Lane"), "Tram Lane");
        assert_eq!(fitted("Northern Power Company"), "Northern P…");
    }
}
