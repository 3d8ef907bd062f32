//! Generating strings that exercise every alternative of a rule, and
//! near-valid strings one mutation away from them (abnfgen's idea).
//!
//! A string is derived top-down from the start rule. At each choice the
//! generator takes an alternative not covered yet if one fits in the
//! depth left, else one that leads to an uncovered alternative, else any
//! that fits; a repetition takes one round more when that leads to an
//! uncovered alternative. The caller's check decides whether a string
//! counts (the ABNF recognizer, or pest for a pest grammar, whose
//! lookaheads generation ignores): only strings it accepts cover the
//! alternatives they were derived through. An alternative whose strings
//! the check refuses 20 times is no longer sought.
//!
//! Bounds: at most `max_depth` nested rule calls (past the depth an
//! alternative needs to finish, it is not taken); a repetition takes its
//! minimum or its maximum a quarter of the time, else any count between,
//! where the maximum is its own when that is at most
//! [`MAX_BOUNDED_ROUNDS`] past its minimum (`*6( h16 ":" )` up to 6), else
//! `max_repeat` past its minimum (`*pchar` up to 3); at most `max_length`
//! bytes a string (a longer one is dropped).
//!
//! Strings never hold LF or CR, nor U+FEFF: one string is one line, and a
//! line reader would split at those or strip them. An alternative that
//! needs one of them (or a prose value) is never generated.

use std::collections::HashSet;

use crate::grammar::{CharSet, Error, Grammar, NEVER, Node, Rule, Targets, unwritable};

/// Where the generator's choices come from.
///
/// ```
/// use peguri_abnf::{Choices, Seeded};
///
/// let mut a = Seeded::new(7);
/// let mut b = Seeded::new(7);
/// assert_eq!(a.below(1000), b.below(1000));
/// ```
pub trait Choices {
    /// A number below `n` (`n` is at least 1).
    fn below(&mut self, n: usize) -> usize;
}

/// Choices from a seed: SplitMix64, the same sequence for a seed on every
/// platform and in every version.
///
/// ```
/// use peguri_abnf::{Choices, Seeded};
///
/// let mut choices = Seeded::new(1);
/// assert!(choices.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct Seeded(u64);

impl Seeded {
    /// Choices from `seed`.
    ///
    /// ```
    /// let _ = peguri_abnf::Seeded::new(0);
    /// ```
    pub fn new(seed: u64) -> Self {
        Seeded(seed)
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Choices for Seeded {
    fn below(&mut self, n: usize) -> usize {
        // Multiply-shift: fair enough for a generator, and branch-free.
        ((u128::from(self.next_u64()) * n.max(1) as u128) >> 64) as usize
    }
}

/// Choices read from bytes (a fuzzer's input), one or more bytes each;
/// past the end, choices from the seed the bytes' length gives.
///
/// ```
/// use peguri_abnf::{Choices, FromBytes};
///
/// let mut choices = FromBytes::new(&[3, 250]);
/// assert_eq!(choices.below(10), 3);
/// assert_eq!(choices.below(10), 0);
/// ```
#[derive(Clone, Debug)]
pub struct FromBytes<'a> {
    bytes: &'a [u8],
    rest: Seeded,
}

impl<'a> FromBytes<'a> {
    /// Choices from `bytes`.
    ///
    /// ```
    /// let _ = peguri_abnf::FromBytes::new(b"fuzz");
    /// ```
    pub fn new(bytes: &'a [u8]) -> Self {
        FromBytes {
            bytes,
            rest: Seeded::new(bytes.len() as u64),
        }
    }
}

impl Choices for FromBytes<'_> {
    fn below(&mut self, n: usize) -> usize {
        let n = n.max(1);
        if self.bytes.is_empty() {
            return self.rest.below(n);
        }
        let mut value = 0usize;
        let mut span = 1usize;
        while span < n {
            let Some((&b, rest)) = self.bytes.split_first() else {
                break;
            };
            self.bytes = rest;
            value = (value << 8) | usize::from(b);
            span = span.saturating_mul(256);
        }
        value % n
    }
}

