//! Fights, player fights, the Exit, turn flow, end conditions, jail mode and
//! the variant flags.

mod common;

use common::*;
use gameshelf_engine::{Game, Rng};
use gameshelf_open_oubliette::state::{CheckKind, NONE};
use gameshelf_open_oubliette::{Action, Dir, EndKind, OpenOubliette, Phase, State};

/// Seat 0 on space 1 moves 3 to space 4 and draws `name`: the attack roll is next.
fn fight(g: &OpenOubliette, s: &mut State, name: &str) {
    s.players[0].pos = 1;
    feed(g, s, &[mv(1, 2), Action::DrawMonster(monster(g, name))]);
}

fn fresh(spec: &str) -> (OpenOubliette, State) {
    let g = game(spec);
    let s = started(&g);
    (g, s)
}

// ---- fights --------------------------------------------------------------------------------

#[test]
fn win_draws_a_treasure_and_records_the_kill() {
    let (g, mut s) = fresh("open-oubliette");
    fight(&g, &mut s, "Ogre");
    assert_eq!(s.phase, Phase::CheckRoll);
    feed(&g, &mut s, &[Action::Roll(4), Action::DrawTreasure(9)]);
    let ogre = g.decks().monsters[monster(&g, "Ogre") as usize].kind;
    assert_eq!(s.players[0].trip_kills, 1 << ogre);
    assert!(s.players[0].unused.contains(9));
    assert!(
        s.monster_discard.contains(monster(&g, "Ogre")),
        "the monster is discarded"
    );
    assert!(!s.turn.doubles);
}

#[test]
fn target_adds_wounds_and_level_ups() {
    let (g, mut s) = fresh("open-oubliette");
    give_wounds(&g, &mut s, 0, &[wound(&g, 2, 0), wound(&g, 1, 0)]); // W = 3
    s.players[0].level_ups = 1;
    fight(&g, &mut s, "Ogre"); // T = 4 + 3 + 1 = 8
    apply(&g, &mut s, Action::Roll(7));
    assert_eq!(s.check.kind, CheckKind::MonsterDefend, "7 < 8 fails");
    let mut t = started(&g);
    give_wounds(&g, &mut t, 0, &[wound(&g, 2, 0), wound(&g, 1, 0)]);
    t.players[0].level_ups = 1;
    fight(&g, &mut t, "Ogre");
    apply(&g, &mut t, Action::Roll(8));
    assert_eq!(t.phase, Phase::DrawTreasure, "8 >= 8 wins");
}

#[test]
fn a_missed_monster_leaves_without_wound_or_reward() {
    let (g, mut s) = fresh("open-oubliette");
    fight(&g, &mut s, "Dragon");
    feed(&g, &mut s, &[Action::Roll(9), Action::Roll(7)]);
    assert!(s.players[0].wounds.is_empty() && s.players[0].unused.is_empty());
    assert_eq!((s.current, s.phase), (1, Phase::MoveRoll));
}

#[test]
fn a_hit_draws_one_wound_with_w_added_to_the_monster_roll() {
    let (g, mut s) = fresh("open-oubliette");
    give_wounds(&g, &mut s, 0, &[wound(&g, 1, 0)]);
    fight(&g, &mut s, "Dragon");
    feed(&g, &mut s, &[Action::Roll(9), Action::Roll(7)]); // 7 + 1 >= 8
    assert_eq!(s.phase, Phase::DrawWound);
    let w = wound(&g, 4, 0);
    apply(&g, &mut s, Action::DrawWound(w));
    assert_eq!(s.players[0].w, 5);
    assert_eq!(s.current, 1);
}

#[test]
fn weapons_are_used_after_the_roll_and_only_the_best_counts() {
    let (g, mut s) = fresh("open-oubliette(gear_windows=useful)");
    let (knife, dagger, club) = (
        treasure(&g, "Knife"),
        treasure(&g, "Dagger"),
        treasure(&g, "Club"),
    );
    give_treasure(&mut s, 0, &[knife, dagger]);
    fight(&g, &mut s, "Mo'o"); // power 7
    apply(&g, &mut s, Action::Roll(5));
    assert_eq!(s.phase, Phase::CheckPost);
    assert_eq!(
        legal(&g, &s),
        vec![Action::Equip(dagger), Action::Pass],
        "the Knife cannot turn 5 into 7"
    );
    apply(&g, &mut s, Action::Equip(dagger));
    assert_eq!(s.phase, Phase::DrawTreasure);
    assert!(s.players[0].equipped.contains(dagger) && !s.players[0].unused.contains(dagger));
    assert_eq!(s.players[0].atk, 2);
    // Only the best equipped weapon counts: with the Club equipped the Dagger adds nothing.
    let mut t = started(&g);
    give_equipped(&g, &mut t, 0, &[club]);
    give_treasure(&mut t, 0, &[dagger]);
    fight(&g, &mut t, "Dragon");
    apply(&g, &mut t, Action::Roll(6));
    assert_eq!(
        t.check.kind,
        CheckKind::MonsterDefend,
        "no window: the Dagger would not help"
    );
}

#[test]
fn gear_windows_offer_every_unused_weapon_while_the_attack_fails() {
    let (g, mut s) = fresh("open-oubliette");
    let (knife, dagger, club) = (
        treasure(&g, "Knife"),
        treasure(&g, "Dagger"),
        treasure(&g, "Club"),
    );
    give_equipped(&g, &mut s, 0, &[club]);
    give_treasure(&mut s, 0, &[knife, dagger]);
    let mut won = s.clone();
    fight(&g, &mut s, "Mo'o"); // power 7
    apply(&g, &mut s, Action::Roll(2)); // 2 + 3 = 5 < 7
    assert_eq!(
        legal(&g, &s),
        vec![Action::Equip(knife), Action::Equip(dagger), Action::Pass],
        "neither can turn the roll, but either may be used (to keep it from theft or the cash-in)"
    );
    apply(&g, &mut s, Action::Equip(knife));
    let p = s.players[0];
    assert!(p.equipped.contains(knife) && !p.unused.contains(knife));
    assert_eq!(p.atk, 3, "only the best weapon counts");
    assert_eq!(
        (s.phase, legal(&g, &s)),
        (Phase::CheckPost, vec![Action::Equip(dagger), Action::Pass]),
        "still failing: the window stays open"
    );
    apply(&g, &mut s, Action::Pass);
    assert_eq!(s.check.kind, CheckKind::MonsterDefend);
    // A winning roll opens no window.
    fight(&g, &mut won, "Mo'o");
    apply(&g, &mut won, Action::Roll(4));
    assert_eq!(won.phase, Phase::DrawTreasure);
}

