//! Open Oubliette in words, for every front end, from one seat's observation: player
//! panels with what each card does and the turns a player will lose, the fight in
//! progress with its exact odds and the roll's standing, the odds of a choice (player
//! fights included), log lines that hide other players' hands and say what the rules did
//! on their own, and the result with the tier of the scoring that decided it.
//!
//! `roll` puts rolls in words (totals against targets, verdicts, odds), `news` the
//! steps the rules take without an action, `result` the end of the game.

mod news;
mod picture;
mod result;
mod roll;

use crate::decks::Effect;
use crate::state::{NONE, StealFor};
use crate::{Action, Observation, OpenOubliette, Phase, State, describe};
use gameshelf_engine::dice::DicePair;
use gameshelf_engine::{CardSet, Game, Presenter, Seat};

/// A seat in words: `player 1`.
fn player(seat: u8) -> String {
    format!("player {}", seat as u16 + 1)
}

/// The cards of a set in words, or `-` when it is empty.
fn card_list(cards: CardSet, name: impl Fn(u8) -> String) -> String {
    if cards.is_empty() {
        return "-".to_owned();
    }
    cards.iter().map(name).collect::<Vec<_>>().join(", ")
}

/// A hand: the cards when `seat` is the observer (or hands are open), else their count.
fn hand(
    obs: &Observation,
    seat: Seat,
    cards: CardSet,
    count: u8,
    name: impl Fn(u8) -> String,
) -> String {
    if seat == obs.seat as usize || cards.len() == count as usize {
        card_list(cards, name)
    } else {
        format!("{count} card{} (hidden)", if count == 1 { "" } else { "s" })
    }
}

/// A Quest in play: what it asks and pays, and whether it is met already.
fn quest(game: &OpenOubliette, s: &State, seat: Seat, card: u8) -> String {
    let text = describe::event_card(game, card);
    match game.decks().events[card as usize].effect {
        Effect::Quest { monster, .. } if s.players[seat].trip_kills & (1 << monster) != 0 => {
            format!("{text} [met]")
        }
        _ => text,
    }
}

/// The lines of a player's panel as `obs.seat` sees them: space, banked gold, wounds and
/// level-ups; unused treasure (the observer's own, others' as a count); equipped gear;
/// wounds; kept event cards with what they do (own shown, others' count); quests with
/// what they ask and pay; and, when the player owes lost turns, which turns it will lose.
pub fn panel_lines(game: &OpenOubliette, obs: &Observation, seat: Seat) -> Vec<String> {
    let p = &obs.view.players[seat];
    let mut lines = vec![
        format!(
            "space {} | banked {} g | W {} | level-ups {}",
            p.pos, p.banked_value, p.w, p.level_ups
        ),
        format!(
            "treasure: {}",
            hand(obs, seat, p.unused, obs.unused_counts[seat], |c| {
                describe::treasure(game, c)
            })
        ),
        format!(
            "equipped: {}",
            card_list(p.equipped, |c| describe::treasure(game, c))
        ),
        format!(
            "wounds: {}",
            card_list(p.wounds, |c| describe::wound(game, c))
        ),
        format!(
            "kept: {}",
            hand(obs, seat, p.kept, obs.kept_counts[seat], |c| {
                describe::event_card(game, c)
            })
        ),
        format!(
            "quests: {}",
            card_list(p.quests, |c| quest(game, &obs.view, seat, c))
        ),
    ];
    if let Some(turns) = news::pending_turns(game, &obs.view, seat as u8) {
        lines.push(format!("turns: {turns}"));
    }
    lines
}

/// The situation as the observer sees it: whose turn, the fight or event in progress, the
/// exact odds of a monster fight about to be rolled, and a roll's standing while the
/// losing side may change it.
pub fn situation(game: &OpenOubliette, obs: &Observation) -> String {
    let mut text = describe::situation(game, &obs.view);
    if let Some(odds) = roll::pending_fight_odds(game, &obs.view) {
        text.push_str(&format!(" Odds: {odds}."));
    }
    if let Some(standing) = roll::standing_text(game, &obs.view) {
        text.push(' ');
        text.push_str(&standing);
    }
    text
}

/// The draw piles' sizes.
pub fn piles(obs: &Observation) -> String {
    format!(
        "piles: monsters {}, treasure {}, events {}, wounds {}",
        obs.monsters_left, obs.treasure_left, obs.events_left, obs.wounds_left
    )
}

/// The observation as plain text for line mode.
fn observation_text(game: &OpenOubliette, obs: &Observation) -> String {
    let mut out = format!("{}\n", situation(game, obs));
    for seat in 0..game.config().players {
        let who = if seat == obs.seat as usize {
            " (you)"
        } else {
            ""
        };
        out.push_str(&format!("player {}{who}:\n", seat + 1));
        for line in panel_lines(game, obs, seat) {
            out.push_str(&format!("  {line}\n"));
        }
    }
    out.push_str(&piles(obs));
    out.push('\n');
    out
}