/// The bounds of generation.
///
/// ```
/// let options = peguri_abnf::Options::default();
/// assert_eq!((options.max_depth, options.max_repeat, options.max_length), (24, 3, 1000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The most nested rule calls, the start rule's included (1 to
    /// [`MAX_DEPTH`]).
    pub max_depth: u32,
    /// The most rounds past its minimum of a repetition without an upper
    /// bound, or with one more than [`MAX_BOUNDED_ROUNDS`] past it: `*x`
    /// takes 0 to 3 rounds by default (`1*4x` takes 1 to 4 in any case).
    pub max_repeat: u32,
    /// The longest string, in bytes; a longer one is dropped.
    pub max_length: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_depth: 24,
            max_repeat: 3,
            max_length: 1000,
        }
    }
}

/// What a check says of a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The grammar accepts it.
    Accepted,
    /// The grammar refuses it.
    Refused,
    /// No answer (a bounded parse was stopped): the string is not used.
    Unknown,
}

/// How many strings to write, and of which kind.
///
/// ```
/// let plan = peguri_abnf::Plan { count: Some(5), invalid: true, max_attempts: None };
/// assert!(plan.invalid);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// That many strings; `None`: until every alternative reachable from
    /// the start is covered, each string covering one more at least.
    pub count: Option<usize>,
    /// Near-valid strings: each a valid string with one mutation that the
    /// check refuses.
    pub invalid: bool,
    /// The most strings derived before giving up; by default 100 for each
    /// string asked for (or each alternative to cover), plus 1,000.
    pub max_attempts: Option<usize>,
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Strings written.
    pub written: usize,
    /// Strings derived.
    pub attempts: usize,
    /// Derived strings the check did not accept.
    pub refused: usize,
    /// Whether the run stopped at `max_attempts` short of its goal.
    pub gave_up: bool,
}

/// An alternative the strings written so far have not covered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing {
    /// The rule the choice is in.
    pub rule: String,
    /// Which choice of the rule, 1-based in the order they are written.
    pub choice: usize,
    /// Which alternative of it, 1-based.
    pub alternative: usize,
    /// The alternative, in ABNF notation.
    pub text: String,
    /// Whether it can be generated at all: not when it needs a prose
    /// value, or a character never written (LF, CR, U+FEFF).
    pub writable: bool,
}

/// Which alternatives are covered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// The alternatives reachable from the start.
    pub reachable: usize,
    /// Those covered by a string written.
    pub covered: usize,
    /// The others.
    pub missing: Vec<Missing>,
}

/// A derived string, and the alternatives it was derived through.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The string.
    pub text: String,
    taken: Vec<usize>,
}

/// The most rounds past its minimum a repetition with an upper bound takes
/// in full (`*6( h16 ":" )` up to 6); past that, `max_repeat` bounds it.
pub const MAX_BOUNDED_ROUNDS: u32 = 16;

/// The largest `max_depth` taken: generation recurses once or more per
/// rule call, on the caller's stack.
pub const MAX_DEPTH: u32 = 1_000;

/// How often a check may refuse strings through an alternative before
/// the generator stops seeking it.
const MAX_REFUSALS: u32 = 20;

/// How many mutations of a valid string are tried for a near-valid one.
const MUTATION_TRIES: usize = 20;

/// Characters a mutation may insert besides the grammar's own: delimiters,
/// characters no URI holds, controls and non-ASCII.
const OUTSIDERS: &[char] = &[
    ' ',
    '"',
    '#',
    '%',
    '/',
    ':',
    '<',
    '>',
    '?',
    '@',
    '[',
    '\\',
    ']',
    '^',
    '`',
    '{',
    '|',
    '}',
    '\t',
    '\u{7F}',
    '\u{A0}',
    'é',
    '\u{E000}',
    '\u{FFFD}',
    '\u{1F600}',
];

