//! Pictures of exploration tables: a grid of cells coloured by value (the first feature down,
//! the second across; one row for a single feature), labelled axes and a legend.
//!
//! One layout ([`Scene`]: rectangles and text) is drawn two ways: as SVG written by hand, and as
//! PNG rasterized here with the 8 x 8 bitmap font of the `font8x8` crate and encoded by the
//! `png` crate, so that no font or SVG renderer is needed.

use std::collections::{BTreeSet, HashMap};

use nimber_engine::solve::survey::{Cell, Num, Observed};
use nimber_engine::Value;
use nimber_games::xml_escape as escape;
use nimber_lab::Exploration;

use crate::error::Failure;

/// The file formats.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    /// The option's name: `svg` or `png`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
        }
    }
}

/// Side of a cell, in pixels.
const CELL: u32 = 40;
/// Margin around the picture.
const PAD: u32 = 16;
/// Width (and height) of a glyph at scale 1.
const GLYPH: u32 = 8;
/// The most rows or columns drawn.
const MAX_SIDE: usize = 300;

type Rgb = [u8; 3];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const EMPTY: Rgb = [242, 242, 242];
const MIXED: Rgb = [189, 189, 189];
const LOSE: Rgb = [215, 48, 31];
const WIN: Rgb = [184, 225, 134];
const TIE: Rgb = [254, 224, 139];
const DRAW: Rgb = [128, 177, 211];
/// Colours of nim values 1, 2, ... (0 is [`LOSE`]).
const PALETTE: [Rgb; 10] = [
    [184, 225, 134],
    [128, 177, 211],
    [254, 224, 139],
    [202, 178, 214],
    [253, 180, 98],
    [141, 211, 199],
    [252, 205, 229],
    [190, 186, 218],
    [255, 255, 179],
    [179, 222, 105],
];

/// The colour of a value: lose (nim value 0, game value 0) red, the others as in the palette.
fn colour(e: &Exploration, v: Observed) -> Rgb {
    match v {
        Observed::Outcome(Value::Win) => WIN,
        Observed::Outcome(Value::Lose) | Observed::Nim(0) => LOSE,
        Observed::Outcome(Value::Tie) => TIE,
        Observed::Outcome(Value::Draw) => DRAW,
        Observed::Nim(n) => PALETTE[(n as usize - 1) % PALETTE.len()],
        Observed::Value(_) if v.text(e.value_texts()) == "0" => LOSE,
        // Game values in their order, the palette's colours in turn.
        Observed::Value(i) => {
            let zero = e.value_texts().iter().position(|t| t == "0").is_some_and(|z| z < i as usize);
            PALETTE[(i as usize - usize::from(zero)) % PALETTE.len()]
        }
    }
}

