//! The presenter's words: rolls as totals against targets with their verdict, card texts
//! in the log and the panels, lost turns shown and sat out, the odds of a player fight,
//! the steps the rules take on their own, and the result with the tier that decided it.

mod common;

use common::*;
use gameshelf_engine::{CardSet, Game, Presenter, Rng};
use gameshelf_open_oubliette::present::{OubliettePresenter, panel_lines};
use gameshelf_open_oubliette::{Action, EndKind, OpenOubliette, Phase, State};

/// The log line of `a` in `s` as seat `viewer` (0-based) reads it.
fn line(g: &OpenOubliette, s: &State, a: Action, viewer: usize) -> String {
    OubliettePresenter.describe_move(g, s, a, Some(viewer))
}

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

/// Seat 0 with a Club (+3) and Leather Armor (+1) equipped, W 2 and one Level Up.
fn armed(g: &OpenOubliette, s: &mut State) {
    give_equipped(
        g,
        s,
        0,
        &[treasure(g, "Club"), treasure(g, "Leather Armor")],
    );
    give_wounds(g, s, 0, &[wound(g, 2, 0)]);
    s.players[0].level_ups = 1;
}

#[test]
fn monster_rolls_read_as_totals_against_targets_with_the_verdict() {
    let (g, mut s) = fresh("open-oubliette");
    armed(&g, &mut s);
    fight(&g, &mut s, "Manticore");
    assert_eq!(
        line(&g, &s, Action::Roll(10), 1),
        "player 1 attacks: 10 + 3 weapon = 13 against Manticore 8 + 2 W + 1 level-up = 11: \
         win, player 1 draws a treasure card"
    );
    assert_eq!(
        line(&g, &s, Action::Roll(7), 1),
        "player 1 attacks: 7 + 3 weapon = 10 against Manticore 8 + 2 W + 1 level-up = 11: \
         miss, Manticore strikes back"
    );
    apply(&g, &mut s, Action::Roll(7));
    assert_eq!(
        line(&g, &s, Action::Roll(7), 1),
        "Manticore strikes back: 7 + 2 W = 9 against player 1's defense 8 + 1 armor = 9: \
         hit, player 1 draws a wound"
    );
    assert_eq!(
        line(&g, &s, Action::Roll(6), 1),
        "Manticore strikes back: 6 + 2 W = 8 against player 1's defense 8 + 1 armor = 9: \
         miss, Manticore leaves with its treasure"
    );
    apply(&g, &mut s, Action::Roll(7));
    let w = s.wound_draw.iter().next().unwrap();
    let name = &g.decks().wounds[w as usize].title;
    let modifier = g.decks().wounds[w as usize].modifier;
    assert_eq!(
        line(&g, &s, Action::DrawWound(w), 1),
        format!(
            "player 1 draws the wound {name} ({modifier}): W {}",
            2 + modifier.min(2)
        )
    );
}

#[test]
fn a_window_shows_the_standing_and_gear_or_rage_show_the_new_totals() {
    let (g, mut s) = fresh("open-oubliette");
    armed(&g, &mut s);
    let (mace, rage) = (treasure(&g, "Mace"), event(&g, "Rage"));
    give_treasure(&mut s, 0, &[mace]);
    give_kept(&mut s, 0, &[rage]);
    fight(&g, &mut s, "Manticore");
    assert_eq!(
        line(&g, &s, Action::Roll(5), 1),
        "player 1 attacks: 5 + 3 weapon = 8 against Manticore 8 + 2 W + 1 level-up = 11: \
         miss so far; player 1 may still change it"
    );
    apply(&g, &mut s, Action::Roll(5));
    assert_eq!(s.phase, Phase::CheckPost);
    let view = OubliettePresenter.observation_text(&g, Some(0), &g.observe(&s, 0));
    assert!(
        view.contains(
            "Roll: player 1 attacks: 5 + 3 weapon = 8 against Manticore 8 + 2 W + 1 level-up \
             = 11: miss so far."
        ),
        "{view}"
    );
    // The Mace (+4) replaces the Club: 5 + 4 = 9, still short; Rage then makes it 13.
    assert_eq!(
        line(&g, &s, Action::Equip(mace), 0),
        "use Mace (800 g, +4 attack): now 5 + 4 weapon = 9 against Manticore 8 + 2 W + 1 \
         level-up = 11: miss so far; player 1 may still change it"
    );
    assert_eq!(
        line(&g, &s, Action::Play(rage), 1),
        "play Rage: now 5 + 3 weapon + 4 Rage = 12 against Manticore 8 + 2 W + 1 level-up = \
         11: win, player 1 draws a treasure card"
    );
    assert_eq!(
        line(&g, &s, Action::Pass, 1),
        "pass (the roll stands): miss, Manticore strikes back"
    );
}

