//! What a parse tried, step by step (feature `pest`): every rule attempt
//! with where it started and where it ended or that it failed, the parse
//! tree (or, for an input the grammar rejects, the partial tree it had
//! built when it got farthest), and the farthest failure with the rules
//! that reached it.
//!
//! pest reports neither where a rule ended nor why an atomic rule failed,
//! so a trace comes from an interpreter of its own ([`RuntimeGrammar`],
//! in `tracer`), which runs pest_meta's optimized rules on pest's own
//! parser state, as pest_vm does, and records each step.
//!
//! [`RuntimeGrammar`]: super::tracer::RuntimeGrammar

use core::fmt;
use std::time::Duration;

use super::error::{ExpectedSet, Found, Kind, ParseError, rule_word};
use alloc::{borrow::ToOwned, format, string::String, vec::Vec};

/// One attempt of a rule during a traced parse: the rule, how deeply it
/// was nested, where it started, and where it ended (`None`: it failed).
///
/// ```
/// let trace = peguri::grammar::trace("port", "80")?;
/// let first = trace.attempts[0];
/// assert_eq!((first.rule, first.depth, first.start, first.end), ("port", 0, 0, Some(2)));
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Attempt<'g> {
    /// The rule, as the grammar spells it (or a built-in rule of pest's,
    /// such as `EOI`).
    pub rule: &'g str,
    /// How many rule attempts enclose this one: 0 for the entry rule.
    pub depth: usize,
    /// The byte offset where the attempt started.
    pub start: usize,
    /// The byte offset where it ended, or `None` if it failed.
    pub end: Option<usize>,
    /// Whether it ran inside a lookahead (`&e` or `!e`), whose matches
    /// leave no token.
    pub in_lookahead: bool,
}

/// A node of a traced parse tree: what pest's pairs show (a rule, its
/// span, its children), or, in a partial tree, a rule still open when the
/// parse got farthest.
///
/// ```
/// let trace = peguri::grammar::trace("authority", "h:80")?;
/// let authority = &trace.tree[0];
/// assert_eq!((authority.rule, authority.start, authority.end), ("authority", 0, 4));
/// let rules: Vec<&str> = authority.children.iter().map(|c| c.rule).collect();
/// assert_eq!(rules, ["host", "port"]);
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TraceNode<'g> {
    /// The rule, as the grammar spells it.
    pub rule: &'g str,
    /// The byte offset where it starts.
    pub start: usize,
    /// The byte offset where it ends; for a rule still open, where the
    /// parse had got to (the farthest failure).
    pub end: usize,
    /// Whether the rule had matched; `false` for a rule still open in a
    /// partial tree.
    pub complete: bool,
    /// The nodes inside it, in order.
    pub children: Vec<TraceNode<'g>>,
}

/// One thing the parse tried at the farthest failure, and the rules it was
/// tried in.
///
/// ```
/// let trace = peguri::grammar::trace("authority", "h:8x")?;
/// let failure = trace.failure.as_ref().unwrap();
/// assert_eq!(failure.offset, 3);
/// let digit = &failure.expected[0];
/// assert_eq!((digit.expected.as_str(), digit.is_rule), ("DIGIT", true));
/// assert_eq!(digit.chain, ["port", "authority"]);
/// assert_eq!(digit.words(), "digit");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Expectation<'g> {
    /// What was expected, in pest's syntax: a rule's name (`reg_name`,
    /// `EOI`), a literal (`"/"`, `^"v"`, `'0'..'9'`), or a negative
    /// lookahead that matched (`!(pchar | "/")`).
    pub expected: String,
    /// Whether [`expected`](Self::expected) is a rule's name.
    pub is_rule: bool,
    /// The rules it was tried in, innermost first (empty at the top
    /// level, after the entry rule).
    pub chain: Vec<&'g str>,
}

impl Expectation<'_> {
    /// What was expected in a message's words: a rule as the RFC spells
    /// it, or in words where peguri has them (`end of input`, `digit`);
    /// a one-character literal in single quotes.
    ///
    /// ```
    /// let trace = peguri::grammar::trace("URI", "http://h:1x")?;
    /// let words: Vec<String> = trace.failure.unwrap().expected.iter().map(|e| e.words()).collect();
    /// assert!(words.contains(&"digit".to_owned()));
    /// assert!(words.contains(&"'/'".to_owned()));
    /// assert!(words.contains(&"end of input".to_owned()));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn words(&self) -> String {
        if self.is_rule {
            return rule_word(&self.expected)
                .map_or_else(|| rfc_name(&self.expected), ToOwned::to_owned);
        }
        // A one-character string literal, `"/"`, as messages write it: '/'.
        let inner = self
            .expected
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'));
        match inner {
            Some(text) if text.chars().count() == 1 && !text.starts_with('\\') => {
                format!("'{text}'")
            }
            Some("\\\\") => "'\\'".to_owned(),
            Some("\\\"") => "'\"'".to_owned(),
            _ => self.expected.clone(),
        }
    }
}

