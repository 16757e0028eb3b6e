//! Simulation figures for Osbo: winning scores, draws, closed designs, dice placed, and
//! kingmaking.
//!
//! # Kingmaking
//!
//! Players whose designs are closed keep placing dice in the others' designs, and a die
//! that closes a cord can change who wins. The figures here count that, with these
//! definitions (the rules page, `docs/rules/osbo.md`, gives them too):
//!
//! * The **leader** is the one seat whose closed cords beat every other seat's
//!   ([`Osbo::ranks`]): who would win if every design were frozen now. Closed cords stay
//!   closed, so a score only grows.
//! * A player is **out of contention** when its design is closed (its score is final: a
//!   closed design takes no die) and another seat's closed cords already beat it. It can
//!   then neither win nor share the win, whatever happens: the definition is sound.
//! * A **kingmaking move** is a placement by a player out of contention after which the
//!   leader is not the same as before it (another seat, or a tie on top, or a leader where
//!   there was a tie).
//! * A game is **decided by kingmaking** when its last change of leader was a kingmaking
//!   move and one seat wins alone: nobody changed who leads after the out-of-contention
//!   player did.
//! * A **kingmaker's choice** is a placement by a player out of contention where the
//!   placements the rules offered it would not all leave the same leader right after: its
//!   choice, not the dice, picks who leads. This one is a counterfactual, one die deep:
//!   every offered placement is tried on a copy of the position.
//!
//! A decided game is a proxy for "changed who wins", not a counterfactual: it might have
//! gone to the same winner had the player placed elsewhere (the others' later dice were not
//! replayed). Replaying every alternative with the same rolls to the end would be sound,
//! and would cost a game's remainder per alternative placement; the kingmaker's choice is
//! the sound part that is cheap, the power to pick the leader at the moment of the choice. With two players nobody is
//! ever out of contention while a leader can change (the only other seat already beats
//! them), so kingmaking needs three or four.

use std::collections::BTreeMap;
use std::fmt::Write;

use gameshelf_engine::interval::{Interval, Z95, count_mean, wilson};
use gameshelf_engine::{Actor, Game, Returns, Seat, Tally};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::game::Osbo;
use crate::state::{Board, EndKind, ORIGIN, Phase, State};

/// Osbo's simulation figures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OsboTally {
    /// Games finished.
    pub games: u64,
    /// Games won by more than one seat (equal score vectors).
    pub draws: u64,
    /// How many games had each winning score (the winner's longest closed cord).
    pub winning_scores: BTreeMap<u32, u64>,
    /// How many designs (over all seats) had each longest closed cord at the end.
    pub design_scores: BTreeMap<u32, u64>,
    /// Designs closed at the end.
    pub designs_closed: u64,
    /// Designs left open at the end (loose window, n = 2, turn limit).
    pub designs_open: u64,
    /// Dice placed.
    pub dice_placed: u64,
    /// Rolls (turns with dice rolled).
    pub rolls: u64,
    /// Kingmaking, see the [module documentation](self) (absent from parts written
    /// before it was counted).
    #[serde(default)]
    pub kingmaking: Kingmaking,
    /// The game being played, for the kingmaking figures.
    #[serde(skip)]
    watch: Watch,
}

/// Kingmaking figures, see the [module documentation](self).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kingmaking {
    /// Placements by players out of contention.
    pub placements: u64,
    /// Kingmaking moves: those placements that changed the leader.
    pub moves: u64,
    /// The sum over games of the square of each game's kingmaking moves, for the
    /// interval of the mean.
    pub moves_sq: u64,
    /// Games with at least one kingmaking move.
    pub games: u64,
    /// Games decided by kingmaking.
    pub decided: u64,
    /// Kingmaker's choices: placements by players out of contention whose offered
    /// alternatives would leave different leaders.
    pub choices: u64,
    /// The sum over games of the square of each game's choices.
    pub choices_sq: u64,
    /// Games with at least one kingmaker's choice.
    pub choice_games: u64,
}

