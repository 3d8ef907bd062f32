//! The pest parser derived from `uri.pest` (and `iri.pest`), and parsing
//! with any rule.
//!
//! This is the reference engine: it builds pest pairs (and so parse trees)
//! and can start from any rule of RFC 3986 Appendix A or of the IRI grammar
//! of RFC 3987 section 2.2. Typed parsing never calls it: it runs on the code
//! `build.rs` generates from the same files (see `syntax::engine`), and the
//! tests prove the two agree.

use std::collections::HashMap;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use pest::Parser as _;
use pest::error::Error as PestError;
use pest::iterators::Pairs;

use super::compiled::{Rules, uri::RULE_NAMES};
use super::diagnose;
use super::entry::{Entry, Grammar, Syntax};
use super::error::{ExpectedSet, Kind, ParseError};

/// How many times pest_derive's parser has run in this process.
static PEST_CALLS: AtomicUsize = AtomicUsize::new(0);

/// Runs pest_derive's parser. Every use inside the crate goes through here,
/// so that tests can see that typed parsing never does.
pub(crate) fn pest_parse(rule: Rule, input: &str) -> Result<Pairs<'_, Rule>, PestError<Rule>> {
    count_pest_call();
    UriParser::parse(rule, input)
}

/// Counts a run of one of pest_derive's parsers.
pub(crate) fn count_pest_call() {
    PEST_CALLS.fetch_add(1, Ordering::Relaxed);
}

/// How many times the crate has run pest_derive's parser (for tests).
pub(crate) fn pest_calls() -> usize {
    PEST_CALLS.load(Ordering::Relaxed)
}

/// pest's rules as a set of the compiled grammar's rules (the two number
/// them alike: `tests/engines.rs` checks it).
pub(crate) fn rule_set(rules: &[Rule]) -> Rules {
    let mut set = Rules::EMPTY;
    for &rule in rules {
        set.insert(rule as u16);
    }
    set
}

/// The anchored and unanchored rules of a typed entry.
pub(crate) fn entry_rules(syntax: Syntax) -> (Rule, Rule) {
    match (syntax.grammar, syntax.entry) {
        (Grammar::Rfc3986, Entry::Reference) => (Rule::URI_reference_entry, Rule::URI_reference),
        (Grammar::Rfc3986, Entry::Absolute) => (Rule::URI_entry, Rule::URI),
        (Grammar::Rfc3986, Entry::NoFragment) => (Rule::absolute_URI_entry, Rule::absolute_URI),
        (Grammar::Rfc3986, Entry::Relative) => (Rule::relative_ref_entry, Rule::relative_ref),
        (Grammar::Rfc6874, Entry::Reference) => {
            (Rule::URI_reference_6874_entry, Rule::URI_reference_6874)
        }
        (Grammar::Rfc6874, Entry::Absolute) => (Rule::URI_6874_entry, Rule::URI_6874),
        (Grammar::Rfc6874, Entry::NoFragment) => {
            (Rule::absolute_URI_6874_entry, Rule::absolute_URI_6874)
        }
        (Grammar::Rfc6874, Entry::Relative) => {
            (Rule::relative_ref_6874_entry, Rule::relative_ref_6874)
        }
        (Grammar::Rfc3987, Entry::Reference) => (Rule::IRI_reference_entry, Rule::IRI_reference),
        (Grammar::Rfc3987, Entry::Absolute) => (Rule::IRI_entry, Rule::IRI),
        (Grammar::Rfc3987, Entry::NoFragment) => (Rule::absolute_IRI_entry, Rule::absolute_IRI),
        (Grammar::Rfc3987, Entry::Relative) => (Rule::irelative_ref_entry, Rule::irelative_ref),
        (Grammar::Rfc3987Zones, Entry::Reference) => {
            (Rule::IRI_reference_6874_entry, Rule::IRI_reference_6874)
        }
        (Grammar::Rfc3987Zones, Entry::Absolute) => (Rule::IRI_6874_entry, Rule::IRI_6874),
        (Grammar::Rfc3987Zones, Entry::NoFragment) => {
            (Rule::absolute_IRI_6874_entry, Rule::absolute_IRI_6874)
        }
        (Grammar::Rfc3987Zones, Entry::Relative) => {
            (Rule::irelative_ref_6874_entry, Rule::irelative_ref_6874)
        }
    }
}

/// The RFC 3986 typed entry an anchored rule is, if it is one.
fn typed_entry(rule: Rule) -> Option<Syntax> {
    [
        Entry::Reference,
        Entry::Absolute,
        Entry::NoFragment,
        Entry::Relative,
    ]
    .into_iter()
    .map(|entry| Syntax::new(entry, Grammar::Rfc3986))
    .find(|&syntax| entry_rules(syntax).0 == rule)
}

mod generated {
    // pest_derive adds a `Rule::all_rules` function without documentation;
    // the rules themselves take their docs from the `///` lines in uri.pest.
    #![allow(missing_docs)]

