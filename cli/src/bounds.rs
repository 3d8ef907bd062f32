//! The bounds on compiling and running a user's grammar, shared by every
//! command that takes one (`rules --grammar`, `parse --grammar`, `tree
//! --grammar`, `grammar diff`, `grammar coverage` and `peguri serve`'s
//! worker), with one message for each.
//!
//! Compiling a grammar with pest_meta can take time, memory and stack out
//! of all proportion to its text (a long sequence, a chain of rules that
//! each start with the next, `?` or `!` repeated, deep parentheses). So a
//! grammar is read up to a size limit, then compiled first in a child
//! process (`peguri compile-worker`) on a large stack, which is stopped
//! past a time limit and, on Linux, past a memory limit; only a grammar
//! that compiled there is compiled in this process.
//!
//! A grammar loaded at run time can also backtrack exponentially or
//! recurse as deeply as its input is nested. pest_vm runs it, so each
//! parse is run under pest's call limit (which grows with the input's
//! length), with a stack budget and a deadline checked on every rule call
//! (pest_vm's listener), on a thread with a large stack, after a limit on
//! the input's length. The work pest's call limit does not count (the
//! stack matched by `PEEK_ALL` and `PEEK[..]`, a skip to a string) and
//! every repetition's iterations go through a rule call too (see
//! [`observable`]), so that no parse runs past the deadline by more than
//! one such step.

use std::cell::Cell;
use std::io::{Read, Write};
use std::num::NonZeroUsize;
use std::panic::{self, AssertUnwindSafe};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use clap::Args;
use pest::error::{Error as PestError, ErrorVariant};
use pest::iterators::Pairs;
use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

/// The stack of the thread a user's grammar runs on: reserved, not used,
/// until a grammar recurses deeply. pest_vm recurses once or more per rule
/// call.
pub const STACK_BYTES: usize = 512 << 20;
/// How much of that stack one parse may use before it is stopped; the
/// rest is for pest_meta, which reads a grammar's nesting recursively.
pub const PARSE_STACK_BUDGET: usize = STACK_BYTES / 4;

/// pest calls allowed per input byte by default, and at least per input:
/// uri.pest needs under 20 per byte on every corpus line (pest counts each
/// rule, sequence, repetition and option it enters), so a variant has
/// fifty times that, while a grammar that backtracks exponentially is
/// stopped within milliseconds on each input.
pub const DEFAULT_CALLS_PER_BYTE: usize = 1_000;
const MIN_CALLS: usize = 20_000;

/// The largest grammar read by default, in bytes, its files together
/// (`uri.pest`, `iri.pest` and `rfc6874.pest` are 33 KB).
pub const DEFAULT_MAX_GRAMMAR_BYTES: usize = 1 << 20;
/// How long compiling a grammar, and each input's parse, may take by
/// default.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// The memory compiling a grammar may take by default, in MiB (the
/// built-in grammar takes 20).
pub const DEFAULT_MAX_COMPILE_MIB: u64 = 1024;
/// The work pest_meta's optimizer may do on a grammar by default, in
/// expression nodes copied (see [`compile_work`]): about half a second
/// in a release build. The built-in grammar takes 17,000.
pub const DEFAULT_MAX_COMPILE_WORK: u64 = 25_000_000;
/// The longest input parsed with a user's grammar by default, in bytes: a
/// parse keeps every match of the input until it ends, about 400 bytes of
/// memory per input byte with uri.pest.
pub const DEFAULT_MAX_INPUT_BYTES: usize = 1 << 20;

