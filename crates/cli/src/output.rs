//! Output formats: aligned text tables, the JSON documents, CSV fields, durations.

use std::io::{self, Write};
use std::time::Duration;

use nimber_engine::solve::survey::Observed;
use nimber_engine::Value;
use serde::Serialize;

/// How a column's cells line up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A text table whose columns are as wide as their widest cell.
#[derive(Debug)]
pub struct Table {
    columns: Vec<(String, Align)>,
    rows: Vec<Vec<String>>,
    indent: usize,
    header: bool,
}

impl Table {
    /// A table with these column headers.
    pub fn new<S: Into<String>>(columns: impl IntoIterator<Item = (S, Align)>) -> Table {
        Table {
            columns: columns.into_iter().map(|(h, a)| (h.into(), a)).collect(),
            rows: Vec::new(),
            indent: 0,
            header: true,
        }
    }

    /// A table without a header line.
    pub fn headless(columns: impl IntoIterator<Item = Align>) -> Table {
        let mut table = Table::new(columns.into_iter().map(|a| (String::new(), a)));
        table.header = false;
        table
    }

    /// Indents every line by `n` spaces.
    pub fn indent(mut self, n: usize) -> Table {
        self.indent = n;
        self
    }

    /// Adds a row; missing cells are empty.
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// Writes the header and the rows, columns separated by two spaces, no trailing blanks.
    pub fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut widths: Vec<usize> =
            self.columns.iter().map(|(h, _)| if self.header { h.chars().count() } else { 0 }).collect();
        for row in &self.rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let header: Vec<String> = self.columns.iter().map(|(h, _)| h.clone()).collect();
        let header = self.header.then_some(&header);
        for cells in header.into_iter().chain(&self.rows) {
            let mut line = " ".repeat(self.indent);
            for (i, ((_, align), width)) in self.columns.iter().zip(&widths).enumerate() {
                let cell = cells.get(i).map(String::as_str).unwrap_or("");
                if i > 0 {
                    line.push_str("  ");
                }
                let pad = " ".repeat(width - cell.chars().count());
                match align {
                    Align::Left => {
                        line.push_str(cell);
                        line.push_str(&pad);
                    }
                    Align::Right => {
                        line.push_str(&pad);
                        line.push_str(cell);
                    }
                }
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

/// A count in a table: `-` for none, so that the non-zero cells stand out.
pub fn count_cell(n: u64) -> String {
    if n == 0 {
        "-".to_string()
    } else {
        n.to_string()
    }
}

/// A duration for people: `850 µs`, `12.3 ms`, `4.56 s`, `2 min 5.1 s`.
pub fn duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-3 {
        format!("{:.0} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.1} ms", s * 1e3)
    } else if s < 60.0 {
        format!("{s:.2} s")
    } else {
        format!("{} min {:.1} s", (s / 60.0).floor(), s % 60.0)
    }
}

/// One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, a quote or a
/// line break.
pub fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Wraps lines longer than `width` at spaces, keeping each line's indentation; shorter lines
/// (such as board diagrams) are left as they are.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if line.chars().count() <= width {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        let mut current = String::from(indent);
        for word in line.split_whitespace() {
            let len = current.chars().count();
            if len > indent.len() && len + 1 + word.chars().count() > width {
                out.push_str(&current);
                out.push('\n');
                current = String::from(indent);
            }
            if current.len() > indent.len() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push_str(&current);
        out.push('\n');
    }
    out
}

/// Writes a JSON document and a line break.
pub fn write_json<T: Serialize>(out: &mut dyn Write, doc: &T) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, doc)?;
    writeln!(out)
}

/// A game parameter in `nimber list --json`.
#[derive(Serialize)]
pub struct ParamJson<'a> {
    pub name: &'a str,
    pub default: &'a str,
    pub help: &'a str,
}

/// A game in `nimber list --json`.
#[derive(Serialize)]
pub struct GameJson<'a> {
    pub name: &'a str,
    pub summary: &'a str,
    pub help: &'a str,
    pub params: Vec<ParamJson<'a>>,
}

/// The start position of an outcome solve.
#[derive(Serialize)]
pub struct StartJson {
    pub position: String,
    pub value: Option<Value>,
    pub remoteness: Option<u32>,
}

/// A line of the table of counts.
#[derive(Serialize)]
pub struct CountJson {
    pub value: Value,
    pub remoteness: Option<u32>,
    pub count: u64,
}

/// `nimber solve --json` with an outcome solver.
#[derive(Serialize)]
pub struct SolveJson<'a> {
    pub game: &'a str,
    pub solver: &'a str,
    pub positions: u64,
    pub start: StartJson,
    pub counts: Vec<CountJson>,
    pub seconds: f64,
    /// Present (true) only under misère play.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub misere: bool,
}

/// The start position of a Sprague-Grundy solve. A generalized value `∞(K)` of the loopy
/// solver is `"nim": null, "infinite": K`.
#[derive(Serialize)]
pub struct NimStartJson {
    pub position: String,
    pub value: Option<Value>,
    pub nim: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub infinite: Option<Vec<u32>>,
}

