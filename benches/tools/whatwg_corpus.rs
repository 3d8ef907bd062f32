//! Where RFC 3986 and the WHATWG URL Standard disagree over a corpus of
//! URLs (`peguri::whatwg::compare`), as the Markdown tables of
//! `docs/whatwg.md`: lines by outcome, by cause and by differing
//! component.
//!
//! Run: `cargo run --release --features whatwg --example whatwg_corpus [-- FILE...]`
//!
//! With no FILE, reads `../shared/corpus/*.txt` beside the repository. A
//! line is one URL: a UTF-8 byte order mark and a trailing CR are
//! stripped, empty lines are skipped (as the corpus's README asks), and a
//! line that is not UTF-8 is compared as `peguri whatwg` compares it
//! (`compare_bytes`).

use std::collections::BTreeMap;
use std::path::PathBuf;

use peguri::Component;
use peguri::whatwg::{Cause, Comparison, compare_bytes};

/// How the two readings of one line relate.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Agree,
    Differ,
    OnlyRfc,
    OnlyWhatwg,
    NeitherAccepts,
}

impl Outcome {
    const ALL: [(Outcome, &'static str); 5] = [
        (Outcome::Agree, "both accept, same meaning"),
        (Outcome::Differ, "both accept, meanings differ"),
        (Outcome::OnlyRfc, "RFC 3986 accepts, WHATWG rejects"),
        (Outcome::OnlyWhatwg, "WHATWG accepts, RFC 3986 rejects"),
        (Outcome::NeitherAccepts, "both reject"),
    ];

    fn of(comparison: &Comparison<'_>) -> Outcome {
        match (comparison.rfc3986().is_ok(), comparison.whatwg().is_ok()) {
            (true, true) if comparison.differs() => Outcome::Differ,
            (true, true) => Outcome::Agree,
            (true, false) => Outcome::OnlyRfc,
            (false, true) => Outcome::OnlyWhatwg,
            (false, false) => Outcome::NeitherAccepts,
        }
    }
}

/// Counts, and the first input seen for each cause.
#[derive(Default)]
struct Tally {
    /// Per file, lines by outcome.
    outcomes: Vec<(String, BTreeMap<Outcome, usize>)>,
    causes: BTreeMap<Cause, (usize, String)>,
    unexplained: (usize, Option<String>),
    components: BTreeMap<&'static str, usize>,
}

impl Tally {
    fn count(&mut self, comparison: &Comparison<'_>) {
        if let Some((_, outcomes)) = self.outcomes.last_mut() {
            *outcomes.entry(Outcome::of(comparison)).or_default() += 1;
        }
        for component in comparison.differences() {
            *self.components.entry(component.as_str()).or_default() += 1;
        }
        if comparison.validity_differs() {
            *self.components.entry("validity").or_default() += 1;
        }
        if comparison.differs() && comparison.causes().is_empty() {
            self.unexplained.0 += 1;
            self.unexplained
                .1
                .get_or_insert_with(|| comparison.input().to_owned());
        }
        for explanation in comparison.causes() {
            let entry = self
                .causes
                .entry(explanation.cause)
                .or_insert_with(|| (0, comparison.input().to_owned()));
            entry.0 += 1;
        }
    }

    fn print(&self) {
        let total = |outcome: Outcome| -> usize {
            self.outcomes
                .iter()
                .map(|(_, o)| o.get(&outcome).copied().unwrap_or(0))
                .sum()
        };
        let files: Vec<&str> = self
            .outcomes
            .iter()
            .map(|(name, _)| name.as_str())
            .collect();
        println!("| lines | {} | all |", files.join(" | "));
        println!("|---|{}---:|", "---:|".repeat(files.len()));
        for (outcome, label) in Outcome::ALL {
            let cells: Vec<String> = self
                .outcomes
                .iter()
                .map(|(_, o)| group(o.get(&outcome).copied().unwrap_or(0)))
                .collect();
            println!(
                "| {label} | {} | {} |",
                cells.join(" | "),
                group(total(outcome))
            );
        }
        let sums: Vec<String> = self
            .outcomes
            .iter()
            .map(|(_, o)| group(o.values().sum()))
            .collect();
        let all: usize = self.outcomes.iter().flat_map(|(_, o)| o.values()).sum();
        println!("| total | {} | {} |", sums.join(" | "), group(all));
        println!();
        println!("| cause | lines | first example |");
        println!("|---|---:|---|");
        for cause in Cause::ALL {
            let (count, example) = self
                .causes
                .get(&cause)
                .map_or((0, ""), |(n, e)| (*n, e.as_str()));
            println!("| `{cause}` | {} | {} |", group(count), shown(example));
        }
        let (count, example) = &self.unexplained;
        println!(
            "| (no cause found) | {} | {} |",
            group(*count),
            shown(example.as_deref().unwrap_or(""))
        );
        println!();
        println!("| differing component | lines |");
        println!("|---|---:|");
        let names = Component::ALL.iter().map(|c| c.as_str());
        for name in names.chain(["validity"]) {
            let count = self.components.get(name).copied().unwrap_or(0);
            println!("| {name} | {} |", group(count));
        }
    }
}

/// `12,345`.
fn group(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// An input for a Markdown cell: in backticks, shortened, with controls
/// shown as escapes and `|` escaped.
fn shown(input: &str) -> String {
    if input.is_empty() {
        return String::new();
    }
    let mut text: String = input
        .chars()
        .map(|c| {
            if c.is_control() || c == '\u{FEFF}' {
                c.escape_debug().collect()
            } else {
                c.to_string()
            }
        })
        .collect();
    if text.chars().count() > 60 {
        text = text.chars().take(57).collect::<String>() + "...";
    }
    format!("`{}`", text.replace('|', "\\|"))
}

fn main() -> std::io::Result<()> {
    let mut files: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if files.is_empty() {
        let corpus = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus"));
        for entry in std::fs::read_dir(&corpus)? {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "txt") {
                files.push(path);
            }
        }
        files.sort();
    }
    let mut tally = Tally::default();
    for file in &files {
        let name = file.file_name().map_or_else(
            || file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        tally.outcomes.push((format!("`{name}`"), BTreeMap::new()));
        let bytes = std::fs::read(file)?;
        let bytes = bytes.strip_prefix("\u{FEFF}".as_bytes()).unwrap_or(&bytes);
        for line in bytes.split(|&b| b == b'\n') {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if !line.is_empty() {
                tally.count(&compare_bytes(line));
            }
        }
    }
    tally.print();
    Ok(())
}
