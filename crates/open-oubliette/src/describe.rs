//! Words for players: the current situation and actions with card names.

use std::fmt::Write;

use crate::action::{Action, Dir};
use crate::decks::{Effect, TreasureKind};
use crate::game::OpenOubliette;
use crate::state::{BOARD, CheckKind, FightKind, NONE, Phase, State, is_corner};

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

/// A monster card in words: `Manticore (power 8)`.
pub fn monster(game: &OpenOubliette, card: u8) -> String {
    let m = &game.decks().monsters[card as usize];
    format!("{} (power {})", m.name, m.power)
}

/// An action in words, with card names.
pub fn action(game: &OpenOubliette, state: &State, a: Action) -> String {
    let d = game.decks();
    match a {
        Action::DrawMonster(c) => format!("draws {}", monster(game, c)),
        Action::DrawTreasure(c) => format!("draws {}", treasure(game, c)),
        Action::DrawEvent(c) => format!("draws the event {}", event(game, c)),
        Action::DrawWound(c) => {
            let w = &d.wounds[c as usize];
            format!("draws the wound {} ({})", w.title, w.modifier)
        }
        Action::Steal(c) => format!("{} is taken", treasure(game, c)),
        Action::Equip(c) => format!("use {}", treasure(game, c)),
        Action::CashCard(c) => format!("cash in {}", treasure(game, c)),
        Action::Play(c) => format!("play {}", event(game, c)),
        Action::Keep if state.turn.event != NONE => {
            format!("keep {}", event(game, state.turn.event))
        }
        Action::UseNow if state.turn.event != NONE => {
            format!("use {} now", event(game, state.turn.event))
        }
        Action::Attack(seat) => format!("attack player {}", seat + 1),
        Action::Direction(dir) if state.phase == Phase::Direction => {
            let from = state.players[state.current as usize].pos;
            let steps = state.turn.roll % BOARD;
            let to = match dir {
                Dir::Forward => (from + steps) % BOARD,
                Dir::Back => (from + BOARD - steps) % BOARD,
            };
            let what = if to == 0 {
                " (the Exit)"
            } else if is_corner(to) {
                " (an Event corner)"
            } else {
                ""
            };
            format!("{a} to space {to}{what}")
        }
        other => other.to_string(),
    }
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
            let name = if s.turn.monster != NONE {
                game.decks().monsters[s.turn.monster as usize].name.clone()
            } else {
                "the Hoard's dragon".to_owned()
            };
            let target =
                s.fight.base as i32 + me.w as i32 + game.level(s, s.current as usize) as i32
                    - me.atk as i32
                    - s.check.att_bonus as i32;
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
    if s.check.roll != 0 && matches!(s.phase, Phase::CheckPost | Phase::CheckRoll) {
        let what = match s.check.kind {
            CheckKind::MonsterAttack => "attack roll",
            CheckKind::MonsterDefend => "monster's roll",
            CheckKind::PvpTarget | CheckKind::PvpOpposed => "roll",
            CheckKind::Ambush => "ambusher's roll",
        };
        let _ = write!(out, " The {what} is {}.", s.check.roll);
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
