//! Variant parameters: every `flag=default` of the rulings that this first part implements,
//! and the game string.

use gameshelf_engine::{GameSpec, ParamSpec, SpecError};

/// The game id.
pub const ID: &str = "laissez-faire";

/// The largest number of players (per-seat arrays have this size).
pub const MAX_PLAYERS: usize = 8;

/// Every parameter, with its default (the rulings' reading) and the ruling it comes from.
pub const PARAMS: &[ParamSpec] = &[
    ParamSpec::int("players", 2, MAX_PLAYERS as i64, "4", "number of players"),
    ParamSpec::choice(
        "objective",
        &["race", "rounds", "last_standing"],
        "race",
        "objective 1 (net-worth race with the final lap), 2 (round limit) or 3 (last player \
         standing, with stalemate)",
    ),
    ParamSpec::int(
        "rounds",
        1,
        10_000,
        "20",
        "objective 2: the round limit (rounds stand for the time limit)",
    ),
    ParamSpec::int(
        "max_rounds",
        1,
        100_000,
        "200",
        "safety bound for every objective: after this many rounds the game ends, highest net \
         worth wins (our ruling)",
    ),
    ParamSpec::int(
        "win_net_worth",
        1,
        1_000_000,
        "2000",
        "objective 1: the net worth a player needs to declare the race",
    ),
    ParamSpec::choice(
        "jail",
        &["standard", "oubliette"],
        "standard",
        "wait in jail, or play Open Oubliette's three-turn jail mode there",
    ),
    ParamSpec::int(
        "jail_chances",
        2,
        3,
        "3",
        "jail turns with a chance to pay before elimination",
    ),
    ParamSpec::choice(
        "bank_fare",
        &["by_bank_count", "base"],
        "by_bank_count",
        "the bank's transit fare: by the number of companies it owns, or the 1-company fare",
    ),
    ParamSpec::flag(
        "stay_doubles_bonus",
        "true",
        "doubles rolled while staying still give the extra roll-turn",
    ),
    ParamSpec::flag(
        "final_lap_stay",
        "false",
        "players may stay in a housed property after a race declaration",
    ),
    ParamSpec::choice(
        "tax_shortfall",
        &["jail", "eliminate", "pay_what_you_can"],
        "jail",
        "a player who cannot pay a tax: pays all cash and goes to jail, is eliminated, or pays \
         what he can",
    ),
    ParamSpec::flag(
        "trading",
        "true",
        "trade threads between players: offers, counters, withdrawals, acceptance",
    ),
    ParamSpec::flag(
        "contracts",
        "true",
        "contracts kept by the notary, proposed in trade threads: payments now or on a \
         schedule, loans with collateral, lodging rights with a rent cap (needs trading)",
    ),
    ParamSpec::int(
        "floor_threads",
        0,
        2,
        "1",
        "trade threads each other player may open on the open floor after a player's window, \
         before his roll (0: only the player whose turn it is opens threads; needs trading)",
    ),
    ParamSpec::int(
        "window_threads",
        1,
        crate::trade::MAX_WINDOW_THREADS as i64,
        "2",
        "trade threads the player whose turn it is may open in his windows per turn (extra \
         roll-turns included), and so keep set aside at once (needs trading)",
    ),
    ParamSpec::choice(
        "floor",
        &["before_roll", "after_roll", "both"],
        "both",
        "when the open floor comes: after the mover's window (before his roll), after his \
         landing (before the next player's turn, or his extra roll after doubles), or both",
    ),
    ParamSpec::int(
        "stalemate_rounds",
        1,
        100,
        "3",
        "objective 3: quiet rounds before a stalemate may be declared",
    ),
    ParamSpec::choice(
        "stalemate_result",
        &["net_worth", "draw"],
        "net_worth",
        "objective 3: a stalemate is won on net worth, or drawn",
    ),
    ParamSpec::choice(
        "nw_property_basis",
        &["mortgage_value", "price"],
        "mortgage_value",
        "net worth counts deeds at their mortgage value or their price",
    ),
    ParamSpec::choice(
        "building_supply",
        &["unlimited", "35h/15apt"],
        "unlimited",
        "buildings: as many as players pay for, or the Anti-Monopoly set's 35 houses and 15 \
         apartments (an apartment gives its two houses back)",
    ),
    ParamSpec::int(
        "stalemate_min_players",
        2,
        MAX_PLAYERS as i64,
        "2",
        "objective 3: a stalemate may be declared once at most this many players are left",
    ),
    ParamSpec::choice(
        "monopoly_rule",
        &["all_of_city", "looser"],
        "all_of_city",
        "the bank has a monopoly in a city when it owns every deed of it (only all_of_city is \
         implemented)",
    ),
    ParamSpec::flag(
        "transit_space_free_stay",
        "false",
        "a token that lands on a transit company's space may stay there for free instead of \
         moving to one of its cities",
    ),
    ParamSpec::flag(
        "auction_on_decline",
        "false",
        "a deed the lander declines is auctioned to every player left, the lander first, in \
         turn order (a house rule, not in the rules)",
    ),
    ParamSpec::flag(
        "contracts_public",
        "true",
        "contracts are seen by every player (only true is implemented)",
    ),
    ParamSpec::flag(
        "no_gifts_while_jailed",
        "false",
        "a jailed player may part with a deed only for cash paid at once or another deed (the \
         author's later ban on giving property away before going out)",
    ),
    ParamSpec::int(
        "later_cash",
        -(MAX_LATER_CASH as i64),
        MAX_LATER_CASH as i64,
        "0",
        "a designer's compensation, not in the rules: the k-th player in the turn order \
         starts with (k-1) times this many extra dollars (fewer when negative, never below 0)",
    ),
];

