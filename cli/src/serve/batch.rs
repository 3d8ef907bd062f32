//! The batch box: `grammar diff` of the page's grammar against the stock
//! one (the built-in grammar) over lines the page sends, with the diff
//! module's own comparison (`crate::lab::diff::Comparison`): the summary
//! `grammar diff` prints, and each differing line as `grammar diff --json`
//! writes it. Answered in a worker process, as an edited grammar's parse.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::playground::{EDITED_NAME, to_json};
use super::worker::Stopped;
use crate::bounds::Bounds;
use crate::grammar::{GrammarError, GrammarText};
use crate::lab::Origin;
use crate::lab::diff::{Comparison, Side};

/// The most lines a batch may have.
pub const MAX_BATCH_LINES: usize = 1_000;
/// The most bytes a batch's lines may have, together.
pub const MAX_BATCH_BYTES: usize = 256 * 1024;
/// Wall-clock time each parse of a batch may take (with each grammar).
const LINE_DEADLINE: Duration = Duration::from_secs(1);
/// Wall-clock time a batch may take, after which the lines left are not
/// compared: with the last line's parses and the grammars' compiling, it
/// stays within the worker's own time limit.
const BATCH_BUDGET: Duration = Duration::from_secs(4);
/// Examples per kind of change in the summary.
const EXAMPLES: usize = 5;
/// Where the lines come from, in the summary and the records.
const SOURCE: &str = "batch";

/// A batch from the page.
pub struct Batch<'a> {
    /// The inputs, one per line.
    pub lines: &'a str,
    pub rule: &'a str,
    /// The page's grammar; `None`: the built-in one.
    pub grammar: Option<&'a str>,
}

/// A batch's lines, read as `peguri grammar diff` reads a file's (a
/// trailing CR and a byte order mark stripped).
pub fn split_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    // Reading from memory cannot fail.
    let _ = crate::input::for_each_line(text.as_bytes(), |line| {
        lines.push(line.to_owned());
        Ok(())
    });
    lines
}

/// The answer to a batch: `{"inputs", "differ", "compared", "summary",
/// "records": [...], "notes", "grammar_errors"}`.
pub fn answer(batch: &Batch<'_>) -> Result<Value, Stopped> {
    let refused = |message: String| {
        json!({
            "inputs": 0,
            "differ": 0,
            "summary": null,
            "records": [],
            "notes": [],
            "grammar_errors": [{"message": message, "line": null, "column": null, "display": message}],
        })
    };
    let bounds = Bounds {
        deadline: Some(LINE_DEADLINE),
        ..Bounds::default()
    };
    let new = match batch.grammar {
        Some(text) => GrammarText::from_text(EDITED_NAME, text),
        None => GrammarText::built_in(),
    };
    let old = match Side::new(GrammarText::built_in(), batch.rule, bounds) {
        Ok(side) => side,
        Err(GrammarError(message)) => return Ok(refused(message)),
    };
    let new = match Side::new(new, batch.rule, bounds) {
        Ok(side) => side,
        Err(GrammarError(message)) => return Ok(refused(message)),
    };
    let mut comparison = Comparison::new(old, new, EXAMPLES);
    let mut records = Vec::new();
    let mut notes = Vec::new();
    let started = Instant::now();
    let lines = split_lines(batch.lines);
    let total = lines.len();
    for (i, input) in lines.into_iter().enumerate() {
        if started.elapsed() > BATCH_BUDGET {
            notes.push(format!(
                "Stopped after {i} of {total} lines: a batch may take {} s here; `peguri grammar diff` takes any number.",
                BATCH_BUDGET.as_secs()
            ));
            break;
        }
        let origin = Origin {
            source: SOURCE,
            line: i + 1,
        };
        let compared = comparison.input(&origin, &input, |record| {
            records.push(to_json(record));
            Ok(())
        });
        if let Err(e) = compared {
            return Err(Stopped::Failed(format!("the batch failed: {e}")));
        }
    }
    Ok(json!({
        "inputs": comparison.inputs(),
        "differ": comparison.differ(),
        "summary": comparison.summary(""),
        "records": records,
        "notes": notes,
        "grammar_errors": [],
    }))
}