#[test]
fn gear_windows_offer_rage_and_armor_that_cannot_turn_the_roll() {
    let (g, mut s) = fresh("open-oubliette");
    let rage = event(&g, "Rage");
    let leather = treasure(&g, "Leather Armor");
    give_kept(&mut s, 0, &[rage]);
    give_treasure(&mut s, 0, &[leather]);
    fight(&g, &mut s, "Dragon");
    apply(&g, &mut s, Action::Roll(5)); // 5 + 4 < 10 even with Rage
    assert_eq!(legal(&g, &s), vec![Action::Play(rage), Action::Pass]);
    apply(&g, &mut s, Action::Play(rage));
    assert_eq!(
        s.check.kind,
        CheckKind::MonsterDefend,
        "nothing left to play: the monster strikes back"
    );
    apply(&g, &mut s, Action::Roll(10)); // 10 >= 8 + 1 even with the Leather Armor
    assert_eq!(legal(&g, &s), vec![Action::Equip(leather), Action::Pass]);
    apply(&g, &mut s, Action::Equip(leather));
    assert_eq!((s.phase, s.players[0].def), (Phase::DrawWound, 1));
}

#[test]
fn gear_windows_useful_variant_prunes_gear_that_cannot_turn_the_roll() {
    let (g, mut s) = fresh("open-oubliette(gear_windows=useful)");
    let rage = event(&g, "Rage");
    let leather = treasure(&g, "Leather Armor");
    give_kept(&mut s, 0, &[rage]);
    give_treasure(&mut s, 0, &[leather]);
    fight(&g, &mut s, "Dragon");
    feed(&g, &mut s, &[Action::Roll(5), Action::Roll(10)]);
    assert_eq!(s.phase, Phase::DrawWound, "no window opened");
    assert!(s.players[0].unused.contains(leather) && s.players[0].kept.contains(rage));
}

#[test]
fn stacking_weapons_variant_adds_them_up() {
    let (g, mut s) = fresh("open-oubliette(stack_weapons=true)");
    let (knife, club) = (treasure(&g, "Knife"), treasure(&g, "Club"));
    give_equipped(&g, &mut s, 0, &[club]);
    give_treasure(&mut s, 0, &[knife]);
    fight(&g, &mut s, "Mo'o");
    apply(&g, &mut s, Action::Roll(3)); // 3 + 3 = 6 < 7
    apply(&g, &mut s, Action::Equip(knife));
    assert_eq!(s.players[0].atk, 4);
    assert_eq!(s.phase, Phase::DrawTreasure);
}

#[test]
fn armor_and_dodge_turn_a_hit() {
    let (g, mut s) = fresh("open-oubliette");
    let (leather, ring) = (
        treasure(&g, "Leather Armor"),
        treasure(&g, "Ring Mail Armor"),
    );
    give_treasure(&mut s, 0, &[leather, ring]);
    let dodge = event(&g, "Dodge");
    give_kept(&mut s, 0, &[dodge]);
    fight(&g, &mut s, "Dragon");
    feed(&g, &mut s, &[Action::Roll(2), Action::Roll(9)]);
    assert_eq!(s.phase, Phase::CheckPost);
    assert_eq!(
        legal(&g, &s),
        vec![
            Action::Equip(leather),
            Action::Equip(ring),
            Action::Play(dodge),
            Action::Pass
        ]
    );
    apply(&g, &mut s, Action::Equip(ring)); // 9 < 10: the monster leaves
    assert_eq!((s.current, s.players[0].def), (1, 2));
    assert!(s.players[0].kept.contains(dodge), "Dodge kept for later");
    // Dodge alone: +3 for this roll only.
    let mut t = started(&g);
    give_kept(&mut t, 0, &[dodge]);
    fight(&g, &mut t, "Dragon");
    feed(
        &g,
        &mut t,
        &[Action::Roll(2), Action::Roll(10), Action::Play(dodge)],
    );
    assert!(t.players[0].wounds.is_empty() && t.event_discard.contains(dodge));
}

#[test]
fn rage_adds_four_against_monsters() {
    let (g, mut s) = fresh("open-oubliette(gear_windows=useful)");
    let rage = event(&g, "Rage");
    give_kept(&mut s, 0, &[rage]);
    fight(&g, &mut s, "Dragon");
    apply(&g, &mut s, Action::Roll(6));
    assert_eq!(legal(&g, &s), vec![Action::Play(rage), Action::Pass]);
    apply(&g, &mut s, Action::Play(rage));
    assert_eq!(s.phase, Phase::DrawTreasure);
    // Too far behind for Rage to matter: no window.
    let mut t = started(&g);
    give_kept(&mut t, 0, &[rage]);
    fight(&g, &mut t, "Dragon");
    apply(&g, &mut t, Action::Roll(5));
    assert_eq!(t.check.kind, CheckKind::MonsterDefend);
}

#[test]
fn recovery_rerolls_a_failed_attack_or_forces_the_monster_to_reroll() {
    let (g, mut s) = fresh("open-oubliette");
    let (r1, r2) = (event_no(&g, 28), event_no(&g, 29));
    give_kept(&mut s, 0, &[r1, r2]);
    fight(&g, &mut s, "Dragon");
    apply(&g, &mut s, Action::Roll(4));
    assert_eq!(
        legal(&g, &s),
        vec![Action::Play(r1), Action::Pass],
        "two identical cards: one choice"
    );
    feed(&g, &mut s, &[Action::Play(r1), Action::Roll(5)]);
    assert_eq!(s.check.roll, 5, "the new roll replaces the old");
    // Still failing with one card left: pass, then the monster hits and is forced to reroll.
    feed(
        &g,
        &mut s,
        &[
            Action::Pass,
            Action::Roll(11),
            Action::Play(r2),
            Action::Roll(3),
        ],
    );
    assert!(s.players[0].wounds.is_empty());
    assert!(s.event_discard.contains(r1) && s.event_discard.contains(r2));
}

