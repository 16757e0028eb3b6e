//! What a failed check reports.

use std::fmt;

/// The kinds of check the kit makes, one per clause of the [`Game`](gameshelf_engine::Game)
/// contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Check {
    /// Metadata is coherent: player counts, return bounds, a canonical game string.
    Metadata,
    /// Legal actions exactly at player nodes, chance outcomes exactly at chance nodes.
    Actor,
    /// Legal actions sorted and unique; chance outcomes sorted, unique, positive weights
    /// whose probabilities sum to exactly 1.
    Lists,
    /// `apply` accepts every listed action and outcome.
    ApplyAccepts,
    /// `apply` refuses actions that are not listed and leaves the state unchanged (an
    /// action naming another sum than a listed one may be accepted instead).
    ApplyRefuses,
    /// Actions that name a sum ([`gameshelf_engine::Game::amount`]) give it back, take any
    /// other sum, and `apply` accepts or cleanly refuses them at any sum.
    Amounts,
    /// States, actions and observations clone to equal values and round-trip through JSON.
    Serde,
    /// A record of the game replays to the same final state.
    Replay,
    /// Terminal returns: one per seat, within the declared bounds, with the declared sum;
    /// standings, where given, one per seat.
    Returns,
    /// Games end within `max_game_length` actions.
    Length,
    /// `turns` never decreases along a game.
    Turns,
    /// A seat's observation is unchanged by resampling what it cannot see.
    Observation,
    /// Resampled states are valid, keep what is visible and redeal what is hidden.
    Resample,
    /// The same seed plays the same game.
    Determinism,
    /// The standing stamp moves whenever the standings change, and the leader is the
    /// standings' top seat, with the standings followed.
    Standing,
    /// The game panicked.
    Panic,
}

impl Check {
    /// A short name for messages, e.g. `apply-refuses`.
    pub fn name(self) -> &'static str {
        match self {
            Check::Metadata => "metadata",
            Check::Actor => "actor",
            Check::Lists => "lists",
            Check::ApplyAccepts => "apply-accepts",
            Check::ApplyRefuses => "apply-refuses",
            Check::Amounts => "amounts",
            Check::Serde => "serde",
            Check::Replay => "replay",
            Check::Returns => "returns",
            Check::Length => "length",
            Check::Turns => "turns",
            Check::Observation => "observation",
            Check::Resample => "resample",
            Check::Determinism => "determinism",
            Check::Standing => "standing",
            Check::Panic => "panic",
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One broken clause of the contract, with what was seen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("[{check}] {detail}")]
pub struct Violation {
    /// Which check failed.
    pub check: Check,
    /// What was seen, in words.
    pub detail: String,
}

impl Violation {
    /// A violation of `check`.
    pub fn new(check: Check, detail: impl Into<String>) -> Self {
        Violation {
            check,
            detail: detail.into(),
        }
    }
}

/// `Err(Violation)` unless `ok`; the detail is only built on failure.
pub(crate) fn ensure(
    ok: bool,
    check: Check,
    detail: impl FnOnce() -> String,
) -> Result<(), Violation> {
    if ok {
        Ok(())
    } else {
        Err(Violation::new(check, detail()))
    }
}

/// The longest `Debug` text of a state or observation quoted in a message.
const EXCERPT: usize = 1500;

/// `Debug` text cut to a readable length.
pub(crate) fn excerpt(value: &impl fmt::Debug) -> String {
    let text = format!("{value:?}");
    match text.char_indices().nth(EXCERPT) {
        Some((cut, _)) => format!("{}... ({} more bytes)", &text[..cut], text.len() - cut),
        None => text,
    }
}
