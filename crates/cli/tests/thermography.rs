//! Means, temperatures, cooling and thermographs through the real binary (`nimber cgt`,
//! `nimber value`): Winning Ways' values, the JSON keys, the SVG file, and errors.

mod common;
use common::*;

#[test]
fn cgt_mean_temperature_and_thermograph() {
    // Domineering 2x3 = {2|-1/2}: mean 3/4, temperature 5/4 (Winning Ways, ch. 6).
    let svg = temp_file("dom23.svg");
    let text = ok(&["cgt", "domineering", "-p", "board=.../...", "--thermograph", svg.to_str().unwrap()]);
    assert!(text.contains("mean      3/4, temperature 5/4\n"), "{text}");
    assert!(text.contains(&format!("picture   {}\n", svg.display())), "{text}");
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.starts_with("<svg") && drawn.contains("data-mean=\"3/4\" data-temperature=\"5/4\""));
    assert!(drawn.contains("<title>domineering .../...: mean 3/4, temperature 5/4</title>"), "{drawn}");
    std::fs::remove_file(&svg).unwrap();
    let doc = json(&["cgt", "domineering", "-p", "board=../..", "--json"]);
    assert_eq!((doc["mean"].as_str(), doc["temperature"].as_str()), (Some("0"), Some("1")));
    // 1x2 is -1, an integer: temperature -1 as CGSuite has it.
    let doc = json(&["cgt", "domineering", "-p", "board=..", "--json"]);
    assert_eq!(
        (doc["value"].as_str(), doc["mean"].as_str(), doc["temperature"].as_str()),
        (Some("-1"), Some("-1"), Some("-1"))
    );
}

#[test]
fn value_cooling_and_thermal_functions() {
    assert_eq!(
        ok(&["value", "cool({2|-1/2}, 1)"]),
        "{1|1/2}\noutcome L (Left wins, whoever starts), stops left 1, right 1/2, mean 3/4, temperature 1/4\n"
    );
    assert_eq!(ok(&["value", "cool(+-1, 1)"]).lines().next(), Some("*"));
    assert_eq!(ok(&["value", "cool({2|-1/2}, 2) == mean({2|-1/2})"]), "true: 3/4 = 3/4\n");
    assert_eq!(ok(&["value", "temperature({2|-1/2}) + temperature(1/2)"]).lines().next(), Some("3/4"));
    let doc = json(&["value", "{3|1||0}", "--json"]);
    assert_eq!((doc["mean"].as_str(), doc["temperature"].as_str()), (Some("1"), Some("1")));
    let svg = temp_file("value.svg");
    ok(&["value", "+-1", "--thermograph", svg.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("data-mean=\"0\" data-temperature=\"1\""));
    std::fs::remove_file(&svg).unwrap();
}

#[test]
fn errors() {
    for (args, message) in [
        (&["value", "cool(1, *)"][..], "column 9: the temperature of cool(G, t) must be a number"),
        (&["value", "cool(+-1, -2)"], "column 11: games are cooled by t >= -1"),
        (&["value", "cool(+-1)"], "column 1: cool(G, t) takes 2 argument(s), not 1"),
        (&["value", "mean +-1"], "column 1: write mean(G) with its parentheses"),
        (&["value", "cool(+-1, 1"], "column 5: `(` is not closed"),
        (&["value", "heat(1)"], "column 1: `heat` is not part of a value"),
        (&["value", "1 < 2", "--thermograph", "x.svg"], "--thermograph draws a value, not a comparison"),
        (&["value", "1", "--thermograph", "/nonexistent-dir/x.svg"], "/nonexistent-dir/x.svg"),
    ] {
        let err = fails(args);
        assert!(err.contains(message), "{args:?}: {err}");
    }
}
