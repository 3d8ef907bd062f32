//! What the server and a worker process (`peguri serve --worker`) say to
//! each other: a job as JSON on the worker's stdin, its answer, or why
//! there is none, as JSON on its stdout.

use std::panic::{self, AssertUnwindSafe};

use serde_json::{Value, json};

use super::batch::{self, Batch};
use super::playground::{self, Question};

/// What a worker is asked.
pub enum Job<'a> {
    /// Parse one input.
    Parse(Question<'a>),
    /// Compare the grammar with the stock one over a batch of inputs.
    Diff(Batch<'a>),
}

/// Why a question got no answer.
#[derive(Debug)]
pub enum Stopped {
    /// The edited grammar's parse was stopped at a bound (too deep, too
    /// slow): its kind and message, as `crate::bounds::Stop` gives them.
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

/// A job as the server sends it to a worker.
pub fn job_json(job: &Job<'_>) -> Value {
    match job {
        Job::Parse(question) => json!({
            "kind": "parse",
            "input": question.input,
            "rule": question.rule,
            "grammar": question.grammar,
            "trace": question.trace,
        }),
        Job::Diff(batch) => json!({
            "kind": "diff",
            "lines": batch.lines,
            "rule": batch.rule,
            "grammar": batch.grammar,
        }),
    }
}

/// The worker's side: the answer to a job sent by [`job_json`], as
/// `{"answer": ...}` or as [`stopped_json`].
pub fn answer_json(job: &Value) -> Value {
    let text = |key: &str| job.get(key).and_then(Value::as_str);
    let job = match (text("kind"), text("input"), text("lines"), text("rule")) {
        (Some("parse"), Some(input), _, Some(rule)) => Job::Parse(Question {
            input,
            rule,
            grammar: text("grammar"),
            trace: job.get("trace").and_then(Value::as_bool).unwrap_or(false),
        }),
        (Some("diff"), _, Some(lines), Some(rule)) => Job::Diff(Batch {
            lines,
            rule,
            grammar: text("grammar"),
        }),
        _ => return stopped_json(&Stopped::Failed("bad question".to_owned())),
    };
    match answer(&job) {
        Ok(answer) => json!({ "answer": answer }),
        Err(stopped) => stopped_json(&stopped),
    }
}

/// The answer to `job`, as the JSON object the page reads; a panic is
/// [`Stopped::Panicked`].
pub fn answer(job: &Job<'_>) -> Result<Value, Stopped> {
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| match job {
        Job::Parse(question) => playground::answer(question),
        Job::Diff(batch) => batch::answer(batch),
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
