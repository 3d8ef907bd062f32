//! The tracing interpreter (feature `pest`): a grammar compiled at run time
//! by pest_meta ([`RuntimeGrammar`]), run on pest's own parser state the
//! way pest_vm runs it, recording every rule attempt, the tokens kept, and
//! the farthest failure (see `trace`).
//!
//! pest_vm's listener sees only where a rule starts. Running the rules
//! here, through the same `ParserState` calls pest_vm makes in the same
//! order, gives the same matches, the same tokens and the same result
//! (`tests/library/trace.rs` checks it against pest_vm), and sees each
//! rule end or fail.

use core::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use pest::error::ErrorVariant;
use pest::{Atomicity, MatchDir, ParseResult, ParserState};
use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

use super::error::{ExpectedSet, Found, Kind, ParseError};
use super::grammar::{GRAMMAR, IRI_GRAMMAR, RFC6874_GRAMMAR, RuleLookup, find_rule};
use super::recorder::{Look, Recorder, Report, Wanted, stack_here};
use super::trace::{Trace, TraceOptions, TraceStop};
use alloc::{borrow::ToOwned, boxed::Box, format, string::String, vec, vec::Vec};

/// A problem pest_meta found in a grammar's text: where, and what.
///
/// ```
/// use peguri::grammar::RuntimeGrammar;
///
/// let problems = RuntimeGrammar::compile("a = { b }").err().unwrap();
/// assert_eq!(problems[0].offset, 6);
/// assert_eq!(problems[0].message, "rule b is undefined");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GrammarProblem {
    /// The byte offset in the grammar's text.
    pub offset: usize,
    /// pest_meta's message.
    pub message: String,
}

/// A pest grammar compiled at run time with pest_meta, which
/// [`trace`](Self::trace) runs on any input from any rule.
///
/// ```
/// use peguri::grammar::{RuntimeGrammar, TraceOptions};
///
/// let grammar = RuntimeGrammar::compile(r#"
///     mirror = { "mirror:" ~ path }
///     path = @{ ("/" ~ ASCII_ALPHA+)+ }
/// "#).unwrap();
/// let trace = grammar.trace("mirror", "mirror:/a/1", &TraceOptions::default()).unwrap();
/// assert!(!trace.valid);
/// let failure = trace.failure.unwrap();
/// assert_eq!(failure.offset, 10);
/// assert_eq!(failure.chain(), ["path", "mirror"]);
/// ```
pub struct RuntimeGrammar {
    rules: Vec<CompiledRule>,
    index: HashMap<String, usize>,
    whitespace: Option<usize>,
    comment: Option<usize>,
}

struct CompiledRule {
    name: String,
    ty: RuleType,
    body: Node,
}

/// A rule's body, with its calls resolved.
pub(super) enum Node {
    Str(String),
    Insens(String),
    Range(char, char),
    Rule(usize),
    Builtin(Builtin),
    PeekSlice(i32, Option<i32>),
    PosPred(Box<Node>),
    NegPred(Box<Node>),
    Seq(Box<Node>, Box<Node>),
    Choice(Box<Node>, Box<Node>),
    Opt(Box<Node>),
    Rep(Box<Node>),
    Skip(Vec<String>),
    Push(Box<Node>),
    RestoreOnErr(Box<Node>),
}

/// pest's built-in rules, as pest_vm runs them.
pub(super) enum Builtin {
    Any,
    Eoi,
    Soi,
    Peek,
    PeekAll,
    Pop,
    PopAll,
    Drop,
    Range(&'static str, &'static [(char, char)]),
    Newline,
    /// A Unicode property (`LETTER`), by name.
    Property(String),
}

