//! The drawings' text: escaping and short numbers.

use nimber_games::testing::svg::*;

#[test]
fn text_and_attributes_are_escaped() {
    let mut svg = Svg::new("t<&>", "a&b <c> \"d\" 'e'", 10.0, 10.0);
    svg.text((1.0, 2.0), "<x & y>", 5.0, Anchor::Middle, colour::INK);
    let doc = svg.finish();
    assert!(doc.contains("<title>a&amp;b &lt;c&gt; &quot;d&quot; &apos;e&apos;</title>"), "{doc}");
    assert!(doc.contains("data-game=\"t&lt;&amp;&gt;\""), "{doc}");
    assert!(doc.contains(">&lt;x &amp; y&gt;</text>"), "{doc}");
    assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\""));
    assert!(doc.trim_end().ends_with("</svg>"));
    assert_eq!(escape("a\u{1}b"), "a\u{fffd}b");
}

#[test]
fn numbers_are_short() {
    assert_eq!(num(12.0), "12");
    assert_eq!(num(0.1 + 0.2), "0.3");
    assert_eq!(num(-0.001), "0");
    assert_eq!(num(2.346), "2.35");
    assert_eq!(shorten("abcdef", 4), "abc…");
    assert_eq!(shorten("abc", 4), "abc");
}
