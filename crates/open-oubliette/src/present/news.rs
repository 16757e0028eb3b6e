//! What the rules do on their own after a move, said in the line of the move that caused
//! it: such steps have no entry of their own in a record (a lost turn sat out, a Quest
//! paid or discarded at the Exit, a cash-in's gold, wounds healed, a token moved by a
//! card, a discard pile reshuffled, the end of the game).
//!
//! Everything here is read from what every player sees (positions, banked cards, wounds,
//! quests, level-ups, lost turns, the turn counter), except a card kept at once, which is
//! told to its holder only.

use super::player;
use super::result::winners;
use crate::decks::Effect;
use crate::describe::{self, count};
use crate::state::BOARD;
use crate::{Action, EndKind, OpenOubliette, Phase, State};

/// The lost turns `seat` still has to sit out and which turn goes first, for its panel:
/// `loses the next turn`, `loses the next turn, the extra turn due after this one`;
/// `None` when it owes none.
pub(super) fn pending_turns(game: &OpenOubliette, s: &State, seat: u8) -> Option<String> {
    let p = &s.players[seat as usize];
    if p.lost_turns == 0 || p.left || s.phase == Phase::Over {
        return None;
    }
    let mut text = if p.lost_turns == 1 {
        "loses the next turn".to_owned()
    } else {
        format!("loses the next {} turns", p.lost_turns)
    };
    let cfg = game.config();
    let extra =
        seat == s.current && (p.extra_turns > 0 || (s.turn.doubles && cfg.doubles_mandatory));
    if extra && cfg.lost_turn_skips_extra {
        let first = if p.lost_turns == 1 {
            ", "
        } else {
            ", starting with "
        };
        text.push_str(first);
        text.push_str("the extra turn due after this one");
    } else if extra {
        text.push_str(" in the turn order (the extra turn due after this one is still taken)");
    }
    Some(text)
}

/// How many lost turns each seat sat out while `before` became `after`.
///
/// A turn that begins counts one in [`State::turns`]; the turns begun, less the one the
/// state now rests in (if a new turn began and stopped at its start), were sat out. A
/// seat's lost turns only go down by being sat out, except for the current player (who
/// may lose a turn and sit it out in the same move) and a jailed player leaving (whose
/// lost turns expire): those take the rest of the count.
fn sat_out(game: &OpenOubliette, before: &State, after: &State) -> Vec<(u8, u32)> {
    let begun = after.turns.saturating_sub(before.turns);
    let fresh = begun > 0
        && matches!(after.phase, Phase::PreWindow | Phase::MoveRoll)
        && after.turn.roll == 0
        && !after.turn.move_only;
    let mut rest = begun - u32::from(fresh);
    let mut out = Vec::new();
    for seat in 0..game.config().players as u8 {
        let (b, a) = (
            &before.players[seat as usize],
            &after.players[seat as usize],
        );
        if seat == before.current || a.left {
            continue;
        }
        let k = u32::from(b.lost_turns.saturating_sub(a.lost_turns)).min(rest);
        if k > 0 {
            out.push((seat, k));
            rest -= k;
        }
    }
    if rest > 0 {
        out.push((before.current, rest));
    }
    out
}

/// The end of the game in a few words, when `action` ended it.
fn game_over(game: &OpenOubliette, after: &State) -> String {
    let cfg = game.config();
    match after.end {
        EndKind::Target => {
            let seat = after.current;
            format!(
                "{} has banked {} g, at least {} g: game over, {}",
                player(seat),
                game.score(after, seat as usize),
                cfg.win_threshold,
                winners(game, after)
            )
        }
        EndKind::TurnLimit => format!(
            "the limit of {} turns is reached: game over, {}",
            cfg.max_turns,
            winners(game, after)
        ),
        EndKind::JailServed => "every jailed player has left: the jail is served".to_owned(),
        _ => format!(
            "the treasure pile is empty: game over, {}",
            winners(game, after)
        ),
    }
}