/// pest's ASCII built-ins: name and ranges, as pest_vm matches them.
const ASCII_RULES: &[(&str, &[(char, char)])] = &[
    ("ASCII_DIGIT", &[('0', '9')]),
    ("ASCII_NONZERO_DIGIT", &[('1', '9')]),
    ("ASCII_BIN_DIGIT", &[('0', '1')]),
    ("ASCII_OCT_DIGIT", &[('0', '7')]),
    ("ASCII_HEX_DIGIT", &[('0', '9'), ('a', 'f'), ('A', 'F')]),
    ("ASCII_ALPHA_LOWER", &[('a', 'z')]),
    ("ASCII_ALPHA_UPPER", &[('A', 'Z')]),
    ("ASCII_ALPHA", &[('a', 'z'), ('A', 'Z')]),
    ("ASCII_ALPHANUMERIC", &[('a', 'z'), ('A', 'Z'), ('0', '9')]),
    ("ASCII", &[('\x00', '\x7f')]),
];

impl Builtin {
    fn by_name(name: &str) -> Option<Builtin> {
        Some(match name {
            "ANY" => Builtin::Any,
            "EOI" => Builtin::Eoi,
            "SOI" => Builtin::Soi,
            "PEEK" => Builtin::Peek,
            "PEEK_ALL" => Builtin::PeekAll,
            "POP" => Builtin::Pop,
            "POP_ALL" => Builtin::PopAll,
            "DROP" => Builtin::Drop,
            "NEWLINE" => Builtin::Newline,
            _ => {
                if let Some(&(name, ranges)) = ASCII_RULES.iter().find(|(n, _)| *n == name) {
                    return Some(Builtin::Range(name, ranges));
                }
                let _known = pest::unicode::by_name(name)?;
                return Some(Builtin::Property(name.to_owned()));
            }
        })
    }

    fn name(&self) -> &str {
        match self {
            Builtin::Any => "ANY",
            Builtin::Eoi => "EOI",
            Builtin::Soi => "SOI",
            Builtin::Peek => "PEEK",
            Builtin::PeekAll => "PEEK_ALL",
            Builtin::Pop => "POP",
            Builtin::PopAll => "POP_ALL",
            Builtin::Drop => "DROP",
            Builtin::Range(name, _) => name,
            Builtin::Newline => "NEWLINE",
            Builtin::Property(name) => name,
        }
    }
}

impl RuntimeGrammar {
    /// Compiles a grammar's text with pest_meta (parse, validation,
    /// optimization), as pest_derive and pest_vm read it.
    ///
    /// pest_meta runs in this thread, and its time, memory and stack are
    /// not bounded here: some small grammars take it minutes, gigabytes,
    /// or more stack than a thread has (see the CLI's bounds on a user's
    /// grammar, which compiles in a child process first).
    ///
    /// # Errors
    ///
    /// pest_meta's problems with the text, each with its byte offset.
    ///
    /// ```
    /// use peguri::grammar::RuntimeGrammar;
    ///
    /// let grammar = RuntimeGrammar::compile("digits = @{ ASCII_DIGIT+ }").unwrap();
    /// assert_eq!(grammar.rule_names().collect::<Vec<_>>(), ["digits"]);
    /// assert!(RuntimeGrammar::compile("digits = @{ ASCII_DIGIT+ ").is_err());
    /// ```
    pub fn compile(text: &str) -> Result<RuntimeGrammar, Vec<GrammarProblem>> {
        let rules = match pest_meta::parse_and_optimize(text) {
            Ok((_, rules)) => rules,
            Err(errors) => {
                return Err(errors
                    .iter()
                    .map(|e| GrammarProblem {
                        offset: match e.location {
                            pest::error::InputLocation::Pos(p) => p,
                            pest::error::InputLocation::Span((start, _)) => start,
                        },
                        message: e.variant.message().into_owned(),
                    })
                    .collect());
            }
        };
        let index: HashMap<String, usize> = rules
            .iter()
            .enumerate()
            .map(|(i, r)| (r.name.clone(), i))
            .collect();
        let mut compiled = Vec::with_capacity(rules.len());
        for OptimizedRule { name, ty, expr } in rules {
            let body = resolve(expr, &index).map_err(|message| {
                vec![GrammarProblem {
                    offset: 0,
                    message: format!("rule {name}: {message}"),
                }]
            })?;
            compiled.push(CompiledRule { name, ty, body });
        }
        Ok(RuntimeGrammar {
            whitespace: index.get("WHITESPACE").copied(),
            comment: index.get("COMMENT").copied(),
            rules: compiled,
            index,
        })
    }

