//! A heuristic bot that plays from what its seat may see only.
//!
//! It cashes in when its unused treasure is worth it (always when that wins), rests when
//! wounded (returning its most severe wounds), heads for event corners, spends weapons,
//! armor and kept cards when they turn a roll that matters, equips a clearly better weapon
//! or armor that is at risk (from a player fight being lost, or from the cash-in it is
//! heading for) while much treasure is left, never uses gear that would change nothing,
//! and ambushes players holding many unused cards when its odds are good.
//!
//! It reads the state through its seat's borrowed view ([`Seen`]), which answers what the
//! seat's observation shows without building one. At the commonest decisions (the Exit
//! actions, the direction, an attack, an extra turn, the wounds to return: nine in ten) it
//! takes its options from the rules that list them (as sets of cards and seats) rather
//! than from the list of legal actions, which would cost more than its reasoning there.

use gameshelf_engine::dice::p_2d6_at_least;
use gameshelf_engine::{Bot, SeatView};

use crate::action::{Action, Dir};
use crate::decks::{Effect, TreasureKind};
use crate::game::{BASE_DEFENSE, OpenOubliette, exit_options};
use crate::observe::Seen;
use crate::state::{BOARD, CheckKind, Phase, PlayerState, is_corner};

/// Unused gold at which the bot goes home to cash in.
const CASH_IN_AT: u32 = 500;
/// Treasure cards left in the pile below which any unused treasure is cashed (unbanked
/// treasure only breaks ties when the pile runs out).
const ENDGAME_PILE: usize = 10;
/// W at which the bot rests or heals.
const REST_AT: u8 = 3;
/// Monster power from which a weapon is worth spending.
const STRONG_MONSTER: u8 = 6;
/// Bonus gain from which a weapon or armor at risk is kept rather than cashed in or lost.
const KEEP_GEAR_GAIN: u8 = 2;
/// Chance of success from which a reroll or an attack is worth it.
const GOOD_ODDS: f64 = 0.45;

/// The heuristic bot.
#[derive(Clone, Debug, Default)]
pub struct Heuristic {
    buf: Vec<Action>,
}

impl Bot<OpenOubliette> for Heuristic {
    fn name(&self) -> String {
        "heuristic".to_owned()
    }

    fn choose(
        &mut self,
        view: &SeatView<'_, OpenOubliette>,
        _rng: &mut gameshelf_engine::Rng,
    ) -> Action {
        let mind = Mind {
            game: view.game(),
            seen: view.seen(),
        };
        if let Some(a) = mind.direct() {
            return a;
        }
        view.legal_actions(&mut self.buf);
        settled(view.game(), &self.buf)
            .or_else(|| mind.listed(&self.buf))
            .unwrap_or(self.buf[0])
    }
}

/// The decision when the legal actions settle it on their own (`listed` only ever picks a
/// legal action): a single action, or a pick among the cards to cash in.
fn settled(game: &OpenOubliette, legal: &[Action]) -> Option<Action> {
    match legal {
        [only] => Some(*only),
        [Action::CashCard(_), ..] => cash_pick(game, legal),
        _ => None,
    }
}

/// `action` if it is legal.
fn has(legal: &[Action], action: Action) -> Option<Action> {
    legal.contains(&action).then_some(action)
}

/// A chosen cash-in takes the plain treasure and keeps the weapons and armor.
fn cash_pick(game: &OpenOubliette, legal: &[Action]) -> Option<Action> {
    let t = &game.decks().treasures;
    legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::CashCard(c) if t[*c as usize].kind == TreasureKind::Plain))
        .or_else(|| has(legal, Action::CashDone))
}

/// The legal `Play` of a card whose effect satisfies `pred`.
fn play(game: &OpenOubliette, legal: &[Action], pred: impl Fn(&Effect) -> bool) -> Option<Action> {
    legal.iter().copied().find(|a| match a {
        Action::Play(c) => pred(&game.decks().events[*c as usize].effect),
        _ => false,
    })
}

/// One decision's context: the seat's view.
struct Mind<'a> {
    game: &'a OpenOubliette,
    seen: Seen<'a>,
}