/// The seats in the turn order with lexicographic index `index` among the permutations of
/// `n` seats (what [`Action::Order`] means).
fn turn_order(n: usize, index: u16) -> Vec<usize> {
    let mut seats: Vec<usize> = (0..n).collect();
    let mut rest = index as usize;
    let mut order = Vec::with_capacity(n);
    for k in (0..n).rev() {
        let block: usize = (1..=k).product();
        order.push(seats.remove((rest / block).min(seats.len() - 1)));
        rest %= block;
    }
    order
}

/// The movement roll in words, with where it takes the token (or that the direction is
/// chosen next) and whether doubles bring another turn.
fn move_line(game: &OpenOubliette, before: &State, pair: DicePair, after: &State) -> String {
    let cur = before.current;
    let kind = if before.turn.move_only {
        "Spelunk move"
    } else if before.turn.is_extra {
        "extra turn's move"
    } else {
        "move"
    };
    let mut line = format!(
        "dice: {}+{} for {}'s {kind}",
        pair.low,
        pair.high,
        player(cur)
    );
    if pair.is_doubles() && !before.turn.move_only {
        line.push_str(if game.config().doubles_mandatory {
            " (doubles: another turn follows)"
        } else {
            " (doubles: another turn may follow)"
        });
    }
    if after.phase == crate::Phase::Direction {
        line.push_str(": either way, chosen next");
    } else {
        let p = &before.players[cur as usize];
        let dir = if game.config().direction_persists {
            p.dir
        } else {
            crate::Dir::Forward
        };
        line.push_str(&format!(
            ": {}",
            describe::destination(p.pos, pair.total(), dir)
        ));
    }
    line
}

/// A one-die roll (Secret, Trap, Dragon Hoard) in words, with what it brings.
fn die_line(game: &OpenOubliette, before: &State, d: u8, sees: &dyn Fn(u8) -> bool) -> String {
    use crate::state::DieFor;
    let cur = before.current;
    let who = player(cur);
    let effect = match before.turn.event {
        NONE => None,
        e => Some(game.decks().events[e as usize].effect),
    };
    let left = before.treasure_draw.len() as u8;
    let draws = |n: u8| {
        if n > left {
            format!(
                "{who} draws the last {}",
                describe::count(left, "treasure card")
            )
        } else {
            format!("{who} draws {}", describe::count(n, "treasure card"))
        }
    };
    match (before.turn.die_for, effect) {
        (
            DieFor::Secret,
            Some(Effect::Secret {
                die_at_least,
                treasure,
            }),
        ) => {
            let found = if d >= die_at_least {
                draws(treasure)
            } else {
                "nothing found".to_owned()
            };
            format!("{who} rolls {d} for the Secret ({die_at_least} or more wins): {found}")
        }
        (DieFor::Trap, Some(Effect::Trap { die_at_most })) => {
            let result = if d > die_at_most {
                "the trap misses".to_owned()
            } else {
                let lost = if game.config().trap_random_unused {
                    if before.me().unused.is_empty() {
                        "no treasure, holding no unused card".to_owned()
                    } else {
                        "an unused treasure card at random".to_owned()
                    }
                } else {
                    match before.turn.trap_card {
                        NONE => "no treasure, having won none this turn".to_owned(),
                        c if sees(cur) => describe::treasure(game, c),
                        _ => "the treasure card won this turn".to_owned(),
                    }
                };
                format!("the trap springs: {who} loses a turn and {lost}")
            };
            format!("{who} rolls {d} for the Trap ({die_at_most} or less springs it): {result}")
        }
        (DieFor::Hoard, Some(Effect::Hoard { die_plus, .. })) => format!(
            "{who} rolls {d} for the Dragon Hoard: {d} + {die_plus} = {}; {}",
            d + die_plus,
            draws(d + die_plus)
        ),
        _ => format!("die: {d}"),
    }
}

/// A move in words for the log, as `viewer` may see it: a treasure card that goes into a
/// hand is named only to its holder; chance moves say whose they are; rolls give their
/// totals against their targets and the verdict; and the line ends with what the rules
/// did on their own after the move ([`news`]). An action that is not legal in `before`
/// is only named, by its card and seat numbers (which may be out of range).
fn describe_move(
    game: &OpenOubliette,
    before: &State,
    action: Action,
    viewer: Option<Seat>,
) -> String {
    if !game.is_legal(before, action) {
        return action.to_string();
    }
    let open = game.config().open_hands;
    let sees = |seat: u8| open || viewer == Some(seat as usize);
    let mut after = before.clone();
    game.apply_unchecked(&mut after, action);
    let mut line = move_words(game, before, action, &after, &sees);
    for clause in news::news(game, before, action, &after, &sees) {
        line.push_str("; ");
        line.push_str(&clause);
    }
    line
}

