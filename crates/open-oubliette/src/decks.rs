//! The four decks as data: loading, validation and the lookup tables the rules use.
//!
//! Each deck is a TOML file of `[[card]]` tables (see `data/*.toml`, embedded as the
//! default decks). A designer can copy the folder, edit it and load it with
//! [`Decks::load_dir`]; every mistake is reported as a [`DeckError`] naming the file, the card
//! (its 1-based position in the file and its name) and what is wrong.

use std::borrow::Cow;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use gameshelf_engine::file::{FileError, read_text};
use gameshelf_engine::limits::DATA_BYTES;
use gameshelf_engine::{CardSet, escape_controls};
use serde::Deserialize;

/// The file names of the four decks inside a data folder.
pub const FILES: [&str; 4] = [
    "monsters.toml",
    "treasures.toml",
    "events.toml",
    "wounds.toml",
];

const MONSTERS_TOML: &str = include_str!("../data/monsters.toml");
const TREASURES_TOML: &str = include_str!("../data/treasures.toml");
const EVENTS_TOML: &str = include_str!("../data/events.toml");
const WOUNDS_TOML: &str = include_str!("../data/wounds.toml");

/// Why a deck file was rejected.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DeckError {
    /// The file could not be read: missing, not a regular file, or larger than
    /// [`gameshelf_engine::limits::DATA_BYTES`].
    #[error(transparent)]
    File(#[from] FileError),
    /// The file is not TOML of the deck's shape (a misspelt or unknown field, a wrong type).
    #[error("{file}: {message}")]
    Syntax {
        /// The deck file name, e.g. `events.toml`.
        file: &'static str,
        /// The TOML reader's message (it names the line).
        message: String,
    },
    /// One card is wrong.
    #[error("{file}: card {position} ({name}): {problem}")]
    Card {
        /// The deck file name.
        file: &'static str,
        /// The card's 1-based position among the file's `[[card]]` tables.
        position: usize,
        /// The card's name or title.
        name: String,
        /// What is wrong.
        problem: CardProblem,
    },
    /// The deck as a whole is wrong.
    #[error("{file}: {problem}")]
    Deck {
        /// The deck file name.
        file: &'static str,
        /// What is wrong.
        problem: DeckProblem,
    },
}

/// What is wrong with one card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CardProblem {
    /// A number is out of its range.
    #[error("{field} = {value} is out of range (expected {expected})")]
    OutOfRange {
        /// The field.
        field: &'static str,
        /// The value given.
        value: i64,
        /// The accepted range, in words.
        expected: &'static str,
    },
    /// A weapon or armor card without a bonus.
    #[error("a {kind} needs a bonus")]
    MissingBonus {
        /// `weapon` or `armor`.
        kind: &'static str,
    },
    /// A plain treasure with a bonus.
    #[error("a plain treasure has no bonus (use kind = \"weapon\" or \"armor\")")]
    BonusOnPlain,
    /// The treasure kind is not one of plain, weapon, armor.
    #[error("unknown kind {0:?} (expected plain, weapon or armor)")]
    UnknownKind(String),
    /// The event effect is not known.
    #[error("unknown effect {0:?} (expected one of {known})", known = EFFECT_NAMES.join(", "))]
    UnknownEffect(String),
    /// The effect needs a field that is missing.
    #[error("effect {effect:?} needs the field {field}")]
    MissingField {
        /// The effect.
        effect: &'static str,
        /// The missing field.
        field: &'static str,
    },
    /// The effect does not use a field that is given.
    #[error("effect {effect:?} does not use the field {field}")]
    UnexpectedField {
        /// The effect.
        effect: &'static str,
        /// The field given.
        field: &'static str,
    },
    /// A card that only works when kept is not marked `keep = true`.
    #[error("effect {0:?} only works when kept: add keep = true")]
    MustKeep(&'static str),
    /// A card marked `keep = true` whose effect cannot be kept.
    #[error("effect {0:?} is resolved at once and cannot be kept")]
    CannotKeep(&'static str),
    /// A monster name (quest or hoard) that is not in the monster deck.
    #[error("monster {0:?} is not in the monster deck")]
    UnknownMonster(String),
    /// A tunnel that could reach the Exit or a corner.
    #[error(
        "steps = {0}: a tunnel must move 1 to 19 squares and not a multiple of 5 (it must never reach the Exit or an event corner)"
    )]
    BadTunnel(i64),
}