#[test]
fn rage_bonus_lasts_through_a_revenge_round() {
    let (g, mut s) = fresh("open-oubliette");
    let (rage, rev) = (event(&g, "Rage"), event_no(&g, 31));
    give_kept(&mut s, 0, &[rage, rev]);
    fight(&g, &mut s, "Dragon");
    feed(
        &g,
        &mut s,
        &[
            Action::Roll(4),
            Action::Play(rage), // 4 + 4 < 10
            Action::Roll(8),
            Action::DrawWound(wound(&g, 0, 0)),
            Action::Play(rev),
        ],
    );
    assert_eq!(
        s.fight.att_bonus, 4,
        "Rage still counts in the Revenge round"
    );
    apply(&g, &mut s, Action::Roll(6));
    assert_eq!(
        s.phase,
        Phase::DrawTreasure,
        "6 + 4 >= 10: the dragon is beaten"
    );
}

#[test]
fn revenge_starts_a_new_round_with_the_new_wound() {
    let (g, mut s) = fresh("open-oubliette");
    let rev = event_no(&g, 31);
    give_kept(&mut s, 0, &[rev]);
    fight(&g, &mut s, "Yeti"); // power 5
    feed(
        &g,
        &mut s,
        &[
            Action::Roll(3),
            Action::Roll(8),
            Action::DrawWound(wound(&g, 2, 0)),
        ],
    );
    assert_eq!(s.phase, Phase::Revenge);
    apply(&g, &mut s, Action::Play(rev));
    assert_eq!(
        (s.phase, s.check.kind),
        (Phase::CheckRoll, CheckKind::MonsterAttack)
    );
    apply(&g, &mut s, Action::Roll(6));
    assert_eq!(s.check.kind, CheckKind::MonsterDefend, "6 < 5 + W 2");
    feed(&g, &mut s, &[Action::Roll(6)]); // 6 + 2 >= 8: hit again
    assert_eq!(s.phase, Phase::DrawWound);
    // One-roll variant: a failed Revenge attack ends the fight.
    let (g, mut s) = fresh("open-oubliette(revenge_full_round=false)");
    give_kept(&mut s, 0, &[rev]);
    fight(&g, &mut s, "Yeti");
    feed(
        &g,
        &mut s,
        &[
            Action::Roll(3),
            Action::Roll(8),
            Action::DrawWound(0),
            Action::Play(rev),
            Action::Roll(2),
        ],
    );
    assert_eq!(s.current, 1);
}

#[test]
fn cards_before_the_roll_variants() {
    let (g, mut s) = fresh("open-oubliette(declare_before_roll=true,kept_card_timing=before_roll)");
    let dagger = treasure(&g, "Dagger");
    let rage = event(&g, "Rage");
    give_treasure(&mut s, 0, &[dagger]);
    give_kept(&mut s, 0, &[rage]);
    fight(&g, &mut s, "Dragon");
    assert_eq!(s.phase, Phase::CheckPre);
    assert_eq!(
        legal(&g, &s),
        vec![Action::Equip(dagger), Action::Play(rage), Action::Pass]
    );
    feed(&g, &mut s, &[Action::Pass, Action::Roll(7)]);
    assert_eq!(
        s.check.kind,
        CheckKind::MonsterDefend,
        "too late for the Dagger and Rage"
    );
}

#[test]
fn healing_waters_windows_before_the_roll_and_inside_a_fight() {
    let (g, mut s) = fresh("open-oubliette");
    let heal = event_no(&g, 14);
    // Seat 1 will start its turn wounded and holding Healing Waters: a window before the roll.
    give_kept(&mut s, 1, &[heal]);
    give_wounds(&g, &mut s, 1, &[wound(&g, 3, 0)]);
    fight(&g, &mut s, "Dragon");
    feed(&g, &mut s, &[Action::Roll(2), Action::Roll(2)]);
    assert_eq!((s.current, s.phase), (1, Phase::PreWindow));
    assert_eq!(legal(&g, &s), vec![Action::Play(heal), Action::Pass]);
    let mut t = s.clone();
    apply(&g, &mut t, Action::Play(heal));
    assert_eq!((t.players[1].w, t.phase), (0, Phase::MoveRoll));
    // Passing keeps it for the fight: before the attack roll it is offered again.
    s.players[1].pos = 2;
    feed(
        &g,
        &mut s,
        &[
            Action::Pass,
            mv(1, 2),
            Action::DrawMonster(monster(&g, "Ogre")),
        ],
    );
    assert_eq!((s.phase, s.check.acting), (Phase::CheckPre, 1));
    apply(&g, &mut s, Action::Play(heal));
    assert_eq!((s.phase, s.players[1].w), (Phase::CheckRoll, 0));
}

// ---- player fights -----------------------------------------------------------------------

fn pvp(spec: &str) -> (OpenOubliette, State) {
    let (g, mut s) = fresh(spec);
    s.players[0].pos = 1;
    s.players[1].pos = 4;
    s.players[2].pos = 4;
    apply(&g, &mut s, mv(1, 2));
    assert_eq!(
        legal(&g, &s),
        vec![Action::Attack(1), Action::Attack(2), Action::NoAttack]
    );
    (g, s)
}

#[test]
fn attacker_wins_takes_three_random_cards_and_draws_one_wound() {
    let (g, mut s) = pvp("open-oubliette");
    give_treasure(&mut s, 1, &[0, 2, 3, 5, 6]);
    feed(&g, &mut s, &[Action::Attack(1), Action::Roll(8)]);
    for c in [2, 3, 6] {
        assert_eq!(s.phase, Phase::Steal);
        apply(&g, &mut s, Action::Steal(c));
    }
    assert_eq!(s.players[0].unused, [2, 3, 6].into_iter().collect());
    assert_eq!(s.players[1].unused.len(), 2);
    assert_eq!(s.phase, Phase::DrawWound);
    assert_eq!(s.turn.wound_to, 0, "the attacker draws the wound");
    apply(&g, &mut s, Action::DrawWound(0));
    assert_eq!(
        s.phase,
        Phase::DrawMonster,
        "the monster fight still happens"
    );
}

