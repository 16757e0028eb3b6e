//! Events: drawing an event card on a corner and resolving its effect, the die some of
//! them roll (Secret Passage, Trap, Dragon Hoard), keeping a card, and playing kept cards
//! in the windows before the roll and after the events.
//!
//! Events are resolved from their `effect`, never from their card number, so a designer's
//! deck works as long as its effects are known; a drawn card's effect is resolved here.

use gameshelf_engine::CardSet;

use crate::action::Dir;
use crate::decks::Effect;
use crate::game::OpenOubliette;
use crate::game::turn::Step;
use crate::state::{
    BOARD, CheckKind, DieFor, DrawFor, ExitFrom, Fight, FightKind, NONE, Phase, PlayerState, State,
    StealFor, is_corner,
};

impl OpenOubliette {
    /// Plays a kept card: it goes to the event discard and its bonus (if any) applies.
    pub(crate) fn play_kept(&self, s: &mut State, seat: u8, card: u8) -> Effect {
        s.players[seat as usize].kept.remove(card);
        s.event_discard.insert(card);
        let effect = self.decks.events[card as usize].effect;
        match effect {
            Effect::Healing { wounds } => self.heal(s, seat, wounds as usize),
            Effect::Rage { bonus } => s.fight.att_bonus = s.fight.att_bonus.saturating_add(bonus),
            Effect::Dodge { bonus } => s.check.def_bonus = s.check.def_bonus.saturating_add(bonus),
            _ => {}
        }
        effect
    }

    /// One card per interchangeable group of `cards`: the lowest.
    pub(crate) fn representatives(&self, cards: CardSet) -> CardSet {
        let (mut seen, mut out) = (0u64, CardSet::EMPTY);
        for c in cards {
            let key = 1u64 << self.decks.event_key[c as usize];
            if seen & key == 0 {
                seen |= key;
                out.insert(c);
            }
        }
        out
    }

    /// Kept cards `seat` may play in the windows before the roll and after the events.
    pub(crate) fn window_cards(&self, p: &PlayerState) -> CardSet {
        let healings = if p.w > 0 {
            self.healings
        } else {
            CardSet::EMPTY
        };
        p.kept.intersection(self.shortcuts.union(healings))
    }

    pub(crate) fn event_done(s: &mut State) -> Step {
        if s.turn.event != NONE {
            s.event_discard.insert(s.turn.event);
            s.turn.event = NONE;
        }
        if s.turn.monster != NONE {
            s.monster_discard.insert(s.turn.monster);
            s.turn.monster = NONE;
        }
        s.fight = Fight::default();
        Step::Post
    }

    pub(crate) fn event(&self, s: &mut State) -> Step {
        if is_corner(s.me().pos) {
            self.rest(s, Phase::DrawEvent)
        } else {
            Step::Post
        }
    }

