//! Variant parameters: every contested reading of the rules as a parameter whose default is
//! the project's ruling, and the game string.
//!
//! A [`GameSpec`] such as `oubliette-solitaire(jokers=3,need_overrides=traps_only)` is
//! resolved against [`PARAMS`] into a [`Config`]. The canonical string (defaults omitted) is
//! what records store.

use gameshelf_engine::{GameSpec, ParamSpec, SpecError};

/// The game id.
pub const ID: &str = "oubliette-solitaire";

/// Every parameter, with its default (the project's ruling) and its meaning; the rules doc
/// (`docs/rules/oubliette-solitaire.md`) gives the reasons.
pub const PARAMS: &[ParamSpec] = &[
    ParamSpec::int("jokers", 2, 3, "2", "jokers in the deck: 54 or 55 cards"),
    ParamSpec::choice(
        "ace_combat_value",
        &["1", "14"],
        "1",
        "what an ace counts when paid in combat",
    ),
    ParamSpec::flag(
        "ace_adjacent_to_king",
        "false",
        "an ace and a king are adjacent for slot stacking",
    ),
    ParamSpec::flag(
        "joker_equippable",
        "false",
        "a Joker may be put into the Equipped slot",
    ),
    ParamSpec::choice(
        "need_overrides",
        &["all", "traps_only"],
        "all",
        "which drawn cards may be placed on the Path when they are the needed card",
    ),
    ParamSpec::choice(
        "blocked_need",
        &["fall_through", "graveyard"],
        "fall_through",
        "a needed card blocked by a Chasm without a Rope resolves by its next row, or is discarded",
    ),
    ParamSpec::flag(
        "same_number_also_event",
        "false",
        "an Obstacle card that is also an event (6, 8, red odd) resolves its event too",
    ),
    ParamSpec::flag(
        "start_from_inventory_later",
        "true",
        "a 10 or 2 that becomes visible in inventory may start the Path in an action window",
    ),
    ParamSpec::choice(
        "no_path_setback",
        &["no_effect", "lose"],
        "no_effect",
        "a setback before the Path exists does nothing, or loses the game",
    ),
    ParamSpec::flag(
        "trap_setback_can_lose",
        "true",
        "a failed Trap's setback can lose the game like a lost fight",
    ),
    ParamSpec::flag(
        "obstacle_is_setback",
        "true",
        "an Obstacle is a setback that can lose; otherwise it never loses",
    ),
    ParamSpec::flag(
        "may_concede",
        "false",
        "the player may take a setback instead of paying a Creature or Trap he could pay",
    ),
    ParamSpec::flag(
        "combat_minimal_subset",
        "false",
        "combat payment may not overpay: no paid card may be unnecessary",
    ),
    ParamSpec::flag(
        "trap_accepts_black_Q",
        "false",
        "a black queen (12) pays a Trap like a black even number card",
    ),
    ParamSpec::flag(
        "chasm_stack",
        "true",
        "two Chasms on one room need two Ropes",
    ),
    ParamSpec::flag(
        "chasm_survives_setback",
        "false",
        "an unpassed Chasm stays on the Path when its room is set back",
    ),
    ParamSpec::flag(
        "equipped_loss_only_if_beneficial",
        "false",
        "a red Chasm flip discards the Equipped card only if it is a beneficial item",
    ),
    ParamSpec::int(
        "actions_per_window",
        1,
        3,
        "1",
        "actions in an action window",
    ),
    ParamSpec::flag(
        "window_after_every_draw",
        "false",
        "an action window follows every draw, not only Other cards",
    ),
    ParamSpec::flag(
        "equipped_usable_as_item",
        "true",
        "the Equipped card may be used as an Inventory Item",
    ),
    ParamSpec::flag(
        "ward_consumed",
        "true",
        "a king used as a Ward against a Gremlin goes to the graveyard",
    ),
    ParamSpec::flag(
        "gremlin_joker_first",
        "false",
        "for the Gremlin a Joker outranks a beneficial Equipped card",
    ),
    ParamSpec::choice(
        "advantage_other_card",
        &["graveyard", "deck_bottom"],
        "graveyard",
        "where the Advantage card not kept goes: the graveyard, or under the deck",
    ),
    ParamSpec::choice(
        "hourglass_pick",
        &["choice", "top3"],
        "choice",
        "which graveyard cards an Hourglass shuffles into the deck",
    ),
    ParamSpec::choice(
        "deck_out",
        &["next_draw", "immediate"],
        "next_draw",
        "an empty deck loses at the next turn's draw, or at once",
    ),
    ParamSpec::choice(
        "second_chaos_passage",
        &["marker", "forbidden"],
        "marker",
        "a second Chaos used as Passage locks Equipped with a marker, or is not allowed",
    ),
    ParamSpec::choice(
        "post_curse2_chaos",
        &["harmless_removed"],
        "harmless_removed",
        "a Chaos used after two curses brings no curse and leaves the game",
    ),
    ParamSpec::flag(
        "joker_flip_counts_red",
        "false",
        "a Joker flipped at a Chasm counts as red",
    ),
    ParamSpec::flag(
        "grave_inventory_to_path",
        "true",
        "the Grave Inventory card may be played to the Path",
    ),
    ParamSpec::choice(
        "search_frequency",
        &["per_draw", "per_room"],
        "per_draw",
        "Searching flips after every turn, or only after a turn that placed a room",
    ),
    ParamSpec::flag(
        "curse_card_counts",
        "false",
        "the locked curse Chaos counts as an inventory card",
    ),
    ParamSpec::int(
        "max_turns",
        10,
        100_000,
        "1000",
        "safety bound (our ruling): a game still running after this many draws is lost",
    ),
];

