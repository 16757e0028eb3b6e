//! Words for players: the current situation and actions with card names.

use std::fmt::Write;

use crate::action::{Action, Dir};
use crate::config::{LevelUpEnd, Mode};
use crate::decks::{Effect, TreasureKind};
use crate::game::{LEVEL_UP_GOLD, OpenOubliette, RECOVERY_WOUNDS};
use crate::state::{BOARD, FightKind, NONE, Phase, State, is_corner};

/// A treasure card in words: `Dagger (500 g, +2 attack)`.
pub fn treasure(game: &OpenOubliette, card: u8) -> String {
    let t = &game.decks().treasures[card as usize];
    match t.kind {
        TreasureKind::Plain => format!("{} ({} g)", t.name, t.value),
        TreasureKind::Weapon => format!("{} ({} g, +{} attack)", t.name, t.value, t.bonus),
        TreasureKind::Armor => format!("{} ({} g, +{} defense)", t.name, t.value, t.bonus),
    }
}

/// An event card's title.
pub fn event(game: &OpenOubliette, card: u8) -> &str {
    &game.decks().events[card as usize].title
}

/// An event card with what it does, in a few words: `Rage (+4 to every attack roll of
/// one monster fight)`, `Quest (beat a Manticore this trip: 3 treasure at the Exit)`.
pub fn event_card(game: &OpenOubliette, card: u8) -> String {
    let e = &game.decks().events[card as usize];
    format!("{} ({})", e.title, effect(game, &e.effect))
}

