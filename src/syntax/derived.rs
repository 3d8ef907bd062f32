//! pest_derive's parser of `uri.pest`, `iri.pest` and `rfc6874.pest`
//! (feature `pest`): parse trees and parsing from any rule.
//!
//! This is the reference engine. Typed parsing never calls it: it runs on
//! the code `build.rs` generates from the same files (see
//! `syntax::engine`), and the tests prove the two agree.

use std::collections::HashMap;
use std::sync::OnceLock;
#[cfg(feature = "expose-internals")]
use std::sync::atomic::{AtomicUsize, Ordering};

use pest::error::{Error as PestError, ErrorVariant, InputLocation};
use pest::iterators::Pairs;
use pest::{Parser as _, RuleType};

use super::compiled::Rules;
use super::diagnose;
use super::entry::{Entry, Grammar, Syntax};
use super::error::{ExpectedSet, Found, Kind, ParseError};
use super::grammar::{RuleLookup, find_rule, rule_names};
use alloc::{borrow::ToOwned, format, string::String, vec::Vec};

/// How many times pest_derive's parser has run in this process.
#[cfg(feature = "expose-internals")]
static PEST_CALLS: AtomicUsize = AtomicUsize::new(0);

/// Runs pest_derive's parser. Every use inside the crate goes through here,
/// so that tests can see that typed parsing never does.
pub(crate) fn pest_parse(rule: Rule, input: &str) -> Result<Pairs<'_, Rule>, PestError<Rule>> {
    count_pest_call();
    UriParser::parse(rule, input)
}

/// Counts a run of one of pest_derive's parsers, for the tests that show
/// typed parsing never runs one.
pub(crate) fn count_pest_call() {
    #[cfg(feature = "expose-internals")]
    PEST_CALLS.fetch_add(1, Ordering::Relaxed);
}

/// How many times the crate has run pest_derive's parser.
#[cfg(feature = "expose-internals")]
pub(crate) fn pest_calls() -> usize {
    PEST_CALLS.load(Ordering::Relaxed)
}

/// pest's rules as a set of the compiled grammar's rules (the two number
/// them alike: `tests/library/engines.rs` checks it).
pub(crate) fn rule_set(rules: &[Rule]) -> Rules {
    let mut set = Rules::EMPTY;
    for &rule in rules {
        set.insert(rule as u16);
    }
    set
}

// `entry_rules`: the anchored and unanchored rules of a typed entry, from
// `build.rs`'s table of the typed entries.
include!(concat!(env!("OUT_DIR"), "/pest_entries.rs"));

/// The RFC 3986 typed entry an anchored rule is, if it is one.
fn typed_entry(rule: Rule) -> Option<Syntax> {
    [
        Entry::UriReference,
        Entry::Uri,
        Entry::AbsoluteUri,
        Entry::RelativeRef,
    ]
    .into_iter()
    .map(|entry| Syntax::new(entry, Grammar::Rfc3986))
    .find(|&syntax| entry_rules(syntax).0 == rule)
}

mod generated {
    // pest_derive adds a `Rule::all_rules` function without documentation;
    // the rules themselves take their docs from the `///` lines in uri.pest.
    #![allow(missing_docs)]

    /// The parser pest derives from `uri.pest`, `iri.pest` and
    /// `rfc6874.pest` at build time.
    ///
    /// pest reads the three files as one grammar, so the IRI rules of RFC
    /// 3987 and the zone rules of RFC 6874 reuse the unchanged RFC 3986
    /// rules (`scheme`, `port`, `IP_literal`...). Use it through pest's
    /// [`Parser`](pest::Parser) trait (pest is re-exported as
    /// [`grammar::pest`](crate::grammar::pest)) with any [`Rule`]; the
    /// `*_entry` rules anchor a rule to the whole input.
    ///
    /// ```
    /// use peguri::grammar::{Rule, UriParser};
    /// use pest::Parser;
    ///
    /// let pairs = UriParser::parse(Rule::URI_reference_entry, "http://h/p").unwrap();
    /// assert_eq!(pairs.as_str(), "http://h/p");
    /// ```
    #[derive(pest_derive::Parser)]
    #[grammar = "../uri.pest"]
    #[grammar = "../iri.pest"]
    #[grammar = "../rfc6874.pest"]
    pub struct UriParser;
}