#[test]
fn ambush_trap_and_dragon_hoard_rolls_give_their_verdicts() {
    // Seat 0 beats a Squasc on the corner 5 and wins a Dagger, then draws the event.
    let setup = |title: &str| {
        let (g, mut s) = fresh("open-oubliette");
        let dagger = treasure(&g, "Dagger");
        s.players[0].pos = 1;
        feed(
            &g,
            &mut s,
            &[
                mv(1, 3),
                Action::DrawMonster(monster(&g, "Squasc")),
                Action::Roll(12),
                Action::DrawTreasure(dagger),
                Action::DrawEvent(event(&g, title)),
            ],
        );
        (g, s, dagger)
    };
    let (g, s, _) = setup("Ambush");
    assert_eq!(
        line(&g, &s, Action::Roll(9), 1),
        "the ambusher rolls 9 against player 1's defense 8, which it must beat: it succeeds, \
         player 1 loses 1 unused treasure card at random, out of the game"
    );
    assert_eq!(
        line(&g, &s, Action::Roll(8), 1),
        "the ambusher rolls 8 against player 1's defense 8, which it must beat: it fails, \
         player 1 fends it off"
    );
    let (g, mut s, dagger) = setup("Ambush");
    apply(&g, &mut s, Action::Roll(9));
    assert_eq!(
        line(&g, &s, Action::Steal(dagger), 1),
        "player 1 loses Dagger (500 g, +2 attack) to the ambusher, out of the game"
    );
    let (g, s, _) = setup("Trap");
    assert_eq!(
        line(&g, &s, Action::Die(2), 0),
        "player 1 rolls 2 for the Trap (2 or less springs it): the trap springs: player 1 \
         loses a turn and Dagger (500 g, +2 attack); player 1 loses the next turn"
    );
    assert_eq!(
        line(&g, &s, Action::Die(2), 1),
        "player 1 rolls 2 for the Trap (2 or less springs it): the trap springs: player 1 \
         loses a turn and the treasure card won this turn; player 1 loses the next turn"
    );
    assert_eq!(
        line(&g, &s, Action::Die(3), 1),
        "player 1 rolls 3 for the Trap (2 or less springs it): the trap misses"
    );
    let (g, mut s, _) = setup("Dragon Hoard");
    assert_eq!(
        line(&g, &s, Action::Roll(10), 1),
        "player 1 attacks: 10 against the Hoard's dragon 10: win, one die decides how many treasure \
         cards the Hoard gives"
    );
    apply(&g, &mut s, Action::Roll(10));
    assert_eq!(
        line(&g, &s, Action::Die(4), 1),
        "player 1 rolls 4 for the Dragon Hoard: 4 + 3 = 7; player 1 draws 7 treasure cards"
    );
}

/// Seat 0 lands on space 4 where seats 1 and 2 stand: attack or not is next.
fn pvp(spec: &str) -> (OpenOubliette, State) {
    let (g, mut s) = fresh(spec);
    s.players[0].pos = 1;
    s.players[1].pos = 4;
    s.players[2].pos = 4;
    apply(&g, &mut s, mv(1, 2));
    assert_eq!(s.phase, Phase::PvpChoice);
    (g, s)
}

