//! Who leads during a game: lead changes, and whether the late leader wins.
//!
//! A game that opts in with [`Game::standing`] says, in any state, how the seats would
//! rank if it ended there. The *leader* is the one seat on top ([`Returns::leader`]); when
//! several share the top there is no leader. The standings are read between turns (at the
//! first state, at every state where [`Game::turns`] has moved on, and at the end), as
//! players see the score: a lead that comes and goes within one player's turn is no lead.
//! Reading them once a turn rather than at every action is also what keeps the cost low
//! (a turn of Open Oubliette or Laissez-faire takes many actions). Two figures come from
//! it:
//!
//! * **Lead changes**: how many times per game the leader is a different seat from the
//!   last leader. A tie on top does not end a lead: a leader caught up and then overtaken
//!   is one change, a leader caught up who pulls ahead again is none. The first leader is
//!   no change.
//! * **The late leader wins**: the leader at three quarters of the game, counted in
//!   actions (chance outcomes included): the last seat that led in a state read at or
//!   before the state after `⌈3n/4⌉` of the game's `n` actions. Its result is 1 when it alone has the best
//!   return, `1/k` when it shares the best return with `k - 1` others, 0 otherwise, so the
//!   mean is a win rate. Games where nobody led by then are left out.
//!
//! * **The lead curve**: the same question at each tenth of the game, from one tenth to
//!   nine tenths ([`CURVE_POINTS`]), so that a designer sees when a game is decided.
//!
//! A game whose lead changes often and whose late leader wins at little more than the fair
//! share `1/n` stays open to the end; one whose late leader nearly always wins is decided
//! early, and its last quarter is played out for nothing.
//!
//! Everything kept is an integer sum (the late leader's result in the fixed-point units of
//! [`Moments`]), so shards merge exactly.

use gameshelf_engine::interval::count_mean;
use gameshelf_engine::{Game, MAX_SEATS, Returns, Seat};
use serde::{Deserialize, Serialize};

use crate::stats::{Interval, Moments, Z95, wilson};

/// Follows the leader through one game, reusing its buffer from game to game: after the
/// first games it allocates nothing.
///
/// It keeps no count of the states it sees: each comes with its place in the game (the
/// actions before it), which the simulator counts anyway, so that a state within a turn
/// costs one comparison and nothing is written.
#[derive(Debug, Default)]
pub(crate) struct LeadTrack {
    /// Every change of leader: the number of actions after which it happened, and the new
    /// leader.
    changes: Vec<(u64, Seat)>,
    /// The game's actions, once its last state has been seen.
    actions: u64,
    /// The turns played at the last state read (`u32::MAX` before the first).
    turn: u32,
    /// Whether the games give standings, known at the first state of the first game: a
    /// track follows the games of one configuration from one start (a chunk's), which all
    /// answer alike, and ranking the seats to learn it cost a tenth of a game's tracking.
    standings: Option<bool>,
    /// The standings' stamp ([`Game::standing_stamp`]) when they were last read.
    stamp: Option<u64>,
}

/// The points of a game at which the leader's chance is followed for the lead curve: each
/// tenth of its actions, from one tenth to nine tenths.
pub const CURVE_POINTS: usize = 9;

/// What one game gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct GameLead {
    /// Lead changes.
    pub(crate) changes: u64,
    /// The leader at three quarters of the game, if any seat led by then.
    pub(crate) late: Option<Seat>,
    /// The leader at each tenth of the game ([`CURVE_POINTS`]), if any seat led by then.
    pub(crate) curve: [Option<Seat>; CURVE_POINTS],
}

impl LeadTrack {
    /// Starts a game at its first state, whose standings are read.
    pub(crate) fn start<G: Game>(&mut self, game: &G, first: &G::State) {
        self.changes.clear();
        self.actions = 0;
        self.stamp = None;
        self.turn = game.turns(first);
        self.read(game, first, game.standing_stamp(first), 0);
    }

    /// Sees the next state of the game, the one after `at` actions, with the `action`
    /// about to be applied to it: each state after the first but the last; its standings
    /// are read if a turn has begun since the last state. Called at every action, so the
    /// common case is settled inlined into the game's loop: an action that cannot open a
    /// turn ([`Game::may_open_turn`]) is settled by its kind, often where the loop knows
    /// it, and any other in the same turn by one comparison.
    /// A new turn whose standing stamp has not moved is also settled here, without a call:
    /// in most turns nothing that ranks the seats has changed.
    #[inline]
    pub(crate) fn see<G: Game>(&mut self, game: &G, state: &G::State, action: G::Action, at: u64) {
        if !game.may_open_turn(action) {
            return;
        }
        let turn = game.turns(state);
        if turn == self.turn {
            return;
        }
        self.turn = turn;
        let stamp = game.standing_stamp(state);
        if !self.unmoved(stamp, at) {
            self.read(game, state, stamp, at);
        }
    }

