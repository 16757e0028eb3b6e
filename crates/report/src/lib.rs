//! Self-contained HTML reports with SVG charts: what a designer looks at after `sim`,
//! `compare` or `sweep`.
//!
//! A page is one HTML file with its charts inlined as SVG and its style in the page: it
//! opens from a disk, a mail attachment or an archive, with no network and no script. The
//! charts are drawn by the `plotters` crate's SVG backend; the tables are plain HTML, so
//! the numbers can be copied out.

mod chart;

use std::fmt::Write;

use gameshelf_sim::stats::Interval;
use gameshelf_sim::sweep::{Estimate, SweepReport};
use gameshelf_sim::{CompareReport, LeadReport, SimReport, Verdict};

pub use chart::ChartError;
use chart::{Bars, Series, difference_chart, histogram_chart, lines_chart, rates_chart};

/// Escapes text for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const STYLE: &str = "body{font-family:sans-serif;max-width:70em;margin:2em auto;color:#222}\
table{border-collapse:collapse;margin:1em 0}td,th{padding:.2em .6em;border-bottom:1px solid #ddd;\
text-align:right}td:first-child,th:first-child{text-align:left}.differs{font-weight:bold;color:#b00}\
figure{display:inline-block;margin:.5em}";

/// A page under construction.
struct Page {
    html: String,
}

impl Page {
    fn new(title: &str) -> Page {
        let mut html = String::new();
        let _ = write!(
            html,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title>\
             <style>{STYLE}</style></head><body>\n<h1>{t}</h1>\n",
            t = escape(title)
        );
        Page { html }
    }

    fn paragraph(&mut self, text: &str) {
        let _ = writeln!(self.html, "<p>{}</p>", escape(text));
    }

    fn heading(&mut self, text: &str) {
        let _ = writeln!(self.html, "<h2>{}</h2>", escape(text));
    }

    fn chart(&mut self, svg: String) {
        let _ = writeln!(self.html, "<figure>{svg}</figure>");
    }

    fn table(&mut self, header: &[&str], rows: &[(Vec<String>, Option<&str>)]) {
        self.html.push_str("<table><tr>");
        for h in header {
            let _ = write!(self.html, "<th>{}</th>", escape(h));
        }
        self.html.push_str("</tr>\n");
        for (cells, class) in rows {
            match class {
                Some(c) => {
                    let _ = write!(self.html, "<tr class=\"{c}\">");
                }
                None => self.html.push_str("<tr>"),
            }
            for c in cells {
                let _ = write!(self.html, "<td>{}</td>", escape(c));
            }
            self.html.push_str("</tr>\n");
        }
        self.html.push_str("</table>\n");
    }

    fn finish(mut self) -> String {
        self.html.push_str("</body></html>\n");
        self.html
    }
}

fn estimate_rows(estimates: &[Estimate]) -> Vec<(Vec<String>, Option<&'static str>)> {
    estimates
        .iter()
        .map(|e| {
            (
                vec![
                    e.figure.clone(),
                    format!("{:.4}", e.value),
                    format!("[{:.4}, {:.4}]", e.ci.low, e.ci.high),
                ],
                None,
            )
        })
        .collect()
}

/// The page of a simulation: win rates by seat and by turn position with their intervals,
/// the distribution of turns per game, and every figure in a table. Seats are named by
/// `seat_names` where given.
///
/// # Errors
/// [`ChartError`] if a chart cannot be drawn.
pub fn sim_page<T>(report: &SimReport<T>, seat_names: &[String]) -> Result<String, ChartError> {
    let mut page = Page::new(&format!("{}: {} games", report.game, report.games));
    page.paragraph(&format!(
        "Seed {}, {:.1} actions per game ({:.1} player decisions). Intervals are 95%.",
        report.seed, report.decisions_per_game, report.player_decisions_per_game
    ));
    let seats: Vec<String> = (0..report.wins_by_seat.len())
        .map(|s| match seat_names.get(s) {
            Some(n) => format!("seat {} {n}", s + 1),
            None => format!("seat {}", s + 1),
        })
        .collect();
    let bars = |labels: Vec<String>, values: &[f64], cis: &[gameshelf_sim::stats::Interval]| Bars {
        labels,
        values: values.to_vec(),
        cis: cis.to_vec(),
        highlight: Vec::new(),
    };
    page.chart(rates_chart(
        "win rate by seat",
        &bars(seats, &report.wins_by_seat, &report.wins_ci),
    )?);
    if let (Some(w), Some(c)) = (&report.wins_by_position, &report.position_ci) {
        let labels = (1..=w.len()).map(|p| format!("{p}. to move")).collect();
        page.chart(rates_chart(
            "win rate by position in the turn order",
            &bars(labels, w, c),
        )?);
    }
    page.chart(histogram_chart("turns per game", &report.turns.buckets)?);
    if let Some(lead) = &report.lead {
        page.chart(lead_curve(lead, report.wins_by_seat.len())?);
    }
    page.heading("Figures");
    page.table(
        &["figure", "value", "95% interval"],
        &estimate_rows(&gameshelf_sim::sweep::estimates(report)),
    );
    Ok(page.finish())
}

/// The lead curve: how often the leader at each tenth of the game won, with its band,
/// against the fair share of `seats` seats.
fn lead_curve(lead: &LeadReport, seats: usize) -> Result<String, ChartError> {
    let labels: Vec<String> = lead
        .curve
        .iter()
        .map(|p| format!("{:.0}%", p.at * 100.0))
        .collect();
    let fair = 1.0 / seats.max(1) as f64;
    let series = [
        Series {
            name: "the leader then wins".to_owned(),
            points: (0..)
                .zip(&lead.curve)
                .map(|(i, p)| (i, p.wins, p.ci))
                .collect(),
        },
        Series {
            name: format!("fair share (1/{seats})"),
            points: (0..lead.curve.len())
                .map(|i| {
                    (
                        i,
                        fair,
                        Interval {
                            low: fair,
                            high: fair,
                        },
                    )
                })
                .collect(),
        },
    ];
    lines_chart(
        "the leader at each point of the game wins",
        &labels,
        &series,
    )
}

/// The page of a comparison: B - A for every rate with its interval around zero, and the
/// whole table with verdicts.
///
/// # Errors
/// [`ChartError`] if a chart cannot be drawn.
pub fn compare_page(report: &CompareReport) -> Result<String, ChartError> {
    let mut page = Page::new(&format!("{} versus {}", report.a, report.b));
    page.paragraph(&format!(
        "Figures in red differ (Holm-corrected). A: {}. B: {}. {} paired games (game i of both arms from the same random stream), seed {}. \
         Verdicts at family-wise level {} (Holm over {} figures); a difference matters from {} \
         for rates and {}% of A's mean for counts.",
        report.a,
        report.b,
        report.games,
        report.seed,
        report.question.alpha,
        report.tested,
        report.question.detect,
        report.question.detect * 100.0
    ));
    let rates: Vec<_> = report
        .figures
        .iter()
        .filter(|f| f.figure.is_rate())
        .collect();
    page.chart(difference_chart(
        "B - A with 95% intervals (rates)",
        &Bars {
            labels: rates.iter().map(|f| f.name.clone()).collect(),
            values: rates.iter().map(|f| f.estimate.diff).collect(),
            cis: rates.iter().map(|f| f.estimate.ci).collect(),
            highlight: rates
                .iter()
                .map(|f| f.verdict == Verdict::Differs)
                .collect(),
        },
    )?);
    page.heading("Every figure");
    let rows: Vec<(Vec<String>, Option<&str>)> = report
        .figures
        .iter()
        .map(|f| {
            let e = &f.estimate;
            (
                vec![
                    f.name.clone(),
                    format!("{:.4}", e.a),
                    format!("{:.4}", e.b),
                    format!("{:+.4}", e.diff),
                    format!("[{:+.4}, {:+.4}]", e.ci.low, e.ci.high),
                    f.verdict.text().to_owned(),
                    f.games_needed.to_string(),
                ],
                (f.verdict == Verdict::Differs).then_some("differs"),
            )
        })
        .collect();
    page.table(
        &[
            "figure",
            "A",
            "B",
            "B - A",
            "95% interval",
            "verdict",
            "games needed",
        ],
        &rows,
    );
    Ok(page.finish())
}

/// The page of a sweep: each win rate (by turn position where the game draws the order,
/// otherwise by seat) and the turns per game against the variants, with 95% bands, and
/// every figure in a table.
///
/// # Errors
/// [`ChartError`] if a chart cannot be drawn.
pub fn sweep_page(report: &SweepReport) -> Result<String, ChartError> {
    let names: Vec<&str> = report.axes.iter().map(|a| a.name.as_str()).collect();
    let mut page = Page::new(&format!("sweep of {}", names.join(" x ")));
    let labels: Vec<String> = report
        .rows
        .iter()
        .map(|r| {
            names
                .iter()
                .zip(&r.values)
                .map(|(n, v)| format!("{n}={v}"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    page.paragraph(&format!(
        "Seed {}; every variant plays the same random streams. Bands are 95% intervals.",
        report.seed
    ));
    let series = |wanted: &dyn Fn(&str) -> bool| -> Vec<Series> {
        let mut out: Vec<Series> = Vec::new();
        for (i, row) in report.rows.iter().enumerate() {
            for e in row.estimates.iter().filter(|e| wanted(&e.figure)) {
                let s = match out.iter_mut().position(|s| s.name == e.figure) {
                    Some(k) => &mut out[k],
                    None => {
                        out.push(Series {
                            name: e.figure.clone(),
                            points: Vec::new(),
                        });
                        out.last_mut().expect("just pushed")
                    }
                };
                s.points.push((i, e.value, e.ci));
            }
        }
        out
    };
    let positions = series(&|f| f.ends_with("to move"));
    let rates = if positions.is_empty() {
        series(&|f| f.starts_with("win rate, seat"))
    } else {
        positions
    };
    page.chart(lines_chart("win rates", &labels, &rates)?);
    page.chart(lines_chart(
        "turns per game",
        &labels,
        &series(&|f| f == "turns per game"),
    )?);
    for (label, row) in labels.iter().zip(&report.rows) {
        page.heading(&format!("{label} ({} games)", row.games));
        page.table(
            &["figure", "value", "95% interval"],
            &estimate_rows(&row.estimates),
        );
    }
    Ok(page.finish())
}