/// The most `later_cash` may be either way: $10,000, over six times the default board's starting
/// cash, far more than any sensible compensation. Kept small so that the eighth player's
/// start (seven times it on top of a board's cash, itself at most
/// [`crate::board::MAX_MONEY`]) stays well inside the 32 bits that hold money.
pub const MAX_LATER_CASH: u32 = 10_000;

/// Readings the rulings name of which gameshelf plays only the default: any other value is
/// refused by name ([`SpecError::Unimplemented`]), rather than played as the default.
const UNIMPLEMENTED: &[&str] = &["monopoly_rule", "contracts_public"];

/// A limited supply of buildings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildingSupply {
    /// Houses in the box.
    pub houses: u32,
    /// Apartments in the box.
    pub apartments: u32,
}

/// The Anti-Monopoly set's buildings: 35 houses and 15 apartments.
pub const ANTI_MONOPOLY_SUPPLY: BuildingSupply = BuildingSupply {
    houses: 35,
    apartments: 15,
};

/// Which objective ends the game (B5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Objective 1: declare a net worth of at least `win_net_worth`, then one more lap.
    Race,
    /// Objective 2: a round limit.
    Rounds,
    /// Objective 3: last player standing (or a stalemate between the last two).
    LastStanding,
}

/// What happens to a player who cannot pay a tax (B-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaxShortfall {
    /// Pay all cash and go to jail on the tax's side.
    Jail,
    /// Eliminated.
    Eliminate,
    /// Pay all cash and carry on.
    PayWhatYouCan,
}

/// When the open floor comes in a turn (`floor`): the moments outside the mover's timed
/// phases where the other players open trade threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloorMoments {
    /// After the mover's window, before his roll (or jail decision).
    BeforeRoll,
    /// After his landing has resolved, before the next player's turn (or his extra
    /// roll-turn after doubles).
    AfterRoll,
    /// Both.
    Both,
}

impl FloorMoments {
    /// Whether a floor follows the mover's window.
    pub fn before_roll(self) -> bool {
        self != FloorMoments::AfterRoll
    }

    /// Whether a floor follows each of his landings.
    pub fn after_roll(self) -> bool {
        self != FloorMoments::BeforeRoll
    }
}

