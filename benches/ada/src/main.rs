//! peguri beside ada (the WHATWG URL parser in C++, through `ada-url`) on
//! the shared corpus, in alternating rounds in one process: validity alone
//! (peguri `UriRef::parse(..).is_ok()` against ada's `can_parse`, which
//! checks the WHATWG URL Standard's syntax and no more), and a parse with
//! its host, path and query read.
//!
//! ```sh
//! cd benches/ada && cargo run --release
//! ```
//!
//! It needs a C++17 compiler (ada is built from source), which is why it
//! is a crate of its own, outside the workspace.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

fn corpus() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "txt"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut lines = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a readable corpus file");
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        lines.extend(
            text.lines()
                .filter(|line| !line.is_empty())
                .map(|line| line.strip_suffix('\r').unwrap_or(line).to_owned()),
        );
    }
    if lines.is_empty() {
        eprintln!(
            "notice: {} not found; generated URLs instead",
            dir.display()
        );
        lines = (0..20_000)
            .map(|i| format!("https://www.site{}.example.com/path/{i}?q={i}", i % 997))
            .collect();
    }
    lines
}

type Pass = fn(&str) -> usize;

fn peguri_valid(line: &str) -> usize {
    usize::from(peguri::UriRef::parse(line).is_ok())
}

fn ada_valid(line: &str) -> usize {
    usize::from(ada_url::Url::can_parse(line, None))
}

fn peguri_parse(line: &str) -> usize {
    match peguri::UriRef::parse(line) {
        Ok(u) => {
            u.authority().map_or(0, |a| a.host_str().len())
                + u.path().len()
                + u.query().map_or(0, str::len)
        }
        Err(_) => 0,
    }
}

fn ada_parse(line: &str) -> usize {
    match ada_url::Url::parse(line, None) {
        Ok(u) => u.hostname().len() + u.pathname().len() + u.search().len(),
        Err(_) => 0,
    }
}

/// ns per input of one parser over all inputs, repeated for at least `min`.
fn ns_per_input(pass: Pass, inputs: &[String], min: Duration) -> f64 {
    let start = Instant::now();
    let mut rounds = 0u64;
    let mut sum = 0usize;
    loop {
        for input in inputs {
            sum = sum.wrapping_add(pass(black_box(input)));
        }
        rounds += 1;
        if start.elapsed() >= min {
            break;
        }
    }
    black_box(sum);
    start.elapsed().as_nanos() as f64 / (rounds as f64 * inputs.len() as f64)
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let lines = corpus();
    let accepted = |pass: Pass| lines.iter().filter(|l| pass(l) == 1).count();
    println!(
        "{} lines: peguri accepts {}, ada's can_parse {}",
        lines.len(),
        accepted(peguri_valid),
        accepted(ada_valid)
    );
    let pairs: [(&str, Pass, Pass); 2] = [
        ("validity", peguri_valid, ada_valid),
        ("parse, host + path + query read", peguri_parse, ada_parse),
    ];
    println!("\n| what | peguri ns | ada ns | ratio |\n|---|---:|---:|---:|");
    for (name, ours, theirs) in pairs {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        ns_per_input(ours, &lines, Duration::ZERO);
        ns_per_input(theirs, &lines, Duration::ZERO);
        for _ in 0..7 {
            a.push(ns_per_input(ours, &lines, Duration::from_millis(50)));
            b.push(ns_per_input(theirs, &lines, Duration::from_millis(50)));
        }
        let (a, b) = (median(a), median(b));
        println!("| {name} | {a:.1} | {b:.1} | {:.2}x |", a / b);
    }
}