/// A rule name as the RFC spells it: `reg_name` is `reg-name`.
fn rfc_name(name: &str) -> String {
    name.replace('_', "-")
}

/// Where a rejected input's parse got farthest, and what it tried there.
///
/// ```
/// let trace = peguri::grammar::trace("URI-reference", "http://a b/")?;
/// let failure = trace.failure.as_ref().unwrap();
/// assert_eq!(failure.offset, 8);
/// assert_eq!(failure.chain(), ["reg_name", "host", "authority", "hier_part", "URI", "URI_reference"]);
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Failure<'g> {
    /// The byte offset: the farthest point any step of the parse tried
    /// and failed at (outside negative lookaheads).
    pub offset: usize,
    /// What was tried there, in the order the parse tried it, once each.
    pub expected: Vec<Expectation<'g>>,
}

impl<'g> Failure<'g> {
    /// The rules that reached the failure, innermost first: those around
    /// the first thing the parse tried there in a rule (the parse's own
    /// order: what it tried first is what it read the text as).
    ///
    /// ```
    /// let trace = peguri::grammar::trace("authority", "h:8x")?;
    /// let chain = trace.failure.unwrap().chain().to_vec();
    /// assert_eq!(chain, ["port", "authority"]);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn chain(&self) -> &[&'g str] {
        self.expected
            .iter()
            .find(|e| !e.chain.is_empty())
            .map_or(&[], |e| e.chain.as_slice())
    }

    /// The chain as a message shows it: `reg-name ← host ← authority`.
    ///
    /// ```
    /// let trace = peguri::grammar::trace("authority", "h:8x")?;
    /// assert_eq!(trace.failure.unwrap().chain_text(), "port ← authority");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn chain_text(&self) -> String {
        chain_text(self.chain())
    }
}

/// Rule names innermost first, as a message shows them: `a ← b ← c`, with
/// the RFC's spelling (`reg-name`).
///
/// ```
/// assert_eq!(peguri::grammar::chain_text(&["reg_name", "host"]), "reg-name ← host");
/// ```
pub fn chain_text(chain: &[&str]) -> String {
    chain
        .iter()
        .map(|rule| rfc_name(rule))
        .collect::<Vec<_>>()
        .join(" ← ")
}

/// Why a traced parse was stopped before its end: the bound it crossed
/// ([`TraceOptions`] sets them).
///
/// ```
/// use peguri::grammar::{RuntimeGrammar, TraceOptions, TraceStop};
///
/// let grammar = RuntimeGrammar::compile(r#"a = { ("x" ~ a ~ "z" | "x" ~ a ~ "y" | "x") }"#).unwrap();
/// let mut options = TraceOptions::default();
/// options.calls_per_byte = 1;
/// let input = "x".repeat(30);
/// let trace = grammar.trace("a", &input, &options).unwrap();
/// assert!(matches!(trace.stopped, Some(TraceStop::CallLimit(20_000))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TraceStop {
    /// The parse made more rule calls and repetition steps than this.
    CallLimit(usize),
    /// The parse used more stack than this many bytes (the grammar
    /// recurses as deeply as the input nests).
    Stack(usize),
    /// The parse took longer than this.
    Time(Duration),
}

impl fmt::Display for TraceStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceStop::CallLimit(limit) => write!(
                f,
                "stopped at the call limit ({limit} calls for this input): the grammar backtracks too much for it"
            ),
            TraceStop::Stack(bytes) => write!(
                f,
                "stopped at the stack budget ({} KiB): the grammar recurses too deeply for this input",
                bytes >> 10
            ),
            TraceStop::Time(limit) => write!(
                f,
                "stopped at the time limit ({} s): the parse of this input took longer",
                limit.as_secs_f64()
            ),
        }
    }
}

