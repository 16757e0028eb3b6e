//! A two-seat game given by a function from histories to nodes.

use gameshelf_engine::{
    Actor, ChanceMode, Game, GameInfo, GameSpec, Information, Outcomes, Returns, Rng, Seat, Utility,
};

/// What happens after a history of a [`Tree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeNode {
    /// This seat chooses one of the actions `0..choices`.
    Player(Seat, u8),
    /// Chance draws outcome `i` with weight `weights[i]`.
    Chance(&'static [u32]),
    /// The game is over and this seat won.
    Won(Seat),
}

/// The most actions a [`Tree`] game may take; deeper rules are taken to be a mistake.
const MAX_DEPTH: usize = 32;

/// A two-seat game of perfect information whose state is the history of its actions
/// (small numbers), with rules given as a function from a history to a [`TreeNode`].
///
/// The winner gets 1 and the loser 0 (or -1 once [`Tree::zero_sum`]). A turn is a player's
/// decision. The longest game and whether there is chance at all are found by walking the
/// whole tree once, when the game is made.
///
/// ```
/// use gameshelf_conformance::toy::{Tree, TreeNode};
/// use gameshelf_conformance::{Config, check};
///
/// // Seat 0 picks heads (0) or tails (1), then a fair coin says who won.
/// let game = Tree::new("guess", |h| match h {
///     [] => TreeNode::Player(0, 2),
///     [_] => TreeNode::Chance(&[1, 1]),
///     [guess, coin] => TreeNode::Won(usize::from(guess != coin)),
///     h => unreachable!("{h:?}"),
/// });
/// check(&game, &Config::default());
/// ```
#[derive(Clone, Debug)]
pub struct Tree {
    info: GameInfo,
    rules: fn(&[u8]) -> TreeNode,
    depth: usize,
    winner_moves_first: bool,
}

impl Tree {
    /// The game `id` with these rules (the id is also its name).
    ///
    /// # Panics
    /// If the rules, followed from the empty history, name a seat other than 0 or 1, offer
    /// no choice, list no chance outcome or more than 256, or go deeper than 32 actions.
    pub fn new(id: &'static str, rules: fn(&[u8]) -> TreeNode) -> Self {
        let mut chance = false;
        let depth = walk(rules, &mut Vec::new(), &mut chance);
        Tree {
            info: GameInfo {
                id,
                name: id,
                credit: super::CREDIT,
                min_players: 2,
                max_players: 2,
                chance: if chance {
                    ChanceMode::ExplicitStochastic
                } else {
                    ChanceMode::Deterministic
                },
                information: Information::Perfect,
                utility: Utility::ConstantSum(1.0),
                min_return: 0.0,
                max_return: 1.0,
                params: &[],
            },
            rules,
            depth,
            winner_moves_first: false,
        }
    }

    /// The same game, but the loser gets -1.
    pub fn zero_sum(mut self) -> Self {
        self.info.utility = Utility::ZeroSum;
        self.info.min_return = -1.0;
        self
    }

    /// The same game, but [`Game::turn_position`] says the winner moved first: as if the
    /// order of play were drawn at random and moving first always won.
    pub fn winner_moves_first(mut self) -> Self {
        self.winner_moves_first = true;
        self
    }

    /// What happens after `history`.
    pub fn node(&self, history: &[u8]) -> TreeNode {
        (self.rules)(history)
    }
}

/// The number of actions that may follow at `node` (0 at the end).
fn branches(node: TreeNode) -> usize {
    match node {
        TreeNode::Player(seat, choices) => {
            assert!(seat < 2 && choices > 0, "{node:?}");
            usize::from(choices)
        }
        TreeNode::Chance(weights) => {
            assert!((1..=256).contains(&weights.len()), "{node:?}");
            weights.len()
        }
        TreeNode::Won(seat) => {
            assert!(seat < 2, "{node:?}");
            0
        }
    }
}

/// The most actions that may follow `history`, noting whether chance ever acts.
fn walk(rules: fn(&[u8]) -> TreeNode, history: &mut Vec<u8>, chance: &mut bool) -> usize {
    assert!(
        history.len() <= MAX_DEPTH,
        "deeper than {MAX_DEPTH}: {history:?}"
    );
    let node = rules(history);
    *chance |= matches!(node, TreeNode::Chance(_));
    (0..=u8::MAX)
        .take(branches(node))
        .map(|action| {
            history.push(action);
            let depth = 1 + walk(rules, history, chance);
            history.pop();
            depth
        })
        .max()
        .unwrap_or(0)
}

impl Game for Tree {
    type Action = u8;
    type State = Vec<u8>;
    type Observation = Vec<u8>;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn spec(&self) -> GameSpec {
        GameSpec::new(self.info.id)
    }

    fn num_players(&self) -> usize {
        2
    }

    fn max_game_length(&self) -> usize {
        self.depth
    }

    fn initial_state(&self) -> Vec<u8> {
        Vec::new()
    }

    fn actor(&self, history: &Vec<u8>) -> Actor {
        match self.node(history) {
            TreeNode::Player(seat, _) => Actor::Player(seat),
            TreeNode::Chance(_) => Actor::Chance,
            TreeNode::Won(_) => Actor::Terminal,
        }
    }

    fn legal_actions(&self, history: &Vec<u8>, out: &mut Vec<u8>) {
        out.clear();
        if let TreeNode::Player(_, choices) = self.node(history) {
            out.extend(0..choices);
        }
    }

    fn chance_outcomes(&self, history: &Vec<u8>, out: &mut Outcomes<u8>) {
        out.clear();
        if let TreeNode::Chance(weights) = self.node(history) {
            for (outcome, &weight) in (0..=u8::MAX).zip(weights) {
                out.push(outcome, weight);
            }
        }
    }

    fn apply_unchecked(&self, history: &mut Vec<u8>, action: u8) {
        history.push(action);
    }

    fn returns(&self, history: &Vec<u8>) -> Returns {
        let mut r = Returns::zeros(2);
        if let TreeNode::Won(winner) = self.node(history) {
            r.as_mut_slice()[winner] = self.info.max_return;
            r.as_mut_slice()[1 - winner] = self.info.min_return;
        }
        r
    }

    fn observe(&self, history: &Vec<u8>, _: Seat) -> Vec<u8> {
        history.clone()
    }

    fn resample(&self, history: &Vec<u8>, _: Seat, _: &mut Rng) -> Vec<u8> {
        history.clone()
    }

    fn turns(&self, history: &Vec<u8>) -> u32 {
        let decisions = (0..history.len())
            .filter(|&i| matches!(self.node(&history[..i]), TreeNode::Player(..)))
            .count();
        decisions as u32
    }

    fn turn_position(&self, history: &Vec<u8>, seat: Seat) -> Option<usize> {
        match self.node(history) {
            TreeNode::Won(winner) if self.winner_moves_first => Some(usize::from(seat != winner)),
            _ => None,
        }
    }
}
