//! Exact fight odds (one round, no cards played).
//!
//! ```
//! use gameshelf_open_oubliette::odds::{FightSetup, fight_odds};
//! let o = fight_odds(&FightSetup { power: 7, wounds: 2, weapon: 3, armor: 1, level: 1 });
//! assert_eq!(o.win.to_string(), "7/12"); // 2d6 + 3 >= 7 + 2 + 1
//! ```

use gameshelf_engine::Ratio;
use gameshelf_engine::dice::p_2d6_at_least;

use crate::decks::Decks;
use crate::game::BASE_DEFENSE;

/// One fight round's numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FightSetup {
    /// The monster's power.
    pub power: u8,
    /// W: the sum of the player's two highest wound modifiers.
    pub wounds: u8,
    /// The player's attack bonus (best equipped weapon).
    pub weapon: u8,
    /// The player's defense bonus (best equipped armor).
    pub armor: u8,
    /// L: the player's Level Ups.
    pub level: u8,
}

/// The three outcomes of one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FightOdds {
    /// The player beats the monster.
    pub win: Ratio,
    /// The attack fails and the monster hits: one wound.
    pub wounded: Ratio,
    /// The attack fails and the monster misses: it leaves.
    pub no_result: Ratio,
}

/// P(the attack roll wins): `2d6 + weapon >= power + W + L`.
pub fn win_chance(s: &FightSetup) -> Ratio {
    p_2d6_at_least(s.power as i32 + s.wounds as i32 + s.level as i32 - s.weapon as i32)
}

/// P(the monster hits): `2d6 + W >= 8 + armor`.
pub fn hit_chance(wounds: u8, armor: u8) -> Ratio {
    p_2d6_at_least(BASE_DEFENSE + armor as i32 - wounds as i32)
}

/// The exact odds of one round against a monster of `setup.power`.
pub fn fight_odds(setup: &FightSetup) -> FightOdds {
    let win = win_chance(setup);
    let hit = hit_chance(setup.wounds, setup.armor);
    let fail = win.complement();
    FightOdds {
        win,
        wounded: fail.mul(hit),
        no_result: fail.mul(hit.complement()),
    }
}

/// The odds against a monster drawn at random from a full monster deck (`setup.power` is
/// ignored).
pub fn deck_fight_odds(decks: &Decks, setup: &FightSetup) -> FightOdds {
    let n = decks.monsters.len() as u64;
    let mut win = Ratio::ZERO;
    for m in &decks.monsters {
        let one = win_chance(&FightSetup {
            power: m.power,
            ..*setup
        });
        win = win.add(one.mul(Ratio::new(1, n)));
    }
    let hit = hit_chance(setup.wounds, setup.armor);
    let fail = win.complement();
    FightOdds {
        win,
        wounded: fail.mul(hit),
        no_result: fail.mul(hit.complement()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference figures, checked by enumeration.
    #[test]
    fn beat_a_random_monster_for_x_0_to_8() {
        let d = Decks::standard();
        let want = [
            (25, 36),
            (77, 128),
            (145, 288),
            (467, 1152),
            (5, 16),
            (131, 576),
            (89, 576),
            (37, 384),
            (7, 128),
        ];
        for (x, (n, den)) in want.into_iter().enumerate() {
            // X = W + L: split it both ways, the result must not depend on how.
            let a = deck_fight_odds(
                &d,
                &FightSetup {
                    level: x as u8,
                    ..Default::default()
                },
            );
            let b = deck_fight_odds(
                &d,
                &FightSetup {
                    wounds: x as u8,
                    ..Default::default()
                },
            );
            assert_eq!(a.win, Ratio::new(n, den), "X={x}");
            assert_eq!(b.win, a.win, "X={x}");
        }
    }

    #[test]
    fn monster_hits_at_defense_8() {
        let want = [
            (5, 12),
            (7, 12),
            (13, 18),
            (5, 6),
            (11, 12),
            (35, 36),
            (1, 1),
        ];
        for (w, (n, den)) in want.into_iter().enumerate() {
            assert_eq!(hit_chance(w as u8, 0), Ratio::new(n, den), "W={w}");
        }
        assert_eq!(hit_chance(8, 0), Ratio::ONE);
    }

    #[test]
    fn unmodified_round_against_the_deck() {
        let o = deck_fight_odds(&Decks::standard(), &FightSetup::default());
        assert_eq!(o.win, Ratio::new(25, 36));
        assert_eq!(o.wounded, Ratio::new(55, 432));
        assert_eq!(o.no_result, Ratio::new(77, 432));
        let dragon = fight_odds(&FightSetup {
            power: 10,
            ..Default::default()
        });
        assert_eq!(dragon.win, Ratio::new(1, 6));
    }

    #[test]
    fn cli_example() {
        let o = fight_odds(&FightSetup {
            power: 7,
            wounds: 2,
            weapon: 3,
            armor: 1,
            level: 1,
        });
        assert_eq!(o.win, Ratio::new(7, 12));
        // Hit: 2d6 + 2 >= 9 -> 2d6 >= 7.
        assert_eq!(o.wounded, Ratio::new(5, 12).mul(Ratio::new(7, 12)));
        assert_eq!(o.win.add(o.wounded).add(o.no_result), Ratio::ONE);
    }
}