#[test]
fn attacking_a_player_shows_the_exact_odds_and_warns_of_the_wound() {
    let (g, s) = pvp("open-oubliette");
    assert_eq!(
        g.describe_action(&s, Action::Attack(1)),
        "attack player 2 (the attacker draws a wound, win or lose)"
    );
    // Each strike needs 8 on 2d6 (5/12): the attacker first, then the defender back.
    let obs = g.observe(&s, 0);
    assert_eq!(
        OubliettePresenter
            .odds(&g, &obs, Action::Attack(1))
            .unwrap(),
        "you win 5/12 (41.7%), player 2 wins 35/144 (24.3%), nobody 49/144 (34.0%), before \
         gear and cards"
    );
    assert_eq!(OubliettePresenter.odds(&g, &obs, Action::NoAttack), None);
    // Armor on the defender and wounds on the attacker lower the attacker's chance.
    let (g, mut s) = pvp("open-oubliette");
    give_equipped(&g, &mut s, 1, &[treasure(&g, "Ring Mail Armor")]);
    give_wounds(&g, &mut s, 0, &[wound(&g, 1, 0)]);
    let odds = OubliettePresenter
        .odds(&g, &g.observe(&s, 0), Action::Attack(1))
        .unwrap();
    // 2d6 >= 8 + 2 + 1 = 11: 1/12; back: 2d6 + 1 >= 8, 7+ = 7/12.
    assert!(
        odds.starts_with("you win 1/12 (8.3%), player 2 wins 77/144"),
        "{odds}"
    );
    // Opposed rolls: a tie (73/648) is nobody's.
    let (g, s) = pvp("open-oubliette(pvp_model=opposed)");
    assert_eq!(
        OubliettePresenter
            .odds(&g, &g.observe(&s, 0), Action::Attack(1))
            .unwrap(),
        "you win 575/1296 (44.4%), player 2 wins 575/1296 (44.4%), nobody 73/648 (11.3%), \
         before gear and cards"
    );
}

#[test]
fn player_fight_rolls_name_the_winner_the_take_and_the_wound() {
    let (g, mut s) = pvp("open-oubliette");
    give_treasure(&mut s, 1, &[0, 2, 3, 5]);
    apply(&g, &mut s, Action::Attack(1));
    assert_eq!(
        line(&g, &s, Action::Roll(8), 2),
        "player 1 strikes at player 2: 8 against player 2's defense 8: hit, player 1 wins \
         and takes 3 unused treasure cards from player 2 at random; then player 1 draws a \
         wound (the attacker always does)"
    );
    let mut taken = s.clone();
    apply(&g, &mut taken, Action::Roll(8));
    assert_eq!(
        line(&g, &taken, Action::Steal(2), 0),
        "player 1 takes Pottery (300 g) from player 2"
    );
    assert_eq!(
        line(&g, &taken, Action::Steal(2), 2),
        "player 1 takes a treasure card from player 2"
    );
    assert_eq!(
        line(&g, &s, Action::Roll(7), 2),
        "player 1 strikes at player 2: 7 against player 2's defense 8: miss, player 2 strikes \
         back"
    );
    apply(&g, &mut s, Action::Roll(7));
    assert_eq!(
        line(&g, &s, Action::Roll(7), 2),
        "player 2 strikes at player 1: 7 against player 1's defense 8: miss, nobody wins; then \
         player 1 draws a wound (the attacker always does)"
    );
    let (g, mut s) = pvp("open-oubliette(pvp_model=opposed)");
    apply(&g, &mut s, Action::Attack(2));
    assert_eq!(
        line(&g, &s, Action::Roll(9), 1),
        "player 1 rolls 9; player 3 rolls next"
    );
    apply(&g, &mut s, Action::Roll(9));
    assert_eq!(
        line(&g, &s, Action::Roll(6), 1),
        "player 3 rolls 6 against player 1's 9: player 1 wins, but player 3 holds no unused \
         treasure; then player 1 draws a wound (the attacker always does)"
    );
    assert_eq!(
        line(&g, &s, Action::Roll(9), 1),
        "player 3 rolls 9 against player 1's 9: nobody wins; then player 1 draws a wound (the \
         attacker always does)"
    );
}