#[test]
fn defender_retaliates_and_steals_what_there_is() {
    let (g, mut s) = pvp("open-oubliette");
    let records = treasure(&g, "Accounting Records");
    give_treasure(&mut s, 0, &[records]);
    let rage = event(&g, "Rage");
    give_kept(&mut s, 0, &[rage]);
    feed(&g, &mut s, &[Action::Attack(2), Action::Roll(5)]);
    assert_eq!(
        s.phase,
        Phase::CheckRoll,
        "no Rage in a player fight: no window"
    );
    apply(&g, &mut s, Action::Roll(8));
    apply(&g, &mut s, Action::Steal(records));
    assert!(s.players[2].unused.contains(records));
    assert_eq!(
        s.turn.wound_to, 0,
        "the attacker draws the wound even when losing"
    );
    apply(&g, &mut s, Action::DrawWound(3));
    assert_eq!(s.phase, Phase::DrawMonster);
    // Nobody wins: still one wound for the attacker.
    let (g, mut s) = pvp("open-oubliette");
    feed(&g, &mut s, &[Action::NoAttack]);
    assert_eq!(s.phase, Phase::DrawMonster);
    let (g, mut s) = pvp("open-oubliette");
    feed(
        &g,
        &mut s,
        &[Action::Attack(1), Action::Roll(7), Action::Roll(7)],
    );
    assert_eq!((s.phase, s.turn.wound_to), (Phase::DrawWound, 0));
}

#[test]
fn a_losing_defender_may_equip_armor_to_keep_it_from_theft() {
    let (g, mut s) = pvp("open-oubliette");
    let (leather, records) = (
        treasure(&g, "Leather Armor"),
        treasure(&g, "Accounting Records"),
    );
    give_treasure(&mut s, 1, &[leather, records]);
    feed(&g, &mut s, &[Action::Attack(1), Action::Roll(12)]);
    assert_eq!(legal(&g, &s), vec![Action::Equip(leather), Action::Pass]);
    feed(
        &g,
        &mut s,
        &[Action::Equip(leather), Action::Steal(records)],
    );
    assert_eq!(s.players[1].equipped, [leather].into_iter().collect());
    assert!(s.players[1].unused.is_empty() && s.players[0].unused.contains(records));
}

#[test]
fn defender_may_use_armor_against_a_successful_attack() {
    let (g, mut s) = pvp("open-oubliette");
    let ring = treasure(&g, "Ring Mail Armor");
    give_treasure(&mut s, 1, &[ring]);
    feed(&g, &mut s, &[Action::Attack(1), Action::Roll(8)]);
    assert_eq!(
        g.actor(&s),
        gameshelf_engine::Actor::Player(1),
        "the defender decides"
    );
    apply(&g, &mut s, Action::Equip(ring));
    assert_eq!(s.check.attacker, 1, "the attack failed: retaliation");
}

#[test]
fn pvp_wound_winner_and_opposed_variants() {
    let (g, mut s) = pvp("open-oubliette(pvp_wound=winner)");
    feed(
        &g,
        &mut s,
        &[Action::Attack(1), Action::Roll(5), Action::Roll(9)],
    );
    assert_eq!(s.turn.wound_to, 1, "the winner draws the wound");
    let (g, mut s) = pvp("open-oubliette(pvp_model=opposed)");
    feed(
        &g,
        &mut s,
        &[Action::Attack(1), Action::Roll(9), Action::Roll(4)],
    );
    assert_eq!(s.fight.winner, 0);
}

// ---- the Exit -------------------------------------------------------------------------------

#[test]
fn cash_in_is_all_or_nothing_with_level_up_bonus_and_ends_the_turn() {
    let (g, mut s) = fresh("open-oubliette");
    give_treasure(&mut s, 0, &[0, 1, 4]); // 200 + 300 + 400
    give_wounds(
        &g,
        &mut s,
        0,
        &[
            wound(&g, 4, 0),
            wound(&g, 3, 0),
            wound(&g, 2, 0),
            wound(&g, 1, 0),
        ],
    );
    s.players[0].level_ups = 2;
    s.players[0].pos = 18;
    apply(&g, &mut s, mv(2, 3)); // passes to 3
    assert_eq!(
        legal(&g, &s),
        vec![
            Action::Exit {
                recover: false,
                cash: false
            },
            Action::Exit {
                recover: false,
                cash: true
            },
            Action::Exit {
                recover: true,
                cash: false
            },
            Action::Exit {
                recover: true,
                cash: true
            },
        ]
    );
    apply(
        &g,
        &mut s,
        Action::Exit {
            recover: true,
            cash: true,
        },
    );
    assert_eq!(
        s.phase,
        Phase::RecoverPick,
        "Recovery first, then the cash-in"
    );
    feed(
        &g,
        &mut s,
        &[
            Action::ReturnWound(wound(&g, 4, 0)),
            Action::ReturnWound(wound(&g, 3, 0)),
            Action::ReturnWound(wound(&g, 2, 0)),
        ],
    );
    let p = s.players[0];
    assert_eq!(p.banked_value, 900 + 2 * 100 * 3);
    assert_eq!((p.level_ups, p.unused.len(), p.banked.len()), (0, 0, 3));
    assert_eq!(p.w, 1, "three wounds went back");
    assert_eq!(p.pos, 3, "the token finishes its move");
    assert_eq!(
        (s.current, s.phase),
        (1, Phase::MoveRoll),
        "no monster: the turn ended"
    );
}

