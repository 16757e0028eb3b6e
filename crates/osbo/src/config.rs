//! Variant parameters: every contested reading of the rules (`docs/rules/osbo.md`), and
//! the game string.

use gameshelf_engine::{GameSpec, ParamKind, ParamSpec, SpecError};

/// The game id.
pub const ID: &str = "osbo";

/// The most players (and designs).
pub const MAX_PLAYERS: usize = 4;

/// The largest grid limit n.
pub const MAX_SIZE: usize = 8;

/// Every parameter, with its default (the reading `docs/rules/osbo.md` gives and argues).
pub const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "players",
        kind: ParamKind::Int {
            min: 1,
            max: MAX_PLAYERS as i64,
        },
        default: "2",
        doc: "number of players; 1 is the solo puzzle (the source plays 2 to 4)",
    },
    ParamSpec {
        name: "size",
        kind: ParamKind::Int {
            min: 2,
            max: MAX_SIZE as i64,
        },
        default: "5",
        doc: "each design must fit an n x n window (the source plays 5 x 5)",
    },
    ParamSpec {
        name: "window",
        kind: ParamKind::Choice(&["strict", "loose"]),
        default: "strict",
        doc: "the window holds the dice and the cells their open ends point at, or the dice only",
    },
    ParamSpec {
        name: "priority",
        kind: ParamKind::Choice(&["dice_first", "designs_first"]),
        default: "dice_first",
        doc: "a turn maximises the dice placed, then the designs reached, or designs then dice",
    },
    ParamSpec {
        name: "simultaneous",
        kind: ParamKind::Bool,
        default: "false",
        doc: "a die may not extend an end opened by another die of the same turn",
    },
    ParamSpec {
        name: "max_turns",
        kind: ParamKind::Int {
            min: 1,
            max: 1_000_000,
        },
        default: "1000",
        doc: "safety bound: after this many turns the game ends and is scored as it stands (our ruling)",
    },
];

/// Which cells the n x n window must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    /// Dice and the targets of their open ends (the default).
    Strict,
    /// Dice only.
    Loose,
}

/// Which count a turn's plan maximises first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// Dice placed, then designs reached (the default).
    DiceFirst,
    /// Designs reached, then dice placed.
    DesignsFirst,
}

/// A validated configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Players (and designs), 1 to [`MAX_PLAYERS`].
    pub players: usize,
    /// The grid limit n, 2 to [`MAX_SIZE`].
    pub size: usize,
    /// The window rule.
    pub window: Window,
    /// The turn rule's priority.
    pub priority: Priority,
    /// Whether the dice of a turn are placed as if at once.
    pub simultaneous: bool,
    /// The turn limit.
    pub max_turns: u32,
}

impl Default for Config {
    /// The defaults: two players, 5 x 5, strict window, dice first, sequential.
    fn default() -> Self {
        Config {
            players: 2,
            size: 5,
            window: Window::Strict,
            priority: Priority::DiceFirst,
            simultaneous: false,
            max_turns: 1000,
        }
    }
}

impl Config {
    /// The configuration named by a game string.
    ///
    /// # Errors
    /// [`SpecError::UnknownGame`] for another id; the engine's errors for bad parameters.
    pub fn from_spec(spec: &GameSpec) -> Result<Config, SpecError> {
        let p = spec.resolve(&crate::game::base_info())?;
        Ok(Config {
            players: p.int("players") as usize,
            size: p.int("size") as usize,
            window: match p.choice("window") {
                "loose" => Window::Loose,
                _ => Window::Strict,
            },
            priority: match p.choice("priority") {
                "designs_first" => Priority::DesignsFirst,
                _ => Priority::DiceFirst,
            },
            simultaneous: p.bool("simultaneous"),
            max_turns: p.int("max_turns") as u32,
        })
    }

    /// The canonical game string (defaults omitted).
    pub fn spec(&self) -> GameSpec {
        let mut spec = GameSpec::new(ID)
            .with("players", self.players)
            .with("size", self.size)
            .with(
                "window",
                match self.window {
                    Window::Strict => "strict",
                    Window::Loose => "loose",
                },
            )
            .with(
                "priority",
                match self.priority {
                    Priority::DiceFirst => "dice_first",
                    Priority::DesignsFirst => "designs_first",
                },
            )
            .with("simultaneous", self.simultaneous)
            .with("max_turns", self.max_turns);
        spec = spec
            .resolve(&crate::game::base_info())
            .expect("a validated configuration resolves")
            .canonical();
        spec
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_strings_round_trip() {
        for text in [
            "osbo",
            "osbo(players=4,size=8)",
            "osbo(window=loose,priority=designs_first,simultaneous=true)",
        ] {
            let cfg = Config::from_spec(&text.parse().unwrap()).unwrap();
            assert_eq!(cfg.spec().to_string(), text);
        }
        assert_eq!(
            Config::from_spec(&"osbo".parse().unwrap()).unwrap(),
            Config::default()
        );
        let e = Config::from_spec(&"osbo(size=9)".parse().unwrap()).unwrap_err();
        assert!(e.to_string().contains("from 2 to 8"), "{e}");
    }
}