/// What is wrong with a whole deck.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DeckProblem {
    /// The deck has no cards.
    #[error("the deck has no cards")]
    Empty,
    /// The deck has more cards than a card set holds.
    #[error("the deck has {0} cards; at most 64 are supported")]
    TooLarge(usize),
}

/// A monster card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Monster {
    /// Its name (cards with the same name are the same kind of monster, for Quests).
    pub name: String,
    /// Its power level.
    pub power: u8,
    /// The index of its name in [`Decks::monster_names`].
    pub kind: u8,
    /// Flavour text (may be empty).
    pub description: String,
}

/// What a treasure card does besides its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreasureKind {
    /// Only worth gold.
    Plain,
    /// Adds its bonus to attack rolls once used.
    Weapon,
    /// Adds its bonus to the defense score once used.
    Armor,
}

/// A treasure card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Treasure {
    /// The number printed on the card.
    pub number: u32,
    /// Its name.
    pub name: String,
    /// Its face value in gold.
    pub value: u32,
    /// Plain, weapon or armor.
    pub kind: TreasureKind,
    /// The weapon or armor bonus (0 for plain cards).
    pub bonus: u8,
}

/// What an event card does, with its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// Roll one die; at least `die_at_least` draws `treasure` cards.
    Secret {
        /// The lowest winning face.
        die_at_least: u8,
        /// Cards drawn on a success.
        treasure: u8,
    },
    /// Move the token to the Exit (arrival processing follows).
    Shortcut,
    /// Move `steps` squares (negative: back), with no landing effects by default.
    Tunnel {
        /// Squares, signed.
        steps: i8,
    },
    /// Take an extra turn.
    Spelunk,
    /// Lose a turn.
    CaveIn,
    /// Roll one die; at most `die_at_most` loses a turn and this turn's treasure card.
    Trap {
        /// The highest losing face.
        die_at_most: u8,
    },
    /// Return the `wounds` most severe wound cards.
    Healing {
        /// How many.
        wounds: u8,
    },
    /// Fight a monster of `power`; a win draws 1d6 + `die_plus` treasure cards.
    Hoard {
        /// The monster's power.
        power: u8,
        /// Added to the die for the reward.
        die_plus: u8,
        /// The monster kind in the monster deck, if named (for `hoard_draws_deck_dragon`).
        monster: Option<u8>,
    },
    /// Draw `treasure` cards.
    Loot {
        /// How many.
        treasure: u8,
    },
    /// 2d6 greater than the defense score: lose `cards` random unused treasure cards.
    Ambush {
        /// How many.
        cards: u8,
    },
    /// Beat a monster of kind `monster` this trip: draw `treasure` cards at the Exit.
    Quest {
        /// The monster kind (index into [`Decks::monster_names`]).
        monster: u8,
        /// Cards drawn.
        treasure: u8,
    },
    /// Kept: add `bonus` to an attack roll against a monster.
    Rage {
        /// The bonus.
        bonus: u8,
    },
    /// Monsters get +1 power for this player; +100 g per card at cash-in.
    LevelUp,
    /// Kept: reroll a failed attack, or make the opponent reroll a hit.
    Reroll,
    /// Kept: add `bonus` to the defense score for one roll.
    Dodge {
        /// The bonus.
        bonus: u8,
    },
    /// Kept: after a monster wounds you, fight it again.
    Revenge,
}

const EFFECT_NAMES: &[&str] = &[
    "secret", "shortcut", "tunnel", "spelunk", "cave_in", "trap", "healing", "hoard", "loot",
    "ambush", "quest", "rage", "level_up", "reroll", "dodge", "revenge",
];

/// An event card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The number printed on the card.
    pub number: u32,
    /// Its title.
    pub title: String,
    /// Its text.
    pub text: String,
    /// What it does.
    pub effect: Effect,
    /// Whether it "may be kept until needed".
    pub keep: bool,
}

/// A wound card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wound {
    /// The number printed on the card.
    pub number: u32,
    /// Its title.
    pub title: String,
    /// Its modifier (W sums the two highest).
    pub modifier: u8,
}