    pub(crate) fn on_event(&self, s: &mut State, card: u8) -> Step {
        if s.event_draw.is_empty() {
            s.event_draw = s.event_discard;
            s.event_discard = CardSet::EMPTY;
        }
        s.event_draw.remove(card);
        s.turn.event = card;
        let cur = s.current as usize;
        let ev = &self.decks.events[card as usize];
        match ev.effect {
            Effect::Secret { .. } => {
                s.turn.die_for = DieFor::Secret;
                self.rest(s, Phase::Die)
            }
            Effect::Trap { .. } => {
                s.turn.die_for = DieFor::Trap;
                self.rest(s, Phase::Die)
            }
            Effect::Shortcut if ev.keep => self.rest(s, Phase::KeepChoice),
            Effect::Shortcut => {
                s.event_discard.insert(card);
                s.turn.event = NONE;
                self.use_shortcut(s, ExitFrom::EventNow)
            }
            Effect::Healing { wounds } => {
                if !ev.keep {
                    self.heal(s, cur as u8, wounds as usize);
                    Step::EventDone
                } else if s.players[cur].w > 0 {
                    self.rest(s, Phase::KeepChoice)
                } else {
                    self.keep_event(s)
                }
            }
            Effect::Tunnel { steps } => {
                let back = self.cfg.tunnel_relative_to_move && s.turn.move_dir == Dir::Back;
                let steps = if back { -(steps as i32) } else { steps as i32 };
                let p = &mut s.players[cur];
                p.pos = (p.pos as i32 + steps).rem_euclid(BOARD as i32) as u8;
                self.set_exit_landed(p, false);
                if self.cfg.tunnel_triggers_landing {
                    s.event_discard.insert(card);
                    s.turn.event = NONE;
                    Step::Landing
                } else {
                    Step::EventDone
                }
            }
            Effect::Spelunk => {
                if self.cfg.spelunk_move_only {
                    s.turn.moves_pending += 1;
                } else {
                    s.players[cur].extra_turns += 1;
                }
                Step::EventDone
            }
            Effect::CaveIn => {
                s.players[cur].lost_turns += 1;
                Step::EventDone
            }
            Effect::Hoard { power, monster, .. } => {
                let mut base = power;
                if let (true, Some(kind)) = (self.cfg.hoard_draws_deck_dragon, monster) {
                    let of_kind = |pile: CardSet| {
                        pile.iter()
                            .find(|&c| self.decks.monsters[c as usize].kind == kind)
                    };
                    if let Some(c) = of_kind(s.monster_draw) {
                        s.monster_draw.remove(c);
                        s.turn.monster = c;
                    } else if let Some(c) = of_kind(s.monster_discard) {
                        s.monster_discard.remove(c);
                        s.turn.monster = c;
                    }
                    if s.turn.monster != NONE {
                        base = self.decks.monsters[s.turn.monster as usize].power;
                    }
                }
                s.fight = Fight {
                    kind: FightKind::Hoard,
                    base,
                    ..Fight::default()
                };
                Self::start_monster_round(s)
            }
            Effect::Loot { treasure } => Self::start_draws(s, treasure, DrawFor::Event),
            Effect::Ambush { cards } => {
                s.fight = Fight {
                    kind: FightKind::Ambush,
                    base: cards,
                    ..Fight::default()
                };
                Self::start_check(s, CheckKind::Ambush, NONE, cur as u8)
            }
            Effect::Quest { .. } => {
                s.players[cur].quests.insert(card);
                s.turn.event = NONE;
                Step::EventDone
            }
            Effect::LevelUp => {
                s.players[cur].level_ups = s.players[cur].level_ups.saturating_add(1);
                s.standings_moved();
                Step::EventDone
            }
            Effect::Rage { .. } | Effect::Reroll | Effect::Dodge { .. } | Effect::Revenge => {
                self.keep_event(s)
            }
        }
    }

    pub(crate) fn keep_event(&self, s: &mut State) -> Step {
        let cur = s.current as usize;
        s.players[cur].kept.insert(s.turn.event);
        s.turn.event = NONE;
        Step::EventDone
    }

    pub(crate) fn on_die(&self, s: &mut State, d: u8) -> Step {
        let cur = s.current;
        match (
            s.turn.die_for,
            self.decks.events[s.turn.event as usize].effect,
        ) {
            (
                DieFor::Secret,
                Effect::Secret {
                    die_at_least,
                    treasure,
                },
            ) if d >= die_at_least => Self::start_draws(s, treasure, DrawFor::Event),
            (DieFor::Trap, Effect::Trap { die_at_most }) if d <= die_at_most => {
                s.players[cur as usize].lost_turns += 1;
                if self.cfg.trap_random_unused {
                    return Self::start_steal(s, cur, NONE, 1, StealFor::Trap);
                }
                let card = s.turn.trap_card;
                if card != NONE && s.players[cur as usize].unused.contains(card) {
                    Self::take_unused(s, cur, card);
                    self.lose_treasure(s, card);
                }
                Step::EventDone
            }
            (DieFor::Hoard, Effect::Hoard { die_plus, .. }) => {
                Self::start_draws(s, d + die_plus, DrawFor::Event)
            }
            _ => Step::EventDone,
        }
    }

    pub(crate) fn play_window(&self, s: &mut State, card: u8, from: ExitFrom) -> Step {
        let cur = s.current;
        match self.play_kept(s, cur, card) {
            Effect::Shortcut => self.use_shortcut(s, from),
            _ if from == ExitFrom::Pre => Step::Pre,
            _ => Step::Post,
        }
    }
}
