//! Variant parameters: every contested reading of the rules, the edition presets and the game
//! string.
//!
//! A [`GameSpec`] such as `open-oubliette(players=3,edition=blog,doubles_mandatory=false)` is
//! resolved against [`PARAMS`] into a [`Config`]. `edition` is a preset: it sets the flags on
//! which the two published texts differ, and a flag given explicitly overrides the preset.

use gameshelf_engine::{GameSpec, ParamSpec, SpecError};

/// The game id.
pub const ID: &str = "open-oubliette";

/// The largest number of players (per-seat arrays have this size).
pub const MAX_PLAYERS: usize = 6;

/// Every parameter, with its default (gameshelf's reading of the rules).
pub const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "players",
        1,
        MAX_PLAYERS as i64,
        "4",
        "number of players (the sources give none; 1 to 6)",
    ),
    ParamSpec::choice(
        "mode",
        &["standalone", "jail"],
        "standalone",
        "standalone game, or the Landlord's Game jail",
    ),
    ParamSpec::choice(
        "edition",
        &["rulings", "blog", "readme"],
        "rulings",
        "preset of the flags where the blog post and the README differ; explicit flags override it",
    ),
    ParamSpec::flag(
        "open_hands",
        "false",
        "unused treasure and kept event cards are visible to all (our ruling: hidden)",
    ),
    ParamSpec::int(
        "max_turns",
        1,
        1_000_000,
        "1000",
        "safety bound: after this many turns the game ends as if the treasure ran out (our ruling)",
    ),
    ParamSpec::int(
        "win_threshold",
        1,
        10_000_000,
        "6000",
        "banked gold that wins at once",
    ),
    ParamSpec::choice(
        "tiebreak_tier2",
        &["excluding", "including"],
        "excluding",
        "second tie-break counts unused treasure excluding or including used weapons/armor",
    ),
    ParamSpec::choice(
        "direction_choice",
        &["from_exit", "ever_after_landing", "exact_landing_only"],
        "from_exit",
        "when a move may go either way",
    ),
    ParamSpec::flag(
        "direction_persists",
        "false",
        "a chosen direction is kept for later moves",
    ),
    ParamSpec::flag(
        "exit_pass_stops",
        "false",
        "taking an Exit action after passing it puts the token on the Exit",
    ),
    ParamSpec::flag(
        "exit_cancels_extra_turn",
        "false",
        "an Exit action cancels this turn's doubles extra turn",
    ),
    ParamSpec::flag(
        "doubles_mandatory",
        "false",
        "doubles must be followed by another turn",
    ),
    ParamSpec::flag(
        "declare_before_roll",
        "false",
        "weapons and armor must be used before the roll",
    ),
    ParamSpec::choice(
        "gear_windows",
        &["all", "useful"],
        "all",
        "while a roll is being lost: offer every unused weapon or armor and kept card (all), \
         or only when they could turn the roll, and only such gear (useful, fewer prompts)",
    ),
    ParamSpec::flag(
        "stack_weapons",
        "false",
        "all used weapons add up instead of only the best",
    ),
    ParamSpec::flag(
        "stack_armor",
        "false",
        "all used armor adds up instead of only the best",
    ),
    ParamSpec::choice(
        "pvp_model",
        &["target", "opposed"],
        "target",
        "player-vs-player roll: defense score as target, or opposed rolls",
    ),
    ParamSpec::choice(
        "pvp_wound",
        &["attacker", "winner"],
        "attacker",
        "who draws the wound after a player-vs-player fight",
    ),
    ParamSpec::choice(
        "levelup_end",
        &["next_cash_in", "next_exit_arrival", "game_end"],
        "next_cash_in",
        "how long a Level Up lasts in the standalone game",
    ),
    ParamSpec::flag(
        "levelup_global",
        "false",
        "Level Ups raise every player's monsters",
    ),
    ParamSpec::choice(
        "quest_arrival",
        &["land_or_pass", "land_only"],
        "land_or_pass",
        "which Exit arrivals check Quests and clear the trip's kills",
    ),
    ParamSpec::flag(
        "quest_persists_if_unmet",
        "false",
        "an unmet Quest stays for the next trip",
    ),
    ParamSpec::flag("ambush_adds_wounds", "false", "Ambush adds W to its roll"),
    ParamSpec::choice(
        "lost_treasure_dest",
        &["removed", "reshuffled_into_deck"],
        "removed",
        "where treasure lost to Ambush or Trap goes",
    ),
    ParamSpec::choice(
        "trap_treasure",
        &["this_turn_win", "random_unused"],
        "this_turn_win",
        "which treasure card a Trap takes",
    ),
    ParamSpec::flag(
        "lost_turn_skips_extra",
        "true",
        "a lost turn can be a pending extra turn",
    ),
    ParamSpec::choice(
        "spelunk_mode",
        &["full_turn", "roll_and_move"],
        "full_turn",
        "what Spelunk's \"Roll again!\" gives",
    ),
    ParamSpec::flag(
        "tunnel_relative_to_move",
        "false",
        "Tunnel \"ahead\" follows the direction of this turn's move",
    ),
    ParamSpec::flag(
        "tunnel_triggers_landing",
        "false",
        "a Tunnel move triggers player fights and a monster where it ends",
    ),
    ParamSpec::flag(
        "hoard_draws_deck_dragon",
        "false",
        "Dragon Hoard takes a Dragon card from the monster deck",
    ),
    ParamSpec::choice(
        "kept_card_timing",
        &["after_roll", "before_roll"],
        "after_roll",
        "Rage and Dodge are played after seeing the roll, or before it",
    ),
    ParamSpec::flag(
        "revenge_full_round",
        "true",
        "Revenge starts a full new round, not one attack roll",
    ),
    ParamSpec::flag(
        "cash_in_subset",
        "false",
        "a cash-in may bank any chosen subset of unused treasure",
    ),
    ParamSpec::choice(
        "treasure_end_timing",
        &["immediate", "end_of_turn", "end_of_round"],
        "immediate",
        "when an empty treasure pile ends the game",
    ),
    ParamSpec::flag(
        "jail_extra_turns_count",
        "false",
        "in jail mode extra turns use up one of the 3 Turns",
    ),
    ParamSpec::flag(
        "jail_early_release",
        "false",
        "in jail mode the player may leave at the start of any Turn",
    ),
    ParamSpec::int(
        "later_gold",
        0,
        100_000,
        "0",
        "a designer's compensation, not in the rules: the k-th player in the turn order starts with (k-1) times this much banked gold",
    ),
];

