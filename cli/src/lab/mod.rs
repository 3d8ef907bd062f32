//! The grammar lab: `peguri grammar diff` (what an edited grammar changes
//! on many inputs) and `peguri grammar coverage` (which rules and
//! alternatives a corpus exercises). Both run grammars loaded at run time
//! with pest_vm, one input at a time, each parse bounded.

pub mod coverage;
pub mod diff;

use std::cell::Cell;
use std::fs::File;
use std::io::{self, BufReader};
use std::num::NonZeroUsize;
use std::panic::{self, AssertUnwindSafe};

use pest::error::{Error as PestError, ErrorVariant};
use pest::iterators::Pairs;
use pest_meta::optimizer::OptimizedRule;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};

use crate::input::for_each_line;

/// The stack of the thread the lab parses on: reserved, not used, until a
/// grammar recurses deeply. pest_vm recurses once or more per rule call.
const STACK_BYTES: usize = 512 << 20;
/// How much of that stack one parse may use before it is stopped; the
/// rest is for pest_meta, which reads a grammar's nesting recursively.
const PARSE_STACK_BUDGET: usize = STACK_BYTES / 4;

/// Runs `f` on a thread with a stack of [`STACK_BYTES`], so that a grammar
/// that recurses deeply is stopped by [`StackGuard`] rather than by the
/// main thread's smaller stack.
pub fn on_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("grammar lab".to_owned())
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, f)
            .expect("the grammar lab's thread starts");
        match worker.join() {
            Ok(value) => value,
            Err(payload) => panic::resume_unwind(payload),
        }
    })
}

/// pest calls allowed per input byte by default, and at least per input:
/// uri.pest needs under 20 per byte on every corpus line (pest counts each
/// rule, sequence, repetition and option it enters), so a variant has
/// fifty times that, while a grammar that backtracks exponentially is
/// stopped within milliseconds on each input.
pub const DEFAULT_CALLS_PER_BYTE: usize = 1_000;
const MIN_CALLS: usize = 20_000;

/// How much work one parse may do: pest's call limit, which grows with the
/// input's length (a valid parse does work in proportion to it), and a
/// stack budget.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    pub calls_per_byte: usize,
}

impl Bounds {
    /// The call limit for an input of `len` bytes.
    pub fn call_limit(self, len: usize) -> usize {
        self.calls_per_byte.saturating_mul(len).max(MIN_CALLS)
    }
}

/// Why a parse was stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// pest's call limit: the grammar backtracks too much for the input.
    CallLimit(usize),
    /// The stack budget: the grammar recurses too deeply for the input.
    TooDeep,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::CallLimit(limit) => write!(
                f,
                "stopped at pest's call limit ({limit} calls for this input): the grammar backtracks too much for it"
            ),
            Stop::TooDeep => f.write_str(
                "stopped: the grammar recursed too deeply for this input (stack budget used up)",
            ),
        }
    }
}

impl Stop {
    /// A short name for JSON: `call-limit` or `too-deep`.
    pub fn kind(self) -> &'static str {
        match self {
            Stop::CallLimit(_) => "call-limit",
            Stop::TooDeep => "too-deep",
        }
    }
}

/// The outcome of one bounded parse.
pub enum Parsed<'a> {
    Valid(Pairs<'a, &'a str>),
    Invalid(PestError<&'a str>),
    Stopped(Stop),
}

/// A pest_vm machine whose parses are bounded: it checks the stack on every
/// rule call (pest_vm's listener) and runs under pest's call limit.
pub struct BoundedVm {
    vm: pest_vm::Vm,
    bounds: Bounds,
}

