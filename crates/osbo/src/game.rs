//! The rules: [`Osbo`] implements [`Game`].

use std::cmp::Ordering;
use std::ops::ControlFlow;

use gameshelf_engine::{
    Actor, ChanceMode, Game, GameInfo, GameSpec, Information, Outcomes, Playout, Returns, Rng,
    Seat, SpecError, Utility, Watch,
};

use crate::action::{Action, Placement, Roll};
use crate::config::{Config, ID, MAX_PLAYERS, PARAMS, Priority};
use crate::design::max_score;
use crate::face::{Edges, Face};
use crate::state::{Board, EndKind, Fresh, ORIGIN, Options, Phase, State, Target};

pub(crate) fn base_info() -> GameInfo {
    GameInfo {
        id: ID,
        name: "Osbo",
        credit: "Cameron Browne (2008)",
        min_players: 1,
        max_players: MAX_PLAYERS,
        chance: ChanceMode::ExplicitStochastic,
        information: Information::Perfect,
        utility: Utility::ConstantSum(1.0),
        min_return: 0.0,
        max_return: 1.0,
        params: PARAMS,
    }
}

/// Osbo: a validated configuration.
///
/// With two or more players the winners (best score vector) share a return
/// of one. The solo puzzle returns its longest closed cord as a share of the grid's
/// [`max_score`].
#[derive(Clone, Debug)]
pub struct Osbo {
    cfg: Config,
    info: GameInfo,
    /// `plans[m]`: every way to send m dice each to a design or to none.
    plans: Vec<Vec<Plan>>,
    /// `ranked[m]`: `plans[m]` with their ranks at the start of a turn (no design used
    /// yet), best rank first and in `plans` order within a rank.
    ranked: Vec<Vec<(Plan, u16)>>,
}

/// One way to send the dice of a roll (in [`Roll::faces`] order) to designs.
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// Die i goes to design `to[i]`, or to none when it is the number of designs.
    to: [u8; MAX_PLAYERS],
    /// The designs that get a die, as a bit set.
    designs: u8,
    /// The dice placed.
    placed: u8,
}

impl Plan {
    /// Every plan for `m` dice and `d` designs.
    fn all(m: usize, d: usize) -> Vec<Plan> {
        let mut plans = Vec::new();
        for code in 0..(d + 1).pow(m as u32) {
            let mut p = Plan {
                to: [d as u8; MAX_PLAYERS],
                designs: 0,
                placed: 0,
            };
            let mut x = code;
            for t in &mut p.to[..m] {
                *t = (x % (d + 1)) as u8;
                x /= d + 1;
                if (*t as usize) < d {
                    p.designs |= 1 << *t;
                    p.placed += 1;
                }
            }
            plans.push(p);
        }
        plans
    }
}

impl Default for Osbo {
    fn default() -> Self {
        Osbo::new(Config::default())
    }
}

/// The option lists ([`Board::options`]) of the boards in play, kept by
/// [`Osbo::random_playout`] and refreshed whenever a die goes to a board.
struct Scans {
    lists: [Options; MAX_PLAYERS],
}

impl Scans {
    /// The lists of the boards of `s` (empty for the boards not in play).
    fn of(g: &Osbo, s: &State) -> Scans {
        let (n, w) = (g.cfg.size, g.cfg.window);
        let mut lists = [Options::EMPTY; MAX_PLAYERS];
        for (list, board) in lists.iter_mut().zip(&s.boards).take(g.seats()) {
            *list = board.options(n, w);
        }
        Scans { lists }
    }
}

/// The boards a plan is asked about, with their option lists where they are at hand.
type Boards<'a> = ([&'a Board; MAX_PLAYERS], [Option<&'a Options>; MAX_PLAYERS]);

/// The number of edge sets in a bit set of them. A table lookup:
/// without the `popcnt` instruction, which the default target does not assume,
/// `count_ones` is a dozen operations, and the playouts count sets at every decision.
#[inline]
fn ones(set: u16) -> u32 {
    const ONES: [u8; 256] = {
        let mut table = [0; 256];
        let mut i = 0;
        while i < 256 {
            table[i] = (i as u8).count_ones() as u8;
            i += 1;
        }
        table
    };
    u32::from(ONES[usize::from(set & 255)]) + u32::from(ONES[usize::from(set >> 8)])
}

/// The action placing a die showing `edges` at frame cell (`row`, `col`) of design `j`.
fn place_action(j: u8, row: u8, col: u8, edges: Edges) -> Action {
    Action::Place(Placement {
        design: j,
        row: (row as i32 - ORIGIN as i32) as i8,
        col: (col as i32 - ORIGIN as i32) as i8,
        edges,
    })
}

/// What a design is offered at a decision ([`Osbo::offers`]): the edge sets every
/// placement of which is offered, and those whose placements are checked one by one.
type Offer = (u16, u16);

/// A plan's value: dice placed and distinct designs reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reach {
    dice: u8,
    designs: u8,
}

