//! Drawings of positions as standalone SVG documents ([`nimber_engine::Draw`]): a small
//! builder that escapes text and numbers, the palette every game shares, and the pieces most
//! drawings are made of (boards of squares, coordinates, tokens, arrows, a status line).
//!
//! Conventions of every drawing, which front ends and tests rely on:
//! - the root is `<svg xmlns=... viewBox="0 0 W H">` without `width` or `height` (the page
//!   scales it), with `data-game` (the game's name) and `data-position` (the position in the
//!   game's notation), and its first child is a `<title>` holding that notation;
//! - every square, heap, vertex or card carries a `data-` attribute naming it as the game's
//!   move notation does (`data-square="b2"`, `data-heap="1"`, ...), and things a move can be
//!   made with may carry `data-move` with the move's label;
//! - colours are presentation attributes, not a style sheet (a page that puts the drawing in
//!   its document can override them with its own CSS and no rule leaks out), and text uses
//!   only the generic families `sans-serif` and `monospace`.

use std::fmt::Write;

/// The palette: a light background, two players' colours, readable ink.
pub mod colour {
    /// The page behind the drawing.
    pub const BACKGROUND: &str = "#fbf8f1";
    /// Text and outlines.
    pub const INK: &str = "#2d2a26";
    /// Secondary text: captions, coordinates.
    pub const MUTED: &str = "#7d746a";
    /// Lines of boards.
    pub const LINE: &str = "#9a8a72";
    /// Board squares, and the alternate shade of checkered boards.
    pub const SQUARE: &str = "#f2e8d5";
    pub const SQUARE_DARK: &str = "#e3d2b1";
    /// The first player (X, Blue, Sente, Alice, player 1).
    pub const FIRST: &str = "#2f6db5";
    pub const FIRST_SOFT: &str = "#dbe7f6";
    /// The second player (O, Red, Gote, Bob, player 2).
    pub const SECOND: &str = "#c8463d";
    pub const SECOND_SOFT: &str = "#f7dedb";
    /// Counters of impartial games.
    pub const TOKEN: &str = "#3f8f7a";
    pub const TOKEN_EDGE: &str = "#2a6657";
    /// The current vertex, a lit bit: what the eye should find first.
    pub const HIGHLIGHT: &str = "#f2c14e";
    /// Walls, black cells, the black hole.
    pub const SOLID: &str = "#48433e";
    /// Things out of play (a played card, a forbidden cell).
    pub const FADED: &str = "#d9d2c5";
}

/// A number as an attribute value: at most two decimals, no trailing zeros.
pub fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    if r == 0.0 {
        "0".to_string()
    } else {
        r.to_string()
    }
}

/// `text` with the characters XML gives a meaning escaped (for text and attribute values), and
/// control characters XML 1.0 does not allow replaced by U+FFFD. The one escaper of every SVG
/// nimber writes (drawings of positions here, pictures of explorations in the CLI).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0 (tabs and newlines are).
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// `text` cut to at most `max` characters, with an ellipsis when cut.
pub fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}

/// The attributes of an element, written as they are added (values escaped).
#[derive(Default)]
pub struct Attrs(String);

impl Attrs {
    pub fn new() -> Attrs {
        Attrs::default()
    }

    /// A text attribute.
    pub fn set(mut self, name: &str, value: impl std::fmt::Display) -> Attrs {
        let _ = write!(self.0, " {name}=\"{}\"", escape(&value.to_string()));
        self
    }

    /// A numeric attribute (two decimals at most).
    pub fn at(self, name: &str, value: f64) -> Attrs {
        self.set(name, num(value))
    }

    /// `data-KEY="VALUE"`.
    pub fn data(self, key: &str, value: impl std::fmt::Display) -> Attrs {
        self.set(&format!("data-{key}"), value)
    }

    /// `fill`, and `stroke` with its width when `stroke` is given.
    pub fn paint(self, fill: &str, stroke: Option<(&str, f64)>) -> Attrs {
        let attrs = self.set("fill", fill);
        match stroke {
            Some((colour, width)) => attrs.set("stroke", colour).at("stroke-width", width),
            None => attrs,
        }
    }
}

/// Text alignment around the x coordinate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// A document being written: elements are appended in drawing order (later ones on top).
pub struct Svg {
    out: String,
    open: Vec<&'static str>,
}