impl BoundedVm {
    pub fn new(rules: Vec<OptimizedRule>, bounds: Bounds) -> Self {
        let vm = pest_vm::Vm::new_with_listener(
            rules,
            Box::new(|_rule: String, _position: &pest::Position<'_>| StackGuard::check()),
        );
        BoundedVm { vm, bounds }
    }

    /// Parses `input` from `rule`, within the bounds.
    pub fn parse<'a>(&'a self, rule: &'a str, input: &'a str) -> Parsed<'a> {
        let limit = self.bounds.call_limit(input.len());
        // The limit is pest's global setting, read when a parse starts;
        // the lab's parses run one at a time.
        pest::set_call_limit(NonZeroUsize::new(limit));
        StackGuard::start();
        let result = panic::catch_unwind(AssertUnwindSafe(|| self.vm.parse(rule, input)));
        StackGuard::stop();
        match result {
            Ok(Ok(pairs)) => Parsed::Valid(pairs),
            Ok(Err(e)) if is_call_limit(&e) => Parsed::Stopped(Stop::CallLimit(limit)),
            Ok(Err(e)) => Parsed::Invalid(e),
            Err(payload) => match payload.downcast::<Stop>() {
                Ok(stop) => Parsed::Stopped(*stop),
                Err(payload) => panic::resume_unwind(payload),
            },
        }
    }
}

fn is_call_limit<R>(e: &PestError<R>) -> bool {
    matches!(&e.variant, ErrorVariant::CustomError { message } if message == "call limit reached")
}

thread_local! {
    static GUARD: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Stops a parse that goes deeper than [`PARSE_STACK_BUDGET`]: the stack is
/// measured by the address of a local variable, and the parse is left by
/// unwinding with a [`Stop`] (`resume_unwind`, so no panic message).
struct StackGuard;

impl StackGuard {
    fn start() {
        let marker = 0u8;
        let base = std::ptr::addr_of!(marker) as usize;
        GUARD.with(|g| g.set(Some(base)));
    }

    fn stop() {
        GUARD.with(|g| g.set(None));
    }

    /// Never returns `true` (that would only fail the one rule call).
    fn check() -> bool {
        let Some(base) = GUARD.with(Cell::get) else {
            return false;
        };
        let marker = 0u8;
        let here = std::ptr::addr_of!(marker) as usize;
        if here.abs_diff(base) > PARSE_STACK_BUDGET {
            GUARD.with(|g| g.set(None));
            panic::resume_unwind(Box::new(Stop::TooDeep));
        }
        false
    }
}

/// An input as the summaries quote it: cut after 100 characters.
pub fn quote_input(input: &str) -> String {
    const SHOWN: usize = 100;
    match input.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{:?}... ({} bytes)", &input[..cut], input.len()),
        None => format!("{input:?}"),
    }
}

/// Where an input line comes from.
pub struct Origin<'a> {
    /// The file, or `-` for stdin.
    pub source: &'a str,
    /// The 1-based line number.
    pub line: usize,
}

impl std::fmt::Display for Origin<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.source, self.line)
    }
}

/// Calls `f` on every line of `files` (stdin when there are none, or for
/// `-`), with where it comes from. Lines are read as `peguri parse` reads
/// them (a trailing CR and a BOM are stripped).
pub fn for_each_input(
    files: &[String],
    mut f: impl FnMut(&Origin<'_>, &str) -> io::Result<()>,
) -> io::Result<()> {
    let stdin = ["-".to_owned()];
    let files = if files.is_empty() { &stdin[..] } else { files };
    for source in files {
        let mut line = 0;
        let mut each = |text: &str| {
            line += 1;
            f(&Origin { source, line }, text)
        };
        if source == "-" {
            for_each_line(io::stdin().lock(), &mut each)?;
        } else {
            let file = File::open(source).map_err(|e| {
                io::Error::new(e.kind(), format!("cannot read input file {source}: {e}"))
            })?;
            for_each_line(BufReader::with_capacity(64 * 1024, file), &mut each)?;
        }
    }
    Ok(())
}

/// JSON written in the order it is built (serde_json's `Value` sorts the
/// keys of an object; the lab's reports read better in their own order).
pub enum Json {
    Object(Vec<(&'static str, Json)>),
    Array(Vec<Json>),
    Value(serde_json::Value),
}

impl Json {
    pub fn of(value: impl Into<serde_json::Value>) -> Json {
        Json::Value(value.into())
    }
}

impl serde::Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Object(entries) => {
                let mut map = s.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Value(value) => value.serialize(s),
        }
    }
}