impl Mind<'_> {
    fn me(&self) -> &PlayerState {
        self.seen.me()
    }

    fn unused_value(&self) -> u32 {
        self.game.decks().treasure_value(self.me().unused)
    }

    /// Whether cashing in now would reach the winning threshold.
    fn cash_wins(&self) -> bool {
        self.cash_wins_with(self.unused_value())
    }

    /// [`Self::cash_wins`] given the unused treasure's value.
    fn cash_wins_with(&self, unused_value: u32) -> bool {
        let me = self.me();
        let bonus = 100 * me.level_ups as u32 * me.unused.len() as u32;
        me.banked_value + unused_value + bonus >= self.game.config().win_threshold
    }

    fn wants_home(&self) -> bool {
        let me = self.me();
        let endgame = self.seen.treasure_left() <= ENDGAME_PILE && !me.unused.is_empty();
        let value = self.unused_value();
        self.cash_wins_with(value) || endgame || value >= CASH_IN_AT || me.w >= REST_AT
    }

    /// The decision at a phase whose options the rules give without a list of actions:
    /// every option of these phases is always legal there, or is read off the same sets
    /// the legal actions are made from. `None` at any other phase.
    fn direct(&self) -> Option<Action> {
        match self.seen.phase() {
            Phase::ExitChoice => Some(self.exit()),
            Phase::ExtraTurn => Some(Action::ExtraTurn(true)),
            Phase::Direction => Some(Action::Direction(self.direction())),
            Phase::PvpChoice => Some(self.pvp()),
            Phase::RecoverPick => Some(self.recover_pick()),
            Phase::LeaveJail => Some(Action::LeaveJail(false)),
            _ => None,
        }
    }

    /// The decision at any other phase, picked from its `legal` actions.
    fn listed(&self, legal: &[Action]) -> Option<Action> {
        match self.seen.phase() {
            Phase::PreWindow | Phase::PostWindow => self.window(legal),
            Phase::CheckPre => self.check_pre(legal),
            Phase::CheckPost => self.check_post(legal),
            Phase::Revenge => {
                let me = self.me();
                let level = self.seen.level(self.seen.seat()) as i32;
                let need = self.seen.fight().base as i32 + me.w as i32 + level - me.atk as i32;
                if p_2d6_at_least(need).to_f64() >= 0.35 {
                    play(self.game, legal, |e| matches!(e, Effect::Revenge))
                } else {
                    has(legal, Action::Pass)
                }
            }
            Phase::KeepChoice => {
                let e = self.game.decks().events[self.seen.turn().event as usize].effect;
                let now = match e {
                    Effect::Shortcut => self.wants_home(),
                    _ => self.me().w >= 2,
                };
                has(legal, if now { Action::UseNow } else { Action::Keep })
            }
            _ => None,
        }
    }

    /// Recovery returns the most severe wounds: one of each kind held may be returned
    /// ([`OpenOubliette::wound_kinds`]), or none.
    fn recover_pick(&self) -> Action {
        let w = &self.game.decks().wounds;
        self.game
            .wound_kinds(self.me().wounds)
            .iter()
            .max_by_key(|&c| (w[c as usize].modifier, std::cmp::Reverse(c)))
            .map_or(Action::RecoverDone, Action::ReturnWound)
    }

    /// The cheapest legal `Equip` whose bonus over `current` is at least `need`.
    fn cheapest_gear(&self, legal: &[Action], current: u8, need: i32) -> Option<Action> {
        let t = &self.game.decks().treasures;
        legal
            .iter()
            .copied()
            .filter(|a| match a {
                Action::Equip(c) => t[*c as usize].bonus as i32 - current as i32 >= need,
                _ => false,
            })
            .min_by_key(|a| match a {
                Action::Equip(c) => t[*c as usize].value,
                _ => u32::MAX,
            })
    }

    fn window(&self, legal: &[Action]) -> Option<Action> {
        if self.me().w >= REST_AT
            && let Some(a) = play(self.game, legal, |e| matches!(e, Effect::Healing { .. }))
        {
            return Some(a);
        }
        if self.cash_wins() || self.unused_value() >= 2 * CASH_IN_AT {
            if let Some(a) = play(self.game, legal, |e| matches!(e, Effect::Shortcut)) {
                return Some(a);
            }
        }
        has(legal, Action::Pass)
    }

    /// Both directions are always open at the choice.
    fn direction(&self) -> Dir {
        let pos = self.me().pos as i32;
        let k = self.seen.turn().roll as i32;
        let fwd = (pos + k).rem_euclid(BOARD as i32) as u8;
        let back = (pos - k).rem_euclid(BOARD as i32) as u8;
        if is_corner(fwd) {
            Dir::Forward
        } else if is_corner(back) {
            Dir::Back
        } else if self.unused_value() >= CASH_IN_AT / 2 {
            // Going back leaves the token just before the Exit, to cash in next move.
            Dir::Back
        } else {
            Dir::Forward
        }
    }

    /// Among the Exit actions open to the player ([`exit_options`]; doing nothing is
    /// always one of them).
    fn exit(&self) -> Action {
        let exit = |(recover, cash)| Action::Exit { recover, cash };
        if !self.wants_home() {
            return exit((false, false));
        }
        // The turn ends anyway: do everything on offer, cashing in before Recovery alone.
        let (options, n) = exit_options(self.me());
        options[..n]
            .iter()
            .copied()
            .filter(|&o| o != (false, false))
            .max_by_key(|&(recover, cash)| 2 * u8::from(cash) + u8::from(recover))
            .map_or(exit((false, false)), exit)
    }

    /// Among the players on this space ([`Seen::others_here`], each of whom may be
    /// attacked), or nobody.
    fn pvp(&self) -> Action {
        let me = self.me();
        self.seen
            .others_here()
            .iter()
            .filter(|&q| {
                let y = self.seen.player(q as usize);
                let need = BASE_DEFENSE + y.def as i32 + me.w as i32 - me.atk as i32 - y.w as i32;
                self.seen.unused_count(q as usize) >= 2 && p_2d6_at_least(need).to_f64() >= 0.5
            })
            .max_by_key(|&q| self.seen.unused_count(q as usize))
            .map_or(Action::NoAttack, Action::Attack)
    }

    fn check_pre(&self, legal: &[Action]) -> Option<Action> {
        let me = self.me();
        if me.w >= 2
            && let Some(a) = play(self.game, legal, |e| matches!(e, Effect::Healing { .. }))
        {
            return Some(a);
        }
        if self.seen.check().kind == CheckKind::MonsterAttack
            && self.seen.fight().base >= STRONG_MONSTER + 2
        {
            if let Some(a) = play(self.game, legal, |e| matches!(e, Effect::Rage { .. })) {
                return Some(a);
            }
            if let Some(a) = self.cheapest_gear(legal, me.atk, 1) {
                return Some(a);
            }
        }
        has(legal, Action::Pass)
    }

    /// Gear worth keeping for the fights ahead although it does not turn this roll: the
    /// unused weapon or armor with the highest bonus, if it raises the bonus by at least
    /// [`KEEP_GEAR_GAIN`], while much treasure is left and the card is at risk: a player
    /// fight is being lost (the winner takes unused cards) or the bot is heading home to
    /// cash in, which banks every unused card. Never when cashing in wins the game.
    fn keep_gear(&self, legal: &[Action], current: u8) -> Option<Action> {
        let pvp = matches!(
            self.seen.check().kind,
            CheckKind::PvpTarget | CheckKind::PvpOpposed
        );
        let at_risk = pvp || self.wants_home();
        if !at_risk || self.cash_wins() || self.seen.treasure_left() <= ENDGAME_PILE {
            return None;
        }
        let t = &self.game.decks().treasures;
        legal
            .iter()
            .copied()
            .filter(|a| match a {
                Action::Equip(c) => t[*c as usize].bonus >= current + KEEP_GEAR_GAIN,
                _ => false,
            })
            .max_by_key(|a| match a {
                Action::Equip(c) => t[*c as usize].bonus,
                _ => 0,
            })
    }

    fn check_post(&self, legal: &[Action]) -> Option<Action> {
        let c = self.seen.check();
        let m = self.seen.check_margin()?;
        let seat = self.seen.seat() as u8;
        let me = self.me();
        let attacking = seat == c.attacker || c.kind == CheckKind::PvpOpposed;
        let need = if c.kind == CheckKind::PvpOpposed {
            m.abs().max(1)
        } else if attacking {
            -m
        } else {
            m + 1
        };
        let fits = |e: &Effect| match e {
            Effect::Rage { bonus } | Effect::Dodge { bonus } => *bonus as i32 >= need,
            _ => false,
        };
        if let Some(a) = play(self.game, legal, fits) {
            return Some(a);
        }
        let worth_gear = !attacking
            || self.seen.fight().base >= STRONG_MONSTER
            || c.kind != CheckKind::MonsterAttack;
        let current = if attacking { me.atk } else { me.def };
        if worth_gear && let Some(a) = self.cheapest_gear(legal, current, need) {
            return Some(a);
        }
        let own = if seat == c.defender && c.kind == CheckKind::PvpOpposed {
            c.roll2
        } else {
            c.roll
        };
        let reroll_odds = if attacking {
            p_2d6_at_least(own as i32 + need).to_f64()
        } else {
            p_2d6_at_least(own as i32 - need + 1).complement().to_f64()
        };
        if let Some(a) = self.keep_gear(legal, current) {
            return Some(a);
        }
        if reroll_odds >= GOOD_ODDS
            && let Some(a) = play(self.game, legal, |e| matches!(e, Effect::Reroll))
        {
            return Some(a);
        }
        has(legal, Action::Pass)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::State;
    use gameshelf_engine::dice::DicePair;
    use gameshelf_engine::{Actor, CardSet, Game, RandomBot, Rng};

    fn started(game: &OpenOubliette) -> State {
        let mut s = game.initial_state();
        game.apply(&mut s, Action::Order(0)).unwrap();
        s
    }

    fn choose(game: &OpenOubliette, s: &State) -> Action {
        let seat = match game.actor(s) {
            Actor::Player(p) => p,
            other => panic!("{other:?}"),
        };
        Heuristic::default().choose(&SeatView::new(game, s, seat), &mut Rng::seed_from_u64(0))
    }

    /// The first treasure card with this name.
    fn treasure(game: &OpenOubliette, name: &str) -> u8 {
        game.decks()
            .treasures
            .iter()
            .position(|t| t.name == name)
            .unwrap() as u8
    }

    /// The first monster card with this name.
    fn monster(game: &OpenOubliette, name: &str) -> u8 {
        game.decks()
            .monsters
            .iter()
            .position(|m| m.name == name)
            .unwrap() as u8
    }

    fn holding(game: &OpenOubliette, s: &mut State, cards: &[&str]) {
        for name in cards {
            let c = treasure(game, name);
            s.treasure_draw.remove(c);
            s.players[0].unused.insert(c);
        }
    }

    #[test]
    fn cashes_in_valuable_treasure_and_goes_on_otherwise() {
        let game = OpenOubliette::default();
        let mut s = started(&game);
        s.players[0].pos = 18;
        let mut rich = s.clone();
        holding(&game, &mut rich, &["Crown", "Tiara"]);
        let roll = Action::Move(DicePair::new(2, 3));
        game.apply(&mut rich, roll).unwrap();
        assert_eq!(
            choose(&game, &rich),
            Action::Exit {
                recover: false,
                cash: true
            }
        );
        holding(&game, &mut s, &["Pottery Shards"]);
        game.apply(&mut s, roll).unwrap();
        assert_eq!(
            choose(&game, &s),
            Action::Exit {
                recover: false,
                cash: false
            }
        );
    }

    #[test]
    fn uses_a_weapon_that_turns_a_failing_roll_against_a_strong_monster() {
        let game = OpenOubliette::default();
        let mut s = started(&game);
        holding(&game, &mut s, &["Flail", "Knife"]);
        s.players[0].pos = 1;
        let dragon = monster(&game, "Dragon");
        for a in [
            Action::Move(DicePair::new(1, 2)),
            Action::DrawMonster(dragon),
            Action::Roll(6),
        ] {
            game.apply(&mut s, a).unwrap();
        }
        let flail = treasure(&game, "Flail");
        assert_eq!(choose(&game, &s), Action::Equip(flail));
    }

    /// Seat 0 on space 1 moves to space 4, draws `name` and rolls `roll` to attack.
    fn attacks(game: &OpenOubliette, s: &mut State, name: &str, roll: u8) {
        s.players[0].pos = 1;
        for a in [
            Action::Move(DicePair::new(1, 2)),
            Action::DrawMonster(monster(game, name)),
            Action::Roll(roll),
        ] {
            game.apply(s, a).unwrap();
        }
    }

    #[test]
    fn never_uses_gear_that_changes_nothing() {
        let game = OpenOubliette::default();
        // Not heading home (300 g unused): the Knife cannot turn 2 against a Dragon.
        let mut s = started(&game);
        holding(&game, &mut s, &["Knife"]);
        attacks(&game, &mut s, "Dragon", 2);
        assert_eq!(s.phase, Phase::CheckPost, "the window is open");
        assert_eq!(choose(&game, &s), Action::Pass);
        // Heading home with a Club equipped: the Knife would add nothing.
        let mut s = started(&game);
        holding(&game, &mut s, &["Knife", "Crown", "Club"]);
        let club = treasure(&game, "Club");
        s.players[0].unused.remove(club);
        s.players[0].equipped.insert(club);
        s.players[0].atk = 3;
        attacks(&game, &mut s, "Dragon", 2);
        assert_eq!(choose(&game, &s), Action::Pass);
    }

    #[test]
    fn keeps_a_much_better_weapon_from_the_cash_in_it_is_heading_for() {
        let game = OpenOubliette::default();
        let mut s = started(&game);
        holding(&game, &mut s, &["Glowing Sword", "Crown"]);
        let mut endgame = s.clone();
        attacks(&game, &mut s, "Dragon", 2); // 2 + 6 < 10: the Sword cannot turn it
        let sword = treasure(&game, "Glowing Sword");
        assert_eq!(choose(&game, &s), Action::Equip(sword));
        // With little treasure left the game ends soon: the Sword is cashed instead.
        let keep: CardSet = endgame.treasure_draw.iter().take(ENDGAME_PILE).collect();
        endgame.treasure_removed = endgame.treasure_draw.difference(keep);
        endgame.treasure_draw = keep;
        attacks(&game, &mut endgame, "Dragon", 2);
        assert_eq!(choose(&game, &endgame), Action::Pass);
    }

    #[test]
    fn equips_armor_that_a_winning_attacker_would_take() {
        let game = OpenOubliette::default();
        let mut s = started(&game);
        holding(&game, &mut s, &["Chain Mail Armor", "Pottery"]);
        let (mail, pottery) = (
            treasure(&game, "Chain Mail Armor"),
            treasure(&game, "Pottery"),
        );
        s.players[0].unused = CardSet::EMPTY;
        s.players[1].unused = [mail, pottery].into_iter().collect();
        s.players[0].pos = 1;
        s.players[1].pos = 4;
        for a in [
            Action::Move(DicePair::new(1, 2)),
            Action::Attack(1),
            Action::Roll(12),
        ] {
            game.apply(&mut s, a).unwrap();
        }
        assert_eq!(game.actor(&s), Actor::Player(1));
        assert_eq!(choose(&game, &s), Action::Equip(mail));
    }

    #[test]
    fn heading_home_takes_every_exit_action_on_offer() {
        let game = OpenOubliette::default();
        let mut s = started(&game);
        let wound = game
            .decks()
            .wounds
            .iter()
            .position(|w| w.modifier >= REST_AT)
            .unwrap() as u8;
        s.wound_draw.remove(wound);
        s.players[0].wounds.insert(wound);
        s.players[0].w = REST_AT;
        s.players[0].pos = 18;
        let roll = Action::Move(DicePair::new(2, 3));
        let exit = |recover, cash| Action::Exit { recover, cash };
        // Wounded with nothing to cash: Recovery alone.
        let mut poor = s.clone();
        game.apply(&mut poor, roll).unwrap();
        assert_eq!(choose(&game, &poor), exit(true, false));
        // Wounded and holding treasure: Recovery and the cash-in.
        holding(&game, &mut s, &["Pottery Shards"]);
        game.apply(&mut s, roll).unwrap();
        assert_eq!(choose(&game, &s), exit(true, true));
    }

    #[test]
    fn recovery_returns_the_most_severe_wounds() {
        let game = OpenOubliette::default();
        let mut s = started(&game);
        let by_modifier = |m: u8| {
            game.decks()
                .wounds
                .iter()
                .position(|w| w.modifier == m)
                .unwrap() as u8
        };
        let (scratch, bruise, critical) = (by_modifier(0), by_modifier(1), by_modifier(4));
        for c in [scratch, bruise, critical] {
            s.wound_draw.remove(c);
            s.players[0].wounds.insert(c);
        }
        s.players[0].w = 5;
        s.players[0].pos = 18;
        let recover = Action::Exit {
            recover: true,
            cash: false,
        };
        for a in [Action::Move(DicePair::new(2, 3)), recover] {
            game.apply(&mut s, a).unwrap();
        }
        assert_eq!(choose(&game, &s), Action::ReturnWound(critical));
        game.apply(&mut s, Action::ReturnWound(critical)).unwrap();
        assert_eq!(choose(&game, &s), Action::ReturnWound(bruise));
    }

    #[test]
    fn takes_extra_turns_and_keeps_shortcuts_when_poor() {
        let game = OpenOubliette::default();
        let mut s = started(&game);
        s.players[0].pos = 1;
        let dragon = monster(&game, "Dragon");
        for a in [
            Action::Move(DicePair::new(1, 1)),
            Action::DrawMonster(dragon),
            Action::Roll(2),
            Action::Roll(2),
        ] {
            game.apply(&mut s, a).unwrap();
        }
        assert_eq!(choose(&game, &s), Action::ExtraTurn(true));
    }

    /// Every choice is one of the seat's legal actions, whether the bot took its options
    /// from the rules' sets (the commonest phases) or from the list, and each of those
    /// phases is met.
    #[test]
    fn every_choice_is_legal() {
        let mut met = Vec::new();
        for spec in [
            "open-oubliette",
            "open-oubliette(players=2,cash_in_subset=true)",
            "open-oubliette(players=6,direction_choice=ever_after_landing)",
            "open-oubliette(players=3,pvp_model=opposed,gear_windows=useful)",
            "open-oubliette(players=2,mode=jail,jail_early_release=true)",
        ] {
            let game = OpenOubliette::from_spec(&spec.parse().unwrap()).unwrap();
            let mut bot = Heuristic::default();
            let (mut legal, mut outcomes) = (Vec::new(), gameshelf_engine::Outcomes::new());
            for seed in 0..40 {
                let mut rng = Rng::for_stream(3, seed);
                let mut s = game.initial_state();
                loop {
                    let a = match game.actor(&s) {
                        Actor::Terminal => break,
                        Actor::Chance => game.sample_chance(&s, &mut rng, &mut outcomes),
                        Actor::Player(seat) => {
                            let a = bot.choose(&SeatView::new(&game, &s, seat), &mut rng);
                            game.legal_actions(&s, &mut legal);
                            assert!(legal.contains(&a), "{spec}: {a} not in {legal:?}");
                            if !met.contains(&s.phase) {
                                met.push(s.phase);
                            }
                            a
                        }
                    };
                    game.apply_unchecked(&mut s, a);
                }
            }
        }
        for phase in [
            Phase::ExitChoice,
            Phase::ExtraTurn,
            Phase::Direction,
            Phase::PvpChoice,
            Phase::RecoverPick,
            Phase::LeaveJail,
            Phase::CashPick,
            Phase::CheckPost,
        ] {
            assert!(met.contains(&phase), "no {phase:?} decision met");
        }
    }

    #[test]
    fn beats_random_players() {
        let game = OpenOubliette::default();
        let mut wins = [0.0f64; 4];
        let games = 200;
        for i in 0..games {
            let mut bots: Vec<Box<dyn Bot<OpenOubliette>>> = vec![
                Box::new(Heuristic::default()),
                Box::new(RandomBot::default()),
                Box::new(RandomBot::default()),
                Box::new(RandomBot::default()),
            ];
            let mut rng = Rng::for_stream(11, i);
            let mut s = game.initial_state();
            gameshelf_engine::play(&game, &mut s, &mut bots, &mut rng, |_, _| {});
            for (w, r) in wins.iter_mut().zip(game.returns(&s).as_slice()) {
                *w += r;
            }
        }
        let random_mean = (wins[1] + wins[2] + wins[3]) / 3.0;
        assert!(
            wins[0] > 1.5 * random_mean,
            "heuristic {} vs random seats {:?}",
            wins[0],
            &wins[1..]
        );
    }
}
