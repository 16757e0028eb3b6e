//! Two variants played on the same chance: the paired comparison behind `gameshelf compare`.
//!
//! Game `i` of arm A and game `i` of arm B both draw from `Rng::for_stream(seed, i)`, so as
//! far as the rules allow they meet the same dice and cards, and every figure the
//! simulator reports is compared game by game: win rate by seat and by turn position,
//! turns, actions and decisions per game, how games ended, every counter of the game's own
//! tally, and the branching factor (legal actions per decision). Each figure gets the
//! difference `B - A` with a 95% interval from the paired differences
//! ([`paired`](crate::paired)), a verdict corrected for testing many figures at once
//! (Holm), and the number of games that would detect a given difference.
//!
//! The sums are integers, so a comparison grows by adding games ([`compare_until`]) and
//! cut into shards ([`ComparePart`]) with exactly the figures of one run.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::ops::Range;
use std::time::Instant;

use gameshelf_engine::{Actor, Bot, Game, Rng, Seat, Tally};
use serde::{Deserialize, Serialize};

use crate::csv::Csv;
use crate::lead::{LeadTrack, share_of_win};
use crate::paired::{Paired, PairedEstimate, holm};
use crate::shard::{MergeError, Shard, Slice, in_order};
use crate::stats::to_fixed;
use crate::{CHUNK, Games, Players, SimConfig, in_chunks, play_counted};

/// A figure compared between the arms.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Figure {
    /// The win rate (mean return) of a seat (from 0).
    Seat(usize),
    /// The win rate by position in the turn order (0 = first to move).
    Position(usize),
    /// Turns per game.
    Turns,
    /// Actions per game, chance outcomes included.
    Actions,
    /// Player decisions per game.
    Decisions,
    /// The branching factor: legal actions per player decision, averaged over a game's
    /// decisions.
    Branching,
    /// Lead changes per game, for games that give standings (see [`crate::lead`]).
    LeadChanges,
    /// The share of the win that went to the leader at three quarters of the game, per
    /// game (0 in a game where no one seat led then): the share of all games the late
    /// leader won, where `sim` reports it among the games that had one.
    LateLeaderWins,
    /// The share of games that ended so ([`Game::end_kind`]).
    End(String),
    /// A counter of the game's own tally, per game, named by its path in the tally's JSON
    /// (`fights.7.won`).
    Tally(TallyPath),
}

/// The path of a counter in a tally's JSON, `fights.7.won`, ordered as people count: numeric
/// parts by value (`fights.9` before `fights.10`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TallyPath(pub String);

impl Ord for TallyPath {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let key = |s: &str| {
            s.split('.')
                .map(|part| (part.parse::<u64>().ok(), part.to_owned()))
                .collect::<Vec<_>>()
        };
        // Numbers before words, numbers by value.
        let (a, b) = (key(&self.0), key(&other.0));
        a.iter()
            .zip(&b)
            .map(|((na, sa), (nb, sb))| match (na, nb) {
                (Some(x), Some(y)) => x.cmp(y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => sa.cmp(sb),
            })
            .find(|o| o.is_ne())
            .unwrap_or_else(|| a.len().cmp(&b.len()))
    }
}

impl PartialOrd for TallyPath {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Figure {
    /// Whether the figure is a rate between 0 and 1 (a win rate or a share of games),
    /// whose differences are read in absolute terms.
    pub fn is_rate(&self) -> bool {
        matches!(
            self,
            Figure::Seat(_) | Figure::Position(_) | Figure::LateLeaderWins | Figure::End(_)
        )
    }
}

impl std::fmt::Display for Figure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Figure::Seat(s) => write!(f, "win rate, seat {}", s + 1),
            Figure::Position(p) => {
                write!(f, "win rate, {} to move", gameshelf_engine::ordinal(p + 1))
            }
            Figure::Turns => f.write_str("turns per game"),
            Figure::Actions => f.write_str("actions per game"),
            Figure::Decisions => f.write_str("player decisions per game"),
            Figure::Branching => f.write_str("legal actions per decision"),
            Figure::LeadChanges => f.write_str("lead changes per game"),
            Figure::LateLeaderWins => f.write_str("games won by the leader at 3/4"),
            Figure::End(kind) => write!(f, "ended: {kind}"),
            Figure::Tally(path) => write!(f, "{} per game", path.0),
        }
    }
}

