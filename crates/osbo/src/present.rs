//! Osbo in words and pictures, for every front end: every design drawn side by side with
//! its score, its open cords and ends and the room its window leaves; the turn; a preview
//! of a placement; each design as an SVG knot; and the result with the cord that decided it.
//!
//! The pictures are [`Canvas`]es, so the full-screen view colours them with its own styles,
//! line mode prints them as plain text and a web page can do either. Rows and columns are
//! counted from the start die, as placements are written (`design 2: corner S+W at
//! (-1,+2)`), and every drawing is labelled that way.
//!
//! Osbo has perfect information, so the observation is the whole state.

use gameshelf_engine::{Game, Presenter, Seat, Target, ordinal};

use crate::design::{compare_scores, max_score};
use crate::render::{Canvas, Drawing, Ink, LegendEntry};
use crate::state::{EndKind, ORIGIN};
use crate::{Action, Osbo, Phase, Placement, State};

/// The words of Osbo, for every front end.
#[derive(Clone, Copy, Debug, Default)]
pub struct OsboPresenter;

/// A few lines on the rules and the pictures, for the help command.
const RULES: &str = "Osbo: each player grows a celtic knot from dice. On your turn you roll \
one die per player and must place as many dice as possible, on as many different designs as \
possible: only placements that keep such a plan possible are listed. A die must extend an open \
path end (•), match the crossings (╳) of every neighbour, and keep the design and its open \
ends inside the n x n window. When every design is closed, the longest closed cord wins \
(self-crossings count twice), then the next longest.\n\
Reading a design: a placement reads `design D: face EDGES at (row,col)`, rows and columns \
counted from the start die (╬, at (+0,+0)) as the labels of every drawing are; · marks an \
empty cell an open end points at, where a die may go. Each cord has its own colour; `closed` \
lists the closed cords' lengths (the score) and `open` the open ones', in their colours; \
then come the number of open ends and the room: how many more rows and columns the window \
leaves the design (north and south together, west and east together).";

/// The lines above each drawing in [`designs_canvas`]: name, closed cords, open cords,
/// open ends, room.
const HEADER_LINES: usize = 5;

/// The blank columns between two designs.
const GAP: usize = 4;

/// How much more a design may grow under the window rule.
///
/// The window must hold the design's dice and the cells their open ends point at (strict
/// window) or its dice only (loose window), so the box of those cells may grow until a side
/// is `n` long. Rows and columns are counted from the start die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    /// The window's side n.
    pub size: usize,
    /// How many more rows the box may take, north and south together.
    pub rows: usize,
    /// How many more columns the box may take, west and east together.
    pub cols: usize,
    /// The northmost row the box may reach.
    pub north: i32,
    /// The southmost row the box may reach.
    pub south: i32,
    /// The westmost column the box may reach.
    pub west: i32,
    /// The eastmost column the box may reach.
    pub east: i32,
}

/// The room the window leaves design `seat`.
pub fn room(game: &Osbo, state: &State, seat: Seat) -> Room {
    let cfg = game.config();
    let n = cfg.size as i32;
    let [r0, r1, c0, c1] = state.boards[seat]
        .window_box(cfg.window)
        .map(|i| i32::from(i) - ORIGIN as i32);
    let left = |lo: i32, hi: i32| (n - (hi - lo + 1)).max(0) as usize;
    Room {
        size: cfg.size,
        rows: left(r0, r1),
        cols: left(c0, c1),
        north: r1 - (n - 1),
        south: r0 + (n - 1),
        west: c1 - (n - 1),
        east: c0 + (n - 1),
    }
}

/// `1 row`, `2 rows`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The room in full: `window 5 x 5: 2 more rows (rows -3 to +3), 1 more column (columns
/// -2 to +2)`.
pub fn room_text(room: &Room) -> String {
    format!(
        "window {n} x {n}: {} (rows {:+} to {:+}), {} (columns {:+} to {:+})",
        count(room.rows, "more row", "more rows"),
        room.north,
        room.south,
        count(room.cols, "more column", "more columns"),
        room.west,
        room.east,
        n = room.size,
    )
}

