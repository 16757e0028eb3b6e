//! The board as a picture for the web pages: the 20-space ring drawn as the designer's
//! square (the Exit and the three Event corners marked), every token on its space in its
//! seat's colour, and each player's public standing in the middle. Drawn from an
//! observation only, so it shows nothing the text view hides.

use gameshelf_engine::svg::{Anchor, Svg, seat_colour};

use crate::state::{RING_SIDE, ring_cell};
use crate::{Observation, OpenOubliette};

/// Pixels per space.
const CELL: i32 = 80;

/// The board picture.
pub fn board(game: &OpenOubliette, obs: &Observation) -> String {
    let size = i32::from(RING_SIDE) * CELL;
    let mut svg = Svg::new(
        size,
        size,
        "Open Oubliette: the board, the tokens and the players",
    );
    svg.rect((0, 0), (size, size), 0, "#f6f0df", "none");
    for space in 0..20u8 {
        let (c, r) = ring_cell(space);
        let (c, r) = (i32::from(c), i32::from(r));
        let (x, y) = (c * CELL, r * CELL);
        let (fill, word) = match space {
            0 => ("#e3cd94", "Exit"),
            5 | 10 | 15 => ("#f1cfc0", "Event!"),
            _ => ("#fbf6e9", ""),
        };
        svg.rect((x + 1, y + 1), (CELL - 2, CELL - 2), 6, fill, "#a88f55");
        svg.text(
            (x + 6, y + 15),
            12,
            Anchor::Start,
            "#5c4d2e",
            &space.to_string(),
        );
        if !word.is_empty() {
            svg.text((x + CELL - 6, y + 15), 11, Anchor::End, "#5c4d2e", word);
        }
    }
    let players = game.config().players;
    let view = &obs.view;
    for seat in 0..players {
        let p = &view.players[seat];
        if p.left {
            continue;
        }
        let (c, r) = ring_cell(p.pos);
        let (c, r) = (i32::from(c), i32::from(r));
        // Up to six tokens share a space: two rows of three.
        let (dx, dy) = ((seat % 3) as i32 * 22 + 17, (seat / 3) as i32 * 24 + 36);
        let stroke = if seat == usize::from(view.current) {
            "#000000"
        } else {
            "#fbf6e9"
        };
        let at = (c * CELL + dx, r * CELL + dy);
        svg.circle(at, 9, seat_colour(seat), stroke);
        svg.bold(
            (at.0, at.1 + 4),
            11,
            Anchor::Middle,
            "#ffffff",
            &(seat + 1).to_string(),
        );
    }
    // The players' public standing, in the middle of the ring.
    let (left, mut y) = (CELL + 12, CELL + 24);
    svg.bold((left, y), 14, Anchor::Start, "#2b2118", "Players");
    for seat in 0..players {
        let p = &view.players[seat];
        y += 26;
        let you = if seat == usize::from(obs.seat) {
            " (you)"
        } else {
            ""
        };
        let turn = if seat == usize::from(view.current) {
            " ▶"
        } else {
            ""
        };
        svg.circle((left + 6, y - 5), 6, seat_colour(seat), "none");
        svg.text(
            (left + 18, y),
            12,
            Anchor::Start,
            "#2b2118",
            &format!(
                "P{}{you}{turn}: {} g · W {} · level-ups {} · space {}",
                seat + 1,
                p.banked_value,
                p.w,
                p.level_ups,
                p.pos
            ),
        );
        y += 16;
        svg.text(
            (left + 18, y),
            11,
            Anchor::Start,
            "#5c4d2e",
            &format!(
                "treasure {} · equipped {} · wounds {} · quests {}",
                obs.unused_counts[seat],
                p.equipped.len(),
                p.wounds.len(),
                p.quests.len()
            ),
        );
    }
    y += 28;
    svg.text(
        (left, y),
        11,
        Anchor::Start,
        "#5c4d2e",
        &format!(
            "piles: monsters {}, treasure {}, events {}, wounds {}",
            obs.monsters_left, obs.treasure_left, obs.events_left, obs.wounds_left
        ),
    );
    svg.finish()
}