/// What a comparison tests against: the significance level, the power and the smallest
/// difference that matters.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Question {
    /// The family-wise error rate of the verdicts (Holm's correction over all figures). By
    /// default, 0.05.
    pub alpha: f64,
    /// The power asked of the games-needed estimate. By default, 0.8.
    pub power: f64,
    /// The smallest difference that matters: in absolute terms for rates (0.01 is one
    /// percentage point), relative to arm A's mean for other figures (0.01 is 1%). By
    /// default, 0.01.
    pub detect: f64,
}

impl Default for Question {
    fn default() -> Self {
        Question {
            alpha: 0.05,
            power: 0.8,
            detect: 0.01,
        }
    }
}

/// How a figure compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Equal in every game: the variants do not differ here at all.
    Identical,
    /// B differs from A (Holm-corrected across all figures).
    Differs,
    /// No difference detected, and the whole interval lies within the difference that
    /// matters (`-detect < low`, `high < detect`): any difference is too small to matter.
    NoDifferenceThatMatters,
    /// No difference detected, but the interval is too wide to rule out one that matters:
    /// more games are needed.
    Undecided,
}

impl Verdict {
    /// Whether the verdict answers the question.
    pub fn is_decided(self) -> bool {
        !matches!(self, Verdict::Undecided)
    }

    /// The verdict in words, as the text table shows it.
    pub fn text(self) -> &'static str {
        match self {
            Verdict::Identical => "identical",
            Verdict::Differs => "DIFFERS",
            Verdict::NoDifferenceThatMatters => "no difference that matters",
            Verdict::Undecided => "undecided",
        }
    }
}

/// One figure of a comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FigureDiff {
    /// The figure.
    pub figure: Figure,
    /// Its name for people.
    pub name: String,
    /// The paired estimate: both means, `B - A` with its 95% interval, the p-value.
    #[serde(flatten)]
    pub estimate: PairedEstimate,
    /// The difference that matters for this figure, in its units.
    pub detect: f64,
    /// The verdict.
    pub verdict: Verdict,
    /// The games that would detect a difference of `detect` at the family-wise level
    /// (Bonferroni over the figures tested) with the asked power, from this run's spread.
    pub games_needed: u64,
}

/// The result of a comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareReport {
    /// Arm A: the canonical game string.
    pub a: String,
    /// Arm B: the canonical game string.
    pub b: String,
    /// The seed: game `i` of both arms uses `Rng::for_stream(seed, i)`.
    pub seed: u64,
    /// Games played by each arm.
    pub games: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// What was asked.
    pub question: Question,
    /// Figures tested (those that vary in at least one game).
    pub tested: usize,
    /// Every figure, in a fixed order.
    pub figures: Vec<FigureDiff>,
    /// Whether every figure is decided.
    pub decided: bool,
}

impl CompareReport {
    /// The figures whose verdict is [`Verdict::Differs`].
    pub fn differing(&self) -> impl Iterator<Item = &FigureDiff> {
        self.figures
            .iter()
            .filter(|f| f.verdict == Verdict::Differs)
    }

    /// The report as text for a terminal: one line per figure with both means, `B - A`,
    /// its interval, the verdict and the games needed.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let w = &mut out;
        let _ = writeln!(w, "A: {}\nB: {}", self.a, self.b);
        let _ = writeln!(
            w,
            "{} paired games, seed {}, {:.3} s wall; verdicts at {} family-wise (Holm over {} figures), difference that matters {} ({}% of A's mean for counts)",
            self.games,
            self.seed,
            self.seconds,
            self.question.alpha,
            self.tested,
            self.question.detect,
            self.question.detect * 100.0
        );
        let width = self.figures.iter().map(|f| f.name.len()).max().unwrap_or(0);
        let _ = writeln!(
            w,
            "  {:width$}  {:>10} {:>10} {:>10}  {:>23}  {:<26} {:>12}",
            "figure", "A", "B", "B - A", "95% interval", "verdict", "games needed"
        );
        for f in &self.figures {
            let e = &f.estimate;
            let _ = writeln!(
                w,
                "  {:width$}  {:>10.4} {:>10.4} {:>+10.4}  [{:>+10.4}, {:>+10.4}]  {:<26} {:>12}",
                f.name,
                e.a,
                e.b,
                e.diff,
                e.ci.low,
                e.ci.high,
                f.verdict.text(),
                f.games_needed
            );
        }
        let differing: Vec<&str> = self.differing().map(|f| f.name.as_str()).collect();
        if differing.is_empty() {
            let _ = writeln!(w, "no figure differs at this sample size");
        } else {
            let _ = writeln!(w, "B differs from A in: {}", differing.join(", "));
        }
        out
    }
}