/// Generates strings from one rule of a [`Grammar`].
///
/// ```
/// use peguri_abnf::{Generator, Grammar, Options, Plan, Recognizer, Seeded, Verdict};
///
/// let grammar = Grammar::rfc3986();
/// let recognizer = Recognizer::new(&grammar).unwrap();
/// let host = grammar.find_rule("host").unwrap();
/// let mut generator = Generator::new(&grammar, host, None, Options::default()).unwrap();
/// let mut lines = Vec::new();
/// let check = &mut |s: &str| {
///     if recognizer.recognize(host, s) { Verdict::Accepted } else { Verdict::Refused }
/// };
/// generator
///     .run(Plan::default(), &mut Seeded::new(0), check, &mut |line: &str| {
///         lines.push(line.to_owned());
///         Ok::<(), ()>(())
///     })
///     .unwrap();
/// let coverage = generator.coverage();
/// assert_eq!(coverage.covered, coverage.reachable);
/// assert!(lines.iter().any(|l| l.starts_with('[')));
/// ```
pub struct Generator<'g> {
    grammar: &'g Grammar,
    start: &'g Node,
    /// The start's own alternative, when one is asked for.
    start_taken: Option<usize>,
    depth: u32,
    options: Options,
    scope: Targets,
    uncovered: Targets,
    /// Uncovered and still sought.
    wanted: Targets,
    refusals: Vec<u32>,
    alphabet: Vec<char>,
}

impl<'g> Generator<'g> {
    /// A generator of strings of the rule at `rule`, or with `alternative`
    /// (0-based) of its top-level alternatives alone. Fails when the rule
    /// cannot be generated within `options.max_depth`, or at all.
    ///
    /// ```
    /// use peguri_abnf::{Generator, Grammar, Options};
    ///
    /// let grammar = Grammar::from_abnf("a = <anything> / \"x\"\n").unwrap();
    /// assert!(Generator::new(&grammar, 0, Some(0), Options::default()).is_err());
    /// assert!(Generator::new(&grammar, 0, Some(1), Options::default()).is_ok());
    /// ```
    pub fn new(
        grammar: &'g Grammar,
        rule: usize,
        alternative: Option<usize>,
        options: Options,
    ) -> Result<Self, Error> {
        let (Some(Rule { name, .. }), Some(body)) =
            (grammar.rules().get(rule), grammar.nodes.get(rule))
        else {
            return Err(Error::new(format!(
                "the grammar has {} rules; there is no rule number {rule}",
                grammar.rules().len()
            )));
        };
        if options.max_depth == 0 || options.max_depth > MAX_DEPTH {
            return Err(Error::new(format!(
                "the depth limit must be from 1 to {MAX_DEPTH} nested rule calls, not {}",
                options.max_depth
            )));
        }
        let whole = || {
            (
                body,
                None,
                grammar.heights[rule],
                grammar.rule_reach[rule].clone(),
            )
        };
        let (start, start_taken, needed, scope) = match (alternative, body) {
            (None, _) => whole(),
            (
                Some(k),
                Node::Alt {
                    alternatives,
                    heights,
                    reach,
                    first,
                    ..
                },
            ) if k < alternatives.len() => (
                &alternatives[k],
                Some(first + k),
                heights[k].saturating_add(1),
                reach[k].clone(),
            ),
            (Some(0), node) if !matches!(node, Node::Alt { .. }) => whole(),
            (Some(k), _) => {
                let count = grammar.alternatives(rule).len();
                return Err(Error::new(format!(
                    "the rule \"{name}\" has {count} alternative{}; there is no alternative {}",
                    if count == 1 { "" } else { "s" },
                    k + 1
                )));
            }
        };
        if needed == NEVER {
            return Err(Error::new(format!(
                "the rule \"{name}\"{} derives no string that can be written on a line \
                 (every derivation needs a prose value, LF, CR or U+FEFF)",
                alternative
                    .map(|k| format!(" (alternative {})", k + 1))
                    .unwrap_or_default()
            )));
        }
        if needed > options.max_depth {
            return Err(Error::new(format!(
                "the rule \"{name}\" needs {needed} nested rule calls, more than the depth limit of {}",
                options.max_depth
            )));
        }
        let alphabet = alphabet(grammar, rule);
        Ok(Generator {
            grammar,
            start,
            start_taken,
            depth: options.max_depth - 1,
            options,
            uncovered: scope.clone(),
            wanted: scope.clone(),
            scope,
            refusals: vec![0; grammar.alternative_count],
            alphabet,
        })
    }

