//! Checks of one state: serialisation, returns, observations and resampling.

use gameshelf_engine::{Actor, Game, Information, Returns, Rng, Seat, Utility};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::node::Node;
use crate::violation::{Check, Violation, ensure, excerpt};

/// How far apart the returns of a constant-sum game may sum from the constant.
pub const SUM_TOLERANCE: f64 = 1e-9;

/// `value` clones to an equal value and survives a JSON round trip unchanged.
///
/// # Errors
/// A [`Check::Serde`] violation naming `what` was being checked.
pub fn check_round_trip<T>(what: &str, value: &T) -> Result<(), Violation>
where
    T: Clone + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned,
{
    ensure(value.clone() == *value, Check::Serde, || {
        format!("a clone of the {what} differs from it: {}", excerpt(value))
    })?;
    let json = serde_json::to_string(value).map_err(|e| {
        Violation::new(
            Check::Serde,
            format!("the {what} does not serialise: {e}: {}", excerpt(value)),
        )
    })?;
    let back: T = serde_json::from_str(&json).map_err(|e| {
        Violation::new(
            Check::Serde,
            format!("the JSON of the {what} does not read back: {e}: {json}"),
        )
    })?;
    ensure(back == *value, Check::Serde, || {
        format!(
            "the {what} changes in a JSON round trip\n  before: {}\n  after:  {}\n  json:   {json}",
            excerpt(value),
            excerpt(&back)
        )
    })
}

/// Every seat's observation is deterministic, clones equal, serialises, and the borrowed
/// form ([`Game::observe_cow`]) and the one written in place ([`Game::observe_into`]) are
/// the same value.
///
/// # Errors
/// A [`Check::Serde`] or [`Check::Observation`] violation.
pub fn check_observations<G: Game>(game: &G, state: &G::State) -> Result<(), Violation> {
    for seat in 0..game.num_players() {
        let obs = game.observe(state, seat);
        ensure(obs.clone() == obs, Check::Serde, || {
            format!("a clone of seat {seat}'s observation differs from it")
        })?;
        ensure(
            game.observe(&state.clone(), seat) == obs,
            Check::Observation,
            || format!("observing seat {seat} twice gives different observations"),
        )?;
        ensure(
            *game.observe_cow(state, seat) == obs,
            Check::Observation,
            || format!("seat {seat}'s borrowed observation (observe_cow) differs from observe"),
        )?;
        // Written over another seat's observation, as a bot's kept buffer would be.
        let mut kept = game.observe(state, (seat + 1) % game.num_players());
        game.observe_into(state, seat, &mut kept);
        ensure(kept == obs, Check::Observation, || {
            format!(
                "seat {seat}'s observation written in place (observe_into) differs from observe"
            )
        })?;
        serde_json::to_string(&obs).map_err(|e| {
            Violation::new(
                Check::Serde,
                format!(
                    "seat {seat}'s observation does not serialise: {e}: {}",
                    excerpt(&obs)
                ),
            )
        })?;
    }
    Ok(())
}

/// The returns have one entry per seat, and at terminal states each lies within
/// `[info.min_return, info.max_return]` and they sum as the declared utility says (within
/// [`SUM_TOLERANCE`]). Standings ([`Game::standing`]), where given, have one entry per seat
/// and no NaN (which would make the leader depend on the order of the seats), and are not
/// given in one-seat games, where nobody leads.
///
/// # Errors
/// A [`Check::Returns`] violation.
pub fn check_returns<G: Game>(game: &G, state: &G::State) -> Result<(), Violation> {
    if let Some(standing) = game.standing(state) {
        let values = standing.as_slice();
        ensure(
            game.num_players() > 1
                && values.len() == game.num_players()
                && !values.iter().any(|v| v.is_nan()),
            Check::Returns,
            || format!("standings {values:?} for {} seats", game.num_players()),
        )?;
    }
    let leader = game.standing(state).as_ref().and_then(Returns::leader);
    ensure(game.leader(state) == leader, Check::Returns, || {
        format!(
            "the leader is {:?} but the standings' top seat is {leader:?}",
            game.leader(state)
        )
    })?;
    let returns = game.returns(state);
    let values = returns.as_slice();
    ensure(values.len() == game.num_players(), Check::Returns, || {
        format!(
            "{} returns for {} seats: {values:?}",
            values.len(),
            game.num_players()
        )
    })?;
    if !game.is_terminal(state) {
        return Ok(());
    }
    let info = game.info();
    if let Some((seat, v)) = values
        .iter()
        .enumerate()
        .find(|&(_, &v)| !(info.min_return..=info.max_return).contains(&v))
    {
        return Err(Violation::new(
            Check::Returns,
            format!(
                "seat {seat}'s return {v} is outside the declared [{}, {}]: {values:?}",
                info.min_return, info.max_return
            ),
        ));
    }
    let constant = match info.utility {
        Utility::ZeroSum => Some(0.0),
        Utility::ConstantSum(c) => Some(c),
        Utility::GeneralSum => None,
    };
    match constant {
        Some(c) => ensure(
            (returns.sum() - c).abs() <= SUM_TOLERANCE,
            Check::Returns,
            || {
                format!(
                    "returns sum to {}, not the declared constant {c}: {values:?}",
                    returns.sum()
                )
            },
        ),
        None => Ok(()),
    }
}

