//! What a traced parse records as it runs (feature `pest`): the rule
//! attempts, the tokens kept (pest's queue, as nodes), the failures that
//! make the report, and the bounds it runs under. The interpreter in
//! `tracer` calls it at each step.

use std::time::Instant;

use super::trace::{Attempt, Expectation, Failure, TraceNode, TraceOptions, TraceStop};
use super::tracer::{Node, RuntimeGrammar, show};
use alloc::{borrow::ToOwned, vec::Vec};

/// How pest's lookahead stands: it flips at each `!`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Look {
    None,
    Positive,
    Negative,
}

/// One rule attempt under way.
pub(super) struct Frame<'g> {
    rule: &'g str,
    start: usize,
    serial: usize,
    attempt: Option<usize>,
    token: bool,
}

/// A rule under way that makes a token: the tokens kept inside it so far.
pub(super) struct OpenNode<'g> {
    rule: &'g str,
    start: usize,
    children: Vec<TraceNode<'g>>,
}

/// What a failing step expected.
#[derive(Clone, Copy)]
pub(super) enum Wanted<'g> {
    Rule(&'g str),
    Node(&'g Node),
}

/// A failure kept for the report: its number among all the parse's
/// failures, where, what failed, the rules open around it (innermost
/// first: serial, name, start), and which of them it is counted as (the
/// outermost rule that started there and failed).
pub(super) struct Pending<'g> {
    serial: usize,
    offset: usize,
    wanted: Wanted<'g>,
    open: Vec<(usize, &'g str, usize)>,
    counted_as: Option<usize>,
}

/// The failures kept, and the rules kept around each.
const MAX_PENDING: usize = 1024;
const MAX_CHAIN: usize = 64;

/// Which failures a run keeps for the report.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Report {
    /// Those at the farthest offset.
    Farthest,
    /// Those at or after the end of the entry rule's match (the rule
    /// matched a prefix of the input): the failures of the parse's
    /// committed reading, leaving out those of a group that started
    /// before it and failed (a reading the parse gave up for another one
    /// that got there, such as `userinfo` before a missing `@`).
    Committed {
        /// Where the entry rule's match ended.
        end: usize,
    },
}

/// What a traced parse records as it goes.
pub(super) struct Recorder<'g> {
    pub(super) options: TraceOptions,
    pub(super) call_limit: usize,
    pub(super) calls: usize,
    pub(super) started: Instant,
    pub(super) stack_base: usize,
    pub(super) stopped: Option<TraceStop>,
    pub(super) attempts: Vec<Attempt<'g>>,
    pub(super) attempts_total: usize,
    pub(super) frames: Vec<Frame<'g>>,
    pub(super) serial: usize,
    pub(super) open: Vec<OpenNode<'g>>,
    pub(super) roots: Vec<TraceNode<'g>>,
    pub(super) look: Look,
    pub(super) look_depth: usize,
    pub(super) report: Report,
    pub(super) failures: usize,
    pub(super) farthest: Option<usize>,
    pub(super) last_at_farthest: usize,
    pub(super) pending: Vec<Pending<'g>>,
    /// Where the entry rule's match ended, if it matched.
    pub(super) entry_end: Option<usize>,
    pub(super) snapshot_at: Option<usize>,
    pub(super) snapshot: Option<Vec<TraceNode<'g>>>,
}

/// The address of a local of the caller's frame: how deep the stack is.
#[inline(always)]
pub(super) fn stack_here() -> usize {
    let marker = 0u8;
    core::ptr::addr_of!(marker) as usize
}

impl<'g> Recorder<'g> {
    pub(super) fn new(
        options: TraceOptions,
        input_len: usize,
        report: Report,
        snapshot_at: Option<usize>,
    ) -> Self {
        Recorder {
            call_limit: options.call_limit(input_len),
            options,
            calls: 0,
            started: Instant::now(),
            stack_base: stack_here(),
            stopped: None,
            attempts: Vec::new(),
            attempts_total: 0,
            frames: Vec::new(),
            serial: 0,
            open: Vec::new(),
            roots: Vec::new(),
            look: Look::None,
            look_depth: 0,
            report,
            failures: 0,
            farthest: None,
            last_at_farthest: 0,
            pending: Vec::new(),
            entry_end: None,
            snapshot_at,
            snapshot: None,
        }
    }