impl CompareReport {
    /// The table as CSV, one line per figure: both means, `B - A`, its interval, the
    /// p-value, the verdict and the games needed.
    pub fn to_csv(&self) -> String {
        let mut t = Csv::new(&[
            "figure",
            "a",
            "b",
            "diff",
            "low",
            "high",
            "p_value",
            "verdict",
            "games_needed",
        ]);
        for f in &self.figures {
            let e = &f.estimate;
            let numbers = [e.a, e.b, e.diff, e.ci.low, e.ci.high, e.p_value].map(|x| x.to_string());
            let mut cells = vec![f.name.clone()];
            cells.extend(numbers);
            cells.extend([f.verdict.text().to_string(), f.games_needed.to_string()]);
            t.row(&cells);
        }
        t.finish()
    }
}

/// The figures of a slice of a comparison: integer sums per figure, exact to merge.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ComparePart {
    /// Arm A's canonical game string.
    pub a: String,
    /// Arm B's canonical game string.
    pub b: String,
    /// What else must match between parts (the bots of each arm, say), set by the caller.
    pub label: String,
    /// The seed.
    pub seed: u64,
    /// The run's number of games (all shards together).
    pub games: u64,
    /// The first game index of this part.
    pub first: u64,
    /// One past the last game index of this part.
    pub end: u64,
    /// Wall-clock seconds this part took (summed by merging).
    pub seconds: f64,
    figures: Vec<(Figure, Paired)>,
}

impl Slice for ComparePart {
    fn identity(&self) -> Vec<(&'static str, String)> {
        vec![
            ("arm A", self.a.clone()),
            ("arm B", self.b.clone()),
            ("the bots", self.label.clone()),
            ("the seed", self.seed.to_string()),
            ("the number of games", self.games.to_string()),
        ]
    }
    fn total(&self) -> u64 {
        self.games
    }
    fn range(&self) -> Range<u64> {
        self.first..self.end
    }
}

fn merge_figures(into: &mut BTreeMap<Figure, Paired>, from: &[(Figure, Paired)]) {
    for (f, p) in from {
        into.entry(f.clone()).or_default().merge(p);
    }
}

impl ComparePart {
    /// Merges the parts of one comparison into the part holding all of it.
    ///
    /// # Errors
    /// [`MergeError`] when no parts are given, when they come from different comparisons,
    /// overlap, or leave games out.
    pub fn merge(parts: Vec<ComparePart>) -> Result<ComparePart, MergeError> {
        let parts = in_order(parts)?;
        let mut figures = BTreeMap::new();
        for p in &parts {
            merge_figures(&mut figures, &p.figures);
        }
        let seconds = parts.iter().map(|p| p.seconds).sum();
        let first = parts.into_iter().next().ok_or(MergeError::Empty)?;
        Ok(ComparePart {
            first: 0,
            end: first.games,
            seconds,
            figures: figures.into_iter().collect(),
            ..first
        })
    }

    /// Adds the games of `next`, which must follow this part's.
    fn extend(&mut self, next: ComparePart) {
        debug_assert_eq!(self.end, next.first);
        let mut figures: BTreeMap<Figure, Paired> =
            std::mem::take(&mut self.figures).into_iter().collect();
        merge_figures(&mut figures, &next.figures);
        self.figures = figures.into_iter().collect();
        self.end = next.end;
        self.games = self.games.max(next.games);
        self.seconds += next.seconds;
    }

    /// The comparison of the games in this part, answering `question`.
    pub fn report(&self, question: Question) -> CompareReport {
        let n = self.end - self.first;
        let estimates: Vec<(Figure, PairedEstimate)> = self
            .figures
            .iter()
            .map(|(f, p)| (f.clone(), p.estimate(n)))
            .collect();
        let tested: Vec<usize> = (0..estimates.len())
            .filter(|&i| !estimates[i].1.identical)
            .collect();
        let p_values: Vec<f64> = tested.iter().map(|&i| estimates[i].1.p_value).collect();
        let rejected = holm(&p_values, question.alpha);
        let m = tested.len().max(1);
        let figures: Vec<FigureDiff> = estimates
            .into_iter()
            .enumerate()
            .map(|(i, (figure, estimate))| {
                let detect = if figure.is_rate() {
                    question.detect
                } else {
                    question.detect * estimate.a.abs().max(f64::MIN_POSITIVE)
                };
                let verdict = if estimate.identical {
                    Verdict::Identical
                } else if tested
                    .iter()
                    .position(|&t| t == i)
                    .is_some_and(|k| rejected[k])
                {
                    Verdict::Differs
                } else if -detect < estimate.ci.low && estimate.ci.high < detect {
                    Verdict::NoDifferenceThatMatters
                } else {
                    Verdict::Undecided
                };
                FigureDiff {
                    name: figure.to_string(),
                    games_needed: estimate.pairs_needed(
                        detect,
                        question.alpha / m as f64,
                        question.power,
                    ),
                    figure,
                    estimate,
                    detect,
                    verdict,
                }
            })
            .collect();
        CompareReport {
            a: self.a.clone(),
            b: self.b.clone(),
            seed: self.seed,
            games: n,
            seconds: self.seconds,
            question,
            tested: tested.len(),
            decided: figures.iter().all(|f| f.verdict.is_decided()),
            figures,
        }
    }
}

