//! What the playground page asks the server: parse an input with a rule of
//! the built-in grammar or of an edited one, and answer with the parse
//! tree, the components, the diagram, or the error; for a rejected input
//! (or when asked) the trace of the parse, as `peguri tree --trace` shows
//! it: every rule attempt, the partial tree, the farthest failure and the
//! rules that reached it.
//!
//! An edited grammar is answered in a worker process of its own (see
//! `serve.rs`); there the bounds every command puts on a user's grammar
//! (`crate::bounds`: pest's call limit, a stack budget), and a deadline,
//! stop a grammar that recurses deeply or backtracks without end, with a
//! message, before the process's own limits would.

use std::sync::OnceLock;
use std::time::Duration;

use peguri::ParseError;
use peguri::grammar::{RuleLookup, RuntimeGrammar, Trace, TraceNode, TraceOptions};
use pest::RuleType;
use pest::error::LineColLocation;
use pest::iterators::Pairs;
use serde_json::{Map, Value, json};

use super::components;
use super::worker::Stopped;
use crate::bounds::{Bounds, Stop};
use crate::grammar::{
    ENTRY, ErrorJson, GrammarError as LoadError, GrammarText, LoadedGrammar, RuleOutcome, label,
};
use crate::lab::trace::{attempt_json, failure_chain, failure_json};

/// The largest grammar the page may send, in bytes (`uri.pest`,
/// `iri.pest` and `rfc6874.pest` are 33 KB).
pub const MAX_GRAMMAR_BYTES: usize = 64 * 1024;
/// Wall-clock time an edited grammar's parse may take, and a trace.
const PARSE_DEADLINE: Duration = Duration::from_secs(3);
/// Tree nodes sent to the page; a larger tree is cut.
const MAX_TREE_NODES: usize = 5_000;
/// Characters of each node's text sent to the page.
const MAX_NODE_TEXT_CHARS: usize = 80;
/// Inputs longer than this (in characters) get no diagram: its lines would
/// be as long as the input.
const MAX_DIAGRAM_CHARS: usize = 2_000;
/// Rule attempts of a trace sent to the page; the others are counted.
pub const MAX_TRACE_ATTEMPTS: usize = 2_000;
/// The longest input traced, in bytes (`peguri tree --trace` traces any).
pub const MAX_TRACE_INPUT_BYTES: usize = 16 * 1024;
/// The name of the page's grammar in messages.
pub const EDITED_NAME: &str = "(the editor)";

/// One request from the page.
pub struct Question<'a> {
    pub input: &'a str,
    pub rule: &'a str,
    /// `None` (or the text of the built-in grammar): the built-in grammar.
    pub grammar: Option<&'a str>,
    /// Trace the parse of a valid input too (a rejected one always is).
    pub trace: bool,
}

/// The built-in grammar's text, as the page edits it: `uri.pest`,
/// `iri.pest` and `rfc6874.pest`, joined as `build.rs` joins them.
pub fn built_in_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| GrammarText::built_in().text().to_owned())
}

/// Whether `text` is the built-in grammar: its text, or `uri.pest`'s
/// alone, whose rules are the built-in grammar's.
pub fn is_built_in(text: &str) -> bool {
    text == built_in_text() || text == peguri::grammar::GRAMMAR
}

/// The answer to `question`, as the JSON object the page reads.
pub fn answer(question: &Question<'_>) -> Result<Value, Stopped> {
    match question.grammar {
        Some(text) if !is_built_in(text) => edited(question, text),
        _ => Ok(built_in(question)),
    }
}

/// The built-in grammar's rule names, as the selector lists them (the
/// `*_entry` rules, which only anchor the others, left out).
pub fn built_in_rules() -> &'static [String] {
    static RULES: OnceLock<Vec<String>> = OnceLock::new();
    RULES.get_or_init(|| selectable(peguri::grammar::rule_names().map(str::to_owned)))
}