    /// Sees the last state of the game, the one after all its `actions`, and reads its
    /// standings.
    pub(crate) fn end<G: Game>(&mut self, game: &G, state: &G::State, actions: u64) {
        self.actions = actions;
        let stamp = game.standing_stamp(state);
        if !self.unmoved(stamp, actions) {
            self.read(game, state, stamp, actions);
        }
    }

    /// Whether the state after `at` actions, with this stamp, is settled without reading
    /// its standings: one after the first, whose stamp has not moved since the last read.
    #[inline]
    fn unmoved(&self, stamp: Option<u64>, at: u64) -> bool {
        at != 0 && stamp.is_some() && stamp == self.stamp
    }

    /// Reads the standings of the state after `at` actions, whose stamp is `stamp` (the
    /// callers have settled the states whose stamp has not moved: the same stamp means the
    /// same standings, so the same leader as at the last read). Kept out of line so that
    /// [`Self::see`]'s common case stays small.
    #[inline(never)]
    fn read<G: Game>(&mut self, game: &G, state: &G::State, stamp: Option<u64>, at: u64) {
        // Whether the games give standings is read once, at the first state read; from
        // then on only the leader is asked for.
        let standings = *self
            .standings
            .get_or_insert_with(|| game.standing(state).is_some());
        self.stamp = stamp;
        let leader = if standings { game.leader(state) } else { None };
        if leader.is_some() && leader != self.changes.last().map(|c| c.1) {
            self.changes.extend(leader.map(|l| (at, l)));
        }
    }

    /// The game's figures, once its last state has been seen; `None` when the game gives
    /// no standings or has fewer than two seats.
    pub(crate) fn finish<G: Game>(&self, game: &G) -> Option<GameLead> {
        if self.standings != Some(true) || game.num_players() < 2 {
            return None;
        }
        let actions = self.actions;
        // The last seat that led in a state read at or before the one after `at` actions,
        // for `at` rising from call to call: the changes are walked once for the curve.
        let mut changes = self.changes.iter().peekable();
        let mut leader = None;
        let mut leader_at = |at: u64| {
            while let Some(&(_, seat)) = changes.next_if(|c| c.0 <= at) {
                leader = Some(seat);
            }
            leader
        };
        let late_at = (3 * actions).div_ceil(4);
        let (mut curve, mut late) = ([None; CURVE_POINTS], None);
        for (k, point) in (1..).zip(&mut curve) {
            let at = (k * actions).div_ceil(10);
            // Three quarters falls between two tenths: read it on the way.
            if at > late_at && late.is_none() {
                late = Some(leader_at(late_at));
            }
            *point = leader_at(at);
        }
        Some(GameLead {
            changes: self.changes.len().saturating_sub(1) as u64,
            late: late.unwrap_or_else(|| leader_at(late_at)),
            curve,
        })
    }
}

/// The share of the win that `seat` got: 1 alone on the best return, `1/k` among `k`
/// seats on it, 0 below it.
pub(crate) fn share_of_win(returns: &Returns, seat: Seat) -> f64 {
    shares_of_win(returns)[seat]
}

/// Every seat's [`share_of_win`], worked out in one pass: a game's leaders are looked up
/// in it at every point of the lead curve.
fn shares_of_win(returns: &Returns) -> [f64; MAX_SEATS] {
    let values = returns.as_slice();
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let share = 1.0 / values.iter().filter(|&&v| v == best).count() as f64;
    let mut shares = [0.0; MAX_SEATS];
    for (s, &v) in shares.iter_mut().zip(values) {
        if v >= best {
            *s = share;
        }
    }
    shares
}

/// The lead figures of a run of games: integer sums only.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct LeadTotals {
    /// Games that gave standings.
    games: u64,
    /// Lead changes, summed over those games.
    changes: u64,
    /// Their squares, for the variance.
    changes_sq: u64,
    /// The late leader's share of the win, over the games that had one.
    late: Moments,
    /// The same at each point of the lead curve.
    #[serde(default)]
    curve: [Moments; CURVE_POINTS],
}

