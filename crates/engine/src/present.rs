//! What a game tells people, whatever the front end (terminal, web page, replay): the text
//! of an observation, the odds of the roll that follows a choice, log lines and the result.
//!
//! Each game writes its words once, in its own crate (`present` module), and every front
//! end shows them: a per-game text is never written twice.

use crate::actor::Seat;
use crate::chance::Ratio;
use crate::game::{Game, IllegalAction};

/// A place on a picture where an action can be picked: which picture (its index in
/// [`Presenter::pictures`]) and a rectangle given as fractions of the picture's width and
/// height (0 to 1), so it holds at any size the picture is shown.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Target {
    /// The picture's index.
    pub picture: usize,
    /// The left edge, as a fraction of the width.
    pub left: f64,
    /// The top edge, as a fraction of the height.
    pub top: f64,
    /// The width, as a fraction of the picture's width.
    pub width: f64,
    /// The height, as a fraction of the picture's height.
    pub height: f64,
}

/// The game-specific words of a match, for people.
///
/// Everything shown during play comes either from an observation (which holds only what
/// that seat may see) or from [`Presenter::describe_move`], which is told who is looking.
pub trait Presenter<G: Game> {
    /// An observation as plain text: what `viewer` sees (its [`Game::observe`]), or with
    /// `None`, what a spectator sees ([`Game::observe_public`]). Line mode prints it before
    /// each of the seat's decisions; replays and web pages show it as the table.
    fn observation_text(
        &self,
        game: &G,
        viewer: Option<Seat>,
        observation: &G::Observation,
    ) -> String;

    /// Pictures of an observation for front ends that can show images (web pages): whole
    /// SVG documents, e.g. each player's design drawn as a knot, in the order the text
    /// lists them. They complement [`Presenter::observation_text`], which stays complete on
    /// its own. None by default.
    fn pictures(
        &self,
        _game: &G,
        _viewer: Option<Seat>,
        _observation: &G::Observation,
    ) -> Vec<String> {
        Vec::new()
    }

    /// Where `action`, a legal choice of `viewer`, can be picked on one of the
    /// [`Presenter::pictures`] (a placement's cell on a board, say), or `None`. Front ends
    /// that show pictures lay a button over the place; several actions may share one (the
    /// faces that fit a cell), and the list of choices stays complete without them. None
    /// by default.
    fn target(
        &self,
        _game: &G,
        _viewer: Option<Seat>,
        _observation: &G::Observation,
        _action: G::Action,
    ) -> Option<Target> {
        None
    }

    /// The exact odds of the roll that follows `action`, in words (e.g. `win 7/12 (58.3%)`),
    /// or `None` when no roll follows. By default no odds are shown.
    fn odds(&self, _game: &G, _observation: &G::Observation, _action: G::Action) -> Option<String> {
        None
    }

    /// One log line for `action`, applied in `before` by a seat's bot or human or by
    /// chance, as `viewer` may see it (`None`: nobody in particular, so hide all hidden
    /// information). Implementations must not reveal what `viewer` may not see. By default
    /// the game's [`Game::describe_action`].
    fn describe_move(
        &self,
        game: &G,
        before: &G::State,
        action: G::Action,
        _viewer: Option<Seat>,
    ) -> String {
        game.describe_action(before, action)
    }

    /// The terms the decision at hand is about, as `viewer` (`None`: a spectator) may see
    /// them: a heading line, then a few lines, e.g. an offer being drafted or answered,
    /// clause by clause, with what it would do to each party. Every front end shows them
    /// right beside the list of choices (line mode just before it), so that a person sees
    /// what each choice changes without reading the whole table. The observation text
    /// stays complete without them. None by default.
    fn terms(
        &self,
        _game: &G,
        _viewer: Option<Seat>,
        _observation: &G::Observation,
    ) -> Vec<String> {
        Vec::new()
    }

    /// What a human is asked for when `action`, their choice, comes with a free text
    /// ([`Game::writes_text`]): a few words without punctuation, e.g. `text of the clause`.
    /// Line mode prompts with it followed by ` (one line): `; the full-screen view titles
    /// its text popup with it. By default `text for this move`.
    fn text_prompt(&self, _game: &G, _action: G::Action) -> String {
        "text for this move".to_owned()
    }

    /// Which of `legal`, the choices of `observation`'s seat, a stray key press may take:
    /// front ends highlight it (or focus it) first, so that Enter pressed by habit never
    /// pays or gives anything away. By default the first.
    fn safe_choice(&self, _game: &G, _observation: &G::Observation, _legal: &[G::Action]) -> usize {
        0
    }

    /// Which of `legal` a move clock plays for a seat whose time ran out: what the rules
    /// make of silence. By default the safe choice; a game whose rules say otherwise (a
    /// silent lodger goes to the bench rather than to the first room listed) overrides it.
    fn silence(&self, game: &G, observation: &G::Observation, legal: &[G::Action]) -> usize {
        self.safe_choice(game, observation, legal)
    }

    /// When the decision of `observation`'s seat is only a chance to speak out of turn
    /// (nothing is asked of it: it may open a negotiation, post an offer, or let the moment
    /// pass), the index in `legal` of the choice that lets it pass. Front ends let a person
    /// pass every such chance until something is asked of them, so that a game with
    /// negotiation at any time does not make them answer each moment of the others' turns.
    /// `None` (the default) for every decision that asks something.
    fn out_of_turn_pass(
        &self,
        _game: &G,
        _observation: &G::Observation,
        _legal: &[G::Action],
    ) -> Option<usize> {
        None
    }

