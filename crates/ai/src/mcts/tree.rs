//! The search tree of one worker: an arena of nodes linked by indices, and the iteration
//! (selection, expansion, rollout, backpropagation) that grows it.

use gameshelf_engine::{Actor, Bot, Game, MAX_SEATS, Outcomes, Rng, Seat, SeatView};

/// No node: the end of a child or sibling list.
const NONE: u32 = u32::MAX;

/// The root is always the first node of the arena.
pub(crate) const ROOT: u32 = 0;

/// How many states the subtree-reuse walk may visit before it gives up and starts afresh.
const REUSE_WALK_LIMIT: usize = 4096;

/// One node: the action that leads to it from its parent, its place in the sibling list
/// (children are kept sorted by action, so selection walks them in step with the sorted
/// legal actions), and its visit and availability counts. Its value vector lives in
/// [`Tree::values`].
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    action: Option<A>,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// How often the node's action was legal when its parent was visited (SO-ISMCTS). In
    /// a perfect-information tree it equals the parent's visits since the child was made.
    avail: u32,
}

impl<A> Node<A> {
    fn new(action: Option<A>) -> Self {
        Node {
            action,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            avail: 0,
        }
    }
}

/// An arena of nodes with one value vector per node (`seats` sums of normalised returns).
#[derive(Clone, Debug)]
pub(crate) struct Tree<A> {
    nodes: Vec<Node<A>>,
    values: Vec<f64>,
    seats: usize,
    /// The buffers a re-rooting copies into, kept to be reused by the next one.
    spare_nodes: Vec<Node<A>>,
    spare_values: Vec<f64>,
}

/// What selection does at a decision node.
enum Step<A> {
    /// Descend to this existing child.
    Descend(u32),
    /// Add a child for this untried action and stop there.
    Expand(A),
}

/// The statistics of one root child, as a worker reports them.
#[derive(Clone, Debug, PartialEq)]
pub struct ChildStats<A> {
    /// The action.
    pub action: A,
    /// Iterations through it.
    pub visits: u64,
    /// Sums of each seat's normalised return over those iterations.
    pub value_sums: Vec<f64>,
}

impl<A: Copy + Ord> Tree<A> {
    /// A tree holding only a root.
    pub(crate) fn new(seats: usize) -> Self {
        let mut t = Tree {
            nodes: Vec::new(),
            values: Vec::new(),
            seats,
            spare_nodes: Vec::new(),
            spare_values: Vec::new(),
        };
        t.clear();
        t
    }