/// The kingmaking of the game being played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Watch {
    /// At the last placement: the leader before it, and whether its player was out of
    /// contention. `None` before the first placement.
    last: Option<(Option<Seat>, bool)>,
    /// The standings last read, kept while the closed cords do not change.
    standing: Option<Standing>,
    /// The seats whose designs were seen closed (a closed design stays closed), as a bit
    /// set.
    closed: u8,
    /// Kingmaking moves so far.
    moves: u64,
    /// Whether the last change of leader was a kingmaking move.
    decided: bool,
    /// Kingmaker's choices so far.
    choices: u64,
    /// The offered placements, when trying them (kept from game to game).
    offered: Vec<Action>,
}

/// What the kingmaking figures need of the seats' ranks ([`Osbo::ranks`]): which seats
/// are on top. Once a design has closed it is read at every placement, though the ranks
/// change only when a cord closes; so it is kept with the game's standing stamp
/// ([`Game::standing_stamp`]) and read again only when the stamp moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Standing {
    /// The stamp of the state it was read in (`None`: unknown, read it in every state).
    stamp: Option<u64>,
    /// The seats with the best rank, as a bit set.
    top: u8,
}

impl Standing {
    /// The seats on top of `ranks`.
    fn of(ranks: &Returns, stamp: Option<u64>) -> Standing {
        let values = ranks.as_slice();
        let best = values.iter().copied().fold(0.0, f64::max);
        let top = (0..).zip(values).fold(
            0,
            |top, (seat, &v)| {
                if v == best { top | 1 << seat } else { top }
            },
        );
        Standing { stamp, top }
    }

    /// The one seat on top ([`Returns::leader`]), `None` on a tie.
    fn leader(self) -> Option<Seat> {
        (self.top.count_ones() == 1).then_some(self.top.trailing_zeros() as Seat)
    }

    /// Whether `seat` is on top.
    fn on_top(self, seat: Seat) -> bool {
        self.top & 1 << seat != 0
    }
}

impl Watch {
    /// Reads the leader in `now`, the state after the last placement and any rolls: was
    /// that placement a kingmaking move? Returns the standings in `now`.
    fn settle(&mut self, game: &Osbo, now: &State) -> Standing {
        let stamp = game.standing_stamp(now);
        let standing = match self.standing {
            // The same closed cords: the same ranks, so the same leader as at the last
            // placement, and no kingmaking move.
            Some(kept) if stamp.is_some() && kept.stamp == stamp => return kept,
            _ => Standing::of(&game.ranks(now), stamp),
        };
        self.standing = Some(standing);
        let leader = standing.leader();
        if let Some((_, out)) = self.last.filter(|&(before, _)| before != leader) {
            self.moves += u64::from(out);
            self.decided = out;
        }
        standing
    }

    /// Whether a placement in `before` may be followed: nobody is out of contention before
    /// a design closes, so nothing is followed until then (the leader before the first
    /// followed placement is read then). A closed design has no move, so the boards'
    /// face-fit caches answer nearly every placement before the first design closes,
    /// inlined into the simulator's loop.
    #[inline]
    fn follows(&self, game: &Osbo, before: &State) -> bool {
        self.last.is_some() || before.boards[..game.num_players()].iter().any(closed)
    }

    /// Whether `seat`'s design is closed in `now`, remembered once seen.
    fn is_closed(&mut self, now: &State, seat: Seat) -> bool {
        if self.closed & 1 << seat == 0 && closed(&now.boards[seat]) {
            self.closed |= 1 << seat;
        }
        self.closed & 1 << seat != 0
    }

    /// A placement by `mover` in `before`, once [`Watch::follows`] says so: remembers the
    /// leader and whether the mover is out of contention (its design closed, another
    /// seat's score above its own).
    fn place(&mut self, game: &Osbo, before: &State, mover: Seat) {
        let standing = self.settle(game, before);
        let out = self.is_closed(before, mover) && !standing.on_top(mover);
        self.last = Some((standing.leader(), out));
        if out && self.picks_the_leader(game, before) {
            self.choices += 1;
        }
    }