/// The bounds of a traced parse, and how much it records.
///
/// ```
/// use peguri::grammar::{RuntimeGrammar, TraceOptions};
///
/// let mut options = TraceOptions::default();
/// options.max_attempts = 3;
/// let trace = RuntimeGrammar::built_in().trace("URI", "a:b", &options).unwrap();
/// assert_eq!(trace.attempts.len(), 3);
/// assert!(trace.attempts_total > 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TraceOptions {
    /// The most attempts recorded in [`Trace::attempts`]; later ones are
    /// only counted ([`Trace::attempts_total`]). 100,000 by default.
    pub max_attempts: usize,
    /// Rule calls and repetition steps allowed per input byte, and at
    /// least 20,000 per input; a parse that needs more is stopped
    /// ([`TraceStop::CallLimit`]). 1,000 by default: `uri.pest` needs
    /// under 20.
    pub calls_per_byte: usize,
    /// Bytes of stack the parse may use, measured from where it starts; a
    /// parse that needs more is stopped ([`TraceStop::Stack`]). 1 MiB by
    /// default, which fits a thread's default stack of 2 MiB.
    pub stack_budget: usize,
    /// The longest a parse may take, or `None` (the default) for no
    /// limit ([`TraceStop::Time`]).
    pub deadline: Option<Duration>,
    /// Whether a rejected input gets its partial tree, which takes a
    /// second run of the parse. `true` by default.
    pub partial_tree: bool,
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions {
            max_attempts: 100_000,
            calls_per_byte: 1_000,
            stack_budget: 1 << 20,
            deadline: None,
            partial_tree: true,
        }
    }
}

impl TraceOptions {
    /// The calls allowed for an input of `len` bytes.
    pub(crate) fn call_limit(&self, len: usize) -> usize {
        self.calls_per_byte.saturating_mul(len).max(20_000)
    }
}

/// A traced parse of one input with one rule, anchored to the whole input
/// (as `grammar::parse_rule` parses): every rule attempt, the tree, and
/// for a rejected input the farthest failure and the partial tree.
///
/// ```
/// let trace = peguri::grammar::trace("URI-reference", "http://a b/")?;
/// assert!(!trace.valid);
/// // What the parse had built when it got farthest: the URI up to the space.
/// let top = &trace.tree[0];
/// assert_eq!((top.rule, top.start, top.end, top.complete), ("URI_reference", 0, 8, true));
/// let error = trace.error().unwrap();
/// assert_eq!(error.offset(), 8);
/// assert!(error.message().to_string().starts_with("unexpected character ' '; expected "));
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Trace<'g, 'i> {
    /// The input.
    pub input: &'i str,
    /// The entry rule, as the grammar spells it.
    pub rule: &'g str,
    /// Whether the rule matched the whole input (and the parse was not
    /// stopped).
    pub valid: bool,
    /// The rule attempts in the order they started, up to
    /// [`TraceOptions::max_attempts`].
    pub attempts: Vec<Attempt<'g>>,
    /// How many attempts the parse made, recorded or not.
    pub attempts_total: usize,
    /// The parse tree of a valid input (the entry rule's node, as pest's
    /// pairs have it); for a rejected one, the partial tree: the nodes
    /// the parse had built, and the rules still open, when it last failed
    /// at its farthest point.
    pub tree: Vec<TraceNode<'g>>,
    /// For a rejected input, where the parse got farthest.
    pub failure: Option<Failure<'g>>,
    /// Why the parse was stopped, if it was (then neither tree nor
    /// failure is known).
    pub stopped: Option<TraceStop>,
}

impl Trace<'_, '_> {
    /// The farthest failure as a [`ParseError`] for the input: its offset,
    /// the character there, and what was expected, in words. `None` for a
    /// valid input or a stopped parse.
    ///
    /// ```
    /// let trace = peguri::grammar::trace("authority", "h:8x")?;
    /// let error = trace.error().unwrap();
    /// assert_eq!(error.offset(), 3);
    /// assert_eq!(error.message(), "unexpected character 'x'; expected digit or end of input");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn error(&self) -> Option<ParseError> {
        let failure = self.failure.as_ref()?;
        let mut words: Vec<String> = Vec::new();
        for expectation in &failure.expected {
            let word = expectation.words();
            if !words.contains(&word) {
                words.push(word);
            }
        }
        let offset = failure.offset.min(self.input.len());
        let kind = match self
            .input
            .get(offset..)
            .and_then(|rest| rest.chars().next())
        {
            Some(c) => Kind::UnexpectedChar(c),
            None => Kind::UnexpectedEndExpected,
        };
        let found = Found::new(offset, kind, ExpectedSet::Owned(words.into_boxed_slice()));
        Some(ParseError::new(self.input, self.rule.to_owned(), found))
    }
}
