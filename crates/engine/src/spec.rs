//! Game strings: `open-oubliette(players=4,edition=blog)`.
//!
//! A [`GameSpec`] is the unvalidated text form (a game id and `name=value` pairs);
//! [`GameSpec::resolve`] checks it against a game's declared [`ParamSpec`]s and gives
//! [`Params`] with every default filled in, or a [`SpecError`] that names what is wrong and
//! what is accepted.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use crate::info::{GameInfo, ParamKind, ParamSpec};

/// A game id with parameters, as written by a user or stored in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// The game id.
    pub id: String,
    /// The parameters in the order given.
    pub params: Vec<(String, String)>,
}

/// Why a game string or its parameters were rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// The text is not of the form `id(name=value,...)`.
    #[error(
        "malformed game string {input:?}: {reason} (expected e.g. `open-oubliette(players=4)`)"
    )]
    Syntax {
        /// The text given.
        input: String,
        /// What is wrong.
        reason: String,
    },
    /// No game has this id.
    #[error("unknown game {given:?}; known games: {}", known.join(", "))]
    UnknownGame {
        /// The id given.
        given: String,
        /// The ids accepted.
        known: Vec<String>,
    },
    /// The game has no parameter of this name.
    #[error("{game} has no parameter {name:?}; its parameters are: {}", accepted.join(", "))]
    UnknownParam {
        /// The game id.
        game: String,
        /// The name given.
        name: String,
        /// The names accepted.
        accepted: Vec<String>,
    },
    /// The same parameter was given twice.
    #[error("parameter {name:?} is given more than once")]
    Duplicate {
        /// The name.
        name: String,
    },
    /// The value does not fit the parameter's type.
    #[error("{name}={value:?} is not accepted: expected {expected}")]
    BadValue {
        /// The parameter.
        name: String,
        /// The value given.
        value: String,
        /// What is accepted.
        expected: String,
    },
    /// The parameters are each fine but do not fit together.
    #[error("{0}")]
    Inconsistent(String),
    /// A reading the rules sources name, which gameshelf does not play yet.
    #[error(
        "{name}={value} is a reading of the rules gameshelf does not implement yet: only {name}={implemented} is"
    )]
    Unimplemented {
        /// The parameter.
        name: String,
        /// The value given.
        value: String,
        /// The value implemented.
        implemented: String,
    },
}

impl GameSpec {
    /// A spec with no parameters.
    pub fn new(id: impl Into<String>) -> Self {
        GameSpec {
            id: id.into(),
            params: Vec::new(),
        }
    }

    /// Adds (or replaces) a parameter.
    pub fn with(mut self, name: &str, value: impl ToString) -> Self {
        let value = value.to_string();
        match self.params.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.params.push((name.to_owned(), value)),
        }
        self
    }

    /// Checks that the spec names the game of `info`, checks the parameters against its
    /// declarations and fills in defaults.
    ///
    /// # Errors
    /// [`SpecError::UnknownGame`] when the id is not `info.id`; [`SpecError::UnknownParam`],
    /// [`SpecError::Duplicate`] or [`SpecError::BadValue`] for the parameters.
    pub fn resolve(&self, info: &GameInfo) -> Result<Params, SpecError> {
        if self.id != info.id {
            return Err(SpecError::UnknownGame {
                given: self.id.clone(),
                known: vec![info.id.to_owned()],
            });
        }
        let mut values = BTreeMap::new();
        for (name, value) in &self.params {
            let Some(spec) = info.param(name) else {
                return Err(SpecError::UnknownParam {
                    game: info.id.to_owned(),
                    name: name.clone(),
                    accepted: info.params.iter().map(|p| p.name.to_owned()).collect(),
                });
            };
            let parsed = ParamValue::parse(spec, value)?;
            if values.insert(spec.name, parsed).is_some() {
                return Err(SpecError::Duplicate { name: name.clone() });
            }
        }
        for spec in info.params {
            if !values.contains_key(spec.name) {
                let default = ParamValue::parse(spec, spec.default)
                    .unwrap_or_else(|e| panic!("default of {} is invalid: {e}", spec.name));
                values.insert(spec.name, default);
            }
        }
        Ok(Params {
            id: info.id,
            specs: info.params,
            values,
        })
    }
}