    /// Whether the placements offered in `before` to a player out of contention would not
    /// all leave the same leader.
    ///
    /// Each placement is tried on a copy of its board alone: the leader after it depends
    /// on the boards only, not on the rest of the turn. With two seats nothing is tried:
    /// the player's design is closed, so takes no die, and the other seat's closed cords
    /// already beat it and can only grow, so that seat leads after any placement.
    fn picks_the_leader(&mut self, game: &Osbo, before: &State) -> bool {
        if game.num_players() == 2 {
            return false;
        }
        game.legal_actions(before, &mut self.offered);
        let mut boards = before.boards;
        let mut first = None;
        for &a in &self.offered {
            let Action::Place(p) = a else {
                continue; // only placements are offered to a player
            };
            let j = usize::from(p.design);
            let board = boards[j];
            boards[j].place(
                (i32::from(p.row) + ORIGIN as i32) as usize,
                (i32::from(p.col) + ORIGIN as i32) as usize,
                p.edges,
            );
            let leader = game.ranks_of(&boards).leader();
            boards[j] = board;
            if *first.get_or_insert(leader) != leader {
                return true;
            }
        }
        false
    }

    /// Ready for the next game (keeping the buffer).
    fn reset(&mut self) {
        let offered = std::mem::take(&mut self.offered);
        *self = Watch {
            offered,
            ..Watch::default()
        };
    }
}

/// Whether a board's design is closed: asked of the face-fit cache first, which the
/// states the rules make keep current, since a closed design has no target and so no
/// move. That spares a scan of the targets in nearly every state, where some face fits.
#[inline]
fn closed(board: &Board) -> bool {
    !board.has_move() && board.is_closed()
}

impl OsboTally {
    /// Follows the kingmaking a die placed in `before` may be, once a design has closed
    /// ([`Watch::follows`]).
    #[inline(never)]
    fn placed(&mut self, game: &Osbo, before: &State) {
        if let Actor::Player(mover) = game.actor(before) {
            self.watch.place(game, before, mover);
            self.kingmaking.placements += u64::from(self.watch.last.is_some_and(|l| l.1));
        }
    }

    /// The mean winning score.
    pub fn mean_winning_score(&self) -> f64 {
        mean(&self.winning_scores)
    }
}

fn mean(h: &BTreeMap<u32, u64>) -> f64 {
    let n: u64 = h.values().sum();
    let total: u64 = h.iter().map(|(&s, &c)| u64::from(s) * c).sum();
    if n == 0 { 0.0 } else { total as f64 / n as f64 }
}

/// The smallest value at least a share `q` of the histogram's counts reach.
fn quantile(h: &BTreeMap<u32, u64>, q: f64) -> u32 {
    let n: u64 = h.values().sum();
    let want = ((q * n as f64).ceil() as u64).max(1);
    let mut seen = 0;
    for (&v, &c) in h {
        seen += c;
        if seen >= want {
            return v;
        }
    }
    0
}

impl Tally<Osbo> for OsboTally {
    /// Called at every action: counting a roll or a die is inlined into the simulator's
    /// loop, and what a placement may change in who leads is worked out of line, once a
    /// design has closed.
    #[inline]
    fn record(&mut self, game: &Osbo, before: &State, action: Action) {
        match action {
            Action::Roll(_) => self.rolls += 1,
            Action::Place(_) => {
                self.dice_placed += 1;
                if self.watch.follows(game, before) {
                    self.placed(game, before);
                }
            }
            Action::First(_) => {}
        }
    }

