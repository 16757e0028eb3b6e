//! Rolls in words: each side's total with what makes it up, the target it must reach,
//! and the verdict with what follows (`player 1 attacks: 9 + 3 weapon = 12 against
//! Manticore 8 + 2 W = 10: win: player 1 draws a treasure card`); and the exact odds of
//! the roll a choice leads to, player fights included.
//!
//! The totals are read from the rules' own numbers (the players' public attack, defense
//! and W, the fight's Rage and the roll's Dodge), and a test checks that their difference
//! is the rules' [`OpenOubliette::check_margin`] in every kind of roll.

use gameshelf_engine::dice::TWO_D6_WEIGHTS;
use gameshelf_engine::{Game, Ratio, percent};

use super::player;
use crate::describe::{count, foe};
use crate::game::{BASE_DEFENSE, PVP_STEAL};
use crate::odds::{FightSetup, fight_odds, hit_chance};
use crate::state::{Check, CheckKind, FightKind, NONE};
use crate::{Action, Observation, OpenOubliette, Phase, State};

/// One side of a roll: labelled terms added up. The first term's label comes before it
/// (`Manticore 8`), the others' after (`+ 2 W`); terms worth 0 after the first are left
/// out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sum(Vec<(i32, String)>);

impl Sum {
    fn new(first: i32, label: impl Into<String>) -> Sum {
        Sum(vec![(first, label.into())])
    }

    fn plus(mut self, value: impl Into<i32>, label: impl Into<String>) -> Sum {
        let value = value.into();
        if value != 0 {
            self.0.push((value, label.into()));
        }
        self
    }

    /// The sum.
    pub(crate) fn total(&self) -> i32 {
        self.0.iter().map(|&(v, _)| v).sum()
    }
}

impl std::fmt::Display for Sum {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (first, label) = &self.0[0];
        if label.is_empty() {
            write!(f, "{first}")?;
        } else {
            write!(f, "{label} {first}")?;
        }
        for (v, label) in &self.0[1..] {
            let sign = if *v < 0 { '-' } else { '+' };
            write!(f, " {sign} {} {label}", v.unsigned_abs())?;
        }
        if self.0.len() > 1 {
            write!(f, " = {}", self.total())?;
        }
        Ok(())
    }
}

/// The roll being checked in `s` as its two sides: the rolling side's total and the
/// target it must reach (for Ambush: beat). With opposed player rolls, the attacker's
/// total and the defender's.
pub(crate) fn sides(game: &OpenOubliette, s: &State) -> (Sum, Sum) {
    let c = &s.check;
    let pl = |seat: u8| &s.players[seat as usize];
    let defense = |seat: u8| {
        Sum::new(BASE_DEFENSE, "defense")
            .plus(pl(seat).def, "armor")
            .plus(c.def_bonus, "Dodge")
    };
    match c.kind {
        CheckKind::MonsterAttack => {
            let p = pl(c.attacker);
            let level = game.level(s, c.attacker as usize);
            let levels = if level == 1 { "level-up" } else { "level-ups" };
            (
                Sum::new(c.roll.into(), "")
                    .plus(p.atk, "weapon")
                    .plus(s.fight.att_bonus, "Rage"),
                Sum::new(s.fight.base.into(), foe(game, s))
                    .plus(p.w, "W")
                    .plus(level, levels),
            )
        }
        CheckKind::MonsterDefend => (
            Sum::new(c.roll.into(), "").plus(pl(c.defender).w, "W"),
            defense(c.defender),
        ),
        CheckKind::PvpTarget => (
            Sum::new(c.roll.into(), "")
                .plus(pl(c.attacker).atk, "weapon")
                .plus(pl(c.defender).w, format!("W of {}", player(c.defender))),
            defense(c.defender).plus(pl(c.attacker).w, format!("W of {}", player(c.attacker))),
        ),
        CheckKind::PvpOpposed => {
            let side = |roll: u8, seat: u8| {
                Sum::new(roll.into(), "")
                    .plus(pl(seat).atk, "weapon")
                    .plus(-i32::from(pl(seat).w), "W")
            };
            (side(c.roll, c.attacker), side(c.roll2, c.defender))
        }
        CheckKind::Ambush => {
            let w = if game.config().ambush_adds_wounds {
                pl(c.defender).w
            } else {
                0
            };
            (
                Sum::new(c.roll.into(), "").plus(w, "W"),
                defense(c.defender),
            )
        }
    }
}