    /// The parser pest derives from `uri.pest` and `iri.pest` at build time.
    ///
    /// pest reads the two files as one grammar, so the IRI rules of RFC 3987
    /// reuse the unchanged RFC 3986 rules (`scheme`, `port`, `IP_literal`...).
    /// Use it through pest's [`Parser`](pest::Parser) trait with any [`Rule`];
    /// the `*_entry` rules anchor a rule to the whole input.
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

/// The text of `uri.pest`, as compiled into this crate.
///
/// ```
/// assert!(peguri::grammar::GRAMMAR.contains("URI_reference"));
/// ```
pub const GRAMMAR: &str = include_str!("../../uri.pest");

/// Every rule that `uri.pest` transcribes from RFC 3986 Appendix A (and the
/// RFC 5234 core rules it uses), by its pest name, in the RFC's order.
///
/// ```
/// assert!(peguri::grammar::APPENDIX_A_RULES.contains(&"IPv6address"));
/// ```
pub const APPENDIX_A_RULES: &[&str] = &[
    "URI",
    "hier_part",
    "URI_reference",
    "absolute_URI",
    "relative_ref",
    "relative_part",
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "IP_literal",
    "IPvFuture",
    "IPv6address",
    "h16",
    "ls32",
    "IPv4address",
    "dec_octet",
    "reg_name",
    "path",
    "path_abempty",
    "path_absolute",
    "path_noscheme",
    "path_rootless",
    "path_empty",
    "segment",
    "segment_nz",
    "segment_nz_nc",
    "pchar",
    "query",
    "fragment",
    "pct_encoded",
    "unreserved",
    "reserved",
    "gen_delims",
    "sub_delims",
    "ALPHA",
    "DIGIT",
    "HEXDIG",
];

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

/// Every rule of the compiled grammar (`uri.pest`, then `iri.pest` and
/// `rfc6874.pest`) by its name in the `.pest` files, in grammar order:
/// what `peguri rules` lists and what [`parse_rule`] accepts.
///
/// ```
/// let names: Vec<&str> = peguri::grammar::rule_names().collect();
/// assert_eq!(names[0], "ALPHA");
/// assert!(names.contains(&"IPv6address"));
/// assert!(names.contains(&"URI_reference_entry"));
/// assert!(names.contains(&"ireg_name"));
/// ```
pub fn rule_names() -> impl Iterator<Item = &'static str> + Clone {
    RULE_NAMES.iter().copied().filter(|&name| name != "EOI")
}

/// What a rule name given by a user names in a grammar (see [`find_rule`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleLookup<'n> {
    /// The rule, as the grammar spells it.
    Found(&'n str),
    /// Several rules differ from the name only in case (the grammar has,
    /// say, both `alpha` and `ALPHA`, and was given `Alpha`).
    Ambiguous(Vec<&'n str>),
    /// No rule has that name; the closest names, best first (possibly
    /// none): the "did you mean".
    Unknown(Vec<&'n str>),
}

/// Finds the rule a user means among a grammar's rule `names`.
///
/// A rule name may be written as the `.pest` file writes it
/// (`path_abempty`), as the RFC writes it (`path-abempty`), and in any
/// case: RFC 5234 section 2.1 makes rule names case-insensitive. An exact
/// match wins; otherwise the names that match this way. For a name that
/// matches none, the closest names by edit distance are suggested.
///
/// ```
/// use peguri::grammar::{find_rule, rule_names, RuleLookup};
///
/// assert_eq!(find_rule(rule_names(), "uri-REFERENCE"), RuleLookup::Found("URI_reference"));
/// assert_eq!(find_rule(rule_names(), "ipv6adress"), RuleLookup::Unknown(vec!["IPv6address"]));
/// assert_eq!(find_rule(["alpha", "ALPHA"], "Alpha"), RuleLookup::Ambiguous(vec!["alpha", "ALPHA"]));
/// ```
pub fn find_rule<'n>(names: impl IntoIterator<Item = &'n str>, wanted: &str) -> RuleLookup<'n> {
    let names: Vec<&'n str> = names.into_iter().collect();
    if let Some(&exact) = names.iter().find(|&&name| name == wanted) {
        return RuleLookup::Found(exact);
    }
    let same: Vec<&'n str> = names
        .iter()
        .copied()
        .filter(|name| same_rule_name(name, wanted))
        .collect();
    match same.len() {
        0 => RuleLookup::Unknown(suggestions(&names, wanted)),
        1 => RuleLookup::Found(same[0]),
        _ => RuleLookup::Ambiguous(same),
    }
}

/// A rule name as RFC 5234 compares them: case-insensitive, and `-` is the
/// `.pest` files' `_`.
fn rule_key(name: &str) -> impl Iterator<Item = u8> + '_ {
    name.bytes().map(|b| match b {
        b'-' => b'_',
        b => b.to_ascii_lowercase(),
    })
}

fn same_rule_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && rule_key(a).eq(rule_key(b))
}