    /// One string derived from the start, or `None` when it grew past the
    /// length limit.
    ///
    /// ```
    /// use peguri_abnf::{Generator, Grammar, Options, Seeded};
    ///
    /// let grammar = Grammar::rfc3986();
    /// let octet = grammar.find_rule("dec-octet").unwrap();
    /// let generator = Generator::new(&grammar, octet, Some(4), Options::default()).unwrap();
    /// let text = generator.candidate(&mut Seeded::new(3)).unwrap().text;
    /// assert!(text.starts_with("25") && text.len() == 3);
    /// ```
    pub fn candidate(&self, choices: &mut dyn Choices) -> Option<Candidate> {
        let mut out = Candidate {
            text: String::new(),
            taken: self.start_taken.into_iter().collect(),
        };
        self.walk(self.start, self.depth, choices, &mut out).ok()?;
        Some(out)
    }

    /// Counts the alternatives `candidate` was derived through as covered.
    pub fn commit(&mut self, candidate: &Candidate) {
        for &t in &candidate.taken {
            self.uncovered.remove(t);
            self.wanted.remove(t);
        }
    }

    /// Notes that the check refused `candidate`.
    fn refused(&mut self, candidate: &Candidate) {
        for &t in &candidate.taken {
            self.refusals[t] += 1;
            if self.refusals[t] >= MAX_REFUSALS {
                self.wanted.remove(t);
            }
        }
    }