#[test]
fn exit_recovery_returns_the_wounds_the_player_chooses() {
    let (g, mut s) = fresh("open-oubliette");
    let (critical, stabbed, scratch) = (wound(&g, 4, 0), wound(&g, 3, 0), wound(&g, 0, 0));
    let (scratch2, bruise) = (scratch + 16, wound(&g, 1, 0));
    assert_eq!(
        g.decks().wounds[scratch2 as usize].title,
        g.decks().wounds[scratch as usize].title
    );
    give_wounds(
        &g,
        &mut s,
        0,
        &[critical, stabbed, scratch, scratch2, bruise],
    );
    s.players[0].pos = 18;
    let recover = Action::Exit {
        recover: true,
        cash: false,
    };
    let mut none = s.clone();
    feed(&g, &mut s, &[mv(2, 3), recover]);
    assert_eq!(
        legal(&g, &s),
        vec![
            Action::ReturnWound(scratch),
            Action::ReturnWound(bruise),
            Action::ReturnWound(stabbed),
            Action::ReturnWound(critical),
            Action::RecoverDone,
        ],
        "one choice per kind of wound held"
    );
    feed(
        &g,
        &mut s,
        &[Action::ReturnWound(bruise), Action::ReturnWound(scratch)],
    );
    assert_eq!(s.turn.recover_left, 1);
    apply(&g, &mut s, Action::RecoverDone);
    let p = s.players[0];
    assert_eq!(
        p.wounds,
        [critical, stabbed, scratch2].into_iter().collect()
    );
    assert_eq!(p.w, 7);
    assert!(s.wound_draw.contains(bruise) && s.wound_draw.contains(scratch));
    assert_eq!(s.current, 1, "the turn ended");
    // Returning none still ends the turn.
    feed(&g, &mut none, &[mv(2, 3), recover, Action::RecoverDone]);
    assert_eq!((none.current, none.players[0].wounds.len()), (1, 5));
    // The third wound returned closes the choice.
    let (g, mut s) = fresh("open-oubliette");
    give_wounds(&g, &mut s, 0, &[critical, stabbed, scratch, bruise]);
    s.players[0].pos = 18;
    feed(
        &g,
        &mut s,
        &[
            mv(2, 3),
            recover,
            Action::ReturnWound(scratch),
            Action::ReturnWound(bruise),
            Action::ReturnWound(stabbed),
        ],
    );
    assert_eq!((s.current, s.players[0].w), (1, 4));
}

#[test]
fn exit_continue_fights_at_the_landing_space_and_extra_turns_survive_an_exit_action() {
    let (g, mut s) = fresh("open-oubliette");
    s.players[0].pos = 17;
    feed(
        &g,
        &mut s,
        &[
            mv(3, 3),
            Action::Exit {
                recover: false,
                cash: false,
            },
        ],
    );
    assert_eq!((s.phase, s.players[0].pos), (Phase::DrawMonster, 3));
    let (g, mut s) = fresh("open-oubliette");
    s.players[0].pos = 17;
    feed(
        &g,
        &mut s,
        &[
            mv(3, 3),
            Action::Exit {
                recover: true,
                cash: false,
            },
        ],
    );
    assert_eq!(s.phase, Phase::ExtraTurn, "doubles still give another turn");
    let (g, mut s) = fresh("open-oubliette(exit_cancels_extra_turn=true,exit_pass_stops=true)");
    s.players[0].pos = 17;
    feed(
        &g,
        &mut s,
        &[
            mv(3, 3),
            Action::Exit {
                recover: true,
                cash: false,
            },
        ],
    );
    assert_eq!((s.current, s.players[0].pos), (1, 0));
}

#[test]
fn reaching_the_threshold_wins_at_once() {
    let (g, mut s) = fresh("open-oubliette");
    s.players[0].banked_value = 5800;
    give_treasure(&mut s, 0, &[0]);
    s.players[0].pos = 19;
    feed(
        &g,
        &mut s,
        &[
            mv(1, 2),
            Action::Exit {
                recover: false,
                cash: true,
            },
        ],
    );
    assert!(g.is_terminal(&s));
    assert_eq!((g.end_kind(&s), s.winners), ("target", 1));
    assert_eq!(g.returns(&s).as_slice(), &[1.0, 0.0, 0.0, 0.0]);
}

#[test]
fn cash_in_subset_variant_picks_cards_in_order() {
    let (g, mut s) = fresh("open-oubliette(cash_in_subset=true)");
    give_treasure(&mut s, 0, &[0, 1, 4]);
    s.players[0].pos = 19;
    feed(
        &g,
        &mut s,
        &[
            mv(1, 2),
            Action::Exit {
                recover: false,
                cash: true,
            },
        ],
    );
    assert_eq!(
        legal(&g, &s),
        vec![
            Action::CashCard(0),
            Action::CashCard(1),
            Action::CashCard(4),
            Action::CashDone
        ]
    );
    feed(&g, &mut s, &[Action::CashCard(1)]);
    assert_eq!(legal(&g, &s), vec![Action::CashCard(4), Action::CashDone]);
    apply(&g, &mut s, Action::CashDone);
    assert_eq!(s.players[0].banked_value, 300);
    assert_eq!(s.players[0].unused.len(), 2);
}

// ---- turn flow ------------------------------------------------------------------------------

#[test]
fn direction_is_chosen_after_the_roll_only_from_the_exit() {
    let (g, mut s) = fresh("open-oubliette");
    apply(&g, &mut s, mv(1, 2));
    assert_eq!(
        legal(&g, &s),
        vec![
            Action::Direction(Dir::Forward),
            Action::Direction(Dir::Back)
        ]
    );
    apply(&g, &mut s, Action::Direction(Dir::Back));
    assert_eq!(s.players[0].pos, 17);
    let mut t = started(&g);
    apply(&g, &mut t, mv(4, 6));
    assert_eq!(
        (t.phase, t.players[0].pos),
        (Phase::DrawMonster, 10),
        "10 is 10 either way"
    );
    let mut u = started(&g);
    u.players[0].pos = 3;
    apply(&g, &mut u, mv(1, 2));
    assert_eq!(u.phase, Phase::DrawMonster, "no choice away from the Exit");
}

#[test]
fn direction_variants() {
    // blog: only after an exact landing, not at setup.
    let (g, mut s) = fresh("open-oubliette(edition=blog)");
    apply(&g, &mut s, mv(1, 2));
    assert_eq!(s.phase, Phase::DrawMonster);
    // readme: every move after a first exact landing.
    let (g, mut s) = fresh("open-oubliette(edition=readme)");
    s.players[0].pos = 3;
    s.players[0].exit_landed = true;
    apply(&g, &mut s, mv(1, 2));
    assert_eq!(s.phase, Phase::Direction);
}