/// The published text a configuration follows where the blog post and the README differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edition {
    /// gameshelf's readings (the defaults).
    Rulings,
    /// The literal blog post.
    Blog,
    /// The literal README.
    Readme,
}

impl Edition {
    /// The flags this edition sets, with their values, as written in game strings.
    pub fn preset(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Edition::Rulings => &[],
            Edition::Blog => &[
                ("doubles_mandatory", "true"),
                ("tiebreak_tier2", "excluding"),
                ("direction_choice", "exact_landing_only"),
                ("pvp_wound", "attacker"),
            ],
            Edition::Readme => &[
                ("doubles_mandatory", "false"),
                ("tiebreak_tier2", "including"),
                ("direction_choice", "ever_after_landing"),
                ("pvp_wound", "winner"),
            ],
        }
    }

    fn word(self) -> &'static str {
        match self {
            Edition::Rulings => "rulings",
            Edition::Blog => "blog",
            Edition::Readme => "readme",
        }
    }
}

/// Standalone game or jail inside a host game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The standalone game with its win conditions.
    Standalone,
    /// Landlord's Game / Monopoly jail: 3 Turns each, no win condition.
    Jail,
}

/// when a move may go either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirectionChoice {
    /// Any move that starts on the Exit.
    FromExit,
    /// Every move once the player has landed exactly on the Exit.
    EverAfterLanding,
    /// A move from the Exit reached by an exact landing (or a Shortcut), not at setup.
    ExactLandingOnly,
}

/// how long a Level Up lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelUpEnd {
    /// Until the next cash-in, which adds 100 g per banked card per Level Up.
    NextCashIn,
    /// Until the next Exit arrival (a cash-in then still gets the bonus).
    NextExitArrival,
    /// All game; the bonus counts at scoring.
    GameEnd,
}

