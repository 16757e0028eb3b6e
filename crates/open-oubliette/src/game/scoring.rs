//! Scores and the end: a player's score and jail dollars, the tie-break tiers when the
//! treasure runs out, a jailed player leaving, and the end of the game.
//!
//! Most of it is public: hosts and reports read the same numbers the rules decide with
//! ([`OpenOubliette::jail_dollars`], [`OpenOubliette::tier_score`]).

use gameshelf_engine::Seat;

use crate::config::{LevelUpEnd, Mode};
use crate::game::turn::Step;
use crate::game::{GOLD_PER_DOLLAR, LEVEL_UP_GOLD, OpenOubliette, TIERS};
use crate::state::{EndKind, Fight, Phase, PlayerState, State};

impl OpenOubliette {
    /// Jail mode: the host dollars `seat` brings back: `(banked gold + 100 x Level Ups
    /// x banked cards) / 10`, rounded down. Fixed when the player leaves; before that, what it
    /// would bring if it left now. In the standalone game, banked gold / 10 likewise.
    pub fn jail_dollars(&self, state: &State, seat: Seat) -> u32 {
        let p = &state.players[seat];
        if p.left {
            return p.dollars;
        }
        (p.banked_value + LEVEL_UP_GOLD * p.level_ups as u32 * p.banked.len() as u32)
            / GOLD_PER_DOLLAR
    }

    /// What the table sees of a seat's standing ([`gameshelf_engine::Game::standing`]): its
    /// [`Self::score`], or in jail mode the dollars it would bring back. Both are public.
    pub(crate) fn table_score(&self, state: &State, seat: Seat) -> u32 {
        if self.cfg.mode == Mode::Jail {
            self.jail_dollars(state, seat)
        } else {
            self.score(state, seat)
        }
    }

    /// A player's score for the win check and scoring: banked gold, plus the Level Up bonus
    /// when it counts at the end (`levelup_end=game_end`).
    pub fn score(&self, state: &State, seat: Seat) -> u32 {
        let p = &state.players[seat];
        let bonus =
            if self.cfg.levelup_end == LevelUpEnd::GameEnd && self.cfg.mode == Mode::Standalone {
                LEVEL_UP_GOLD * p.level_ups as u32 * p.banked.len() as u32
            } else {
                0
            };
        p.banked_value + bonus
    }

    /// Jail mode: the player leaves; its dollars are fixed and its cards go back.
    pub(crate) fn leave(&self, s: &mut State, seat: u8) {
        let dollars = self.jail_dollars(s, seat as usize);
        let p = &mut s.players[seat as usize];
        s.treasure_draw = s
            .treasure_draw
            .union(p.unused)
            .union(p.equipped)
            .union(p.banked);
        s.event_draw = s.event_draw.union(p.kept).union(p.quests);
        s.wound_draw = s.wound_draw.union(p.wounds);
        *p = PlayerState {
            pos: p.pos,
            banked_value: p.banked_value,
            level_ups: p.level_ups,
            left: true,
            dollars,
            ..PlayerState::default()
        };
        s.standings_moved();
    }

    #[inline(never)]
    pub(crate) fn game_over(&self, s: &mut State, kind: EndKind) -> Step {
        s.phase = Phase::Over;
        s.fight = Fight::default();
        if !self.standalone() {
            for seat in 0..self.cfg.players as u8 {
                if !s.players[seat as usize].left {
                    self.leave(s, seat);
                }
            }
            s.end = if kind == EndKind::TurnLimit {
                kind
            } else {
                EndKind::JailServed
            };
            return Step::Rest;
        }
        if kind == EndKind::Target {
            s.winners = 1 << s.current;
            s.end = kind;
            return Step::Rest;
        }
        let (winners, decided) = self.scoring(s);
        s.winners = winners;
        s.end = if kind == EndKind::TurnLimit {
            kind
        } else {
            decided
        };
        Step::Rest
    }

    /// A player's score at tie-break `tier` of the scoring when the treasure runs out
    /// (0, 1 or 2; see [`TIERS`]): banked gold (with the Level Up bonus when it counts at
    /// the end); then plus unused treasure (and equipped gear with
    /// `tiebreak_tier2=including`); then plus unused treasure and equipped gear.
    pub fn tier_score(&self, s: &State, seat: Seat, tier: usize) -> u32 {
        self.tier_scores(s, seat)[tier]
    }

    /// A player's [`Self::tier_score`] at every tier, each card set summed once.
    pub fn tier_scores(&self, s: &State, seat: Seat) -> [u32; TIERS.len()] {
        let p = &s.players[seat];
        let banked = self.score(s, seat);
        let unused = self.decks.treasure_value(p.unused);
        let gear = self.decks.treasure_value(p.equipped);
        let second = if self.cfg.tiebreak_including { gear } else { 0 };
        [banked, banked + unused + second, banked + unused + gear]
    }

    /// The players among `candidates` (a bit mask of seats) with the best
    /// [`Self::tier_score`] at `tier`.
    pub fn best_at_tier(&self, s: &State, candidates: u8, tier: usize) -> u8 {
        let in_play = |q: &usize| candidates & (1 << q) != 0;
        let score = |q: usize| self.tier_score(s, q, tier);
        let best = (0..self.cfg.players)
            .filter(in_play)
            .map(score)
            .max()
            .unwrap_or(0);
        (0..self.cfg.players)
            .filter(in_play)
            .filter(|&q| score(q) == best)
            .fold(0, |m, q| m | 1 << q)
    }

    /// Scoring when the treasure runs out (three tie-break tiers): the winners' bit mask
    /// and which tier decided.
    pub fn scoring(&self, s: &State) -> (u8, EndKind) {
        let mut candidates: u8 = ((1u16 << self.cfg.players) - 1) as u8;
        for (tier, kind) in TIERS.into_iter().enumerate() {
            candidates = self.best_at_tier(s, candidates, tier);
            if candidates.count_ones() == 1 {
                return (candidates, kind);
            }
        }
        (candidates, EndKind::Shared)
    }
}