#[test]
fn doubles_are_optional_by_default_and_mandatory_in_the_blog_edition() {
    let (g, mut s) = fresh("open-oubliette");
    s.players[0].pos = 1;
    feed(
        &g,
        &mut s,
        &[
            mv(1, 1),
            Action::DrawMonster(monster(&g, "Dragon")),
            Action::Roll(2),
            Action::Roll(2),
        ],
    );
    assert_eq!(
        legal(&g, &s),
        vec![Action::ExtraTurn(false), Action::ExtraTurn(true)]
    );
    apply(&g, &mut s, Action::ExtraTurn(true));
    assert!(s.current == 0 && s.turn.is_extra && s.turns == 2);
    let (g, mut s) = fresh("open-oubliette(edition=blog)");
    s.players[0].pos = 1;
    feed(
        &g,
        &mut s,
        &[
            mv(1, 1),
            Action::DrawMonster(monster(&g, "Dragon")),
            Action::Roll(2),
            Action::Roll(2),
        ],
    );
    assert!(s.current == 0 && s.turn.is_extra && s.phase == Phase::MoveRoll);
}

#[test]
fn lost_turns_are_skipped_and_can_be_a_pending_extra_turn() {
    let (g, mut s) = fresh("open-oubliette");
    s.players[1].lost_turns = 1;
    s.players[0].pos = 1;
    feed(
        &g,
        &mut s,
        &[
            mv(1, 2),
            Action::DrawMonster(monster(&g, "Dragon")),
            Action::Roll(2),
            Action::Roll(2),
        ],
    );
    assert_eq!((s.current, s.players[1].lost_turns, s.turns), (2, 0, 3));
    // Seat 0, owing a lost turn, rolls doubles and loses a fight: who moves next, and
    // what is still owed.
    let after_doubles = |spec: &str| {
        let (g, mut s) = fresh(spec);
        s.players[0].lost_turns = 1;
        s.players[0].pos = 1;
        feed(
            &g,
            &mut s,
            &[
                mv(1, 1),
                Action::DrawMonster(monster(&g, "Dragon")),
                Action::Roll(2),
                Action::Roll(2),
            ],
        );
        (s.current, s.players[0].lost_turns)
    };
    // A lost turn swallows a pending extra turn...
    assert_eq!(after_doubles("open-oubliette(edition=blog)"), (1, 0));
    // ... unless the variant says it skips regular turns only.
    assert_eq!(
        after_doubles("open-oubliette(edition=blog,lost_turn_skips_extra=false)"),
        (0, 1)
    );
}

#[test]
fn turn_order_is_a_uniform_permutation() {
    let g = game("open-oubliette(players=3)");
    let s = g.initial_state();
    assert_eq!(outcomes(&g, &s).len(), 6);
    let mut t = s.clone();
    apply(&g, &mut t, Action::Order(5));
    assert_eq!(&t.order[..3], &[2, 1, 0]);
    assert_eq!(t.current, 2);
    // Simulation reports read the order back as each seat's position in it.
    assert_eq!(g.turn_position(&s, 0), None, "no order before the roll");
    let positions: Vec<_> = (0..3).map(|seat| g.turn_position(&t, seat)).collect();
    assert_eq!(positions, [Some(2), Some(1), Some(0)]);
    assert_eq!(game("open-oubliette(players=1)").turn_position(&t, 0), None);
}

// ---- decks and end conditions ---------------------------------------------------------------

#[test]
fn monster_and_event_decks_reshuffle_their_discards() {
    let (g, mut s) = fresh("open-oubliette");
    s.monster_discard = s.monster_draw;
    s.monster_draw = gameshelf_engine::CardSet::EMPTY;
    s.players[0].pos = 1;
    apply(&g, &mut s, mv(1, 2));
    assert_eq!(outcomes(&g, &s).len(), 10, "one outcome per monster kind");
    apply(&g, &mut s, Action::DrawMonster(0));
    assert_eq!((s.monster_draw.len(), s.monster_discard.len()), (31, 0));
}

#[test]
fn the_game_ends_when_the_treasure_runs_out_and_banked_gold_decides() {
    let (g, mut s) = fresh("open-oubliette");
    s.treasure_draw = gameshelf_engine::CardSet::single(31);
    s.treasure_removed = gameshelf_engine::CardSet::full(31);
    s.players[2].banked_value = 100;
    fight(&g, &mut s, "Squasc");
    feed(&g, &mut s, &[Action::Roll(12), Action::DrawTreasure(31)]);
    assert!(g.is_terminal(&s));
    assert_eq!((g.end_kind(&s), s.winners), ("treasure-exhausted", 1 << 2));
}

#[test]
fn tie_break_tiers() {
    let g = game("open-oubliette");
    let mut s = started(&g);
    for p in &mut s.players[..4] {
        p.banked_value = 1000;
    }
    give_treasure(&mut s, 1, &[3]); // Opal Ring, 400, unused
    give_treasure(&mut s, 2, &[5]); // Ruby Ring, 400, unused
    assert_eq!(g.scoring(&s), (0b0110, EndKind::Shared));
    give_equipped(&g, &mut s, 2, &[1]); // Knife 300, used
    assert_eq!(g.scoring(&s), (0b0100, EndKind::TiebreakEquipped));
    s.players[1].unused.insert(0);
    s.treasure_draw.remove(0);
    assert_eq!(g.scoring(&s), (0b0010, EndKind::TiebreakUnused));
    s.players[3].banked_value = 1100;
    assert_eq!(g.scoring(&s), (0b1000, EndKind::TreasureExhausted));
    // The readme reading counts used gear in tier 2 already.
    let r = game("open-oubliette(edition=readme)");
    s.players[3].banked_value = 1000;
    s.players[1].unused.remove(0);
    s.treasure_draw.insert(0);
    assert_eq!(r.scoring(&s), (0b0100, EndKind::TiebreakUnused));
    // Still tied: shared, returns split.
    let mut t = started(&g);
    t.players[0].banked_value = 500;
    t.players[1].banked_value = 500;
    assert_eq!(g.scoring(&t), (0b0011, EndKind::Shared));
}

#[test]
fn turn_limit_ends_and_scores() {
    let g = game("open-oubliette(players=2,max_turns=3)");
    let mut s = g.initial_state();
    let mut rng = Rng::seed_from_u64(3);
    random_game(&g, &mut s, &mut rng, true);
    assert!(s.turns <= 3);
    assert!(matches!(
        g.end_kind(&s),
        "turn-limit" | "target" | "treasure-exhausted"
    ));
}

// ---- jail mode ------------------------------------------------------------------------------