/// The words of the move itself (see [`describe_move`]).
fn move_words(
    game: &OpenOubliette,
    before: &State,
    action: Action,
    after: &State,
    sees: &dyn Fn(u8) -> bool,
) -> String {
    let current = player(before.current);
    match action {
        Action::Order(i) => {
            let order: Vec<String> = turn_order(game.config().players, i)
                .into_iter()
                .map(|s| player(s as u8))
                .collect();
            format!("turn order: {}", order.join(", "))
        }
        Action::Move(p) => move_line(game, before, p, after),
        Action::Roll(_) => roll::roll_line(game, before, action, after),
        Action::Die(d) => die_line(game, before, d, sees),
        Action::DrawTreasure(_) if !sees(before.current) => {
            format!("{current} draws a treasure card")
        }
        // A card kept at once goes into its drawer's hand unseen by the others.
        Action::DrawEvent(c)
            if !sees(before.current) && after.players[before.current as usize].kept.contains(c) =>
        {
            format!("{current} draws an event card and keeps it (hidden)")
        }
        Action::Steal(_)
            if before.turn.steal_to != NONE
                && !sees(before.turn.steal_to)
                && !sees(before.turn.steal_from) =>
        {
            format!(
                "{} takes a treasure card from {}",
                player(before.turn.steal_to),
                player(before.turn.steal_from)
            )
        }
        // A card lost to the dungeon and shuffled back is seen by its owner only.
        Action::Steal(_)
            if before.turn.steal_to == NONE
                && game.config().lost_treasure_reshuffled
                && !sees(before.turn.steal_from) =>
        {
            format!(
                "{} loses a treasure card, shuffled back into the treasure pile",
                player(before.turn.steal_from)
            )
        }
        Action::Steal(c) => {
            let (from, card) = (player(before.turn.steal_from), describe::treasure(game, c));
            match (before.turn.steal_to, before.turn.steal_for) {
                (NONE, why) => {
                    let whither = if game.config().lost_treasure_reshuffled {
                        "shuffled back into the treasure pile"
                    } else {
                        "out of the game"
                    };
                    let by = if why == StealFor::Trap {
                        "the Trap"
                    } else {
                        "the ambusher"
                    };
                    format!("{from} loses {card} to {by}, {whither}")
                }
                (to, _) => format!("{} takes {card} from {from}", player(to)),
            }
        }
        Action::DrawWound(_) if before.turn.wound_to != NONE => {
            let to = before.turn.wound_to;
            format!(
                "{} {}: W {}",
                player(to),
                game.describe_action(before, action),
                after.players[to as usize].w
            )
        }
        Action::DrawMonster(_)
        | Action::DrawTreasure(_)
        | Action::DrawEvent(_)
        | Action::DrawWound(_) => {
            format!("{current} {}", game.describe_action(before, action))
        }
        Action::Play(_) if before.phase == Phase::Revenge => format!(
            "{}: {current} fights {} again",
            game.describe_action(before, action),
            describe::foe(game, before)
        ),
        _ => {
            let words = game.describe_action(before, action);
            match roll::window_line(game, before, action, after) {
                Some(standing) => format!("{words}: {standing}"),
                None => words,
            }
        }
    }
}

/// The words of Open Oubliette, for every front end.
#[derive(Clone, Copy, Debug, Default)]
pub struct OubliettePresenter;

/// A few lines on the rules, for the help command.
const RULES: &str = "Open Oubliette: walk the 20-space ring (space 0 is the Entrance/Exit, \
5, 10 and 15 are Event corners), fight the monster wherever you land, win treasure, and cash \
it in at the Exit. The first to bank 6000 g wins. A fight: 2d6 + weapon must reach the \
monster's power + W (your two worst wounds) + level-ups; if it does not, the monster hits on \
2d6 + W >= 8 + armor and you draw a wound. Landing where other players stand, you may attack \
one: 2d6 + weapon + their W must reach 8 + their armor + your W, else they strike back the \
same way; the winner takes up to 3 of the loser's unused treasure cards at random, and the \
attacker draws a wound whatever happens (by default). A lost turn (Cave-In, Trap) skips your \
next turn. Rolls are logged as totals against targets; odds shown are exact for the roll that \
follows.";

impl Presenter<OpenOubliette> for OubliettePresenter {
    fn observation_text(
        &self,
        game: &OpenOubliette,
        _viewer: Option<Seat>,
        obs: &Observation,
    ) -> String {
        observation_text(game, obs)
    }

    fn pictures(
        &self,
        game: &OpenOubliette,
        _viewer: Option<Seat>,
        obs: &Observation,
    ) -> Vec<String> {
        vec![picture::board(game, obs)]
    }

    fn odds(&self, game: &OpenOubliette, obs: &Observation, action: Action) -> Option<String> {
        roll::choice_odds(game, obs, action)
    }

    fn describe_move(
        &self,
        game: &OpenOubliette,
        before: &State,
        action: Action,
        viewer: Option<Seat>,
    ) -> String {
        describe_move(game, before, action, viewer)
    }

    fn result_text(&self, game: &OpenOubliette, end: &State, names: &[String]) -> String {
        result::result_text(game, end, names)
    }

    fn help(&self) -> String {
        RULES.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_orders_are_the_permutations_in_lexicographic_order() {
        assert_eq!(turn_order(3, 0), [0, 1, 2]);
        assert_eq!(turn_order(3, 1), [0, 2, 1]);
        assert_eq!(turn_order(3, 2), [1, 0, 2]);
        assert_eq!(turn_order(3, 5), [2, 1, 0]);
        assert_eq!(turn_order(1, 0), [0]);
    }
}