/// A validated configuration. Field docs name the parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// `jokers`: 2 or 3.
    pub jokers: u8,
    /// `ace_combat_value`: 1 or 14.
    pub ace_combat_value: u8,
    /// `ace_adjacent_to_king`.
    pub ace_adjacent_to_king: bool,
    /// `joker_equippable`.
    pub joker_equippable: bool,
    /// `need_overrides=traps_only`.
    pub need_traps_only: bool,
    /// `blocked_need=graveyard`.
    pub blocked_need_graveyard: bool,
    /// `same_number_also_event`.
    pub same_number_also_event: bool,
    /// `start_from_inventory_later`.
    pub start_from_inventory_later: bool,
    /// `no_path_setback=lose`.
    pub no_path_setback_loses: bool,
    /// `trap_setback_can_lose`.
    pub trap_setback_can_lose: bool,
    /// `obstacle_is_setback`.
    pub obstacle_is_setback: bool,
    /// `may_concede`.
    pub may_concede: bool,
    /// `combat_minimal_subset`.
    pub combat_minimal_subset: bool,
    /// `trap_accepts_black_Q`.
    pub trap_accepts_black_queen: bool,
    /// `chasm_stack`.
    pub chasm_stack: bool,
    /// `chasm_survives_setback`.
    pub chasm_survives_setback: bool,
    /// `equipped_loss_only_if_beneficial`.
    pub equipped_loss_only_if_beneficial: bool,
    /// `actions_per_window`.
    pub actions_per_window: u8,
    /// `window_after_every_draw`.
    pub window_after_every_draw: bool,
    /// `equipped_usable_as_item`.
    pub equipped_usable_as_item: bool,
    /// `gremlin_joker_first`.
    pub gremlin_joker_first: bool,
    /// `ward_consumed`.
    pub ward_consumed: bool,
    /// `advantage_other_card=deck_bottom`.
    pub advantage_other_to_deck_bottom: bool,
    /// `hourglass_pick=top3`.
    pub hourglass_top3: bool,
    /// `deck_out=immediate`.
    pub deck_out_immediate: bool,
    /// `second_chaos_passage=forbidden`.
    pub second_chaos_passage_forbidden: bool,
    /// `joker_flip_counts_red`.
    pub joker_flip_counts_red: bool,
    /// `grave_inventory_to_path`.
    pub grave_inventory_to_path: bool,
    /// `search_frequency=per_room`.
    pub search_per_room: bool,
    /// `curse_card_counts`.
    pub curse_card_counts: bool,
    /// `max_turns` (our ruling).
    pub max_turns: u32,
    spec: GameSpec,
}

impl Default for Config {
    fn default() -> Self {
        Config::from_spec(&GameSpec::new(ID)).expect("the defaults are valid")
    }
}

