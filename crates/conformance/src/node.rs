//! Checks of one node: who acts, what is listed, and what `apply` accepts.

use gameshelf_engine::{Actor, ChanceMode, Game, Outcomes, Ratio, Rng};

use crate::violation::{Check, Violation, ensure, excerpt};

/// What a game lists at one state: the actor, its legal actions and its chance outcomes.
///
/// The buffers are reused from one [`Node::read`] to the next without being cleared first,
/// so a game that forgets to clear its output buffer shows up as stale entries.
pub struct Node<G: Game> {
    actor: Actor,
    legal: Vec<G::Action>,
    outcomes: Outcomes<G::Action>,
}

impl<G: Game> Default for Node<G> {
    fn default() -> Self {
        Node {
            actor: Actor::Terminal,
            legal: Vec::new(),
            outcomes: Outcomes::new(),
        }
    }
}

impl<G: Game> Node<G> {
    /// The node of `state`.
    pub fn of(game: &G, state: &G::State) -> Self {
        let mut node = Node::default();
        node.read(game, state);
        node
    }

    /// Reads `state` into this node, reusing its buffers.
    pub fn read(&mut self, game: &G, state: &G::State) {
        self.actor = game.actor(state);
        game.legal_actions(state, &mut self.legal);
        game.chance_outcomes(state, &mut self.outcomes);
    }

    /// Who acts.
    pub fn actor(&self) -> Actor {
        self.actor
    }

    /// The legal actions as listed.
    pub fn legal(&self) -> &[G::Action] {
        &self.legal
    }

    /// The chance outcomes as listed.
    pub fn outcomes(&self) -> &Outcomes<G::Action> {
        &self.outcomes
    }

    /// Whether `action` is listed (legal action or chance outcome). Assumes sorted lists,
    /// which [`Node::check_lists`] verifies.
    pub fn is_listed(&self, action: G::Action) -> bool {
        self.legal.binary_search(&action).is_ok()
            || self
                .outcomes
                .as_slice()
                .binary_search_by(|&(a, _)| a.cmp(&action))
                .is_ok()
    }