/// The names closest to `wanted` (at most three): those at the smallest
/// edit distance, if it is within a third of its length (at least one
/// edit); or else the shortest names it starts.
fn suggestions<'n>(names: &[&'n str], wanted: &str) -> Vec<&'n str> {
    let wanted_key: Vec<u8> = rule_key(wanted).collect();
    let limit = (wanted_key.len() / 3).max(1);
    let mut close: Vec<(usize, usize, &'n str)> = names
        .iter()
        .enumerate()
        .filter_map(|(order, &name)| {
            let key: Vec<u8> = rule_key(name).collect();
            let distance = edit_distance(&wanted_key, &key);
            (distance <= limit).then_some((distance, order, name))
        })
        .collect();
    if close.is_empty() && wanted_key.len() >= 3 {
        close = names
            .iter()
            .enumerate()
            .filter(|(_, name)| {
                rule_key(name)
                    .take(wanted_key.len())
                    .eq(wanted_key.iter().copied())
            })
            .map(|(order, &name)| (name.len(), order, name))
            .collect();
    }
    close.sort_unstable();
    // Only the closest: a name one edit away hides those two away.
    let best = close.first().map_or(0, |&(distance, _, _)| distance);
    close
        .into_iter()
        .take_while(|&(distance, _, _)| distance == best)
        .take(3)
        .map(|(_, _, name)| name)
        .collect()
}

/// Edit distance counting insertions, deletions, substitutions and swaps
/// of neighbours (`hots` is one edit from `host`): the optimal string
/// alignment distance.
fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    // d[i][j]: the distance between a[..i] and b[..j], row by row.
    let width = b.len() + 1;
    let mut d: Vec<usize> = (0..width).collect();
    let mut previous = vec![0; width];
    let mut before_previous = vec![0; width];
    for i in 1..=a.len() {
        std::mem::swap(&mut before_previous, &mut previous);
        std::mem::swap(&mut previous, &mut d);
        d[0] = i;
        for j in 1..width {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1)
                .min(d[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before_previous[j - 2] + 1);
            }
            d[j] = best;
        }
    }
    d[b.len()]
}

/// Parses `input` as a whole with any rule of the compiled grammar: RFC
/// 3986 Appendix A, RFC 3987 section 2.2, RFC 6874, and the `*_entry`
/// rules that anchor them. The name may be spelled as in the RFC
/// (`IPv6address`, `path-abempty`, `ireg-name`), as in the `.pest` files
/// (`path_abempty`), and in any case (see [`find_rule`]). Returns the pest
/// pairs of the anchored entry rule.
///
/// # Errors
///
/// A [`ParseError`] if `input` is not matched by the rule in full, or if
/// the rule name is unknown: then its
/// [`expected`](ParseError::expected) names are the closest rule names
/// ("did you mean").
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
            return Err(ParseError::new(
                input,
                rule.to_owned(),
                0,
                Kind::UnknownRule,
                ExpectedSet::Owned(suggestions.into_boxed_slice()),
            ));
        }
    };
    let Some(entry) = entry else {
        return Err(ParseError::unknown_rule(rule, input));
    };
    pest_parse(entry, input).map_err(|e| {
        // The URI-level rules get the component-aware messages.
        match typed_entry(entry) {
            Some(syntax) => {
                let (pos, positives) = diagnose::pest_position(&e);
                diagnose::describe(input, syntax, pos, rule_set(&positives))
            }
            None => diagnose::from_pest(input, rule, &e),
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

/// The text of `iri.pest`, as compiled into this crate (after `uri.pest`,
/// into the same parser).
///
/// ```
/// assert!(peguri::grammar::IRI_GRAMMAR.contains("ucschar"));
/// ```
pub const IRI_GRAMMAR: &str = include_str!("../../iri.pest");

/// Every rule that `iri.pest` states, by its pest name, in the order of
/// RFC 3987 section 2.2. The IRI grammar also uses the unchanged rules of
/// [`APPENDIX_A_RULES`].
///
/// ```
/// assert!(peguri::grammar::RFC3987_RULES.contains(&"iprivate"));
/// ```
pub const RFC3987_RULES: &[&str] = &[
    "IRI",
    "ihier_part",
    "IRI_reference",
    "absolute_IRI",
    "irelative_ref",
    "irelative_part",
    "iauthority",
    "iuserinfo",
    "ihost",
    "ireg_name",
    "ipath",
    "ipath_abempty",
    "ipath_absolute",
    "ipath_noscheme",
    "ipath_rootless",
    "ipath_empty",
    "isegment",
    "isegment_nz",
    "isegment_nz_nc",
    "ipchar",
    "iquery",
    "ifragment",
    "iunreserved",
    "ucschar",
    "iprivate",
];

/// The text of `rfc6874.pest`: RFC 6874's zone identifiers, compiled into
/// the same parser and used only when
/// [`ParseOptions::allow_zone_id`](crate::ParseOptions::allow_zone_id) is on.
///
/// ```
/// assert!(peguri::grammar::RFC6874_GRAMMAR.contains("IPv6addrz"));
/// ```
pub const RFC6874_GRAMMAR: &str = include_str!("../../rfc6874.pest");