/// The limits on compiling a user's grammar and on each of its parses, as
/// every command that takes `--grammar` sets them.
#[derive(Args, Clone, Copy, Debug)]
pub struct GrammarLimits {
    /// The largest grammar read, in bytes (its files together); a larger
    /// one is refused.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_GRAMMAR_BYTES)]
    pub max_grammar_bytes: usize,
    /// Seconds that compiling the grammar may take, and each input's parse
    /// with it; a slower one is stopped.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
    pub timeout: Duration,
    /// MiB of memory that compiling the grammar may take (measured on
    /// Linux); a compile that takes more is stopped.
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_MAX_COMPILE_MIB)]
    pub max_compile_memory: u64,
    /// The work pest_meta's optimizer may do, in expression nodes it
    /// copies (it copies what a `?`, `*` or choice holds once per node
    /// beneath it: cubic in how deeply they nest); a grammar that would
    /// take more is refused before it is compiled.
    #[arg(long, value_name = "NODES", default_value_t = DEFAULT_MAX_COMPILE_WORK)]
    pub max_compile_work: u64,
    /// pest calls allowed per input byte (at least 20,000 per input);
    /// an input that needs more is stopped.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CALLS_PER_BYTE)]
    pub call_limit: usize,
}

impl Default for GrammarLimits {
    fn default() -> Self {
        GrammarLimits {
            max_grammar_bytes: DEFAULT_MAX_GRAMMAR_BYTES,
            timeout: DEFAULT_TIMEOUT,
            max_compile_memory: DEFAULT_MAX_COMPILE_MIB,
            max_compile_work: DEFAULT_MAX_COMPILE_WORK,
            call_limit: DEFAULT_CALLS_PER_BYTE,
        }
    }
}

impl GrammarLimits {
    /// The bounds of each parse: these limits, and `max_input_bytes`.
    pub fn bounds(&self, max_input_bytes: usize) -> Bounds {
        Bounds {
            calls_per_byte: self.call_limit,
            max_input_bytes: Some(max_input_bytes),
            deadline: Some(self.timeout),
        }
    }
}

/// A number of seconds, more than zero.
fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0)
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| "expected a number of seconds, more than 0".to_owned())
}

/// Why a grammar was not compiled: the limit it went past, as a message
/// that names the grammar, the limit, and the option that raises it.
pub fn compile_stopped(grammar: &str, why: &CompileStop, limits: &GrammarLimits) -> String {
    match why {
        CompileStop::TooLarge => format!(
            "the grammar {grammar} is larger than {} bytes, the limit on a grammar's size \
             (--max-grammar-bytes raises it)",
            limits.max_grammar_bytes
        ),
        CompileStop::TooSlow => format!(
            "compiling the grammar {grammar} took longer than {} s, the time limit, and was \
             stopped (--timeout raises it)",
            limits.timeout.as_secs_f64()
        ),
        CompileStop::TooBig => format!(
            "compiling the grammar {grammar} took more than {} MiB of memory, the memory limit, \
             and was stopped (--max-compile-memory raises it)",
            limits.max_compile_memory
        ),
        CompileStop::TooMuchWork(work) => format!(
            "compiling the grammar {grammar} would take pest_meta's optimizer about {} copies \
             of expression nodes, more than {}, the limit on its work (--max-compile-work \
             raises it): it copies what each `?`, `*` and choice holds once per node beneath \
             it, and rule {} nests them {} deep",
            work.copies, limits.max_compile_work, work.rule, work.depth
        ),
        CompileStop::Crashed(how) => format!(
            "compiling the grammar {grammar} failed ({how}): pest_meta reads a grammar's \
             nesting recursively, and this one nests too deeply for its stack of {} MiB \
             (fewer nested parentheses, or shorter chains of `?`, `!` and the like, fit)",
            STACK_BYTES >> 20
        ),
    }
}

/// Why compiling a grammar was stopped.
#[derive(Debug)]
pub enum CompileStop {
    /// Its text is over the size limit.
    TooLarge,
    /// Compiling it went past the time limit.
    TooSlow,
    /// Compiling it went past the memory limit.
    TooBig,
    /// Compiling it would take pest_meta's optimizer more work than the
    /// limit (see [`compile_work`]).
    TooMuchWork(CompileWork),
    /// The compiling process died (of a stack overflow, most likely): how.
    Crashed(String),
}