impl FromStr for GameSpec {
    type Err = SpecError;

    fn from_str(input: &str) -> Result<Self, SpecError> {
        let syntax = |reason: &str| SpecError::Syntax {
            input: input.to_owned(),
            reason: reason.to_owned(),
        };
        let s = input.trim();
        let (id, rest) = match s.find('(') {
            Some(i) => {
                let inner = s[i + 1..]
                    .strip_suffix(')')
                    .ok_or_else(|| syntax("missing closing parenthesis"))?;
                (&s[..i], Some(inner))
            }
            None => (s, None),
        };
        let id = id.trim();
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(syntax("the game id must be letters, digits and dashes"));
        }
        let mut spec = GameSpec::new(id);
        if let Some(inner) = rest.filter(|r| !r.trim().is_empty()) {
            for pair in inner.split(',') {
                let (name, value) = pair
                    .split_once('=')
                    .ok_or_else(|| syntax("each parameter is name=value"))?;
                let (name, value) = (name.trim(), value.trim());
                if name.is_empty() || value.is_empty() {
                    return Err(syntax("each parameter is name=value"));
                }
                if spec.params.iter().any(|(n, _)| n == name) {
                    return Err(SpecError::Duplicate {
                        name: name.to_owned(),
                    });
                }
                spec.params.push((name.to_owned(), value.to_owned()));
            }
        }
        Ok(spec)
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id)?;
        if !self.params.is_empty() {
            f.write_str("(")?;
            for (i, (n, v)) in self.params.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{n}={v}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// A parameter's typed value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamValue {
    /// A whole number.
    Int(i64),
    /// A flag.
    Bool(bool),
    /// One of the declared words.
    Choice(&'static str),
}

impl ParamValue {
    fn parse(spec: &ParamSpec, text: &str) -> Result<ParamValue, SpecError> {
        let bad = || SpecError::BadValue {
            name: spec.name.to_owned(),
            value: text.to_owned(),
            expected: spec.kind.describe(),
        };
        match spec.kind {
            ParamKind::Int { min, max } => {
                let v: i64 = text.parse().map_err(|_| bad())?;
                if v < min || v > max {
                    return Err(bad());
                }
                Ok(ParamValue::Int(v))
            }
            ParamKind::Bool => match text {
                "true" | "yes" | "on" | "1" => Ok(ParamValue::Bool(true)),
                "false" | "no" | "off" | "0" => Ok(ParamValue::Bool(false)),
                _ => Err(bad()),
            },
            ParamKind::Choice(words) => words
                .iter()
                .find(|w| **w == text)
                .map(|w| ParamValue::Choice(w))
                .ok_or_else(bad),
        }
    }

    fn text(&self) -> String {
        match self {
            ParamValue::Int(v) => v.to_string(),
            ParamValue::Bool(b) => b.to_string(),
            ParamValue::Choice(w) => (*w).to_owned(),
        }
    }
}

/// Validated parameters, every declared parameter present.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    id: &'static str,
    specs: &'static [ParamSpec],
    values: BTreeMap<&'static str, ParamValue>,
}

impl Params {
    /// An integer parameter.
    ///
    /// # Panics
    /// If the game declares no integer parameter of this name (a programming error).
    pub fn int(&self, name: &str) -> i64 {
        match self.values.get(name) {
            Some(ParamValue::Int(v)) => *v,
            other => panic!(
                "{}: {name} is not an integer parameter ({other:?})",
                self.id
            ),
        }
    }

    /// A flag parameter.
    ///
    /// # Panics
    /// If the game declares no flag of this name.
    pub fn bool(&self, name: &str) -> bool {
        match self.values.get(name) {
            Some(ParamValue::Bool(v)) => *v,
            other => panic!("{}: {name} is not a flag parameter ({other:?})", self.id),
        }
    }

