//! Open Oubliette in words, from one seat's observation: player panels, the fight in
//! progress with its exact odds, the odds of a choice, and log lines that hide other
//! players' hands.

use gameshelf_engine::dice::TWO_D6_WEIGHTS;
use gameshelf_engine::{CardSet, Game, Ratio, Seat};
use gameshelf_open_oubliette::odds::{FightSetup, fight_odds, hit_chance};
use gameshelf_open_oubliette::state::{CheckKind, FightKind, NONE};
use gameshelf_open_oubliette::{Action, Observation, OpenOubliette, Phase, State, describe};

use crate::percent;

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

/// The lines of a player's panel as `obs.seat` sees them: space, banked gold, wounds and
/// level-ups; unused treasure (the observer's own, others' as a count); equipped gear;
/// wounds; kept event cards (own shown, others' count); quests.
pub(crate) fn panel_lines(game: &OpenOubliette, obs: &Observation, seat: Seat) -> Vec<String> {
    let d = game.decks();
    let p = &obs.view.players[seat];
    let event = |c: u8| describe::event(game, c).to_owned();
    vec![
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
            card_list(p.wounds, |c| {
                let w = &d.wounds[c as usize];
                format!("{} ({})", w.title, w.modifier)
            })
        ),
        format!(
            "kept: {}",
            hand(obs, seat, p.kept, obs.kept_counts[seat], event)
        ),
        format!("quests: {}", card_list(p.quests, event)),
    ]
}

/// The numbers of the fight the current player is in, as its roll stands.
fn fight_setup(game: &OpenOubliette, s: &State) -> FightSetup {
    let me = s.me();
    FightSetup {
        power: s.fight.base,
        wounds: me.w,
        weapon: me.atk + s.check.att_bonus,
        armor: me.def + s.check.def_bonus,
        level: game.level(s, s.current as usize),
    }
}

/// The exact odds of a monster fight whose attack roll is still to come:
/// `win 7/12 (58.3%), wounded ..., no result ...`; `None` otherwise.
pub(crate) fn pending_fight_odds(game: &OpenOubliette, s: &State) -> Option<String> {
    let monster_fight = matches!(s.fight.kind, FightKind::Monster | FightKind::Hoard);
    let attack_pending = s.check.kind == CheckKind::MonsterAttack
        && matches!(s.phase, Phase::CheckPre | Phase::CheckRoll);
    (monster_fight && attack_pending).then(|| {
        let o = fight_odds(&fight_setup(game, s));
        format!(
            "win {}, wounded {}, no result {}",
            percent(o.win),
            percent(o.wounded),
            percent(o.no_result)
        )
    })
}

/// The situation as the observer sees it: whose turn, the fight or event in progress, and
/// the exact odds of a monster fight about to be rolled.
pub(crate) fn situation(game: &OpenOubliette, obs: &Observation) -> String {
    let mut text = describe::situation(game, &obs.view);
    if let Some(odds) = pending_fight_odds(game, &obs.view) {
        text.push_str(&format!(" Odds: {odds}."));
    }
    text
}

/// The draw piles' sizes.
pub(crate) fn piles(obs: &Observation) -> String {
    format!(
        "piles: monsters {}, treasure {}, events {}, wounds {}",
        obs.monsters_left, obs.treasure_left, obs.events_left, obs.wounds_left
    )
}