#[test]
fn jail_takes_three_turns_with_extra_turns_nested_and_pays_dollars() {
    let g = game("open-oubliette(players=1,mode=jail)");
    let mut s = g.initial_state();
    assert_eq!((s.phase, s.players[0].jail_turns), (Phase::MoveRoll, 2));
    // Turn 1: doubles, cash in 900 g with one Level Up, take the extra turn.
    give_treasure(&mut s, 0, &[0, 1, 4]);
    s.players[0].level_ups = 1;
    s.players[0].pos = 18;
    feed(
        &g,
        &mut s,
        &[
            mv(2, 2),
            Action::Exit {
                recover: false,
                cash: true,
            },
        ],
    );
    assert_eq!(s.players[0].level_ups, 1, "Level Up lasts until leaving");
    assert_eq!(s.players[0].banked_value, 900, "no bonus at the cash-in");
    apply(&g, &mut s, Action::ExtraTurn(true));
    assert_eq!(
        s.players[0].jail_turns, 2,
        "the extra turn is nested in Turn 1"
    );
    let mut rng = Rng::seed_from_u64(1);
    give_treasure(&mut s, 0, &[9]); // unbanked: lost
    random_game(&g, &mut s, &mut rng, true);
    assert!(g.is_terminal(&s));
    assert_eq!(g.end_kind(&s), "jail-served");
    let p = s.players[0];
    assert!(p.left && p.unused.is_empty() && p.banked.is_empty() && p.wounds.is_empty());
    assert!(g.jail_dollars(&s, 0) >= (900 + 300) / 10);
    assert_eq!(g.returns(&s).get(0), g.jail_dollars(&s, 0) as f64);
    assert_eq!(
        s.treasure_draw.len() + s.treasure_removed.len(),
        32,
        "cards are back"
    );
}

#[test]
fn jail_lost_turn_uses_up_a_turn_and_early_release_leaves() {
    let g = game("open-oubliette(players=1,mode=jail)");
    let mut s = g.initial_state();
    s.players[0].lost_turns = 5;
    s.players[0].pos = 1;
    let dragon = monster(&g, "Dragon");
    feed(
        &g,
        &mut s,
        &[
            mv(1, 2),
            Action::DrawMonster(dragon),
            Action::Roll(2),
            Action::Roll(2),
        ],
    );
    assert!(g.is_terminal(&s), "two lost turns use up Turns 2 and 3");
    assert_eq!(s.turns, 3);
    let g = game("open-oubliette(players=1,mode=jail,jail_early_release=true)");
    let mut s = g.initial_state();
    assert_eq!(
        legal(&g, &s),
        vec![Action::LeaveJail(false), Action::LeaveJail(true)]
    );
    apply(&g, &mut s, Action::LeaveJail(true));
    assert!(g.is_terminal(&s) && g.jail_dollars(&s, 0) == 0);
}

// ---- serialisation and hidden information -----------------------------------------------------

#[test]
fn a_mid_game_state_round_trips_through_json_and_resample_keeps_the_observation() {
    let g = game("open-oubliette");
    let mut s = g.initial_state();
    let mut rng = Rng::seed_from_u64(9);
    let (mut buf, mut out) = (Vec::new(), gameshelf_engine::Outcomes::new());
    for _ in 0..150 {
        if g.is_terminal(&s) {
            break;
        }
        let a = match g.actor(&s) {
            gameshelf_engine::Actor::Chance => {
                g.chance_outcomes(&s, &mut out);
                out.sample(&mut rng)
            }
            _ => {
                g.legal_actions(&s, &mut buf);
                buf[rng.below(buf.len() as u64) as usize]
            }
        };
        g.apply_unchecked(&mut s, a);
    }
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
    for seat in 0..4 {
        let r = g.resample(&s, seat, &mut rng);
        assert_eq!(g.observe(&r, seat), g.observe(&s, seat));
        check_invariants(&g, &r);
        let o = g.observe(&s, seat);
        assert_eq!(o.my_unused(), s.players[seat].unused);
        for q in (0..4).filter(|&q| q != seat) {
            assert!(o.view.players[q].unused.is_empty());
            assert_eq!(o.unused_counts[q] as usize, s.players[q].unused.len());
        }
    }
    assert_ne!(s.turn.trap_card, 200);
    assert_eq!(NONE, u8::MAX);
}

// ---- Level Up variants and words ---------------------------------------------------------------

#[test]
fn level_up_variants() {
    // game_end: never reset, the bonus counts in the score.
    let (g, mut s) = fresh("open-oubliette(levelup_end=game_end)");
    give_treasure(&mut s, 0, &[0]);
    s.players[0].level_ups = 2;
    s.players[0].pos = 19;
    feed(
        &g,
        &mut s,
        &[
            mv(1, 2),
            Action::Exit {
                recover: false,
                cash: true,
            },
        ],
    );
    assert_eq!(
        (s.players[0].banked_value, s.players[0].level_ups),
        (200, 2)
    );
    assert_eq!(g.score(&s, 0), 400);
    // next_exit_arrival: reset at the arrival even without a cash-in.
    let (g, mut s) = fresh("open-oubliette(levelup_end=next_exit_arrival)");
    s.players[0].level_ups = 1;
    s.players[0].pos = 19;
    feed(
        &g,
        &mut s,
        &[
            mv(1, 2),
            Action::Exit {
                recover: false,
                cash: false,
            },
        ],
    );
    assert_eq!(s.players[0].level_ups, 0);
    // global: everyone's Level Ups raise my monsters.
    let (g, mut s) = fresh("open-oubliette(levelup_global=true)");
    s.players[2].level_ups = 3;
    fight(&g, &mut s, "Squasc");
    apply(&g, &mut s, Action::Roll(3)); // 3 < 1 + 3
    assert_eq!(s.check.kind, CheckKind::MonsterDefend);
}

#[test]
fn quest_land_only_variant_ignores_passing() {
    let (g, mut s) = fresh("open-oubliette(quest_arrival=land_only)");
    let quest = event_no(&g, 23);
    s.event_draw.remove(quest);
    s.players[0].quests.insert(quest);
    s.players[0].trip_kills = 1;
    s.players[0].pos = 15;
    apply(&g, &mut s, mv(3, 4));
    assert_eq!(s.phase, Phase::ExitChoice);
    assert!(s.players[0].quests.contains(quest) && s.players[0].trip_kills == 1);
}