/// The roll in `s` as a sentence without its verdict: who rolls, the total, and against
/// what (`player 1 attacks: 9 + 3 weapon = 12 against Manticore 8 + 2 W = 10`).
fn headline(game: &OpenOubliette, s: &State) -> String {
    let c = &s.check;
    let (roll, target) = sides(game, s);
    match c.kind {
        CheckKind::MonsterAttack => {
            format!("{} attacks: {roll} against {target}", player(c.attacker))
        }
        CheckKind::MonsterDefend => format!(
            "{} strikes back: {roll} against {}'s {target}",
            foe(game, s),
            player(c.defender)
        ),
        CheckKind::PvpTarget => format!(
            "{} strikes at {}: {roll} against {}'s {target}",
            player(c.attacker),
            player(c.defender),
            player(c.defender)
        ),
        CheckKind::PvpOpposed => format!(
            "{} rolls {roll} against {}'s {target}",
            player(c.attacker),
            player(c.defender)
        ),
        CheckKind::Ambush => format!(
            "the ambusher rolls {roll} against {}'s {target}, which it must beat",
            player(c.defender)
        ),
    }
}

/// How the roll in `s` stands, in a word or two (`win`, `miss`, `player 3 ahead`).
fn standing(s: &State, margin: i32) -> String {
    let c = &s.check;
    let ok = margin >= 0;
    match c.kind {
        CheckKind::MonsterAttack => if ok { "win" } else { "miss" }.to_owned(),
        CheckKind::MonsterDefend | CheckKind::PvpTarget => {
            if ok { "hit" } else { "miss" }.to_owned()
        }
        CheckKind::Ambush => if ok { "it succeeds" } else { "it fails" }.to_owned(),
        CheckKind::PvpOpposed => match margin.cmp(&0) {
            std::cmp::Ordering::Greater => format!("{} ahead", player(c.attacker)),
            std::cmp::Ordering::Less => format!("{} ahead", player(c.defender)),
            std::cmp::Ordering::Equal => "a tie".to_owned(),
        },
    }
}

/// What a player fight's result brings: the winner takes treasure, then the wound.
fn pvp_outcome(game: &OpenOubliette, s: &State, winner: u8) -> String {
    let cur = s.current;
    let loser = if winner == cur { s.fight.opponent } else { cur };
    let mut text = if winner == NONE {
        "nobody wins".to_owned()
    } else {
        let held = s.players[loser as usize].unused.len() as u8;
        match held.min(PVP_STEAL) {
            0 => format!(
                "{} wins, but {} holds no unused treasure",
                player(winner),
                player(loser)
            ),
            k => format!(
                "{} wins and takes {} from {} at random",
                player(winner),
                count(k, "unused treasure card"),
                player(loser)
            ),
        }
    };
    let wounded = if game.config().pvp_wound_winner {
        winner
    } else {
        cur
    };
    if wounded == NONE {
        text.push_str(", so nobody draws a wound");
    } else if !s.wound_draw.is_empty() {
        let why = if game.config().pvp_wound_winner {
            "the winner"
        } else {
            "the attacker always does"
        };
        text.push_str(&format!("; then {} draws a wound ({why})", player(wounded)));
    }
    text
}