/// The drawing of design `seat` as play shows it: labelled from the start die.
fn drawing(state: &State, seat: Seat) -> Drawing {
    Drawing::from_start(state.design(seat), (ORIGIN, ORIGIN))
}

/// Pixels per cell of the designs drawn for web pages.
const PICTURE_CELL: f64 = 36.0;

/// The narrowest panel: as wide as `room: 2 rows, 2 cols`.
const MIN_PANEL: usize = 20;

/// Writes `label` then the lengths of `entries` in their colours, comma-separated, on
/// line `y` of `canvas`; `none` when there are none. As many as fit in `width` columns are
/// written, longest first, then how many more there are (`+3 more`).
fn lengths(canvas: &mut Canvas, y: usize, label: &str, entries: &[&LegendEntry], width: usize) {
    let mut x = canvas.write(y, 0, label, Ink::Plain);
    if entries.is_empty() {
        canvas.write(y, x, "none", Ink::Plain);
        return;
    }
    let texts: Vec<String> = entries.iter().map(|e| e.cord.length.to_string()).collect();
    let more = |k: usize| {
        if k < texts.len() {
            format!(" +{} more", texts.len() - k)
        } else {
            String::new()
        }
    };
    let len = |k: usize| {
        label.len() + texts[..k].iter().map(|t| t.len() + 2).sum::<usize>() - 2 * usize::from(k > 0)
            + more(k).len()
    };
    let shown = (1..=texts.len())
        .rev()
        .find(|&k| len(k) <= width)
        .unwrap_or(1);
    for (i, (text, e)) in texts.iter().zip(entries).take(shown).enumerate() {
        if i > 0 {
            x = canvas.write(y, x, ", ", Ink::Plain);
        }
        x = canvas.write(y, x, text, Ink::Cord(e.slot));
    }
    canvas.write(y, x, &more(shown), Ink::Plain);
}

/// One design's panel: its owner's name, its closed cords (the score), its open cords,
/// its open ends, the room its window leaves and the drawing. The lists of cords are cut
/// to the drawing's width (at least [`MIN_PANEL`]).
fn panel(game: &Osbo, state: &State, seat: Seat, name: &str) -> Canvas {
    let drawing = drawing(state, seat);
    let picture = drawing.canvas();
    let width = picture.width().max(MIN_PANEL);
    let legend = drawing.legend();
    let (closed, open): (Vec<&LegendEntry>, Vec<&LegendEntry>) =
        legend.iter().partition(|e| e.cord.closed);
    let mut canvas = Canvas::default();
    canvas.write(0, 0, name, Ink::Plain);
    lengths(&mut canvas, 1, "closed: ", &closed, width);
    lengths(&mut canvas, 2, "open: ", &open, width);
    let ends = match state.design(seat).open_ends().count() {
        0 => "no open end".to_owned(),
        n => count(n, "open end", "open ends"),
    };
    canvas.write(3, 0, &ends, Ink::Plain);
    let room = room(game, state, seat);
    let room = format!(
        "room: {}, {}",
        count(room.rows, "row", "rows"),
        count(room.cols, "col", "cols")
    );
    canvas.write(4, 0, &room, Ink::Plain);
    canvas.blit(HEADER_LINES, 0, &picture);
    canvas
}

/// Every design side by side, each under its owner's name ([`panel`]), and the column where
/// each design's panel starts.
fn layout(game: &Osbo, state: &State, names: &[String]) -> (Canvas, Vec<usize>) {
    let mut canvas = Canvas::default();
    let mut starts = Vec::new();
    let mut x = 0;
    for seat in 0..game.num_players() {
        let fallback = format!("design {}", seat + 1);
        let name = names.get(seat).unwrap_or(&fallback);
        let panel = panel(game, state, seat, name);
        canvas.blit(0, x, &panel);
        starts.push(x);
        x += panel.width() + GAP;
    }
    (canvas, starts)
}

/// Every design side by side, each with its owner's name, its closed cords (the score), its
/// open cords and ends, the room its window leaves and its labelled drawing, in colour.
pub fn designs_canvas(game: &Osbo, state: &State, names: &[String]) -> Canvas {
    layout(game, state, names).0
}