/// The two arms of a comparison: two configurations of one game, each with the bots for
/// its seats.
pub struct Arms<'a, G: Game, MA, MB> {
    /// Arm A.
    pub a: &'a G,
    /// Arm B.
    pub b: &'a G,
    /// Makes arm A's bot for a seat.
    pub bots_a: MA,
    /// Makes arm B's bot for a seat.
    pub bots_b: MB,
    /// What else identifies the comparison (the bots), kept in its parts.
    pub label: String,
}

/// A figure's value in one game, in fixed-point units.
type Values = Vec<(Figure, i64)>;

/// The game's tally, plus the legal actions counted at every player decision (the
/// branching factor). Its buffer is kept from game to game.
struct Branching<G: Game, T> {
    tally: T,
    options: u64,
    buf: Vec<G::Action>,
}

impl<G: Game, T: Default> Default for Branching<G, T> {
    fn default() -> Self {
        Branching {
            tally: T::default(),
            options: 0,
            buf: Vec::new(),
        }
    }
}

impl<G: Game, T: Clone> Clone for Branching<G, T> {
    fn clone(&self) -> Self {
        Branching {
            tally: self.tally.clone(),
            options: self.options,
            buf: self.buf.clone(),
        }
    }
}

impl<G: Game, T: Serialize> Serialize for Branching<G, T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.tally.serialize(s)
    }
}

impl<G: Game, T: Tally<G>> Tally<G> for Branching<G, T> {
    fn record(&mut self, game: &G, before: &G::State, action: G::Action) {
        if matches!(game.actor(before), Actor::Player(_)) {
            game.legal_actions(before, &mut self.buf);
            self.options += self.buf.len() as u64;
        }
        self.tally.record(game, before, action);
    }
    fn finish(&mut self, game: &G, end: &G::State) {
        self.tally.finish(game, end);
    }
    fn merge(&mut self, other: &Self) {
        self.tally.merge(&other.tally);
        self.options += other.options;
    }
    fn report(&self) -> String {
        self.tally.report()
    }
}

/// Every figure of one finished game, sorted, zeros left out.
fn game_values<G: Game, T: Tally<G>>(
    game: &G,
    end: &G::State,
    counts: crate::Counts,
    played: &Branching<G, T>,
    lead: &LeadTrack,
    out: &mut Values,
) {
    let tally = &played.tally;
    out.clear();
    let returns = game.returns(end);
    for (seat, &r) in returns.as_slice().iter().enumerate() {
        out.push((Figure::Seat(seat), to_fixed(r)));
        if let Some(p) = game.turn_position(end, seat) {
            out.push((Figure::Position(p), to_fixed(r)));
        }
    }
    out.push((Figure::Turns, to_fixed(f64::from(game.turns(end)))));
    out.push((Figure::Actions, to_fixed(counts.actions as f64)));
    out.push((Figure::Decisions, to_fixed(counts.decisions as f64)));
    if counts.decisions > 0 {
        let per_decision = played.options as f64 / counts.decisions as f64;
        out.push((Figure::Branching, to_fixed(per_decision)));
    }
    if let Some(l) = lead.finish(game) {
        out.push((Figure::LeadChanges, to_fixed(l.changes as f64)));
        if let Some(seat) = l.late {
            out.push((
                Figure::LateLeaderWins,
                to_fixed(share_of_win(&returns, seat)),
            ));
        }
    }
    out.push((Figure::End(game.end_kind(end).to_owned()), to_fixed(1.0)));
    if let Ok(value) = serde_json::to_value(tally) {
        tally_leaves(&value, &mut String::new(), out);
    }
    out.retain(|(_, v)| *v != 0);
    out.sort_by(|x, y| x.0.cmp(&y.0));
}