impl Config {
    /// Resolves a game string, checking every parameter.
    ///
    /// # Errors
    /// [`SpecError::UnknownGame`] for another id, otherwise what [`GameSpec::resolve`] gives.
    pub fn from_spec(spec: &GameSpec) -> Result<Config, SpecError> {
        let p = spec.resolve(&crate::game::info())?;
        let yes = |name| p.bool(name);
        let is = |name, word| p.choice(name) == word;
        Ok(Config {
            jokers: p.int("jokers") as u8,
            ace_combat_value: if is("ace_combat_value", "14") { 14 } else { 1 },
            ace_adjacent_to_king: yes("ace_adjacent_to_king"),
            joker_equippable: yes("joker_equippable"),
            need_traps_only: is("need_overrides", "traps_only"),
            blocked_need_graveyard: is("blocked_need", "graveyard"),
            same_number_also_event: yes("same_number_also_event"),
            start_from_inventory_later: yes("start_from_inventory_later"),
            no_path_setback_loses: is("no_path_setback", "lose"),
            trap_setback_can_lose: yes("trap_setback_can_lose"),
            obstacle_is_setback: yes("obstacle_is_setback"),
            may_concede: yes("may_concede"),
            combat_minimal_subset: yes("combat_minimal_subset"),
            trap_accepts_black_queen: yes("trap_accepts_black_Q"),
            chasm_stack: yes("chasm_stack"),
            chasm_survives_setback: yes("chasm_survives_setback"),
            equipped_loss_only_if_beneficial: yes("equipped_loss_only_if_beneficial"),
            actions_per_window: p.int("actions_per_window") as u8,
            window_after_every_draw: yes("window_after_every_draw"),
            equipped_usable_as_item: yes("equipped_usable_as_item"),
            gremlin_joker_first: yes("gremlin_joker_first"),
            ward_consumed: yes("ward_consumed"),
            advantage_other_to_deck_bottom: is("advantage_other_card", "deck_bottom"),
            hourglass_top3: is("hourglass_pick", "top3"),
            deck_out_immediate: is("deck_out", "immediate"),
            second_chaos_passage_forbidden: is("second_chaos_passage", "forbidden"),
            joker_flip_counts_red: yes("joker_flip_counts_red"),
            grave_inventory_to_path: yes("grave_inventory_to_path"),
            search_per_room: is("search_frequency", "per_room"),
            curse_card_counts: yes("curse_card_counts"),
            max_turns: p.int("max_turns") as u32,
            spec: p.canonical(),
        })
    }

    /// The canonical game string: every parameter that differs from its default.
    pub fn spec(&self) -> GameSpec {
        self.spec.clone()
    }

    /// The number of cards in the deck: 54 or 55.
    pub fn deck_size(&self) -> usize {
        52 + self.jokers as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(s: &str) -> Result<Config, SpecError> {
        Config::from_spec(&s.parse().unwrap())
    }

    #[test]
    fn defaults_are_the_rulings() {
        let c = Config::default();
        assert_eq!(c.jokers, 2);
        assert_eq!(c.deck_size(), 54);
        assert!(c.start_from_inventory_later && c.trap_setback_can_lose && !c.may_concede);
        assert_eq!(c.spec().to_string(), ID);
    }

    #[test]
    fn every_param_round_trips() {
        let s = "oubliette-solitaire(jokers=3,ace_combat_value=14,ace_adjacent_to_king=true,\
                 need_overrides=traps_only,blocked_need=graveyard,hourglass_pick=top3,\
                 deck_out=immediate,search_frequency=per_room,max_turns=50)";
        let c = cfg(s).unwrap();
        assert_eq!(c.jokers, 3);
        assert_eq!(c.ace_combat_value, 14);
        assert!(c.need_traps_only && c.blocked_need_graveyard && c.hourglass_top3);
        assert_eq!(cfg(&c.spec().to_string()).unwrap(), c);
    }

    #[test]
    fn errors() {
        assert!(matches!(
            cfg("oubliette-solitaire(jokers=4)"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(cfg("chess"), Err(SpecError::UnknownGame { .. })));
        assert!(matches!(
            cfg("oubliette-solitaire(colour=blue)"),
            Err(SpecError::UnknownParam { .. })
        ));
    }
}
