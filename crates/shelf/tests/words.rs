//! Every game's words, checked the same way for all four games through the registry: every
//! action of seeded games gets a log line for every viewer (each seat and a spectator), the
//! line hides exactly what that viewer may not see, and views, odds and results are always
//! there, and the pictures are SVG documents with every clickable choice inside one.
//!
//! "Hides exactly" is checked against the observations, not against a list of words: two
//! moves possible at one node that leave a viewer with the same observation must read the
//! same to that viewer (the line cannot leak the difference), and two that leave it with
//! different observations must read differently (the log says what the viewer saw happen).

use gameshelf_engine::{Actor, Game, GameSpec, Outcomes, Presenter, Rng, Seat};
use gameshelf_shelf::{Shelf, Shelved, Visitor};

/// What went wrong, with enough to find it again.
fn fail(spec: &str, game: u64, index: usize, what: String) -> ! {
    panic!("{spec}, game {game}, action {index}: {what}")
}

struct Words {
    games: u64,
}

impl Visitor for Words {
    type Output = usize;

    /// Plays `games` seeded random games and checks every line; returns the lines checked.
    fn visit<G: Shelved>(self, game: &G) -> usize {
        let presenter = game.presenter();
        let spec = game.spec().to_string();
        let seats = game.num_players();
        let viewers: Vec<Option<Seat>> = (0..seats).map(Some).chain([None]).collect();
        let mut legal = Vec::new();
        let mut outcomes = Outcomes::new();
        let mut lines = 0;
        for g in 0..self.games {
            let mut rng = Rng::for_stream(11, g);
            let mut state = game.initial_state();
            let mut index = 0;
            loop {
                // The moves possible here: the legal actions or every chance outcome.
                let moves: Vec<G::Action> = match game.actor(&state) {
                    Actor::Terminal => break,
                    Actor::Chance => {
                        game.chance_outcomes(&state, &mut outcomes);
                        outcomes.as_slice().iter().map(|&(a, _)| a).collect()
                    }
                    Actor::Player(p) => {
                        game.legal_actions(&state, &mut legal);
                        let obs = game.observe(&state, p);
                        for &a in &legal {
                            // Odds are optional, but asking must be safe for every choice.
                            let _ = presenter.odds(game, &obs, a);
                        }
                        check_pictures(game, &presenter, Some(p), &obs, &legal)
                            .unwrap_or_else(|what| fail(&spec, g, index, what));
                        legal.clone()
                    }
                };
                for &viewer in &viewers {
                    check_node(game, &presenter, &state, &moves, viewer)
                        .unwrap_or_else(|what| fail(&spec, g, index, what));
                    lines += moves.len();
                }
                match game.observe_public(&state) {
                    Some(public) => {
                        check_pictures(game, &presenter, None, &public, &[])
                            .unwrap_or_else(|what| fail(&spec, g, index, what));
                        if presenter
                            .observation_text(game, None, &public)
                            .trim()
                            .is_empty()
                        {
                            fail(&spec, g, index, "empty spectator view".to_owned());
                        }
                    }
                    None => fail(&spec, g, index, "no spectator view".to_owned()),
                }
                for seat in 0..seats {
                    let text =
                        presenter.observation_text(game, Some(seat), &game.observe(&state, seat));
                    if text.trim().is_empty() {
                        fail(&spec, g, index, format!("empty view for seat {}", seat + 1));
                    }
                }
                let a = moves[rng.below(moves.len() as u64) as usize];
                game.apply_unchecked(&mut state, a);
                index += 1;
            }
            let names: Vec<String> = (1..=seats).map(|i| format!("seat {i}")).collect();
            let result = presenter.result_text(game, &state, &names);
            if result.trim().is_empty() {
                fail(&spec, g, index, "empty result".to_owned());
            }
        }
        lines
    }
}