    /// Every listed action and outcome.
    pub fn listed(&self) -> impl Iterator<Item = G::Action> + '_ {
        self.legal
            .iter()
            .copied()
            .chain(self.outcomes.as_slice().iter().map(|&(a, _)| a))
    }

    /// The move a uniformly random player makes here (chance by its weights); `None` at
    /// terminal states or when nothing is listed.
    pub fn pick(&self, rng: &mut Rng) -> Option<G::Action> {
        match self.actor {
            Actor::Terminal => None,
            Actor::Chance if !self.outcomes.is_empty() => Some(self.outcomes.sample(rng)),
            Actor::Player(_) if !self.legal.is_empty() => {
                Some(self.legal[rng.below(self.legal.len() as u64) as usize])
            }
            _ => None,
        }
    }

    /// Legal actions are listed exactly at player nodes (of a seat that exists), chance
    /// outcomes exactly at chance nodes (of a game that declares chance), nothing at
    /// terminal nodes.
    ///
    /// # Errors
    /// A [`Check::Actor`] violation.
    pub fn check_actor(&self, game: &G) -> Result<(), Violation> {
        let (legal, chance) = (self.legal.len(), self.outcomes.len());
        let fail = |what: String| {
            Err(Violation::new(
                Check::Actor,
                format!("actor {:?}: {what}", self.actor),
            ))
        };
        match self.actor {
            Actor::Player(seat) if seat >= game.num_players() => fail(format!(
                "seat {seat} does not exist in a {}-player game",
                game.num_players()
            )),
            Actor::Player(_) if legal == 0 => fail("no legal actions at a player node".into()),
            Actor::Chance if game.info().chance == ChanceMode::Deterministic => {
                fail("a chance node in a game declared deterministic".into())
            }
            Actor::Chance if chance == 0 => fail("no chance outcomes at a chance node".into()),
            Actor::Terminal if legal + chance > 0 => fail(format!(
                "a terminal node lists {legal} legal actions and {chance} chance outcomes"
            )),
            Actor::Player(_) | Actor::Chance if legal > 0 && chance > 0 => fail(format!(
                "both {legal} legal actions and {chance} chance outcomes are listed"
            )),
            _ => Ok(()),
        }
    }

    /// At a chance node, [`Game::sample_chance`] (which a game may override to sample
    /// without listing) returns only listed outcomes; `draws` samples are checked.
    ///
    /// # Errors
    /// A [`Check::Lists`] violation naming the unlisted outcome.
    pub fn check_sampler(
        &self,
        game: &G,
        state: &G::State,
        rng: &mut Rng,
        draws: usize,
    ) -> Result<(), Violation> {
        if self.actor != Actor::Chance {
            return Ok(());
        }
        let mut buf = Outcomes::new();
        for _ in 0..draws {
            let a = game.sample_chance(state, rng, &mut buf);
            ensure(self.is_listed(a), Check::Lists, || {
                format!("sample_chance returned {a:?}, which chance_outcomes does not list")
            })?;
        }
        Ok(())
    }

    /// Legal actions are strictly increasing; chance outcomes are strictly increasing by
    /// outcome, with positive weights whose exact probabilities sum to 1.
    ///
    /// # Errors
    /// A [`Check::Lists`] violation.
    pub fn check_lists(&self) -> Result<(), Violation> {
        if let Some(w) = self.legal.windows(2).find(|w| w[0] >= w[1]) {
            return Err(Violation::new(
                Check::Lists,
                format!(
                    "legal actions are not sorted and unique: {} then {} in {:?}",
                    w[0], w[1], self.legal
                ),
            ));
        }
        let items = self.outcomes.as_slice();
        if let Some(w) = items.windows(2).find(|w| w[0].0 >= w[1].0) {
            return Err(Violation::new(
                Check::Lists,
                format!(
                    "chance outcomes are not sorted and unique: {} then {} in {items:?}",
                    w[0].0, w[1].0
                ),
            ));
        }
        if let Some((a, _)) = items.iter().find(|&&(_, w)| w == 0) {
            return Err(Violation::new(
                Check::Lists,
                format!("chance outcome {a} has weight 0 in {items:?}"),
            ));
        }
        if items.is_empty() {
            return Ok(());
        }
        let sum = (0..items.len())
            .map(|i| self.outcomes.probability(i))
            .fold(Ratio::ZERO, Ratio::add);
        ensure(sum == Ratio::ONE, Check::Lists, || {
            format!("chance probabilities sum to {sum}, not 1, in {items:?}")
        })
    }

    /// `apply` accepts every listed action and outcome (each tried on a clone of `state`).
    ///
    /// # Errors
    /// A [`Check::ApplyAccepts`] violation.
    pub fn check_apply_accepts(&self, game: &G, state: &G::State) -> Result<(), Violation> {
        let mut scratch = state.clone();
        for action in self.listed() {
            scratch.clone_from(state);
            if let Err(e) = game.apply(&mut scratch, action) {
                return Err(Violation::new(
                    Check::ApplyAccepts,
                    format!("apply refused the listed action {action}: {e}"),
                ));
            }
        }
        Ok(())
    }

    /// Whether `action` is a listed action naming another sum ([`Game::with_amount`]): the
    /// rules may accept it though it is not listed.
    fn is_repriced(&self, game: &G, action: G::Action) -> bool {
        game.amount(action).is_some_and(|sum| {
            self.legal
                .iter()
                .any(|&l| game.with_amount(l, sum) == Some(action))
        })
    }

    /// Every listed action that names a sum gives it back, names any other sum asked that
    /// it can hold (nothing, one more, the largest, one drawn at random), and `apply` either accepts it
    /// at that sum, leaving a state whose lists pass [`Node::check_lists`], or refuses it
    /// and changes nothing; an action naming no sum takes none. Returns how many repriced
    /// actions were tried.
    ///
    /// # Errors
    /// A [`Check::Amounts`] violation.
    pub fn check_amounts(
        &self,
        game: &G,
        state: &G::State,
        rng: &mut Rng,
    ) -> Result<usize, Violation> {
        let mut scratch = state.clone();
        let mut tried = 0;
        for &listed in &self.legal {
            let Some(own) = game.amount(listed) else {
                ensure(
                    game.with_amount(listed, 1).is_none(),
                    Check::Amounts,
                    || format!("{listed} names no sum but takes one"),
                )?;
                continue;
            };
            ensure(
                game.with_amount(listed, own) == Some(listed),
                Check::Amounts,
                || format!("{listed} naming its own sum {own} is another action"),
            )?;
            let random = rng.below(u64::from(own).saturating_mul(4).max(1) + 1) as u32;
            for sum in [0, own.saturating_add(1), u32::MAX, random] {
                // An action may be unable to hold a sum (a small field): then none.
                let Some(action) = game.with_amount(listed, sum) else {
                    continue;
                };
                ensure(game.amount(action) == Some(sum), Check::Amounts, || {
                    format!("{listed} at {sum} gives back {:?}", game.amount(action))
                })?;
                scratch.clone_from(state);
                if game.apply(&mut scratch, action).is_ok() {
                    Node::of(game, &scratch).check_lists().map_err(|v| {
                        Violation::new(Check::Amounts, format!("after {action}: {v}"))
                    })?;
                } else {
                    ensure(scratch == *state, Check::Amounts, || {
                        format!("refusing {action} changed the state")
                    })?;
                }
                tried += 1;
            }
        }
        Ok(tried)
    }

    /// `apply` refuses each of `candidates` that is not listed here (nor a listed action
    /// naming another sum, which the rules may take), leaving the state unchanged. Returns
    /// how many were refused.
    ///
    /// # Errors
    /// A [`Check::ApplyRefuses`] violation.
    pub fn check_apply_refuses(
        &self,
        game: &G,
        state: &G::State,
        candidates: impl IntoIterator<Item = G::Action>,
    ) -> Result<usize, Violation> {
        let mut scratch = state.clone();
        let mut refused = 0;
        let unlisted = candidates
            .into_iter()
            .filter(|&a| !self.is_listed(a) && !self.is_repriced(game, a));
        for action in unlisted {
            scratch.clone_from(state);
            if game.apply(&mut scratch, action).is_ok() {
                return Err(Violation::new(
                    Check::ApplyRefuses,
                    format!(
                        "apply accepted {action}, which is not listed (legal {:?}, chance {:?})",
                        self.legal,
                        self.outcomes.as_slice()
                    ),
                ));
            }
            ensure(scratch == *state, Check::ApplyRefuses, || {
                format!(
                    "refusing {action} changed the state\n  before: {}\n  after:  {}",
                    excerpt(state),
                    excerpt(&scratch)
                )
            })?;
            refused += 1;
        }
        Ok(refused)
    }
}
