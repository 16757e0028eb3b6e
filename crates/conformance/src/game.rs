//! Checks of a game as a whole: metadata, records, determinism.

use gameshelf_engine::{Game, MAX_SEATS, Record, Returns, Rng};

use crate::node::Node;
use crate::violation::{Check, Violation, ensure, excerpt};

/// The metadata is coherent: the seat count is within the declared range (and at most
/// [`MAX_SEATS`]), the return bounds are finite and ordered, `max_game_length` is positive,
/// and `spec()` names this game, resolves against its parameters and is canonical.
///
/// # Errors
/// A [`Check::Metadata`] violation.
pub fn check_metadata<G: Game>(game: &G) -> Result<(), Violation> {
    let info = game.info();
    let n = game.num_players();
    let fail = |detail: String| Err(Violation::new(Check::Metadata, detail));
    if !(1..=MAX_SEATS).contains(&info.min_players)
        || !(info.min_players..=MAX_SEATS).contains(&info.max_players)
        || !(info.min_players..=info.max_players).contains(&n)
    {
        return fail(format!(
            "{n} players, declared {}..={} (at most {MAX_SEATS})",
            info.min_players, info.max_players
        ));
    }
    if !(info.min_return.is_finite() && info.max_return.is_finite())
        || info.min_return > info.max_return
    {
        return fail(format!(
            "return bounds [{}, {}] are not finite and ordered",
            info.min_return, info.max_return
        ));
    }
    if game.max_game_length() == 0 {
        return fail("max_game_length is 0".into());
    }
    let spec = game.spec();
    if spec.id != info.id {
        return fail(format!(
            "spec id {:?} is not the game id {:?}",
            spec.id, info.id
        ));
    }
    let text = spec.to_string();
    match text.parse::<gameshelf_engine::GameSpec>() {
        Ok(parsed) if parsed == spec => {}
        other => {
            return fail(format!(
                "game string {text:?} does not parse back: {other:?}"
            ));
        }
    }
    match spec.resolve(info) {
        Ok(params) => ensure(params.canonical() == spec, Check::Metadata, || {
            format!(
                "game string {text:?} is not canonical (expected {:?})",
                params.canonical().to_string()
            )
        }),
        Err(e) => fail(format!("game string {text:?} does not resolve: {e}")),
    }
}

/// A record of `actions` survives JSON (`to_json`, `from_json`) and replays to `end`.
///
/// # Errors
/// A [`Check::Replay`] violation.
pub fn check_record_replay<G: Game>(
    game: &G,
    actions: &[G::Action],
    seed: Option<u64>,
    end: &G::State,
) -> Result<(), Violation> {
    let mut record = Record::new(game);
    record.seed = seed;
    record.actions = actions.to_vec();
    let json = record.to_json();
    let back = Record::<G::Action>::from_json(&json).map_err(|e| {
        Violation::new(Check::Replay, format!("the record does not read back: {e}"))
    })?;
    ensure(back == record, Check::Replay, || {
        format!("the record changes in a JSON round trip: {json}")
    })?;
    let replayed = back
        .replay(game)
        .map_err(|e| Violation::new(Check::Replay, format!("the record does not replay: {e}")))?;
    ensure(replayed == *end, Check::Replay, || {
        format!(
            "replaying the record gives another state\n  played:   {}\n  replayed: {}",
            excerpt(end),
            excerpt(&replayed)
        )
    })
}

/// Plays the game again with `rng` (players uniformly at random, chance by its weights)
/// and checks it takes exactly `expected`, action by action.
///
/// # Errors
/// A [`Check::Determinism`] violation at the first difference.
pub fn check_determinism<G: Game>(
    game: &G,
    mut rng: Rng,
    expected: &[G::Action],
) -> Result<(), Violation> {
    let mut state = game.initial_state();
    let mut node = Node::default();
    for index in 0..=expected.len() {
        node.read(game, &state);
        let action = node.pick(&mut rng);
        ensure(
            action == expected.get(index).copied(),
            Check::Determinism,
            || {
                format!(
                    "replaying the same seed, action {index} is {} instead of {}",
                    shown(action),
                    shown(expected.get(index).copied())
                )
            },
        )?;
        if let Some(a) = action {
            game.apply_unchecked(&mut state, a);
        }
    }
    Ok(())
}

/// Plays `actions` again with the standings followed ([`Game::follow_standing`]) and,
/// wherever two states in a row give the same standing stamp ([`Game::standing_stamp`]),
/// checks that they give the same standings; the leader is checked against the standings'
/// top seat at every state, as the followed standings are what simulations read.
///
/// # Errors
/// A [`Check::Standing`] violation at the first state that breaks the promise.
pub fn check_standing_stamps<G: Game>(game: &G, actions: &[G::Action]) -> Result<(), Violation> {
    let mut state = game.initial_state();
    game.follow_standing(&mut state, true);
    let mut last = None;
    for index in 0..=actions.len() {
        let standing = game.standing(&state);
        let top = standing.as_ref().and_then(Returns::leader);
        ensure(game.leader(&state) == top, Check::Standing, || {
            format!(
                "with the standings followed, after action {index} the leader is {:?} but \
                 the standings' top seat is {top:?}",
                game.leader(&state)
            )
        })?;
        let stamp = game.standing_stamp(&state);
        if let (Some(stamp), Some((last_stamp, last_standing))) = (stamp, last)
            && stamp == last_stamp
        {
            ensure(standing == last_standing, Check::Standing, || {
                format!(
                    "the standing stamp stays {stamp} over action {index}, but the \
                     standings change from {last_standing:?} to {standing:?}"
                )
            })?;
        }
        last = stamp.map(|stamp| (stamp, standing));
        if let Some(&action) = actions.get(index) {
            game.apply_unchecked(&mut state, action);
        }
    }
    Ok(())
}

fn shown<A: std::fmt::Display>(action: Option<A>) -> String {
    action.map_or_else(|| "the end of the game".to_owned(), |a| a.to_string())
}