#[test]
fn a_lost_turn_shows_in_the_panel_and_its_skip_in_the_line_that_caused_it() {
    let (g, mut s) = fresh("open-oubliette(players=3)");
    s.players[1].lost_turns = 1;
    let obs = g.observe(&s, 0);
    assert_eq!(
        panel_lines(&g, &obs, 1).last().unwrap(),
        "turns: loses the next turn"
    );
    assert!(
        !panel_lines(&g, &obs, 0)
            .iter()
            .any(|l| l.starts_with("turns:"))
    );
    fight(&g, &mut s, "Dragon");
    apply(&g, &mut s, Action::Roll(2));
    assert_eq!(
        line(&g, &s, Action::Roll(2), 2),
        "Dragon strikes back: 2 against player 1's defense 8: miss, Dragon leaves with its \
         treasure; player 2 sits out a lost turn"
    );
    apply(&g, &mut s, Action::Roll(2));
    assert_eq!((s.current, s.players[1].lost_turns), (2, 0));
    // What the lost turn eats: the extra turn due after this one, unless the variant
    // skips regular turns only.
    for (spec, eats) in [
        (
            "open-oubliette(edition=blog)",
            "turns: loses the next turn, the extra turn due after this one",
        ),
        (
            "open-oubliette(edition=blog,lost_turn_skips_extra=false)",
            "turns: loses the next turn in the turn order (the extra turn due after this one \
             is still taken)",
        ),
    ] {
        let (g, mut s) = fresh(spec);
        s.players[0].lost_turns = 1;
        s.players[0].pos = 1;
        apply(&g, &mut s, mv(1, 1));
        let obs = g.observe(&s, 1);
        assert_eq!(panel_lines(&g, &obs, 0).last().unwrap(), eats, "{spec}");
    }
}

#[test]
fn a_cave_in_drawn_says_the_turn_is_lost_and_a_tunnel_where_it_leads() {
    let on_corner = |title: &str| {
        let (g, mut s) = fresh("open-oubliette");
        s.players[0].pos = 1;
        feed(
            &g,
            &mut s,
            &[
                mv(1, 3),
                Action::DrawMonster(monster(&g, "Dragon")),
                Action::Roll(2),
                Action::Roll(2),
            ],
        );
        assert_eq!(s.phase, Phase::DrawEvent);
        let card = event(&g, title);
        (line(&g, &s, Action::DrawEvent(card), 1), g, s, card)
    };
    let (text, ..) = on_corner("Cave-In");
    assert_eq!(
        text,
        "player 1 draws the event Cave-In: \"Lose a turn.\" (lose your next turn); player 1 \
         loses the next turn"
    );
    let (text, ..) = on_corner("Tunnel");
    assert!(
        text.ends_with("(move 4 spaces ahead); player 1 moves 4 spaces ahead to space 9"),
        "{text}"
    );
    let (text, ..) = on_corner("Spelunk");
    assert!(
        text.ends_with("\"Roll again!\" (one extra turn after this one)"),
        "{text}"
    );
    // Healing Waters with no wound to heal goes into the hand without a choice.
    let (text, g, s, card) = on_corner("Healing Waters");
    assert_eq!(
        text, "player 1 draws an event card and keeps it (hidden)",
        "the others do not see which"
    );
    assert!(
        line(&g, &s, Action::DrawEvent(card), 0)
            .ends_with("; player 1 keeps it for later (no wound to heal now)")
    );
}

#[test]
fn panels_show_what_kept_cards_and_quests_do() {
    let (g, mut s) = fresh("open-oubliette");
    let (rage, quest) = (event(&g, "Rage"), event_no(&g, 21));
    give_kept(&mut s, 0, &[rage]);
    s.event_draw.remove(quest);
    s.players[0].quests.insert(quest);
    let own = panel_lines(&g, &g.observe(&s, 0), 0);
    assert_eq!(
        own[4],
        "kept: Rage (+4 to every attack roll of one monster fight)"
    );
    assert_eq!(
        own[5],
        "quests: Quest (beat a Manticore this trip: 3 treasure cards at the Exit)"
    );
    assert_eq!(
        panel_lines(&g, &g.observe(&s, 1), 0)[4],
        "kept: 1 card (hidden)"
    );
    let manticore = g.decks().monsters[monster(&g, "Manticore") as usize].kind;
    s.players[0].trip_kills = 1 << manticore;
    assert!(panel_lines(&g, &g.observe(&s, 1), 0)[5].ends_with("at the Exit) [met]"));
}