/// when an empty treasure pile ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreasureEndTiming {
    /// As soon as the effect that emptied it is resolved.
    Immediate,
    /// At the end of the turn.
    EndOfTurn,
    /// At the end of the round.
    EndOfRound,
}

/// The validated configuration: every parameter, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Number of players (`players`).
    pub players: usize,
    /// Standalone or jail (`mode`).
    pub mode: Mode,
    /// Hands are visible to all (`open_hands`).
    pub open_hands: bool,
    /// The turn limit (`max_turns`).
    pub max_turns: u32,
    /// Banked gold that wins (`win_threshold`).
    pub win_threshold: u32,
    /// Tie-break tier 2 includes used weapons/armor (`tiebreak_tier2=including`).
    pub tiebreak_including: bool,
    /// When a move may go either way (`direction_choice`).
    pub direction_choice: DirectionChoice,
    /// A chosen direction is kept (`direction_persists`).
    pub direction_persists: bool,
    /// An Exit action after a pass puts the token on the Exit (`exit_pass_stops`).
    pub exit_pass_stops: bool,
    /// An Exit action cancels the doubles extra turn (`exit_cancels_extra_turn`).
    pub exit_cancels_extra_turn: bool,
    /// Doubles force another turn (`doubles_mandatory`).
    pub doubles_mandatory: bool,
    /// Weapons/armor are used before the roll (`declare_before_roll`).
    pub declare_before_roll: bool,
    /// Fight windows open only when gear or kept cards could turn the roll, and offer only
    /// such gear (`gear_windows=useful`).
    pub gear_windows_useful: bool,
    /// Used weapons add up (`stack_weapons`).
    pub stack_weapons: bool,
    /// Used armor adds up (`stack_armor`).
    pub stack_armor: bool,
    /// Opposed player-vs-player rolls (`pvp_model=opposed`).
    pub pvp_opposed: bool,
    /// The winner of a player fight draws the wound (`pvp_wound=winner`).
    pub pvp_wound_winner: bool,
    /// How long a Level Up lasts (`levelup_end`).
    pub levelup_end: LevelUpEnd,
    /// Level Ups raise everyone's monsters (`levelup_global`).
    pub levelup_global: bool,
    /// Only exact landings and Shortcuts check Quests (`quest_arrival=land_only`).
    pub quest_land_only: bool,
    /// Unmet Quests stay (`quest_persists_if_unmet`).
    pub quest_persists_if_unmet: bool,
    /// Ambush adds W (`ambush_adds_wounds`).
    pub ambush_adds_wounds: bool,
    /// Lost treasure returns to the draw pile (`lost_treasure_dest=reshuffled_into_deck`).
    pub lost_treasure_reshuffled: bool,
    /// A Trap takes a random unused card (`trap_treasure=random_unused`).
    pub trap_random_unused: bool,
    /// A lost turn may be a pending extra turn (`lost_turn_skips_extra`).
    pub lost_turn_skips_extra: bool,
    /// Spelunk gives a roll-and-move only (`spelunk_mode=roll_and_move`).
    pub spelunk_move_only: bool,
    /// Tunnel follows the move's direction (`tunnel_relative_to_move`).
    pub tunnel_relative_to_move: bool,
    /// A Tunnel move triggers fights (`tunnel_triggers_landing`).
    pub tunnel_triggers_landing: bool,
    /// Dragon Hoard takes a deck Dragon (`hoard_draws_deck_dragon`).
    pub hoard_draws_deck_dragon: bool,
    /// Rage and Dodge are played before the roll (`kept_card_timing=before_roll`).
    pub kept_before_roll: bool,
    /// Revenge is a full round (`revenge_full_round`).
    pub revenge_full_round: bool,
    /// A cash-in may bank a chosen subset (`cash_in_subset`).
    pub cash_in_subset: bool,
    /// When an empty treasure pile ends the game (`treasure_end_timing`).
    pub treasure_end_timing: TreasureEndTiming,
    /// Extra turns use up jail Turns (`jail_extra_turns_count`).
    pub jail_extra_turns_count: bool,
    /// The jailed player may leave early (`jail_early_release`).
    pub jail_early_release: bool,
    /// Banked gold each later player in the turn order starts with, per place after the
    /// first (`later_gold`; a compensation variant, not in the rules).
    pub later_gold: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config::from_spec(&GameSpec::new(ID)).expect("the defaults are valid")
    }
}