/// [`designs_canvas`] as plain text.
pub fn designs_text(game: &Osbo, state: &State, names: &[String]) -> String {
    designs_canvas(game, state, names).to_plain()
}

/// The designs with placement `p` made, and the `(line, column)` of the new die in them.
pub fn preview(
    game: &Osbo,
    state: &State,
    names: &[String],
    p: Placement,
) -> (Canvas, (usize, usize)) {
    let mut after = state.clone();
    let j = p.design as usize;
    let (r, c) = (
        (i32::from(p.row) + ORIGIN as i32) as usize,
        (i32::from(p.col) + ORIGIN as i32) as usize,
    );
    after.boards[j].place(r, c, p.edges);
    let (canvas, starts) = layout(game, &after, names);
    let (y, x) = drawing(&after, j).position(r, c).unwrap_or((0, 0));
    let at = (HEADER_LINES + y, starts.get(j).copied().unwrap_or(0) + x);
    (canvas, at)
}

/// The turn in words: who moves, the dice still in hand and what the plan must reach.
pub fn turn_text(state: &State) -> String {
    match state.phase {
        Phase::Place => format!(
            "turn {}: seat {} places {} more {} (dice in hand: {}), reaching {} design(s) in all",
            state.turns,
            state.mover + 1,
            state.todo,
            if state.todo == 1 { "die" } else { "dice" },
            state.dice,
            state.reach
        ),
        Phase::Over(end) => format!("game over: {}", end.label()),
        _ => format!("turn {}: seat {} rolls", state.turns, state.mover + 1),
    }
}

/// A frame cell as a placement writes it: `(-1,+2)`.
fn cell_text((r, c): (usize, usize)) -> String {
    format!(
        "({:+},{:+})",
        r as i32 - ORIGIN as i32,
        c as i32 - ORIGIN as i32
    )
}

/// Design `seat`'s cords in words, for line mode, where colours cannot tell them apart:
/// the closed cords' lengths, each open cord's length and the cells its open ends point at
/// (where a die extends it), the open ends and the room its window leaves.
pub fn cords_text(game: &Osbo, state: &State, seat: Seat) -> String {
    let legend = drawing(state, seat).legend();
    let closed: Vec<String> = legend
        .iter()
        .filter(|e| e.cord.closed)
        .map(|e| e.cord.length.to_string())
        .collect();
    let open: Vec<String> = legend
        .iter()
        .filter(|e| !e.cord.closed)
        .map(|e| {
            let ends: Vec<String> = e.ends.iter().map(|&cell| cell_text(cell)).collect();
            format!("{} toward {}", e.cord.length, ends.join(" and "))
        })
        .collect();
    let none = |v: Vec<String>| {
        if v.is_empty() {
            "none".to_owned()
        } else {
            v.join(", ")
        }
    };
    let ends = state.design(seat).open_ends().count();
    let state_text = if ends == 0 {
        "closed".to_owned()
    } else {
        format!(
            "{}; {}",
            count(ends, "open end", "open ends"),
            room_text(&room(game, state, seat))
        )
    };
    format!(
        "design {}: closed cords {}; open cords {}; {state_text}",
        seat + 1,
        none(closed),
        none(open)
    )
}

/// Design `seat` as an SVG knot, labelled from the start die, titled with its number,
/// `name` and its closed cords.
pub fn design_svg(state: &State, seat: Seat, name: &str) -> String {
    let drawing = drawing(state, seat);
    let closed: Vec<String> = drawing
        .legend()
        .iter()
        .filter(|e| e.cord.closed)
        .map(|e| e.cord.length.to_string())
        .collect();
    let score = if closed.is_empty() {
        "no closed cord".to_owned()
    } else {
        format!("closed cords {}", closed.join(", "))
    };
    drawing
        .with_title(format!("Osbo design {} ({name}): {score}", seat + 1))
        .to_svg(60.0)
}

/// The `k`-th cord of a score (from 0), `missing` when it has fewer.
fn cord(score: &[u32], k: usize, missing: &str) -> String {
    score.get(k).map_or(missing.to_owned(), u32::to_string)
}