/// "1 card", "3 cards".
pub fn count(n: impl Into<u32>, what: &str) -> String {
    let n = n.into();
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// A name with its indefinite article: `a Manticore`, `an Ogre`.
pub fn a_or_an(name: &str) -> String {
    let vowel = name
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// What an event's effect does, in a few words, with the card's own numbers and the
/// rules as configured (e.g. how long a Level Up lasts).
pub fn effect(game: &OpenOubliette, effect: &Effect) -> String {
    let cfg = game.config();
    match *effect {
        Effect::Secret {
            die_at_least,
            treasure,
        } => format!(
            "roll one die: {die_at_least} or more draws {}",
            count(treasure, "treasure card")
        ),
        Effect::Shortcut => "go to the Exit at once, which counts as arriving there".to_owned(),
        Effect::Tunnel { steps } => format!(
            "move {} {}",
            count(steps.unsigned_abs(), "space"),
            if steps > 0 { "ahead" } else { "back" }
        ),
        Effect::Spelunk if cfg.spelunk_move_only => {
            "roll and move once more after this turn".to_owned()
        }
        Effect::Spelunk => "one extra turn after this one".to_owned(),
        Effect::CaveIn => "lose your next turn".to_owned(),
        Effect::Trap { die_at_most } => {
            let what = if cfg.trap_random_unused {
                "a random unused treasure card"
            } else {
                "the treasure card won this turn"
            };
            format!("roll one die: {die_at_most} or less loses your next turn and {what}")
        }
        Effect::Healing { wounds: 1 } => "return your most severe wound".to_owned(),
        Effect::Healing { wounds } => format!("return your {wounds} most severe wounds"),
        Effect::Hoard {
            power, die_plus, ..
        } => format!(
            "fight a dragon of power {power}; a win draws one die + {die_plus} treasure cards"
        ),
        Effect::Loot { treasure } => format!("draw {}", count(treasure, "treasure card")),
        Effect::Ambush { cards } => format!(
            "2d6 above your defense loses {} at random",
            count(cards, "unused treasure card")
        ),
        Effect::Quest { monster, treasure } => format!(
            "beat {} this trip: {} at the Exit",
            a_or_an(&game.decks().monster_names[monster as usize]),
            count(treasure, "treasure card")
        ),
        Effect::Rage { bonus } => {
            format!("+{bonus} to every attack roll of one monster fight")
        }
        Effect::LevelUp => {
            let whose = if cfg.levelup_global {
                "every player's monsters"
            } else {
                "your monsters"
            };
            let gold = match (cfg.mode, cfg.levelup_end) {
                (Mode::Jail, _) => "per card banked, on leaving".to_owned(),
                (_, LevelUpEnd::NextCashIn) => "per card at your next cash-in".to_owned(),
                (_, LevelUpEnd::NextExitArrival) => {
                    "per card cashed, until your next Exit arrival".to_owned()
                }
                (_, LevelUpEnd::GameEnd) => "per banked card at the end".to_owned(),
            };
            format!("+1 power to {whose}; +{LEVEL_UP_GOLD} g {gold}")
        }
        Effect::Reroll => "reroll your failed attack, or make a hit on you be rerolled".to_owned(),
        Effect::Dodge { bonus } => format!("+{bonus} to your defense for one roll"),
        Effect::Revenge => "after a monster wounds you, fight it again".to_owned(),
    }
}

/// A wound card in words: `Broken Leg (2)`.
pub fn wound(game: &OpenOubliette, card: u8) -> String {
    let w = &game.decks().wounds[card as usize];
    format!("{} ({})", w.title, w.modifier)
}

/// What the current player fights: the monster card's name, or the Dragon Hoard's dragon.
pub fn foe(game: &OpenOubliette, s: &State) -> String {
    if s.turn.monster != NONE {
        game.decks().monsters[s.turn.monster as usize].name.clone()
    } else {
        "the Hoard's dragon".to_owned()
    }
}

/// A monster card in words: `Manticore (power 8)`.
pub fn monster(game: &OpenOubliette, card: u8) -> String {
    let m = &game.decks().monsters[card as usize];
    format!("{} (power {})", m.name, m.power)
}

/// An action in words, with card names.
pub fn action(game: &OpenOubliette, state: &State, a: Action) -> String {
    match a {
        Action::DrawMonster(c) => format!("draws {}", monster(game, c)),
        Action::DrawTreasure(c) => format!("draws {}", treasure(game, c)),
        Action::DrawEvent(c) => {
            let e = &game.decks().events[c as usize];
            format!(
                "draws the event {}: \"{}\" ({})",
                e.title,
                e.text,
                effect(game, &e.effect)
            )
        }
        Action::DrawWound(c) => format!("draws the wound {}", wound(game, c)),
        Action::ReturnWound(c) => format!("return the wound {}", wound(game, c)),
        Action::RecoverDone if state.turn.recover_left == RECOVERY_WOUNDS => {
            "return no wound".to_owned()
        }
        Action::RecoverDone => "keep the other wounds".to_owned(),
        Action::Steal(c) => format!("{} is taken", treasure(game, c)),
        Action::Equip(c) => format!("use {}", treasure(game, c)),
        Action::CashCard(c) => format!("cash in {}", treasure(game, c)),
        Action::Play(c) => format!("play {}", event(game, c)),
        Action::Keep if state.turn.event != NONE => {
            format!("keep {} for later", event(game, state.turn.event))
        }
        Action::UseNow if state.turn.event != NONE => {
            let e = &game.decks().events[state.turn.event as usize];
            format!("use {} now ({})", e.title, effect(game, &e.effect))
        }
        Action::Direction(dir) if state.phase == Phase::Direction => {
            let from = state.players[state.current as usize].pos;
            format!("{a} {}", destination(from, state.turn.roll, dir))
        }
        Action::Attack(seat) => {
            let wound = if game.config().pvp_wound_winner {
                "the winner draws a wound"
            } else {
                "the attacker draws a wound, win or lose"
            };
            format!("attack player {} ({wound})", seat + 1)
        }
        Action::ExtraTurn(true)
            if state.me().lost_turns > 0 && game.config().lost_turn_skips_extra =>
        {
            format!("{a} (a lost turn will use it up)")
        }
        Action::Pass => match state.phase {
            Phase::PreWindow | Phase::CheckPre => "pass (roll now)",
            Phase::PostWindow => "pass (end the turn)",
            Phase::CheckPost => "pass (the roll stands)",
            Phase::Revenge => "pass (no Revenge)",
            _ => "pass",
        }
        .to_owned(),
        other => other.to_string(),
    }
}

/// Where a move of `steps` from space `from` in direction `dir` ends, in words: `to space
/// 7`, `to space 5 (an Event corner)`, `to space 0 (the Exit)`, `to space 2, passing the
/// Exit` (a move that starts on the Exit never passes it).
pub fn destination(from: u8, steps: u8, dir: Dir) -> String {
    let end = from as i32 + dir.sign() * steps as i32;
    let to = end.rem_euclid(BOARD as i32) as u8;
    let what = if to == 0 {
        " (the Exit)"
    } else if is_corner(to) {
        " (an Event corner)"
    } else {
        ""
    };
    let passes = from != 0 && to != 0 && !(0..=BOARD as i32).contains(&end);
    let pass = if passes { ", passing the Exit" } else { "" };
    format!("to space {to}{what}{pass}")
}

/// The situation in words: whose turn, where, and the fight or event in progress.
pub fn situation(game: &OpenOubliette, s: &State) -> String {
    let mut out = String::new();
    if s.phase == Phase::Over {
        let winners: Vec<String> = (0..game.config().players)
            .filter(|&q| s.winners & (1 << q) != 0)
            .map(|q| format!("player {}", q + 1))
            .collect();
        let _ = write!(out, "Game over ({}).", s.end.label());
        if !winners.is_empty() {
            let _ = write!(out, " Winner: {}.", winners.join(", "));
        }
        return out;
    }
    let me = s.me();
    let _ = write!(
        out,
        "Turn {}: player {} on space {}{}.",
        s.turns,
        s.current + 1,
        me.pos,
        if s.turn.is_extra { " (extra turn)" } else { "" }
    );
    match s.fight.kind {
        FightKind::Monster | FightKind::Hoard => {
            let name = foe(game, s);
            let target =
                s.fight.base as i32 + me.w as i32 + game.level(s, s.current as usize) as i32
                    - me.atk as i32
                    - s.fight.att_bonus as i32;
            let _ = write!(
                out,
                " Fighting {name} (power {}): needs {} on 2d6 to win; a hit needs {}.",
                s.fight.base,
                target,
                8 + me.def as i32 + s.check.def_bonus as i32 - me.w as i32
            );
        }
        FightKind::Pvp => {
            let _ = write!(out, " Attacking player {}.", s.fight.opponent + 1);
        }
        FightKind::Ambush => out.push_str(" Ambushed!"),
        FightKind::None => {}
    }
    if s.phase == Phase::RecoverPick {
        let _ = write!(
            out,
            " Recovery: return up to {} more wound{}.",
            s.turn.recover_left,
            if s.turn.recover_left == 1 { "" } else { "s" }
        );
    }
    if s.turn.event != NONE {
        let e = &game.decks().events[s.turn.event as usize];
        let _ = write!(out, " Event: {}: {}", e.title, e.text);
        if let Effect::Quest { .. } = e.effect {
            out.push_str(" (quest)");
        }
    }
    out
}
