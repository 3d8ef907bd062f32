//! What the playground page asks the server: parse an input with a rule of
//! the built-in grammar or of an edited one, and answer with the parse
//! tree, the components, the diagram, or the error.
//!
//! An edited grammar is answered in a worker process of its own (see
//! `serve.rs`); there the bounds every command puts on a user's grammar
//! (`crate::bounds`: pest's call limit, a stack budget), and a deadline,
//! stop a grammar that recurses deeply or backtracks without end, with a
//! message, before the process's own limits would.

use std::panic::{self, AssertUnwindSafe};
use std::sync::OnceLock;
use std::time::Duration;

use peguri::ParseError;
use peguri::grammar::RuleLookup;
use pest::RuleType;
use pest::error::LineColLocation;
use pest::iterators::Pairs;
use serde_json::{Map, Value, json};

use crate::bounds::{BoundedVm, Bounds, Parsed, Stop};

/// The largest grammar the page may send, in bytes (`uri.pest` is about
/// 19 KB).
pub const MAX_GRAMMAR_BYTES: usize = 64 * 1024;
/// Wall-clock time an edited grammar's parse may take.
const PARSE_DEADLINE: Duration = Duration::from_secs(3);
/// Tree nodes sent to the page; a larger tree is cut.
const MAX_TREE_NODES: usize = 5_000;
/// Characters of each node's text sent to the page.
const MAX_NODE_TEXT_CHARS: usize = 80;
/// Inputs longer than this (in characters) get no diagram: its lines would
/// be as long as the input.
const MAX_DIAGRAM_CHARS: usize = 2_000;
/// The anchored entry rule added to an edited grammar (as the CLI's
/// `--grammar` does).
const ENTRY: &str = "__peguri_entry";

/// One request from the page.
pub struct Question<'a> {
    pub input: &'a str,
    pub rule: &'a str,
    /// `None` (or the text of `uri.pest` itself): the built-in grammar.
    pub grammar: Option<&'a str>,
}

/// Why a question got no answer.
#[derive(Debug)]
pub enum Stopped {
    /// The edited grammar's parse was stopped at a bound (too deep, too
    /// slow): its kind and message, as [`Stop`] gives them.
    Bound { kind: String, message: String },
    /// Something panicked (a bug, here or in pest); the message.
    Panicked(String),
    /// The worker process died; how.
    Crashed(String),
    /// The worker process was still at work when its time was up.
    TimedOut,
    /// The worker process went past its memory limit.
    TooBig,
    /// The server could not run the question.
    Failed(String),
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::Bound { message, .. } => f.write_str(message),
            Stopped::Panicked(message) => {
                write!(f, "this grammar or input made the parser fail: {message}")
            }
            Stopped::Crashed(how) => write!(
                f,
                "the process compiling and running this grammar died ({how}), most likely of a stack overflow on very deep nesting"
            ),
            Stopped::TimedOut => f.write_str(
                "compiling and running this grammar took too long; the process doing it was stopped",
            ),
            Stopped::TooBig => write!(
                f,
                "compiling and running this grammar took more than {} MiB of memory, the limit of \
                 the process doing it, which was stopped",
                super::WORKER_MEMORY_BYTES >> 20
            ),
            Stopped::Failed(message) => f.write_str(message),
        }
    }
}

/// A question as the server sends it to a worker.
pub fn question_json(question: &Question<'_>) -> Value {
    json!({"input": question.input, "rule": question.rule, "grammar": question.grammar})
}

/// The worker's side: the answer to a question sent by [`question_json`],
/// as `{"answer": ...}` or as [`stopped_json`].
pub fn answer_json(question: &Value) -> Value {
    let text = |key: &str| question.get(key).and_then(Value::as_str);
    let (Some(input), Some(rule)) = (text("input"), text("rule")) else {
        return stopped_json(&Stopped::Failed("bad question".to_owned()));
    };
    let question = Question {
        input,
        rule,
        grammar: text("grammar"),
    };
    match answer(&question) {
        Ok(answer) => json!({ "answer": answer }),
        Err(stopped) => stopped_json(&stopped),
    }
}

/// `{"stopped": kind, "message": ...}`.
pub fn stopped_json(stopped: &Stopped) -> Value {
    let kind = match stopped {
        Stopped::Bound { kind, .. } => kind.as_str(),
        Stopped::Panicked(_) => "panicked",
        Stopped::Crashed(_) => "crashed",
        Stopped::TimedOut => "timed-out",
        Stopped::TooBig => "too-big",
        Stopped::Failed(_) => "failed",
    };
    let message = match stopped {
        Stopped::Bound { message, .. }
        | Stopped::Panicked(message)
        | Stopped::Crashed(message)
        | Stopped::Failed(message) => message.clone(),
        Stopped::TimedOut | Stopped::TooBig => String::new(),
    };
    json!({"stopped": kind, "message": message})
}