    /// Drops every node but a fresh root, keeping the capacity.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.values.clear();
        self.push(None);
    }

    /// The number of nodes.
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The iterations that went through the root.
    pub(crate) fn root_visits(&self) -> u64 {
        u64::from(self.nodes[ROOT as usize].visits)
    }

    fn push(&mut self, action: Option<A>) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node::new(action));
        self.values.extend(std::iter::repeat_n(0.0, self.seats));
        id
    }

    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let mut c = self.nodes[node as usize].first_child;
        std::iter::from_fn(move || {
            (c != NONE).then(|| {
                let id = c;
                c = self.nodes[c as usize].next_sibling;
                id
            })
        })
    }

    fn action(&self, node: u32) -> Option<A> {
        self.nodes[node as usize].action
    }

    /// The child of `parent` for `action`, made (in sorted place) if missing; and whether
    /// it was made.
    fn child_or_insert(&mut self, parent: u32, action: A) -> (u32, bool) {
        let mut prev = NONE;
        let mut c = self.nodes[parent as usize].first_child;
        while c != NONE {
            match self.action(c).cmp(&Some(action)) {
                std::cmp::Ordering::Less => {
                    prev = c;
                    c = self.nodes[c as usize].next_sibling;
                }
                std::cmp::Ordering::Equal => return (c, false),
                std::cmp::Ordering::Greater => break,
            }
        }
        let id = self.push(Some(action));
        self.nodes[id as usize].next_sibling = c;
        if prev == NONE {
            self.nodes[parent as usize].first_child = id;
        } else {
            self.nodes[prev as usize].next_sibling = id;
        }
        (id, true)
    }

    /// UCT selection at a node where `seat` chooses among the sorted `legal` actions.
    ///
    /// Children whose action is not legal in this determinisation are skipped; those that
    /// are get their availability count raised. An untried legal action is expanded first
    /// (a uniformly random one); otherwise the child with the best upper confidence bound
    /// `mean + c·√(ln avail / visits)` for `seat` is chosen, ties going to the smaller action.
    fn select(&mut self, node: u32, legal: &[A], seat: Seat, c: f64, rng: &mut Rng) -> Step<A> {
        let seats = self.seats;
        let (mut untried, mut best, mut best_score) = (0u64, NONE, f64::NEG_INFINITY);
        let mut child = self.nodes[node as usize].first_child;
        for &a in legal {
            while child != NONE && self.action(child) < Some(a) {
                child = self.nodes[child as usize].next_sibling;
            }
            if child == NONE || self.action(child) != Some(a) {
                untried += 1;
                continue;
            }
            let n = &mut self.nodes[child as usize];
            n.avail += 1;
            if untried == 0 {
                let visits = f64::from(n.visits.max(1));
                let mean = self.values[child as usize * seats + seat] / visits;
                let score = mean + c * (f64::from(n.avail).ln() / visits).sqrt();
                if score > best_score {
                    (best, best_score) = (child, score);
                }
            }
            child = n.next_sibling;
        }
        if untried == 0 {
            return Step::Descend(best);
        }
        let mut pick = rng.below(untried);
        let mut child = self.nodes[node as usize].first_child;
        for &a in legal {
            while child != NONE && self.action(child) < Some(a) {
                child = self.nodes[child as usize].next_sibling;
            }
            if child != NONE && self.action(child) == Some(a) {
                continue;
            }
            if pick == 0 {
                return Step::Expand(a);
            }
            pick -= 1;
        }
        unreachable!("fewer untried actions than counted")
    }

    /// Adds one iteration's normalised returns to every node of `path`.
    fn backpropagate(&mut self, path: &[u32], value: &[f64]) {
        for &n in path {
            self.nodes[n as usize].visits += 1;
            let at = n as usize * self.seats;
            for (sum, v) in self.values[at..at + self.seats].iter_mut().zip(value) {
                *sum += v;
            }
        }
    }

    /// The root's children whose action is in the sorted `legal`, with their statistics.
    pub(crate) fn root_stats(&self, legal: &[A]) -> Vec<ChildStats<A>> {
        self.children(ROOT)
            .filter_map(|c| {
                let action = self.action(c)?;
                legal.binary_search(&action).ok()?;
                let at = c as usize * self.seats;
                Some(ChildStats {
                    action,
                    visits: u64::from(self.nodes[c as usize].visits),
                    value_sums: self.values[at..at + self.seats].to_vec(),
                })
            })
            .collect()
    }

    /// Makes `node` the root, keeping its subtree and dropping the rest. The subtree is
    /// copied into the spare arena, which then becomes the tree's, so the arena holds no
    /// dead nodes.
    fn reroot(&mut self, node: u32) {
        let seats = self.seats;
        let mut nodes = std::mem::take(&mut self.spare_nodes);
        let mut values = std::mem::take(&mut self.spare_values);
        nodes.clear();
        values.clear();
        let copy = |old: u32, nodes: &mut Vec<Node<A>>, values: &mut Vec<f64>| {
            let mut n = self.nodes[old as usize];
            (n.first_child, n.next_sibling) = (NONE, NONE);
            nodes.push(n);
            let at = old as usize * seats;
            values.extend_from_slice(&self.values[at..at + seats]);
            (nodes.len() - 1) as u32
        };
        copy(node, &mut nodes, &mut values);
        nodes[0].action = None;
        let mut stack = vec![(node, 0u32)];
        while let Some((old, new)) = stack.pop() {
            let mut prev = NONE;
            for c in self.children(old) {
                let id = copy(c, &mut nodes, &mut values);
                if prev == NONE {
                    nodes[new as usize].first_child = id;
                } else {
                    nodes[prev as usize].next_sibling = id;
                }
                prev = id;
                stack.push((c, id));
            }
        }
        self.spare_nodes = std::mem::replace(&mut self.nodes, nodes);
        self.spare_values = std::mem::replace(&mut self.values, values);
    }
}

/// The fixed inputs of an iteration.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    /// The UCT exploration constant.
    pub(crate) exploration: f64,
    /// Returns are normalised as `(r - min) * scale` into `[0, 1]`.
    pub(crate) min: f64,
    pub(crate) scale: f64,
}

/// One root-parallel worker: its own tree, random stream and reused buffers.
pub(crate) struct Worker<G: Game> {
    pub(crate) tree: Tree<G::Action>,
    pub(crate) rng: Rng,
    scratch: Option<G::State>,
    actions: Vec<G::Action>,
    outcomes: Outcomes<G::Action>,
    path: Vec<u32>,
    rollout: Option<Box<dyn Bot<G>>>,
    /// For subtree reuse (perfect information): the state at the root of the tree and the
    /// action chosen there.
    last: Option<(G::State, G::Action)>,
}