/// What the roll in `s`, resolved with `margin`, brings by the rules.
fn outcome(game: &OpenOubliette, s: &State, margin: i32) -> String {
    let c = &s.check;
    let cur = s.current;
    let word = standing(s, margin);
    match c.kind {
        CheckKind::MonsterAttack if margin >= 0 => match s.fight.kind {
            FightKind::Hoard => {
                format!("{word}, one die decides how many treasure cards the Hoard gives")
            }
            _ if s.treasure_draw.is_empty() => format!("{word}, but no treasure card is left"),
            _ => format!("{word}, {} draws a treasure card", player(cur)),
        },
        CheckKind::MonsterAttack if s.fight.revenge_round && !game.config().revenge_full_round => {
            format!("{word}, the fight is over")
        }
        CheckKind::MonsterAttack => format!("{word}, {} strikes back", foe(game, s)),
        CheckKind::MonsterDefend if margin >= 0 && s.wound_draw.is_empty() => {
            format!("{word}, but no wound card is left")
        }
        CheckKind::MonsterDefend if margin >= 0 => {
            format!("{word}, {} draws a wound", player(cur))
        }
        CheckKind::MonsterDefend => format!("{word}, {} leaves with its treasure", foe(game, s)),
        CheckKind::PvpTarget if margin >= 0 => {
            format!("{word}, {}", pvp_outcome(game, s, c.attacker))
        }
        CheckKind::PvpTarget if c.attacker == cur => {
            format!("{word}, {} strikes back", player(c.defender))
        }
        CheckKind::PvpTarget => format!("{word}, {}", pvp_outcome(game, s, NONE)),
        CheckKind::PvpOpposed => {
            let winner = match margin.cmp(&0) {
                std::cmp::Ordering::Greater => c.attacker,
                std::cmp::Ordering::Less => c.defender,
                std::cmp::Ordering::Equal => NONE,
            };
            pvp_outcome(game, s, winner)
        }
        CheckKind::Ambush if margin >= 0 => {
            let held = s.players[c.defender as usize].unused.len() as u8;
            match held.min(s.fight.base) {
                0 => format!(
                    "{word}, but {} holds no unused treasure",
                    player(c.defender)
                ),
                k => {
                    let whither = if game.config().lost_treasure_reshuffled {
                        "shuffled back into the treasure pile"
                    } else {
                        "out of the game"
                    };
                    format!(
                        "{word}, {} loses {} at random, {whither}",
                        player(c.defender),
                        count(k, "unused treasure card")
                    )
                }
            }
        }
        CheckKind::Ambush => format!("{word}, {} fends it off", player(c.defender)),
    }
}

/// The verdict of the roll in `rolled` (the check with its roll taken and the latest
/// gear or card applied), given the state the rules reached, `after`: the standing so
/// far when a window opens for the losing side, else the outcome and what it brings.
fn verdict(game: &OpenOubliette, rolled: &State, after: &State) -> String {
    let margin = game.check_margin(rolled);
    if after.phase == Phase::CheckPost {
        return format!(
            "{} so far; {} may still change it",
            standing(rolled, margin),
            player(after.check.acting)
        );
    }
    outcome(game, rolled, margin)
}

/// The log line of a roll of the current check, `action` = [`Action::Roll`], with
/// `after` the state the rules reached.
pub(super) fn roll_line(
    game: &OpenOubliette,
    before: &State,
    action: Action,
    after: &State,
) -> String {
    let mut rolled = before.clone();
    game.check_effect(&mut rolled, action);
    let c = &rolled.check;
    if c.kind == CheckKind::PvpOpposed && c.pending != 0 {
        // The first of two opposed rolls: the other side rolls next.
        let (first, seat, other) = if c.pending & 2 != 0 {
            (sides(game, &rolled).0, c.attacker, c.defender)
        } else {
            (sides(game, &rolled).1, c.defender, c.attacker)
        };
        return format!(
            "{} rolls {first}; {} rolls next",
            player(seat),
            player(other)
        );
    }
    if c.kind == CheckKind::PvpOpposed && before.check.pending & 1 == 0 {
        // The defender's roll, against the attacker's total.
        let (a, b) = sides(game, &rolled);
        return format!(
            "{} rolls {b} against {}'s {}: {}",
            player(c.defender),
            player(c.attacker),
            a.total(),
            verdict(game, &rolled, after)
        );
    }
    format!(
        "{}: {}",
        headline(game, &rolled),
        verdict(game, &rolled, after)
    )
}

/// After a choice in a roll's window (`action` applied in `before`, reaching `after`):
/// how the roll stands now, or `None` when the choice does not settle anything (a
/// window before the roll, or a reroll about to be taken).
pub(super) fn window_line(
    game: &OpenOubliette,
    before: &State,
    action: Action,
    after: &State,
) -> Option<String> {
    if before.phase != Phase::CheckPost {
        return None;
    }
    if let Action::Play(c) = action
        && game.decks().events[c as usize].effect == crate::decks::Effect::Reroll
    {
        let c = &before.check;
        let whose = if c.kind == CheckKind::PvpOpposed && c.acting == c.defender {
            player(c.defender)
        } else if c.attacker == NONE {
            "the ambusher".to_owned()
        } else if c.kind == CheckKind::MonsterDefend {
            foe(game, before)
        } else {
            player(c.attacker)
        };
        return Some(format!("{whose} rolls again"));
    }
    let mut rolled = before.clone();
    game.check_effect(&mut rolled, action);
    if action == Action::Pass {
        return Some(verdict(game, &rolled, after));
    }
    let (roll, target) = sides(game, &rolled);
    let now = if rolled.check.kind == CheckKind::PvpOpposed {
        format!("now {} against {}", roll.total(), target.total())
    } else {
        format!("now {roll} against {target}")
    };
    Some(format!("{now}: {}", verdict(game, &rolled, after)))
}

