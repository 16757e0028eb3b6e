//! Strength ladders: seat-rotated matches between bots, with win rates and an Elo
//! difference.
//!
//! # Seat rotation
//!
//! With `K` entrants (bot specs, repeats allowed) and `P` seats, game `i` seats entrant
//! `(seat + i) mod K` in each seat ([`entrant_at`]). Over any `K` consecutive games every
//! entrant plays every seat exactly once, so no bot profits from a seat advantage, and the
//! seats it does not hold are filled by the others in rotation. Listing a bot several
//! times gives it several seats: `mcts:1000,heuristic,heuristic,heuristic` in a four-seat
//! game is one search bot against three heuristic players in every game.
//!
//! # Figures
//!
//! Entrants with the same name are pooled. A bot's *win rate* is its mean return over the
//! seats it played, normalised to `[0, 1]` by the game's declared return bounds (a win
//! is 1, a shared win its share), with a 95% Wilson interval over those seat-games.
//!
//! In a constant-sum game of two or more seats, every bot's *edge* is its win rate minus
//! the *fair share*, what each seat gets on average when nobody plays better than the
//! others (`1/n` of the win with `n` seats), with the win rate's interval moved by the
//! same amount. Matched against random play (`--bots heuristic,random` with two seats,
//! `heuristic,random,random` with three), the heuristic's edge measures how much skill
//! the game rewards over luck: near 0 the dice decide, near `1 - 1/n` skill always wins.
//!
//! With exactly two distinct bots, A (the first listed) and B, each game also gives A's
//! *pairwise score*: over every pair of an A seat and a B seat, the share where A's return
//! beats B's, ties counting half. Its mean over the games with both bots is A's expected
//! score against B, and `400·log10(s / (1 - s))` the Elo difference, with the interval
//! mapped from the score's Wilson interval (the map is increasing). In a two-player game it
//! is the plain head-to-head score. One-player games have no pairs and no Elo.
//!
//! # Reproducibility
//!
//! The rules of [`simulate`](crate::simulate) apply: game `i` draws from
//! [`Rng::for_stream`]`(seed, i)`, games run in fixed chunks with the bots made per
//! chunk, and chunk figures are merged in chunk order, so the figures do not depend on the
//! thread count (time-budgeted search bots excepted: their play depends on the machine).
//! The chunks are smaller ([`ARENA_CHUNK`] games) than a simulation's, because arena games
//! between search bots take seconds each and a ladder of a few hundred games must still
//! spread over every core.

use std::time::Instant;

use gameshelf_engine::{Bot, Game, Rng, Utility};
use serde::Serialize;

use crate::stats::{self, Interval, MeanVar, Z95};
use crate::{SimConfig, in_chunks, play_counted};

/// Games per chunk: the unit of parallel work and of merging. Fixed, so that the figures
/// do not depend on the thread count; a multiple of 2 and 4 so that chunks of two- and
/// four-bot rotations are whole rotations.
pub const ARENA_CHUNK: u64 = 8;

/// The entrant (index into the list of bots) in `seat` for game `index` of a match with
/// `entrants` bots: `(seat + index) mod entrants`.
pub fn entrant_at(index: u64, seat: usize, entrants: usize) -> usize {
    ((seat as u64 + index) % entrants as u64) as usize
}

/// One bot's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The bot's name (as listed).
    pub bot: String,
    /// Seat-games it played (one per seat it held in each game).
    pub seat_games: u64,
    /// Its mean normalised return: its win rate.
    pub win_rate: f64,
    /// The 95% Wilson interval of the win rate.
    pub ci: Interval,
    /// The win rate minus the fair share, in constant-sum games of two or more seats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edge: Option<f64>,
    /// Its 95% interval: the win rate's, moved by the fair share.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edge_ci: Option<Interval>,
}

/// The Elo difference between two bots, from their pairwise score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EloDiff {
    /// Bot A (first listed).
    pub bot: String,
    /// Bot B.
    pub against: String,
    /// Games where both played.
    pub games: u64,
    /// A's mean pairwise score against B.
    pub score: f64,
    /// Its 95% Wilson interval.
    pub score_ci: Interval,
    /// A's Elo advantage over B (infinite when one never beat the other; JSON `null`).
    pub elo: f64,
    /// Its 95% interval.
    pub elo_ci: Interval,
}

