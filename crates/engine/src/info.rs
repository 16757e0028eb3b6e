//! Static metadata about a game: players, chance, information, utility, parameters.

/// How chance enters a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceMode {
    /// No chance nodes.
    Deterministic,
    /// Chance nodes list their outcomes with exact probabilities.
    ExplicitStochastic,
}

/// Whether players can see the whole state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Information {
    /// Every seat's observation determines the state.
    Perfect,
    /// Some of the state is hidden from some seats (hands, deck contents).
    Imperfect,
}

/// The shape of the returns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Utility {
    /// Returns sum to zero.
    ZeroSum,
    /// Returns sum to the same constant in every terminal state.
    ConstantSum(f64),
    /// No constraint.
    GeneralSum,
}

/// The type of a variant parameter's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int {
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
    },
    /// `true` or `false`.
    Bool,
    /// One of the listed words.
    Choice(&'static [&'static str]),
}

impl ParamKind {
    /// What values are accepted, in words, for error messages and help.
    pub fn describe(&self) -> String {
        match self {
            ParamKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            ParamKind::Bool => "true or false".to_owned(),
            ParamKind::Choice(words) => format!("one of {}", words.join(", ")),
        }
    }
}

/// One variant parameter of a game: its name, type, default and meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    /// The name used in game strings, e.g. `players`.
    pub name: &'static str,
    /// The accepted values.
    pub kind: ParamKind,
    /// The default, written as it would be in a game string.
    pub default: &'static str,
    /// What it changes, and which ruling or source it comes from.
    pub doc: &'static str,
}

impl ParamSpec {
    /// A `true`/`false` parameter.
    pub const fn flag(name: &'static str, default: &'static str, doc: &'static str) -> Self {
        ParamSpec {
            name,
            kind: ParamKind::Bool,
            default,
            doc,
        }
    }

    /// A whole-number parameter in `min..=max`.
    pub const fn int(
        name: &'static str,
        min: i64,
        max: i64,
        default: &'static str,
        doc: &'static str,
    ) -> Self {
        ParamSpec {
            name,
            kind: ParamKind::Int { min, max },
            default,
            doc,
        }
    }

    /// A parameter that takes one of the listed words.
    pub const fn choice(
        name: &'static str,
        words: &'static [&'static str],
        default: &'static str,
        doc: &'static str,
    ) -> Self {
        ParamSpec {
            name,
            kind: ParamKind::Choice(words),
            default,
            doc,
        }
    }
}

/// What every game declares about itself.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The game id used on the command line and in records, e.g. `open-oubliette`.
    pub id: &'static str,
    /// The human name.
    pub name: &'static str,
    /// The designer credit shown in help and docs.
    pub credit: &'static str,
    /// Fewest seats.
    pub min_players: usize,
    /// Most seats.
    pub max_players: usize,
    /// How chance enters.
    pub chance: ChanceMode,
    /// Perfect or imperfect information.
    pub information: Information,
    /// Shape of the returns.
    pub utility: Utility,
    /// Smallest value any seat's return can take.
    pub min_return: f64,
    /// Largest value any seat's return can take.
    pub max_return: f64,
    /// The variant parameters with their defaults.
    pub params: &'static [ParamSpec],
}

impl GameInfo {
    /// The parameter with this name.
    pub fn param(&self, name: &str) -> Option<&ParamSpec> {
        self.params.iter().find(|p| p.name == name)
    }
}
