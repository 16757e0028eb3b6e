//! Tables as CSV (RFC 4180) for spreadsheets: one header line, then one line per row.

use std::borrow::Cow;
use std::fmt::Display;

/// A CSV table being written.
pub(crate) struct Csv(String);

impl Csv {
    /// A table with these column names.
    pub(crate) fn new(header: &[&str]) -> Csv {
        let mut csv = Csv(String::new());
        csv.row(header);
        csv
    }

    /// Appends a row: each cell written with [`Display`] and quoted when it needs it.
    pub(crate) fn row<T: Display>(&mut self, cells: &[T]) {
        for (i, cell) in cells.iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            self.0.push_str(&field(&cell.to_string()));
        }
        self.0.push('\n');
    }

    /// The text.
    pub(crate) fn finish(self) -> String {
        self.0
    }
}

/// `s` as one CSV field: quoted, inner quotes doubled, when it holds a comma, a quote or a
/// line break.
fn field(s: &str) -> Cow<'_, str> {
    if s.contains([',', '"', '\n', '\r']) {
        Cow::Owned(format!("\"{}\"", s.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_with_commas_quotes_or_breaks_are_quoted() {
        let mut t = Csv::new(&["figure", "value"]);
        t.row(&["win rate, seat 1", "0.5"]);
        t.row(&["say \"hi\"", "1"]);
        t.row(&["plain", "2"]);
        assert_eq!(
            t.finish(),
            "figure,value\n\"win rate, seat 1\",0.5\n\"say \"\"hi\"\"\",1\nplain,2\n"
        );
    }
}