impl Osbo {
    /// The game for a configuration.
    pub fn new(cfg: Config) -> Self {
        let mut info = base_info();
        if cfg.players == 1 {
            info.utility = Utility::GeneralSum;
        }
        let plans: Vec<Vec<Plan>> = (0..=cfg.players)
            .map(|m| Plan::all(m, cfg.players))
            .collect();
        let mut game = Osbo {
            cfg,
            info,
            plans,
            ranked: Vec::new(),
        };
        game.ranked = game
            .plans
            .iter()
            .map(|plans| {
                let mut ranked: Vec<(Plan, u16)> = plans
                    .iter()
                    .map(|&p| {
                        let designs = p.designs.count_ones() as u8;
                        let rank = game.rank(Reach {
                            dice: p.placed,
                            designs,
                        });
                        (p, rank)
                    })
                    .collect();
                ranked.sort_by_key(|&(_, rank)| std::cmp::Reverse(rank));
                ranked
            })
            .collect();
        game
    }

    /// The game named by a game string, e.g. `osbo(players=3,size=6)`.
    ///
    /// # Errors
    /// [`SpecError`] for another id or a bad parameter.
    pub fn from_spec(spec: &GameSpec) -> Result<Self, SpecError> {
        Ok(Osbo::new(Config::from_spec(spec)?))
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// The boards in play.
    fn seats(&self) -> usize {
        self.cfg.players
    }

    /// Orders plan values by the turn rule's priority (parameter `priority`).
    fn rank(&self, r: Reach) -> u16 {
        let (a, b) = match self.cfg.priority {
            Priority::DiceFirst => (r.dice, r.designs),
            Priority::DesignsFirst => (r.designs, r.dice),
        };
        a as u16 * 16 + b as u16
    }

    /// Of the edge sets `sets` that may go on target (`r`, `c`) of `board` (design `j`),
    /// those allowed this turn: in the simultaneous variant the target must extend an end
    /// that was open at the start of the turn.
    #[inline]
    fn this_turn(
        &self,
        board: &Board,
        j: usize,
        r: usize,
        c: usize,
        fresh: &Fresh,
        sets: u16,
    ) -> u16 {
        if !self.cfg.simultaneous || fresh.len == 0 {
            return sets;
        }
        let old_end = crate::face::Dir::ALL.iter().any(|&d| {
            let (dr, dc) = d.step();
            let (nr, nc) = (r as i32 + dr, c as i32 + dc);
            board.design.get(nr, nc).has(d.opposite()) && !fresh.contains(j, nr, nc)
        });
        if old_end { sets } else { 0 }
    }

    /// Whether all of `dice` can be placed in `board` one after another.
    /// `known` is `board`'s option list, if at hand.
    fn feasible(
        &self,
        board: &Board,
        j: usize,
        dice: Roll,
        fresh: Fresh,
        known: Option<&Options>,
    ) -> bool {
        if dice.is_empty() {
            return true;
        }
        if dice.len() == 1 && (fresh.len == 0 || !self.cfg.simultaneous) {
            return dice.face_set() & !board.fitting_faces() == 0;
        }
        // Some die must go first, to a target the board has now.
        dice.face_set() & board.fitting_faces() != 0 && self.search(board, j, dice, fresh, known)
    }

    /// [`Osbo::feasible`] by a depth-first search over the order of the dice, their
    /// targets and rotations; it does not rely on `board`'s face-fit cache, so the boards
    /// it tries need not update it.
    /// `known` is `board`'s option list, if at hand.
    fn search(
        &self,
        board: &Board,
        j: usize,
        dice: Roll,
        fresh: Fresh,
        known: Option<&Options>,
    ) -> bool {
        if dice.len() == 2 && !self.cfg.simultaneous {
            return self.pair_fits(board, dice, known);
        }
        let sets = dice.edge_sets();
        let last = dice.len() == 1;
        let (n, w) = (self.cfg.size, self.cfg.window);
        board
            .for_each_option(n, w, |r, c, options| {
                let mut m = self.this_turn(board, j, r, c, &fresh, options & sets);
                while m != 0 {
                    let e = Edges(m.trailing_zeros() as u8);
                    m &= m - 1;
                    if last {
                        return ControlFlow::Break(());
                    }
                    let mut b = *board;
                    b.place_unfollowed(r, c, e);
                    let face = e.face().unwrap_or(Face::Cross);
                    if self.search(&b, j, dice.without(face), fresh.with(j, r, c), None) {
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            })
            .is_break()
    }

    /// Whether both of the two `dice` can be placed in `board` one after the other (the
    /// dice of a turn may extend each other's ends: not the simultaneous variant). Each
    /// placement of either die is tried against the board's option list with
    /// [`Board::takes_after`], so the board is scanned once, not once per placement.
    /// `known` is `board`'s option list, if at hand.
    fn pair_fits(&self, board: &Board, dice: Roll, known: Option<&Options>) -> bool {
        let (n, w) = (self.cfg.size, self.cfg.window);
        let scanned;
        let options = match known {
            Some(options) => options,
            None => {
                scanned = board.options(n, w);
                &scanned
            }
        };
        let sets = dice.edge_sets();
        options.iter().any(|t| {
            let mut m = t.sets & sets;
            while m != 0 {
                let e = Edges(m.trailing_zeros() as u8);
                m &= m - 1;
                let rest = dice.without(e.face().unwrap_or(Face::Cross)).edge_sets();
                let cell = (t.row as usize, t.col as usize, e);
                if board.takes_after(options, cell, rest, n, w) {
                    return true;
                }
            }
            false
        })
    }

    /// The best plan value for placing some of `dice` into the designs in `allowed`,
    /// given the designs already `used` this turn. `stop` must be an upper bound on that
    /// value (the ceiling of the roll, or what the rest of a best plan reaches): plans
    /// above it are not tried.
    ///
    /// Plans are assignments of the dice to a design or to none, tried best value first,
    /// so the first feasible one is the answer. Placements in different designs do not
    /// affect each other, so a plan is feasible when each design can take its share; the
    /// shares' answers are kept in a memo. With the boards come their option lists where
    /// they are at hand.
    fn best(
        &self,
        (boards, lists): Boards<'_>,
        dice: Roll,
        used: u8,
        allowed: u8,
        fresh: Fresh,
        stop: Reach,
    ) -> Reach {
        let none = Reach {
            dice: 0,
            designs: used.count_ones() as u8,
        };
        let (floor, ceiling) = (self.rank(none), self.rank(stop));
        if floor >= ceiling || dice.is_empty() {
            return none;
        }
        let d = self.seats();
        if dice.len() == 1 {
            // One die: the best design that takes it.
            let mut best = none;
            for (j, &board) in boards.iter().enumerate().take(d) {
                let v = Reach {
                    dice: 1,
                    designs: (used | 1 << j).count_ones() as u8,
                };
                let rank = self.rank(v);
                if allowed & (1 << j) == 0 || rank <= self.rank(best) || rank > ceiling {
                    continue;
                }
                if self.feasible(board, j, dice, fresh, lists[j]) {
                    best = v;
                }
            }
            return best;
        }
        // The dice one by one, each with its step in the memo's index (two dice need no
        // steps: the lowest and the highest face shown, the same if both show it).
        let m = dice.len();
        let mut faces = [Face::Cap; MAX_PLAYERS];
        let mut steps = [0u8; MAX_PLAYERS];
        if m == 2 {
            let shown = dice.face_set();
            faces[0] = Face::ALL[shown.trailing_zeros() as usize];
            faces[1] = Face::ALL[7 - shown.leading_zeros() as usize];
        } else {
            let (mut i, mut step) = (0, 1);
            for f in Face::ALL {
                for _ in 0..dice.count(f) {
                    faces[i] = f;
                    steps[i] = step;
                    i += 1;
                }
                step *= dice.count(f) + 1;
            }
        }
        let rank_of = |p: &Plan| {
            self.rank(Reach {
                dice: p.placed,
                designs: (used | p.designs).count_ones() as u8,
            })
        };
        // Feasibility of each design's share, by design and share (see `steps`): 0
        // unknown, 1 no, 2 yes. Two dice need no share arrays: a design takes one die,
        // both (kept at index 0, unused otherwise), or none, and only both need a search.
        let mut memo = [[0u8; 16]; MAX_PLAYERS];
        let mut feasible = |p: &Plan| {
            if m == 2 {
                let (a, b) = (p.to[0] as usize, p.to[1] as usize);
                if a == b {
                    if a == d {
                        return true;
                    }
                    let known = &mut memo[a][0];
                    if *known == 0 {
                        *known = 1 + u8::from(self.feasible(boards[a], a, dice, fresh, lists[a]));
                    }
                    return *known == 2;
                }
                let one = |j: usize, f: Face| {
                    j == d
                        || if fresh.len == 0 || !self.cfg.simultaneous {
                            boards[j].fits_face(f)
                        } else {
                            let die = Roll::default().with(f);
                            self.feasible(boards[j], j, die, fresh, lists[j])
                        }
                };
                return one(a, faces[0]) && one(b, faces[1]);
            }
            let mut shares = [(Roll::default(), 0u8); MAX_PLAYERS + 1];
            for i in 0..m {
                let (share, index) = &mut shares[p.to[i] as usize];
                *share = share.with(faces[i]);
                *index += steps[i];
            }
            shares.iter().enumerate().take(d).all(|(j, &(share, i))| {
                if share.is_empty() {
                    return true;
                }
                let known = &mut memo[j][i as usize];
                if *known == 0 {
                    *known = 1 + u8::from(self.feasible(boards[j], j, share, fresh, lists[j]));
                }
                *known == 2
            })
        };
        let found = |p: &Plan| Reach {
            dice: p.placed,
            designs: (used | p.designs).count_ones() as u8,
        };
        if used == 0 {
            // The plans are in `ranked` order already: best value first.
            for (p, rank) in &self.ranked[m] {
                if *rank <= floor {
                    break;
                }
                if p.designs & !allowed == 0 && *rank <= ceiling && feasible(p) {
                    return found(p);
                }
            }
            return none;
        }
        let plans = &self.plans[m];
        // The values that occur, as a bit set over their ranks.
        let mut ranks = 0u128;
        for p in plans {
            let rank = rank_of(p);
            if p.designs & !allowed == 0 && floor < rank && rank <= ceiling {
                ranks |= 1 << rank;
            }
        }
        while ranks != 0 {
            let rank = 127 - ranks.leading_zeros() as u16;
            ranks &= !(1 << rank);
            for p in plans {
                if p.designs & !allowed == 0 && rank_of(p) == rank && feasible(p) {
                    return found(p);
                }
            }
        }
        none
    }

    /// The most any plan could reach with `dice` (an upper bound for early stops).
    fn ceiling(&self, dice: Roll) -> Reach {
        let m = dice.len() as u8;
        Reach {
            dice: m,
            designs: m.min(self.seats() as u8),
        }
    }

    fn all_designs(&self) -> u8 {
        ((1u16 << self.seats()) - 1) as u8
    }

    /// Lists the placements of the turn in progress that keep a maximal plan in reach.
    fn placements(&self, s: &State, out: &mut Vec<Action>) {
        let lists = [None; MAX_PLAYERS];
        let offers = self.all_offers(s, lists);
        self.placement_groups(s, lists, &offers, |j, t| {
            let mut m = t.sets;
            while m != 0 {
                let e = Edges(m.trailing_zeros() as u8);
                m &= m - 1;
                out.push(place_action(j, t.row, t.col, e));
            }
        });
    }

    /// [`Osbo::offers`] for every design.
    fn all_offers(
        &self,
        s: &State,
        lists: [Option<&Options>; MAX_PLAYERS],
    ) -> [Offer; MAX_PLAYERS] {
        let mut offers = [(0, 0); MAX_PLAYERS];
        for (j, offer) in offers.iter_mut().enumerate().take(self.seats()) {
            *offer = self.offers(s, j, lists);
        }
        offers
    }

    /// The placements of [`Osbo::placements`], in its order, as groups: `f(design,
    /// target)` with the target's edge sets narrowed to those offered (never empty).
    /// `lists` holds the boards' option lists where at hand, `offers` what
    /// [`Osbo::all_offers`] says of them.
    fn placement_groups(
        &self,
        s: &State,
        lists: [Option<&Options>; MAX_PLAYERS],
        offers: &[Offer; MAX_PLAYERS],
        mut f: impl FnMut(u8, Target),
    ) {
        let (n, w) = (self.cfg.size, self.cfg.window);
        for (j, &(every, checked)) in offers.iter().enumerate().take(self.seats()) {
            if every | checked == 0 {
                continue;
            }
            let board = &s.boards[j];
            let scanned;
            let options = match lists[j] {
                Some(options) => options,
                None => {
                    scanned = board.options(n, w);
                    &scanned
                }
            };
            for t in options.iter() {
                let (r, c) = (t.row as usize, t.col as usize);
                let mut m = t.sets & (every | checked);
                if m != 0 && self.cfg.simultaneous {
                    m = self.this_turn(board, j, r, c, &s.fresh, m);
                }
                let mut offered = m & every;
                let mut slow = m & checked;
                while slow != 0 {
                    let e = Edges(slow.trailing_zeros() as u8);
                    slow &= slow - 1;
                    if self.completes(s, j, options, (r, c, e), lists) {
                        offered |= 1 << e.0;
                    }
                }
                if offered != 0 {
                    f(
                        j as u8,
                        Target {
                            sets: offered,
                            ..*t
                        },
                    );
                }
            }
        }
    }

    /// Draws one of the placements of [`Osbo::placements`] as the provided playout loop
    /// does: the one at index `rng.below(count)` in that order. The placements are not
    /// listed: when every offer is by edge set alone ([`Osbo::offers`]), they are counted
    /// from the option lists in `scans`, target by target, and found again by the same
    /// count; otherwise the targets with their offered sets are kept in `groups`, so that
    /// each placement is checked once.
    fn draw_placement(
        &self,
        s: &State,
        scans: &Scans,
        groups: &mut Vec<(u8, Target)>,
        rng: &mut Rng,
    ) -> Action {
        let lists = scans.lists.each_ref().map(Some);
        let offers = self.all_offers(s, lists);
        let pick = |j: usize, t: &Target, sets: u16, k: u32| {
            let mut m = sets;
            for _ in 0..k {
                m &= m - 1;
            }
            place_action(j as u8, t.row, t.col, Edges(m.trailing_zeros() as u8))
        };
        if !self.cfg.simultaneous && offers.iter().all(|&(_, checked)| checked == 0) {
            let designs = (scans.lists.iter().zip(&offers).enumerate())
                .filter(|(_, (_, offer))| offer.0 != 0);
            let len: u32 = designs
                .clone()
                .map(|(_, (list, &(every, _)))| {
                    list.iter().map(|t| ones(t.sets & every)).sum::<u32>()
                })
                .sum();
            let mut k = rng.below(u64::from(len)) as u32;
            for (j, (list, &(every, _))) in designs {
                for t in list.iter() {
                    let here = ones(t.sets & every);
                    if k < here {
                        return pick(j, t, t.sets & every, k);
                    }
                    k -= here;
                }
            }
        } else {
            groups.clear();
            let mut len = 0;
            self.placement_groups(s, lists, &offers, |j, t| {
                len += ones(t.sets);
                groups.push((j, t));
            });
            let mut k = rng.below(u64::from(len)) as u32;
            for (j, t) in groups.iter() {
                let here = ones(t.sets);
                if k < here {
                    return pick(*j as usize, t, t.sets, k);
                }
                k -= here;
            }
        }
        unreachable!("a turn in progress offers a placement")
    }

    /// Which placements of the dice in hand design `j` is offered, by edge set: `(every,
    /// checked)`, where every placement of a set in `every` is offered (the rest of the plan
    /// can be done whatever the placement) and each placement of a set in `checked` is
    /// offered if [`Osbo::completes`] says so. The questions are asked once per face, not
    /// once per target.
    fn offers(&self, s: &State, j: usize, lists: [Option<&Options>; MAX_PLAYERS]) -> Offer {
        let used = s.used | 1 << j;
        if s.todo == 1 {
            // With the last die the plan is complete once it reaches its designs.
            return if used.count_ones() as u8 == s.reach {
                (s.dice.edge_sets(), 0)
            } else {
                (0, 0)
            };
        }
        let rest = Reach {
            dice: s.todo - 1,
            designs: s.reach,
        };
        let board = &s.boards[j];
        let (mut every, mut checked) = (0, 0);
        // Only faces that fit somewhere in design j are asked about.
        let mut faces = s.dice.face_set() & board.fitting_faces();
        while faces != 0 {
            let face = Face::ALL[faces.trailing_zeros() as usize];
            faces &= faces - 1;
            let left = s.dice.without(face);
            // Is the rest of the plan done without design j? Then every placement of this
            // face in design j is offered.
            let done = if left.len() == 1 && !self.cfg.simultaneous {
                // One die left (`best` with one die, written out): some other design
                // takes it and brings the plan to its designs.
                let last = Face::ALL[left.face_set().trailing_zeros() as usize];
                (0..self.seats()).any(|k| {
                    k != j
                        && s.boards[k].fits_face(last)
                        && (used | 1 << k).count_ones() as u8 == s.reach
                })
            } else {
                let all = self.all_designs();
                let (boards, fresh) = ((s.boards.each_ref(), lists), s.fresh);
                self.best(boards, left, used, all & !(1 << j), fresh, rest) == rest
            };
            if done {
                every |= face.rotations();
            } else if left.len() != 1 || self.cfg.simultaneous || used.count_ones() as u8 == s.reach
            {
                // A last die left can only go to design j (the other designs were asked
                // above), which must then complete the plan's designs.
                checked |= face.rotations();
            }
        }
        (every, checked)
    }

    /// Whether a best plan can still be completed after the die showing `edges` goes to
    /// target (`r`, `c`) of design `j`, whose option list is `options`, once the rest of
    /// the plan without design `j` is known not to do (see [`Osbo::offers`]).
    fn completes(
        &self,
        s: &State,
        j: usize,
        options: &Options,
        (r, c, e): (usize, usize, Edges),
        lists: [Option<&Options>; MAX_PLAYERS],
    ) -> bool {
        let (n, w) = (self.cfg.size, self.cfg.window);
        let board = &s.boards[j];
        let left = s.dice.without(e.face().unwrap_or(Face::Cross));
        if left.len() == 1 && !self.cfg.simultaneous {
            // The last die of the plan can only go to design j.
            return board.takes_after(options, (r, c, e), left.edge_sets(), n, w);
        }
        let rest = Reach {
            dice: s.todo - 1,
            designs: s.reach,
        };
        let mut board = *board;
        board.place_unfollowed(r, c, e);
        board.update_fit(n, w);
        let mut boards = s.boards.each_ref();
        boards[j] = &board;
        let mut lists = lists;
        lists[j] = None;
        let fresh = s.fresh.with(j, r, c);
        let all = self.all_designs();
        self.best((boards, lists), left, s.used | 1 << j, all, fresh, rest) == rest
    }

    /// [`Game::apply_unchecked`], keeping `scans` (the boards' option lists) up to date
    /// if given.
    fn apply_with(&self, s: &mut State, action: Action, scans: Option<&mut Scans>) {
        match action {
            Action::First(seat) => {
                s.mover = seat;
                s.turns = 1;
                s.phase = Phase::Roll;
            }
            Action::Roll(roll) => {
                s.dice = roll;
                s.used = 0;
                s.fresh = Fresh::default();
                let all = self.all_designs();
                let lists = scans
                    .as_deref()
                    .map_or([None; MAX_PLAYERS], |sc| sc.lists.each_ref().map(Some));
                let best = self.best(
                    (s.boards.each_ref(), lists),
                    roll,
                    0,
                    all,
                    s.fresh,
                    self.ceiling(roll),
                );
                if best.dice == 0 {
                    self.end_turn(s);
                } else {
                    s.todo = best.dice;
                    s.reach = best.designs;
                    s.phase = Phase::Place;
                }
            }
            Action::Place(p) => {
                let (j, r, c) = (
                    p.design as usize,
                    (p.row as i32 + ORIGIN as i32) as usize,
                    (p.col as i32 + ORIGIN as i32) as usize,
                );
                let (n, w) = (self.cfg.size, self.cfg.window);
                let board = &mut s.boards[j];
                match scans {
                    Some(sc) => board.place_updating((r, c, p.edges), &mut sc.lists[j], n, w),
                    None => {
                        board.place(r, c, p.edges);
                        board.update_fit(n, w);
                    }
                }
                s.dice = s.dice.without(p.face());
                s.used |= 1 << j;
                s.fresh.add(j, r, c);
                s.todo -= 1;
                if s.todo == 0 {
                    self.end_turn(s);
                }
            }
        }
    }

    /// Ends the turn: the game ends when no design can take a die,
    /// or at the turn limit; otherwise the next seat rolls.
    fn end_turn(&self, s: &mut State) {
        s.dice = Roll::default();
        s.todo = 0;
        s.reach = 0;
        s.used = 0;
        s.fresh = Fresh::default();
        if let Some(end) = self.finished(s) {
            s.phase = Phase::Over(end);
        } else if s.turns >= self.cfg.max_turns {
            s.phase = Phase::Over(EndKind::TurnLimit);
        } else {
            s.mover = ((s.mover as usize + 1) % self.seats()) as u8;
            s.turns += 1;
            s.phase = Phase::Roll;
        }
    }

    /// How the game ends if no design can take another die.
    fn finished(&self, s: &State) -> Option<EndKind> {
        let boards = &s.boards[..self.seats()];
        if boards.iter().any(Board::has_move) {
            return None;
        }
        Some(if boards.iter().all(Board::is_closed) {
            EndKind::Closed
        } else {
            EndKind::Blocked
        })
    }

    /// The closed cords' lengths of `seat`'s design, longest first.
    pub fn score(&self, s: &State, seat: Seat) -> Vec<u32> {
        let mut v = Vec::new();
        s.boards[seat].design.for_each_cord(|c| {
            if c.closed {
                v.push(c.length);
            }
        });
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    }

    /// Each seat's rank by the scores of the moment: how many other seats' closed cords it
    /// beats ([`Board::cmp_score`], from the cords the boards keep when they follow them,
    /// else [`Design::score_key`](crate::Design::score_key) traced once per design). Closed
    /// cords stay closed, so a score only grows; the seat on top is the one that would win
    /// if every design were frozen now.
    pub fn ranks(&self, s: &State) -> Returns {
        self.ranks_of(&s.boards)
    }

    /// [`Osbo::ranks`] of the seats with these boards (only those in play are read).
    pub(crate) fn ranks_of(&self, boards: &[Board; MAX_PLAYERS]) -> Returns {
        let boards = &boards[..self.seats()];
        if boards.iter().all(Board::follows_closed) {
            // Read in every turn of a simulation: each pair compared once, from kept
            // numbers.
            let mut beats = [0.0; MAX_PLAYERS];
            for (i, a) in boards.iter().enumerate() {
                for (j, b) in boards.iter().enumerate().skip(i + 1) {
                    match a.cmp_score(b) {
                        Ordering::Greater => beats[i] += 1.0,
                        Ordering::Less => beats[j] += 1.0,
                        Ordering::Equal => {}
                    }
                }
            }
            return Returns::from_slice(&beats[..boards.len()]);
        }
        let mut r = Returns::zeros(boards.len());
        let mut keys = [None; MAX_PLAYERS];
        for (key, board) in keys.iter_mut().zip(boards) {
            *key = Some(board.design.score_key());
        }
        let keys = &keys[..boards.len()];
        for (v, key) in r.as_mut_slice().iter_mut().zip(keys) {
            *v = keys.iter().filter(|k| *k < key).count() as f64;
        }
        r
    }

    /// The seats with the best score (all of them on a tie): those that beat as many
    /// others as anyone does ([`Osbo::ranks`]).
    pub fn winners(&self, s: &State) -> Vec<Seat> {
        let ranks = self.ranks(s);
        let top = ranks.as_slice().iter().copied().fold(0.0, f64::max);
        (0..self.seats()).filter(|&p| ranks.get(p) == top).collect()
    }
}

impl Game for Osbo {
    type Action = Action;
    type State = State;
    type Observation = State;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn spec(&self) -> GameSpec {
        self.cfg.spec()
    }

    fn num_players(&self) -> usize {
        self.cfg.players
    }

    /// The first-player draw, then per turn one roll and at most one action per die.
    fn max_game_length(&self) -> usize {
        1 + self.cfg.max_turns as usize * (1 + self.cfg.players)
    }

    fn initial_state(&self) -> State {
        let mut s = State {
            boards: [Board::start(self.cfg.size, self.cfg.window); MAX_PLAYERS],
            phase: if self.seats() == 1 {
                Phase::Roll
            } else {
                Phase::Start
            },
            mover: 0,
            turns: u32::from(self.seats() == 1),
            dice: Roll::default(),
            todo: 0,
            reach: 0,
            used: 0,
            fresh: Fresh::default(),
        };
        if let Some(end) = self.finished(&s) {
            s.phase = Phase::Over(end);
        }
        s
    }

    fn actor(&self, s: &State) -> Actor {
        match s.phase {
            Phase::Start | Phase::Roll => Actor::Chance,
            Phase::Place => Actor::Player(s.mover as Seat),
            Phase::Over(_) => Actor::Terminal,
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if s.phase == Phase::Place {
            self.placements(s, out);
        }
    }

    fn chance_outcomes(&self, s: &State, out: &mut Outcomes<Action>) {
        out.clear();
        match s.phase {
            Phase::Start => {
                for seat in 0..self.seats() {
                    out.push(Action::First(seat as u8), 1);
                }
            }
            Phase::Roll => {
                let m = self.seats() as u8;
                for a in 0..=m {
                    for b in 0..=m - a {
                        for c in 0..=m - a - b {
                            for d in 0..=m - a - b - c {
                                let roll = Roll([a, b, c, d, m - a - b - c - d]);
                                out.push(Action::Roll(roll), roll.weight());
                            }
                        }
                    }
                }
            }
            Phase::Place | Phase::Over(_) => {}
        }
    }

    /// Draws the first player, or rolls one die per player, directly.
    fn sample_chance(&self, s: &State, rng: &mut Rng, buf: &mut Outcomes<Action>) -> Action {
        match s.phase {
            Phase::Start => Action::First(rng.below(self.seats() as u64) as u8),
            Phase::Roll => {
                let mut roll = Roll::default();
                for _ in 0..self.seats() {
                    roll = roll.with(Face::of_die_face(rng.below(6)));
                }
                Action::Roll(roll)
            }
            Phase::Place | Phase::Over(_) => {
                self.chance_outcomes(s, buf);
                buf.sample(rng)
            }
        }
    }

    fn apply_unchecked(&self, s: &mut State, action: Action) {
        self.apply_with(s, action, None);
    }

    /// The provided loop, with each board's option list kept from one action to the next
    /// (brought up to date after each die placed in it, not scanned at every question),
    /// and a placement drawn by its index among the offered ones, which are counted by
    /// target rather than listed. It draws exactly as the
    /// provided loop does: from lists of the same length, at the same index, in the same
    /// order, with the same random numbers.
    fn watched_playout<W: Watch<Self>>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        _actions: &mut Vec<Action>,
        outcomes: &mut Outcomes<Action>,
        mut watch: W,
    ) -> Playout {
        let mut scans = Scans::of(self, state);
        // The offered placements of a decision, by target (see `placement_groups`): the
        // choice is drawn from their count, as from the listed actions.
        let mut groups: Vec<(u8, Target)> = Vec::with_capacity(64);
        let mut n = Playout::default();
        loop {
            let a = match self.actor(state) {
                Actor::Terminal => return n,
                Actor::Chance => self.sample_chance(state, rng, outcomes),
                Actor::Player(_) => {
                    n.decisions += 1;
                    self.draw_placement(state, &scans, &mut groups, rng)
                }
            };
            watch.see(state, a);
            self.apply_with(state, a, Some(&mut scans));
            n.actions += 1;
        }
    }

    fn returns(&self, s: &State) -> Returns {
        let mut r = Returns::zeros(self.seats());
        if !matches!(s.phase, Phase::Over(_)) {
            return r;
        }
        if self.seats() == 1 {
            let best = self.score(s, 0).first().copied().unwrap_or(0);
            let max = max_score(self.cfg.size as u32).max(1);
            r.as_mut_slice()[0] = (best as f64 / max as f64).min(1.0);
            return r;
        }
        // The winners ([`Osbo::winners`]) share the win, counted without listing them.
        let ranks = self.ranks(s);
        let top = ranks.as_slice().iter().copied().fold(0.0, f64::max);
        let winners = ranks.as_slice().iter().filter(|&&v| v == top).count();
        for (v, &rank) in r.as_mut_slice().iter_mut().zip(ranks.as_slice()) {
            if rank == top {
                *v = 1.0 / winners as f64;
            }
        }
        r
    }

    /// The seats' ranks by their closed cords ([`Osbo::ranks`]); nobody leads the solo
    /// puzzle.
    /// Makes every board keep its closed cords die by die, or stop
    /// ([`Board::follow_closed`]), so that [`Osbo::ranks`] compares them without tracing
    /// the designs in every turn.
    fn follow_standing(&self, s: &mut State, follow: bool) {
        for board in &mut s.boards[..self.seats()] {
            board.follow_closed(follow);
        }
    }

    fn standing(&self, s: &State) -> Option<Returns> {
        (self.seats() > 1).then(|| self.ranks(s))
    }

    /// The seat whose design beats every other's: the best board found in one pass, then
    /// checked against the rest, from the kept cords when they are followed.
    fn leader(&self, s: &State) -> Option<Seat> {
        let boards = &s.boards[..self.seats()];
        if boards.len() < 2 {
            return None;
        }
        if !boards.iter().all(Board::follows_closed) {
            return self.ranks(s).leader();
        }
        let best = (1..boards.len()).fold(0, |best, j| {
            if boards[j].cmp_score(&boards[best]).is_gt() {
                j
            } else {
                best
            }
        });
        let beats_all = (0..boards.len())
            .filter(|&j| j != best)
            .all(|j| boards[best].cmp_score(&boards[j]).is_gt());
        beats_all.then_some(best)
    }

    /// The closed cords of all the designs, counted, while they are followed: a cord stays
    /// closed and keeps its length, so the standings move only when one closes, and then
    /// the count moves too. `None` when the cords are not followed, or once a design's
    /// count has stopped at its cap.
    ///
    /// Inlined into the simulator's loop, which asks it in every turn.
    #[inline]
    fn standing_stamp(&self, s: &State) -> Option<u64> {
        let mut stamp = 0;
        for board in &s.boards[..self.seats()] {
            stamp += u64::from(board.closed_cords().filter(|&c| c < u8::MAX)?);
        }
        Some(stamp)
    }

    fn observe(&self, s: &State, _seat: Seat) -> State {
        s.clone()
    }

    fn resample(&self, s: &State, _seat: Seat, _rng: &mut Rng) -> State {
        s.clone()
    }

    #[inline]
    fn turns(&self, s: &State) -> u32 {
        s.turns
    }

    /// The first player is drawn at random (`Action::First`) and play goes round in seat
    /// order, so the first player is the mover `turns - 1` seats back. `None` before the
    /// draw and in the solo puzzle.
    fn turn_position(&self, s: &State, seat: Seat) -> Option<usize> {
        let p = self.seats();
        if p == 1 || s.turns == 0 || seat >= p {
            return None;
        }
        let first = (s.mover as usize + p - (s.turns as usize - 1) % p) % p;
        Some((seat + p - first) % p)
    }

    fn end_kind(&self, s: &State) -> &'static str {
        match s.phase {
            Phase::Over(e) => e.label(),
            _ => "end",
        }
    }

    fn describe_action(&self, s: &State, action: Action) -> String {
        match action {
            Action::Place(p) => format!("seat {} places {p}", s.mover + 1),
            Action::Roll(r) => format!("seat {} rolls {r}", s.mover + 1),
            other => other.to_string(),
        }
    }
}