/// The roll in progress for the table, when it has been rolled and the losing side may
/// change it (`Roll: player 1 attacks: 5 + 3 weapon = 8 against Manticore 8 + 2 W = 10:
/// miss so far.`), or when the other side of an opposed roll is still to roll.
pub(super) fn standing_text(game: &OpenOubliette, s: &State) -> Option<String> {
    match s.phase {
        Phase::CheckPost => Some(format!(
            "Roll: {}: {} so far.",
            headline(game, s),
            standing(s, game.check_margin(s))
        )),
        Phase::CheckRoll if s.check.kind == CheckKind::PvpOpposed && s.check.pending == 2 => {
            let (a, _) = sides(game, s);
            Some(format!(
                "Roll: {} rolled {a}; {} rolls next.",
                player(s.check.attacker),
                player(s.check.defender)
            ))
        }
        _ => None,
    }
}

/// The numbers of the fight the current player is in, as its roll stands.
fn fight_setup(game: &OpenOubliette, s: &State) -> FightSetup {
    let me = s.me();
    FightSetup {
        power: s.fight.base,
        wounds: me.w,
        weapon: me.atk + s.fight.att_bonus,
        armor: me.def + s.check.def_bonus,
        level: game.level(s, s.current as usize),
    }
}

/// The exact odds of a monster fight whose attack roll is still to come:
/// `win 7/12 (58.3%), wounded ..., no result ...`; `None` otherwise.
pub(super) fn pending_fight_odds(game: &OpenOubliette, s: &State) -> Option<String> {
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

/// The chance that the single roll pending in `s` succeeds (margin at least 0).
fn success(game: &OpenOubliette, s: &State) -> Ratio {
    let hits: u64 = (2..=12u8)
        .filter(|&r| {
            let mut rolled = s.clone();
            rolled.check.roll = r;
            game.check_margin(&rolled) >= 0
        })
        .map(|r| TWO_D6_WEIGHTS[r as usize] as u64)
        .sum();
    Ratio::new(hits, 36)
}

/// "you" for the observer, else the player.
fn who(obs: &Observation, seat: u8) -> String {
    if seat == obs.seat {
        "you".to_owned()
    } else {
        player(seat)
    }
}

/// The exact odds of a player fight that the current player would start against `y`,
/// before anyone uses gear or plays a card: who wins, or nobody.
fn pvp_odds(game: &OpenOubliette, obs: &Observation, y: u8) -> String {
    let x = obs.view.current;
    let mut s = obs.view.clone();
    let (x_wins, y_wins) = if game.config().pvp_opposed {
        s.check = Check {
            kind: CheckKind::PvpOpposed,
            attacker: x,
            defender: y,
            ..Check::default()
        };
        let (mut ahead, mut behind) = (0u64, 0u64);
        for r1 in 2..=12u8 {
            for r2 in 2..=12u8 {
                s.check.roll = r1;
                s.check.roll2 = r2;
                let w = TWO_D6_WEIGHTS[r1 as usize] as u64 * TWO_D6_WEIGHTS[r2 as usize] as u64;
                match game.check_margin(&s).cmp(&0) {
                    std::cmp::Ordering::Greater => ahead += w,
                    std::cmp::Ordering::Less => behind += w,
                    std::cmp::Ordering::Equal => {}
                }
            }
        }
        (Ratio::new(ahead, 36 * 36), Ratio::new(behind, 36 * 36))
    } else {
        let strike = |s: &mut State, from: u8, at: u8| {
            s.check = Check {
                kind: CheckKind::PvpTarget,
                attacker: from,
                defender: at,
                ..Check::default()
            };
            success(game, s)
        };
        let first = strike(&mut s, x, y);
        let back = strike(&mut s, y, x);
        (first, first.complement().mul(back))
    };
    let nobody = x_wins.add(y_wins).complement();
    format!(
        "{} {} {}, {} {} {}, nobody {}, before gear and cards",
        who(obs, x),
        if x == obs.seat { "win" } else { "wins" },
        percent(x_wins),
        who(obs, y),
        if y == obs.seat { "win" } else { "wins" },
        percent(y_wins),
        percent(nobody)
    )
}

/// The exact chance that the roll following `action` succeeds, in words from the
/// observer's side (e.g. `win 7/12 (58.3%), wounded 5/36 (13.9%), ...`), when the action
/// leads straight to a fight, player-fight or Ambush roll; for an attack on a player, who
/// wins the player fight.
///
/// The action is applied to the observer's view (hidden cards removed): inside a roll's
/// windows it only changes the roll's bonuses, which are all visible, and the roll's
/// success is the game's own [`OpenOubliette::check_margin`].
pub(super) fn choice_odds(
    game: &OpenOubliette,
    obs: &Observation,
    action: Action,
) -> Option<String> {
    match (obs.view.phase, action) {
        (Phase::PvpChoice, Action::Attack(y)) => return Some(pvp_odds(game, obs, y)),
        (Phase::CheckPre | Phase::CheckPost | Phase::Revenge, _) => {}
        _ => return None,
    }
    let mut s = obs.view.clone();
    game.apply_unchecked(&mut s, action);
    if s.phase != Phase::CheckRoll || s.check.pending != 1 || s.check.kind == CheckKind::PvpOpposed
    {
        return None;
    }
    let p = success(game, &s);
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

#[cfg(test)]
mod tests {
    use super::*;
    use gameshelf_engine::{Outcomes, Rng};

    /// The game for a game string.
    fn game(spec: &str) -> OpenOubliette {
        OpenOubliette::from_spec(&spec.parse().unwrap()).unwrap()
    }

    /// Plays seeded random games of `spec` and calls `visit` with the state before every
    /// roll and the roll.
    fn every_roll(spec: &str, games: u64, mut visit: impl FnMut(&OpenOubliette, &State, Action)) {
        let g = game(spec);
        let (mut legal, mut outcomes) = (Vec::new(), Outcomes::new());
        for i in 0..games {
            let mut s = g.initial_state();
            let mut rng = Rng::for_stream(5, i);
            g.watched_playout(
                &mut s,
                &mut rng,
                &mut legal,
                &mut outcomes,
                |s: &State, a| {
                    if let Action::Roll(_) = a {
                        visit(&g, s, a);
                    }
                },
            );
        }
    }

    #[test]
    fn roll_totals_differ_by_the_rules_margin_in_every_kind_of_roll() {
        let mut seen = Vec::new();
        for spec in [
            "open-oubliette(players=4)",
            "open-oubliette(players=4,pvp_model=opposed,ambush_adds_wounds=true)",
        ] {
            every_roll(spec, 12, |g, before, roll| {
                let mut rolled = before.clone();
                g.check_effect(&mut rolled, roll);
                if rolled.check.pending != 0 {
                    return; // the first of two opposed rolls
                }
                let (side, target) = sides(g, &rolled);
                // Ambush must beat the defense: its margin is the difference less one.
                let strict = i32::from(rolled.check.kind == CheckKind::Ambush);
                assert_eq!(
                    side.total() - target.total() - strict,
                    g.check_margin(&rolled),
                    "{spec}: {side} against {target}"
                );
                if !seen.contains(&rolled.check.kind) {
                    seen.push(rolled.check.kind);
                }
            });
        }
        for kind in [
            CheckKind::MonsterAttack,
            CheckKind::MonsterDefend,
            CheckKind::PvpTarget,
            CheckKind::PvpOpposed,
            CheckKind::Ambush,
        ] {
            assert!(seen.contains(&kind), "no {kind:?} roll in the games");
        }
    }

    #[test]
    fn a_sum_shows_its_terms_and_total_and_leaves_out_zeros() {
        let s = Sum::new(9, "").plus(3, "weapon").plus(0, "Rage");
        assert_eq!(s.to_string(), "9 + 3 weapon = 12");
        let t = Sum::new(8, "Manticore").plus(2, "W").plus(-1, "luck");
        assert_eq!(t.to_string(), "Manticore 8 + 2 W - 1 luck = 9");
        assert_eq!(Sum::new(7, "").to_string(), "7");
    }
}
