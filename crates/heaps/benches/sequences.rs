//! Nim sequences at scale: the sparse space method against the plain quadratic method.
//!
//! Run with `cargo bench -p nimber-heaps`. For Kayles (0.77), Dawson's Kayles (0.07), 0.16 and
//! Grundy's game it prints the time of the fast method to 10^5 and 10^6 heaps, and the time of
//! the quadratic method (every move's value marked, then the mex: about n/2 XORs per heap, the
//! method of the octal-game solver that the issue measured at about 4.5 min for Kayles and
//! 9.5 min for Dawson's Kayles to 10^6) to 10^5 only, extrapolated quadratically to 10^6 (x100:
//! its cost per heap grows linearly with the heap). The ratio is the extrapolated quadratic
//! time over the fast time at 10^6. The sequences to 10^5 of both methods are compared.
//!
//! Environment: `NIMBER_BENCH_UPTO` (default 1000000) is the large size; `NIMBER_BENCH_GAMES`
//! (comma-separated codes) chooses the games.

use std::hint::black_box;
use std::time::{Duration, Instant};

use nimber_engine::Silent;
use nimber_heaps::{find_period, nim_sequence_with_stats, quadratic_sequence, Ruleset};

fn seconds(d: Duration) -> f64 {
    d.as_secs_f64()
}

fn main() {
    let large: usize =
        std::env::var("NIMBER_BENCH_UPTO").ok().and_then(|t| t.parse().ok()).unwrap_or(1_000_000);
    let small = (large / 10).max(1);
    let games = std::env::var("NIMBER_BENCH_GAMES").unwrap_or_else(|_| "0.77,0.07,0.16,grundy".to_string());
    println!("nim sequences to {small} and {large} heaps (one thread)");
    println!();
    println!(
        "{:<22} {:>10} {:>10} {:>12} {:>16} {:>8} {:>10}",
        "game", "fast 10^5", "fast 10^6", "quadr. 10^5", "quadr. 10^6 est.", "ratio", "rare heaps"
    );
    for code in games.split(',') {
        let rules = Ruleset::parse(code).unwrap_or_else(|e| panic!("{code}: {e}"));
        let started = Instant::now();
        let (fast_small, _) = nim_sequence_with_stats(&rules, small, &Silent);
        let fast_small_time = started.elapsed();
        let started = Instant::now();
        let (fast_large, stats) = nim_sequence_with_stats(&rules, large, &Silent);
        let fast_large_time = started.elapsed();
        assert_eq!(&fast_large[..=small], &fast_small[..], "{code}: the two runs differ");
        let started = Instant::now();
        let quadratic = quadratic_sequence(&rules, small, &Silent);
        let quadratic_time = started.elapsed();
        assert_eq!(quadratic, fast_small, "{code}: the quadratic method differs");
        let scale = (large as f64 / small as f64).powi(2);
        let estimate = seconds(quadratic_time) * scale;
        println!(
            "{:<22} {:>9.3}s {:>9.3}s {:>11.2}s {:>15.0}s {:>7.0}x {:>10}",
            rules.title(),
            seconds(fast_small_time),
            seconds(fast_large_time),
            seconds(quadratic_time),
            estimate,
            estimate / seconds(fast_large_time),
            stats.rare_heaps,
        );
        eprintln!("  {}: {stats:?}", rules.code());
        black_box(&fast_large);
    }
    println!();
    println!("the quadratic time at 10^6 is extrapolated from 10^5 (x100), not measured");
    let reference = [("0.77", 270.0), ("0.07", 570.0)];
    for (code, public) in reference {
        let rules = Ruleset::parse(code).expect("a valid code");
        if games.split(',').any(|g| g == code) && large == 1_000_000 {
            let started = Instant::now();
            black_box(nim_sequence_with_stats(&rules, large, &Silent));
            let time = seconds(started.elapsed());
            println!(
                "{}: public solver {public:.0} s (issue's figure) / fast {time:.3} s = {:.0}x",
                rules.title(),
                public / time
            );
        }
    }
    // The period of 0.16 proved from the values to 600000 (Gangolli and Plambeck).
    if games.split(',').any(|g| g == "0.16") && large >= 600_000 {
        let rules = Ruleset::parse("0.16").expect("a valid code");
        let started = Instant::now();
        let (g, _) = nim_sequence_with_stats(&rules, 600_000, &Silent);
        let values = started.elapsed();
        let started = Instant::now();
        let found = find_period(&g, Some(&rules), &Silent);
        println!(
            "0.16 to 600000: values {:.3} s, period search {:.3} s: {found:?}",
            seconds(values),
            seconds(started.elapsed())
        );
    }
}