impl Svg {
    /// A drawing of `width` x `height` units of the game `game` at the position written
    /// `notation`, with its title and background.
    pub fn new(game: &str, notation: &str, width: f64, height: f64) -> Svg {
        let mut svg = Svg { out: String::with_capacity(4096), open: Vec::new() };
        let root = Attrs::new()
            .set("xmlns", "http://www.w3.org/2000/svg")
            .set("viewBox", format!("0 0 {} {}", num(width), num(height)))
            .set("role", "img")
            .set("font-family", "sans-serif")
            .data("game", game)
            .data("position", notation);
        svg.open("svg", root);
        svg.element("title", Attrs::new(), notation);
        svg.rect(0.0, 0.0, width, height, 0.0, Attrs::new().paint(colour::BACKGROUND, None));
        svg
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.close();
        }
        self.out.push('\n');
        self.out
    }

    /// `<tag ...>`: the elements that follow are its children until [`Svg::close`].
    pub fn open(&mut self, tag: &'static str, attrs: Attrs) {
        let _ = write!(self.out, "<{tag}{}>", attrs.0);
        self.open.push(tag);
    }

    /// Closes the element opened last.
    pub fn close(&mut self) {
        let tag = self.open.pop().expect("an open element");
        let _ = write!(self.out, "</{tag}>");
    }

    /// `<tag .../>`.
    pub fn empty(&mut self, tag: &str, attrs: Attrs) {
        let _ = write!(self.out, "<{tag}{}/>", attrs.0);
    }

    /// `<tag ...>text</tag>`, the text escaped.
    pub fn element(&mut self, tag: &str, attrs: Attrs, text: &str) {
        let _ = write!(self.out, "<{tag}{}>{}</{tag}>", attrs.0, escape(text));
    }

    /// A `<g>` group with these attributes (close it with [`Svg::close`]); `tooltip`, when
    /// given, is its `<title>` (shown on hover, read by screen readers).
    pub fn group(&mut self, attrs: Attrs, tooltip: Option<&str>) {
        self.open("g", attrs);
        if let Some(text) = tooltip {
            self.element("title", Attrs::new(), text);
        }
    }

    /// A rectangle with corners rounded by `radius`.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, radius: f64, attrs: Attrs) {
        let mut all = Attrs::new().at("x", x).at("y", y).at("width", w).at("height", h);
        if radius > 0.0 {
            all = all.at("rx", radius);
        }
        all.0.push_str(&attrs.0);
        self.empty("rect", all);
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, attrs: Attrs) {
        let mut all = Attrs::new().at("cx", cx).at("cy", cy).at("r", r);
        all.0.push_str(&attrs.0);
        self.empty("circle", all);
    }

    /// A straight line, with round ends.
    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: &str, width: f64) {
        let attrs = Attrs::new()
            .at("x1", x1)
            .at("y1", y1)
            .at("x2", x2)
            .at("y2", y2)
            .set("stroke", stroke)
            .at("stroke-width", width)
            .set("stroke-linecap", "round");
        self.empty("line", attrs);
    }

    /// A closed polygon.
    pub fn polygon(&mut self, points: &[(f64, f64)], attrs: Attrs) {
        let list: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", num(x), num(y))).collect();
        let mut all = Attrs::new().set("points", list.join(" "));
        all.0.push_str(&attrs.0);
        self.empty("polygon", all);
    }

    /// A path (`d` in SVG path syntax), stroked, not filled.
    pub fn path(&mut self, d: &str, stroke: &str, width: f64) {
        let attrs = Attrs::new()
            .set("d", d)
            .set("fill", "none")
            .set("stroke", stroke)
            .at("stroke-width", width)
            .set("stroke-linecap", "round");
        self.empty("path", attrs);
    }

    /// Text of `size` units whose middle height is at `y` (so that it centres vertically in a
    /// square without relying on `dominant-baseline`).
    pub fn text(&mut self, (x, y): (f64, f64), text: &str, size: f64, anchor: Anchor, fill: &str) {
        self.styled_text((x, y), text, size, anchor, Attrs::new().set("fill", fill));
    }

    /// [`Svg::text`] in bold.
    pub fn bold(&mut self, (x, y): (f64, f64), text: &str, size: f64, anchor: Anchor, fill: &str) {
        let attrs = Attrs::new().set("fill", fill).set("font-weight", "bold");
        self.styled_text((x, y), text, size, anchor, attrs);
    }

    /// [`Svg::text`] with more attributes (font, weight, transform).
    pub fn styled_text(&mut self, (x, y): (f64, f64), text: &str, size: f64, anchor: Anchor, attrs: Attrs) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let mut all = Attrs::new().at("x", x).at("y", y + 0.35 * size).at("font-size", size);
        all = all.set("text-anchor", anchor);
        all.0.push_str(&attrs.0);
        self.element("text", all, text);
    }

    /// A counter: a disc with a darker rim.
    pub fn token(&mut self, (cx, cy): (f64, f64), r: f64, fill: &str, edge: &str, attrs: Attrs) {
        self.circle(cx, cy, r, attrs.paint(fill, Some((edge, (r * 0.16).clamp(0.8, 3.0)))));
    }

    /// An arrow from `from` to `to` (its head at `to`).
    pub fn arrow(&mut self, from: (f64, f64), to: (f64, f64), colour: &str, width: f64) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1e-9 {
            return;
        }
        let head = (width * 3.5).min(len * 0.6);
        let base = self.arrow_head(to, (dx / len, dy / len), head, colour);
        self.line(from, base, colour, width);
    }

    /// An arrow's head of length `head` with its tip at `tip`, pointing along the unit vector
    /// `(ux, uy)`; returns the middle of its base (where the shaft should end).
    pub fn arrow_head(
        &mut self,
        tip: (f64, f64),
        (ux, uy): (f64, f64),
        head: f64,
        colour: &str,
    ) -> (f64, f64) {
        let base = (tip.0 - ux * head, tip.1 - uy * head);
        let side = head * 0.55;
        self.polygon(
            &[tip, (base.0 - uy * side, base.1 + ux * side), (base.0 + uy * side, base.1 - ux * side)],
            Attrs::new().set("fill", colour),
        );
        base
    }

    /// The line under the board that says whose turn it is (or how the game ended): a disc of
    /// the colour of the player it is about, then the text. `colour` `None`: text only.
    pub fn status(&mut self, (x, y): (f64, f64), colour: Option<&str>, text: &str, size: f64) {
        let mut x = x;
        if let Some(c) = colour {
            self.circle(x + size * 0.45, y, size * 0.45, Attrs::new().paint(c, Some((colour::INK, 1.0))));
            x += size * 1.3;
        }
        self.styled_text(
            (x, y),
            text,
            size,
            Anchor::Start,
            Attrs::new().set("fill", colour::INK).data("status", "1"),
        );
    }
}