/// What a match gave.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaReport {
    /// The canonical game string.
    pub game: String,
    /// The seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// Seats per game.
    pub players: usize,
    /// The entrants in rotation order.
    pub entrants: Vec<String>,
    /// What a seat wins on average when no bot plays better than the others, as a win rate:
    /// `1/n` of the win in a constant-sum game of `n` seats; `None` in other games, where
    /// there is no such share.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fair_share: Option<f64>,
    /// One row per distinct bot, in order of first listing.
    pub standings: Vec<Standing>,
    /// The Elo difference of the first bot over the second, when there are exactly two
    /// distinct bots and at least two seats.
    pub elo: Option<EloDiff>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Figures of a run of games, mergeable in order.
struct Totals {
    by_bot: Vec<MeanVar>,
    pairwise: MeanVar,
}

impl Totals {
    fn new(bots: usize) -> Self {
        Totals {
            by_bot: vec![MeanVar::default(); bots],
            pairwise: MeanVar::default(),
        }
    }

    fn merge(&mut self, other: &Totals) {
        for (a, b) in self.by_bot.iter_mut().zip(&other.by_bot) {
            a.merge(b);
        }
        self.pairwise.merge(&other.pairwise);
    }
}

/// Plays `config.games` seat-rotated games of `game` between `entrants`, whose bots
/// `make_bot(entrant)` makes, and reports win rates and the Elo difference; see the
/// [module documentation](self).
///
/// # Panics
/// If `entrants` is empty, if a thread pool of `config.threads` threads cannot be
/// created, if a game runs past [`Game::max_game_length`], or if a bot panics.
pub fn arena<G: Game>(
    game: &G,
    entrants: &[String],
    make_bot: impl Fn(usize) -> Box<dyn Bot<G>> + Sync,
    config: &SimConfig,
) -> ArenaReport {
    assert!(!entrants.is_empty(), "an arena needs at least one bot");
    let started = Instant::now();
    let mut names: Vec<&str> = Vec::new();
    for e in entrants {
        if !names.contains(&e.as_str()) {
            names.push(e);
        }
    }
    let bot_of: Vec<usize> = entrants
        .iter()
        .map(|e| names.iter().position(|n| n == e).expect("listed above"))
        .collect();
    let mut totals = Totals::new(names.len());
    in_chunks(
        config,
        ARENA_CHUNK,
        0..config.games,
        |games| play_chunk(game, &bot_of, names.len(), &make_bot, config.seed, games),
        |part| totals.merge(&part),
    );
    let fair = fair_share(game);
    let standings = names
        .iter()
        .zip(&totals.by_bot)
        .map(|(name, r)| {
            let ci = stats::wilson(r.mean(), r.count(), Z95);
            Standing {
                bot: (*name).to_owned(),
                seat_games: r.count(),
                win_rate: r.mean(),
                ci,
                edge: fair.map(|f| r.mean() - f),
                edge_ci: fair.map(|f| Interval {
                    low: ci.low - f,
                    high: ci.high - f,
                }),
            }
        })
        .collect();
    let elo = (names.len() == 2 && totals.pairwise.count() > 0).then(|| {
        let p = &totals.pairwise;
        let ci = stats::wilson(p.mean(), p.count(), Z95);
        EloDiff {
            bot: names[0].to_owned(),
            against: names[1].to_owned(),
            games: p.count(),
            score: p.mean(),
            score_ci: ci,
            elo: elo(p.mean()),
            elo_ci: Interval {
                low: elo(ci.low),
                high: elo(ci.high),
            },
        }
    });
    ArenaReport {
        game: game.spec().to_string(),
        seed: config.seed,
        games: config.games,
        players: game.num_players(),
        entrants: entrants.to_vec(),
        fair_share: fair,
        standings,
        elo,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// A seat's mean return when every seat plays alike, normalised to `[0, 1]` by the
/// game's return bounds: `c/n` of a constant sum `c` over `n` seats. `None` for one seat
/// and for games whose returns do not sum to a constant.
fn fair_share<G: Game>(game: &G) -> Option<f64> {
    let info = game.info();
    let sum = match info.utility {
        Utility::ConstantSum(c) => c,
        Utility::ZeroSum => 0.0,
        Utility::GeneralSum => return None,
    };
    let (n, span) = (game.num_players(), info.max_return - info.min_return);
    (n > 1 && span > 0.0).then(|| (sum / n as f64 - info.min_return) / span)
}

/// The Elo difference that predicts the expected score `s`.
pub fn elo(s: f64) -> f64 {
    400.0 * (s / (1.0 - s)).log10()
}

/// Plays games `range` in order, with bots made for this chunk: one per seat and entrant,
/// made when first needed, so a bot keeps its seat's history within the chunk.
fn play_chunk<G: Game>(
    game: &G,
    bot_of: &[usize],
    bots: usize,
    make_bot: &(impl Fn(usize) -> Box<dyn Bot<G>> + Sync),
    seed: u64,
    range: crate::Games<'_>,
) -> Totals {
    let seats = game.num_players();
    let info = game.info();
    let span = info.max_return - info.min_return;
    let scale = if span > 0.0 { 1.0 / span } else { 1.0 };
    let mut pool: Vec<Vec<Option<Box<dyn Bot<G>>>>> = (0..seats)
        .map(|_| (0..bot_of.len()).map(|_| None).collect())
        .collect();
    let mut seated = crate::Players::new(Vec::with_capacity(seats));
    let mut who = vec![0usize; seats];
    let start = game.initial_state();
    let mut state = start.clone();
    let mut totals = Totals::new(bots);
    for index in range {
        for (seat, slot) in who.iter_mut().enumerate() {
            let e = entrant_at(index, seat, bot_of.len());
            *slot = e;
            let bot = pool[seat][e].take().unwrap_or_else(|| make_bot(e));
            seated.bots.push(bot);
        }
        state.clone_from(&start);
        let mut rng = Rng::for_stream(seed, index);
        play_counted(game, &mut state, &mut seated, &mut rng, &mut (), &mut ());
        let returns = game.returns(&state);
        let value = |seat: usize| (returns.get(seat) - info.min_return) * scale;
        for (seat, &e) in who.iter().enumerate() {
            totals.by_bot[bot_of[e]].add(value(seat));
        }
        let (mut pairs, mut score) = (0u32, 0.0);
        for a in (0..seats).filter(|&s| bot_of[who[s]] == 0) {
            for b in (0..seats).filter(|&s| bot_of[who[s]] == 1) {
                pairs += 1;
                score += match value(a).partial_cmp(&value(b)) {
                    Some(std::cmp::Ordering::Greater) => 1.0,
                    Some(std::cmp::Ordering::Equal) => 0.5,
                    _ => 0.0,
                };
            }
        }
        if pairs > 0 {
            totals.pairwise.add(score / f64::from(pairs));
        }
        for (seat, bot) in seated.bots.drain(..).enumerate() {
            pool[seat][who[seat]] = Some(bot);
        }
    }
    totals
}

impl ArenaReport {
    /// The figures as a text table.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{}  {} games, {} seats, seed {}, seat-rotated ({:.1} s)\n",
            self.game, self.games, self.players, self.seed, self.seconds
        );
        let width = self
            .standings
            .iter()
            .map(|s| s.bot.len())
            .max()
            .unwrap_or(3)
            .max(3);
        out += &format!(
            "  {:width$}  {:>10}  {:>8}  {:<18}",
            "bot", "seat-games", "win rate", "95% interval"
        );
        if let Some(f) = self.fair_share {
            out += &format!("  edge over the fair share {:.1}%", 100.0 * f);
        }
        out += "\n";
        for s in &self.standings {
            out += &format!(
                "  {:width$}  {:>10}  {:>7.1}%  {:<18}",
                s.bot,
                s.seat_games,
                100.0 * s.win_rate,
                format!("{:.1}% to {:.1}%", 100.0 * s.ci.low, 100.0 * s.ci.high)
            );
            if let (Some(e), Some(ci)) = (s.edge, s.edge_ci) {
                out += &format!(
                    "  {:+.1} points ({:+.1} to {:+.1})",
                    100.0 * e,
                    100.0 * ci.low,
                    100.0 * ci.high
                );
            }
            out = out.trim_end().to_owned() + "\n";
        }
        if let Some(e) = &self.elo {
            out += &format!(
                "  {} against {}: score {:.3} ({:.3} to {:.3}) over {} games, Elo {:+.0} ({:+.0} to {:+.0})\n",
                e.bot,
                e.against,
                e.score,
                e.score_ci.low,
                e.score_ci.high,
                e.games,
                e.elo,
                e.elo_ci.low,
                e.elo_ci.high
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_gives_every_entrant_every_seat_equally() {
        for (k, p) in [(2, 2), (2, 4), (3, 2), (4, 4), (2, 1)] {
            let mut count = vec![vec![0; p]; k];
            for i in 0..(k as u64 * 5) {
                for seat in 0..p {
                    count[entrant_at(i, seat, k)][seat] += 1;
                }
            }
            assert!(
                count.iter().flatten().all(|&c| c == 5),
                "{k} bots, {p} seats: {count:?}"
            );
        }
    }

    #[test]
    fn elo_of_even_and_three_to_one_scores() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.75) - 190.848).abs() < 1e-3);
        assert!((elo(0.25) + 190.848).abs() < 1e-3);
    }
}