#[test]
fn the_exit_pays_or_discards_quests_and_a_cash_in_says_what_it_banks() {
    let (g, mut s) = fresh("open-oubliette");
    let (manticore_quest, ogre_quest) = (event_no(&g, 21), event_no(&g, 23));
    for q in [manticore_quest, ogre_quest] {
        s.event_draw.remove(q);
        s.players[0].quests.insert(q);
    }
    let manticore = g.decks().monsters[monster(&g, "Manticore") as usize].kind;
    s.players[0].trip_kills = 1 << manticore;
    s.players[0].pos = 17;
    assert_eq!(
        line(&g, &s, mv(2, 3), 1),
        "dice: 2+3 for player 1's move: to space 2, passing the Exit; player 1's Quest is met \
         (a Manticore beaten this trip): 3 treasure cards"
    );
    apply(&g, &mut s, mv(2, 3));
    let draws: Vec<u8> = s.treasure_draw.iter().take(3).collect();
    feed(
        &g,
        &mut s,
        &[
            Action::DrawTreasure(draws[0]),
            Action::DrawTreasure(draws[1]),
        ],
    );
    // The next Quest is checked once the first has paid.
    assert_eq!(
        line(&g, &s, Action::DrawTreasure(draws[2]), 1),
        "player 1 draws a treasure card; player 1's Quest is not met (no Ogre beaten this \
         trip): discarded"
    );
    let (g, mut s) = fresh("open-oubliette");
    give_treasure(&mut s, 0, &[treasure(&g, "Dagger"), treasure(&g, "Maps")]);
    s.players[0].level_ups = 1;
    s.players[0].pos = 18;
    apply(&g, &mut s, mv(1, 1));
    assert_eq!(s.phase, Phase::ExitChoice);
    let cash = Action::Exit {
        recover: false,
        cash: true,
    };
    assert_eq!(
        line(&g, &s, cash, 1),
        "exit: cash in; player 1 banks Dagger, Maps for 1100 g + 200 g for level-ups: 1300 g \
         banked; player 1's level-ups end"
    );
}

#[test]
fn movement_lines_say_where_the_token_goes() {
    let (g, mut s) = fresh("open-oubliette");
    assert_eq!(
        line(&g, &s, mv(3, 4), 1),
        "dice: 3+4 for player 1's move: either way, chosen next"
    );
    s.players[0].pos = 3;
    assert_eq!(
        line(&g, &s, mv(1, 1), 1),
        "dice: 1+1 for player 1's move (doubles: another turn may follow): to space 5 (an \
         Event corner)"
    );
    s.players[0].pos = 16;
    assert_eq!(
        line(&g, &s, mv(2, 2), 1),
        "dice: 2+2 for player 1's move (doubles: another turn may follow): to space 0 (the \
         Exit)"
    );
}

#[test]
fn an_action_that_is_not_legal_is_only_named() {
    let (g, s) = fresh("open-oubliette");
    // No roll is being checked: the line names the action without applying it.
    assert_eq!(line(&g, &s, Action::Roll(7), 0), "roll 7");
    assert_eq!(line(&g, &s, Action::Steal(40), 0), "takes treasure card 40");
}

/// `s` ended as when the treasure runs out, scored by the rules.
fn ended(g: &OpenOubliette, s: &mut State) {
    let (winners, kind) = g.scoring(s);
    s.winners = winners;
    s.end = kind;
    s.phase = Phase::Over;
}