fn built_in(question: &Question<'_>) -> Value {
    let (input, rule) = (question.input, question.rule);
    let mut answer = Answer::new(input, rule, "built-in", built_in_rules());
    let tree = peguri::grammar::parse_rule(rule, input);
    if let Ok(pairs) = &tree {
        answer.set_tree(pairs.clone());
    }
    // The typed entry points give what `peguri parse` prints: components,
    // or the error with its component-aware message.
    let report = crate::parse::typed_report(rule, input);
    answer.valid = report.as_ref().map_or(tree.is_ok(), |r| r.is_valid());
    let trace = if !answer.valid || question.trace {
        answer.traceable().then(|| {
            let mut options = TraceOptions::default();
            options.max_attempts = MAX_TRACE_ATTEMPTS;
            options.deadline = Some(PARSE_DEADLINE);
            RuntimeGrammar::built_in().trace(rule, input, &options).ok()
        })
    } else {
        None
    }
    .flatten();
    match &report {
        Some(peguri::report::Report::Valid(components)) => {
            let chars = input.chars().count();
            if chars <= MAX_DIAGRAM_CHARS {
                answer.diagram =
                    Some(peguri::explain::Explainer::new().explain(&components.reference()));
            } else {
                answer.no_diagram(chars);
            }
        }
        Some(peguri::report::Report::Invalid { error, .. }) => answer.set_invalid(error, &trace),
        None => match &tree {
            Ok(pairs) => {
                let names = peguri::grammar::rule_names()
                    .map(str::to_owned)
                    .collect::<Vec<_>>();
                let nodes = pairs
                    .clone()
                    .flatten()
                    .map(|p| (label(&p.as_rule()), p.as_span()));
                answer.derive(&names, nodes);
            }
            Err(error) => answer.set_invalid(error, &trace),
        },
    }
    answer.report = report.as_ref().map(to_json);
    if let Some(trace) = &trace {
        answer.set_trace(trace);
    }
    answer.into_json()
}

/// The rules that reached the farthest failure of `trace`, if it failed
/// where `error` is.
fn chain_at(trace: &Option<Trace<'_, '_>>, error: &ParseError) -> Vec<String> {
    match trace {
        Some(trace)
            if trace
                .failure
                .as_ref()
                .is_some_and(|f| f.offset == error.offset()) =>
        {
            failure_chain(trace)
        }
        _ => Vec::new(),
    }
}

/// The answer with an edited grammar, or where its parse was stopped.
fn edited(question: &Question<'_>, text: &str) -> Result<Value, Stopped> {
    let (input, rule) = (question.input, question.rule);
    // The worker is bounded itself: the grammar is compiled here, as is.
    let grammar = GrammarText::from_text(EDITED_NAME, text);
    let all_names = match grammar.compile() {
        Ok((names, _)) => names,
        Err(LoadError(message)) => {
            let mut answer = Answer::new(input, rule, "edited", &[]);
            answer.grammar_errors =
                grammar_errors(text).unwrap_or_else(|| vec![GrammarError::message(message)]);
            return Ok(answer.into_json());
        }
    };
    let names = selectable(all_names.iter().cloned());
    let mut answer = Answer::new(input, rule, "edited", &names);
    // Any spelling of any rule, `*_entry` rules included, as on the
    // command line.
    let found = match peguri::grammar::find_rule(all_names.iter().map(String::as_str), rule) {
        RuleLookup::Found(found) => found.to_owned(),
        RuleLookup::Unknown(closest) if !closest.is_empty() => {
            return Ok(answer.refused(format!(
                "the grammar has no rule {}; did you mean {}?",
                crate::common::quoted(rule),
                closest.join(" or ")
            )));
        }
        RuleLookup::Ambiguous(candidates) => {
            return Ok(answer.refused(format!(
                "the rule name {} is ambiguous: it could be {}",
                crate::common::quoted(rule),
                candidates.join(" or ")
            )));
        }
        RuleLookup::Unknown(_) => {
            return Ok(answer.refused(format!(
                "the grammar has no rule {}",
                crate::common::quoted(rule)
            )));
        }
    };
    // The bounds of every command that runs a user's grammar, and a
    // deadline: this worker process answers this one question.
    let bounds = Bounds {
        deadline: Some(PARSE_DEADLINE),
        ..Bounds::default()
    };
    let loaded = match LoadedGrammar::new(grammar, &found, bounds) {
        Ok(loaded) => loaded,
        Err(LoadError(message)) => return Ok(answer.refused(message)),
    };
    let mut traced = question.trace;
    match loaded.parse(input) {
        RuleOutcome::Tree(pairs) => {
            answer.valid = true;
            answer.set_tree(pairs.clone());
            answer.derive(
                &all_names,
                pairs.flatten().map(|p| (p.as_rule(), p.as_span())),
            );
        }
        RuleOutcome::Error(error, chain) => {
            answer.set_error(&error, &chain);
            traced = true;
        }
        RuleOutcome::Stopped(stop @ Stop::CallLimit(_)) => {
            answer
                .notes
                .push(format!("The parse {}.", stop.describe(false)));
            // Its trace would stop there too.
            traced = false;
        }
        RuleOutcome::Stopped(stop) => {
            return Err(Stopped::Bound {
                kind: stop.kind().to_owned(),
                message: stop.describe(false),
            });
        }
    }
    if traced
        && answer.traceable()
        && let Some(trace) = loaded.trace_with(input, MAX_TRACE_ATTEMPTS)
    {
        answer.set_trace(&trace);
    }
    Ok(answer.into_json())
}