    /// Counts a step (a rule call or a repetition's iteration) against the
    /// bounds; `false` once the parse is stopped.
    pub(super) fn step(&mut self) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        self.calls += 1;
        if self.calls > self.call_limit {
            self.stopped = Some(TraceStop::CallLimit(self.call_limit));
            return false;
        }
        if let Some(deadline) = self.options.deadline
            && self.calls % 64 == 0
            && self.started.elapsed() > deadline
        {
            self.stopped = Some(TraceStop::Time(deadline));
            return false;
        }
        true
    }

    /// Checks the stack; `false` once the parse is stopped.
    pub(super) fn stack_ok(&mut self, here: usize) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        if here.abs_diff(self.stack_base) > self.options.stack_budget {
            self.stopped = Some(TraceStop::Stack(self.options.stack_budget));
            return false;
        }
        true
    }

    /// How many tokens the innermost open node holds: where a failed
    /// sequence cuts back to.
    pub(super) fn mark(&self) -> usize {
        self.open
            .last()
            .map_or(self.roots.len(), |n| n.children.len())
    }

    pub(super) fn cut(&mut self, mark: usize) {
        match self.open.last_mut() {
            Some(node) => node.children.truncate(mark),
            None => self.roots.truncate(mark),
        }
    }

    pub(super) fn enter(&mut self, rule: &'g str, start: usize, token: bool) {
        self.attempts_total += 1;
        let attempt = (self.attempts.len() < self.options.max_attempts).then(|| {
            self.attempts.push(Attempt {
                rule,
                depth: self.frames.len(),
                start,
                end: None,
                in_lookahead: self.look_depth > 0,
            });
            self.attempts.len() - 1
        });
        self.serial += 1;
        self.frames.push(Frame {
            rule,
            start,
            serial: self.serial,
            attempt,
            token,
        });
        if token {
            self.open.push(OpenNode {
                rule,
                start,
                children: Vec::new(),
            });
        }
    }

    pub(super) fn exit_ok(&mut self, end: usize) {
        let Some(frame) = self.frames.pop() else {
            return;
        };
        if let Some(attempt) = frame.attempt.and_then(|i| self.attempts.get_mut(i)) {
            attempt.end = Some(end);
        }
        if frame.token
            && let Some(node) = self.open.pop()
        {
            let node = TraceNode {
                rule: node.rule,
                start: node.start,
                end,
                complete: true,
                children: node.children,
            };
            match self.open.last_mut() {
                Some(parent) => parent.children.push(node),
                None => self.roots.push(node),
            }
        }
    }

    pub(super) fn exit_err(&mut self) {
        let Some(frame) = self.frames.pop() else {
            return;
        };
        if frame.token {
            self.open.pop();
        }
        if self.look == Look::Negative {
            return;
        }
        // The failures at this rule's start inside it count as this rule's
        // (an outer rule that fails there too overrides it).
        for pending in self.pending.iter_mut().filter(|p| p.offset == frame.start) {
            let at = pending
                .open
                .iter()
                .take_while(|(_, _, start)| *start == frame.start)
                .position(|(serial, _, _)| *serial == frame.serial);
            if at.is_some() {
                pending.counted_as = at;
            }
        }
    }

    /// A group (a sequence) that started at `start`, and whose failures are
    /// numbered from `first`, failed: in a committed report, the failures
    /// inside a group that started before the committed end were those of
    /// a reading the parse gave up.
    pub(super) fn group_failed(&mut self, start: usize, first: usize) {
        if let Report::Committed { end } = self.report
            && start < end
            && self.pending.last().is_some_and(|p| p.serial >= first)
        {
            self.pending.retain(|p| p.serial < first);
        }
    }

    /// A step that expected `wanted` failed at `offset`.
    pub(super) fn fail(&mut self, offset: usize, wanted: Wanted<'g>) {
        if self.look == Look::Negative || self.stopped.is_some() {
            return;
        }
        self.failures += 1;
        let serial = self.failures;
        if self.snapshot_at == Some(serial) {
            self.snapshot = Some(self.partial_tree(offset));
        }
        match self.farthest {
            Some(farthest) if offset < farthest => {}
            Some(farthest) if offset == farthest => self.last_at_farthest = serial,
            _ => {
                self.farthest = Some(offset);
                self.last_at_farthest = serial;
                if self.report == Report::Farthest {
                    self.pending.clear();
                }
            }
        }
        let kept = match self.report {
            Report::Farthest => Some(offset) == self.farthest,
            Report::Committed { end } => offset >= end,
        };
        if kept && self.pending.len() < MAX_PENDING {
            let open = self
                .frames
                .iter()
                .rev()
                .take(MAX_CHAIN)
                .map(|f| (f.serial, f.rule, f.start))
                .collect();
            self.pending.push(Pending {
                serial,
                offset,
                wanted,
                open,
                counted_as: None,
            });
        }
    }

    /// The tokens kept, and the rules open, now: each open rule ends at
    /// `offset`, where the parse got.
    pub(super) fn partial_tree(&self, offset: usize) -> Vec<TraceNode<'g>> {
        let mut inner: Option<TraceNode<'g>> = None;
        for node in self.open.iter().rev() {
            let mut children = node.children.clone();
            children.extend(inner.take());
            inner = Some(TraceNode {
                rule: node.rule,
                start: node.start,
                end: offset,
                complete: false,
                children,
            });
        }
        let mut tree = self.roots.clone();
        tree.extend(inner);
        tree
    }

    /// The failure to report: the farthest offset among the failures
    /// kept, each expectation there once; and the number of the last
    /// failure there, where the partial tree is taken.
    pub(super) fn failure(&self, grammar: &RuntimeGrammar) -> Option<(Failure<'g>, usize)> {
        let offset = self.pending.iter().map(|p| p.offset).max()?;
        let mut expected: Vec<Expectation<'g>> = Vec::new();
        let mut last = 0;
        for pending in self.pending.iter().filter(|p| p.offset == offset) {
            last = pending.serial;
            let (text, is_rule, chain_from) = match pending.counted_as {
                Some(k) => (pending.open[k].1.to_owned(), true, k + 1),
                None => match pending.wanted {
                    Wanted::Rule(rule) => (rule.to_owned(), true, 0),
                    Wanted::Node(node) => (show(grammar, node), false, 0),
                },
            };
            let chain: Vec<&'g str> = pending.open[chain_from.min(pending.open.len())..]
                .iter()
                .map(|(_, rule, _)| *rule)
                .collect();
            let expectation = Expectation {
                expected: text,
                is_rule,
                chain,
            };
            if !expected.contains(&expectation) {
                expected.push(expectation);
            }
        }
        Some((Failure { offset, expected }, last))
    }
}
