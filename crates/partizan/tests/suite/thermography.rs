//! Thermographs, means, temperatures and cooling against published values (Winning Ways,
//! ch. 6; Siegel, *Combinatorial Game Theory*, II.5; CGSuite's conventions) and against the
//! theory on random games: the walls are the stops of the cooled game, the freezing point is
//! where the cooled game first becomes infinitesimally close to a number, cooling is additive,
//! the mean is additive, and the mean value theorem bounds the stops of multiples.

use crate::common;
use common::{random_pool, text, value};

use nimber_partizan::{thermograph, Dyadic, Form, Forms};

fn d(text: &str) -> Dyadic {
    let (n, k) = match text.split_once('/') {
        Some((n, den)) => (n.parse::<i128>().unwrap(), den.parse::<u32>().unwrap().trailing_zeros()),
        None => (text.parse().unwrap(), 0),
    };
    Dyadic::new(n, k)
}

/// Mean and temperature of known games. Numbers: CGSuite's temperatures (`-1` for integers,
/// `-1/2^k` for `m/2^k`). Switches `{x|y}` with `x > y` numbers: mean `(x+y)/2`, temperature
/// `(x-y)/2`. Infinitesimals: temperature 0.
#[test]
fn published_means_and_temperatures() {
    let mut forms = Forms::new();
    for (game, mean, temp) in [
        ("0", "0", "-1"),
        ("5", "5", "-1"),
        ("-3", "-3", "-1"),
        ("1/2", "1/2", "-1/2"),
        ("3/4", "3/4", "-1/4"),
        ("-5/8", "-5/8", "-1/8"),
        ("*", "0", "0"),
        ("*3", "0", "0"),
        ("^", "0", "0"),
        ("v*", "0", "0"),
        ("2^*", "2", "0"),
        ("+-1", "0", "1"),
        ("+-1/2", "0", "1/2"),
        ("{1|0}", "1/2", "1/2"),
        ("{3|1}", "2", "1"),
        // Domineering's 2x3 rectangle (Winning Ways, ch. 6).
        ("{2|-1/2}", "3/4", "5/4"),
        // {2 | {1|0}}: the left scaffold 2 - t meets the right one 1/2 + t at 3/4.
        ("{2||1|0}", "5/4", "3/4"),
        // A hot game with a cold option on each side: {1|-1} + {1|-1} = 0.
        ("+-1 + +-1", "0", "-1"),
        ("+-2 + +-1", "0", "2"),
        // {{4|2} | 0}: the left scaffold 2, then 3 - t past 1, meets t at 3/2.
        ("{4|2||0}", "3/2", "3/2"),
        ("{1*|-1}", "0", "1"),
    ] {
        let g = value(&mut forms, game);
        assert_eq!((forms.mean(g), forms.temperature(g)), (d(mean), d(temp)), "{game}");
        let th = forms.thermograph(g);
        assert_eq!((th.mean(), th.temperature()), (d(mean), d(temp)), "{game}");
    }
}

/// Cooling known games.
#[test]
fn published_coolings() {
    let mut forms = Forms::new();
    for (game, t, cooled) in [
        ("+-1", "1", "*"),
        ("+-1", "1/2", "+-1/2"),
        ("+-1", "2", "0"),
        ("{2|-1/2}", "1", "{1|1/2}"),
        ("{2|-1/2}", "5/4", "3/4*"),
        ("{2|-1/2}", "3", "3/4"),
        ("{3|1}", "1", "2*"),
        ("^", "1/2", "0"),
        ("*", "0", "*"),
        ("*", "1", "0"),
        ("3/4", "1/4", "3/4"),
        ("7", "5", "7"),
        // Chilling (cooling by 1) the switch {2|0}: {1|1} = 1*.
        ("{2|0}", "1", "1*"),
    ] {
        let g = value(&mut forms, game);
        let c = forms.cool(g, d(t));
        assert_eq!(text(&mut forms, c), cooled, "{game} cooled by {t}");
    }
}