    /// The grammar compiled into peguri (`uri.pest`, `iri.pest` and
    /// `rfc6874.pest`, read as one, as `build.rs` reads them), compiled
    /// on first use.
    ///
    /// ```
    /// use peguri::grammar::RuntimeGrammar;
    ///
    /// let names: Vec<&str> = RuntimeGrammar::built_in().rule_names().collect();
    /// assert_eq!(names, peguri::grammar::rule_names().collect::<Vec<_>>());
    /// ```
    pub fn built_in() -> &'static RuntimeGrammar {
        static BUILT_IN: OnceLock<RuntimeGrammar> = OnceLock::new();
        BUILT_IN.get_or_init(|| {
            let text = format!("{GRAMMAR}\n{IRI_GRAMMAR}\n{RFC6874_GRAMMAR}\n");
            // The build compiled the same text with pest_derive, so this
            // cannot fail; an empty grammar would only know no rule.
            RuntimeGrammar::compile(&text).unwrap_or_else(|_| RuntimeGrammar {
                rules: Vec::new(),
                index: HashMap::new(),
                whitespace: None,
                comment: None,
            })
        })
    }

    /// The rules' names, in the grammar's order.
    ///
    /// ```
    /// use peguri::grammar::RuntimeGrammar;
    ///
    /// let grammar = RuntimeGrammar::compile("a = { b }\nb = { \"b\" }").unwrap();
    /// assert_eq!(grammar.rule_names().collect::<Vec<_>>(), ["a", "b"]);
    /// ```
    pub fn rule_names(&self) -> impl Iterator<Item = &str> + '_ {
        self.rules.iter().map(|r| r.name.as_str())
    }

    /// Parses `input` as a whole from `rule` (any spelling
    /// [`find_rule`](super::grammar::find_rule) accepts), recording every
    /// step (see [`Trace`]).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] of kind
    /// [`UnknownRule`](crate::ParseErrorKind::UnknownRule) when the grammar
    /// has no such rule, with the closest names as expected. A rejected
    /// input is no error: its trace says why.
    ///
    /// ```
    /// use peguri::grammar::{RuntimeGrammar, TraceOptions};
    ///
    /// let grammar = RuntimeGrammar::built_in();
    /// let trace = grammar.trace("ipv4address", "1.2.3.4", &TraceOptions::default())?;
    /// assert!(trace.valid);
    /// let err = grammar.trace("ipv4adress", "1.2.3.4", &TraceOptions::default()).unwrap_err();
    /// assert_eq!(err.expected(), ["IPv4address"]);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn trace<'g, 'i>(
        &'g self,
        rule: &str,
        input: &'i str,
        options: &TraceOptions,
    ) -> Result<Trace<'g, 'i>, ParseError> {
        let found = match find_rule(self.rule_names(), rule) {
            RuleLookup::Found(found) => found,
            RuleLookup::Unknown(suggestions) => {
                let suggestions: Vec<String> = suggestions.into_iter().map(str::to_owned).collect();
                let expected = ExpectedSet::Owned(suggestions.into_boxed_slice());
                let found = Found::new(0, Kind::UnknownRule, expected);
                return Err(ParseError::new(input, rule.to_owned(), found));
            }
            RuleLookup::Ambiguous(candidates) => {
                let candidates: Vec<String> = candidates.into_iter().map(str::to_owned).collect();
                let expected = ExpectedSet::Owned(candidates.into_boxed_slice());
                let found = Found::new(0, Kind::UnknownRule, expected);
                return Err(ParseError::new(input, rule.to_owned(), found));
            }
        };
        let entry = self.index.get(found).copied().unwrap_or(0);
        Ok(run(self, entry, input, options))
    }
}