/// Compiles `text` in a child process (`peguri compile-worker`), which is
/// stopped past the time limit and, on Linux, past the memory limit, and
/// which first refuses a grammar whose compile would take more work than
/// its limit: `Ok` when the compile ended there, with or without errors,
/// so that it ends in this process too.
pub fn try_compile_apart(text: &str, limits: &GrammarLimits) -> Result<(), CompileStop> {
    let failed = |e: std::io::Error| CompileStop::Crashed(format!("no worker process: {e}"));
    let exe = std::env::current_exe().map_err(failed)?;
    let mut child = Command::new(exe)
        .arg("compile-worker")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(failed)?;
    let started = Instant::now();
    // The worker reads all of its input before it compiles: the limit on
    // its work on the first line, then the grammar.
    if let Some(mut stdin) = child.stdin.take() {
        let _ = writeln!(stdin, "{}", limits.max_compile_work);
        let _ = stdin.write_all(text.as_bytes());
    }
    let max_bytes = limits.max_compile_memory.saturating_mul(1 << 20);
    let mut pause = Duration::from_millis(1);
    loop {
        let status = child.try_wait().map_err(failed)?;
        if let Some(status) = status {
            let mut report = String::new();
            if let Some(mut stdout) = child.stdout.take() {
                let _ = stdout.read_to_string(&mut report);
            }
            return match (status.code(), CompileWork::from_report(&report)) {
                (Some(0), _) => Ok(()),
                (Some(TOO_MUCH_WORK), Some(work)) => Err(CompileStop::TooMuchWork(work)),
                _ => Err(CompileStop::Crashed(status.to_string())),
            };
        }
        let stop = if started.elapsed() > limits.timeout {
            Some(CompileStop::TooSlow)
        } else if resident_bytes(child.id()).is_some_and(|n| n > max_bytes) {
            Some(CompileStop::TooBig)
        } else {
            None
        };
        if let Some(stop) = stop {
            let _ = child.kill();
            let _ = child.wait();
            return Err(stop);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(10));
    }
}

/// The worker's exit code for a grammar refused for its work.
const TOO_MUCH_WORK: i32 = 3;

/// `peguri compile-worker`: reads the limit on the work of a compile, then
/// the grammar, on stdin; refuses (exit code 3, the work on stdout) a
/// grammar whose compile would take more, or else compiles it, on a large
/// stack, and exits (see [`try_compile_apart`]).
pub fn compile_worker() -> std::io::Result<()> {
    let mut input = String::new();
    std::io::stdin().lock().read_to_string(&mut input)?;
    let (limit, text) = input.split_once('\n').unwrap_or(("", &input));
    let limit: u64 = limit.trim().parse().unwrap_or(DEFAULT_MAX_COMPILE_WORK);
    let refused = on_big_stack(|| {
        if let Some(work) = compile_work(text, limit).filter(|w| w.copies > u128::from(limit)) {
            return Some(work);
        }
        let _ = pest_meta::parse_and_optimize(text);
        None
    });
    if let Some(work) = refused {
        println!("{}", work.report());
        std::process::exit(TOO_MUCH_WORK);
    }
    Ok(())
}

/// What pest_meta's optimizer would do compiling a grammar (see
/// [`compile_work`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileWork {
    /// Expression nodes it would copy.
    pub copies: u128,
    /// The rule where it would copy most, and how deeply that rule nests
    /// the optional, repeated and alternative expressions it copies.
    pub rule: String,
    pub depth: u64,
}

impl CompileWork {
    fn report(&self) -> String {
        format!("{} {} {}", self.copies, self.depth, self.rule)
    }

    fn from_report(report: &str) -> Option<Self> {
        let mut parts = report.trim().splitn(3, ' ');
        Some(CompileWork {
            copies: parts.next()?.parse().ok()?,
            depth: parts.next()?.parse().ok()?,
            rule: parts.next()?.to_owned(),
        })
    }
}