impl Config {
    /// Resolves a game string: checks every parameter and applies the edition preset.
    ///
    /// # Errors
    /// [`SpecError::UnknownGame`] for another id, otherwise what [`GameSpec::resolve`] gives.
    pub fn from_spec(spec: &GameSpec) -> Result<Config, SpecError> {
        let info = crate::game::base_info();
        // Apply the edition preset to the flags the user did not give.
        let given = |name: &str| spec.params.iter().any(|(n, _)| n == name);
        let mut effective = spec.clone();
        let edition = spec
            .params
            .iter()
            .find(|(n, _)| n == "edition")
            .map(|(_, v)| v.as_str())
            .unwrap_or("rulings");
        let edition = match edition {
            "blog" => Edition::Blog,
            "readme" => Edition::Readme,
            _ => Edition::Rulings,
        };
        for &(name, value) in edition.preset() {
            if !given(name) {
                effective = effective.with(name, value);
            }
        }
        let p = effective.resolve(&info)?;
        let yes = |name| p.bool(name);
        let is = |name, word| p.choice(name) == word;
        Ok(Config {
            players: p.int("players") as usize,
            mode: if is("mode", "jail") {
                Mode::Jail
            } else {
                Mode::Standalone
            },
            open_hands: yes("open_hands"),
            max_turns: p.int("max_turns") as u32,
            win_threshold: p.int("win_threshold") as u32,
            tiebreak_including: is("tiebreak_tier2", "including"),
            direction_choice: match p.choice("direction_choice") {
                "ever_after_landing" => DirectionChoice::EverAfterLanding,
                "exact_landing_only" => DirectionChoice::ExactLandingOnly,
                _ => DirectionChoice::FromExit,
            },
            direction_persists: yes("direction_persists"),
            exit_pass_stops: yes("exit_pass_stops"),
            exit_cancels_extra_turn: yes("exit_cancels_extra_turn"),
            doubles_mandatory: yes("doubles_mandatory"),
            declare_before_roll: yes("declare_before_roll"),
            gear_windows_useful: is("gear_windows", "useful"),
            stack_weapons: yes("stack_weapons"),
            stack_armor: yes("stack_armor"),
            pvp_opposed: is("pvp_model", "opposed"),
            pvp_wound_winner: is("pvp_wound", "winner"),
            levelup_end: match p.choice("levelup_end") {
                "next_exit_arrival" => LevelUpEnd::NextExitArrival,
                "game_end" => LevelUpEnd::GameEnd,
                _ => LevelUpEnd::NextCashIn,
            },
            levelup_global: yes("levelup_global"),
            quest_land_only: is("quest_arrival", "land_only"),
            quest_persists_if_unmet: yes("quest_persists_if_unmet"),
            ambush_adds_wounds: yes("ambush_adds_wounds"),
            lost_treasure_reshuffled: is("lost_treasure_dest", "reshuffled_into_deck"),
            trap_random_unused: is("trap_treasure", "random_unused"),
            lost_turn_skips_extra: yes("lost_turn_skips_extra"),
            spelunk_move_only: is("spelunk_mode", "roll_and_move"),
            tunnel_relative_to_move: yes("tunnel_relative_to_move"),
            tunnel_triggers_landing: yes("tunnel_triggers_landing"),
            hoard_draws_deck_dragon: yes("hoard_draws_deck_dragon"),
            kept_before_roll: is("kept_card_timing", "before_roll"),
            revenge_full_round: yes("revenge_full_round"),
            cash_in_subset: yes("cash_in_subset"),
            treasure_end_timing: match p.choice("treasure_end_timing") {
                "end_of_turn" => TreasureEndTiming::EndOfTurn,
                "end_of_round" => TreasureEndTiming::EndOfRound,
                _ => TreasureEndTiming::Immediate,
            },
            jail_extra_turns_count: yes("jail_extra_turns_count"),
            jail_early_release: yes("jail_early_release"),
            later_gold: p.int("later_gold") as u32,
        })
    }