/// `expr` with its calls resolved against the grammar's rules.
fn resolve(expr: OptimizedExpr, index: &HashMap<String, usize>) -> Result<Node, String> {
    use OptimizedExpr as E;
    let inner = |e: Box<E>| resolve(*e, index).map(Box::new);
    Ok(match expr {
        E::Str(s) => Node::Str(s),
        E::Insens(s) => Node::Insens(s),
        E::Range(start, end) => match (start.chars().next(), end.chars().next()) {
            (Some(start), Some(end)) => Node::Range(start, end),
            _ => return Err("an empty character in a range".to_owned()),
        },
        E::Ident(name) => match Builtin::by_name(&name) {
            // pest_vm tries the built-ins before the grammar's rules, as here.
            Some(builtin) if !matches!(builtin, Builtin::Property(_)) => Node::Builtin(builtin),
            builtin => match (index.get(&name), builtin) {
                (Some(&rule), _) => Node::Rule(rule),
                (None, Some(property)) => Node::Builtin(property),
                (None, None) => return Err(format!("rule {name} is undefined")),
            },
        },
        E::PeekSlice(start, end) => Node::PeekSlice(start, end),
        E::PosPred(e) => Node::PosPred(inner(e)?),
        E::NegPred(e) => Node::NegPred(inner(e)?),
        E::Seq(a, b) => Node::Seq(inner(a)?, inner(b)?),
        E::Choice(a, b) => Node::Choice(inner(a)?, inner(b)?),
        E::Opt(e) => Node::Opt(inner(e)?),
        E::Rep(e) => Node::Rep(inner(e)?),
        E::Skip(strings) => Node::Skip(strings),
        E::Push(e) => Node::Push(inner(e)?),
        E::RestoreOnErr(e) => Node::RestoreOnErr(inner(e)?),
        // pest_meta's `grammar-extras` forms, when another crate turns the
        // feature on.
        #[allow(unreachable_patterns)]
        other => return Err(format!("{other} is not supported")),
    })
}

/// A rule call: a rule of the grammar, or a built-in.
#[derive(Clone, Copy)]
enum Callee<'g> {
    Rule(usize),
    Builtin(&'g Builtin),
}

type State<'i, 'g> = Box<ParserState<'i, &'g str>>;
type Step<'i, 'g> = ParseResult<State<'i, 'g>>;

/// A string in pest's syntax.
fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:04X}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A character in pest's syntax.
fn char_literal(c: char) -> String {
    match c {
        '\'' => "'\\''".to_owned(),
        '\\' => "'\\\\'".to_owned(),
        c if c.is_control() => format!("'\\u{{{:04X}}}'", u32::from(c)),
        c => format!("'{c}'"),
    }
}