/// A grammar error with its position in the grammar's text (1-based line
/// and column), when it has one.
struct GrammarError {
    message: String,
    line: Option<usize>,
    column: Option<usize>,
    display: String,
}

impl GrammarError {
    /// An error about the grammar as a whole.
    fn message(message: String) -> Self {
        GrammarError {
            display: message.clone(),
            message,
            line: None,
            column: None,
        }
    }
}

/// pest_meta's errors for `text`, each with its position; `None` if it
/// compiles.
fn grammar_errors(text: &str) -> Option<Vec<GrammarError>> {
    let errors = pest_meta::parse_and_optimize(text).err()?;
    Some(
        errors
            .iter()
            .map(|e| {
                let (line, column) = match e.line_col {
                    LineColLocation::Pos(at) | LineColLocation::Span(at, _) => at,
                };
                GrammarError {
                    message: e.variant.message().into_owned(),
                    line: Some(line),
                    column: Some(column),
                    display: e.to_string(),
                }
            })
            .collect(),
    )
}

/// The rule names the selector lists: the `*_entry` rules, which only
/// anchor the others, left out, and the one peguri adds.
pub fn selectable(names: impl Iterator<Item = String>) -> Vec<String> {
    names
        .filter(|n| !n.ends_with("_entry") && n != ENTRY)
        .collect()
}

/// The answer being built.
struct Answer<'a> {
    input: &'a str,
    rule: &'a str,
    grammar: &'static str,
    rules: &'a [String],
    valid: bool,
    tree: Option<Vec<Value>>,
    tree_truncated: bool,
    report: Option<Value>,
    components: Option<Value>,
    diagram: Option<String>,
    error: Option<Value>,
    trace: Option<Value>,
    grammar_errors: Vec<GrammarError>,
    notes: Vec<String>,
}

