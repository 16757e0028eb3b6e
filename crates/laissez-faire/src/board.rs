//! The board as data: a TOML file of 40 spaces, validated into a [`Board`].
//!
//! The file format is documented at the top of `data/board.toml` (the default board of the
//! rulings, B9) and in `docs/rules/laissez-faire.md`. A designer copies the file, edits it and
//! loads it with [`Board::load`]; every mistake is reported as a [`BoardError`] that names the
//! bad entry (space index and name, or city) and what is wrong with it.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use gameshelf_engine::escape_controls;
use gameshelf_engine::file::{FileError, read_text};
use gameshelf_engine::limits::DATA_BYTES;
use serde::{Deserialize, Serialize};

/// Spaces on a board.
pub const SPACES: usize = 40;
/// Sides of a board (each has a corner, two cities and a transit company).
pub const SIDES: usize = 4;
/// Cities on a board (two per side).
pub const CITIES: usize = 8;
/// Spaces along each side of the square board, both corners included.
pub const RING_SIDE: usize = SPACES / SIDES + 1;

/// The cell `(column, row)` of a space on the square board of [`RING_SIDE`] x [`RING_SIDE`]
/// cells, `(0, 0)` top-left, as on a real board: Start bottom-right, then clockwise along
/// the bottom (Jail bottom-left), up the left (Rest top-left), along the top (Go To Jail
/// top-right) and down the right. Every front end draws the ring with it.
///
/// # Panics
/// If `space` is not on the ring (`0..40`).
pub fn ring_cell(space: usize) -> (usize, usize) {
    let last = RING_SIDE - 1;
    match space {
        0..=10 => (last - space, last),
        11..=20 => (0, 2 * last - space),
        21..=30 => (space - 2 * last, 0),
        31..=39 => (last, space - 3 * last),
        _ => panic!("space {space} is not on the 40-space ring"),
    }
}

/// Building levels: no house, 1 house, 2 houses, apartment.
pub const LEVELS: usize = 4;
/// The highest building level (an apartment).
pub const APARTMENT: u8 = 3;

/// The most dollars any figure of a board file may be (cash, salary, prices, rents,
/// fares, taxes): a million, 500 times the largest figure of the default board. With every
/// figure within it, the sums and products the rules form from them (a rent times a
/// multiplier, a fee plus its tenths, the deeds of a whole board) stay far inside the 32
/// bits that hold money, and a player's cash, which can only grow by such sums, stops at
/// its ceiling rather than wrapping.
pub const MAX_MONEY: u32 = 1_000_000;
/// The largest dice multiplier of a utility: 1000 (the default board's are 4 and 10).
pub const MAX_MULTIPLIER: u32 = 1_000;

/// The default board's text, embedded.
const DEFAULT_BOARD: &str = include_str!("../data/board.toml");

/// What a space is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceKind {
    /// The Start corner: passing or landing on it pays the salary.
    Start,
    /// The Jail corner (visiting is a free stay).
    Jail,
    /// The Rest corner: a free stay.
    Rest,
    /// Go To Jail: the jail fee is that of side `fee_side`.
    GoToJail {
        /// The side whose house price sets the jail fee.
        fee_side: u8,
    },
    /// A street property of a city, where players lodge.
    Property {
        /// Its city.
        city: u8,
        /// Bank rents, `[no monopoly, monopoly][level]`.
        rent: [[u32; LEVELS]; 2],
    },
    /// The transit company of a side, joining its two cities.
    Transit {
        /// Fares by the number of transit companies owned (1..=4).
        fares: [u32; SIDES],
        /// The two cities it joins.
        connects: [u8; 2],
    },
    /// A utility of a city.
    Utility {
        /// Its city.
        city: u8,
        /// Dice multipliers by the number of utilities owned (1, 2).
        multipliers: [u32; 2],
    },
    /// A tax space of a city.
    Tax {
        /// Its city.
        city: u8,
        /// The tax.
        amount: u32,
    },
    /// A blank space of a city.
    Blank {
        /// Its city.
        city: u8,
    },
}

