//! The grammar files compiled into this crate, their rules by name, and
//! (with the feature `pest`) pest_derive's parser of them.
//!
//! With `pest`, `UriParser` builds pest pairs (and so parse trees) and
//! `parse_rule` starts from any rule of RFC 3986 Appendix A, of the IRI
//! grammar of RFC 3987 section 2.2 or of RFC 6874's zones; `grammar::pest`
//! is the pest they are made with. Typed parsing never calls them: it runs
//! on the code `build.rs` generates from the same files, and the tests prove
//! the two agree.

use super::compiled::uri::RULE_NAMES;
use alloc::{vec, vec::Vec};

#[cfg(feature = "pest")]
#[cfg_attr(docsrs, doc(cfg(feature = "pest")))]
pub use super::derived::{Rule, UriParser, entry_rule, parse_rule, rule_name};
#[cfg(feature = "pest")]
#[cfg_attr(docsrs, doc(cfg(feature = "pest")))]
pub use super::trace::{
    Attempt, Expectation, Failure, Trace, TraceNode, TraceOptions, TraceStop, chain_text,
};
#[cfg(feature = "pest")]
#[cfg_attr(docsrs, doc(cfg(feature = "pest")))]
pub use super::tracer::{GrammarProblem, RuntimeGrammar};

/// Traces the parse of `input` as a whole by a rule of the grammar compiled
/// into peguri (any spelling [`find_rule`] accepts): every rule attempt
/// with its start and its end or failure, the parse tree, and for a
/// rejected input the partial tree and the farthest failure with the rules
/// that reached it. The parse is the one pest_derive's parser makes
/// ([`parse_rule`]); [`RuntimeGrammar`] traces a grammar compiled at run
/// time.
///
/// # Errors
///
/// A [`ParseError`](crate::ParseError) for an unknown rule name, with the
/// closest names as expected, as [`parse_rule`] gives it. A rejected input
/// is no error: its trace says why.
///
/// ```
/// use peguri::grammar::trace;
///
/// let valid = trace("URI-reference", "http://h/p")?;
/// assert!(valid.valid);
/// let rules: Vec<&str> = valid.attempts.iter().take(4).map(|a| a.rule).collect();
/// assert_eq!(rules, ["URI_reference", "URI", "scheme", "ALPHA"]);
///
/// let rejected = trace("URI-reference", "http://a b/")?;
/// let failure = rejected.failure.as_ref().unwrap();
/// assert_eq!(failure.offset, 8);
/// assert_eq!(failure.chain_text(), "reg-name ← host ← authority ← hier-part ← URI ← URI-reference");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[cfg(feature = "pest")]
#[cfg_attr(docsrs, doc(cfg(feature = "pest")))]
pub fn trace<'i>(
    rule: &str,
    input: &'i str,
) -> Result<Trace<'static, 'i>, super::error::ParseError> {
    RuntimeGrammar::built_in().trace(rule, input, &TraceOptions::default())
}

/// The pest crate whose types [`UriParser`], [`parse_rule`] and
/// [`ParseError::from_pest`](crate::ParseError::from_pest) use, re-exported
/// (feature `pest`): pest 2.8 (`~2.8`, the 2.8 releases, as peguri's
/// pest_derive). Using it through peguri keeps a program's pest the one
/// peguri's pairs are made of, whatever pest the program itself depends
/// on.
///
/// ```
/// use peguri::grammar::pest::Parser;
/// use peguri::grammar::{Rule, UriParser};
///
/// let pairs = UriParser::parse(Rule::port_entry, "8080").unwrap();
/// assert_eq!(pairs.as_str(), "8080");
/// ```
#[cfg(feature = "pest")]
#[cfg_attr(docsrs, doc(cfg(feature = "pest")))]
pub use ::pest;

/// The text of `uri.pest`, as compiled into this crate.
///
/// ```
/// assert!(peguri::grammar::GRAMMAR.contains("URI_reference"));
/// ```
pub const GRAMMAR: &str = include_str!("../../uri.pest");

/// Every rule that `uri.pest` transcribes from RFC 3986 Appendix A (and the
/// RFC 5234 core rules it uses), by its pest name, in the order `uri.pest`
/// states them: the core rules, then Appendix A's in the RFC's order. A
/// rule counts when its ABNF stands above it in the file; `build.rs`
/// lists them from there.
///
/// ```
/// use peguri::grammar::APPENDIX_A_RULES;
///
/// assert!(APPENDIX_A_RULES.contains(&"IPv6address"));
/// assert_eq!(APPENDIX_A_RULES.len(), 39);
/// assert!(!APPENDIX_A_RULES.contains(&"URI_reference_entry"));
/// ```
pub const APPENDIX_A_RULES: &[&str] = lists::APPENDIX_A_RULES;

/// Where each component is in the compiled grammar: the component, by the
/// name the JSON components view gives it, and the rules (of RFC 3986,
/// RFC 6874 and RFC 3987) whose first match in a parse is it. The
/// compiled engine records the components from the same table.
///
/// ```
/// use peguri::grammar::COMPONENT_RULES;
///
/// let host = COMPONENT_RULES.iter().find(|(name, _)| *name == "host").unwrap();
/// assert_eq!(host.1, ["host", "host_6874", "ihost", "ihost_6874"]);
/// assert_eq!(COMPONENT_RULES.len(), 8);
/// ```
pub const COMPONENT_RULES: &[(&str, &[&str])] = lists::COMPONENT_RULES;

/// The rule lists `build.rs` writes.
mod lists {
    include!(concat!(env!("OUT_DIR"), "/rule_lists.rs"));
}

/// Every rule of the compiled grammar (`uri.pest`, then `iri.pest` and
/// `rfc6874.pest`) by its name in the `.pest` files, in grammar order:
/// what `peguri rules` lists and what `parse_rule` (feature `pest`)
/// accepts.
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
        core::mem::swap(&mut before_previous, &mut previous);
        core::mem::swap(&mut previous, &mut d);
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

/// The text of `iri.pest`, as compiled into this crate (after `uri.pest`,
/// into the same parser).
///
/// ```
/// assert!(peguri::grammar::IRI_GRAMMAR.contains("ucschar"));
/// ```
pub const IRI_GRAMMAR: &str = include_str!("../../iri.pest");

/// Every rule that `iri.pest` states, by its pest name, in the order of
/// RFC 3987 section 2.2, which the file follows. The IRI grammar also uses
/// the unchanged rules of [`APPENDIX_A_RULES`]. As there, a rule counts
/// when its ABNF stands above it; `build.rs` lists them from the file.
///
/// ```
/// use peguri::grammar::RFC3987_RULES;
///
/// assert!(RFC3987_RULES.contains(&"iprivate"));
/// assert_eq!(RFC3987_RULES[0], "IRI");
/// ```
pub const RFC3987_RULES: &[&str] = lists::RFC3987_RULES;

/// The text of `rfc6874.pest`: RFC 6874's zone identifiers, compiled into
/// the same parser and used only when
/// [`ParseOptions::allow_zone_id`](crate::ParseOptions::allow_zone_id) is on.
///
/// ```
/// assert!(peguri::grammar::RFC6874_GRAMMAR.contains("IPv6addrz"));
/// ```
pub const RFC6874_GRAMMAR: &str = include_str!("../../rfc6874.pest");
