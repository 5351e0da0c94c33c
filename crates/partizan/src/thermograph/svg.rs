//! Thermographs drawn as SVG, in the orientation of *Winning Ways* and CGSuite: temperature
//! upwards, values along the horizontal axis with **larger values to the left** (Left's side),
//! the left wall in blue (Left's colour), the right wall in red, and the mast in black with an
//! arrow. The scales of value and temperature are equal, so that a wall of slope 1 is drawn at
//! 45 degrees.

use std::fmt::Write;

use super::Thermograph;
use nimber_engine::Dyadic;

/// Pixels per unit at most, and the width the drawing aims for.
const MAX_SCALE: f64 = 160.0;
const PLOT_WIDTH: f64 = 360.0;
const MARGIN: f64 = 36.0;
const LEFT_COLOUR: &str = "#1f5fbf";
const RIGHT_COLOUR: &str = "#c8352a";

/// The thermograph `th` as a standalone SVG document titled `title` (escaped here), with its
/// mean and temperature in `data-mean` and `data-temperature` attributes of the root element.
pub fn svg(th: &Thermograph, title: &str) -> String {
    let (mean, temp) = (th.mean(), th.temperature());
    // Temperatures drawn: from 0 (or from a number's negative temperature) to above the mast's
    // foot.
    let bottom = temp.min(Dyadic::ZERO);
    let (hi_v, lo_v) = (th.left.at(bottom), th.right.at(bottom));
    let span = (hi_v - lo_v).to_f64().max(temp.to_f64() - bottom.to_f64()).max(1.0);
    let scale = (PLOT_WIDTH / (span + 1.0)).min(MAX_SCALE);
    let headroom = (span / 2.0).max(0.5);
    let top = temp.to_f64().max(0.0) + headroom;
    // Value range shown: the walls' extent at the bottom, with half a unit of room each side.
    let (v_left, v_right) = (hi_v.to_f64() + 0.5, lo_v.to_f64() - 0.5);
    let width = (v_left - v_right) * scale + 2.0 * MARGIN;
    let height = (top - bottom.to_f64()) * scale + 2.0 * MARGIN + 14.0;
    let x = |v: f64| MARGIN + (v_left - v) * scale;
    let y = |t: f64| MARGIN + (top - t) * scale;
    let title = escape(title);
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.1} {h:.1}" width="{w:.0}" height="{h:.0}" class="thermograph" data-mean="{mean}" data-temperature="{temp}" font-family="sans-serif" font-size="12"><title>{title}: mean {mean}, temperature {temp}</title><rect width="100%" height="100%" fill="#fff"/>"##,
        w = width,
        h = height,
    );
    // Grid: a vertical line at every integer value (every half when the range is small), the
    // value axis at t = 0.
    let step = if v_left - v_right <= 3.0 { 0.5 } else { 1.0 };
    let mut v = (v_right / step).ceil() * step;
    while v <= v_left + 1e-9 {
        let _ = write!(
            s,
            r##"<line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{2:.1}" stroke="#e3e3e3"/><text x="{0:.1}" y="{3:.1}" text-anchor="middle" fill="#555">{4}</text>"##,
            x(v),
            y(top),
            y(bottom.to_f64()),
            y(bottom.to_f64()) + 16.0,
            label(v),
        );
        v += step;
    }
    // Temperatures: a faint line and a label at every whole degree (every half below 2).
    let t_step = if top - bottom.to_f64() <= 2.0 { 0.5 } else { 1.0 };
    let mut t = (bottom.to_f64() / t_step).ceil() * t_step;
    while t <= top + 1e-9 {
        let _ = write!(
            s,
            r##"<line x1="{0:.1}" y1="{1:.1}" x2="{2:.1}" y2="{1:.1}" stroke="#f0f0f0"/><text x="{3:.1}" y="{4:.1}" text-anchor="end" fill="#888">{5}</text>"##,
            x(v_left),
            y(t),
            x(v_right),
            x(v_left) - 4.0,
            y(t) + 4.0,
            label(t),
        );
        t += t_step;
    }
    let _ = write!(
        s,
        r##"<line x1="{:.1}" y1="{2:.1}" x2="{:.1}" y2="{2:.1}" stroke="#888"/>"##,
        x(v_left),
        x(v_right),
        y(0.0),
    );
    // The walls up to the temperature, then the mast.
    for (wall, colour, side) in [(&th.left, LEFT_COLOUR, "left"), (&th.right, RIGHT_COLOUR, "right")] {
        let mut points = vec![(wall.at(bottom), bottom)];
        let (breaks, _) = wall.points();
        points.extend(breaks.into_iter().filter(|&(t, _)| t > bottom && t < temp).map(|(t, v)| (v, t)));
        if temp > bottom {
            points.push((mean, temp));
        }
        let path: Vec<String> =
            points.iter().map(|&(v, t)| format!("{:.1},{:.1}", x(v.to_f64()), y(t.to_f64()))).collect();
        let _ = write!(
            s,
            r##"<polyline class="wall" data-wall="{side}" points="{}" fill="none" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>"##,
            path.join(" "),
        );
    }
    let (mx, my0, my1) = (x(mean.to_f64()), y(temp.to_f64()), y(top));
    let _ = write!(
        s,
        r##"<line class="mast" x1="{mx:.1}" y1="{my0:.1}" x2="{mx:.1}" y2="{:.1}" stroke="#111" stroke-width="2.5"/><path d="M{:.1},{my1:.1} l-5,9 h10 z" fill="#111"/>"##,
        my1 + 8.0,
        mx,
    );
    // The temperature, dashed across, and the mean at the top of the mast.
    if temp > Dyadic::ZERO {
        let _ = write!(
            s,
            r##"<line x1="{:.1}" y1="{my0:.1}" x2="{:.1}" y2="{my0:.1}" stroke="#999" stroke-dasharray="4 3"/><text x="{:.1}" y="{:.1}" text-anchor="end" fill="#555">t = {temp}</text>"##,
            x(v_left),
            x(v_right),
            x(v_right),
            my0 - 4.0,
        );
    }
    let _ = write!(
        s,
        r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#111">mean {mean}, temperature {temp}</text></svg>"##,
        width / 2.0,
        MARGIN - 16.0,
    );
    s
}

/// Text for XML: `&`, `<`, `>` and quotes escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// `2`, `-1`, `1/2` for grid labels (steps of a half).
fn label(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{}", v as i64)
    } else {
        format!("{}/2", (v * 2.0) as i64)
    }
}
