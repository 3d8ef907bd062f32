//! What dirty input costs the `peguri` binary, whole process: `normalize`
//! and `check` (text, `--json`, `--quiet`) on 1,000,000 lines of which 6%
//! are invalid, against the same lines all valid; and `parse --format tsv`
//! against `parse`'s JSON Lines on the valid lines.
//!
//! `cargo bench -p peguri-cli --bench dirty` (`PEGURI_BENCH_LINES` and
//! `PEGURI_BENCH_RUNS` change the size and the number of runs). The two
//! commands of a pair run in turn, A B A B ..., and the ratio is taken
//! pair by pair, so that a drift in the machine's speed moves both; the
//! figures are medians. stdout goes to `/dev/null`, stderr to a file,
//! whose size is shown.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The valid lines of the shared corpus when it is present, generated
/// URLs otherwise.
fn valid_lines() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus");
    let mut lines = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        let mut paths: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for line in text.lines() {
                let line = line.trim_start_matches('\u{FEFF}');
                if !line.is_empty() && peguri::UriRef::parse(line).is_ok() {
                    lines.push(line.to_owned());
                }
            }
        }
    }
    if lines.is_empty() {
        eprintln!("dirty: ../shared/corpus is missing; generated URLs instead");
        lines = (0..50_000)
            .map(|i| {
                format!(
                    "https://host{}.example.com/path/{i}/page.html?q={i}#s",
                    i % 97
                )
            })
            .collect();
    }
    lines
}

/// `count` lines cycling through `valid`, and the same with 3 lines in 50
/// (6%) made invalid by a space, as dirty logs have them.
fn inputs(valid: &[String], count: usize, dir: &Path) -> (PathBuf, PathBuf) {
    let clean_path = dir.join("clean.txt");
    let dirty_path = dir.join("dirty.txt");
    let mut clean = std::io::BufWriter::new(std::fs::File::create(&clean_path).unwrap());
    let mut dirty = std::io::BufWriter::new(std::fs::File::create(&dirty_path).unwrap());
    for (n, line) in valid.iter().cycle().take(count).enumerate() {
        writeln!(clean, "{line}").unwrap();
        if matches!(n % 50, 6 | 18 | 32) {
            writeln!(dirty, "{line} x").unwrap();
        } else {
            writeln!(dirty, "{line}").unwrap();
        }
    }
    clean.flush().unwrap();
    dirty.flush().unwrap();
    (clean_path, dirty_path)
}

/// One run of `peguri args < input`: its wall time and the bytes it wrote
/// on stderr.
fn run(args: &[&str], input: &Path, stderr_file: &Path) -> (Duration, u64) {
    let started = Instant::now();
    let status = Command::new(env!("CARGO_BIN_EXE_peguri"))
        .args(args)
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(stderr_file).unwrap())
        .status()
        .expect("peguri runs");
    let elapsed = started.elapsed();
    assert!(status.code().is_some_and(|c| c <= 1), "{args:?}: {status}");
    (elapsed, std::fs::metadata(stderr_file).unwrap().len())
}

/// `n` with a comma between groups of three digits.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Runs A and B in turn `runs` times (after one warm-up each): the median
/// times, the median of the pairwise ratios A/B, and A's stderr bytes.
fn pair(a: (&[&str], &Path), b: (&[&str], &Path), runs: usize, dir: &Path) -> [f64; 4] {
    let err = dir.join("stderr.txt");
    run(a.0, a.1, &err);
    run(b.0, b.1, &err);
    let (mut ta, mut tb, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let mut bytes = 0;
    for _ in 0..runs {
        let (time_a, written) = run(a.0, a.1, &err);
        let (time_b, _) = run(b.0, b.1, &err);
        bytes = written;
        ta.push(time_a.as_secs_f64());
        tb.push(time_b.as_secs_f64());
        ratios.push(time_a.as_secs_f64() / time_b.as_secs_f64());
    }
    [median(ta), median(tb), median(ratios), bytes as f64]
}

fn main() {
    // `cargo bench` passes `--bench`; no other argument is read.
    let lines: usize = std::env::var("PEGURI_BENCH_LINES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let runs: usize = std::env::var("PEGURI_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5)
        .max(1);
    let dir = std::env::temp_dir().join(format!("peguri-bench-dirty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (clean, dirty) = inputs(&valid_lines(), lines, &dir);
    println!("{lines} lines, 6% invalid in the dirty input; {runs} runs of each, in turn");
    println!();
    println!("| command | dirty s | clean s | dirty / clean | stderr bytes (dirty) |");
    println!("|---|---|---|---|---|");
    for args in [
        &["normalize"][..],
        &["normalize", "--json"],
        &["normalize", "--quiet"],
        &["check"],
        &["check", "--json"],
        &["check", "--quiet"],
    ] {
        let [a, b, ratio, bytes] = pair((args, &dirty), (args, &clean), runs, &dir);
        println!(
            "| `peguri {}` | {a:.3} | {b:.3} | {ratio:.2} | {} |",
            args.join(" "),
            thousands(bytes as u64)
        );
    }
    println!();
    println!("| command | s | `peguri parse` (JSON) s | ratio |");
    println!("|---|---|---|---|");
    for args in [
        &["parse", "--format", "tsv"][..],
        &["parse", "--format", "tsv", "--fields", "input"],
    ] {
        let [a, b, ratio, _] = pair((args, &clean), (&["parse"], &clean), runs, &dir);
        println!(
            "| `peguri {}` | {a:.3} | {b:.3} | {ratio:.2} |",
            args.join(" ")
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