/// The server's side: what a worker wrote.
pub fn from_worker_json(mut reply: Value) -> Result<Value, Stopped> {
    if let Some(answer) = reply.get_mut("answer") {
        return Ok(answer.take());
    }
    let message = reply
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();
    Err(match reply.get("stopped").and_then(Value::as_str) {
        Some(kind @ ("too-deep" | "too-slow" | "call-limit" | "too-long")) => Stopped::Bound {
            kind: kind.to_owned(),
            message,
        },
        Some("panicked") => Stopped::Panicked(message),
        Some("crashed") => Stopped::Crashed(message),
        Some("timed-out") => Stopped::TimedOut,
        Some("too-big") => Stopped::TooBig,
        _ => Stopped::Failed(format!("the worker failed: {message}")),
    })
}

/// The answer to `question`, as the JSON object the page reads.
pub fn answer(question: &Question<'_>) -> Result<Value, Stopped> {
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| match question.grammar {
        Some(text) if text != peguri::grammar::GRAMMAR => {
            edited(question.input, question.rule, text)
        }
        _ => Ok(built_in(question.input, question.rule)),
    }));
    outcome.unwrap_or_else(|payload| {
        Err(Stopped::Panicked(
            payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_else(|| "unknown panic".to_owned()),
        ))
    })
}

/// The built-in grammar's rule names, as the selector lists them (the
/// `*_entry` rules, which only anchor the others, left out).
pub fn built_in_rules() -> &'static [String] {
    static RULES: OnceLock<Vec<String>> = OnceLock::new();
    RULES.get_or_init(|| match compile(peguri::grammar::GRAMMAR) {
        Ok((names, _)) => names,
        Err(_) => Vec::new(),
    })
}

fn built_in(input: &str, rule: &str) -> Value {
    let mut answer = Answer::new(input, rule, "built-in", built_in_rules());
    let tree = peguri::grammar::parse_rule(rule, input);
    answer.set_tree(tree.as_ref().ok().cloned());
    // The typed entry points give what `peguri parse` prints: components,
    // or the error with its component-aware message.
    match crate::parse::typed_report(rule, input) {
        Some(report) => {
            if let peguri::report::Report::Valid(components) = &report {
                let chars = input.chars().count();
                if chars <= MAX_DIAGRAM_CHARS {
                    answer.diagram =
                        Some(peguri::explain::Explainer::new().explain(&components.reference()));
                } else {
                    answer.notes.push(format!(
                        "No diagram for an input of {chars} characters (at most {MAX_DIAGRAM_CHARS} here); `peguri explain` draws any length."
                    ));
                }
            }
            answer.valid = report.is_valid();
            if let peguri::report::Report::Invalid { error, .. } = &report {
                answer.set_error(error);
            }
            answer.report = Some(to_json(&report));
        }
        None => {
            answer.notes.push(
                "Components and the diagram are shown for URI-reference, URI, absolute-URI and relative-ref."
                    .to_owned(),
            );
            answer.valid = tree.is_ok();
            if let Err(error) = &tree {
                answer.set_error(error);
            }
        }
    }
    answer.into_json()
}

