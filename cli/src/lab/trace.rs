//! A traced parse as `peguri tree --trace` shows it: every rule attempt
//! (indented text, or one JSON line each), then the tree, or for a
//! rejected input the partial tree and the farthest failure with the
//! rules that reached it. `serve` can send [`trace_json`] as is.

use std::io::{self, Write};

use super::Json;
use crate::grammar::{MAX_INDENT_LEVELS, node_text};
use peguri::grammar::{Attempt, Expectation, Trace, TraceNode, chain_text};

/// One attempt as a JSON object: `{"record": "attempt", "rule", "depth",
/// "start", "end" (null when it failed), "matched", "in_lookahead"}`.
pub fn attempt_json(attempt: &Attempt<'_>) -> Json {
    Json::Object(vec![
        ("record", Json::of("attempt")),
        ("rule", Json::of(attempt.rule)),
        ("depth", Json::of(attempt.depth)),
        ("start", Json::of(attempt.start)),
        ("end", Json::of(attempt.end)),
        ("matched", Json::of(attempt.end.is_some())),
        ("in_lookahead", Json::of(attempt.in_lookahead)),
    ])
}

/// A node as JSON, as `tree --format json` writes one, with `complete`
/// (false for a rule still open in a partial tree).
pub fn node_json(input: &str, node: &TraceNode<'_>) -> Json {
    let (text, cut) = node_text(input.get(node.start..node.end).unwrap_or(""));
    let children: Vec<Json> = node.children.iter().map(|c| node_json(input, c)).collect();
    Json::Object(vec![
        ("rule", Json::of(node.rule)),
        ("start", Json::of(node.start)),
        ("end", Json::of(node.end)),
        ("text", Json::of(text)),
        ("text_cut", Json::of(cut)),
        ("complete", Json::of(node.complete)),
        ("children", Json::Array(children)),
    ])
}

fn expectation_json(expectation: &Expectation<'_>) -> Json {
    Json::Object(vec![
        ("expected", Json::of(expectation.expected.as_str())),
        ("is_rule", Json::of(expectation.is_rule)),
        ("words", Json::of(expectation.words())),
        ("chain", Json::of(expectation.chain.clone())),
    ])
}

/// A trace's outcome as one JSON object: `{"record": "result", "input",
/// "rule", "valid", "attempts", "attempts_shown"}`, then `"tree"` for a
/// valid input; for a rejected one `"partial_tree"`, `"failure"`
/// (`{"offset", "expected": [{"expected", "is_rule", "words", "chain"}],
/// "chain"}`) and `"error"` (as `peguri parse` writes one, with its
/// `chain`); for a stopped one `"stopped"` and `"message"`.
pub fn trace_json(trace: &Trace<'_, '_>) -> Json {
    let nodes = |nodes: &[TraceNode<'_>]| -> Json {
        Json::Array(nodes.iter().map(|n| node_json(trace.input, n)).collect())
    };
    let mut entries = vec![
        ("record", Json::of("result")),
        ("input", Json::of(trace.input)),
        ("rule", Json::of(trace.rule)),
        ("valid", Json::of(trace.valid)),
        ("attempts", Json::of(trace.attempts_total)),
        ("attempts_shown", Json::of(trace.attempts.len())),
    ];
    if let Some(stop) = trace.stopped {
        entries.push(("stopped", Json::of(stop_kind(stop))));
        entries.push(("message", Json::of(stop.to_string())));
    } else if trace.valid {
        entries.push(("tree", nodes(&trace.tree)));
    } else {
        entries.push(("partial_tree", nodes(&trace.tree)));
        if let Some(failure) = failure_json(trace) {
            entries.push(("failure", failure));
            if let Some(error) = trace.error() {
                entries.push(("error", Json::Error(error, failure_chain(trace))));
            }
        }
    }
    Json::Object(entries)
}

/// A rejected input's farthest failure as JSON: `{"offset", "expected":
/// [{"expected", "is_rule", "words", "chain"}], "chain"}`; `None` for a
/// valid input or a stopped parse.
pub fn failure_json(trace: &Trace<'_, '_>) -> Option<Json> {
    let failure = trace.failure.as_ref()?;
    let expected = failure.expected.iter().map(expectation_json).collect();
    Some(Json::Object(vec![
        ("offset", Json::of(failure.offset)),
        ("expected", Json::Array(expected)),
        ("chain", Json::of(failure.chain().to_vec())),
    ]))
}

/// The rules that reached a rejected input's farthest failure, innermost
/// first (empty when there is none).
pub fn failure_chain(trace: &Trace<'_, '_>) -> Vec<String> {
    trace.failure.as_ref().map_or_else(Vec::new, |failure| {
        failure.chain().iter().map(|r| (*r).to_owned()).collect()
    })
}