/// An expression in pest's syntax, for a failure's expectation.
pub(super) fn show(grammar: &RuntimeGrammar, node: &Node) -> String {
    let level = |node: &Node| match node {
        Node::Choice(..) => 0,
        Node::Seq(..) => 1,
        _ => 2,
    };
    let inner = |node: &Node, at_least: u8| {
        if level(node) < at_least {
            format!("({})", show(grammar, node))
        } else {
            show(grammar, node)
        }
    };
    match node {
        Node::Str(s) => quoted(s),
        Node::Insens(s) => format!("^{}", quoted(s)),
        Node::Range(a, b) => format!("{}..{}", char_literal(*a), char_literal(*b)),
        Node::Rule(i) => grammar
            .rules
            .get(*i)
            .map_or_else(String::new, |r| r.name.clone()),
        Node::Builtin(b) => b.name().to_owned(),
        Node::PeekSlice(start, Some(end)) => format!("PEEK[{start}..{end}]"),
        Node::PeekSlice(start, None) => format!("PEEK[{start}..]"),
        Node::PosPred(e) => format!("&{}", inner(e, 2)),
        Node::NegPred(e) => format!("!{}", inner(e, 2)),
        Node::Seq(..) => {
            // pest_meta unrolls `e{n}` into n copies: written back as
            // `e{n}`.
            let mut items: Vec<&Node> = Vec::new();
            let mut rest = node;
            while let Node::Seq(a, b) = rest {
                items.push(a);
                rest = b;
            }
            items.push(rest);
            let shown: Vec<String> = items.iter().map(|item| inner(item, 1)).collect();
            let mut out: Vec<String> = Vec::new();
            let mut i = 0;
            while i < shown.len() {
                let run = shown[i..].iter().take_while(|s| **s == shown[i]).count();
                if run > 1 {
                    let atom = if level(items[i]) < 2 || shown[i].ends_with(['?', '*', '+', '}']) {
                        format!("({})", show(grammar, items[i]))
                    } else {
                        shown[i].clone()
                    };
                    out.push(format!("{atom}{{{run}}}"));
                } else {
                    out.push(shown[i].clone());
                }
                i += run;
            }
            out.join(" ~ ")
        }
        Node::Choice(a, b) => format!("{} | {}", inner(a, 0), inner(b, 0)),
        Node::Opt(e) => format!("{}?", inner(e, 2)),
        Node::Rep(e) => format!("{}*", inner(e, 2)),
        Node::Skip(strings) => {
            let strings: Vec<String> = strings.iter().map(|s| quoted(s)).collect();
            format!("(!({}) ~ ANY)*", strings.join(" | "))
        }
        Node::Push(e) => format!("PUSH({})", show(grammar, e)),
        Node::RestoreOnErr(e) => show(grammar, e),
    }
}

/// `EOI`, which the anchor calls.
static EOI: Builtin = Builtin::Eoi;

/// The interpreter: the grammar and what it records.
struct Tracer<'g> {
    grammar: &'g RuntimeGrammar,
    rec: RefCell<Recorder<'g>>,
}