/// The observation as plain text for line mode.
pub(crate) fn observation_text(game: &OpenOubliette, obs: &Observation) -> String {
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

/// The exact chance that the roll following `action` succeeds, in words from the
/// observer's side (e.g. `win 7/12 (58.3%), wounded 5/36 (13.9%), ...`), when the action
/// leads straight to a fight, player-fight or Ambush roll.
///
/// The action is applied to the observer's view (hidden cards removed): inside a roll's
/// windows it only changes the roll's bonuses, which are all visible, and the roll's
/// success is the game's own [`OpenOubliette::check_margin`].
pub(crate) fn choice_odds(
    game: &OpenOubliette,
    obs: &Observation,
    action: Action,
) -> Option<String> {
    if !matches!(obs.view.phase, Phase::CheckPre | Phase::CheckPost) {
        return None;
    }
    let mut s = obs.view.clone();
    game.apply_unchecked(&mut s, action);
    if s.phase != Phase::CheckRoll || s.check.pending != 1 || s.check.kind == CheckKind::PvpOpposed
    {
        return None;
    }
    let success: u64 = (2..=12u8)
        .filter(|&r| {
            let mut rolled = s.clone();
            rolled.check.roll = r;
            game.check_margin(&rolled) >= 0
        })
        .map(|r| TWO_D6_WEIGHTS[r as usize] as u64)
        .sum();
    let p = Ratio::new(success, 36);
    let me = obs.seat;
    Some(match s.check.kind {
        CheckKind::MonsterAttack => {
            let d = &s.players[s.check.attacker as usize];
            let hit = hit_chance(d.w, d.def + s.check.def_bonus);
            let fail = p.complement();
            format!(
                "win {}, wounded {}, no result {}",
                percent(p),
                percent(fail.mul(hit)),
                percent(fail.mul(hit.complement()))
            )
        }
        CheckKind::MonsterDefend => format!("the monster hits {}", percent(p)),
        CheckKind::PvpTarget if s.check.attacker == me => {
            format!("your attack hits {}", percent(p))
        }
        CheckKind::PvpTarget => format!("their attack hits {}", percent(p)),
        CheckKind::Ambush | CheckKind::PvpOpposed => format!("the ambush succeeds {}", percent(p)),
    })
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

/// A move in words for the log, as `viewer` may see it: a treasure card that goes into a
/// hand is named only to its holder; chance moves say whose they are.
pub(crate) fn describe_move(
    game: &OpenOubliette,
    before: &State,
    action: Action,
    viewer: Option<Seat>,
) -> String {
    let open = game.config().open_hands;
    let sees = |seat: u8| open || viewer == Some(seat as usize);
    let player = |seat: u8| format!("player {}", seat + 1);
    let current = player(before.current);
    match action {
        Action::Order(i) => {
            let order: Vec<String> = turn_order(game.config().players, i)
                .into_iter()
                .map(|s| player(s as u8))
                .collect();
            format!("turn order: {}", order.join(", "))
        }
        Action::Move(p) => format!("dice: {}+{} for {current}'s move", p.low, p.high),
        Action::Roll(t) => {
            let c = &before.check;
            match c.kind {
                CheckKind::MonsterAttack => format!("{current} attacks: dice {t}"),
                CheckKind::MonsterDefend => format!("the monster strikes back: dice {t}"),
                CheckKind::Ambush => format!("the ambusher strikes: dice {t}"),
                CheckKind::PvpTarget | CheckKind::PvpOpposed if c.pending & 1 == 0 => {
                    format!("{} defends: dice {t}", player(c.defender))
                }
                CheckKind::PvpTarget | CheckKind::PvpOpposed => {
                    format!(
                        "{} attacks {}: dice {t}",
                        player(c.attacker),
                        player(c.defender)
                    )
                }
            }
        }
        Action::Die(d) => format!("die: {d}"),
        Action::DrawTreasure(_) if !sees(before.current) => {
            format!("{current} draws a treasure card")
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
        Action::Steal(_) => format!(
            "{} from {}",
            game.describe_action(before, action),
            player(before.turn.steal_from)
        ),
        Action::DrawWound(_) if before.turn.wound_to != NONE => format!(
            "{} {}",
            player(before.turn.wound_to),
            game.describe_action(before, action)
        ),
        Action::DrawMonster(_)
        | Action::DrawTreasure(_)
        | Action::DrawEvent(_)
        | Action::DrawWound(_) => {
            format!("{current} {}", game.describe_action(before, action))
        }
        _ => game.describe_action(before, action),
    }
}

/// The result of a finished game: winners, banked gold and how it ended.
pub(crate) fn result_text(game: &OpenOubliette, end: &State, names: &[String]) -> String {
    let winners: Vec<String> = (0..game.config().players)
        .filter(|&q| end.winners & (1 << q) != 0)
        .map(|q| format!("player {} ({})", q + 1, names[q]))
        .collect();
    let mut out = format!(
        "Game over after {} turns ({}). Winner{}: {}.\n",
        end.turns,
        end.end.label(),
        if winners.len() == 1 { "" } else { "s" },
        if winners.is_empty() {
            "nobody".to_owned()
        } else {
            winners.join(", ")
        }
    );
    for (seat, name) in names.iter().enumerate() {
        let p = &end.players[seat];
        out.push_str(&format!(
            "  player {} ({name}): banked {} g in {} cards, {} g unused, {} g equipped\n",
            seat + 1,
            game.score(end, seat),
            p.banked.len(),
            game.decks().treasure_value(p.unused),
            game.decks().treasure_value(p.equipped),
        ));
    }
    out
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