/// The work of pest_meta's optimizer on `text`, or `None` when the text
/// is no grammar pest_meta reads (compiling it reports why). A rule whose
/// nesting alone means more than `limit` is reported as soon as it is
/// found, with the least work that nesting takes.
///
/// The optimizer's last pass (`restorer`) visits each `?`, `*` and choice
/// and walks what it holds with an iterator that copies, at each node it
/// reaches, the whole expression beneath that node: the sum of the sizes
/// of the subexpressions of what it holds. For `"a"` followed by `n`
/// `?`s that is about n³/6 copies (1,000 `?`: 167 million, 3 s in a
/// release build; the whole compile ran twice, in the worker and again in
/// the command). The earlier passes unroll `e{n}` into n copies of `e`
/// (and `e+` into `e ~ e*`), which the count follows, without building
/// them.
pub fn compile_work(text: &str, limit: u64) -> Option<CompileWork> {
    use pest_meta::parser::Rule as Meta;
    let pairs = pest_meta::parser::parse(Meta::grammar_rules, text).ok()?;
    // Reading the tree (`consume_rules`) takes time and memory quadratic
    // in the nesting: a chain of `d` nested `?`, `*` and choices costs the
    // optimizer at least d³/6 copies, which the parse alone tells.
    for rule in pairs.clone().filter(|p| p.as_rule() == Meta::grammar_rule) {
        let depth = rule
            .clone()
            .into_inner()
            .filter(|p| p.as_rule() == Meta::expression)
            .map(branch_depth)
            .max()
            .unwrap_or(0);
        let d = u128::from(depth);
        let least = d * d.saturating_sub(1) * d.saturating_sub(2) / 6;
        if least > u128::from(limit) {
            let name = rule.into_inner().next().map_or("", |p| p.as_str());
            return Some(CompileWork {
                copies: least,
                rule: name.to_owned(),
                depth,
            });
        }
    }
    let rules = pest_meta::parser::consume_rules(pairs).ok()?;
    let mut total = CompileWork {
        copies: 0,
        rule: String::new(),
        depth: 0,
    };
    let mut most = 0u128;
    for rule in &rules {
        let shape = Shape::of(&rule.expr);
        total.copies = total.copies.saturating_add(shape.copies);
        if shape.copies >= most {
            most = shape.copies;
            total.rule = rule.name.clone();
            total.depth = shape.depth;
        }
    }
    Some(total)
}

/// How deeply `?`, `*`, `+`, `{..}` and choices nest in an expression of
/// pest_meta's parse of a grammar.
fn branch_depth(expression: pest::iterators::Pair<'_, pest_meta::parser::Rule>) -> u64 {
    use pest_meta::parser::Rule as Meta;
    let mut deepest = 0;
    let mut choice = false;
    for item in expression.into_inner() {
        match item.as_rule() {
            Meta::choice_operator => choice = true,
            Meta::term => {
                let mut depth = 0;
                for part in item.into_inner() {
                    match part.as_rule() {
                        Meta::expression => depth += branch_depth(part),
                        Meta::_push => {
                            let inner = part
                                .into_inner()
                                .filter(|p| p.as_rule() == Meta::expression);
                            depth += inner.map(branch_depth).max().unwrap_or(0);
                        }
                        Meta::optional_operator
                        | Meta::repeat_operator
                        | Meta::repeat_once_operator
                        | Meta::repeat_exact
                        | Meta::repeat_min
                        | Meta::repeat_max
                        | Meta::repeat_min_max => depth += 1,
                        _ => {}
                    }
                }
                deepest = deepest.max(depth);
            }
            _ => {}
        }
    }
    deepest + u64::from(choice)
}