impl<G: Game> Worker<G> {
    /// A worker with an empty tree; rollouts by `rollout`, or uniformly random without one.
    pub(crate) fn new(seats: usize, rollout: Option<Box<dyn Bot<G>>>) -> Self {
        Worker {
            tree: Tree::new(seats),
            rng: Rng::seed_from_u64(0),
            scratch: None,
            actions: Vec::new(),
            outcomes: Outcomes::new(),
            path: Vec::new(),
            rollout,
            last: None,
        }
    }

    /// One iteration from the determinised root state `det`.
    pub(crate) fn iterate(&mut self, game: &G, det: &G::State, p: Params) {
        let Worker {
            tree,
            rng,
            scratch,
            actions,
            outcomes,
            path,
            rollout,
            ..
        } = self;
        let state = match scratch {
            Some(s) => {
                s.clone_from(det);
                s
            }
            None => scratch.insert(det.clone()),
        };
        path.clear();
        path.push(ROOT);
        let mut node = ROOT;
        loop {
            let (child, made) = match game.actor(state) {
                Actor::Terminal => break,
                Actor::Chance => {
                    let a = game.sample_chance(state, rng, outcomes);
                    game.apply_unchecked(state, a);
                    tree.child_or_insert(node, a)
                }
                Actor::Player(seat) => {
                    game.legal_actions(state, actions);
                    match tree.select(node, actions, seat, p.exploration, rng) {
                        Step::Descend(c) => {
                            let a = tree.action(c).expect("only the root has no action");
                            game.apply_unchecked(state, a);
                            (c, false)
                        }
                        Step::Expand(a) => {
                            game.apply_unchecked(state, a);
                            tree.child_or_insert(node, a)
                        }
                    }
                }
            };
            path.push(child);
            node = child;
            if made {
                break;
            }
        }
        match rollout {
            None => {
                game.random_playout(state, rng, actions, outcomes);
            }
            Some(bot) => loop {
                let a = match game.actor(state) {
                    Actor::Terminal => break,
                    Actor::Chance => game.sample_chance(state, rng, outcomes),
                    Actor::Player(seat) => bot.choose(&SeatView::new(game, state, seat), rng),
                };
                game.apply_unchecked(state, a);
            },
        }
        let returns = game.returns(state);
        let mut value = [0.0; MAX_SEATS];
        for (v, r) in value.iter_mut().zip(returns.as_slice()) {
            *v = (r - p.min) * p.scale;
        }
        tree.backpropagate(path, &value[..tree.seats]);
    }

    /// Prepares the tree for a search from `root` by `seat` (perfect information): keeps
    /// the subtree of the last search that reaches `root` (after the action chosen then,
    /// through other seats' moves and chance) when `reuse` is on and there is one, and
    /// otherwise starts afresh. Returns whether a subtree was kept.
    pub(crate) fn reuse(&mut self, game: &G, root: &G::State, seat: Seat, reuse: bool) -> bool {
        let found = match self.last.take() {
            Some((old, chosen)) if reuse => self.find(game, old, chosen, root, seat),
            _ => None,
        };
        match found {
            Some(node) => self.tree.reroot(node),
            None => self.tree.clear(),
        }
        found.is_some()
    }

    /// The node of the tree whose state is `target`, searched below the root's child for
    /// `chosen`, not past states where `seat` would have been asked to move.
    fn find(
        &self,
        game: &G,
        mut old: G::State,
        chosen: G::Action,
        target: &G::State,
        seat: Seat,
    ) -> Option<u32> {
        let start = self
            .tree
            .children(ROOT)
            .find(|&c| self.tree.action(c) == Some(chosen))?;
        game.apply_unchecked(&mut old, chosen);
        let mut stack = vec![(start, old)];
        let mut walked = 0;
        while let Some((node, state)) = stack.pop() {
            if state == *target {
                return Some(node);
            }
            walked += 1;
            if walked > REUSE_WALK_LIMIT {
                return None;
            }
            if game.actor(&state) == Actor::Player(seat) {
                continue;
            }
            for c in self.tree.children(node) {
                let mut next = state.clone();
                game.apply_unchecked(&mut next, self.tree.action(c)?);
                stack.push((c, next));
            }
        }
        None
    }

    /// Remembers the root state and the action chosen there, for the next [`Self::reuse`].
    pub(crate) fn remember(&mut self, root: G::State, chosen: G::Action) {
        self.last = Some((root, chosen));
    }
}