/// The walls of the thermograph are the stops of the cooled game, at every multiple of 1/16 from
/// 0 to one degree past the temperature; below the temperature the game `{G^L_t - t | G^R_t +
/// t}` is not infinitesimally close to a number (its stops differ) and at the temperature it is
/// (the definition of the freezing point); cooling commutes with sums and negation; the mean
/// is additive and the temperature of a sum at most the larger one; the stops of `n.G` are
/// within the temperature of `n` times the mean (the mean value theorem). On 150 random games
/// born by day 3 and 400 sums of two of them.
#[test]
fn theory_on_random_games() {
    let mut forms = Forms::new();
    let (pool, mut rng) = random_pool(&mut forms, 29, 2000);
    use rand::Rng;
    let sample: Vec<Form> = (0..150).map(|_| pool[rng.gen_range(0..pool.len())]).collect();
    let step = Dyadic::new(1, 4);
    let mut checked = 0;
    for &g in &sample {
        let th = forms.thermograph(g);
        let (ls, rs) = forms.stops(g);
        assert_eq!((th.left.at(Dyadic::ZERO), th.right.at(Dyadic::ZERO)), (ls, rs));
        let temp = th.temperature();
        let mut t = Dyadic::ZERO;
        while t <= temp + Dyadic::int(1) {
            let c = forms.cool(g, t);
            assert_eq!(forms.stops(c), (th.left.at(t), th.right.at(t)), "{} at {t}", text(&mut forms, g));
            if forms.as_number(g).is_none() && t <= temp {
                let h = unfrozen(&mut forms, g, t);
                let (l, r) = forms.stops(h);
                assert_eq!(l == r, t == temp, "{} at {t}", text(&mut forms, g));
            }
            t = t + step;
            checked += 1;
        }
        let n = forms.neg(g);
        let (cn, c) = (forms.cool(n, Dyadic::new(1, 1)), forms.cool(g, Dyadic::new(1, 1)));
        assert_eq!(cn, forms.neg(c));
    }
    for i in 0..400 {
        let (g, h) = (sample[i % sample.len()], sample[(i * 7 + 3) % sample.len()]);
        let s = forms.sum(g, h);
        assert_eq!(forms.mean(s), forms.mean(g) + forms.mean(h));
        let (tg, th, ts) = (forms.temperature(g), forms.temperature(h), forms.temperature(s));
        assert!(ts <= tg.max(th), "{} + {}", text(&mut forms, g), text(&mut forms, h));
        for t in [Dyadic::new(1, 2), Dyadic::new(1, 1), Dyadic::int(1)] {
            let (cg, ch, cs) = (forms.cool(g, t), forms.cool(h, t), forms.cool(s, t));
            assert_eq!(
                cs,
                forms.sum(cg, ch),
                "({} + {}) cooled by {t}",
                text(&mut forms, g),
                text(&mut forms, h)
            );
        }
    }
    // The mean value theorem: n.m(G) - t(G) <= R(n.G) <= L(n.G) <= n.m(G) + t(G) for hot G.
    let mut hot = 0;
    for &g in sample.iter().take(60) {
        let (m, t) = (forms.mean(g), forms.temperature(g));
        if t < Dyadic::ZERO {
            continue;
        }
        let mut multiple = Form::ZERO;
        for n in 1..=4 {
            multiple = forms.sum(multiple, g);
            let (l, r) = forms.stops(multiple);
            let nm = Dyadic::int(n) * m;
            assert!(nm - t <= r && r <= l && l <= nm + t, "{} times {}", n, text(&mut forms, g));
        }
        hot += 1;
    }
    assert!(checked > 2000 && hot > 20, "{checked} coolings, {hot} hot games");
}

/// `{G^L_t - t | G^R_t + t}` without freezing.
fn unfrozen(forms: &mut Forms, g: Form, t: Dyadic) -> Form {
    let (tax, untax) = (forms.number(t), forms.number(-t));
    let left: Vec<Form> = forms.left(g).to_vec();
    let right: Vec<Form> = forms.right(g).to_vec();
    let left = left
        .into_iter()
        .map(|o| {
            let c = forms.cool(o, t);
            forms.sum(c, untax)
        })
        .collect();
    let right = right
        .into_iter()
        .map(|o| {
            let c = forms.cool(o, t);
            forms.sum(c, tax)
        })
        .collect();
    forms.make(left, right)
}

/// The drawing: a standalone SVG document with the mean and temperature, both walls and the
/// mast, and the title escaped.
#[test]
fn thermograph_drawing() {
    let mut forms = Forms::new();
    let g = value(&mut forms, "{2|-1/2}");
    let th = forms.thermograph(g);
    let svg = thermograph::svg(&th, "domineering <2x3>");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{svg}");
    assert!(svg.ends_with("</svg>"));
    assert!(svg.contains("data-mean=\"3/4\" data-temperature=\"5/4\""));
    assert!(svg.contains("<title>domineering &lt;2x3&gt;: mean 3/4, temperature 5/4</title>"));
    assert_eq!(svg.matches("class=\"wall\"").count(), 2);
    assert_eq!(svg.matches("class=\"mast\"").count(), 1);
    // Every game of the sample draws.
    for text in ["0", "1/2", "*", "^", "+-1", "{4|2||0}", "-7"] {
        let g = value(&mut forms, text);
        let th = forms.thermograph(g);
        let svg = thermograph::svg(&th, text);
        assert!(
            svg.contains("class=\"mast\"") && !svg.contains("NaN") && !svg.contains("inf"),
            "{text}: {svg}"
        );
    }
}