/// One space of a validated board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Space {
    /// Its name.
    pub name: String,
    /// What it is.
    pub kind: SpaceKind,
    /// Deed price (0 for spaces without a deed).
    pub price: u32,
    /// Mortgage value, used only for net worth (0 without a deed).
    pub mortgage: u32,
}

impl Space {
    /// Whether the space has a deed (property, transit company or utility).
    pub fn is_deed(&self) -> bool {
        matches!(
            self.kind,
            SpaceKind::Property { .. } | SpaceKind::Transit { .. } | SpaceKind::Utility { .. }
        )
    }

    /// The city the space belongs to (none for corners and transit companies).
    pub fn city(&self) -> Option<u8> {
        match self.kind {
            SpaceKind::Property { city, .. }
            | SpaceKind::Utility { city, .. }
            | SpaceKind::Tax { city, .. }
            | SpaceKind::Blank { city } => Some(city),
            _ => None,
        }
    }
}

/// A city: a colour group of one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct City {
    /// Its name.
    pub name: String,
    /// Its side (0..4).
    pub side: u8,
    /// Its street properties, as a bit mask of space indices.
    pub properties: u64,
}

/// A validated board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The board's name.
    pub name: String,
    /// Each player's cash at the start.
    pub start_cash: u32,
    /// The salary for passing or landing on Start.
    pub start_salary: u32,
    /// House price per side.
    pub house_prices: [u32; SIDES],
    /// The cities, in file order.
    pub cities: Vec<City>,
    /// The 40 spaces in board order.
    pub spaces: Vec<Space>,
    /// The Jail corner.
    pub jail: u8,
    /// The transit company of each side.
    pub transit_of_side: [u8; SIDES],
    /// Every deed, as a bit mask of space indices.
    pub deeds: u64,
    /// Every transit company, as a bit mask.
    pub transits: u64,
    /// Every utility, as a bit mask.
    pub utilities: u64,
    /// For each space, the first utility at a higher index, wrapping past Start (B-08).
    pub forward_utility: [u8; SPACES],
    fingerprint: String,
}

/// Why a board file was rejected. Every variant names the bad entry.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The file cannot be read: missing, not a regular file, or larger than
    /// [`gameshelf_engine::limits::DATA_BYTES`].
    #[error(transparent)]
    File(#[from] FileError),
    /// The file is not valid TOML for the format (a missing field, a wrong type).
    #[error("board file is not in the board format: {0}")]
    Format(String),
    /// The file does not list exactly 40 spaces in order.
    #[error("a board has exactly {SPACES} spaces listed in order 0..39; {0}")]
    Layout(String),
    /// A space is wrong.
    #[error("space {index} ({name}): {problem}")]
    Space {
        /// Its index.
        index: usize,
        /// Its name.
        name: String,
        /// What is wrong.
        problem: String,
    },
    /// A city is wrong.
    #[error("city {name}: {problem}")]
    City {
        /// Its name.
        name: String,
        /// What is wrong.
        problem: String,
    },
    /// A side is wrong.
    #[error("side {side}: {problem}")]
    Side {
        /// The side (0..4).
        side: usize,
        /// What is wrong.
        problem: String,
    },
}