    fn finish(&mut self, game: &Osbo, end: &State) {
        self.games += 1;
        let seats = game.num_players();
        // The rules end a game as closed exactly when every design is: then no board need
        // be scanned for open ends.
        let all_closed = end.phase == Phase::Over(EndKind::Closed);
        for seat in 0..seats {
            let board = &end.boards[seat];
            if all_closed || closed(board) {
                self.designs_closed += 1;
            } else {
                self.designs_open += 1;
            }
            *self.design_scores.entry(board.best_closed()).or_default() += 1;
        }
        let watch = &mut self.watch;
        // The winners ([`Osbo::winners`]), counted without listing them.
        let standing = watch.settle(game, end);
        let winners = standing.top.count_ones();
        if winners > 1 {
            self.draws += 1;
        }
        let k = &mut self.kingmaking;
        k.moves += watch.moves;
        k.moves_sq += watch.moves * watch.moves;
        k.games += u64::from(watch.moves > 0);
        k.decided += u64::from(watch.decided && winners == 1);
        k.choices += watch.choices;
        k.choices_sq += watch.choices * watch.choices;
        k.choice_games += u64::from(watch.choices > 0);
        watch.reset();
        let first = standing.top.trailing_zeros() as usize;
        let best = end.boards.get(first).map_or(0, Board::best_closed);
        *self.winning_scores.entry(best).or_default() += 1;
    }

    fn merge(&mut self, other: &Self) {
        self.games += other.games;
        self.draws += other.draws;
        for (k, v) in &other.winning_scores {
            *self.winning_scores.entry(*k).or_default() += v;
        }
        for (k, v) in &other.design_scores {
            *self.design_scores.entry(*k).or_default() += v;
        }
        self.designs_closed += other.designs_closed;
        self.designs_open += other.designs_open;
        self.dice_placed += other.dice_placed;
        self.rolls += other.rolls;
        let (k, o) = (&mut self.kingmaking, &other.kingmaking);
        k.placements += o.placements;
        k.moves += o.moves;
        k.moves_sq += o.moves_sq;
        k.games += o.games;
        k.decided += o.decided;
        k.choices += o.choices;
        k.choices_sq += o.choices_sq;
        k.choice_games += o.choice_games;
    }