/// The answer with an edited grammar, or where its parse was stopped.
fn edited(input: &str, rule: &str, text: &str) -> Result<Value, Stopped> {
    let (all_names, _) = match compile_rules(text) {
        Ok(compiled) => compiled,
        Err(errors) => {
            let mut answer = Answer::new(input, rule, "edited", &[]);
            answer.grammar_errors = errors;
            return Ok(answer.into_json());
        }
    };
    let names = selectable(all_names.clone());
    let mut answer = Answer::new(input, rule, "edited", &names);
    answer.notes.push(
        "The components and the diagram come from the grammar compiled into peguri; with an edited grammar the page shows the tree."
            .to_owned(),
    );
    // Any spelling of any rule, `*_entry` rules included, as on the
    // command line.
    let found = match peguri::grammar::find_rule(all_names.iter().map(String::as_str), rule) {
        RuleLookup::Found(found) => found.to_owned(),
        lookup => {
            let message = match lookup {
                RuleLookup::Unknown(closest) if !closest.is_empty() => format!(
                    "the grammar has no rule {}; did you mean {}?",
                    crate::common::quoted(rule),
                    closest.join(" or ")
                ),
                RuleLookup::Ambiguous(candidates) => format!(
                    "the rule name {} is ambiguous: it could be {}",
                    crate::common::quoted(rule),
                    candidates.join(" or ")
                ),
                _ => format!("the grammar has no rule {}", crate::common::quoted(rule)),
            };
            answer.grammar_errors.push(GrammarError {
                message: message.clone(),
                line: None,
                column: None,
                display: message,
            });
            return Ok(answer.into_json());
        }
    };
    let anchored = format!("{text}\n{ENTRY} = {{ SOI ~ {found} ~ EOI }}\n");
    let (_, rules) = match compile_rules(&anchored) {
        Ok(compiled) => compiled,
        Err(errors) => {
            answer.grammar_errors = errors;
            return Ok(answer.into_json());
        }
    };
    // The bounds of every command that runs a user's grammar, and a
    // deadline: this worker process answers this one question.
    let bounds = Bounds {
        deadline: Some(PARSE_DEADLINE),
        ..Bounds::default()
    };
    let vm = BoundedVm::new(rules, bounds);
    match vm.parse(ENTRY, input) {
        Parsed::Valid(pairs) => {
            answer.valid = true;
            answer.set_tree(Some(pairs));
        }
        Parsed::Stopped(stop @ Stop::CallLimit(_)) => answer
            .notes
            .push(format!("The parse {}.", stop.describe(false))),
        Parsed::Stopped(stop) => {
            return Err(Stopped::Bound {
                kind: stop.kind().to_owned(),
                message: stop.describe(false),
            });
        }
        Parsed::Invalid(e) => answer.set_error(&ParseError::from_pest(input, &found, &e)),
    }
    Ok(answer.into_json())
}

/// A grammar error with its position (1-based line and column).
struct GrammarError {
    message: String,
    line: Option<usize>,
    column: Option<usize>,
    display: String,
}

fn compile(
    text: &str,
) -> Result<(Vec<String>, Vec<pest_meta::optimizer::OptimizedRule>), Vec<GrammarError>> {
    compile_rules(text).map(|(names, rules)| (selectable(names), rules))
}

/// The rule names the selector lists: the `*_entry` rules, which only
/// anchor the others, left out.
fn selectable(names: Vec<String>) -> Vec<String> {
    names
        .into_iter()
        .filter(|n| !n.ends_with("_entry"))
        .collect()
}

fn compile_rules(
    text: &str,
) -> Result<(Vec<String>, Vec<pest_meta::optimizer::OptimizedRule>), Vec<GrammarError>> {
    match pest_meta::parse_and_optimize(text) {
        Ok((_, rules)) => Ok((rules.iter().map(|r| r.name.clone()).collect(), rules)),
        Err(errors) => Err(errors
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
            .collect()),
    }
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
    diagram: Option<String>,
    error: Option<Value>,
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
            diagram: None,
            error: None,
            grammar_errors: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The error as the CLI prints it in JSON (`ParseError`'s own
    /// serialization), with the caret display the terminal shows.
    fn set_error(&mut self, error: &ParseError) {
        let mut value = to_json(error);
        if let Value::Object(map) = &mut value {
            map.insert("display".to_owned(), Value::String(error.to_string()));
        }
        self.error = Some(value);
    }

    /// The tree in preorder, one node per entry with its depth, without
    /// the anchoring entry rule and `EOI`; cut at [`MAX_TREE_NODES`].
    fn set_tree<R: RuleType>(&mut self, pairs: Option<Pairs<'_, R>>) {
        let Some(pairs) = pairs else {
            return;
        };
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
            let text = span.as_str();
            let shown: String = text.chars().take(MAX_NODE_TEXT_CHARS).collect();
            nodes.push(json!({
                "rule": label(&pair.as_rule()),
                "start": span.start(),
                "end": span.end(),
                "depth": depth,
                "text": shown,
                "text_cut": shown.len() < text.len(),
            }));
            let children: Vec<_> = pair.into_inner().collect();
            pending.extend(children.into_iter().rev().map(|c| (c, depth + 1)));
        }
        self.tree = Some(nodes);
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
        map.insert("diagram".into(), json!(self.diagram));
        map.insert("error".into(), self.error.unwrap_or(Value::Null));
        map.insert("grammar_errors".into(), Value::Array(grammar_errors));
        map.insert("notes".into(), json!(self.notes));
        Value::Object(map)
    }
}

fn to_json(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// A rule's name as its grammar spells it (pest_vm's rules are `&str`,
/// whose `Debug` adds quotes).
fn label<R: std::fmt::Debug>(rule: &R) -> String {
    format!("{rule:?}").trim_matches('"').to_owned()
}