impl<'g> Tracer<'g> {
    /// `SOI ~ rule ~ EOI`, as the anchored entry rule of pest_vm's callers
    /// (a normal rule, so implicit whitespace applies between).
    fn anchored<'i>(&self, rule: usize, state: State<'i, 'g>) -> Step<'i, 'g> {
        // The anchor itself is no group given up: its failure is the
        // parse's.
        state.sequence(|s| {
            s.start_of_input()
                .and_then(|s| self.skip(s))
                .and_then(|s| self.call(Callee::Rule(rule), s))
                .and_then(|s| {
                    self.rec.borrow_mut().entry_end = Some(s.position().pos());
                    self.skip(s)
                })
                .and_then(|s| self.call(Callee::Builtin(&EOI), s))
        })
    }

    /// `state.sequence(f)`, cutting the tokens kept back where pest cuts
    /// its queue when the sequence fails.
    fn sequence<'i>(
        &self,
        state: State<'i, 'g>,
        f: impl FnOnce(State<'i, 'g>) -> Step<'i, 'g>,
    ) -> Step<'i, 'g> {
        let start = state.position().pos();
        let (mark, first) = {
            let rec = self.rec.borrow();
            (rec.mark(), rec.failures + 1)
        };
        let result = state.sequence(f);
        if result.is_err() {
            let mut rec = self.rec.borrow_mut();
            rec.cut(mark);
            rec.group_failed(start, first);
        }
        result
    }

    /// Whether a call makes a token, as pest's `rule` decides: outside
    /// lookaheads, when the atomicity it runs under is not atomic.
    fn makes_token(&self, callee: Callee<'g>, atomicity: Atomicity, rule_index: usize) -> bool {
        if self.rec.borrow().look != Look::None {
            return false;
        }
        let not_atomic = atomicity != Atomicity::Atomic;
        match callee {
            Callee::Builtin(Builtin::Eoi) => not_atomic,
            Callee::Builtin(_) => false,
            Callee::Rule(_) => {
                let Some(rule) = self.grammar.rules.get(rule_index) else {
                    return false;
                };
                let special = Some(rule_index) == self.grammar.whitespace
                    || Some(rule_index) == self.grammar.comment;
                match rule.ty {
                    RuleType::Silent => false,
                    RuleType::Normal | RuleType::Atomic => not_atomic,
                    RuleType::CompoundAtomic => true,
                    RuleType::NonAtomic => !special,
                }
            }
        }
    }

    fn call<'i>(&self, callee: Callee<'g>, state: State<'i, 'g>) -> Step<'i, 'g> {
        let (name, index): (&'g str, usize) = match callee {
            Callee::Rule(i) => match self.grammar.rules.get(i) {
                Some(rule) => (rule.name.as_str(), i),
                None => return Err(state),
            },
            Callee::Builtin(b) => (b.name(), usize::MAX),
        };
        if !self.rec.borrow_mut().step() {
            return Err(state);
        }
        let start = state.position().pos();
        let token = self.makes_token(callee, state.atomicity(), index);
        self.rec.borrow_mut().enter(name, start, token);
        let result = match callee {
            Callee::Rule(i) => self.rule(i, state),
            Callee::Builtin(b) => self.builtin(b, name, state),
        };
        let mut rec = self.rec.borrow_mut();
        match result {
            Ok(state) => {
                rec.exit_ok(state.position().pos());
                Ok(state)
            }
            Err(state) => {
                rec.exit_err();
                if let Callee::Builtin(_) = callee {
                    rec.fail(start, Wanted::Rule(name));
                }
                Err(state)
            }
        }
    }

    /// A rule of the grammar, as pest_vm runs it.
    fn rule<'i>(&self, index: usize, state: State<'i, 'g>) -> Step<'i, 'g> {
        let Some(rule) = self.grammar.rules.get(index) else {
            return Err(state);
        };
        let name: &'g str = &rule.name;
        let body = &rule.body;
        let special = Some(index) == self.grammar.whitespace || Some(index) == self.grammar.comment;
        let atomic = Atomicity::Atomic;
        match (rule.ty, special) {
            (RuleType::Normal | RuleType::Atomic, true) | (RuleType::Atomic, false) => {
                state.rule(name, |s| s.atomic(atomic, |s| self.expr(body, s)))
            }
            (RuleType::Silent, true) => state.atomic(atomic, |s| self.expr(body, s)),
            (RuleType::NonAtomic, true) => {
                state.atomic(atomic, |s| s.rule(name, |s| self.expr(body, s)))
            }
            (RuleType::Normal, false) => state.rule(name, |s| self.expr(body, s)),
            (RuleType::Silent, false) => self.expr(body, state),
            (RuleType::CompoundAtomic, _) => state.atomic(Atomicity::CompoundAtomic, |s| {
                s.rule(name, |s| self.expr(body, s))
            }),
            (RuleType::NonAtomic, false) => state.atomic(Atomicity::NonAtomic, |s| {
                s.rule(name, |s| self.expr(body, s))
            }),
        }
    }

    fn builtin<'i>(
        &self,
        builtin: &'g Builtin,
        name: &'g str,
        state: State<'i, 'g>,
    ) -> Step<'i, 'g> {
        match builtin {
            Builtin::Any => state.skip(1),
            Builtin::Eoi => state.rule(name, |s| s.end_of_input()),
            Builtin::Soi => state.start_of_input(),
            Builtin::Peek => state.stack_peek(),
            Builtin::PeekAll => state.stack_match_peek(),
            Builtin::Pop => state.stack_pop(),
            Builtin::PopAll => state.stack_match_pop(),
            Builtin::Drop => state.stack_drop(),
            Builtin::Range(_, ranges) => {
                let mut result: Step<'i, 'g> = Err(state);
                for &(low, high) in *ranges {
                    result = match result {
                        Ok(state) => return Ok(state),
                        Err(state) => state.match_range(low..high),
                    };
                }
                result
            }
            Builtin::Newline => state
                .match_string("\n")
                .or_else(|s| s.match_string("\r\n"))
                .or_else(|s| s.match_string("\r")),
            Builtin::Property(property) => match pest::unicode::by_name(property) {
                Some(test) => state.match_char_by(test),
                None => Err(state),
            },
        }
    }

    /// An expression, as pest_vm's `parse_expr` runs it.
    fn expr<'i>(&self, node: &'g Node, state: State<'i, 'g>) -> Step<'i, 'g> {
        if !self.rec.borrow_mut().stack_ok(stack_here()) {
            return Err(state);
        }
        let at = state.position().pos();
        let failed = |state: State<'i, 'g>| {
            self.rec.borrow_mut().fail(at, Wanted::Node(node));
            Err(state)
        };
        match node {
            Node::Str(s) => state.match_string(s).or_else(failed),
            Node::Insens(s) => state.match_insensitive(s).or_else(failed),
            Node::Range(a, b) => state.match_range(*a..*b).or_else(failed),
            Node::Rule(i) => self.call(Callee::Rule(*i), state),
            Node::Builtin(b) => self.call(Callee::Builtin(b), state),
            Node::PeekSlice(start, end) => state
                .stack_match_peek_slice(*start, *end, MatchDir::BottomToTop)
                .or_else(failed),
            Node::PosPred(e) => self.lookahead(true, e, state).0,
            Node::NegPred(e) => {
                // What the lookahead forbids ends at the last character it
                // matched: the failure is there (`!(ldh{33})` fails at the
                // 33rd character).
                let (result, last) = self.lookahead(false, e, state);
                result.inspect_err(|_| {
                    self.rec.borrow_mut().fail(last, Wanted::Node(node));
                })
            }
            Node::Seq(a, b) => self.sequence(state, |s| {
                self.expr(a, s)
                    .and_then(|s| self.skip(s))
                    .and_then(|s| self.expr(b, s))
            }),
            Node::Choice(a, b) => self.expr(a, state).or_else(|s| self.expr(b, s)),
            Node::Opt(e) => state.optional(|s| self.expr(e, s)),
            Node::Rep(e) => self.sequence(state, |s| {
                s.optional(|s| {
                    self.expr(e, s).and_then(|s| {
                        s.repeat(|s| {
                            if !self.rec.borrow_mut().step() {
                                return Err(s);
                            }
                            self.sequence(s, |s| self.skip(s).and_then(|s| self.expr(e, s)))
                        })
                    })
                })
            }),
            Node::Push(e) => state.stack_push(|s| self.expr(e, s)),
            Node::Skip(strings) => {
                let strings: Vec<&str> = strings.iter().map(String::as_str).collect();
                state.skip_until(&strings).or_else(failed)
            }
            Node::RestoreOnErr(e) => state.restore_on_err(|s| self.expr(e, s)),
        }
    }

    /// `&e` or `!e`, with pest's bookkeeping of which lookahead is in force.
    /// Also where the last character the lookahead's expression matched
    /// starts (where it started, if it matched none).
    fn lookahead<'i>(
        &self,
        positive: bool,
        e: &'g Node,
        state: State<'i, 'g>,
    ) -> (Step<'i, 'g>, usize) {
        let before = {
            let mut rec = self.rec.borrow_mut();
            let before = rec.look;
            rec.look = match (positive, before) {
                (true, Look::Negative) | (false, Look::None | Look::Positive) => Look::Negative,
                _ => Look::Positive,
            };
            rec.look_depth += 1;
            before
        };
        let start = *state.position();
        let mut last = start.pos();
        let result = state.lookahead(positive, |s| {
            let inner = self.expr(e, s);
            if let Ok(s) = &inner {
                let matched = start.span(s.position()).as_str();
                let width = matched.chars().next_back().map_or(0, char::len_utf8);
                last = s.position().pos() - width;
            }
            inner
        });
        let mut rec = self.rec.borrow_mut();
        rec.look = before;
        rec.look_depth -= 1;
        (result, last)
    }

    /// Implicit whitespace and comments between the items of a sequence, as
    /// pest_vm skips them.
    fn skip<'i>(&self, state: State<'i, 'g>) -> Step<'i, 'g> {
        if state.atomicity() != Atomicity::NonAtomic {
            return Ok(state);
        }
        let whitespace =
            |w: usize| move |s: State<'i, 'g>| s.repeat(|s| self.call(Callee::Rule(w), s));
        match (self.grammar.whitespace, self.grammar.comment) {
            (None, None) => Ok(state),
            (Some(w), None) => whitespace(w)(state),
            (None, Some(c)) => state.repeat(|s| self.call(Callee::Rule(c), s)),
            (Some(w), Some(c)) => state.sequence(|s| {
                whitespace(w)(s).and_then(|s| {
                    s.repeat(|s| {
                        s.sequence(|s| self.call(Callee::Rule(c), s).and_then(whitespace(w)))
                    })
                })
            }),
        }
    }
}