#[test]
fn the_result_names_the_scoring_tier_that_decided() {
    let names: Vec<String> = (1..=4).map(|i| format!("bot {i}")).collect();
    let result = |g: &OpenOubliette, s: &State| OubliettePresenter.result_text(g, s, &names);
    let g = game("open-oubliette");
    let mut s = started(&g);
    for p in &mut s.players[..4] {
        p.banked_value = 1000;
    }
    s.players[3].banked_value = 1100;
    ended(&g, &mut s);
    let text = result(&g, &s);
    assert!(
        text.contains(
            "the treasure pile is empty. Player 4 has the most banked gold: 1100 g against \
             1000 g. Player 4 wins."
        ),
        "{text}"
    );
    s.players[3].banked_value = 1000;
    give_treasure(&mut s, 1, &[3]); // Opal Ring, 400 g, unused
    give_treasure(&mut s, 2, &[5]); // Ruby Ring, 400 g, unused
    give_equipped(&g, &mut s, 2, &[1]); // Knife, 300 g, equipped
    ended(&g, &mut s);
    assert_eq!(s.end, EndKind::TiebreakEquipped);
    let text = result(&g, &s);
    assert!(
        text.contains(
            "Players 1, 2, 3 and 4 tie on banked gold at 1000 g; players 2 and 3 tie on banked \
             gold plus unused treasure, gear excluded (the first tie-break) at 1400 g; player 3 \
             has the most banked gold plus unused treasure and equipped gear (the second \
             tie-break): 1700 g against 1400 g. Player 3 wins on the second tie-break."
        ),
        "{text}"
    );
    assert!(
        text.contains("  player 3 (bot 3): banked 1000 g in 0 cards, 400 g unused, 300 g equipped"),
        "{text}"
    );
    s.players[2].equipped = CardSet::EMPTY;
    s.players[2].atk = 0;
    s.treasure_removed.insert(1);
    ended(&g, &mut s);
    assert!(
        result(&g, &s).contains(
            "(the first tie-break) at 1400 g; players 2 and 3 tie on banked gold plus unused \
             treasure and equipped gear (the second tie-break) at 1400 g. Players 2 and 3 share \
             the win.\n"
        ),
        "{}",
        result(&g, &s)
    );
    // Reaching the target.
    let mut t = started(&g);
    t.players[0].banked_value = 6100;
    t.phase = Phase::Over;
    t.end = EndKind::Target;
    t.winners = 1;
    assert!(result(&g, &t).starts_with(&format!(
        "Game over after {} turns: player 1 (bot 1) banked 6100 g, at least the 6000 g target, \
         and wins.",
        t.turns
    )));
}

#[test]
fn results_of_seeded_games_name_the_winners_the_rules_chose() {
    for spec in [
        "open-oubliette(players=3)",
        "open-oubliette(players=2,max_turns=6)",
        "open-oubliette(players=1,mode=jail)",
    ] {
        let g = game(spec);
        let names: Vec<String> = (1..=g.num_players()).map(|i| format!("p{i}")).collect();
        for seed in 0..5 {
            let mut s = g.initial_state();
            random_game(&g, &mut s, &mut Rng::seed_from_u64(seed), false);
            let text = OubliettePresenter.result_text(&g, &s, &names);
            let first = text.lines().next().unwrap();
            let winners: Vec<usize> = (0..g.num_players())
                .filter(|q| s.winners & (1 << q) != 0)
                .map(|q| q + 1)
                .collect();
            match s.end {
                EndKind::JailServed => {
                    let dollars = g.jail_dollars(&s, 0);
                    assert!(text.contains(&format!("brings back ${dollars}")), "{text}");
                }
                EndKind::Target => assert!(
                    first.contains(&format!("player {} (p{0})", winners[0])),
                    "{text}"
                ),
                _ if winners.len() == 1 => assert!(
                    first.ends_with(&format!("Player {} wins.", winners[0]))
                        || first.contains(&format!("Player {} wins on the", winners[0])),
                    "{spec}, seed {seed}: {text}"
                ),
                _ => assert!(first.ends_with("share the win."), "{text}"),
            }
            if s.end == EndKind::TurnLimit {
                assert!(first.contains("the limit of 6 turns is reached"), "{text}");
            }
        }
    }
}