    /// The heading `action`, a choice of `observation`'s seat, is listed under when front
    /// ends fold a long list: `None` (the default) for a main choice, which is listed first
    /// and on its own; choices that share a heading (say, every contract one may propose to
    /// one player) are listed after the main ones, folded under it, in the game's order,
    /// the groups themselves by [`Presenter::group_rank`].
    fn choice_group(
        &self,
        _game: &G,
        _observation: &G::Observation,
        _action: G::Action,
    ) -> Option<String> {
        None
    }

    /// Where the group under `heading` (a [`Presenter::choice_group`] of `observation`'s
    /// seat) comes among the groups: front ends list the groups by this rank, lowest
    /// first, and groups of one rank in the order of their first choice. A game ranks
    /// first the group a person should find first (Laissez-faire's offer builder, before
    /// the many buildings and releases of a turn). By default 0 for every group.
    fn group_rank(&self, _game: &G, _observation: &G::Observation, _heading: &str) -> u8 {
        0
    }

    /// What a human is asked when naming their own sum for `action`, a move that names one
    /// ([`Game::amount`]), as `observation`'s seat: a few words such as `your price for a
    /// room at Tile Row`, which front ends follow with a box for the dollars. By default
    /// `another sum for this move`.
    fn amount_prompt(
        &self,
        _game: &G,
        _observation: &G::Observation,
        _action: G::Action,
    ) -> String {
        "another sum for this move".to_owned()
    }

    /// What a human is asked when typing the schedule of `action`, a move whose schedule
    /// (when or how often it recurs, how long it lasts) may be typed in words rather than
    /// picked from the list, as `observation`'s seat: a few words such as `every K rounds,
    /// N times (each 1 to 15)`, which front ends follow with a box for the words, parsed by
    /// [`Presenter::scheduled`]. `None` (the default) for a move with no schedule to type.
    fn schedule_prompt(
        &self,
        _game: &G,
        _observation: &G::Observation,
        _action: G::Action,
    ) -> Option<String> {
        None
    }

    /// `action` on the schedule a human typed in `words` (e.g. `every 2 rounds, 3 times`),
    /// for a move with a [`Presenter::schedule_prompt`]: what front ends then check with the
    /// rules like any other move ([`typed_move`]). Parsing words is the presenter's part, as
    /// the words are; whether the move is legal stays the rules' part.
    ///
    /// # Errors
    /// Why `words` name no schedule `action` can take, the bounds named (`a payment recurs
    /// every 1 to 15 rounds`). By default every move refuses a schedule.
    fn scheduled(
        &self,
        _game: &G,
        _observation: &G::Observation,
        _action: G::Action,
        _words: &str,
    ) -> Result<G::Action, String> {
        Err("this move has no schedule to type".to_owned())
    }

    /// The result of a finished game: the winners, the final values and how it ended. By
    /// default the seats with the highest return win.
    fn result_text(&self, game: &G, end: &G::State, names: &[String]) -> String {
        let returns = game.returns(end);
        let values = returns.as_slice();
        let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let winners: Vec<&str> = names
            .iter()
            .zip(values)
            .filter(|&(_, &v)| v == best)
            .map(|(n, _)| n.as_str())
            .collect();
        let mut text = format!(
            "game over ({}) after {} turns; won by {}\n",
            game.end_kind(end),
            game.turns(end),
            winners.join(" and ")
        );
        for (name, v) in names.iter().zip(values) {
            text.push_str(&format!("  {name}: {v}\n"));
        }
        text
    }

    /// Rules help for the `h` command: a few lines on what the choices mean. Empty by
    /// default.
    fn help(&self) -> String {
        String::new()
    }
}

/// The move a human typed for `listed`, one of the legal actions in `state` (seen as
/// `observation`): on the schedule typed in `schedule` ([`Presenter::scheduled`]), at the sum
/// typed in `sum` ([`Game::priced`]), or both, checked by the rules. Line mode, the
/// full-screen view and the web server all build typed moves this way.
///
/// # Errors
/// [`IllegalAction`] when the words name no schedule the move can take, the move names no
/// sum, or the rules refuse the move so typed.
pub fn typed_move<G: Game, P: Presenter<G> + ?Sized>(
    game: &G,
    presenter: &P,
    state: &G::State,
    observation: &G::Observation,
    listed: G::Action,
    sum: Option<u32>,
    schedule: Option<&str>,
) -> Result<G::Action, IllegalAction> {
    let action = match schedule {
        Some(words) => presenter
            .scheduled(game, observation, listed, words)
            .map_err(|reason| IllegalAction {
                action: game.describe_action(state, listed),
                actor: game.actor(state),
                reason,
            })?,
        None => listed,
    };
    match sum {
        Some(amount) => game.priced(state, action, amount),
        None if game.is_legal(state, action) => Ok(action),
        None => Err(IllegalAction {
            action: game.describe_action(state, action),
            ..game.refusal(state, action)
        }),
    }
}

/// An exact probability as a fraction and a percentage: `7/12 (58.3%)`.
pub fn percent(p: Ratio) -> String {
    format!("{p} ({:.1}%)", p.to_f64() * 100.0)
}

/// A position in words: `1st`, `2nd`, `3rd`, `4th`, ... `11th`, `21st`.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal).to_vec();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
            ]
        );
    }

    #[test]
    fn percent_shows_fraction_and_rounded_percentage() {
        assert_eq!(percent(Ratio::new(21, 36)), "7/12 (58.3%)");
        assert_eq!(percent(Ratio::ONE), "1 (100.0%)");
        assert_eq!(percent(Ratio::ZERO), "0 (0.0%)");
    }
}