/// The numbers in a tally's JSON, named by their path.
fn tally_leaves(value: &serde_json::Value, path: &mut String, out: &mut Values) {
    let len = path.len();
    let mut step = |key: &str, v: &serde_json::Value, path: &mut String| {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(key);
        tally_leaves(v, path, out);
        path.truncate(len);
    };
    match value {
        serde_json::Value::Number(n) => {
            if let Some(x) = n.as_f64() {
                out.push((Figure::Tally(TallyPath(path.clone())), to_fixed(x)));
            }
        }
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                step(k, v, path);
            }
        }
        serde_json::Value::Array(items) => {
            // `[label, count]` pairs name their count by the label.
            for (i, v) in items.iter().enumerate() {
                match v.as_array().map(Vec::as_slice) {
                    Some(
                        [
                            serde_json::Value::String(label),
                            n @ serde_json::Value::Number(_),
                        ],
                    ) => {
                        step(label, n, path);
                    }
                    _ => step(&i.to_string(), v, path),
                }
            }
        }
        _ => {}
    }
}

/// Plays games `range` of both arms, with bots made for this chunk.
fn compare_chunk<G, T, MA, MB>(
    arms: &Arms<'_, G, MA, MB>,
    seed: u64,
    range: Games<'_>,
) -> BTreeMap<Figure, Paired>
where
    G: Game,
    T: Tally<G>,
    MA: Fn(Seat) -> Box<dyn Bot<G>> + Sync,
    MB: Fn(Seat) -> Box<dyn Bot<G>> + Sync,
{
    let mut players_a = Players::new((0..arms.a.num_players()).map(&arms.bots_a).collect());
    let mut players_b = Players::new((0..arms.b.num_players()).map(&arms.bots_b).collect());
    let (start_a, start_b) = (arms.a.initial_state(), arms.b.initial_state());
    let (mut state_a, mut state_b) = (start_a.clone(), start_b.clone());
    let (mut values_a, mut values_b) = (Values::new(), Values::new());
    let mut sums: BTreeMap<Figure, Paired> = BTreeMap::new();
    let mut played = Branching::<G, T>::default();
    // One leader's track per arm: a track follows one configuration's games.
    let (mut lead_a, mut lead_b) = (LeadTrack::default(), LeadTrack::default());
    for index in range {
        state_a.clone_from(&start_a);
        (played.tally, played.options) = (T::default(), 0);
        let counts = play_counted(
            arms.a,
            &mut state_a,
            &mut players_a,
            &mut Rng::for_stream(seed, index),
            &mut played,
            &mut lead_a,
        );
        game_values(arms.a, &state_a, counts, &played, &lead_a, &mut values_a);
        state_b.clone_from(&start_b);
        (played.tally, played.options) = (T::default(), 0);
        let counts = play_counted(
            arms.b,
            &mut state_b,
            &mut players_b,
            &mut Rng::for_stream(seed, index),
            &mut played,
            &mut lead_b,
        );
        game_values(arms.b, &state_b, counts, &played, &lead_b, &mut values_b);
        // Merge-join the two sorted lists: a figure missing in one arm is 0 there.
        let (mut i, mut j) = (0, 0);
        while i < values_a.len() || j < values_b.len() {
            let (figure, a, b) = match (values_a.get(i), values_b.get(j)) {
                (Some((fa, a)), Some((fb, b))) if fa == fb => {
                    i += 1;
                    j += 1;
                    (fa, *a, *b)
                }
                (Some((fa, a)), Some((fb, _))) if fa < fb => {
                    i += 1;
                    (fa, *a, 0)
                }
                (Some((fa, a)), None) => {
                    i += 1;
                    (fa, *a, 0)
                }
                (_, Some((fb, b))) => {
                    j += 1;
                    (fb, 0, *b)
                }
                (None, None) => break,
            };
            match sums.get_mut(figure) {
                Some(p) => p.add_fixed(a, b),
                None => sums.entry(figure.clone()).or_default().add_fixed(a, b),
            }
        }
    }
    sums
}

/// Plays the games of `config` in `shard` for both arms and returns the partial sums, to
/// be merged by [`ComparePart::merge`].
///
/// # Panics
/// As [`simulate`](crate::simulate).
pub fn compare_shard<G, T, MA, MB>(
    arms: &Arms<'_, G, MA, MB>,
    config: &SimConfig,
    shard: Shard,
) -> ComparePart
where
    G: Game,
    T: Tally<G>,
    MA: Fn(Seat) -> Box<dyn Bot<G>> + Sync,
    MB: Fn(Seat) -> Box<dyn Bot<G>> + Sync,
{
    compare_range::<G, T, MA, MB>(arms, config, shard.games(config.games, CHUNK))
}

