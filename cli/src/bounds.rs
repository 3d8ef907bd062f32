//! The bounds on running a user's grammar, shared by every command that
//! runs one (`parse --grammar`, `tree --grammar`, `grammar diff`,
//! `grammar coverage` and `peguri serve`'s worker), with one message for
//! each.
//!
//! A grammar loaded at run time can backtrack exponentially or recurse as
//! deeply as its input is nested. pest_vm runs it, so each parse is run
//! under pest's call limit (which grows with the input's length), with a
//! stack budget checked on every rule call (pest_vm's listener), on a
//! thread with a large stack, and, where asked, with a deadline and a
//! limit on the input's length.

use std::cell::Cell;
use std::num::NonZeroUsize;
use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use pest::error::{Error as PestError, ErrorVariant};
use pest::iterators::Pairs;
use pest_meta::optimizer::OptimizedRule;

/// The stack of the thread a user's grammar runs on: reserved, not used,
/// until a grammar recurses deeply. pest_vm recurses once or more per rule
/// call.
pub const STACK_BYTES: usize = 512 << 20;
/// How much of that stack one parse may use before it is stopped; the
/// rest is for pest_meta, which reads a grammar's nesting recursively.
const PARSE_STACK_BUDGET: usize = STACK_BYTES / 4;

/// pest calls allowed per input byte by default, and at least per input:
/// uri.pest needs under 20 per byte on every corpus line (pest counts each
/// rule, sequence, repetition and option it enters), so a variant has
/// fifty times that, while a grammar that backtracks exponentially is
/// stopped within milliseconds on each input.
pub const DEFAULT_CALLS_PER_BYTE: usize = 1_000;
const MIN_CALLS: usize = 20_000;

/// Runs `f` on a thread with a stack of [`STACK_BYTES`], so that a grammar
/// that recurses deeply is stopped by its stack budget rather than by the
/// main thread's smaller stack.
pub fn on_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("peguri grammar".to_owned())
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, f)
            .expect("the grammar's thread starts");
        match worker.join() {
            Ok(value) => value,
            Err(payload) => panic::resume_unwind(payload),
        }
    })
}

/// How much work one parse may do.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// pest's call limit per input byte (at least [`MIN_CALLS`] an input):
    /// a valid parse does work in proportion to the input.
    pub calls_per_byte: usize,
    /// The longest input parsed, in bytes; a longer one is stopped before
    /// its parse starts.
    pub max_input_bytes: Option<usize>,
    /// Wall-clock time a parse may take.
    pub deadline: Option<Duration>,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            calls_per_byte: DEFAULT_CALLS_PER_BYTE,
            max_input_bytes: None,
            deadline: None,
        }
    }
}

impl Bounds {
    /// The call limit for an input of `len` bytes.
    pub fn call_limit(self, len: usize) -> usize {
        self.calls_per_byte.saturating_mul(len).max(MIN_CALLS)
    }
}

/// Why a parse was stopped. `Display` says at which bound, then why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// pest's call limit: the grammar backtracks too much for the input.
    CallLimit(usize),
    /// The stack budget: the grammar recurses too deeply for the input.
    TooDeep,
    /// The deadline: the parse took too long.
    TooSlow(Duration),
    /// The input is longer than the bound on its length.
    TooLong(usize),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::CallLimit(limit) => write!(
                f,
                "stopped at pest's call limit ({limit} calls for this input): the grammar backtracks too much for it"
            ),
            Stop::TooDeep => write!(
                f,
                "stopped at the stack budget ({} MiB): the grammar recurses too deeply for this input",
                PARSE_STACK_BUDGET >> 20
            ),
            Stop::TooSlow(deadline) => write!(
                f,
                "stopped at the deadline ({} s): the grammar backtracks too much for this input",
                deadline.as_secs_f64()
            ),
            Stop::TooLong(limit) => write!(
                f,
                "stopped at the length limit ({limit} bytes; --max-input-bytes raises it): the input is longer"
            ),
        }
    }
}

impl Stop {
    /// A short name for JSON: `call-limit`, `too-deep`, `too-slow` or
    /// `too-long`.
    pub fn kind(self) -> &'static str {
        match self {
            Stop::CallLimit(_) => "call-limit",
            Stop::TooDeep => "too-deep",
            Stop::TooSlow(_) => "too-slow",
            Stop::TooLong(_) => "too-long",
        }
    }
}

/// The outcome of one bounded parse.
pub enum Parsed<'a> {
    Valid(Pairs<'a, &'a str>),
    Invalid(PestError<&'a str>),
    Stopped(Stop),
}

/// A pest_vm machine whose parses are bounded: it checks the stack (and
/// the clock, with a deadline) on every rule call, through pest_vm's
/// listener, and runs under pest's call limit.
pub struct BoundedVm {
    vm: pest_vm::Vm,
    bounds: Bounds,
}

impl BoundedVm {
    pub fn new(rules: Vec<OptimizedRule>, bounds: Bounds) -> Self {
        let vm = pest_vm::Vm::new_with_listener(
            rules,
            Box::new(|_rule: String, _position: &pest::Position<'_>| Guard::check()),
        );
        BoundedVm { vm, bounds }
    }

    /// Parses `input` from `rule`, within the bounds. Parses must not run
    /// at once in one process: the call limit is pest's global setting.
    pub fn parse<'a>(&'a self, rule: &'a str, input: &'a str) -> Parsed<'a> {
        if let Some(max) = self.bounds.max_input_bytes
            && input.len() > max
        {
            return Parsed::Stopped(Stop::TooLong(max));
        }
        let limit = self.bounds.call_limit(input.len());
        pest::set_call_limit(NonZeroUsize::new(limit));
        Guard::start(self.bounds.deadline);
        let result = panic::catch_unwind(AssertUnwindSafe(|| self.vm.parse(rule, input)));
        Guard::stop();
        pest::set_call_limit(None);
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
    static GUARD: Cell<Option<Guard>> = const { Cell::new(None) };
}

/// Stops a parse that goes deeper than [`PARSE_STACK_BUDGET`] or past its
/// deadline: the stack is measured by the address of a local variable,
/// and the parse is left by unwinding with a [`Stop`] (`resume_unwind`,
/// so no panic message is printed).
#[derive(Clone, Copy)]
struct Guard {
    stack_base: usize,
    deadline: Option<(Instant, Duration)>,
}

impl Guard {
    /// Starts guarding the current thread from here.
    fn start(deadline: Option<Duration>) {
        let marker = 0u8;
        let stack_base = std::ptr::addr_of!(marker) as usize;
        let deadline = deadline.map(|d| (Instant::now() + d, d));
        GUARD.with(|g| {
            g.set(Some(Guard {
                stack_base,
                deadline,
            }))
        });
    }

    fn stop() {
        GUARD.with(|g| g.set(None));
    }

    /// Never returns `true` (that would only fail the one rule call);
    /// unwinds instead when a bound is crossed.
    fn check() -> bool {
        let Some(guard) = GUARD.with(Cell::get) else {
            return false;
        };
        let marker = 0u8;
        let here = std::ptr::addr_of!(marker) as usize;
        if here.abs_diff(guard.stack_base) > PARSE_STACK_BUDGET {
            Guard::stop();
            panic::resume_unwind(Box::new(Stop::TooDeep));
        }
        if let Some((at, deadline)) = guard.deadline
            && Instant::now() > at
        {
            Guard::stop();
            panic::resume_unwind(Box::new(Stop::TooSlow(deadline)));
        }
        false
    }
}