fn stop_kind(stop: peguri::grammar::TraceStop) -> &'static str {
    match stop {
        peguri::grammar::TraceStop::CallLimit(_) => "call-limit",
        peguri::grammar::TraceStop::Stack(_) => "too-deep",
        peguri::grammar::TraceStop::Time(_) => "too-slow",
        _ => "stopped",
    }
}

/// The trace as JSON Lines: each attempt, then the outcome.
pub fn write_json_lines(out: &mut impl Write, trace: &Trace<'_, '_>) -> io::Result<()> {
    for attempt in &trace.attempts {
        serde_json::to_writer(&mut *out, &attempt_json(attempt))?;
        out.write_all(b"\n")?;
    }
    serde_json::to_writer(&mut *out, &trace_json(trace))?;
    out.write_all(b"\n")
}

fn indent(out: &mut impl Write, depth: usize) -> io::Result<()> {
    write!(out, "{:1$}", "", depth.min(MAX_INDENT_LEVELS) * 2)?;
    if depth > MAX_INDENT_LEVELS {
        write!(out, "(depth {depth}) ")?;
    }
    Ok(())
}

/// The trace as text: the attempts indented by depth (`rule start..end
/// "text"`, or `rule at start: failed`), then the tree, or the partial
/// tree and the farthest failure.
pub fn write_text(out: &mut impl Write, trace: &Trace<'_, '_>) -> io::Result<()> {
    writeln!(
        out,
        "attempts of {} on {} ({} in all):",
        trace.rule,
        crate::common::quoted(trace.input),
        trace.attempts_total
    )?;
    for attempt in &trace.attempts {
        indent(out, attempt.depth)?;
        let look = if attempt.in_lookahead {
            " (in a lookahead)"
        } else {
            ""
        };
        match attempt.end {
            Some(end) => {
                let (text, cut) = node_text(trace.input.get(attempt.start..end).unwrap_or(""));
                writeln!(
                    out,
                    "{} {}..{end} {text:?}{}{look}",
                    attempt.rule,
                    attempt.start,
                    if cut { "…" } else { "" }
                )?;
            }
            None => writeln!(out, "{} at {}: failed{look}", attempt.rule, attempt.start)?,
        }
    }
    if trace.attempts.len() < trace.attempts_total {
        writeln!(
            out,
            "... and {} more attempts (--max-attempts raises the number shown)",
            trace.attempts_total - trace.attempts.len()
        )?;
    }
    if let Some(stop) = trace.stopped {
        return writeln!(out, "{stop}");
    }
    if trace.valid {
        writeln!(out, "tree:")?;
        return write_nodes(out, trace.input, &trace.tree);
    }
    writeln!(
        out,
        "partial tree (where the parse got, rules still open marked):"
    )?;
    write_nodes(out, trace.input, &trace.tree)?;
    let Some(failure) = &trace.failure else {
        return Ok(());
    };
    let found = trace
        .input
        .get(failure.offset..)
        .and_then(|rest| rest.chars().next())
        .map_or_else(|| "the end of the input".to_owned(), |c| format!("{c:?}"));
    writeln!(
        out,
        "farthest failure at byte {} ({found}), expected:",
        failure.offset
    )?;
    // What was expected, grouped by the rules it was tried in.
    let mut groups: Vec<(&[&str], Vec<String>)> = Vec::new();
    for expectation in &failure.expected {
        let words = expectation.words();
        match groups
            .iter_mut()
            .find(|(chain, _)| *chain == expectation.chain.as_slice())
        {
            Some((_, all)) if !all.contains(&words) => all.push(words),
            Some(_) => {}
            None => groups.push((&expectation.chain, vec![words])),
        }
    }
    for (chain, words) in groups {
        let place = if chain.is_empty() {
            format!("after {}", trace.rule.replace('_', "-"))
        } else {
            format!("in {}", chain_text(chain))
        };
        writeln!(out, "  {} {place}", or_list(&words))?;
    }
    Ok(())
}

/// `a, b or c`.
fn or_list(words: &[String]) -> String {
    match words.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Nodes as `tree` writes them, with ` (open)` after a rule still open.
fn write_nodes(out: &mut impl Write, input: &str, nodes: &[TraceNode<'_>]) -> io::Result<()> {
    let mut pending: Vec<(&TraceNode<'_>, usize)> = nodes.iter().rev().map(|n| (n, 0)).collect();
    while let Some((node, depth)) = pending.pop() {
        indent(out, depth)?;
        let (text, cut) = node_text(input.get(node.start..node.end).unwrap_or(""));
        writeln!(
            out,
            "{} {}..{} {text:?}{}{}",
            node.rule,
            node.start,
            node.end,
            if cut { "…" } else { "" },
            if node.complete { "" } else { " (open)" }
        )?;
        pending.extend(node.children.iter().rev().map(|c| (c, depth + 1)));
    }
    Ok(())
}