/// What the rules did on their own while `action` took `before` to `after`, as clauses
/// for its log line; `sees(seat)` says whether the viewer sees that seat's hand.
pub(super) fn news(
    game: &OpenOubliette,
    before: &State,
    action: Action,
    after: &State,
    sees: &dyn Fn(u8) -> bool,
) -> Vec<String> {
    let mut out = Vec::new();
    let d = game.decks();
    match action {
        Action::DrawMonster(_) if before.monster_draw.is_empty() => {
            out.push("the monster discards were shuffled into a new pile".to_owned())
        }
        Action::DrawEvent(_) if before.event_draw.is_empty() => {
            out.push("the event discards were shuffled into a new pile".to_owned())
        }
        _ => {}
    }
    let q = before.current;
    let who = player(q);
    let (b, a) = (&before.players[q as usize], &after.players[q as usize]);
    if !a.left {
        if !matches!(action, Action::Move(_) | Action::Direction(_)) && a.pos != b.pos {
            out.push(match a.pos {
                0 => format!("{who} goes to the Exit"),
                pos => {
                    let steps = (pos + BOARD - b.pos) % BOARD;
                    let (n, way) = if steps <= BOARD / 2 {
                        (steps, "ahead")
                    } else {
                        (BOARD - steps, "back")
                    };
                    format!("{who} moves {} {way} to space {pos}", count(n, "space"))
                }
            });
        }
        for c in b.quests.difference(a.quests) {
            if let Effect::Quest { monster, treasure } = d.events[c as usize].effect {
                let name = &d.monster_names[monster as usize];
                out.push(if b.trip_kills & (1 << monster) != 0 {
                    format!(
                        "{who}'s Quest is met ({} beaten this trip): {}",
                        describe::a_or_an(name),
                        count(treasure, "treasure card")
                    )
                } else {
                    format!("{who}'s Quest is not met (no {name} beaten this trip): discarded")
                });
            }
        }
        let healed = b.wounds.difference(a.wounds);
        if !healed.is_empty() && !matches!(action, Action::ReturnWound(_)) {
            let names: Vec<String> = healed.iter().map(|c| describe::wound(game, c)).collect();
            out.push(format!("{who} returns {}: W {}", names.join(", "), a.w));
        }
        if a.banked_value > b.banked_value {
            let cards = a.banked.difference(b.banked);
            let face = d.treasure_value(cards);
            let names: Vec<&str> = cards
                .iter()
                .map(|c| d.treasures[c as usize].name.as_str())
                .collect();
            let bonus = a.banked_value - b.banked_value - face;
            let bonus = if bonus > 0 {
                format!(" + {bonus} g for level-ups")
            } else {
                String::new()
            };
            out.push(format!(
                "{who} banks {} for {face} g{bonus}: {} g banked",
                names.join(", "),
                a.banked_value
            ));
        }
        match a.level_ups.cmp(&b.level_ups) {
            std::cmp::Ordering::Greater => {
                out.push(format!("{who} has {}", count(a.level_ups, "level-up")))
            }
            std::cmp::Ordering::Less => out.push(format!("{who}'s level-ups end")),
            std::cmp::Ordering::Equal => {}
        }
        if a.lost_turns > b.lost_turns
            && let Some(text) = pending_turns(game, after, q)
        {
            out.push(format!("{who} {text}"));
        }
        if let Action::DrawEvent(c) = action
            && sees(q)
            && a.kept != b.kept
        {
            // Healing Waters is kept without a choice when there is nothing to heal.
            let why = match d.events[c as usize].effect {
                Effect::Healing { .. } => " (no wound to heal now)",
                _ => "",
            };
            out.push(format!("{who} keeps it for later{why}"));
        }
    }
    for (seat, k) in sat_out(game, before, after) {
        let turns = if k == 1 {
            "a lost turn".to_owned()
        } else {
            format!("{k} lost turns")
        };
        out.push(format!("{} sits out {turns}", player(seat)));
    }
    for seat in 0..game.config().players as u8 {
        if after.players[seat as usize].left && !before.players[seat as usize].left {
            out.push(format!(
                "{} leaves the oubliette with ${}",
                player(seat),
                game.jail_dollars(after, seat as usize)
            ));
        }
    }
    if after.phase == Phase::Over && before.phase != Phase::Over {
        out.push(game_over(game, after));
    }
    out
}