    fn report(&self) -> String {
        if self.games == 0 {
            return String::new();
        }
        let g = self.games as f64;
        let mut s = String::new();
        let h = &self.winning_scores;
        let _ = writeln!(
            s,
            "winning score (longest closed cord): mean {:.1}, min {}, quartiles {} / {} / {}, max {}",
            mean(h),
            quantile(h, 0.0),
            quantile(h, 0.25),
            quantile(h, 0.5),
            quantile(h, 0.75),
            h.keys().last().copied().unwrap_or(0)
        );
        let d = &self.design_scores;
        let _ = writeln!(
            s,
            "every design's longest closed cord: mean {:.1}, median {}",
            mean(d),
            quantile(d, 0.5)
        );
        let _ = writeln!(
            s,
            "draws: {} ({:.2}%)",
            self.draws,
            100.0 * self.draws as f64 / g
        );
        let designs = self.designs_closed + self.designs_open;
        let _ = writeln!(
            s,
            "designs closed at the end: {} of {}; dice placed per game {:.1} over {:.1} rolls",
            self.designs_closed,
            designs,
            self.dice_placed as f64 / g,
            self.rolls as f64 / g
        );
        let k = &self.kingmaking;
        if k.placements > 0 {
            let moves = k.moves as f64 / g;
            let ci = count_mean(self.games, k.moves, k.moves_sq, Z95).unwrap_or(Interval {
                low: moves,
                high: moves,
            });
            let share = |n: u64| {
                let p = n as f64 / g;
                (p, wilson(p, self.games, Z95))
            };
            let ((with, with_ci), (decided, decided_ci)) = (share(k.games), share(k.decided));
            let choices = k.choices as f64 / g;
            let choices_ci =
                count_mean(self.games, k.choices, k.choices_sq, Z95).unwrap_or(Interval {
                    low: choices,
                    high: choices,
                });
            let (choice_games, choice_games_ci) = share(k.choice_games);
            let _ = writeln!(
                s,
                "kingmaking (a placement by a player out of contention that changes the leader; 95% intervals):"
            );
            let _ = writeln!(
                s,
                "  placements by players out of contention per game {:.2}; kingmaking moves per game {moves:.3} [{:.3}, {:.3}]",
                k.placements as f64 / g,
                ci.low,
                ci.high
            );
            let _ = writeln!(
                s,
                "  games with one {:.2}% [{:.2}, {:.2}]; decided by one (the last change of leader) {:.2}% [{:.2}, {:.2}]",
                100.0 * with,
                100.0 * with_ci.low,
                100.0 * with_ci.high,
                100.0 * decided,
                100.0 * decided_ci.low,
                100.0 * decided_ci.high
            );
            let _ = writeln!(
                s,
                "  kingmaker's choices (its offered placements would leave different leaders) per game {choices:.3} [{:.3}, {:.3}]; games with one {:.2}% [{:.2}, {:.2}]",
                choices_ci.low,
                choices_ci.high,
                100.0 * choice_games,
                100.0 * choice_games_ci.low,
                100.0 * choice_games_ci.high
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gameshelf_engine::{Outcomes, Rng};

    #[test]
    fn tallies_count_and_merge() {
        let game = Osbo::default();
        let (mut a, mut b) = (OsboTally::default(), OsboTally::default());
        let (mut buf, mut out) = (Vec::new(), Outcomes::new());
        for (seed, t) in [(1, &mut a), (2, &mut b)] {
            let mut s = game.initial_state();
            let mut rng = Rng::seed_from_u64(seed);
            while !game.is_terminal(&s) {
                let act = match game.actor(&s) {
                    gameshelf_engine::Actor::Chance => game.sample_chance(&s, &mut rng, &mut out),
                    _ => {
                        game.legal_actions(&s, &mut buf);
                        buf[0]
                    }
                };
                t.record(&game, &s, act);
                game.apply_unchecked(&mut s, act);
            }
            t.finish(&game, &s);
        }
        let placed = a.dice_placed + b.dice_placed;
        a.merge(&b);
        assert_eq!(a.games, 2);
        assert_eq!(a.dice_placed, placed);
        assert_eq!(a.designs_closed, 4);
        assert_eq!(a.winning_scores.values().sum::<u64>(), 2);
        assert!(a.report().contains("winning score"));
    }
}

#[cfg(test)]
mod kept_standings {
    use super::*;
    use crate::config::Config;
    use gameshelf_engine::{Outcomes, Rng};

    /// Plays random games with the boards' closed cords followed or not, and tallies them.
    fn tally(players: usize, follow: bool) -> OsboTally {
        let game = Osbo::new(Config {
            players,
            ..Config::default()
        });
        let mut tally = OsboTally::default();
        let (mut buf, mut out) = (Vec::new(), Outcomes::new());
        for seed in 0..60 {
            let mut s = game.initial_state();
            game.follow_standing(&mut s, follow);
            let mut rng = Rng::seed_from_u64(seed);
            while !game.is_terminal(&s) {
                let act = match game.actor(&s) {
                    Actor::Chance => game.sample_chance(&s, &mut rng, &mut out),
                    _ => {
                        game.legal_actions(&s, &mut buf);
                        buf[rng.below(buf.len() as u64) as usize]
                    }
                };
                tally.record(&game, &s, act);
                game.apply_unchecked(&mut s, act);
            }
            tally.finish(&game, &s);
        }
        tally
    }

    /// The standings kept while the standing stamp stands still give the kingmaking
    /// figures of standings read afresh at every placement: boards that do not follow
    /// their closed cords have no stamp, so their tally reads the ranks every time.
    #[test]
    fn kept_standings_count_as_standings_read_at_every_placement() {
        for players in 2..=4 {
            let (kept, read) = (tally(players, true), tally(players, false));
            assert_eq!(kept, read, "{players} players");
            if players > 2 {
                assert!(
                    kept.kingmaking.moves > 0,
                    "{players} players: some kingmaking"
                );
            }
        }
    }
}