pub use generated::{Rule, UriParser};

/// The anchored entry rule (`SOI ~ rule ~ EOI`) for a rule of the compiled
/// grammar, named in any spelling [`find_rule`] accepts; an `*_entry` rule
/// is its own entry.
///
/// ```
/// use peguri::grammar::{entry_rule, Rule};
/// assert_eq!(entry_rule("IPv6address"), Some(Rule::IPv6address_entry));
/// assert_eq!(entry_rule("path-abempty"), Some(Rule::path_abempty_entry));
/// assert_eq!(entry_rule("ipv6ADDRESS"), Some(Rule::IPv6address_entry));
/// assert_eq!(entry_rule("URI_reference_entry"), Some(Rule::URI_reference_entry));
/// assert_eq!(entry_rule("nonsense"), None);
/// ```
pub fn entry_rule(name: &str) -> Option<Rule> {
    match find_rule(rule_names(), name) {
        RuleLookup::Found(found) => anchored(found),
        _ => None,
    }
}

/// The anchored rule for a rule of the compiled grammar, by its exact name.
fn anchored(name: &str) -> Option<Rule> {
    if name.ends_with("_entry") {
        rule_by_name(name)
    } else {
        rule_by_name(&format!("{name}_entry"))
    }
}

/// pest_derive's rule of that exact name.
fn rule_by_name(name: &str) -> Option<Rule> {
    static RULES: OnceLock<HashMap<String, Rule>> = OnceLock::new();
    RULES
        .get_or_init(|| {
            Rule::all_rules()
                .iter()
                .map(|&rule| (rule_name(rule), rule))
                .collect()
        })
        .get(name)
        .copied()
}

/// Parses `input` as a whole with any rule of the compiled grammar: RFC
/// 3986 Appendix A, RFC 3987 section 2.2, RFC 6874, and the `*_entry`
/// rules that anchor them. The name may be spelled as in the RFC
/// (`IPv6address`, `path-abempty`, `ireg-name`), as in the `.pest` files
/// (`path_abempty`), and in any case (see [`find_rule`]);
/// [`rule_names`](crate::grammar::rule_names) lists them.
///
/// # The pairs
///
/// The pairs are pest's ([`pest::iterators::Pairs`], pest re-exported as
/// [`grammar::pest`](crate::grammar::pest)), of the rule's anchored form
/// `X_entry = { SOI ~ X ~ EOI }`: one top pair, of `X_entry`, whose
/// children are the pair of `X` and a last pair of [`Rule::EOI`]. Under
/// `X` are the pairs of the rules it matched, in order, down to the
/// atomic rules (`@{ ... }` in the `.pest` files, such as `scheme`,
/// `reg_name`, `segment`, `IPv6address`): an atomic rule's pair has no
/// children, the rules it calls leave none. (`IPvFuture` is
/// compound-atomic, `${ ... }`: its `HEXDIG` version digits do.) Rules
/// that match nothing where they are optional leave no pair, and
/// `path_empty` leaves an empty one.
///
/// ```
/// use peguri::grammar::{parse_rule, rule_name, Rule};
/// use peguri::grammar::pest::iterators::Pair;
///
/// fn show(pair: Pair<'_, Rule>, depth: usize, out: &mut String) {
///     let span = pair.as_span();
///     out.push_str(&format!("{}{} {}..{}\n", "  ".repeat(depth), rule_name(pair.as_rule()), span.start(), span.end()));
///     for child in pair.into_inner() {
///         show(child, depth + 1, out);
///     }
/// }
///
/// let mut tree = String::new();
/// for pair in parse_rule("authority", "me@h:80")? {
///     show(pair, 0, &mut tree);
/// }
/// assert_eq!(tree, "\
/// authority_entry 0..7
///   authority 0..7
///     userinfo 0..2
///     host 3..4
///       reg_name 3..4
///     port 5..7
///   EOI 7..7
/// ");
/// # Ok::<_, peguri::ParseError>(())
/// ```
///
/// # Errors
///
/// A [`ParseError`] if `input` is not matched by the rule in full, or if
/// the rule name is unknown: then its
/// [`expected`](ParseError::expected) names are the closest rule names
/// ("did you mean"), and its message points to
/// [`rule_names`](crate::grammar::rule_names).
///
/// ```
/// use peguri::grammar::{parse_rule, Rule};
///
/// let pairs = parse_rule("IPv6address", "::1")?;
/// let top = pairs.clone().next().unwrap();
/// assert_eq!(top.as_rule(), Rule::IPv6address_entry);
/// assert!(parse_rule("IPv6address", "1::2::3").is_err());
/// assert!(parse_rule("dec-octet", "255").is_ok());
/// assert!(parse_rule("DEC-OCTET", "255").is_ok());
/// assert!(parse_rule("ireg-name", "bücher.example").is_ok());
/// assert!(parse_rule("URI_reference_entry", "a:b").is_ok());
///
/// let err = parse_rule("ipv6adress", "::1").unwrap_err();
/// assert!(err.message().to_string().starts_with("unknown grammar rule"));
/// assert_eq!(err.expected(), ["IPv6address"]);
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn parse_rule<'i>(rule: &str, input: &'i str) -> Result<Pairs<'i, Rule>, ParseError> {
    let entry = match find_rule(rule_names(), rule) {
        RuleLookup::Found(found) => anchored(found),
        RuleLookup::Ambiguous(_) => None,
        RuleLookup::Unknown(suggestions) => {
            let suggestions: Vec<String> = suggestions.into_iter().map(str::to_owned).collect();
            let expected = ExpectedSet::Owned(suggestions.into_boxed_slice());
            let found = Found::new(0, Kind::UnknownRule, expected);
            return Err(ParseError::new(input, rule.to_owned(), found));
        }
    };
    let Some(entry) = entry else {
        return Err(ParseError::unknown_rule(rule, input));
    };
    pest_parse(entry, input).map_err(|e| {
        // The URI-level rules get the component-aware messages.
        match typed_entry(entry) {
            Some(syntax) => {
                let (pos, positives) = pest_position(&e);
                diagnose::describe(input, syntax, pos, rule_set(&positives))
            }
            None => ParseError::from_pest(input, rule, &e),
        }
    })
}