/// A line of the table of nim values (`"nim": null, "infinite": K` for `∞(K)`).
#[derive(Serialize)]
pub struct NimCountJson {
    pub nim: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub infinite: Option<Vec<u32>>,
    pub count: u64,
}

/// A nim value in `nimber query --nim --json`: `"nim": 3`, or `"nim": null, "infinite": K` for
/// `∞(K)`.
#[derive(Serialize)]
pub struct NimJson {
    pub nim: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub infinite: Option<Vec<u32>>,
}

impl NimJson {
    /// The JSON form of a value.
    pub fn of(value: &nimber_engine::solve::loopy::LoopyNim) -> NimJson {
        NimJson { nim: value.nim(), infinite: value.infinite_set().map(<[u32]>::to_vec) }
    }
}

/// `nimber solve --nim --json`.
#[derive(Serialize)]
pub struct NimSolveJson<'a> {
    pub game: &'a str,
    pub solver: &'a str,
    pub positions: u64,
    pub start: NimStartJson,
    pub nim_counts: Vec<NimCountJson>,
    pub seconds: f64,
}

/// A move in `nimber query --json`.
#[derive(Serialize)]
pub struct MoveJson {
    #[serde(rename = "move")]
    pub label: String,
    pub position: String,
    pub value: Value,
    pub remoteness: Option<u32>,
    /// With `--nim`: the nim value of the resulting position.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub nim: Option<NimJson>,
}

/// `nimber query --json`.
#[derive(Serialize)]
pub struct QueryJson<'a> {
    pub game: &'a str,
    pub position: String,
    pub value: Value,
    pub remoteness: Option<u32>,
    /// With `--nim`: the position's nim value.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub nim: Option<NimJson>,
    /// Present (true) only under misère play.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub misere: bool,
    pub moves: Vec<MoveJson>,
}

/// An outcome and how many positions have it, with example positions, in `nimber analyze
/// --json`.
#[derive(Serialize)]
pub struct LongestJson {
    pub value: Value,
    pub remoteness: Option<u32>,
    pub count: u64,
    pub examples: Vec<String>,
}

/// `nimber analyze --db FILE --json`.
#[derive(Serialize)]
pub struct AnalyzeJson<'a> {
    pub game: &'a str,
    pub params: std::collections::BTreeMap<String, String>,
    pub file: String,
    pub bytes: u64,
    pub scheme: String,
    pub slots: u64,
    pub positions: u64,
    pub blocks: u64,
    pub start: StartJson,
    /// The longest outcome of each value.
    pub longest: Vec<LongestJson>,
    pub counts: Vec<CountJson>,
}

/// A value in JSON: a value name (`"lose"`), a nim value (`3`), or a game value's text
/// (`"{2|-1/2}"`).
#[derive(Serialize)]
#[serde(untagged)]
pub enum ObservedJson {
    Nim(u32),
    Text(String),
}

impl ObservedJson {
    pub fn new(v: Observed, values: &[String]) -> ObservedJson {
        match v {
            Observed::Nim(n) => ObservedJson::Nim(n),
            _ => ObservedJson::Text(v.text(values)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quoting() {
        assert_eq!(csv_field("........."), ".........");
        assert_eq!(csv_field("3,4,5"), "\"3,4,5\"");
        assert_eq!(csv_field("a\"b"), "\"a\"\"b\"");
        assert_eq!(csv_field("x\ny"), "\"x\ny\"");
        assert_eq!(csv_field(""), "");
    }

    #[test]
    fn tables_align() {
        let mut t = Table::new([("name", Align::Left), ("n", Align::Right)]);
        t.row(vec!["a".into(), "100".into()]);
        t.row(vec!["long".into()]);
        let mut out = Vec::new();
        t.write(&mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "name    n\na     100\nlong\n");
        let mut t = Table::headless([Align::Left, Align::Left]).indent(2);
        t.row(vec!["heaps=3,4,5".into(), "sizes".into()]);
        t.row(vec!["n=1".into(), "count".into()]);
        let mut out = Vec::new();
        t.write(&mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "  heaps=3,4,5  sizes\n  n=1          count\n");
    }

    #[test]
    fn wrapping_keeps_short_lines_and_indentation() {
        assert_eq!(wrap("x . o\n. x .", 10), "x . o\n. x .\n");
        assert_eq!(wrap("  aaa bbb ccc ddd", 10), "  aaa bbb\n  ccc ddd\n");
        assert_eq!(wrap("abcdefghijklmnop q", 5), "abcdefghijklmnop\nq\n");
    }

    #[test]
    fn durations() {
        assert_eq!(duration(Duration::from_micros(850)), "850 µs");
        assert_eq!(duration(Duration::from_micros(12_345)), "12.3 ms");
        assert_eq!(duration(Duration::from_millis(4_561)), "4.56 s");
        assert_eq!(duration(Duration::from_millis(125_100)), "2 min 5.1 s");
    }
}