/// Black or white, whichever reads better on `fill`.
fn ink(fill: Rgb) -> Rgb {
    let luma = 299 * fill[0] as u32 + 587 * fill[1] as u32 + 114 * fill[2] as u32;
    if luma < 140_000 {
        WHITE
    } else {
        BLACK
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Anchor {
    Start,
    Middle,
    End,
}

enum Shape {
    Rect {
        x: u32,
        y: u32,
        w: u32,
        h: u32,
        fill: Rgb,
        title: Option<String>,
    },
    /// Text whose glyphs' top edge is at `y`; `x` per the anchor.
    Text {
        x: u32,
        y: u32,
        text: String,
        scale: u32,
        fill: Rgb,
        anchor: Anchor,
    },
}

struct Scene {
    width: u32,
    height: u32,
    shapes: Vec<Shape>,
}

fn text_width(text: &str, scale: u32) -> u32 {
    text.chars().count() as u32 * GLYPH * scale
}

/// The largest scale (2 or 1) at which `text` fits in `room` pixels.
fn fitting(text: &str, room: u32) -> u32 {
    if text_width(text, 2) <= room {
        2
    } else {
        1
    }
}

/// Draws the table of `e` (one or two features) in `format`.
pub fn draw(e: &Exploration, title: &str, format: Format) -> Result<Vec<u8>, Failure> {
    let scene = layout(e, title)?;
    match format {
        Format::Svg => Ok(svg(&scene).into_bytes()),
        Format::Png => png(&scene),
    }
}

fn layout(e: &Exploration, title: &str) -> Result<Scene, Failure> {
    let two = e.features.len() == 2;
    let col_feature = if two { 1 } else { 0 };
    let rows: Vec<Num> = if two {
        e.cells.iter().map(|c| c.key[0]).collect::<BTreeSet<_>>().into_iter().collect()
    } else {
        vec![Num::Int(0)]
    };
    let cols: Vec<Num> =
        e.cells.iter().map(|c| c.key[col_feature]).collect::<BTreeSet<_>>().into_iter().collect();
    if rows.len() > MAX_SIDE || cols.len() > MAX_SIDE {
        return Err(Failure::msg(format!(
            "the table has {} rows and {} columns; a picture shows at most {MAX_SIDE} of each",
            rows.len(),
            cols.len()
        )));
    }
    let cells: HashMap<(Num, Num), &Cell> =
        e.cells.iter().map(|c| ((if two { c.key[0] } else { Num::Int(0) }, c.key[col_feature]), c)).collect();

    let mut shapes = Vec::new();
    shapes.push(Shape::Text {
        x: PAD,
        y: PAD,
        text: title.to_string(),
        scale: 2,
        fill: BLACK,
        anchor: Anchor::Start,
    });
    let row_name = if two { e.features[0].as_str() } else { "" };
    let row_label_width = rows
        .iter()
        .map(|r| if two { text_width(&r.to_string(), 2) } else { 0 })
        .chain([text_width(row_name, 2)])
        .max()
        .unwrap_or(0)
        + 12;
    let left = PAD + row_label_width;
    let axis_y = PAD + 2 * GLYPH + 16;
    let ticks_y = axis_y + 2 * GLYPH + 8;
    let top = ticks_y + 2 * GLYPH + 8;
    shapes.push(Shape::Text {
        x: left,
        y: axis_y,
        text: e.features[col_feature].clone(),
        scale: 2,
        fill: BLACK,
        anchor: Anchor::Start,
    });
    if two {
        shapes.push(Shape::Text {
            x: PAD,
            y: ticks_y,
            text: row_name.to_string(),
            scale: 2,
            fill: BLACK,
            anchor: Anchor::Start,
        });
    }
    for (j, c) in cols.iter().enumerate() {
        let text = c.to_string();
        let scale = fitting(&text, CELL - 2);
        let y = ticks_y + (2 - scale) * GLYPH / 2;
        shapes.push(Shape::Text {
            x: left + j as u32 * CELL + CELL / 2,
            y,
            text,
            scale,
            fill: BLACK,
            anchor: Anchor::Middle,
        });
    }
    let mut present: BTreeSet<Observed> = BTreeSet::new();
    let mut mixed = false;
    for (i, r) in rows.iter().enumerate() {
        let y = top + i as u32 * CELL;
        if two {
            shapes.push(Shape::Text {
                x: left - 8,
                y: y + CELL / 2 - GLYPH,
                text: r.to_string(),
                scale: 2,
                fill: BLACK,
                anchor: Anchor::End,
            });
        }
        for (j, c) in cols.iter().enumerate() {
            let x = left + j as u32 * CELL;
            let Some(cell) = cells.get(&(*r, *c)) else {
                shapes.push(Shape::Rect {
                    x: x + 1,
                    y: y + 1,
                    w: CELL - 2,
                    h: CELL - 2,
                    fill: EMPTY,
                    title: None,
                });
                continue;
            };
            let fill = match cell.entries.as_slice() {
                [one] => colour(e, one.value),
                _ => {
                    mixed = true;
                    MIXED
                }
            };
            present.extend(cell.entries.iter().map(|x| x.value));
            let key: Vec<String> =
                e.features.iter().zip(&cell.key).map(|(f, v)| format!("{f}={v}")).collect();
            let values: Vec<String> = cell
                .entries
                .iter()
                .map(|x| format!("{} ({})", x.value.describe(e.value_texts()), x.count))
                .collect();
            let title = format!("{}: {}", key.join(", "), values.join(", "));
            shapes.push(Shape::Rect {
                x: x + 1,
                y: y + 1,
                w: CELL - 2,
                h: CELL - 2,
                fill,
                title: Some(title),
            });
            let label: Vec<String> = cell.entries.iter().map(|x| x.value.short(e.value_texts())).collect();
            let label = label.join("+");
            let scale = fitting(&label, CELL - 6);
            shapes.push(Shape::Text {
                x: x + CELL / 2,
                y: y + CELL / 2 - GLYPH * scale / 2,
                text: label,
                scale,
                fill: ink(fill),
                anchor: Anchor::Middle,
            });
        }
    }
    let grid_right = left + cols.len() as u32 * CELL;
    let mut width = (grid_right + PAD).max(PAD + text_width(title, 2) + PAD).max(360);

    // The legend, wrapped to the picture's width.
    let mut items: Vec<(Rgb, String)> = present
        .iter()
        .map(|&v| {
            let name = match v {
                Observed::Outcome(v) => v.to_string(),
                Observed::Nim(0) => "*0 (lose)".to_string(),
                Observed::Nim(n) => format!("*{n}"),
                Observed::Value(_) => v.text(e.value_texts()),
            };
            (colour(e, v), name)
        })
        .collect();
    if mixed {
        items.push((MIXED, "several values".to_string()));
    }
    items.push((EMPTY, "no position".to_string()));
    let mut x = PAD;
    let mut y = top + rows.len() as u32 * CELL + 20;
    for (fill, name) in items {
        let item_width = 2 * GLYPH + 8 + text_width(&name, 2) + 24;
        if x > PAD && x + item_width > width.max(grid_right + PAD) {
            x = PAD;
            y += 2 * GLYPH + 12;
        }
        shapes.push(Shape::Rect { x, y, w: 2 * GLYPH, h: 2 * GLYPH, fill, title: None });
        shapes.push(Shape::Text {
            x: x + 2 * GLYPH + 8,
            y,
            text: name,
            scale: 2,
            fill: BLACK,
            anchor: Anchor::Start,
        });
        x += item_width;
        width = width.max(x + PAD - 24);
    }
    let height = y + 2 * GLYPH + PAD;
    Ok(Scene { width, height, shapes })
}

fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

fn svg(scene: &Scene) -> String {
    let (w, h) = (scene.width, scene.height);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n"
    );
    for shape in &scene.shapes {
        match shape {
            Shape::Rect { x, y, w, h, fill, title } => {
                let fill = hex(*fill);
                match title {
                    Some(t) => out.push_str(&format!(
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{fill}\"><title>{}</title></rect>\n",
                        escape(t)
                    )),
                    None => out.push_str(&format!("<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{fill}\"/>\n")),
                }
            }
            Shape::Text { x, y, text, scale, fill, anchor } => {
                let anchor = match anchor {
                    Anchor::Start => "start",
                    Anchor::Middle => "middle",
                    Anchor::End => "end",
                };
                // A monospace font of size 12s is about 7.2s wide a character, within the 8s of
                // the layout; its baseline sits about 7s below the top of the glyphs' box.
                let size = 12 * scale;
                let baseline = y + 7 * scale;
                out.push_str(&format!(
                    "<text x=\"{x}\" y=\"{baseline}\" font-size=\"{size}\" fill=\"{}\" text-anchor=\"{anchor}\" \
                     dominant-baseline=\"alphabetic\">{}</text>\n",
                    hex(*fill),
                    escape(text)
                ));
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// An RGB image.
struct Raster {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Raster {
    fn new(width: u32, height: u32) -> Raster {
        Raster { width, height, pixels: vec![255; (width * height * 3) as usize] }
    }

    fn fill(&mut self, x: u32, y: u32, w: u32, h: u32, c: Rgb) {
        for yy in y..(y + h).min(self.height) {
            for xx in x..(x + w).min(self.width) {
                let i = ((yy * self.width + xx) * 3) as usize;
                self.pixels[i..i + 3].copy_from_slice(&c);
            }
        }
    }

    fn text(&mut self, x: u32, y: u32, text: &str, scale: u32, c: Rgb) {
        for (k, ch) in text.chars().enumerate() {
            let code = if ch.is_ascii() { ch as usize } else { '?' as usize };
            let glyph = font8x8::legacy::BASIC_LEGACY[code];
            let gx = x + k as u32 * GLYPH * scale;
            for (row, bits) in glyph.iter().enumerate() {
                for col in 0..8 {
                    if bits >> col & 1 == 1 {
                        self.fill(gx + col * scale, y + row as u32 * scale, scale, scale, c);
                    }
                }
            }
        }
    }
}

fn png(scene: &Scene) -> Result<Vec<u8>, Failure> {
    let mut image = Raster::new(scene.width, scene.height);
    for shape in &scene.shapes {
        match shape {
            Shape::Rect { x, y, w, h, fill, .. } => image.fill(*x, *y, *w, *h, *fill),
            Shape::Text { x, y, text, scale, fill, anchor } => {
                let width = text_width(text, *scale);
                let x = match anchor {
                    Anchor::Start => *x,
                    Anchor::Middle => x.saturating_sub(width / 2),
                    Anchor::End => x.saturating_sub(width),
                };
                image.text(x, *y, text, *scale, *fill);
            }
        }
    }
    let mut bytes = Vec::new();
    let failed = |e: png::EncodingError| Failure::msg(format!("cannot encode the PNG picture: {e}"));
    {
        let mut encoder = png::Encoder::new(&mut bytes, image.width, image.height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(failed)?;
        writer.write_image_data(&image.pixels).map_err(failed)?;
        writer.finish().map_err(failed)?;
    }
    Ok(bytes)
}