/// A board of `cols` x `rows` square cells of `cell` units with its top-left corner at
/// `(x, y)`: `paint(col, row)` gives a cell's fill, `name(col, row)` its name, written in
/// `data-square` (columns from the left, rows from the top, 0-based).
pub(crate) struct Board {
    pub x: f64,
    pub y: f64,
    pub cols: usize,
    pub rows: usize,
    pub cell: f64,
}

impl Board {
    /// The centre of a cell.
    pub fn centre(&self, col: usize, row: usize) -> (f64, f64) {
        (self.x + (col as f64 + 0.5) * self.cell, self.y + (row as f64 + 0.5) * self.cell)
    }

    /// The board's width and height.
    pub fn size(&self) -> (f64, f64) {
        (self.cols as f64 * self.cell, self.rows as f64 * self.cell)
    }

    /// Draws the squares, each a `<rect>` with `data-square` (and the attributes `more` adds),
    /// then a frame around them.
    pub fn draw(
        &self,
        svg: &mut Svg,
        paint: impl Fn(usize, usize) -> &'static str,
        name: impl Fn(usize, usize) -> String,
        more: impl Fn(usize, usize, Attrs) -> Attrs,
    ) {
        svg.open("g", Attrs::new().data("board", format!("{}x{}", self.cols, self.rows)));
        for row in 0..self.rows {
            for col in 0..self.cols {
                let attrs = Attrs::new()
                    .paint(paint(col, row), Some((colour::LINE, 1.0)))
                    .data("square", name(col, row));
                let x = self.x + col as f64 * self.cell;
                let y = self.y + row as f64 * self.cell;
                svg.rect(x, y, self.cell, self.cell, 0.0, more(col, row, attrs));
            }
        }
        let (w, h) = self.size();
        svg.rect(self.x, self.y, w, h, 0.0, Attrs::new().paint("none", Some((colour::INK, 2.0))));
        svg.close();
    }

    /// Coordinates around the board: `col_label(col)` under it (above when `top`),
    /// `row_label(row)` on its left.
    pub fn coordinates(
        &self,
        svg: &mut Svg,
        top: bool,
        col_label: impl Fn(usize) -> String,
        row_label: impl Fn(usize) -> String,
    ) {
        let size = (self.cell * 0.26).clamp(9.0, 16.0);
        let h = self.size().1;
        let y = if top { self.y - size * 0.9 } else { self.y + h + size * 0.9 };
        for col in 0..self.cols {
            let x = self.centre(col, 0).0;
            svg.text((x, y), &col_label(col), size, Anchor::Middle, colour::MUTED);
        }
        for row in 0..self.rows {
            let y = self.centre(0, row).1;
            svg.text((self.x - size * 0.8, y), &row_label(row), size, Anchor::Middle, colour::MUTED);
        }
    }
}

/// File letters `a`, `b`, ... for column `col` (0-based), as the games' notations name them.
pub(crate) fn file_letter(col: usize) -> String {
    ((b'a' + col as u8) as char).to_string()
}