/// An expression as pest_meta's optimizer would have it after unrolling:
/// its size in nodes, the sum of the sizes of its subexpressions (what
/// the restorer's iterator copies walking it), the copies the restorer
/// makes inside it, and how deeply `?`, `*` and choices nest in it.
#[derive(Clone, Copy)]
struct Shape {
    size: u128,
    sizes: u128,
    copies: u128,
    depth: u64,
}

impl Shape {
    const LEAF: Shape = Shape {
        size: 1,
        sizes: 1,
        copies: 0,
        depth: 0,
    };

    /// A node over `children`; a `?`, `*` or choice (`branch`) walks each.
    fn node(children: &[Shape], branch: bool) -> Shape {
        let size = children.iter().fold(1u128, |n, c| n.saturating_add(c.size));
        let sizes = children.iter().fold(size, |n, c| n.saturating_add(c.sizes));
        let copies = children.iter().fold(0u128, |n, c| {
            let walk = if branch { c.sizes } else { 0 };
            n.saturating_add(c.copies).saturating_add(walk)
        });
        let depth = children.iter().map(|c| c.depth).max().unwrap_or(0) + u64::from(branch);
        Shape {
            size,
            sizes,
            copies,
            depth,
        }
    }

    /// `items` joined by sequences, right-nested as the unroller builds
    /// them: `count` copies of each of `items`, in order.
    fn chain(items: &[(Shape, u32)]) -> Shape {
        let mut shapes: Vec<(Shape, u128)> = items
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(s, n)| (*s, u128::from(*n)))
            .collect();
        let Some((last, _)) = shapes.last_mut().map(|(s, n)| (*s, n)) else {
            return Shape::LEAF;
        };
        // Built from the end: each sequence node over one copy and the rest.
        let mut rest = last;
        if let Some(entry) = shapes.last_mut() {
            entry.1 -= 1;
        }
        for (item, count) in shapes.iter().rev() {
            // `count` more copies of `item` in front of `rest`: each adds a
            // sequence node whose size grows by one copy each time.
            let k = *count;
            if k == 0 {
                continue;
            }
            let step = item.size.saturating_add(1);
            // sizes of the k new sequence nodes: rest.size + j*step, j = 1..=k
            let new_sizes = k
                .saturating_mul(rest.size)
                .saturating_add(step.saturating_mul(k.saturating_mul(k + 1) / 2));
            rest = Shape {
                size: rest.size.saturating_add(step.saturating_mul(k)),
                sizes: rest
                    .sizes
                    .saturating_add(item.sizes.saturating_mul(k))
                    .saturating_add(new_sizes),
                copies: rest.copies.saturating_add(item.copies.saturating_mul(k)),
                depth: rest.depth.max(item.depth),
            };
        }
        rest
    }

    fn of(expr: &pest_meta::ast::Expr) -> Shape {
        use pest_meta::ast::Expr as E;
        match expr {
            E::Opt(e) | E::Rep(e) => Shape::node(&[Shape::of(e)], true),
            E::PosPred(e) | E::NegPred(e) | E::Push(e) => Shape::node(&[Shape::of(e)], false),
            E::Seq(a, b) => Shape::node(&[Shape::of(a), Shape::of(b)], false),
            E::Choice(a, b) => Shape::node(&[Shape::of(a), Shape::of(b)], true),
            E::RepOnce(e) => {
                let e = Shape::of(e);
                Shape::node(&[e, Shape::node(&[e], true)], false)
            }
            E::RepExact(e, n) => Shape::chain(&[(Shape::of(e), *n)]),
            E::RepMin(e, n) => {
                let e = Shape::of(e);
                Shape::chain(&[(e, *n), (Shape::node(&[e], true), 1)])
            }
            E::RepMax(e, n) => Shape::chain(&[(Shape::node(&[Shape::of(e)], true), *n)]),
            E::RepMinMax(e, m, n) => {
                let e = Shape::of(e);
                Shape::chain(&[(e, *m), (Shape::node(&[e], true), n.saturating_sub(*m))])
            }
            _ => Shape::LEAF,
        }
    }
}

