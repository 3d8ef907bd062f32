//! What an invalid input costs peguri, part by part, next to fluent-uri's
//! whole failed parse: the floor under the `invalid` class of
//! `benches/classes.rs`.
//!
//! Run: `cargo run --release --example error_floor [-- --rounds N]`
//!
//! Over the `invalid` class, in alternating rounds (median of `N`, default
//! 9), per input:
//!
//! - `fluent-uri`: `UriRef::parse`, reading the error's index;
//! - `recognizer`: peguri's compiled first pass alone, which finds that the
//!   input is invalid and builds no error;
//! - `recognizer + allocation`: the same, plus allocating and freeing as
//!   many bytes as an error's excerpt holds (the one allocation a
//!   `ParseError` may make);
//! - `UriRef::parse`: the whole parse, the error built and its offset read,
//!   as the benchmark times it.
//!
//! The ratios are to fluent-uri. What lies between the second and the last
//! line is the error: where and why, in words, with the excerpt.

#[path = "../support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::{Duration, Instant};

use support::classes;

/// How many bytes an error's excerpt holds at most when the input is
/// ASCII (sixty before the spot and twenty from it).
const EXCERPT_BYTES: usize = 80;

fn main() {
    let mut rounds = 9;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next().and_then(|n| n.parse().ok())) {
            ("--rounds", Some(n)) if n > 0 => rounds = n,
            _ => panic!("usage: error_floor [--rounds N]"),
        }
    }
    let (lines, _) = support::corpus();
    let class = classes::build("invalid", &lines).expect("the invalid class");
    let recognize = peguri::__engines::recognizer("URI-reference").expect("a typed rule");
    let fluent = |line: &str| match fluent_uri::UriRef::parse(line) {
        Ok(_) => 0,
        Err(e) => e.index() + 1,
    };
    let first_pass = |line: &str| usize::from(recognize(line));
    let first_pass_and_allocation = |line: &str| {
        let accepted = recognize(line);
        let excerpt: Box<[u8]> = line.as_bytes()[..line.len().min(EXCERPT_BYTES)].into();
        usize::from(accepted) + black_box(excerpt).len()
    };
    let peguri = |line: &str| match peguri::UriRef::parse(line) {
        Ok(_) => 0,
        Err(e) => e.offset() + 1,
    };
    let names = [
        "fluent-uri",
        "recognizer",
        "recognizer + allocation",
        "UriRef::parse",
    ];
    let mut times = vec![Vec::new(); names.len()];
    let inputs = &class.inputs;
    for _ in 0..rounds {
        times[0].push(ns_per_input(fluent, inputs));
        times[1].push(ns_per_input(first_pass, inputs));
        times[2].push(ns_per_input(first_pass_and_allocation, inputs));
        times[3].push(ns_per_input(peguri, inputs));
    }
    let median = |t: &mut Vec<f64>| {
        t.sort_by(f64::total_cmp);
        t[t.len() / 2]
    };
    let medians: Vec<f64> = times.iter_mut().map(median).collect();
    println!(
        "{} invalid inputs, {rounds} rounds, median\n",
        class.inputs.len()
    );
    println!("| per input | ns | ratio to fluent-uri |");
    println!("|---|---:|---:|");
    for (name, t) in names.iter().zip(&medians) {
        println!("| {name} | {t:.0} | {:.2} |", t / medians[0]);
    }
}

/// Nanoseconds per input for passes of `part` over `inputs`, repeated for
/// at least 20 ms.
fn ns_per_input(part: impl Fn(&str) -> usize, inputs: &[String]) -> f64 {
    let start = Instant::now();
    let mut passes = 0u64;
    let mut sum = 0usize;
    while passes == 0 || start.elapsed() < Duration::from_millis(20) {
        for input in inputs {
            sum = sum.wrapping_add(part(black_box(input)));
        }
        passes += 1;
    }
    black_box(sum);
    start.elapsed().as_nanos() as f64 / (passes as f64 * inputs.len() as f64)
}
