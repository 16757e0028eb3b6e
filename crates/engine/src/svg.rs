//! A small writer of SVG documents, for the pictures presenters draw
//! ([`crate::Presenter::pictures`]): boards, tokens, cards.
//!
//! Pictures are shown by web pages as images, so they can never run anything; still, every
//! text is escaped here, colours and other attributes are the program's own constants, and
//! coordinates are whole numbers (so nothing is spent formatting floats). The title and a
//! `role="img"` make a picture name itself to screen readers; the presenter's text view
//! stays the complete account of the position.

use std::fmt::Write as _;

/// Colours for seats 1 to 8, distinct on a light background and for common colour
/// blindness (the Okabe–Ito palette).
pub const SEAT_COLOURS: [&str; 8] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#7f6a00", "#000000",
];

/// The colour of a seat (wrapping past eight).
pub fn seat_colour(seat: usize) -> &'static str {
    SEAT_COLOURS[seat % SEAT_COLOURS.len()]
}

/// Where a text stands relative to its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The text starts at the point.
    Start,
    /// The text is centred on the point.
    Middle,
    /// The text ends at the point.
    End,
}

impl Anchor {
    fn word(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// An SVG document being written.
#[derive(Debug)]
pub struct Svg {
    out: String,
}

impl Svg {
    /// A `width` x `height` picture (in its own units; pages scale it) named `title`.
    pub fn new(width: i32, height: i32, title: &str) -> Svg {
        let mut out = String::with_capacity(4096);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif"><title>{}</title>"#,
            escape(title)
        );
        Svg { out }
    }

    /// A rectangle with corners rounded by `round`.
    pub fn rect(
        &mut self,
        (x, y): (i32, i32),
        (w, h): (i32, i32),
        round: i32,
        fill: &'static str,
        stroke: &'static str,
    ) -> &mut Svg {
        let _ = write!(
            self.out,
            r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{round}" fill="{fill}" stroke="{stroke}"/>"#
        );
        self
    }

    /// A circle.
    pub fn circle(
        &mut self,
        (cx, cy): (i32, i32),
        r: i32,
        fill: &'static str,
        stroke: &'static str,
    ) -> &mut Svg {
        let _ = write!(
            self.out,
            r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{stroke}"/>"#
        );
        self
    }

    /// A straight line.
    pub fn line(
        &mut self,
        (x1, y1): (i32, i32),
        (x2, y2): (i32, i32),
        stroke: &'static str,
        width: i32,
    ) -> &mut Svg {
        let _ = write!(
            self.out,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{stroke}" stroke-width="{width}"/>"#
        );
        self
    }

    /// A line of text, escaped, `size` units high, its baseline's middle or end at the
    /// point as `anchor` says.
    pub fn text(
        &mut self,
        (x, y): (i32, i32),
        size: i32,
        anchor: Anchor,
        fill: &'static str,
        text: &str,
    ) -> &mut Svg {
        let _ = write!(
            self.out,
            r#"<text x="{x}" y="{y}" font-size="{size}" text-anchor="{}" fill="{fill}">{}</text>"#,
            anchor.word(),
            escape(text)
        );
        self
    }

    /// The same as [`Svg::text`], in bold.
    pub fn bold(
        &mut self,
        at: (i32, i32),
        size: i32,
        anchor: Anchor,
        fill: &'static str,
        text: &str,
    ) -> &mut Svg {
        self.out.push_str(r#"<g font-weight="bold">"#);
        self.text(at, size, anchor, fill, text);
        self.out.push_str("</g>");
        self
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>");
        self.out
    }
}

/// `text` safe inside an XML element or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML at all.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_and_titles_are_escaped_and_the_document_is_closed() {
        let mut svg = Svg::new(100, 50, "a <b> & \"c\"");
        svg.text(
            (1, 2),
            10,
            Anchor::Middle,
            "#000",
            "</svg><script>x</script>\u{7}",
        )
        .rect((0, 0), (10, 10), 2, "#fff", "#000")
        .circle((5, 5), 3, "#fff", "none");
        let doc = svg.finish();
        assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(doc.ends_with("</svg>"));
        assert_eq!(doc.matches("</svg>").count(), 1, "{doc}");
        assert!(!doc.contains("<script"), "{doc}");
        assert!(
            doc.contains("<title>a &lt;b&gt; &amp; &quot;c&quot;</title>"),
            "{doc}"
        );
        assert!(
            doc.contains("&lt;/svg&gt;&lt;script&gt;x&lt;/script&gt; </text>"),
            "{doc}"
        );
        assert!(doc.contains(r#"text-anchor="middle""#));
    }
}
