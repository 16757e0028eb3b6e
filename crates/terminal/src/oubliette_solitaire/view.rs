//! The solitaire's table in the full-screen view: the Path on top with its Portcullis and
//! Chasm markers, the four inventory slots and the Equipped card as a row of piles, then the
//! card being resolved beside the graveyard and the deck. Everything comes from the
//! observation: face-down cards are only counted.

use gameshelf_oubliette_solitaire::card::{Card, NO_CARD, Show, is_joker, is_red, rank};
use gameshelf_oubliette_solitaire::describe::{self, item};
use gameshelf_oubliette_solitaire::state::{PATH_ROOMS, Slot};
use gameshelf_oubliette_solitaire::{Observation, OublietteSolitaire, Phase, State};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use gameshelf_oubliette_solitaire::present::{direction, room_cards};

/// How many graveyard cards are shown, top first.
const GRAVE_SHOWN: usize = 10;

/// The colour of a card: red suits red, black suits white, jokers magenta.
fn card_style(c: Card) -> Style {
    let colour = if is_joker(c) {
        Color::Magenta
    } else if is_red(c) {
        Color::LightRed
    } else {
        Color::White
    };
    Style::new().fg(colour).add_modifier(Modifier::BOLD)
}

/// A card as a coloured span: `10♥`.
fn card_span(c: Card) -> Span<'static> {
    Span::styled(Show(c).to_string(), card_style(c))
}

/// A marker between rooms (Portcullis, Chasm).
fn marker(text: &'static str, colour: Color) -> Span<'static> {
    Span::styled(text, Style::new().fg(colour).add_modifier(Modifier::BOLD))
}

fn dim(text: String) -> Span<'static> {
    Span::styled(text, Style::new().fg(Color::DarkGray))
}

/// Draws the table into `area`.
pub(crate) fn draw_table(
    frame: &mut Frame,
    area: Rect,
    game: &OublietteSolitaire,
    obs: &Observation,
) {
    let s = &obs.table;
    let [path, inventory, bottom] = Layout::vertical([
        Constraint::Length(6),
        Constraint::Length(7),
        Constraint::Min(5),
    ])
    .areas(area);
    draw_path(frame, path, s);
    draw_inventory(frame, inventory, s);
    let [now, piles] =
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(bottom);
    draw_now(frame, now, game, s);
    draw_piles(frame, piles, obs);
}

/// The Path: one box per room in order, the markers between them, then the next value.
fn draw_path(frame: &mut Frame, area: Rect, s: &State) {
    let mut rooms = vec![Span::raw(" ")];
    for room in &s.path.rooms[..s.path.len as usize] {
        if room.portcullis {
            rooms.push(marker("|P| ", Color::Yellow));
        }
        let cards: Vec<Card> = room_cards(room).collect();
        for (i, &c) in cards.iter().enumerate() {
            if i > 0 {
                rooms.push(Span::raw("+"));
            }
            rooms.push(card_span(c));
        }
        // A room made by a Map combo or a Chaos Passage counts as the value it stands for.
        if !matches!(cards[..], [c] if rank(c) == room.value) {
            rooms.push(dim(format!("={}", room.value)));
        }
        rooms.push(Span::raw(" "));
        for _ in 0..room.unpassed {
            rooms.push(marker("~Chasm~ ", Color::LightBlue));
        }
        // A passed Chasm is drawn once, after the room it lies on.
        for _ in 0..room.passed {
            rooms.push(marker("=C= ", Color::Cyan));
        }
    }
    if s.path.len == 0 {
        rooms.push(dim("no room yet".to_owned()));
    } else if let Some(need) = s.path.need() {
        rooms.push(Span::styled(
            format!(" next: {need}"),
            Style::new().fg(Color::Green),
        ));
    }
    let mut lines = vec![
        Line::from(rooms),
        Line::from(dim(
            "|P| Portcullis, ~Chasm~ to pass with a Rope, =C= a passed Chasm".to_owned(),
        )),
    ];
    if s.curses > 0 {
        lines.push(Line::from(Span::styled(
            format!(
                "Curses: {} (creatures +2{})",
                s.curses,
                if s.locked { ", Equipped locked" } else { "" }
            ),
            Style::new().fg(Color::Magenta),
        )));
    }
    let title = format!(
        " Path {}/{PATH_ROOMS}: {} ",
        s.path.len,
        direction(s.path.dir)
    );
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title)),
        area,
    );
}