    /// `text` with one mutation: a character deleted, inserted or
    /// replaced, at a position `choices` picks. Inserted characters come
    /// from the grammar's own character sets reachable from the start
    /// (each range's ends and the values just outside them) and a fixed
    /// list of delimiters, controls and non-ASCII characters; never LF,
    /// CR or U+FEFF.
    ///
    /// ```
    /// use peguri_abnf::{Generator, Grammar, Options, Seeded};
    ///
    /// let grammar = Grammar::rfc3986();
    /// let port = grammar.find_rule("port").unwrap();
    /// let generator = Generator::new(&grammar, port, None, Options::default()).unwrap();
    /// let mutated = generator.mutate("8080", &mut Seeded::new(1));
    /// assert_ne!(mutated, "8080");
    /// ```
    pub fn mutate(&self, text: &str, choices: &mut dyn Choices) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        let pick = |choices: &mut dyn Choices| self.alphabet[choices.below(self.alphabet.len())];
        let operation = if chars.is_empty() {
            1
        } else {
            choices.below(3)
        };
        match operation {
            0 => {
                chars.remove(choices.below(chars.len()));
            }
            1 => {
                let at = choices.below(chars.len() + 1);
                chars.insert(at, pick(choices));
            }
            _ => {
                let at = choices.below(chars.len());
                let mut c = pick(choices);
                if c == chars[at] {
                    c = self.alphabet[(self.alphabet.iter().position(|&a| a == c).unwrap_or(0)
                        + 1)
                        % self.alphabet.len()];
                }
                chars[at] = c;
            }
        }
        chars.into_iter().collect()
    }

    /// Writes strings as `plan` says: each derived string that `check`
    /// accepts (or, with `plan.invalid`, a mutation of it that `check`
    /// refuses) is passed to `emit`, once.
    pub fn run<E>(
        &mut self,
        plan: Plan,
        choices: &mut dyn Choices,
        check: &mut dyn FnMut(&str) -> Verdict,
        emit: &mut dyn FnMut(&str) -> Result<(), E>,
    ) -> Result<Summary, E> {
        let goal = plan.count.unwrap_or_else(|| self.reachable());
        let max_attempts = plan
            .max_attempts
            .unwrap_or_else(|| goal.saturating_mul(100).saturating_add(1000));
        let mut summary = Summary::default();
        let mut written = HashSet::new();
        loop {
            let done = match plan.count {
                Some(n) => summary.written >= n,
                None => self.wanted.iter().next().is_none(),
            };
            if done {
                break;
            }
            if summary.attempts >= max_attempts {
                summary.gave_up = true;
                break;
            }
            summary.attempts += 1;
            let Some(candidate) = self.candidate(choices) else {
                continue;
            };
            if check(&candidate.text) != Verdict::Accepted {
                summary.refused += 1;
                self.refused(&candidate);
                continue;
            }
            let new = candidate.taken.iter().any(|&t| self.uncovered.contains(t));
            if plan.count.is_none() && !new {
                continue;
            }
            let line = if plan.invalid {
                let found = (0..MUTATION_TRIES)
                    .map(|_| self.mutate(&candidate.text, choices))
                    .find(|m| check(m) == Verdict::Refused);
                match found {
                    Some(line) => line,
                    None => continue,
                }
            } else {
                candidate.text.clone()
            };
            self.commit(&candidate);
            if written.insert(line.clone()) {
                emit(&line)?;
                summary.written += 1;
            }
        }
        Ok(summary)
    }

    fn reachable(&self) -> usize {
        self.scope.iter().count()
    }

    /// The alternatives reachable from the start, and which are covered.
    ///
    /// ```
    /// use peguri_abnf::{Generator, Grammar, Options};
    ///
    /// let grammar = Grammar::rfc3986();
    /// let octet = grammar.find_rule("dec-octet").unwrap();
    /// let generator = Generator::new(&grammar, octet, None, Options::default()).unwrap();
    /// let coverage = generator.coverage();
    /// assert_eq!((coverage.reachable, coverage.covered), (5, 0));
    /// assert_eq!(coverage.missing[4].text, "\"25\" %x30-35");
    /// ```
    pub fn coverage(&self) -> Coverage {
        let missing: Vec<Missing> = self
            .uncovered
            .iter()
            .map(|t| {
                let choices = &self.grammar.choices;
                let c = choices.partition_point(|c| c.first <= t) - 1;
                let choice = &choices[c];
                let k = t - choice.first;
                Missing {
                    rule: self.grammar.rules()[choice.rule].name.clone(),
                    choice: choice.ordinal,
                    alternative: k + 1,
                    text: choice.texts[k].clone(),
                    writable: self.writable(t),
                }
            })
            .collect();
        let reachable = self.reachable();
        Coverage {
            reachable,
            covered: reachable - missing.len(),
            missing,
        }
    }

    /// Whether alternative `target` can be derived at all.
    fn writable(&self, target: usize) -> bool {
        fn find(node: &Node, target: usize) -> Option<bool> {
            match node {
                Node::Alt {
                    first,
                    alternatives,
                    heights,
                    ..
                } => {
                    if (*first..first + alternatives.len()).contains(&target) {
                        return Some(heights[target - first] != NEVER);
                    }
                    alternatives.iter().find_map(|n| find(n, target))
                }
                Node::Seq(nodes) => nodes.iter().find_map(|n| find(n, target)),
                Node::Repeat { node, .. } => find(node, target),
                _ => None,
            }
        }
        self.grammar
            .nodes
            .iter()
            .find_map(|n| find(n, target))
            .unwrap_or(false)
    }

    fn walk(
        &self,
        node: &Node,
        depth: u32,
        choices: &mut dyn Choices,
        out: &mut Candidate,
    ) -> Result<(), ()> {
        match node {
            Node::Alt {
                first,
                alternatives,
                heights,
                reach,
                ..
            } => {
                let fits: Vec<usize> = (0..alternatives.len())
                    .filter(|&k| heights[k] <= depth)
                    .collect();
                let wanted: Vec<usize> = fits
                    .iter()
                    .copied()
                    .filter(|&k| self.wanted.contains(first + k))
                    .collect();
                let leading: Vec<usize> = fits
                    .iter()
                    .copied()
                    .filter(|&k| reach[k].intersects(&self.wanted))
                    .collect();
                let pool = [wanted, leading, fits]
                    .into_iter()
                    .find(|p| !p.is_empty())
                    .ok_or(())?;
                let k = pool[choices.below(pool.len())];
                out.taken.push(first + k);
                self.walk(&alternatives[k], depth, choices, out)
            }
            Node::Seq(nodes) => nodes
                .iter()
                .try_for_each(|n| self.walk(n, depth, choices, out)),
            Node::Repeat {
                min,
                max,
                node,
                height,
                reach,
            } => {
                if *height > depth {
                    return if *min == 0 { Ok(()) } else { Err(()) };
                }
                let most = match max {
                    Some(max) if max - min <= MAX_BOUNDED_ROUNDS => *max,
                    Some(max) => (*max).min(min.saturating_add(self.options.max_repeat)),
                    None => min.saturating_add(self.options.max_repeat),
                };
                // Either bound a quarter of the time, else any count.
                let mut rounds = match choices.below(8) {
                    0 => *min,
                    1 => most,
                    _ => min + choices.below((most - min) as usize + 1) as u32,
                };
                if rounds == 0 && most > 0 && reach.intersects(&self.wanted) {
                    rounds = 1;
                }
                (0..rounds).try_for_each(|_| self.walk(node, depth, choices, out))
            }
            Node::Rule(i) => {
                if self.grammar.heights[*i] > depth {
                    return Err(());
                }
                self.walk(&self.grammar.nodes[*i], depth - 1, choices, out)
            }
            Node::Chars { writable, .. } => {
                let c = pick_char(writable, choices).ok_or(())?;
                out.text.push(c);
                if out.text.len() > self.options.max_length {
                    return Err(());
                }
                Ok(())
            }
            Node::Empty => Ok(()),
            Node::Prose => Err(()),
        }
    }
}