/// The four decks, validated, with lookup tables for the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decks {
    /// Monster cards, one entry per physical card.
    pub monsters: Vec<Monster>,
    /// The distinct monster names, in order of first appearance.
    pub monster_names: Vec<String>,
    /// Treasure cards.
    pub treasures: Vec<Treasure>,
    /// Event cards.
    pub events: Vec<Event>,
    /// Wound cards.
    pub wounds: Vec<Wound>,
    /// The weapon cards.
    pub weapons: CardSet,
    /// The armor cards.
    pub armors: CardSet,
    /// The wound cards from most to least severe (ties by index).
    pub wounds_by_severity: Vec<u8>,
    /// For each event card, the lowest index of a card with the same effect and keep flag
    /// (cards with the same key are interchangeable in play).
    pub event_key: Vec<u8>,
    /// For each monster card, the identical cards (same name, power and text) including it.
    pub monster_copies: Vec<CardSet>,
    /// For each event card, the identical cards (same title, text, effect and keep flag).
    pub event_copies: Vec<CardSet>,
    /// For each wound card, the identical cards (same title and modifier).
    pub wound_copies: Vec<CardSet>,
    /// The face values of treasure hands, byte by byte: entry `[k][b]` is the sum of the
    /// values of the cards `8k..8k+8` whose bits are set in `b`, one table for each byte
    /// the deck spans. A hand's value is read in every turn's standings, so it costs a
    /// lookup a byte (four for a 32-card deck) rather than a loop over the hand's cards
    /// that ends at an unpredictable count.
    treasure_sums: Vec<[u32; 256]>,
    /// A fingerprint of every card of the four decks (records store it).
    pub fingerprint: String,
}

/// For each item, the set of items equal to it under `same`.
fn copies<T>(items: &[T], same: impl Fn(&T, &T) -> bool) -> Vec<CardSet> {
    items
        .iter()
        .map(|a| {
            items
                .iter()
                .enumerate()
                .filter(|(_, b)| same(a, b))
                .map(|(i, _)| i as u8)
                .collect()
        })
        .collect()
}