/// The memory the process `pid` has resident, in bytes, where the system
/// says (Linux's `/proc`).
pub fn resident_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

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

/// The message, with the command-line option that raises the bound.
impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe(true))
    }
}

impl Stop {
    /// The message: at which bound, then why; with `options`, the
    /// command-line option that raises the bound.
    pub fn describe(self, options: bool) -> String {
        let raise = |option: &str| {
            if options {
                format!("; {option} raises it")
            } else {
                String::new()
            }
        };
        match self {
            Stop::CallLimit(limit) => format!(
                "stopped at pest's call limit ({limit} calls for this input{}): the grammar backtracks too much for it",
                raise("--call-limit")
            ),
            Stop::TooDeep => format!(
                "stopped at the stack budget ({} MiB): the grammar recurses too deeply for this input",
                PARSE_STACK_BUDGET >> 20
            ),
            Stop::TooSlow(deadline) => format!(
                "stopped at the time limit ({} s{}): the parse of this input took longer",
                deadline.as_secs_f64(),
                raise("--timeout")
            ),
            Stop::TooLong(limit) => format!(
                "stopped at the length limit ({limit} bytes{}): the input is longer",
                raise("--max-input-bytes")
            ),
        }
    }

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
            observable(rules),
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

/// The prefix of the silent rules [`observable`] adds.
const STEP_RULE: &str = "__peguri_step_";

/// `rules` with every step of work that pest_vm's listener would not see
/// made a call of a silent rule of its own, which the listener sees: each
/// iteration of a repetition, each match of the stack (`PEEK[..]`; `PEEK`,
/// `PEEK_ALL`, `POP` and `POP_ALL` are rule calls already) and each skip
/// to a string. A silent rule adds no pair, no call to pest's call limit
/// and no implicit whitespace, so the parse is the same; but the clock is
/// read between any two of those steps, so a parse cannot run past its
/// deadline, whatever pest's call limit counts.
pub fn observable(rules: Vec<OptimizedRule>) -> Vec<OptimizedRule> {
    let mut added = Vec::new();
    let mut rules: Vec<OptimizedRule> = rules
        .into_iter()
        .map(|rule| OptimizedRule {
            expr: through_rules(rule.expr, &mut added),
            ..rule
        })
        .collect();
    rules.extend(added);
    rules
}

/// `expr` with its steps made rule calls, the rules added to `added`.
fn through_rules(expr: OptimizedExpr, added: &mut Vec<OptimizedRule>) -> OptimizedExpr {
    use OptimizedExpr as E;
    let call = |expr: E, added: &mut Vec<OptimizedRule>| {
        let name = format!("{STEP_RULE}{}", added.len());
        added.push(OptimizedRule {
            name: name.clone(),
            ty: RuleType::Silent,
            expr,
        });
        E::Ident(name)
    };
    let inner = |e: Box<E>, added: &mut Vec<OptimizedRule>| Box::new(through_rules(*e, added));
    match expr {
        E::Rep(e) => {
            let body = inner(e, added);
            E::Rep(Box::new(call(*body, added)))
        }
        step @ (E::PeekSlice(..) | E::Skip(_)) => call(step, added),
        E::PosPred(e) => E::PosPred(inner(e, added)),
        E::NegPred(e) => E::NegPred(inner(e, added)),
        E::Seq(a, b) => {
            let a = inner(a, added);
            E::Seq(a, inner(b, added))
        }
        E::Choice(a, b) => {
            let a = inner(a, added);
            E::Choice(a, inner(b, added))
        }
        E::Opt(e) => E::Opt(inner(e, added)),
        E::Push(e) => E::Push(inner(e, added)),
        E::RestoreOnErr(e) => E::RestoreOnErr(inner(e, added)),
        leaf => leaf,
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