/// The file as written, before validation.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    name: String,
    start_cash: u32,
    start_salary: u32,
    house_prices: [u32; SIDES],
    cities: Vec<RawCity>,
    spaces: Vec<RawSpace>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCity {
    name: String,
    side: u8,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpace {
    index: usize,
    kind: String,
    name: String,
    city: Option<String>,
    price: Option<u32>,
    mortgage: Option<u32>,
    rent: Option<[u32; LEVELS]>,
    rent_monopoly: Option<[u32; LEVELS]>,
    fares: Option<[u32; SIDES]>,
    connects: Option<[String; 2]>,
    multipliers: Option<[u32; 2]>,
    amount: Option<u32>,
    fee_side: Option<u8>,
}

impl Board {
    /// The default board of the rulings (B9), parsed once and shared.
    ///
    /// # Panics
    /// Never in a release: the embedded file is checked by the crate's tests.
    pub fn standard() -> Arc<Board> {
        static STANDARD: OnceLock<Arc<Board>> = OnceLock::new();
        STANDARD
            .get_or_init(|| Arc::new(Board::parse(DEFAULT_BOARD).expect("default board is valid")))
            .clone()
    }

    /// Loads and validates a board file.
    ///
    /// # Errors
    /// [`BoardError::File`] when the file cannot be read (see [`gameshelf_engine::file`]);
    /// otherwise as [`Board::parse`].
    pub fn load(path: impl AsRef<Path>) -> Result<Board, BoardError> {
        let text = read_text(path.as_ref(), DATA_BYTES, "a board file")?;
        Board::parse(&text)
    }

    /// Parses and validates the text of a board file.
    ///
    /// # Errors
    /// [`BoardError::Format`] for TOML that does not fit the format, and
    /// [`BoardError::Layout`], [`BoardError::Space`], [`BoardError::City`] or
    /// [`BoardError::Side`] naming the entry that breaks a rule of the board (rulings B2, B8).
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let raw: RawBoard = toml::from_str(text).map_err(|e| BoardError::Format(e.to_string()))?;
        let canonical =
            serde_json::to_string(&raw).map_err(|e| BoardError::Format(e.to_string()))?;
        validate(raw, gameshelf_engine::fingerprint(&canonical))
    }

    /// The fingerprint of the board's data, for records.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// The side of a space (0..4): spaces 1-10 are side 0 ... 31-39 and 0 side 3, except
    /// that corners carry their own side: 0 (Start) side 0, 10 side 1, 20 side 2, 30 side 3.
    pub fn side(space: u8) -> u8 {
        space / 10
    }

    /// The house price on the side of `space`.
    pub fn house_price(&self, space: u8) -> u32 {
        self.house_prices[Board::side(space) as usize]
    }
}

/// The first of `figures` above `max`, as `field = value`.
fn above<'a>(
    max: u32,
    figures: impl IntoIterator<Item = (&'a str, &'a [u32])>,
) -> Option<(&'a str, u32)> {
    figures
        .into_iter()
        .find_map(|(field, values)| values.iter().find(|&&v| v > max).map(|&v| (field, v)))
}

/// What a board file says when a figure is above its bound.
fn too_much(field: &str, value: u32, max: u32) -> String {
    format!("{field} = {value} is above {max}, the most a board accepts")
}