/// The four slots and the Equipped card, side by side.
fn draw_inventory(frame: &mut Frame, area: Rect, s: &State) {
    let areas = Layout::horizontal([Constraint::Ratio(1, 5); 5]).split(area);
    for (i, slot) in s.slots.iter().enumerate() {
        let title = format!(" slot {} ", i + 1);
        frame.render_widget(slot_pile(s, slot, title), areas[i]);
    }
    let equipped: Vec<Line> = if s.locked {
        vec![Line::from(Span::styled(
            "locked",
            Style::new().fg(Color::Magenta),
        ))]
    } else if s.equipped == NO_CARD {
        vec![Line::from(dim("empty".to_owned()))]
    } else {
        top_lines(s, s.equipped)
    };
    frame.render_widget(
        Paragraph::new(equipped)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(" Equipped ")),
        areas[4],
    );
}

/// The visible top card and what it does as an item.
fn top_lines(s: &State, c: Card) -> Vec<Line<'static>> {
    let mut first = vec![card_span(c)];
    if s.sideways.contains(c) {
        first.push(dim(" sideways".to_owned()));
    }
    let mut lines = vec![Line::from(first)];
    if !item(c).is_empty() {
        lines.push(Line::from(Span::styled(
            item(c),
            Style::new().fg(Color::Gray),
        )));
    }
    lines
}

fn slot_pile(s: &State, slot: &Slot, title: String) -> Paragraph<'static> {
    let down = slot.down.min(slot.len);
    let mut lines = match slot.top() {
        Some(c) => top_lines(s, c),
        None if slot.len > 0 => vec![Line::from(dim("face down".to_owned()))],
        None => vec![Line::from(dim("empty".to_owned()))],
    };
    lines.push(Line::from(dim(format!(
        "{} card{}, {down} down",
        slot.len,
        if slot.len == 1 { "" } else { "s" }
    ))));
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().title(title))
}

/// The card being resolved and what it means (a fight's score, why a card cannot be kept),
/// an Advantage's cards, a Map combo or the action window.
fn draw_now(frame: &mut Frame, area: Rect, game: &OublietteSolitaire, s: &State) {
    let mut lines = vec![Line::from(dim(format!("turn {}", s.turns)))];
    match s.phase {
        Phase::AdvantageKeep => {
            let mut spans = vec![Span::raw("Advantage drew ")];
            for &c in &s.advantage.cards[..s.advantage.len as usize] {
                spans.push(card_span(c));
                spans.push(Span::raw(" "));
            }
            lines.push(Line::from(spans));
        }
        Phase::MapCombo => lines.push(Line::raw(describe::combo(s).unwrap_or_default())),
        Phase::Window => lines.push(Line::raw(format!(
            "Action window: {} action{} left",
            s.window_left,
            if s.window_left == 1 { "" } else { "s" }
        ))),
        Phase::Over(kind) => lines.push(Line::raw(format!("Game over: {}", kind.label()))),
        _ => {}
    }
    match describe::resolving(game, s) {
        Some(r) => {
            lines.push(Line::from(vec![
                Span::raw(format!("{} ", r.how)),
                card_span(r.card),
            ]));
            lines.push(Line::raw(r.text));
            lines.extend(r.notes.into_iter().map(dim).map(Line::from));
        }
        None if lines.len() == 1 => {
            lines.push(Line::from(dim("no card being resolved".to_owned())))
        }
        None => {}
    }
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(" now ")),
        area,
    );
}

/// The deck count and the graveyard's top cards.
fn draw_piles(frame: &mut Frame, area: Rect, obs: &Observation) {
    let grave = obs.table.grave.as_slice();
    let mut top = vec![Span::raw("top ")];
    for &c in grave.iter().rev().take(GRAVE_SHOWN) {
        top.push(card_span(c));
        top.push(Span::raw(" "));
    }
    if grave.len() > GRAVE_SHOWN {
        top.push(dim("...".to_owned()));
    }
    let lines = vec![
        Line::from(vec![
            Span::raw("Deck: "),
            Span::styled(
                obs.deck_count.to_string(),
                Style::new().add_modifier(Modifier::BOLD),
            ),
            Span::raw(" cards"),
        ]),
        Line::raw(format!("Graveyard: {} cards", grave.len())),
        Line::from(top),
    ];
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(" piles ")),
        area,
    );
}