    /// A choice parameter.
    ///
    /// # Panics
    /// If the game declares no choice of this name.
    pub fn choice(&self, name: &str) -> &'static str {
        match self.values.get(name) {
            Some(ParamValue::Choice(v)) => v,
            other => panic!("{}: {name} is not a choice parameter ({other:?})", self.id),
        }
    }

    /// A parameter's value as text (`None` when the game declares no such parameter).
    pub fn text(&self, name: &str) -> Option<String> {
        self.values.get(name).map(ParamValue::text)
    }

    /// Whether the user gave this parameter a value other than its default.
    pub fn is_default(&self, name: &str) -> bool {
        self.specs.iter().find(|s| s.name == name).is_some_and(|s| {
            self.values.get(name).map(ParamValue::text).as_deref() == Some(s.default)
        })
    }

    /// The canonical game string: the id and every parameter that differs from its default,
    /// in declaration order. Two equal configurations give the same string.
    pub fn canonical(&self) -> GameSpec {
        let mut spec = GameSpec::new(self.id);
        for s in self.specs {
            let v = self.values[s.name].text();
            if v != s.default {
                spec.params.push((s.name.to_owned(), v));
            }
        }
        spec
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::info::*;

    const PARAMS: &[ParamSpec] = &[
        ParamSpec {
            name: "players",
            kind: ParamKind::Int { min: 1, max: 6 },
            default: "2",
            doc: "",
        },
        ParamSpec {
            name: "edition",
            kind: ParamKind::Choice(&["rulings", "blog"]),
            default: "rulings",
            doc: "",
        },
        ParamSpec {
            name: "fast",
            kind: ParamKind::Bool,
            default: "false",
            doc: "",
        },
    ];

    fn info() -> GameInfo {
        GameInfo {
            id: "toy",
            name: "Toy",
            credit: "",
            min_players: 1,
            max_players: 6,
            chance: ChanceMode::Deterministic,
            information: Information::Perfect,
            utility: Utility::GeneralSum,
            min_return: 0.0,
            max_return: 1.0,
            params: PARAMS,
        }
    }

    #[test]
    fn parses_and_resolves() {
        let spec: GameSpec = "toy(players=4, edition=blog)".parse().unwrap();
        let p = spec.resolve(&info()).unwrap();
        assert_eq!(p.int("players"), 4);
        assert_eq!(p.choice("edition"), "blog");
        assert!(!p.bool("fast"));
        assert_eq!(p.canonical().to_string(), "toy(players=4,edition=blog)");
        let other = "chess"
            .parse::<GameSpec>()
            .unwrap()
            .resolve(&info())
            .unwrap_err();
        assert!(matches!(other, SpecError::UnknownGame { .. }), "{other}");
        let plain: GameSpec = "toy".parse().unwrap();
        assert_eq!(
            plain.resolve(&info()).unwrap().canonical().to_string(),
            "toy"
        );
    }

    #[test]
    fn errors_say_what_is_accepted() {
        let e = "toy(players=0)"
            .parse::<GameSpec>()
            .unwrap()
            .resolve(&info())
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "players=\"0\" is not accepted: expected a whole number from 1 to 6"
        );
        let e = "toy(color=red)"
            .parse::<GameSpec>()
            .unwrap()
            .resolve(&info())
            .unwrap_err();
        assert!(e.to_string().contains("players, edition, fast"), "{e}");
        let e = "toy(edition=readme)"
            .parse::<GameSpec>()
            .unwrap()
            .resolve(&info())
            .unwrap_err();
        assert!(e.to_string().contains("one of rulings, blog"), "{e}");
        assert!(matches!(
            "toy(players=2".parse::<GameSpec>(),
            Err(SpecError::Syntax { .. })
        ));
        assert!(matches!(
            "toy(players)".parse::<GameSpec>(),
            Err(SpecError::Syntax { .. })
        ));
        assert!(matches!(
            "toy(a=1,a=2)".parse::<GameSpec>(),
            Err(SpecError::Duplicate { .. })
        ));
    }
}