impl<'a> Answer<'a> {
    fn new(input: &'a str, rule: &'a str, grammar: &'static str, rules: &'a [String]) -> Self {
        Answer {
            input,
            rule,
            grammar,
            rules,
            valid: false,
            tree: None,
            tree_truncated: false,
            report: None,
            components: None,
            diagram: None,
            error: None,
            trace: None,
            grammar_errors: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The answer for a grammar that cannot run the question: `message`,
    /// as a grammar error without a position.
    fn refused(mut self, message: String) -> Value {
        self.grammar_errors.push(GrammarError::message(message));
        self.into_json()
    }

    fn no_diagram(&mut self, chars: usize) {
        self.notes.push(format!(
            "No diagram for an input of {chars} characters (at most {MAX_DIAGRAM_CHARS} here); `peguri explain` draws any length."
        ));
    }

    /// Whether the input is short enough to trace here; if not, a note
    /// says so.
    fn traceable(&mut self) -> bool {
        let fits = self.input.len() <= MAX_TRACE_INPUT_BYTES;
        if !fits {
            self.notes.push(format!(
                "No trace for an input of {} bytes (at most {MAX_TRACE_INPUT_BYTES} here); `peguri tree --trace` traces any length.",
                self.input.len()
            ));
        }
        fits
    }

    /// The error as the CLI prints it in JSON (with the rules that reached
    /// it, innermost first, when known), with the caret display the
    /// terminal shows and the chain as a message shows it.
    fn set_error(&mut self, error: &ParseError, chain: &[String]) {
        let mut value = to_json(&ErrorJson { error, chain });
        if let Value::Object(map) = &mut value {
            map.insert("display".to_owned(), Value::String(error.to_string()));
            if !chain.is_empty() {
                let chain: Vec<&str> = chain.iter().map(String::as_str).collect();
                let text = peguri::grammar::chain_text(&chain);
                map.insert("chain_text".to_owned(), Value::String(text));
            }
        }
        self.error = Some(value);
    }

    /// A rejected input with the built-in grammar: its error, with the
    /// rules that reached it where its trace failed at the same place, and
    /// the diagram `peguri explain` draws of it (the components before
    /// the error, then a caret under it).
    fn set_invalid(&mut self, error: &ParseError, trace: &Option<Trace<'_, '_>>) {
        self.set_error(error, &chain_at(trace, error));
        let chars = self.input.chars().count();
        if chars <= MAX_DIAGRAM_CHARS {
            self.diagram = Some(peguri::explain::Explainer::new().explain_error(self.input, error));
        }
    }

    /// The components of a valid parse, derived from its tree (`nodes`, in
    /// preorder), for a grammar whose rules are `names`; and their diagram.
    fn derive<'i, N: AsRef<str>>(
        &mut self,
        names: &[String],
        nodes: impl IntoIterator<Item = (N, pest::Span<'i>)>,
    ) where
        'a: 'i,
    {
        let Some((components, diagram)) = components::derived(self.input, names, nodes) else {
            return;
        };
        self.components = Some(components);
        let chars = self.input.chars().count();
        if chars > MAX_DIAGRAM_CHARS {
            self.no_diagram(chars);
        } else if diagram.is_some() {
            self.diagram = diagram;
        } else {
            self.notes.push(
                "No diagram: it draws a whole reference, and these components are not laid out as RFC 3986 lays out one."
                    .to_owned(),
            );
        }
    }

    /// The tree in preorder, one node per entry with its depth, without
    /// the anchoring entry rule and `EOI`; cut at [`MAX_TREE_NODES`].
    fn set_tree<R: RuleType>(&mut self, pairs: Pairs<'_, R>) {
        let mut nodes = Vec::new();
        // Iterative, so a deep tree cannot exhaust the stack here.
        let mut pending: Vec<(pest::iterators::Pair<'_, R>, usize)> = pairs
            .flat_map(|entry| entry.into_inner())
            .filter(|p| label(&p.as_rule()) != "EOI")
            .map(|p| (p, 0))
            .collect();
        pending.reverse();
        while let Some((pair, depth)) = pending.pop() {
            if nodes.len() == MAX_TREE_NODES {
                self.tree_truncated = true;
                break;
            }
            let span = pair.as_span();
            nodes.push(node_json(
                &label(&pair.as_rule()),
                span.as_str(),
                span.start(),
                depth,
            ));
            let children: Vec<_> = pair.into_inner().collect();
            pending.extend(children.into_iter().rev().map(|c| (c, depth + 1)));
        }
        self.tree = Some(nodes);
    }

    /// The trace: `{"valid", "attempts": [...], "attempts_total"}`, then
    /// `"stopped"` and `"message"` for a stopped parse, or for a rejected
    /// input `"partial_tree"` (as the tree is sent, each node with
    /// `"complete"`), `"partial_tree_truncated"` and `"failure"` (as
    /// `tree --trace --json` writes it, with `"chain_text"`).
    fn set_trace(&mut self, trace: &Trace<'_, '_>) {
        let mut map = Map::new();
        map.insert("valid".into(), json!(trace.valid));
        let attempts: Vec<Value> = trace
            .attempts
            .iter()
            .map(|a| to_json(&attempt_json(a)))
            .collect();
        map.insert("attempts".into(), Value::Array(attempts));
        map.insert("attempts_total".into(), json!(trace.attempts_total));
        if let Some(stop) = trace.stopped {
            map.insert("stopped".into(), json!(true));
            map.insert("message".into(), json!(stop.to_string()));
        } else if !trace.valid {
            let (nodes, truncated) = trace_nodes(trace.input, &trace.tree);
            map.insert("partial_tree".into(), Value::Array(nodes));
            map.insert("partial_tree_truncated".into(), json!(truncated));
            if let (Some(mut failure), Some(found)) = (
                failure_json(trace).map(|f| to_json(&f)),
                trace.failure.as_ref(),
            ) {
                if let Value::Object(failure) = &mut failure {
                    failure.insert("chain_text".into(), json!(found.chain_text()));
                }
                map.insert("failure".into(), failure);
            }
        }
        self.trace = Some(Value::Object(map));
    }

    fn into_json(self) -> Value {
        let grammar_errors: Vec<Value> = self
            .grammar_errors
            .into_iter()
            .map(|e| {
                json!({
                    "message": e.message,
                    "line": e.line,
                    "column": e.column,
                    "display": e.display,
                })
            })
            .collect();
        let mut map = Map::new();
        map.insert("input".into(), json!(self.input));
        map.insert("rule".into(), json!(self.rule));
        map.insert("grammar".into(), json!(self.grammar));
        map.insert("rules".into(), json!(self.rules));
        map.insert("valid".into(), json!(self.valid));
        map.insert("tree".into(), json!(self.tree));
        map.insert("tree_truncated".into(), json!(self.tree_truncated));
        map.insert("report".into(), self.report.unwrap_or(Value::Null));
        map.insert("components".into(), self.components.unwrap_or(Value::Null));
        map.insert("diagram".into(), json!(self.diagram));
        map.insert("error".into(), self.error.unwrap_or(Value::Null));
        map.insert("trace".into(), self.trace.unwrap_or(Value::Null));
        map.insert("grammar_errors".into(), Value::Array(grammar_errors));
        map.insert("notes".into(), json!(self.notes));
        Value::Object(map)
    }
}

/// A tree node as the page reads it: `{"rule", "start", "end", "depth",
/// "text", "text_cut"}`, the text cut at [`MAX_NODE_TEXT_CHARS`].
fn node_json(rule: &str, text: &str, start: usize, depth: usize) -> Value {
    let shown: String = text.chars().take(MAX_NODE_TEXT_CHARS).collect();
    json!({
        "rule": rule,
        "start": start,
        "end": start + text.len(),
        "depth": depth,
        "text_cut": shown.len() < text.len(),
        "text": shown,
    })
}

/// A trace's (partial) tree in preorder, as [`Answer::set_tree`] sends a
/// tree, each node with `"complete"` (false for a rule still open); and
/// whether it was cut at [`MAX_TREE_NODES`].
fn trace_nodes(input: &str, roots: &[TraceNode<'_>]) -> (Vec<Value>, bool) {
    let mut nodes = Vec::new();
    let mut pending: Vec<(&TraceNode<'_>, usize)> = roots.iter().rev().map(|n| (n, 0)).collect();
    while let Some((node, depth)) = pending.pop() {
        if nodes.len() == MAX_TREE_NODES {
            return (nodes, true);
        }
        let text = input.get(node.start..node.end).unwrap_or("");
        let mut value = node_json(node.rule, text, node.start, depth);
        if let Value::Object(map) = &mut value {
            map.insert("complete".into(), json!(node.complete));
        }
        nodes.push(value);
        pending.extend(node.children.iter().rev().map(|c| (c, depth + 1)));
    }
    (nodes, false)
}

pub fn to_json(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}