/// What [`check_resample`] saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResampleStats {
    /// Resamples drawn.
    pub resamples: u64,
    /// Resamples that differ from the true state.
    pub differing: u64,
}

/// Draws `count` resamples of `state` for `seat` and checks each:
/// * `seat` observes exactly what it observes in `state` (nothing hidden leaks into the
///   observation, nothing visible is redealt);
/// * the actor is the same and, at `seat`'s own decisions, so are its legal actions;
/// * the resample passes the actor and list checks, and for games of perfect information
///   equals `state`;
/// * the first resample is played out at random to the end (at most `max_game_length`
///   more actions) with the actor, list and returns checks at every node.
///
/// # Errors
/// A [`Check::Observation`] or [`Check::Resample`] violation, or one found during the
/// playout.
pub fn check_resample<G: Game>(
    game: &G,
    state: &G::State,
    seat: Seat,
    rng: &mut Rng,
    count: usize,
) -> Result<ResampleStats, Violation> {
    let observed = game.observe(state, seat);
    let original: Node<G> = Node::of(game, state);
    let mut stats = ResampleStats::default();
    for k in 0..count {
        let resampled = game.resample(state, seat, rng);
        let seen = game.observe(&resampled, seat);
        ensure(seen == observed, Check::Observation, || {
            format!(
                "seat {seat} observes a resample of the state differently: the observation \
                 depends on something hidden from seat {seat}, or resample changed something \
                 it can see\n  observed:            {}\n  observed (resample): {}",
                excerpt(&observed),
                excerpt(&seen)
            )
        })?;
        let node = Node::of(game, &resampled);
        let context = |v: Violation| {
            Violation::new(
                v.check,
                format!("in a resample for seat {seat}: {}", v.detail),
            )
        };
        node.check_actor(game).map_err(context)?;
        node.check_lists().map_err(context)?;
        ensure(node.actor() == original.actor(), Check::Resample, || {
            format!(
                "resampling for seat {seat} changed the actor from {:?} to {:?}",
                original.actor(),
                node.actor()
            )
        })?;
        if original.actor() == Actor::Player(seat) {
            ensure(node.legal() == original.legal(), Check::Resample, || {
                format!(
                    "resampling for seat {seat} at its own decision changed its legal actions \
                     from {:?} to {:?}",
                    original.legal(),
                    node.legal()
                )
            })?;
        }
        let differs = resampled != *state;
        if game.info().information == Information::Perfect {
            ensure(!differs, Check::Resample, || {
                format!(
                    "a game of perfect information resampled a different state for seat {seat}\n  \
                     state:    {}\n  resample: {}",
                    excerpt(state),
                    excerpt(&resampled)
                )
            })?;
        }
        let public = game.observe_public(state);
        ensure(
            game.observe_public(&resampled) == public,
            Check::Observation,
            || {
                format!(
                    "a spectator observes a resample for seat {seat} differently: the public \
                 observation depends on something hidden from seat {seat}\n  public:            \
                 {}\n  public (resample): {}",
                    public.as_ref().map_or("none".to_owned(), excerpt),
                    game.observe_public(&resampled)
                        .as_ref()
                        .map_or("none".to_owned(), excerpt)
                )
            },
        )?;
        stats.resamples += 1;
        stats.differing += u64::from(differs);
        if k == 0 {
            play_out(game, resampled, rng).map_err(context)?;
        }
    }
    Ok(stats)
}

/// Plays `state` to the end at random, checking the actor and lists at every node and the
/// returns at the end. Returns the number of actions played.
///
/// # Errors
/// The first violation met, or a [`Check::Length`] violation if the game does not end
/// within `max_game_length` actions.
pub fn play_out<G: Game>(game: &G, mut state: G::State, rng: &mut Rng) -> Result<usize, Violation> {
    let mut node = Node::default();
    for played in 0..=game.max_game_length() {
        node.read(game, &state);
        node.check_actor(game)?;
        node.check_lists()?;
        match node.pick(rng) {
            Some(action) => game.apply_unchecked(&mut state, action),
            None => {
                check_returns(game, &state)?;
                return Ok(played);
            }
        }
    }
    Err(Violation::new(
        Check::Length,
        format!(
            "a playout did not end within max_game_length = {} actions",
            game.max_game_length()
        ),
    ))
}