impl LeadTotals {
    /// Adds one finished game.
    pub(crate) fn add(&mut self, lead: GameLead, returns: &Returns) {
        self.games += 1;
        self.changes += lead.changes;
        self.changes_sq += lead.changes * lead.changes;
        let shares = shares_of_win(returns);
        if let Some(seat) = lead.late {
            self.late.add(shares[seat]);
        }
        for (point, leader) in self.curve.iter_mut().zip(&lead.curve) {
            if let Some(seat) = *leader {
                point.add(shares[seat]);
            }
        }
    }

    /// Adds the games of `other`.
    pub(crate) fn merge(&mut self, other: &LeadTotals) {
        self.games += other.games;
        self.changes += other.changes;
        self.changes_sq += other.changes_sq;
        self.late.merge(&other.late);
        for (point, other) in self.curve.iter_mut().zip(&other.curve) {
            point.merge(other);
        }
    }

    /// The figures, `None` when no game gave standings.
    pub(crate) fn report(&self) -> Option<LeadReport> {
        (self.games > 0).then(|| {
            let mean = self.changes as f64 / self.games as f64;
            LeadReport {
                games: self.games,
                lead_changes: mean,
                lead_changes_ci: count_mean(self.games, self.changes, self.changes_sq, Z95)
                    .unwrap_or(Interval {
                        low: mean,
                        high: mean,
                    }),
                late_leader_games: self.late.count(),
                late_leader_wins: self.late.mean(),
                late_leader_ci: wilson(self.late.mean(), self.late.count(), Z95),
                curve: (1..)
                    .zip(&self.curve)
                    .map(|(k, m)| CurvePoint {
                        at: f64::from(k) / 10.0,
                        games: m.count(),
                        wins: m.mean(),
                        ci: wilson(m.mean(), m.count(), Z95),
                    })
                    .collect(),
            }
        })
    }
}

/// Who led during the games ([`Game::standing`]); see the [module documentation](self)
/// for the definitions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LeadReport {
    /// Games that gave standings.
    pub games: u64,
    /// Mean lead changes per game.
    pub lead_changes: f64,
    /// Its 95% normal interval (a single point with fewer than two games).
    pub lead_changes_ci: Interval,
    /// Games with a leader at three quarters of the game.
    pub late_leader_games: u64,
    /// How often that leader won (shared wins counting their share).
    pub late_leader_wins: f64,
    /// Its 95% Wilson interval.
    pub late_leader_ci: Interval,
    /// The lead curve: how often the leader at each tenth of the game won, from one tenth
    /// to nine tenths. A game decided early climbs fast towards 1; one that stays open
    /// stays near the fair share until late.
    pub curve: Vec<CurvePoint>,
}

/// One point of the lead curve.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CurvePoint {
    /// How far into the game, as a share of its actions.
    pub at: f64,
    /// Games with a leader by then.
    pub games: u64,
    /// How often that leader won (shared wins counting their share).
    pub wins: f64,
    /// Its 95% Wilson interval.
    pub ci: Interval,
}

#[cfg(test)]
mod tests {
    use super::*;
    use gameshelf_conformance::toy::{Race, RaceState, Step};

    fn state(at: &[u8]) -> RaceState {
        RaceState {
            at: at.to_vec(),
            to_move: 0,
            rolling: false,
            turns: 0,
        }
    }

    /// Starts `track` at the first of these states (squares and turns played) and shows it
    /// the others, each as the state after as many actions as come before it.
    fn feed(track: &mut LeadTrack, race: &Race, states: &[([u8; 2], u32)]) {
        let states: Vec<RaceState> = states
            .iter()
            .map(|(at, turns)| RaceState {
                turns: *turns,
                ..state(at)
            })
            .collect();
        track.start(race, &states[0]);
        for (i, s) in states.iter().enumerate().skip(1) {
            track.see(race, s, Step::Gamble, i as u64);
        }
    }

    /// Feeds the states with these squares, a turn each, and returns the game's figures.
    fn follow(squares: &[&[u8]]) -> Option<GameLead> {
        let race = Race::default();
        let mut track = LeadTrack::default();
        let (last, before) = squares.split_last().unwrap();
        let states: Vec<([u8; 2], u32)> = (0..)
            .zip(before)
            .map(|(turn, at)| ([at[0], at[1]], turn))
            .collect();
        feed(&mut track, &race, &states);
        track.end(&race, &state(last), before.len() as u64);
        track.finish(&race)
    }

