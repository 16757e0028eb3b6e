//! Invariants over random and heuristic games: cards are conserved, chance sampling matches
//! the listed outcomes, the heuristic beats random play.

use gameshelf_engine::{Actor, Bot, CardSet, Game, Outcomes, RandomBot, Rng, SeatView};
use gameshelf_oubliette_solitaire::bot::Careful;
use gameshelf_oubliette_solitaire::card::NO_CARD;
use gameshelf_oubliette_solitaire::{EndKind, OublietteSolitaire, Phase, State};

/// Every card lies in exactly one place.
fn assert_conserved(game: &OublietteSolitaire, s: &State) {
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    let mut add = |c: u8| {
        assert!(!seen.contains(c), "card {c} twice in {s:?}");
        seen.insert(c);
        count += 1;
    };
    s.deck.iter().for_each(&mut add);
    s.bottom.as_slice().iter().copied().for_each(&mut add);
    s.combo.cards.iter().for_each(&mut add);
    for slot in &s.slots {
        slot.cards[..slot.len as usize]
            .iter()
            .copied()
            .for_each(&mut add);
    }
    s.path.cards().iter().for_each(&mut add);
    s.grave.as_slice().iter().copied().for_each(&mut add);
    s.curse_area.iter().for_each(&mut add);
    s.removed.iter().for_each(&mut add);
    let adv = &s.advantage;
    for c in [s.equipped, s.drawn, s.item, adv.ace]
        .into_iter()
        .chain(adv.cards[..adv.len as usize].iter().copied())
    {
        if c != NO_CARD {
            add(c);
        }
    }
    assert_eq!(count, game.config().deck_size(), "{s:?}");
}

fn play(game: &OublietteSolitaire, bot: &mut dyn Bot<OublietteSolitaire>, seed: u64) -> State {
    let mut rng = Rng::for_stream(seed, 0);
    let mut s = game.initial_state();
    let mut outcomes = Outcomes::new();
    loop {
        assert_conserved(game, &s);
        let a = match game.actor(&s) {
            Actor::Terminal => return s,
            Actor::Chance => game.sample_chance(&s, &mut rng, &mut outcomes),
            Actor::Player(p) => bot.choose(&SeatView::new(game, &s, p), &mut rng),
        };
        game.apply(&mut s, a).unwrap();
    }
}

#[test]
fn cards_are_conserved_in_random_and_careful_games() {
    for spec in [
        "oubliette-solitaire",
        "oubliette-solitaire(jokers=3,chasm_survives_setback=true)",
        "oubliette-solitaire(advantage_other_card=deck_bottom,ward_consumed=false)",
    ] {
        let game = OublietteSolitaire::from_spec(&spec.parse().unwrap()).unwrap();
        for seed in 0..200 {
            play(&game, &mut RandomBot::default(), seed);
            play(&game, &mut Careful::default(), seed);
        }
    }
}

#[test]
fn sample_chance_gives_the_listed_outcomes_uniformly() {
    let game = OublietteSolitaire::default();
    let mut s = game.initial_state();
    let mut rng = Rng::seed_from_u64(5);
    let mut listed = Outcomes::new();
    // At the deal (54 cards) and at the Equipped card (no jokers).
    for _ in 0..21 {
        game.chance_outcomes(&s, &mut listed);
        let mut counts = vec![0u32; 64];
        let n = 200 * listed.len() as u32;
        for _ in 0..n {
            let a = game.sample_chance(&s, &mut rng, &mut Outcomes::new());
            let i = listed.as_slice().iter().position(|&(o, _)| o == a);
            let i = i.expect("a listed outcome");
            counts[i] += 1;
        }
        assert!(listed.as_slice().iter().all(|&(_, w)| w == 1));
        for &c in &counts[..listed.len()] {
            assert!((120..=290).contains(&c), "{c} of {n}");
        }
        let a = listed.as_slice()[0].0;
        game.apply(&mut s, a).unwrap();
    }
    assert_ne!(s.phase, Phase::Deal);
}

#[test]
#[ignore = "slow: plays 4000 games in a debug build"]
fn careful_wins_more_than_random() {
    let game = OublietteSolitaire::default();
    let wins = |bot: &mut dyn Bot<OublietteSolitaire>| {
        (0..2000)
            .filter(|&seed| play(&game, bot, seed).end() == Some(EndKind::Won))
            .count()
    };
    let careful = wins(&mut Careful::default());
    let random = wins(&mut RandomBot::default());
    assert!(careful > random + 20, "careful {careful}, random {random}");
}

/// The game's own `random_playout` (which keeps the options the rules listed) plays the
/// same games as the trait's generic loop, for every jokers setting.
#[test]
fn the_fast_playout_plays_the_same_games_as_the_generic_loop() {
    for spec in ["oubliette-solitaire", "oubliette-solitaire(jokers=3)"] {
        let game = OublietteSolitaire::from_spec(&spec.parse().unwrap()).unwrap();
        let (mut actions, mut outcomes) = (Vec::new(), Outcomes::new());
        for seed in 0..300 {
            let mut fast = game.initial_state();
            let mut rng = Rng::seed_from_u64(seed);
            let n = game.random_playout(&mut fast, &mut rng, &mut actions, &mut outcomes);
            let mut slow = game.initial_state();
            let mut rng = Rng::seed_from_u64(seed);
            let (mut applied, mut decisions) = (0, 0);
            loop {
                let a = match game.actor(&slow) {
                    Actor::Terminal => break,
                    Actor::Chance => game.sample_chance(&slow, &mut rng, &mut outcomes),
                    Actor::Player(_) => {
                        game.legal_actions(&slow, &mut actions);
                        decisions += 1;
                        actions[rng.below(actions.len() as u64) as usize]
                    }
                };
                game.apply_unchecked(&mut slow, a);
                applied += 1;
            }
            assert_eq!(fast, slow, "{spec} seed {seed}");
            assert_eq!((n.actions, n.decisions), (applied, decisions));
        }
    }
}