// ---- raw file shapes -------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File<T> {
    card: Vec<T>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMonster {
    name: String,
    power: i64,
    #[serde(default)]
    count: Option<i64>,
    #[serde(default)]
    description: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTreasure {
    number: i64,
    name: String,
    value: i64,
    kind: String,
    #[serde(default)]
    bonus: Option<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    #[serde(default)]
    number: Option<i64>,
    title: String,
    #[serde(default)]
    text: String,
    effect: String,
    #[serde(default)]
    keep: bool,
    die_at_least: Option<i64>,
    die_at_most: Option<i64>,
    treasure: Option<i64>,
    steps: Option<i64>,
    wounds: Option<i64>,
    power: Option<i64>,
    die_plus: Option<i64>,
    monster: Option<String>,
    cards: Option<i64>,
    bonus: Option<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWound {
    #[serde(default)]
    number: Option<i64>,
    title: String,
    modifier: i64,
}

fn parse<T: for<'de> Deserialize<'de>>(
    file: &'static str,
    text: &str,
) -> Result<Vec<T>, DeckError> {
    let parsed: File<T> = toml::from_str(text).map_err(|e| DeckError::Syntax {
        file,
        message: e.to_string().trim_end().to_owned(),
    })?;
    Ok(parsed.card)
}

fn in_range(
    field: &'static str,
    value: i64,
    min: i64,
    max: i64,
    expected: &'static str,
) -> Result<u8, CardProblem> {
    if value < min || value > max {
        return Err(CardProblem::OutOfRange {
            field,
            value,
            expected,
        });
    }
    Ok(value as u8)
}

/// A name or text from a deck file as it is kept and shown: control characters escaped
/// (see [`escape_controls`]), so that no card can drive the player's terminal.
fn shown(text: String) -> String {
    match escape_controls(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(escaped) => escaped,
    }
}

fn check_size(file: &'static str, n: usize) -> Result<(), DeckError> {
    let problem = match n {
        0 => DeckProblem::Empty,
        n if n > CardSet::CAPACITY => DeckProblem::TooLarge(n),
        _ => return Ok(()),
    };
    Err(DeckError::Deck { file, problem })
}

impl Decks {
    /// The decks of the published game (the four tables of the designer's blog post), parsed once.
    pub fn standard() -> Arc<Decks> {
        static STANDARD: OnceLock<Arc<Decks>> = OnceLock::new();
        STANDARD
            .get_or_init(|| {
                Arc::new(
                    Decks::from_strs(MONSTERS_TOML, TREASURES_TOML, EVENTS_TOML, WOUNDS_TOML)
                        .expect("the embedded decks are valid"),
                )
            })
            .clone()
    }

    /// The embedded deck files, `(file name, text)`, for writing out a copy to edit.
    pub fn standard_files() -> [(&'static str, &'static str); 4] {
        [
            (FILES[0], MONSTERS_TOML),
            (FILES[1], TREASURES_TOML),
            (FILES[2], EVENTS_TOML),
            (FILES[3], WOUNDS_TOML),
        ]
    }

    /// Loads `monsters.toml`, `treasures.toml`, `events.toml` and `wounds.toml` from `dir`.
    ///
    /// # Errors
    /// [`DeckError::File`] if a file cannot be read (see [`gameshelf_engine::file`]),
    /// otherwise as [`Decks::from_strs`].
    pub fn load_dir(dir: impl AsRef<Path>) -> Result<Decks, DeckError> {
        let dir = dir.as_ref();
        let read = |name: &str| read_text(&dir.join(name), DATA_BYTES, "a card data file");
        Decks::from_strs(
            &read(FILES[0])?,
            &read(FILES[1])?,
            &read(FILES[2])?,
            &read(FILES[3])?,
        )
    }

    /// Parses and validates the four deck texts.
    ///
    /// # Errors
    /// [`DeckError::Syntax`] for TOML that does not fit a deck, [`DeckError::Card`] for a bad
    /// card, [`DeckError::Deck`] for an empty deck or one of more than 64 cards.
    pub fn from_strs(
        monsters: &str,
        treasures: &str,
        events: &str,
        wounds: &str,
    ) -> Result<Decks, DeckError> {
        let (monsters, monster_names) = load_monsters(monsters)?;
        let treasures = load_treasures(treasures)?;
        let events = load_events(events, &monster_names)?;
        let wounds = load_wounds(wounds)?;
        let mut weapons = CardSet::EMPTY;
        let mut armors = CardSet::EMPTY;
        for (i, t) in treasures.iter().enumerate() {
            match t.kind {
                TreasureKind::Weapon => weapons.insert(i as u8),
                TreasureKind::Armor => armors.insert(i as u8),
                TreasureKind::Plain => {}
            }
        }
        let mut wounds_by_severity: Vec<u8> = (0..wounds.len() as u8).collect();
        wounds_by_severity.sort_by_key(|&i| std::cmp::Reverse(wounds[i as usize].modifier));
        let event_key = (0..events.len())
            .map(|i| {
                let e = &events[i];
                events
                    .iter()
                    .position(|o| o.effect == e.effect && o.keep == e.keep)
                    .unwrap_or(i) as u8
            })
            .collect();
        // Of the cards as loaded, not of the file text: comments and layout do not count.
        let fingerprint = gameshelf_engine::fingerprint(&format!(
            "{monsters:?}{treasures:?}{events:?}{wounds:?}"
        ));
        let monster_copies = copies(&monsters, |a, b| a == b);
        let event_copies = copies(&events, |a, b| {
            (&a.title, &a.text, a.effect, a.keep) == (&b.title, &b.text, b.effect, b.keep)
        });
        let wound_copies = copies(&wounds, |a, b| {
            (&a.title, a.modifier) == (&b.title, b.modifier)
        });
        let mut treasure_sums = vec![[0; 256]; treasures.len().div_ceil(8)];
        for (k, sums) in treasure_sums.iter_mut().enumerate() {
            for (bits, sum) in sums.iter_mut().enumerate() {
                *sum = (0..8)
                    .filter(|i| bits & 1 << i != 0)
                    .filter_map(|i: usize| treasures.get(8 * k + i))
                    .map(|t| t.value)
                    .sum();
            }
        }
        Ok(Decks {
            treasure_sums,
            monster_copies,
            event_copies,
            wound_copies,
            monsters,
            monster_names,
            treasures,
            events,
            wounds,
            weapons,
            armors,
            wounds_by_severity,
            event_key,
            fingerprint,
        })
    }

    /// The event cards whose effect matches `pred`.
    pub fn events_where(&self, pred: impl Fn(&Effect) -> bool) -> CardSet {
        self.events
            .iter()
            .enumerate()
            .filter(|(_, e)| pred(&e.effect))
            .map(|(i, _)| i as u8)
            .collect()
    }

    /// The sum of the face values of `cards`.
    pub fn treasure_value(&self, cards: CardSet) -> u32 {
        let bytes = cards.bits().to_le_bytes();
        self.treasure_sums
            .iter()
            .zip(bytes)
            .map(|(sums, b)| sums[usize::from(b)])
            .sum()
    }

    /// W for a set of wound cards: the sum of the two highest modifiers.
    pub fn wound_score(&self, wounds: CardSet) -> u8 {
        let (mut a, mut b) = (0u8, 0u8);
        for c in wounds {
            let m = self.wounds[c as usize].modifier;
            if m > a {
                b = a;
                a = m;
            } else if m > b {
                b = m;
            }
        }
        a.saturating_add(b)
    }

    /// The `n` most severe cards of `wounds`.
    pub fn most_severe(&self, wounds: CardSet, n: usize) -> CardSet {
        self.wounds_by_severity
            .iter()
            .copied()
            .filter(|&c| wounds.contains(c))
            .take(n)
            .collect()
    }
}

fn load_monsters(text: &str) -> Result<(Vec<Monster>, Vec<String>), DeckError> {
    const FILE: &str = "monsters.toml";
    let raw: Vec<RawMonster> = parse(FILE, text)?;
    let mut names: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for (i, mut m) in raw.into_iter().enumerate() {
        m.name = shown(m.name);
        m.description = shown(m.description);
        let card = |problem| DeckError::Card {
            file: FILE,
            position: i + 1,
            name: m.name.clone(),
            problem,
        };
        let power = in_range("power", m.power, 0, 100, "0 to 100").map_err(card)?;
        let count = match m.count {
            Some(c) => in_range("count", c, 1, 64, "1 to 64").map_err(card)?,
            None => 1,
        };
        let kind = match names.iter().position(|n| *n == m.name) {
            Some(k) => k,
            None => {
                names.push(m.name.clone());
                names.len() - 1
            }
        } as u8;
        for _ in 0..count {
            out.push(Monster {
                name: m.name.clone(),
                power,
                kind,
                description: m.description.clone(),
            });
        }
        check_size(FILE, out.len())?;
    }
    check_size(FILE, out.len())?;
    Ok((out, names))
}

fn load_treasures(text: &str) -> Result<Vec<Treasure>, DeckError> {
    const FILE: &str = "treasures.toml";
    let raw: Vec<RawTreasure> = parse(FILE, text)?;
    check_size(FILE, raw.len())?;
    raw.into_iter()
        .enumerate()
        .map(|(i, mut t)| {
            t.name = shown(t.name);
            let card = |problem| DeckError::Card {
                file: FILE,
                position: i + 1,
                name: t.name.clone(),
                problem,
            };
            let value = in_range32("value", t.value).map_err(card)?;
            let number = in_range32("number", t.number).map_err(card)?;
            let kind = match t.kind.as_str() {
                "plain" => TreasureKind::Plain,
                "weapon" => TreasureKind::Weapon,
                "armor" => TreasureKind::Armor,
                other => return Err(card(CardProblem::UnknownKind(other.to_owned()))),
            };
            let bonus = match (kind, t.bonus) {
                (TreasureKind::Plain, None) => 0,
                (TreasureKind::Plain, Some(_)) => return Err(card(CardProblem::BonusOnPlain)),
                (k, None) => {
                    let kind = if k == TreasureKind::Weapon {
                        "weapon"
                    } else {
                        "armor"
                    };
                    return Err(card(CardProblem::MissingBonus { kind }));
                }
                (_, Some(b)) => in_range("bonus", b, 1, 50, "1 to 50").map_err(card)?,
            };
            Ok(Treasure {
                number,
                name: t.name,
                value,
                kind,
                bonus,
            })
        })
        .collect()
}

fn in_range32(field: &'static str, value: i64) -> Result<u32, CardProblem> {
    if !(0..=1_000_000).contains(&value) {
        return Err(CardProblem::OutOfRange {
            field,
            value,
            expected: "0 to 1000000",
        });
    }
    Ok(value as u32)
}

fn load_wounds(text: &str) -> Result<Vec<Wound>, DeckError> {
    const FILE: &str = "wounds.toml";
    let raw: Vec<RawWound> = parse(FILE, text)?;
    check_size(FILE, raw.len())?;
    raw.into_iter()
        .enumerate()
        .map(|(i, mut w)| {
            w.title = shown(w.title);
            let modifier =
                in_range("modifier", w.modifier, 0, 20, "0 to 20").map_err(|problem| {
                    DeckError::Card {
                        file: FILE,
                        position: i + 1,
                        name: w.title.clone(),
                        problem,
                    }
                })?;
            Ok(Wound {
                number: w
                    .number
                    .map_or(i as u32 + 1, |n| n.clamp(0, u32::MAX as i64) as u32),
                title: w.title,
                modifier,
            })
        })
        .collect()
}

fn load_events(text: &str, monster_names: &[String]) -> Result<Vec<Event>, DeckError> {
    const FILE: &str = "events.toml";
    let raw: Vec<RawEvent> = parse(FILE, text)?;
    check_size(FILE, raw.len())?;
    raw.into_iter()
        .enumerate()
        .map(|(i, mut e)| {
            e.title = shown(e.title);
            e.text = shown(e.text);
            e.monster = e.monster.map(shown);
            let (effect, keep) =
                event_effect(&e, monster_names).map_err(|problem| DeckError::Card {
                    file: FILE,
                    position: i + 1,
                    name: e.title.clone(),
                    problem,
                })?;
            Ok(Event {
                number: e
                    .number
                    .map_or(i as u32 + 1, |n| n.clamp(0, u32::MAX as i64) as u32),
                title: e.title,
                text: e.text,
                effect,
                keep,
            })
        })
        .collect()
}

/// Whether an effect can be kept: `Some(true)` must be, `Some(false)` may be, `None` cannot.
fn keep_rule(effect: &Effect) -> Option<bool> {
    match effect {
        Effect::Shortcut | Effect::Healing { .. } => Some(false),
        Effect::Rage { .. } | Effect::Reroll | Effect::Dodge { .. } | Effect::Revenge => Some(true),
        _ => None,
    }
}

fn event_effect(e: &RawEvent, monster_names: &[String]) -> Result<(Effect, bool), CardProblem> {
    let name: &'static str = EFFECT_NAMES
        .iter()
        .find(|n| **n == e.effect)
        .ok_or_else(|| CardProblem::UnknownEffect(e.effect.clone()))?;
    let fields: [(&'static str, bool); 10] = [
        ("die_at_least", e.die_at_least.is_some()),
        ("die_at_most", e.die_at_most.is_some()),
        ("treasure", e.treasure.is_some()),
        ("steps", e.steps.is_some()),
        ("wounds", e.wounds.is_some()),
        ("power", e.power.is_some()),
        ("die_plus", e.die_plus.is_some()),
        ("monster", e.monster.is_some()),
        ("cards", e.cards.is_some()),
        ("bonus", e.bonus.is_some()),
    ];
    let used: &[&str] = match name {
        "secret" => &["die_at_least", "treasure"],
        "tunnel" => &["steps"],
        "trap" => &["die_at_most"],
        "healing" => &["wounds"],
        "hoard" => &["power", "die_plus", "monster"],
        "loot" => &["treasure"],
        "ambush" => &["cards"],
        "quest" => &["monster", "treasure"],
        "rage" | "dodge" => &["bonus"],
        _ => &[],
    };
    if let Some((field, _)) = fields.iter().find(|(f, set)| *set && !used.contains(f)) {
        return Err(CardProblem::UnexpectedField {
            effect: name,
            field,
        });
    }
    let need = |field: &'static str, v: Option<i64>| {
        v.ok_or(CardProblem::MissingField {
            effect: name,
            field,
        })
    };
    let monster = |n: &Option<String>| -> Result<Option<u8>, CardProblem> {
        n.as_ref()
            .map(|n| {
                monster_names
                    .iter()
                    .position(|m| m == n)
                    .map(|k| k as u8)
                    .ok_or_else(|| CardProblem::UnknownMonster(n.clone()))
            })
            .transpose()
    };
    let count = |field, v| in_range(field, v, 1, 64, "1 to 64");
    let effect = match name {
        "secret" => Effect::Secret {
            die_at_least: in_range(
                "die_at_least",
                need("die_at_least", e.die_at_least)?,
                1,
                6,
                "1 to 6",
            )?,
            treasure: count("treasure", need("treasure", e.treasure)?)?,
        },
        "shortcut" => Effect::Shortcut,
        "tunnel" => {
            let steps = need("steps", e.steps)?;
            if steps == 0 || steps.abs() >= 20 || steps % 5 == 0 {
                return Err(CardProblem::BadTunnel(steps));
            }
            Effect::Tunnel { steps: steps as i8 }
        }
        "spelunk" => Effect::Spelunk,
        "cave_in" => Effect::CaveIn,
        "trap" => Effect::Trap {
            die_at_most: in_range(
                "die_at_most",
                need("die_at_most", e.die_at_most)?,
                0,
                6,
                "0 to 6",
            )?,
        },
        "healing" => Effect::Healing {
            wounds: count("wounds", need("wounds", e.wounds)?)?,
        },
        "hoard" => Effect::Hoard {
            power: in_range("power", need("power", e.power)?, 0, 100, "0 to 100")?,
            die_plus: in_range("die_plus", need("die_plus", e.die_plus)?, 0, 58, "0 to 58")?,
            monster: monster(&e.monster)?,
        },
        "loot" => Effect::Loot {
            treasure: count("treasure", need("treasure", e.treasure)?)?,
        },
        "ambush" => Effect::Ambush {
            cards: count("cards", need("cards", e.cards)?)?,
        },
        "quest" => Effect::Quest {
            monster: monster(&e.monster)?.ok_or(CardProblem::MissingField {
                effect: name,
                field: "monster",
            })?,
            treasure: count("treasure", need("treasure", e.treasure)?)?,
        },
        "rage" => Effect::Rage {
            bonus: in_range("bonus", need("bonus", e.bonus)?, 1, 20, "1 to 20")?,
        },
        "level_up" => Effect::LevelUp,
        "reroll" => Effect::Reroll,
        "dodge" => Effect::Dodge {
            bonus: in_range("bonus", need("bonus", e.bonus)?, 1, 20, "1 to 20")?,
        },
        _ => Effect::Revenge,
    };
    match (keep_rule(&effect), e.keep) {
        (Some(true), false) => Err(CardProblem::MustKeep(name)),
        (None, true) => Err(CardProblem::CannotKeep(name)),
        _ => Ok((effect, e.keep)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn std_files() -> [String; 4] {
        Decks::standard_files().map(|(_, t)| t.to_owned())
    }

    fn load(files: &[String; 4]) -> Result<Decks, DeckError> {
        Decks::from_strs(&files[0], &files[1], &files[2], &files[3])
    }

    #[test]
    fn a_hands_value_by_bytes_is_the_sum_of_its_cards() {
        let d = Decks::standard();
        let mut rng = gameshelf_engine::Rng::seed_from_u64(7);
        for _ in 0..1_000 {
            let hand = CardSet::from_bits(rng.next_u64() & CardSet::full(32).bits());
            let naive: u32 = hand.iter().map(|c| d.treasures[c as usize].value).sum();
            assert_eq!(d.treasure_value(hand), naive, "{hand:?}");
        }
    }

    #[test]
    fn standard_decks_match_the_oracles() {
        let d = Decks::standard();
        assert_eq!(d.monsters.len(), 32);
        assert_eq!(d.monsters.iter().map(|m| m.power as u32).sum::<u32>(), 175);
        assert_eq!(d.monster_names.len(), 10);
        assert_eq!(d.treasures.len(), 32);
        assert_eq!(d.treasure_value(CardSet::full(32)), 22_600);
        assert_eq!(d.treasure_value(d.weapons), 4_300);
        assert_eq!(d.treasure_value(d.armors), 4_800);
        let bonus = |s: CardSet| {
            s.iter()
                .map(|c| d.treasures[c as usize].bonus as u32)
                .sum::<u32>()
        };
        assert_eq!((bonus(d.weapons), bonus(d.armors)), (21, 21));
        assert_eq!(d.events.len(), 32);
        assert_eq!(d.events.iter().filter(|e| e.keep).count(), 11);
        assert_eq!(d.wounds.len(), 32);
        assert_eq!(d.wounds.iter().map(|w| w.modifier as u32).sum::<u32>(), 40);
        assert_eq!(d.wound_score(CardSet::full(32)), 8);
        // Interchangeable cards share a key: the two Recovery! cards (28, 29 -> index 27).
        assert_eq!(d.event_key[28], 27);
        assert_eq!(
            d.event_key[15], 15,
            "Healing Waters for 2 differs from the others"
        );
        assert_eq!(d.monster_copies[0].len(), 3, "three Squasc");
        assert_eq!(d.event_copies[6].len(), 4, "four Spelunk");
        assert_eq!(
            d.event_copies[17].len(),
            1,
            "Skeleton and Pin Cushion differ in title"
        );
        assert_eq!(d.wound_copies[0], CardSet::from_bits(1 | 1 << 16));
    }

    fn expect_card_error(which: usize, from: &str, to: &str, want: CardProblem) {
        let mut files = std_files();
        assert!(files[which].contains(from), "{from}");
        files[which] = files[which].replacen(from, to, 1);
        match load(&files) {
            Err(DeckError::Card { problem, .. }) => assert_eq!(problem, want),
            other => panic!("expected {want:?}, got {other:?}"),
        }
    }

    #[test]
    fn negative_power_is_named_with_file_and_card() {
        let mut files = std_files();
        files[0] = files[0].replacen("power = 4", "power = -4", 1);
        let e = load(&files).unwrap_err();
        assert_eq!(
            e.to_string(),
            "monsters.toml: card 4 (Ogre): power = -4 is out of range (expected 0 to 100)"
        );
    }

    #[test]
    fn treasure_errors() {
        expect_card_error(
            1,
            "kind = \"weapon\"\nbonus = 1",
            "kind = \"weapon\"",
            CardProblem::MissingBonus { kind: "weapon" },
        );
        expect_card_error(
            1,
            "kind = \"plain\"",
            "kind = \"plain\"\nbonus = 2",
            CardProblem::BonusOnPlain,
        );
        expect_card_error(
            1,
            "kind = \"plain\"",
            "kind = \"gem\"",
            CardProblem::UnknownKind("gem".into()),
        );
        expect_card_error(
            1,
            "value = 200",
            "value = -1",
            CardProblem::OutOfRange {
                field: "value",
                value: -1,
                expected: "0 to 1000000",
            },
        );
    }

    #[test]
    fn event_errors() {
        expect_card_error(
            2,
            "effect = \"spelunk\"",
            "effect = \"teleport\"",
            CardProblem::UnknownEffect("teleport".into()),
        );
        expect_card_error(
            2,
            "monster = \"Manticore\"",
            "monster = \"Griffin\"",
            CardProblem::UnknownMonster("Griffin".into()),
        );
        expect_card_error(
            2,
            "die_at_least = 5\n",
            "",
            CardProblem::MissingField {
                effect: "secret",
                field: "die_at_least",
            },
        );
        expect_card_error(
            2,
            "effect = \"spelunk\"",
            "effect = \"spelunk\"\nbonus = 1",
            CardProblem::UnexpectedField {
                effect: "spelunk",
                field: "bonus",
            },
        );
        expect_card_error(
            2,
            "effect = \"reroll\"\nkeep = true",
            "effect = \"reroll\"",
            CardProblem::MustKeep("reroll"),
        );
        expect_card_error(
            2,
            "effect = \"spelunk\"",
            "effect = \"spelunk\"\nkeep = true",
            CardProblem::CannotKeep("spelunk"),
        );
        expect_card_error(2, "steps = 4", "steps = 5", CardProblem::BadTunnel(5));
    }

    #[test]
    fn wound_and_deck_errors() {
        expect_card_error(
            3,
            "modifier = 4",
            "modifier = -2",
            CardProblem::OutOfRange {
                field: "modifier",
                value: -2,
                expected: "0 to 20",
            },
        );
        let mut files = std_files();
        files[3] = "card = []".to_owned();
        assert!(matches!(
            load(&files),
            Err(DeckError::Deck {
                file: "wounds.toml",
                problem: DeckProblem::Empty
            })
        ));
        let mut files = std_files();
        files[0] = files[0].replacen("count = 3", "count = 40", 1);
        let e = load(&files).unwrap_err();
        assert!(matches!(
            e,
            DeckError::Deck {
                problem: DeckProblem::TooLarge(_),
                ..
            }
        ));
        let mut files = std_files();
        files[1] = files[1].replacen("value = 200", "valeu = 200", 1);
        let e = load(&files).unwrap_err();
        assert!(
            matches!(
                e,
                DeckError::Syntax {
                    file: "treasures.toml",
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("valeu"), "{e}");
    }

    #[test]
    fn control_characters_in_card_names_are_kept_escaped() {
        let mut files = std_files();
        files[0] = files[0].replace("\"Dragon\"", "\"Dra\\u001b]0;pwned\\u0007gon\"");
        files[2] = files[2].replace("\"Dragon\"", "\"Dra\\u001b]0;pwned\\u0007gon\"");
        // The event that names the monster still finds it: both names are escaped alike.
        let d = load(&files).unwrap();
        let dragon = d
            .monsters
            .iter()
            .find(|m| m.name.starts_with("Dra"))
            .unwrap();
        assert_eq!(dragon.name, "Dra\\u{1b}]0;pwned\\u{7}gon");
    }

    #[test]
    fn load_dir_reads_a_copy_and_reports_missing_files() {
        let dir = std::env::temp_dir().join(format!("oubliette-decks-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in Decks::standard_files() {
            std::fs::write(dir.join(name), text).unwrap();
        }
        assert_eq!(Decks::load_dir(&dir).unwrap(), *Decks::standard());
        std::fs::remove_file(dir.join("wounds.toml")).unwrap();
        let e = Decks::load_dir(&dir).unwrap_err();
        assert!(matches!(e, DeckError::File(_)));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