    /// The value of every parameter as written in a game string, in [`PARAMS`] order.
    fn values(&self) -> Vec<(&'static str, String)> {
        let b = |v: bool| v.to_string();
        let pick = |v: bool, no: &str, yes: &str| if v { yes } else { no }.to_owned();
        vec![
            ("players", self.players.to_string()),
            ("mode", pick(self.mode == Mode::Jail, "standalone", "jail")),
            ("edition", Edition::Rulings.word().to_owned()),
            ("open_hands", b(self.open_hands)),
            ("max_turns", self.max_turns.to_string()),
            ("win_threshold", self.win_threshold.to_string()),
            (
                "tiebreak_tier2",
                pick(self.tiebreak_including, "excluding", "including"),
            ),
            (
                "direction_choice",
                match self.direction_choice {
                    DirectionChoice::FromExit => "from_exit",
                    DirectionChoice::EverAfterLanding => "ever_after_landing",
                    DirectionChoice::ExactLandingOnly => "exact_landing_only",
                }
                .to_owned(),
            ),
            ("direction_persists", b(self.direction_persists)),
            ("exit_pass_stops", b(self.exit_pass_stops)),
            ("exit_cancels_extra_turn", b(self.exit_cancels_extra_turn)),
            ("doubles_mandatory", b(self.doubles_mandatory)),
            ("declare_before_roll", b(self.declare_before_roll)),
            (
                "gear_windows",
                pick(self.gear_windows_useful, "all", "useful"),
            ),
            ("stack_weapons", b(self.stack_weapons)),
            ("stack_armor", b(self.stack_armor)),
            ("pvp_model", pick(self.pvp_opposed, "target", "opposed")),
            (
                "pvp_wound",
                pick(self.pvp_wound_winner, "attacker", "winner"),
            ),
            (
                "levelup_end",
                match self.levelup_end {
                    LevelUpEnd::NextCashIn => "next_cash_in",
                    LevelUpEnd::NextExitArrival => "next_exit_arrival",
                    LevelUpEnd::GameEnd => "game_end",
                }
                .to_owned(),
            ),
            ("levelup_global", b(self.levelup_global)),
            (
                "quest_arrival",
                pick(self.quest_land_only, "land_or_pass", "land_only"),
            ),
            ("quest_persists_if_unmet", b(self.quest_persists_if_unmet)),
            ("ambush_adds_wounds", b(self.ambush_adds_wounds)),
            (
                "lost_treasure_dest",
                pick(
                    self.lost_treasure_reshuffled,
                    "removed",
                    "reshuffled_into_deck",
                ),
            ),
            (
                "trap_treasure",
                pick(self.trap_random_unused, "this_turn_win", "random_unused"),
            ),
            ("lost_turn_skips_extra", b(self.lost_turn_skips_extra)),
            (
                "spelunk_mode",
                pick(self.spelunk_move_only, "full_turn", "roll_and_move"),
            ),
            ("tunnel_relative_to_move", b(self.tunnel_relative_to_move)),
            ("tunnel_triggers_landing", b(self.tunnel_triggers_landing)),
            ("hoard_draws_deck_dragon", b(self.hoard_draws_deck_dragon)),
            (
                "kept_card_timing",
                pick(self.kept_before_roll, "after_roll", "before_roll"),
            ),
            ("revenge_full_round", b(self.revenge_full_round)),
            ("cash_in_subset", b(self.cash_in_subset)),
            (
                "treasure_end_timing",
                match self.treasure_end_timing {
                    TreasureEndTiming::Immediate => "immediate",
                    TreasureEndTiming::EndOfTurn => "end_of_turn",
                    TreasureEndTiming::EndOfRound => "end_of_round",
                }
                .to_owned(),
            ),
            ("jail_extra_turns_count", b(self.jail_extra_turns_count)),
            ("jail_early_release", b(self.jail_early_release)),
            ("later_gold", self.later_gold.to_string()),
        ]
    }