/// The pest-name of a rule, as it appears in `uri.pest` (`URI_reference`).
///
/// ```
/// use peguri::grammar::{rule_name, Rule};
/// assert_eq!(rule_name(Rule::path_abempty), "path_abempty");
/// ```
pub fn rule_name(rule: Rule) -> String {
    format!("{rule:?}")
}

impl ParseError {
    /// An error for `input` from any pest parser's error: the spot, what
    /// was expected (rule names in words where peguri knows them), and a
    /// message. `rule` names what was being parsed. This is how errors of a
    /// grammar loaded at run time (the CLI's `--grammar`) read like
    /// peguri's own.
    ///
    /// ```
    /// use pest::Parser;
    /// use peguri::grammar::{Rule, UriParser};
    ///
    /// let input = "%zz";
    /// let e = UriParser::parse(Rule::pct_encoded_entry, input).unwrap_err();
    /// let err = peguri::ParseError::from_pest(input, "pct-encoded", &e);
    /// assert_eq!((err.offset(), err.message().to_string().as_str()), (1, "expected a hex digit after '%'"));
    /// let e = UriParser::parse(Rule::port_entry, "8a").unwrap_err();
    /// let err = peguri::ParseError::from_pest("8a", "port", &e);
    /// assert_eq!(err.message(), "unexpected character 'a'; expected end of input");
    /// ```
    pub fn from_pest<R: RuleType>(input: &str, rule: &str, e: &PestError<R>) -> Self {
        let (pos, positives) = pest_position(e);
        diagnose::describe_named(input, rule, pos, positives.iter().map(|r| format!("{r:?}")))
    }
}

/// pest's failure position and expected rules.
pub(crate) fn pest_position<R: RuleType>(e: &PestError<R>) -> (usize, Vec<R>) {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((start, _)) => start,
    };
    let positives = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    (pos, positives)
}