/// A character of `set`: one of a range's ends a quarter of the time (where
/// transcriptions go wrong), else any, evenly.
fn pick_char(set: &CharSet, choices: &mut dyn Choices) -> Option<char> {
    let ranges = set.ranges();
    if ranges.is_empty() {
        return None;
    }
    if choices.below(4) == 0 {
        let (first, last) = ranges[choices.below(ranges.len())];
        let value = if choices.below(2) == 0 { first } else { last };
        return char::from_u32(value);
    }
    let total: u64 = ranges.iter().map(|&(a, b)| u64::from(b - a) + 1).sum();
    let mut at = choices.below(usize::try_from(total).unwrap_or(usize::MAX)) as u64;
    for &(a, b) in ranges {
        let size = u64::from(b - a) + 1;
        if at < size {
            return char::from_u32(a + at as u32);
        }
        at -= size;
    }
    None
}

/// The characters a mutation inserts: for every character set reachable
/// from `rule`, each range's ends and the values just outside them; then
/// [`OUTSIDERS`]. Sorted, without duplicates, LF, CR or U+FEFF.
fn alphabet(grammar: &Grammar, rule: usize) -> Vec<char> {
    fn visit(node: &Node, grammar: &Grammar, seen: &mut Vec<bool>, out: &mut Vec<u32>) {
        match node {
            Node::Alt { alternatives, .. } => alternatives
                .iter()
                .for_each(|n| visit(n, grammar, seen, out)),
            Node::Seq(nodes) => nodes.iter().for_each(|n| visit(n, grammar, seen, out)),
            Node::Repeat { node, .. } => visit(node, grammar, seen, out),
            Node::Rule(i) => {
                if !std::mem::replace(&mut seen[*i], true) {
                    visit(&grammar.nodes[*i], grammar, seen, out);
                }
            }
            Node::Chars { set, .. } => {
                for &(a, b) in set.ranges() {
                    out.extend([a.saturating_sub(1), a, b, b.saturating_add(1)]);
                }
            }
            Node::Empty | Node::Prose => {}
        }
    }
    let mut seen = vec![false; grammar.nodes.len()];
    seen[rule] = true;
    let mut values = Vec::new();
    visit(&grammar.nodes[rule], grammar, &mut seen, &mut values);
    let never = unwritable();
    let mut out: Vec<char> = values
        .into_iter()
        .filter_map(char::from_u32)
        .chain(OUTSIDERS.iter().copied())
        .filter(|&c| !never.contains(c))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}