    /// The edition whose preset matches this configuration's flags exactly, if any.
    pub fn edition(&self) -> Edition {
        let values = self.values();
        let value = |name: &str| {
            values
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.as_str())
        };
        [Edition::Blog, Edition::Readme]
            .into_iter()
            .find(|e| e.preset().iter().all(|&(n, v)| value(n) == Some(v)))
            .unwrap_or(Edition::Rulings)
    }

    /// The canonical game string, as [`gameshelf_engine::Params::canonical`] gives it:
    /// every parameter that differs from its default, in [`PARAMS`] order. When the flags
    /// match an edition's preset exactly, the string names that edition instead of its
    /// flags; otherwise it spells the flags out (so `edition=blog,doubles_mandatory=false`
    /// becomes `direction_choice=exact_landing_only`). Parsing it gives this configuration.
    pub fn spec(&self) -> GameSpec {
        let edition = self.edition();
        let preset = edition.preset();
        let mut spec = GameSpec::new(ID);
        for ((name, value), param) in self.values().into_iter().zip(PARAMS) {
            debug_assert_eq!(name, param.name);
            let value = if name == "edition" {
                edition.word().to_owned()
            } else {
                value
            };
            let in_preset = preset.iter().any(|(n, _)| *n == name);
            if !in_preset && value != param.default {
                spec.params.push((name.to_owned(), value));
            }
        }
        spec
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(s: &str) -> Config {
        Config::from_spec(&s.parse().unwrap()).unwrap()
    }

    #[test]
    fn defaults_are_the_rulings() {
        let c = Config::default();
        assert_eq!(c.players, 4);
        assert!(!c.doubles_mandatory && !c.tiebreak_including && c.lost_turn_skips_extra);
        assert_eq!(c.direction_choice, DirectionChoice::FromExit);
        assert_eq!(c.spec().to_string(), "open-oubliette");
    }

    #[test]
    fn editions_preset_and_explicit_flags_override() {
        let blog = cfg("open-oubliette(edition=blog)");
        assert!(blog.doubles_mandatory);
        assert_eq!(blog.direction_choice, DirectionChoice::ExactLandingOnly);
        let readme = cfg("open-oubliette(edition=readme)");
        assert!(!readme.doubles_mandatory && readme.tiebreak_including && readme.pvp_wound_winner);
        assert_eq!(readme.direction_choice, DirectionChoice::EverAfterLanding);
        let mixed = cfg("open-oubliette(edition=blog,doubles_mandatory=false)");
        assert!(!mixed.doubles_mandatory);
        assert_eq!(
            mixed.spec().to_string(),
            "open-oubliette(direction_choice=exact_landing_only)"
        );
        assert_eq!(blog.spec().to_string(), "open-oubliette(edition=blog)");
        assert_eq!(blog.edition(), Edition::Blog);
        assert_eq!(cfg(&mixed.spec().to_string()), mixed);
    }

    #[test]
    fn every_param_round_trips_through_the_canonical_string() {
        let s = "open-oubliette(players=3,mode=jail,edition=readme,open_hands=true,max_turns=50,\
                 win_threshold=5000,tiebreak_tier2=excluding,direction_persists=true,\
                 exit_pass_stops=true,gear_windows=useful,pvp_model=opposed,levelup_end=game_end,\
                 quest_arrival=land_only,lost_treasure_dest=reshuffled_into_deck,\
                 trap_treasure=random_unused,lost_turn_skips_extra=false,\
                 spelunk_mode=roll_and_move,kept_card_timing=before_roll,\
                 revenge_full_round=false,cash_in_subset=true,treasure_end_timing=end_of_round,\
                 jail_extra_turns_count=true,jail_early_release=true)";
        let c = cfg(s);
        assert_eq!(cfg(&c.spec().to_string()), c);
        assert!(!c.spec().to_string().contains("edition"));
    }

    #[test]
    fn errors() {
        let e = Config::from_spec(&"open-oubliette(players=7)".parse().unwrap()).unwrap_err();
        assert!(matches!(e, SpecError::BadValue { .. }), "{e}");
        let e = Config::from_spec(&"chess".parse().unwrap()).unwrap_err();
        assert!(matches!(e, SpecError::UnknownGame { .. }));
        let e = Config::from_spec(&"open-oubliette(edition=movie)".parse().unwrap()).unwrap_err();
        assert!(matches!(e, SpecError::BadValue { .. }), "{e}");
    }
}
