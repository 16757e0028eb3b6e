//! The charts, drawn with plotters' SVG backend.

use gameshelf_sim::stats::{Bucket, Interval};
use plotters::prelude::*;

/// Why a chart could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChartError {
    /// The drawing library refused.
    #[error("cannot draw the chart {title:?}: {reason}")]
    Draw {
        /// The chart's title.
        title: String,
        /// What the drawing library said.
        reason: String,
    },
}

/// Labelled values with intervals.
pub(crate) struct Bars {
    pub(crate) labels: Vec<String>,
    pub(crate) values: Vec<f64>,
    pub(crate) cis: Vec<Interval>,
    /// Entries drawn in the warning colour (a verdict of "differs").
    pub(crate) highlight: Vec<bool>,
}

/// One line of a sweep chart: `(variant index, value, interval)`.
pub(crate) struct Series {
    pub(crate) name: String,
    pub(crate) points: Vec<(usize, f64, Interval)>,
}

const SIZE: (u32, u32) = (640, 360);
const COLOURS: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
];

/// Draws into an SVG string with `draw`, mapping the library's errors.
fn svg(
    title: &str,
    size: (u32, u32),
    draw: impl FnOnce(
        &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    ) -> Result<(), Box<dyn std::error::Error>>,
) -> Result<String, ChartError> {
    let mut out = String::new();
    let result = {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE)
            .map_err(|e| e.to_string())
            .and_then(|()| draw(&root).map_err(|e| e.to_string()))
            .and_then(|()| root.present().map_err(|e| e.to_string()))
    };
    result.map_err(|reason| ChartError::Draw {
        title: title.to_owned(),
        reason,
    })?;
    Ok(out)
}

/// The label of category `x` (an index into `labels`), empty between categories.
fn category(labels: &[String], x: f64) -> String {
    let i = x.round();
    if (x - i).abs() > 1e-6 || i < 0.0 {
        return String::new();
    }
    labels.get(i as usize).cloned().unwrap_or_default()
}

/// Points with vertical interval bars, one per label, on a 0-to-1 scale (with a dashed
/// line at the fair share `1/n`).
pub(crate) fn rates_chart(title: &str, bars: &Bars) -> Result<String, ChartError> {
    let n = bars.values.len();
    let top = bars
        .cis
        .iter()
        .map(|c| c.high)
        .fold(0.0f64, f64::max)
        .max(1.0 / n.max(1) as f64)
        * 1.15;
    svg(title, SIZE, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(50)
            .build_cartesian_2d(-0.5f64..n as f64 - 0.5, 0f64..top.min(1.0))?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n + 1)
            .x_label_formatter(&|x| category(&bars.labels, *x))
            .y_desc("win rate")
            .draw()?;
        let fair = 1.0 / n.max(1) as f64;
        chart.draw_series(DashedLineSeries::new(
            vec![(-0.5, fair), (n as f64 - 0.5, fair)],
            5,
            5,
            BLACK.mix(0.5).stroke_width(1),
        ))?;
        chart.draw_series(
            bars.values
                .iter()
                .zip(&bars.cis)
                .enumerate()
                .map(|(i, (&v, c))| {
                    ErrorBar::new_vertical(i as f64, c.low, v, c.high, COLOURS[0].filled(), 12)
                }),
        )?;
        Ok(())
    })
}

/// Differences with horizontal interval bars, one row per label, around a line at 0.
pub(crate) fn difference_chart(title: &str, bars: &Bars) -> Result<String, ChartError> {
    let n = bars.values.len().max(1);
    let reach = bars
        .cis
        .iter()
        .flat_map(|c| [c.low.abs(), c.high.abs()])
        .filter(|x| x.is_finite())
        .fold(0.01f64, f64::max)
        * 1.1;
    let height = 60 + 26 * n as u32;
    svg(title, (760, height), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(190)
            .build_cartesian_2d(-reach..reach, -0.5f64..n as f64 - 0.5)?;
        let labels: Vec<String> = bars.labels.iter().rev().cloned().collect();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(n + 1)
            .y_label_formatter(&|y| category(&labels, *y))
            .x_desc("B - A")
            .draw()?;
        chart.draw_series(LineSeries::new(
            vec![(0.0, -0.5), (0.0, n as f64 - 0.5)],
            BLACK.stroke_width(1),
        ))?;
        chart.draw_series(
            bars.values
                .iter()
                .zip(&bars.cis)
                .enumerate()
                .map(|(i, (&v, c))| {
                    let row = (n - 1 - i) as f64;
                    let colour = if bars.highlight.get(i).copied().unwrap_or(false) {
                        COLOURS[3]
                    } else {
                        COLOURS[0]
                    };
                    ErrorBar::new_horizontal(
                        row,
                        c.low.max(-reach),
                        v,
                        c.high.min(reach),
                        colour.filled(),
                        10,
                    )
                }),
        )?;
        Ok(())
    })
}

/// Bars of counts per bucket.
pub(crate) fn histogram_chart(title: &str, buckets: &[Bucket]) -> Result<String, ChartError> {
    let (low, high) = match (buckets.first(), buckets.last()) {
        (Some(a), Some(b)) => (a.low as f64, b.high as f64 + 1.0),
        _ => (0.0, 1.0),
    };
    let most = buckets.iter().map(|b| b.count).max().unwrap_or(0).max(1) as f64;
    svg(title, SIZE, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(60)
            .build_cartesian_2d(low..high, 0f64..most * 1.1)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .y_desc("games")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()?;
        chart.draw_series(buckets.iter().map(|b| {
            Rectangle::new(
                [(b.low as f64, 0.0), (b.high as f64 + 1.0, b.count as f64)],
                COLOURS[0].mix(0.7).filled(),
            )
        }))?;
        Ok(())
    })
}

/// One line per series over the variants, each with its 95% band.
pub(crate) fn lines_chart(
    title: &str,
    labels: &[String],
    series: &[Series],
) -> Result<String, ChartError> {
    let n = labels.len().max(1);
    let all = series.iter().flat_map(|s| &s.points);
    let lo = all.clone().map(|p| p.2.low).fold(f64::INFINITY, f64::min);
    let hi = all.map(|p| p.2.high).fold(f64::NEG_INFINITY, f64::max);
    let (low, high) = if lo.is_finite() && hi.is_finite() && hi > lo {
        let pad = (hi - lo) * 0.1;
        (lo - pad, hi + pad)
    } else {
        (0.0, 1.0)
    };
    svg(title, (760, 400), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .margin_right(60)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.2f64..n as f64 - 0.8, low..high)?;
        chart
            .configure_mesh()
            .x_labels(n.min(12) + 1)
            .x_label_formatter(&|x| category(labels, *x))
            .draw()?;
        for (k, s) in series.iter().enumerate() {
            let colour = COLOURS[k % COLOURS.len()];
            let mut band: Vec<(f64, f64)> = s
                .points
                .iter()
                .map(|&(i, _, c)| (i as f64, c.high))
                .collect();
            band.extend(s.points.iter().rev().map(|&(i, _, c)| (i as f64, c.low)));
            chart.draw_series(std::iter::once(Polygon::new(
                band,
                colour.mix(0.2).filled(),
            )))?;
            chart
                .draw_series(LineSeries::new(
                    s.points.iter().map(|&(i, v, _)| (i as f64, v)),
                    colour.stroke_width(2),
                ))?
                .label(s.name.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2))
                });
        }
        if series.len() > 1 {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK.mix(0.3))
                .draw()?;
        }
        Ok(())
    })
}