    #[test]
    fn ties_neither_start_nor_end_a_lead() {
        // Leaders: none, 0, 0 (tie in between), 1, 1 (tie), 0: changes 0 -> 1 -> 0.
        let lead = follow(&[
            &[0, 0],
            &[1, 0],
            &[1, 1],
            &[2, 1],
            &[2, 3],
            &[3, 3],
            &[4, 3],
            &[4, 3],
            &[4, 3],
        ])
        .unwrap();
        assert_eq!(lead.changes, 2);
        // 8 actions: three quarters is the state after 6, where seat 0 has just retaken
        // the lead.
        assert_eq!(lead.late, Some(0));
        // Seat 1 leads from the state after 2 actions to the one after 5, so at the state
        // after 4 (⌈3·5/4⌉) it still leads.
        let lead = follow(&[&[0, 0], &[1, 0], &[1, 2], &[1, 2], &[1, 2], &[3, 2]]).unwrap();
        assert_eq!((lead.changes, lead.late), (2, Some(1)));
    }

    #[test]
    fn a_lead_within_a_turn_is_no_lead() {
        let race = Race::default();
        let mut track = LeadTrack::default();
        // Seat 0 gambles and rolls 2 (turn 0), seat 1 gambles and rolls 2 (turn 1): seat
        // 0 leads from the state after 2 actions, the end is a tie. No change, and seat 0
        // is still the last leader at the state after 3 of the 4 actions.
        let states = [([0, 0], 0), ([0, 0], 0), ([2, 0], 1), ([2, 0], 1)];
        feed(&mut track, &race, &states);
        track.end(&race, &state(&[2, 2]), 4);
        let lead = track.finish(&race).unwrap();
        assert_eq!((lead.changes, lead.late), (0, Some(0)));
        // Had the standings been read at every action, a state where seat 1 led for one
        // action, within its turn, would have counted.
        feed(&mut track, &race, &[([0, 0], 0), ([1, 0], 1), ([1, 2], 1)]);
        track.end(&race, &state(&[3, 2]), 3);
        assert_eq!(track.finish(&race).map(|l| l.changes), Some(0));
    }

    #[test]
    fn the_curve_names_the_leader_at_each_tenth_of_the_game() {
        // 10 actions: seat 0 leads from the state after 2, seat 1 from the one after 7.
        let mut squares: Vec<[u8; 2]> = vec![[0, 0], [0, 0], [1, 0], [1, 0], [1, 0], [1, 0]];
        squares.extend([[1, 0], [1, 2], [1, 2], [1, 2], [1, 2]]);
        let squares: Vec<&[u8]> = squares.iter().map(|s| s.as_slice()).collect();
        let lead = follow(&squares).unwrap();
        assert_eq!(
            lead.curve,
            [
                None,
                Some(0),
                Some(0),
                Some(0),
                Some(0),
                Some(0),
                Some(1),
                Some(1),
                Some(1)
            ]
        );
        assert_eq!(lead.late, Some(1), "⌈3·10/4⌉ = 8 actions");
        let mut totals = LeadTotals::default();
        totals.add(lead, &Returns::from_slice(&[0.0, 1.0]));
        let report = totals.report().unwrap();
        let wins: Vec<(u64, f64)> = report.curve.iter().map(|p| (p.games, p.wins)).collect();
        assert_eq!(wins[0], (0, 0.0), "nobody led after one action");
        assert_eq!(wins[1], (1, 0.0), "seat 0 led and lost");
        assert_eq!(wins[8], (1, 1.0), "seat 1 led and won");
        assert_eq!(report.curve[2].at, 0.3);
    }

    #[test]
    fn a_game_nobody_led_has_no_late_leader() {
        // Seat 1 takes the lead only after the 4th and last action, past ⌈3·4/4⌉ = 3.
        let lead = follow(&[&[0, 0], &[1, 1], &[2, 2], &[3, 3], &[3, 4]]).unwrap();
        assert_eq!((lead.changes, lead.late), (0, None));
    }

    #[test]
    fn shared_wins_count_their_share() {
        let r = Returns::from_slice(&[0.5, 0.5, 0.0]);
        assert_eq!(share_of_win(&r, 0), 0.5);
        assert_eq!(share_of_win(&r, 2), 0.0);
        assert_eq!(share_of_win(&Returns::from_slice(&[0.0, 1.0]), 1), 1.0);
    }
}