/// How the game ended, in words.
fn ending(game: &Osbo, end: EndKind) -> String {
    match end {
        EndKind::Closed => "every design is closed".to_owned(),
        EndKind::Blocked => "no design can take another die, though some are open".to_owned(),
        EndKind::TurnLimit => format!(
            "the limit of {} turns was reached; designs are scored as they stand",
            game.config().max_turns
        ),
    }
}

/// The result: the scores side by side, one row per closed cord (longest first), and the
/// cord that decided the winner.
fn result_text(game: &Osbo, end: &State, names: &[String]) -> String {
    let seats = game.num_players();
    // Names as given, told apart by seat number when two are the same (two bots).
    let given = |s: Seat| {
        names
            .get(s)
            .cloned()
            .unwrap_or_else(|| format!("seat {}", s + 1))
    };
    let unique = (0..seats).all(|a| (0..a).all(|b| given(a) != given(b)));
    let name = |s: Seat| {
        if unique {
            given(s)
        } else {
            format!("{} {}", given(s), s + 1)
        }
    };
    let scores: Vec<Vec<u32>> = (0..seats).map(|s| game.score(end, s)).collect();
    let how = match end.phase {
        Phase::Over(kind) => ending(game, kind),
        _ => "not finished".to_owned(),
    };
    let mut text = format!("game over after {} turns: {how}\n", game.turns(end));
    if seats == 1 {
        let best = scores[0].first().copied().unwrap_or(0);
        let n = game.config().size as u32;
        text.push_str(&format!(
            "longest closed cord: {best} of the {} the {n} x {n} window allows\n",
            max_score(n)
        ));
        return text;
    }
    let winners = game.winners(end);
    let best = &scores[winners[0]];
    let runner_up = (0..seats)
        .filter(|s| !winners.contains(s))
        .max_by(|&a, &b| compare_scores(&scores[a], &scores[b]));
    // The first cord, longest first, where the winners' score beats the runner-up's.
    let decides = runner_up.map(|r| {
        let k = (0..)
            .find(|&k| cord_value(best, k) != cord_value(&scores[r], k))
            .unwrap_or(0);
        (r, k)
    });
    let rows = scores.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let labels: Vec<String> = (0..rows)
        .map(|k| match k {
            0 => "longest cord".to_owned(),
            k => format!("{} longest", ordinal(k + 1)),
        })
        .collect();
    let label_width = labels.iter().map(String::len).max().unwrap_or(0);
    let width = (0..seats)
        .map(|s| name(s).chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let mut header = " ".repeat(label_width);
    for s in 0..seats {
        header.push_str(&format!("  {:>width$}", name(s)));
    }
    text.push_str(header.trim_end());
    text.push('\n');
    for (k, label) in labels.iter().enumerate() {
        let mut row = format!("{label:<label_width$}");
        for score in &scores {
            row.push_str(&format!("  {:>width$}", cord(score, k, "-")));
        }
        if decides.is_some_and(|(_, d)| d == k) {
            row.push_str("  <- decides");
        }
        text.push_str(&row);
        text.push('\n');
    }
    let won: Vec<String> = winners.iter().map(|&w| name(w)).collect();
    let verdict = match decides {
        None => format!("a draw: {} score the same on every cord", won.join(" and ")),
        Some((r, k)) => {
            let shared = if winners.len() > 1 {
                format!("shared by {} (equal on every cord)", won.join(" and "))
            } else {
                format!("won by {}", won[0])
            };
            let beat = format!(
                "{} against {} for {}",
                cord(best, k, "none"),
                cord(&scores[r], k, "none"),
                name(r)
            );
            if k == 0 {
                format!("{shared}: the longest closed cord decides, {beat}")
            } else {
                let tied: Vec<String> = best[..k].iter().map(u32::to_string).collect();
                format!(
                    "{shared}: the longest cords tie ({}), the {} longest decides, {beat}",
                    tied.join(", "),
                    ordinal(k + 1)
                )
            }
        }
    };
    text.push_str(&verdict);
    text.push('\n');
    text
}

/// The `k`-th cord of a score (from 0), 0 when it has fewer: how scores compare.
fn cord_value(score: &[u32], k: usize) -> u32 {
    score.get(k).copied().unwrap_or(0)
}

impl Presenter<Osbo> for OsboPresenter {
    /// The designs drawn side by side, then each design's cords in words (colours cannot
    /// tell them apart in plain text), then the turn.
    fn observation_text(&self, game: &Osbo, _viewer: Option<Seat>, state: &State) -> String {
        let names: Vec<String> = (1..=game.num_players())
            .map(|i| format!("design {i}"))
            .collect();
        let cords: Vec<String> = (0..game.num_players())
            .map(|seat| cords_text(game, state, seat))
            .collect();
        format!(
            "{}\n{}\n{}",
            designs_text(game, state, &names),
            cords.join("\n"),
            turn_text(state)
        )
    }

    fn pictures(&self, game: &Osbo, _viewer: Option<Seat>, state: &State) -> Vec<String> {
        (0..game.num_players())
            .map(|seat| drawing(state, seat).to_svg(PICTURE_CELL))
            .collect()
    }

    /// A placement is picked on its design's picture, at the cell it fills.
    fn target(
        &self,
        _game: &Osbo,
        _viewer: Option<Seat>,
        state: &State,
        action: Action,
    ) -> Option<Target> {
        let Action::Place(p) = action else {
            return None;
        };
        let seat = usize::from(p.design);
        let cell = (
            usize::try_from(ORIGIN as isize + isize::from(p.row)).ok()?,
            usize::try_from(ORIGIN as isize + isize::from(p.col)).ok()?,
        );
        let (left, top, width, height) = drawing(state, seat).cell_box(cell)?;
        Some(Target {
            picture: seat,
            left,
            top,
            width,
            height,
        })
    }

    fn result_text(&self, game: &Osbo, end: &State, names: &[String]) -> String {
        result_text(game, end, names)
    }

    fn help(&self) -> String {
        RULES.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, Edges, Face, Roll};

    fn started(game: &Osbo) -> State {
        let mut state = game.initial_state();
        if state.phase == Phase::Start {
            game.apply(&mut state, Action::First(0)).unwrap();
        }
        state
    }

    #[test]
    fn each_design_is_drawn_as_an_svg_picture() {
        let game = Osbo::from_spec(&"osbo(players=3)".parse().unwrap()).unwrap();
        let state = started(&game);
        let pictures = OsboPresenter.pictures(&game, None, &state);
        assert_eq!(pictures.len(), 3);
        assert!(pictures.iter().all(|svg| svg.starts_with("<svg xmlns=")));
    }

    #[test]
    fn long_lists_of_cords_are_cut_to_the_panel() {
        use crate::design::full_grid;
        // The full 8 x 8 grid: eight closed cords of 28, drawn 33 columns wide.
        let (game, end) = finished(&[full_grid(8, 8), full_grid(2, 2)]);
        let text = designs_text(&game, &end, &["ann".into(), "bob".into()]);
        let line = text.lines().nth(1).unwrap();
        assert!(
            line.starts_with("closed: 28, 28, 28, 28 +4 more       closed: 4, 4"),
            "{text}"
        );
    }

    #[test]
    fn the_start_shows_labels_the_start_die_open_ends_and_room() {
        let game = Osbo::default();
        let state = started(&game);
        let text = designs_text(&game, &state, &["ann".into(), "bob".into()]);
        let lines: Vec<&str> = text.lines().collect();
        // Each panel is as wide as its longest line, then a gap of four.
        let expected = [
            "ann                     bob",
            "closed: none            closed: none",
            "open: 0, 0, 0, 0        open: 0, 0, 0, 0",
            "4 open ends             4 open ends",
            "room: 2 rows, 2 cols    room: 2 rows, 2 cols",
            "   -1  +0  +1              -1  +0  +1",
            "-1      ·               -1      ·",
        ];
        assert_eq!(lines[..7], expected, "{text}");
        assert_eq!(lines[8], "+0  · •━╬━• ·           +0  · •━╬━• ·");
        assert_eq!(text.matches('╬').count(), 2);
        assert_eq!(text.matches('•').count(), 8);
        let room = room(&game, &state, 1);
        assert_eq!(
            (room.rows, room.cols, room.north, room.south),
            (2, 2, -3, 3)
        );
        assert_eq!(
            room_text(&room),
            "window 5 x 5: 2 more rows (rows -3 to +3), 2 more columns (columns -3 to +3)"
        );
    }

    #[test]
    fn room_shrinks_as_the_design_grows_toward_the_window() {
        let game = Osbo::default();
        let mut state = started(&game);
        // A chain north of the start die opens an end two rows north: the box of dice and
        // the cells their ends point at spans rows -2 to +1.
        state.boards[0].place(ORIGIN - 1, ORIGIN, Edges(5));
        let r = room(&game, &state, 0);
        assert_eq!((r.rows, r.cols, r.north, r.south), (1, 2, -3, 2));
        assert!(designs_text(&game, &state, &[]).contains("room: 1 row, 2 cols"));
        // Under the loose window only the dice count: rows -1 to +0.
        let loose = Osbo::from_spec(&"osbo(window=loose)".parse().unwrap()).unwrap();
        let r = room(&loose, &state, 0);
        assert_eq!((r.rows, r.north, r.south), (3, -4, 3));
    }

    #[test]
    fn line_mode_tells_the_cords_apart_by_their_ends() {
        let game = Osbo::default();
        let mut state = started(&game);
        // A cap closing the start die's east end: one cord of 2 from north to south, and
        // the two western arcs.
        state.boards[0].place(ORIGIN, ORIGIN + 1, Edges(8));
        assert_eq!(
            cords_text(&game, &state, 0),
            "design 1: closed cords none; open cords 2 toward (-1,+0) and (+1,+0), \
             0 toward (-1,+0) and (+0,-1), 0 toward (+0,-1) and (+1,+0); 3 open ends; \
             window 5 x 5: 2 more rows (rows -3 to +3), 2 more columns (columns -3 to +3)"
        );
        let view = OsboPresenter.observation_text(&game, Some(0), &state);
        assert!(
            view.contains("design 2: closed cords none; open cords 0 toward"),
            "{view}"
        );
        assert!(view.ends_with("turn 1: seat 1 rolls"), "{view}");
        assert!(view.contains("open: 2, 0, 0 "), "{view}");
        assert!(view.contains("3 open ends "), "{view}");
    }

    /// A started game after a roll of a corner and a cap, with the placements it offers.
    fn rolled_corner_and_cap() -> (Osbo, State, Vec<Action>) {
        let game = Osbo::default();
        let mut state = started(&game);
        let roll = Roll::default().with(Face::Corner).with(Face::Cap);
        game.apply(&mut state, Action::Roll(roll)).unwrap();
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        (game, state, legal)
    }

    #[test]
    fn the_preview_finds_the_new_die_in_either_design() {
        let (game, state, legal) = rolled_corner_and_cap();
        for a in legal {
            let Action::Place(p) = a else { panic!("{a:?}") };
            let (canvas, (y, x)) = preview(&game, &state, &["a".into(), "b".into()], p);
            let (ch, ink) = canvas.get(y, x);
            assert_eq!(
                ch,
                crate::render::glyph(p.edges),
                "{p}\n{}",
                canvas.to_plain()
            );
            assert!(matches!(ink, Ink::Cord(_)), "{ink:?}");
        }
    }

    #[test]
    fn every_placement_is_picked_on_its_designs_picture_at_a_cell_of_its_own() {
        let (game, state, legal) = rolled_corner_and_cap();
        let presenter = OsboPresenter;
        let pictures = presenter.pictures(&game, Some(0), &state);
        let mut cells = std::collections::HashMap::new();
        for a in legal {
            let Action::Place(p) = a else { panic!("{a:?}") };
            let t = presenter
                .target(&game, Some(0), &state, a)
                .expect("a place to click");
            assert_eq!(t.picture, usize::from(p.design));
            assert!(t.picture < pictures.len());
            assert!(t.left >= 0.0 && t.top >= 0.0 && t.width > 0.0 && t.height > 0.0);
            assert!(t.left + t.width <= 1.0 && t.top + t.height <= 1.0, "{t:?}");
            // Faces for one cell share its box; other cells have other boxes.
            let key = ((t.left * 1e6) as i64, (t.top * 1e6) as i64);
            assert_eq!(*cells.entry(key).or_insert((p.row, p.col)), (p.row, p.col));
        }
        assert!(cells.len() > 1, "the open ends point at several cells");
    }

    /// A finished game whose designs are `designs` (closed designs in the frame's corner:
    /// scoring reads only the cords).
    fn finished(designs: &[crate::Design]) -> (Osbo, State) {
        let spec = format!("osbo(players={})", designs.len());
        let game = Osbo::from_spec(&spec.parse().unwrap()).unwrap();
        let mut state = started(&game);
        for (board, d) in state.boards.iter_mut().zip(designs) {
            *board = crate::Board::from_design(*d, 5, crate::Window::Strict);
        }
        state.phase = Phase::Over(EndKind::Closed);
        state.turns = 9;
        (game, state)
    }

    #[test]
    fn the_result_shows_the_scores_side_by_side_and_the_cord_that_decides() {
        use crate::design::full_grid;
        let names = ["ann".to_owned(), "bob".to_owned(), "cy".to_owned()];
        // [4, 4] against [4]: the second cord decides.
        let (game, end) = finished(&[full_grid(2, 2), full_grid(1, 3)]);
        assert_eq!(
            OsboPresenter.result_text(&game, &end, &names),
            "game over after 9 turns: every design is closed\n\
             \x20              ann   bob\n\
             longest cord     4     4\n\
             2nd longest      4     -  <- decides\n\
             won by ann: the longest cords tie (4), the 2nd longest decides, 4 against none for bob\n"
        );
        // [8, 8, 8] against [4, 4]: the longest decides.
        let (game, end) = finished(&[full_grid(2, 2), full_grid(3, 3)]);
        let text = OsboPresenter.result_text(&game, &end, &names);
        assert!(
            text.contains("longest cord     4     8  <- decides"),
            "{text}"
        );
        assert!(text.contains("3rd longest      -     8\n"), "{text}");
        assert!(
            text.ends_with("won by bob: the longest closed cord decides, 8 against 4 for ann\n"),
            "{text}"
        );
        // Equal on every cord; names told apart by seat when two are the same.
        let (game, end) = finished(&[full_grid(2, 2), full_grid(2, 2)]);
        let bots = ["bot".to_owned(), "bot".to_owned()];
        let text = OsboPresenter.result_text(&game, &end, &bots);
        assert!(text.contains("bot 1  bot 2\n"), "{text}");
        let text = OsboPresenter.result_text(&game, &end, &names);
        assert!(
            text.ends_with("a draw: ann and bob score the same on every cord\n"),
            "{text}"
        );
        // Two share the win over a third.
        let (game, end) = finished(&[full_grid(2, 2), full_grid(2, 2), full_grid(1, 3)]);
        let text = OsboPresenter.result_text(&game, &end, &names);
        assert!(
            text.ends_with(
                "shared by ann and bob (equal on every cord): the longest cords tie (4), \
                 the 2nd longest decides, 4 against none for cy\n"
            ),
            "{text}"
        );
        // The solo puzzle: the longest cord against the grid's maximum.
        let (game, end) = finished(&[full_grid(3, 3)]);
        let text = OsboPresenter.result_text(&game, &end, &names);
        assert!(
            text.ends_with("longest closed cord: 8 of the 72 the 5 x 5 window allows\n"),
            "{text}"
        );
    }

    #[test]
    fn a_design_svg_is_titled_and_labelled() {
        let game = Osbo::default();
        let state = started(&game);
        let svg = design_svg(&state, 1, "bob");
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(
            svg.contains("<title>Osbo design 2 (bob): no closed cord</title>"),
            "{svg}"
        );
        assert!(svg.contains(">+0</text>"), "{svg}");
    }
}
