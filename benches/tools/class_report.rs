//! Time per input for each class of `benches/support/classes.rs`, peguri
//! next to its peers, measured in one process with alternating rounds: a
//! quick cross-check of `cargo bench --bench classes`, not a replacement.
//!
//! Run: `cargo run --release --example class_report [-- OPTIONS] [CLASS...]`
//!
//! - `--rounds N`: rounds per parser (default 5). In each round every parser
//!   of the class in turn parses the whole class, repeatedly for at least
//!   20 ms; the report shows each parser's median round.
//! - `--dropped`: also list the candidates left out of a class because a
//!   parser disagreed (up to 20 per class; `--dropped-all` for every one).
//! - `CLASS...`: only these classes (`corpus`, `http`, `generated`, `ipv6`, `pct`,
//!   `short`, `invalid`, `iri`).
//! - `--ipv6-forms`: also one class per form of `IPv6address` (RFC 3986
//!   section 3.2.2's nine, and the compressed addresses seen most), 2,000
//!   references `http://[...]/` each.
//!
//! The ratios are peguri's time over fluent-uri's and over oxiri's; for
//! `iri` also over iri-string's.

#[path = "../support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::{Duration, Instant};

use support::Parse;
use support::classes::{self, Class};

/// Nanoseconds per input for one pass of `parse` over `inputs`, repeated
/// for at least `min` in all.
fn ns_per_input(parse: Parse, inputs: &[String], min: Duration) -> f64 {
    let start = Instant::now();
    let mut passes = 0u64;
    let mut sum = 0usize;
    loop {
        for input in inputs {
            sum = sum.wrapping_add(parse(black_box(input)));
        }
        passes += 1;
        if start.elapsed() >= min {
            break;
        }
    }
    black_box(sum);
    let elapsed = start.elapsed().as_nanos() as f64;
    elapsed / (passes as f64 * inputs.len().max(1) as f64)
}

/// Each parser's median over `rounds` alternating rounds, in the class's
/// parser order.
fn measure(class: &Class, rounds: usize) -> Vec<f64> {
    let parsers = class.parsers();
    let min = Duration::from_millis(20);
    // Warm-up: one pass each, not counted.
    for &(_, parse) in parsers {
        ns_per_input(parse, &class.inputs, Duration::ZERO);
    }
    let mut times = vec![Vec::with_capacity(rounds); parsers.len()];
    for _ in 0..rounds {
        for (i, &(_, parse)) in parsers.iter().enumerate() {
            times[i].push(ns_per_input(parse, &class.inputs, min));
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort_by(f64::total_cmp);
            t[t.len() / 2]
        })
        .collect()
}

fn ns(t: f64) -> String {
    let n = t.round() as u64;
    if n >= 1000 {
        format!("{},{:03}", n / 1000, n % 1000)
    } else {
        n.to_string()
    }
}

fn main() {
    let mut rounds = 5;
    let mut dropped = None;
    let mut ipv6_forms = false;
    let mut only = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                rounds = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .expect("--rounds takes a positive number");
            }
            "--dropped" => dropped = Some(20),
            "--ipv6-forms" => ipv6_forms = true,
            "--dropped-all" => dropped = Some(usize::MAX),
            name if classes::NAMES.contains(&name) => only.push(name.to_owned()),
            other => panic!(
                "unknown argument {other:?}: expected --rounds N, --dropped, --dropped-all, --ipv6-forms or one of {:?}",
                classes::NAMES
            ),
        }
    }
    let built = Instant::now();
    let (lines, _) = support::corpus();
    let mut all: Vec<Class> = classes::NAMES
        .iter()
        .filter(|&&name| only.is_empty() || only.iter().any(|o| o == name))
        .filter(|_| !(ipv6_forms && only.is_empty()))
        .filter_map(|name| classes::build(name, &lines))
        .collect();
    if ipv6_forms {
        all.extend(classes::ipv6_forms());
    }
    println!(
        "{} classes built in {:.2} s; {rounds} rounds per parser, median\n",
        all.len(),
        built.elapsed().as_secs_f64()
    );
    println!(
        "| class | inputs | dropped | peguri ns | fluent-uri ns | ratio | oxiri ns | ratio to oxiri | iri-string ns | ratio to iri-string |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for class in &all {
        let times = measure(class, rounds);
        let by_name = |name: &str| {
            class
                .parsers()
                .iter()
                .position(|&(n, _)| n == name)
                .map(|i| times[i])
        };
        let peguri = times[0];
        let cell = |t: Option<f64>| t.map_or(String::new(), ns);
        let ratio = |t: Option<f64>| t.map_or(String::new(), |t| format!("{:.2}", peguri / t));
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            class.name,
            class.inputs.len(),
            class.dropped.len(),
            ns(peguri),
            cell(by_name("fluent-uri")),
            ratio(by_name("fluent-uri")),
            cell(by_name("oxiri")),
            ratio(by_name("oxiri")),
            cell(by_name("iri-string")),
            ratio(by_name("iri-string")),
        );
    }
    if let Some(limit) = dropped {
        for class in all.iter().filter(|c| !c.dropped.is_empty()) {
            println!(
                "\n{}: {} candidates dropped",
                class.name,
                class.dropped.len()
            );
            let mut reasons = std::collections::BTreeMap::new();
            for d in &class.dropped {
                *reasons.entry(d.why.as_str()).or_insert(0) += 1;
            }
            for (why, n) in reasons {
                println!("- {n} {why}");
            }
            for d in class.dropped.iter().take(limit) {
                println!("- {:?}: {}", d.input, d.why);
            }
        }
    }
}