/// The log lines of every move possible at `state`, as `viewer` reads them: each is one
/// non-empty line; two moves the viewer can tell apart read differently; two moves that
/// differ only in what the viewer may not see read the same.
///
/// A seat tells two moves apart when its observations after them differ, in value and in
/// words (two copies of one card differ only in which copy it is); a spectator (`None`)
/// does when the public observations differ. A difference someone sees and someone else
/// does not is private: a viewer who does not see it must not be told it.
/// Public facts that no observation keeps (the faces of a roll whose total is all that
/// matters) may be told to anyone.
fn check_node<G: Game, P: Presenter<G>>(
    game: &G,
    presenter: &P,
    state: &G::State,
    moves: &[G::Action],
    viewer: Option<Seat>,
) -> Result<(), String> {
    let who = viewer.map_or("a spectator".to_owned(), |v| format!("seat {}", v + 1));
    // Each move, its line, and what every seat sees after it (value and words).
    type Read<G> = (
        <G as Game>::Action,
        String,
        Vec<(<G as Game>::Observation, String)>,
    );
    let mut read: Vec<Read<G>> = Vec::new();
    for &a in moves {
        let line = presenter.describe_move(game, state, a, viewer);
        if line.trim().is_empty() || line.contains('\n') {
            return Err(format!("{a:?} reads {line:?} to {who}: not one line"));
        }
        let mut after = state.clone();
        game.apply_unchecked(&mut after, a);
        // Every seat's view, then the spectator's (public) one, last.
        let mut seen: Vec<_> = (0..game.num_players())
            .map(|s| {
                let obs = game.observe(&after, s);
                let text = presenter.observation_text(game, Some(s), &obs);
                (obs, text)
            })
            .collect();
        let public = game
            .observe_public(&after)
            .ok_or_else(|| "no spectator's view".to_owned())?;
        let text = presenter.observation_text(game, None, &public);
        seen.push((public, text));
        read.push((a, line, seen));
    }
    for (i, (a, line_a, obs_a)) in read.iter().enumerate() {
        for (b, line_b, obs_b) in &read[i + 1..] {
            // Which seats see a difference: in value (what they may know) and in words
            // (what their view shows; two copies of one card differ only in value).
            let value: Vec<bool> = obs_a.iter().zip(obs_b).map(|(x, y)| x.0 != y.0).collect();
            let words: Vec<bool> = obs_a.iter().zip(obs_b).map(|(x, y)| x.1 != y.1).collect();
            let private = value.iter().any(|&d| d) && !value.iter().all(|&d| d);
            let me = viewer.unwrap_or(value.len() - 1);
            let (knows, tells) = (value[me], value[me] && words[me]);
            if tells && line_a == line_b {
                return Err(format!(
                    "{who} sees {a:?} and {b:?} differently but the log reads the same: {line_a:?}"
                ));
            }
            if !knows && private && line_a != line_b {
                return Err(format!(
                    "{who} may not tell {a:?} from {b:?} but the log does: {line_a:?} / {line_b:?}"
                ));
            }
        }
    }
    Ok(())
}

/// The pictures `viewer` gets of `obs` are whole SVG documents, and every place where one of
/// `legal` can be picked lies on one of them, inside it.
fn check_pictures<G: Game, P: Presenter<G>>(
    game: &G,
    presenter: &P,
    viewer: Option<Seat>,
    obs: &G::Observation,
    legal: &[G::Action],
) -> Result<(), String> {
    let pictures = presenter.pictures(game, viewer, obs);
    for svg in &pictures {
        if !svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"")
            || !svg.trim_end().ends_with("</svg>")
        {
            return Err(format!("a picture is no SVG document: {svg:.80}"));
        }
    }
    for &a in legal {
        let Some(t) = presenter.target(game, viewer, obs, a) else {
            continue;
        };
        let inside = |from: f64, size: f64| from >= 0.0 && size > 0.0 && from + size <= 1.0;
        if t.picture >= pictures.len() || !inside(t.left, t.width) || !inside(t.top, t.height) {
            return Err(format!(
                "{a:?} is picked at {t:?}, outside the {} pictures",
                pictures.len()
            ));
        }
    }
    Ok(())
}

fn check(spec: &str, games: u64) {
    let spec: GameSpec = spec.parse().unwrap();
    let lines = Shelf::build(&spec, None).unwrap().visit(Words { games });
    assert!(lines > 0, "{spec}: no line checked");
}

#[test]
fn open_oubliette_tells_every_viewer_every_move_and_hides_hands() {
    check("open-oubliette(players=3)", 3);
}

#[test]
fn solitaire_tells_every_move() {
    check("oubliette-solitaire", 5);
}

#[test]
fn osbo_tells_every_move() {
    check("osbo(players=2)", 3);
}

#[test]
fn laissez_faire_tells_every_move() {
    check("laissez-faire(players=3,max_rounds=15)", 2);
}

#[test]
#[ignore = "slow: many games and the main variants of every game"]
fn every_game_and_variant_tells_every_move_soak() {
    for (spec, games) in [
        ("open-oubliette(players=4)", 10),
        ("open-oubliette(players=2,edition=blog)", 8),
        ("open-oubliette(players=3,open_hands=true)", 4),
        ("open-oubliette(players=1,mode=jail)", 20),
        ("oubliette-solitaire", 30),
        ("oubliette-solitaire(jokers=3)", 30),
        ("osbo(players=2)", 8),
        ("osbo(players=4)", 2),
        ("laissez-faire(players=4,max_rounds=20)", 4),
    ] {
        check(spec, games);
    }
}