fn compare_range<G, T, MA, MB>(
    arms: &Arms<'_, G, MA, MB>,
    config: &SimConfig,
    range: Range<u64>,
) -> ComparePart
where
    G: Game,
    T: Tally<G>,
    MA: Fn(Seat) -> Box<dyn Bot<G>> + Sync,
    MB: Fn(Seat) -> Box<dyn Bot<G>> + Sync,
{
    let started = Instant::now();
    let mut figures = BTreeMap::new();
    in_chunks(
        config,
        CHUNK,
        range.clone(),
        |r| compare_chunk::<G, T, MA, MB>(arms, config.seed, r),
        |part| {
            for (f, p) in part {
                figures.entry(f).or_insert_with(Paired::default).merge(&p);
            }
        },
    );
    ComparePart {
        a: arms.a.spec().to_string(),
        b: arms.b.spec().to_string(),
        label: arms.label.clone(),
        seed: config.seed,
        games: config.games,
        first: range.start,
        end: range.end,
        seconds: started.elapsed().as_secs_f64(),
        figures: figures.into_iter().collect(),
    }
}

/// Compares the arms over `config.games` games.
///
/// # Panics
/// As [`simulate`](crate::simulate).
pub fn compare<G, T, MA, MB>(
    arms: &Arms<'_, G, MA, MB>,
    config: &SimConfig,
    question: Question,
) -> CompareReport
where
    G: Game,
    T: Tally<G>,
    MA: Fn(Seat) -> Box<dyn Bot<G>> + Sync,
    MB: Fn(Seat) -> Box<dyn Bot<G>> + Sync,
{
    compare_shard::<G, T, MA, MB>(arms, config, Shard::WHOLE).report(question)
}

/// Compares the arms over `config.games` games, then keeps doubling the games until every
/// figure is decided (it differs, or its interval rules out a difference that matters) or
/// `max_games` is reached. The games played are always games `0..n` of the seed, so the
/// result equals [`compare`] with the final number of games (rounded to whole chunks).
///
/// Looking at the figures after every round and stopping when they answer is optional
/// stopping: the verdicts' error rate is then somewhat above `alpha`. Read a decision reached
/// this way as a strong hint and confirm it with a fixed-size run on another seed.
///
/// # Panics
/// As [`simulate`](crate::simulate).
pub fn compare_until<G, T, MA, MB>(
    arms: &Arms<'_, G, MA, MB>,
    config: &SimConfig,
    question: Question,
    max_games: u64,
) -> CompareReport
where
    G: Game,
    T: Tally<G>,
    MA: Fn(Seat) -> Box<dyn Bot<G>> + Sync,
    MB: Fn(Seat) -> Box<dyn Bot<G>> + Sync,
{
    let max_games = max_games.max(1);
    let round = |games: u64| games.div_ceil(CHUNK) * CHUNK;
    let mut target = round(config.games.min(max_games)).min(max_games);
    let mut part = compare_range::<G, T, MA, MB>(arms, config, 0..target);
    loop {
        part.games = target;
        let report = part.report(question);
        if report.decided || target >= max_games {
            return report;
        }
        let next = round(target * 2).min(max_games);
        let more = compare_range::<G, T, MA, MB>(arms, config, target..next);
        part.extend(more);
        target = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tally_counters_are_named_by_path_and_ordered_as_people_count() {
        let tally = serde_json::json!({
            "fights": {"10": {"won": 2}, "9": {"won": 1, "lost": 0}},
            "ends": [["stuck", 3], ["won", 0]],
            "rooms": [0, 5],
            "label": "not a number",
        });
        let mut out = Values::new();
        tally_leaves(&tally, &mut String::new(), &mut out);
        out.sort_by(|x, y| x.0.cmp(&y.0));
        let names: Vec<String> = out
            .iter()
            .filter(|(_, v)| *v != 0)
            .map(|(f, v)| format!("{f}={}", *v >> crate::stats::FIXED_BITS))
            .collect();
        assert_eq!(
            names,
            vec![
                "ends.stuck per game=3",
                "fights.9.won per game=1",
                "fights.10.won per game=2",
                "rooms.1 per game=5",
            ]
        );
    }
}