fn validate(raw: RawBoard, fingerprint: String) -> Result<Board, BoardError> {
    let board_figures = [
        ("start_cash", std::slice::from_ref(&raw.start_cash)),
        ("start_salary", std::slice::from_ref(&raw.start_salary)),
    ];
    if let Some((field, v)) = above(MAX_MONEY, board_figures) {
        return Err(BoardError::Layout(too_much(field, v, MAX_MONEY)));
    }
    for (side, &h) in raw.house_prices.iter().enumerate() {
        if h == 0 || h % 10 != 0 || h > MAX_MONEY {
            return Err(BoardError::Side {
                side,
                problem: format!(
                    "house price {h} is not a positive multiple of 10 up to {MAX_MONEY}"
                ),
            });
        }
    }
    if raw.cities.len() != CITIES {
        return Err(BoardError::Layout(format!(
            "{} cities are listed, a board has {CITIES} (two per side)",
            raw.cities.len()
        )));
    }
    let mut cities: Vec<City> = Vec::with_capacity(CITIES);
    for c in &raw.cities {
        let bad = |problem: &str| BoardError::City {
            name: c.name.clone(),
            problem: problem.to_owned(),
        };
        if c.side as usize >= SIDES {
            return Err(bad("side must be 0..3"));
        }
        if cities.iter().any(|o| o.name == c.name) {
            return Err(bad("is listed twice"));
        }
        cities.push(City {
            name: c.name.clone(),
            side: c.side,
            properties: 0,
        });
    }
    if raw.spaces.len() != SPACES {
        return Err(BoardError::Layout(format!(
            "{} spaces are listed",
            raw.spaces.len()
        )));
    }
    let mut spaces = Vec::with_capacity(SPACES);
    let (mut jail, mut go_to_jail) = (None, None);
    let mut transit_of_side = [None; SIDES];
    let (mut deeds, mut transits, mut utilities) = (0u64, 0u64, 0u64);
    for (i, r) in raw.spaces.iter().enumerate() {
        let bad = |problem: String| BoardError::Space {
            index: i,
            name: r.name.clone(),
            problem,
        };
        let money = [
            ("price", r.price.as_slice()),
            ("mortgage", r.mortgage.as_slice()),
            ("rent", r.rent.as_ref().map_or(&[][..], |a| a.as_slice())),
            (
                "rent_monopoly",
                r.rent_monopoly.as_ref().map_or(&[][..], |a| a.as_slice()),
            ),
            ("fares", r.fares.as_ref().map_or(&[][..], |a| a.as_slice())),
            ("amount", r.amount.as_slice()),
        ];
        if let Some((field, v)) = above(MAX_MONEY, money) {
            return Err(bad(too_much(field, v, MAX_MONEY)));
        }
        let multipliers = [(
            "multipliers",
            r.multipliers.as_ref().map_or(&[][..], |a| a.as_slice()),
        )];
        if let Some((field, v)) = above(MAX_MULTIPLIER, multipliers) {
            return Err(bad(too_much(field, v, MAX_MULTIPLIER)));
        }
        if r.index != i {
            return Err(bad(format!(
                "is listed at position {i} but says index {}",
                r.index
            )));
        }
        let need = |v: Option<u32>, field: &str| v.ok_or_else(|| bad(format!("needs `{field}`")));
        let city_named = |name: &str| {
            cities
                .iter()
                .position(|c| c.name == name)
                .map(|c| c as u8)
                .ok_or_else(|| bad(format!("names city {name:?}, which is not listed")))
        };
        let own_city = || -> Result<u8, BoardError> {
            let name = r
                .city
                .as_deref()
                .ok_or_else(|| bad("needs `city`".to_owned()))?;
            let c = city_named(name)?;
            if cities[c as usize].side != Board::side(i as u8) {
                return Err(bad(format!("city {name} is not on this space's side")));
            }
            Ok(c)
        };
        let corner = i % 10 == 0;
        let is_corner_kind = matches!(r.kind.as_str(), "start" | "jail" | "rest" | "go_to_jail");
        if corner != is_corner_kind {
            return Err(bad(format!(
                "a {} cannot be at index {i}: corners are exactly spaces 0, 10, 20 and 30",
                r.kind
            )));
        }
        let (mut price, mut mortgage) = (0, 0);
        let mut deed = |kind: SpaceKind| -> Result<SpaceKind, BoardError> {
            price = need(r.price, "price")?;
            mortgage = need(r.mortgage, "mortgage")?;
            if price == 0 || mortgage > price {
                return Err(bad(
                    "a deed needs a positive price and mortgage <= price".to_owned()
                ));
            }
            deeds |= 1 << i;
            Ok(kind)
        };
        let kind = match r.kind.as_str() {
            "start" if i == 0 => SpaceKind::Start,
            "start" => return Err(bad("Start must be space 0".to_owned())),
            "jail" => {
                if jail.replace(i as u8).is_some() {
                    return Err(bad("a second jail".to_owned()));
                }
                SpaceKind::Jail
            }
            "rest" => SpaceKind::Rest,
            "go_to_jail" => {
                if go_to_jail.replace(i).is_some() {
                    return Err(bad("a second go_to_jail".to_owned()));
                }
                let fee_side = r
                    .fee_side
                    .filter(|&s| (s as usize) < SIDES)
                    .ok_or_else(|| bad("needs `fee_side` 0..3".to_owned()))?;
                SpaceKind::GoToJail { fee_side }
            }
            "property" => {
                let city = own_city()?;
                let rent = [
                    r.rent.ok_or_else(|| bad("needs `rent`".to_owned()))?,
                    r.rent_monopoly
                        .ok_or_else(|| bad("needs `rent_monopoly`".to_owned()))?,
                ];
                cities[city as usize].properties |= 1 << i;
                deed(SpaceKind::Property { city, rent })?
            }
            "transit" => {
                if i % 10 != 5 {
                    return Err(bad(
                        "a transit company is the middle space of a side".to_owned()
                    ));
                }
                let names = r
                    .connects
                    .as_ref()
                    .ok_or_else(|| bad("needs `connects`".to_owned()))?;
                let connects = [city_named(&names[0])?, city_named(&names[1])?];
                let side = Board::side(i as u8);
                if connects[0] == connects[1]
                    || connects.iter().any(|&c| cities[c as usize].side != side)
                {
                    return Err(bad(
                        "must connect the two different cities of its own side".to_owned()
                    ));
                }
                let fares = r.fares.ok_or_else(|| bad("needs `fares`".to_owned()))?;
                transit_of_side[side as usize] = Some(i as u8);
                transits |= 1 << i;
                deed(SpaceKind::Transit { fares, connects })?
            }
            "utility" => {
                let city = own_city()?;
                let multipliers = r
                    .multipliers
                    .ok_or_else(|| bad("needs `multipliers`".to_owned()))?;
                utilities |= 1 << i;
                deed(SpaceKind::Utility { city, multipliers })?
            }
            "tax" => SpaceKind::Tax {
                city: own_city()?,
                amount: need(r.amount, "amount")?,
            },
            "blank" => SpaceKind::Blank { city: own_city()? },
            other => {
                return Err(bad(format!(
                    "unknown kind {other:?}; expected start, jail, rest, go_to_jail, property, \
                     transit, utility, tax or blank"
                )));
            }
        };
        spaces.push(Space {
            name: escape_controls(&r.name).into_owned(),
            kind,
            price,
            mortgage,
        });
    }
    for (side, t) in transit_of_side.iter().enumerate() {
        if t.is_none() {
            return Err(BoardError::Side {
                side,
                problem: "has no transit company at its middle space".to_owned(),
            });
        }
    }
    for c in &cities {
        if c.properties == 0 {
            return Err(BoardError::City {
                name: c.name.clone(),
                problem: "has no street property".to_owned(),
            });
        }
    }
    for side in 0..SIDES as u8 {
        if cities.iter().filter(|c| c.side == side).count() != 2 {
            return Err(BoardError::Side {
                side: side as usize,
                problem: "needs exactly two cities".to_owned(),
            });
        }
    }
    let jail = jail.ok_or_else(|| BoardError::Layout("no jail corner".to_owned()))?;
    if go_to_jail.is_none() {
        return Err(BoardError::Layout("no go_to_jail corner".to_owned()));
    }
    if utilities == 0 {
        return Err(BoardError::Layout("no utility".to_owned()));
    }
    let mut forward_utility = [0u8; SPACES];
    for (i, f) in forward_utility.iter_mut().enumerate() {
        *f = (1..=SPACES)
            .map(|k| ((i + k) % SPACES) as u8)
            .find(|&j| utilities & (1 << j) != 0)
            .unwrap_or_default();
    }
    // Names are shown to players: a control character in one is kept as its escape.
    for c in &mut cities {
        c.name = escape_controls(&c.name).into_owned();
    }
    Ok(Board {
        name: escape_controls(&raw.name).into_owned(),
        start_cash: raw.start_cash,
        start_salary: raw.start_salary,
        house_prices: raw.house_prices,
        cities,
        spaces,
        jail,
        transit_of_side: transit_of_side.map(Option::unwrap_or_default),
        deeds,
        transits,
        utilities,
        forward_utility,
        fingerprint,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edited(from: &str, to: &str) -> BoardError {
        assert!(DEFAULT_BOARD.contains(from), "{from}");
        Board::parse(&DEFAULT_BOARD.replacen(from, to, 1)).unwrap_err()
    }

    /// Rulings B10, "Default board".
    #[test]
    fn default_board_matches_the_rulings() {
        let b = Board::standard();
        assert_eq!(b.spaces.len(), 40);
        assert_eq!(b.deeds.count_ones(), 28);
        assert_eq!(b.transits.count_ones(), 4);
        assert_eq!(b.utilities.count_ones(), 2);
        let props: u64 = b.cities.iter().map(|c| c.properties).fold(0, |a, m| a | m);
        assert_eq!(props.count_ones(), 22);
        assert_eq!(b.cities.len(), 8);
        let total: u32 = (0..40)
            .filter(|i| props & (1 << i) != 0)
            .map(|i| b.spaces[i].price)
            .sum();
        assert_eq!(total, 4590);
        let per_city: Vec<u32> = b.cities.iter().map(|c| c.properties.count_ones()).collect();
        assert_eq!(per_city, [2, 3, 3, 3, 3, 3, 3, 2]);
        // Forward utility (B10): 13..27 pay 28; 29..39 and 0..11 pay 12.
        for (from, to) in [
            (14, 28),
            (13, 28),
            (27, 28),
            (29, 12),
            (11, 12),
            (39, 12),
            (1, 12),
        ] {
            assert_eq!(b.forward_utility[from], to, "from {from}");
        }
        assert_eq!(b.house_prices, [50, 100, 150, 200]);
        assert_eq!(b.spaces[30].kind, SpaceKind::GoToJail { fee_side: 2 });
    }

    #[test]
    fn errors_name_the_bad_entry() {
        let e = edited("house_prices = [50,", "house_prices = [55,").to_string();
        assert!(e.contains("side 0") && e.contains("multiple of 10"), "{e}");
        let e = edited(
            "index = 3\nkind = \"property\"\nname = \"Tile Row\"\ncity = \"Lisbon\"",
            "index = 3\nkind = \"property\"\nname = \"Tile Row\"\ncity = \"Kyoto\"",
        )
        .to_string();
        assert!(
            e.contains("space 3 (Tile Row)") && e.contains("not on this space's side"),
            "{e}"
        );
        let e = edited(
            "connects = [\"Lisbon\", \"Porto\"]",
            "connects = [\"Lisbon\", \"Lisbon\"]",
        )
        .to_string();
        assert!(e.contains("space 5 (Coastline Rail)"), "{e}");
        let e = edited(
            "kind = \"blank\"\nname = \"Lisbon Square\"",
            "kind = \"castle\"\nname = \"Lisbon Square\"",
        )
        .to_string();
        assert!(
            e.contains("space 2 (Lisbon Square)") && e.contains("unknown kind"),
            "{e}"
        );
        let e = edited("fee_side = 2", "fee_side = 9").to_string();
        assert!(
            e.contains("space 30 (Go To Jail)") && e.contains("fee_side"),
            "{e}"
        );
        let e = edited("index = 39", "index = 38").to_string();
        assert!(e.contains("space 39 (Bayside Terrace)"), "{e}");
        assert!(matches!(
            Board::parse("name = 3"),
            Err(BoardError::Format(_))
        ));
        assert!(matches!(
            Board::load("/nonexistent/board.toml"),
            Err(BoardError::File(_))
        ));
    }

    #[test]
    fn control_characters_in_names_are_kept_escaped() {
        let b = Board::parse(
            &DEFAULT_BOARD
                .replace("\"Lisbon\"", "\"Lis\\u001b[2Jbon\"")
                .replacen("name = \"Tile Row\"", "name = \"Tile\\u0007Row\"", 1),
        )
        .unwrap();
        assert_eq!(b.cities[0].name, "Lis\\u{1b}[2Jbon");
        assert_eq!(b.spaces[3].name, "Tile\\u{7}Row");
    }

    #[test]
    fn fingerprint_follows_the_data() {
        let a = Board::standard();
        let b =
            Board::parse(&DEFAULT_BOARD.replace("start_cash = 1500", "start_cash = 1600")).unwrap();
        assert_ne!(a.fingerprint(), b.fingerprint());
        assert_eq!(
            a.fingerprint(),
            Board::parse(DEFAULT_BOARD).unwrap().fingerprint()
        );
    }
}