#[test]
fn situation_and_actions_in_words() {
    let (g, mut s) = fresh("open-oubliette");
    fight(&g, &mut s, "Manticore");
    let text = gameshelf_open_oubliette::describe::situation(&g, &s);
    assert!(
        text.contains("player 1 on space 4") && text.contains("Manticore (power 8)"),
        "{text}"
    );
    assert!(text.contains("needs 8"), "{text}");
    let dagger = treasure(&g, "Dagger");
    assert_eq!(
        g.describe_action(&s, Action::Equip(dagger)),
        "use Dagger (500 g, +2 attack)"
    );
    assert_eq!(
        g.describe_action(&s, Action::Play(event_no(&g, 28))),
        "play Recovery!"
    );
    assert_eq!(
        Action::Exit {
            recover: true,
            cash: true
        }
        .to_string(),
        "exit: recovery and cash in"
    );
    // From the Exit, each direction says where it leads.
    let (g, mut s) = fresh("open-oubliette");
    feed(&g, &mut s, &[mv(2, 3)]);
    assert_eq!(s.phase, Phase::Direction);
    assert_eq!(
        g.describe_action(&s, Action::Direction(Dir::Forward)),
        "go forward to space 5 (an Event corner)"
    );
    assert_eq!(
        g.describe_action(&s, Action::Direction(Dir::Back)),
        "go back to space 15 (an Event corner)"
    );
    // Exit Recovery names the wounds and what stopping means.
    let (g, mut s) = fresh("open-oubliette");
    let (critical, bruise) = (wound(&g, 4, 0), wound(&g, 1, 0));
    give_wounds(&g, &mut s, 0, &[critical, bruise]);
    s.players[0].pos = 18;
    let recover = Action::Exit {
        recover: true,
        cash: false,
    };
    feed(&g, &mut s, &[mv(2, 3), recover]);
    let text = gameshelf_open_oubliette::describe::situation(&g, &s);
    assert!(text.contains("return up to 3 more wounds"), "{text}");
    let critical_name = &g.decks().wounds[critical as usize].title;
    assert_eq!(
        g.describe_action(&s, Action::ReturnWound(critical)),
        format!("return the wound {critical_name} (4)")
    );
    assert_eq!(
        g.describe_action(&s, Action::RecoverDone),
        "return no wound"
    );
    apply(&g, &mut s, Action::ReturnWound(critical));
    assert_eq!(
        g.describe_action(&s, Action::RecoverDone),
        "keep the other wounds"
    );
}

/// The standing is what the table sees: the seat alone on the most banked gold (the win
/// check's score, Level Up bonus included when it counts at the end) leads, and seats level
/// on it leave nobody in the lead even when the hidden hands of the final tie-break would
/// split them; [`Game::leader`] names the same seat. At every state of random four-player
/// games, with the Level Up bonus counted at the end and with later seats' starting gold.
#[test]
fn the_leader_is_alone_on_the_most_banked_gold() {
    let (mut led, mut hidden_tie_break) = (0, 0);
    for spec in [
        "open-oubliette(players=4)",
        "open-oubliette(players=4,levelup_end=game_end,later_gold=20)",
    ] {
        let g = game(spec);
        for seed in 0..30 {
            let mut rng = Rng::seed_from_u64(seed);
            let mut s = started(&g);
            let mut buf = Vec::new();
            let mut out = gameshelf_engine::Outcomes::new();
            g.watched_playout(&mut s, &mut rng, &mut buf, &mut out, |s: &State, _| {
                let scores: Vec<u32> = (0..4).map(|q| g.score(s, q)).collect();
                let best = *scores.iter().max().unwrap();
                let on_top: Vec<usize> = (0..4).filter(|&q| scores[q] == best).collect();
                let expected = (on_top.len() == 1).then(|| on_top[0]);
                let leader = g.standing(s).expect("standings").leader();
                assert_eq!(leader, expected, "{spec}, seed {seed}, scores {scores:?}");
                assert_eq!(g.leader(s), leader, "Game::leader, {spec}, seed {seed}");
                led += usize::from(leader.is_some());
                // The final scoring would crown one of the seats level on banked gold.
                let (winners, _) = g.scoring(s);
                hidden_tie_break += usize::from(leader.is_none() && winners.count_ones() == 1);
            });
        }
    }
    assert!(led > 1000, "{led} states with a leader");
    assert!(
        hidden_tie_break > 100,
        "{hidden_tie_break} states a hidden tie-break would have split"
    );
}

/// A turn's first state is only ever left by an action that may open a turn
/// (`Game::may_open_turn`), which is what lets simulations look for new turns at those
/// actions only: along random games of the standalone game, of jail with early release
/// (turns opening at the choice to leave) and of extra and lost turns.
#[test]
fn only_the_actions_that_may_open_a_turn_follow_a_new_turn() {
    use gameshelf_engine::{Actor, Outcomes};
    let mut opened = 0;
    for spec in [
        "open-oubliette(players=4)",
        "open-oubliette(players=2,doubles_mandatory=true,lost_turn_skips_extra=false)",
        "open-oubliette(players=2,mode=jail,jail_early_release=true)",
        "open-oubliette(players=1,mode=jail,jail_early_release=true)",
    ] {
        let g = game(spec);
        let (mut legal, mut outcomes) = (Vec::new(), Outcomes::new());
        for seed in 0..60 {
            let mut rng = Rng::for_stream(7, seed);
            let mut s = g.initial_state();
            let mut turns = g.turns(&s);
            loop {
                let a = match g.actor(&s) {
                    Actor::Terminal => break,
                    Actor::Chance => g.sample_chance(&s, &mut rng, &mut outcomes),
                    Actor::Player(_) => {
                        g.legal_actions(&s, &mut legal);
                        legal[rng.below(legal.len() as u64) as usize]
                    }
                };
                if g.turns(&s) != turns {
                    assert!(
                        g.may_open_turn(a),
                        "{spec}: {a} opens a turn at {:?}",
                        s.phase
                    );
                    turns = g.turns(&s);
                    opened += 1;
                }
                g.apply_unchecked(&mut s, a);
            }
        }
    }
    assert!(opened > 1000, "{opened}");
}