/// A validated configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Number of players.
    pub players: usize,
    /// The objective.
    pub objective: Objective,
    /// Objective 2's round limit.
    pub rounds: u32,
    /// The safety round cap.
    pub max_rounds: u32,
    /// Objective 1's net-worth threshold.
    pub win_net_worth: i64,
    /// Play Open Oubliette in jail.
    pub oubliette_jail: bool,
    /// Jail turns with a chance to pay.
    pub jail_chances: u8,
    /// The bank fare counts the companies the bank owns.
    pub fare_by_bank_count: bool,
    /// Doubles while staying give the extra roll-turn.
    pub stay_doubles_bonus: bool,
    /// Staying is allowed after a race declaration.
    pub final_lap_stay: bool,
    /// A tax that cannot be paid.
    pub tax_shortfall: TaxShortfall,
    /// Players may open trade threads in their management window.
    pub trading: bool,
    /// Players may propose contracts in trade threads (only with `trading`).
    pub contracts: bool,
    /// Trade threads each other player may open on the open floor after a player's window
    /// (0: no open floor; only with `trading`).
    pub floor_threads: u8,
    /// Trade threads the player whose turn it is may open in his windows per turn
    /// (`window_threads`).
    pub window_threads: u8,
    /// When the open floor comes in a turn (`floor`).
    pub floor: FloorMoments,
    /// Quiet rounds before a stalemate may be declared.
    pub stalemate_rounds: u8,
    /// A stalemate is a draw rather than a net-worth win.
    pub stalemate_draw: bool,
    /// Net worth counts deeds at their price rather than their mortgage value.
    pub nw_at_price: bool,
    /// Extra starting cash of each later player in the turn order, per place after the
    /// first (`later_cash`; a compensation variant, not in the rules). Negative, it takes
    /// cash from the later players instead, down to nothing: Laissez-faire's later players
    /// are the ones ahead.
    pub later_cash: i32,
    /// The houses and apartments there are, or `None` for as many as players pay for.
    pub building_supply: Option<BuildingSupply>,
    /// Objective 3: a stalemate may be declared once at most this many players are left.
    pub stalemate_min_players: usize,
    /// A token on a transit company's space may stay there for free
    /// (`transit_space_free_stay`).
    pub transit_space_free_stay: bool,
    /// A jailed player may not give a deed away (`no_gifts_while_jailed`).
    pub no_gifts_while_jailed: bool,
    /// A deed the lander declines is auctioned (`auction_on_decline`).
    pub auction_on_decline: bool,
    canonical: GameSpec,
}

impl Default for Config {
    fn default() -> Self {
        Config::from_spec(&GameSpec::new(ID)).expect("the defaults are valid")
    }
}

impl Config {
    /// The configuration named by a game string.
    ///
    /// # Errors
    /// [`SpecError`] for another game id or a bad parameter.
    pub fn from_spec(spec: &GameSpec) -> Result<Config, SpecError> {
        let p = spec.resolve(&crate::game::base_info())?;
        for spec in PARAMS.iter().filter(|s| UNIMPLEMENTED.contains(&s.name)) {
            if !p.is_default(spec.name) {
                return Err(SpecError::Unimplemented {
                    name: spec.name.to_owned(),
                    value: p.text(spec.name).unwrap_or_default(),
                    implemented: spec.default.to_owned(),
                });
            }
        }
        Ok(Config {
            players: p.int("players") as usize,
            objective: match p.choice("objective") {
                "race" => Objective::Race,
                "rounds" => Objective::Rounds,
                _ => Objective::LastStanding,
            },
            rounds: p.int("rounds") as u32,
            max_rounds: p.int("max_rounds") as u32,
            win_net_worth: p.int("win_net_worth"),
            oubliette_jail: p.choice("jail") == "oubliette",
            jail_chances: p.int("jail_chances") as u8,
            fare_by_bank_count: p.choice("bank_fare") == "by_bank_count",
            stay_doubles_bonus: p.bool("stay_doubles_bonus"),
            final_lap_stay: p.bool("final_lap_stay"),
            tax_shortfall: match p.choice("tax_shortfall") {
                "jail" => TaxShortfall::Jail,
                "eliminate" => TaxShortfall::Eliminate,
                _ => TaxShortfall::PayWhatYouCan,
            },
            trading: p.bool("trading"),
            contracts: p.bool("contracts"),
            floor_threads: p.int("floor_threads") as u8,
            window_threads: p.int("window_threads") as u8,
            floor: match p.choice("floor") {
                "before_roll" => FloorMoments::BeforeRoll,
                "after_roll" => FloorMoments::AfterRoll,
                _ => FloorMoments::Both,
            },
            stalemate_rounds: p.int("stalemate_rounds") as u8,
            stalemate_draw: p.choice("stalemate_result") == "draw",
            nw_at_price: p.choice("nw_property_basis") == "price",
            later_cash: p.int("later_cash") as i32,
            building_supply: match p.choice("building_supply") {
                "unlimited" => None,
                _ => Some(ANTI_MONOPOLY_SUPPLY),
            },
            stalemate_min_players: p.int("stalemate_min_players") as usize,
            transit_space_free_stay: p.bool("transit_space_free_stay"),
            no_gifts_while_jailed: p.bool("no_gifts_while_jailed"),
            auction_on_decline: p.bool("auction_on_decline"),
            canonical: p.canonical(),
        })
    }

    /// The canonical game string (defaults omitted).
    pub fn spec(&self) -> GameSpec {
        self.canonical.clone()
    }
}
