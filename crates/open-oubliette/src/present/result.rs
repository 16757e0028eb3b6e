//! The result of a finished game: who won, how the game ended, and which tier of the
//! scoring decided when the treasure ran out (banked gold, then the tie-breaks).

use crate::config::Mode;
use crate::game::TIERS;
use crate::{EndKind, OpenOubliette, State};

/// Seats of a bit mask, in words: `player 1`, `players 1 and 3`, `players 1, 2 and 4`.
fn seats(mask: u8) -> String {
    let list: Vec<String> = (0..8u8)
        .filter(|q| mask & (1 << q) != 0)
        .map(|q| (q + 1).to_string())
        .collect();
    match list.as_slice() {
        [] => "nobody".to_owned(),
        [one] => format!("player {one}"),
        [rest @ .., last] => format!("players {} and {last}", rest.join(", ")),
    }
}

/// Who won a finished game, in a few words: `player 2 wins`, `players 1 and 3 share the
/// win`, with the tie-break that decided (`player 2 wins on the first tie-break`).
pub(super) fn winners(game: &OpenOubliette, end: &State) -> String {
    let mask = end.winners;
    if mask.count_ones() > 1 {
        return format!("{} share the win", seats(mask));
    }
    let (_, decided) = game.scoring(end);
    let tie_break = match end.end {
        EndKind::TiebreakUnused => " on the first tie-break",
        EndKind::TiebreakEquipped => " on the second tie-break",
        EndKind::TurnLimit if decided == EndKind::TiebreakUnused => " on the first tie-break",
        EndKind::TurnLimit if decided == EndKind::TiebreakEquipped => " on the second tie-break",
        _ => "",
    };
    format!("{} wins{tie_break}", seats(mask))
}

/// What tier `tier` of the scoring adds up, in words.
fn tier_name(game: &OpenOubliette, tier: usize) -> &'static str {
    match tier {
        0 => "banked gold",
        1 if game.config().tiebreak_including => {
            "banked gold plus unused treasure and equipped gear (the first tie-break)"
        }
        1 => "banked gold plus unused treasure, gear excluded (the first tie-break)",
        _ => "banked gold plus unused treasure and equipped gear (the second tie-break)",
    }
}

/// How the scoring when the treasure runs out went, tier by tier, down to the winner or
/// to the players still tied after the last tier.
fn tiers_text(game: &OpenOubliette, end: &State) -> String {
    let n = game.config().players;
    let mut candidates: u8 = ((1u16 << n) - 1) as u8;
    let mut out = Vec::new();
    for tier in 0..TIERS.len() {
        let best = game.best_at_tier(end, candidates, tier);
        let top = |mask: u8| {
            (0..n)
                .filter(|&q| mask & (1 << q) != 0)
                .map(|q| game.tier_score(end, q, tier))
                .max()
                .unwrap_or(0)
        };
        let score = top(best);
        if best.count_ones() == 1 {
            let others = candidates & !best;
            let against = if others == 0 {
                String::new()
            } else {
                format!(" against {} g", top(others))
            };
            out.push(format!(
                "{} has the most {}: {score} g{against}",
                seats(best),
                tier_name(game, tier)
            ));
            return out.join("; ");
        }
        out.push(format!(
            "{} tie on {} at {score} g",
            seats(best),
            tier_name(game, tier)
        ));
        candidates = best;
    }
    out.join("; ")
}

/// The result of a finished game: how it ended and who won, why, then each player's gold.
pub(super) fn result_text(game: &OpenOubliette, end: &State, names: &[String]) -> String {
    let cfg = game.config();
    let named = |q: usize| format!("player {} ({})", q + 1, names[q]);
    let mut out = match end.end {
        EndKind::JailServed => format!("The jail is served after {} turns.\n", end.turns),
        EndKind::Target => {
            let q = end.current as usize;
            format!(
                "Game over after {} turns: {} banked {} g, at least the {} g target, and wins.\n",
                end.turns,
                named(q),
                game.score(end, q),
                cfg.win_threshold
            )
        }
        EndKind::TurnLimit if cfg.mode == Mode::Jail => {
            format!("The jail ends at the limit of {} turns.\n", cfg.max_turns)
        }
        EndKind::TurnLimit => format!(
            "Game over: the limit of {} turns is reached, scored as when the treasure runs \
             out. {}. {}.\n",
            cfg.max_turns,
            capitalized(&tiers_text(game, end)),
            capitalized(&winners(game, end))
        ),
        _ => format!(
            "Game over after {} turns: the treasure pile is empty. {}. {}.\n",
            end.turns,
            capitalized(&tiers_text(game, end)),
            capitalized(&winners(game, end))
        ),
    };
    for (q, _) in names.iter().enumerate() {
        let p = &end.players[q];
        let line = if cfg.mode == Mode::Jail {
            format!(
                "  {}: brings back ${} ({} g banked)\n",
                named(q),
                game.jail_dollars(end, q),
                p.banked_value
            )
        } else {
            format!(
                "  {}: banked {} g in {} cards, {} g unused, {} g equipped\n",
                named(q),
                game.score(end, q),
                p.banked.len(),
                game.decks().treasure_value(p.unused),
                game.decks().treasure_value(p.equipped),
            )
        };
        out.push_str(&line);
    }
    out
}

/// `text` with its first letter in capitals.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().chain(chars).collect::<String>()
    })
}