/// Runs the traced parse: once, recording the attempts; for a rejected
/// input whose entry rule matched a prefix, once more to find the
/// committed reading's failure; and once more for the partial tree, which
/// is taken when the run makes the failure reported (the last one at its
/// offset).
fn run<'g, 'i>(
    grammar: &'g RuntimeGrammar,
    rule: usize,
    input: &'i str,
    options: &TraceOptions,
) -> Trace<'g, 'i> {
    let rule_name = grammar.rules.get(rule).map_or("", |r| r.name.as_str());
    let once = |options: TraceOptions, report, snapshot_at| {
        let tracer = Tracer {
            grammar,
            rec: RefCell::new(Recorder::new(options, input.len(), report, snapshot_at)),
        };
        let result = pest::state(input, |s| tracer.anchored(rule, s));
        let mut rec = tracer.rec.into_inner();
        let valid = match result {
            Ok(_) => true,
            Err(e) => {
                // pest's own call limit, if its caller set one.
                if let ErrorVariant::CustomError { message } = &e.variant
                    && message == "call limit reached"
                    && rec.stopped.is_none()
                {
                    rec.stopped = Some(TraceStop::CallLimit(rec.calls));
                }
                false
            }
        };
        (valid, rec)
    };
    let (valid, first) = once(*options, Report::Farthest, None);
    let mut trace = Trace {
        input,
        rule: rule_name,
        valid: valid && first.stopped.is_none(),
        attempts: Vec::new(),
        attempts_total: first.attempts_total,
        tree: Vec::new(),
        failure: None,
        stopped: first.stopped,
    };
    if trace.stopped.is_some() {
        trace.attempts = first.attempts;
        return trace;
    }
    if trace.valid {
        // The entry rule's node; `EOI` is the anchor's.
        trace.tree = first
            .roots
            .iter()
            .filter(|n| !(n.rule == "EOI" && n.start == input.len()))
            .cloned()
            .collect();
        trace.attempts = first.attempts;
        return trace;
    }
    let mut again = *options;
    again.max_attempts = 0;
    let mut reported = first.failure(grammar);
    if let Some(end) = first.entry_end {
        let (_, committed) = once(again, Report::Committed { end }, None);
        if committed.stopped.is_none()
            && let Some(failure) = committed.failure(grammar)
        {
            reported = Some(failure);
        }
    }
    if let Some((failure, last)) = reported {
        if options.partial_tree {
            let (_, snapshot) = once(again, Report::Farthest, Some(last));
            trace.tree = snapshot.snapshot.unwrap_or_default();
        }
        trace.failure = Some(failure);
    }
    trace.attempts = first.attempts;
    trace
}
