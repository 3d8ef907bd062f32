//! The pest parser derived from `uri.pest` (and `iri.pest`), and parsing
//! with any rule.
//!
//! This is the reference engine: it builds pest pairs (and so parse trees)
//! and can start from any rule of RFC 3986 Appendix A or of the IRI grammar
//! of RFC 3987 section 2.2. Typed parsing never calls it: it runs on the code
//! `build.rs` generates from the same files (see `syntax::engine`), and the
//! tests prove the two agree.

use std::sync::atomic::{AtomicUsize, Ordering};

use pest::Parser as _;
use pest::error::Error as PestError;
use pest::iterators::Pairs;

use super::compiled::Rules;
use super::diagnose;
use super::entry::{Entry, Grammar, Syntax};
use super::error::ParseError;

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

/// The anchored entry rule (`SOI ~ rule ~ EOI`) for a rule name of
/// [`APPENDIX_A_RULES`] or [`RFC3987_RULES`], if there is one.
///
/// ```
/// use peguri::grammar::{entry_rule, Rule};
/// assert_eq!(entry_rule("IPv6address"), Some(Rule::IPv6address_entry));
/// assert_eq!(entry_rule("nonsense"), None);
/// ```
pub fn entry_rule(name: &str) -> Option<Rule> {
    // Written as a table so the compiler checks every name against `Rule`.
    let rule = match name {
        "URI" => Rule::URI_entry,
        "hier_part" => Rule::hier_part_entry,
        "URI_reference" => Rule::URI_reference_entry,
        "absolute_URI" => Rule::absolute_URI_entry,
        "relative_ref" => Rule::relative_ref_entry,
        "relative_part" => Rule::relative_part_entry,
        "scheme" => Rule::scheme_entry,
        "authority" => Rule::authority_entry,
        "userinfo" => Rule::userinfo_entry,
        "host" => Rule::host_entry,
        "port" => Rule::port_entry,
        "IP_literal" => Rule::IP_literal_entry,
        "IPvFuture" => Rule::IPvFuture_entry,
        "IPv6address" => Rule::IPv6address_entry,
        "h16" => Rule::h16_entry,
        "ls32" => Rule::ls32_entry,
        "IPv4address" => Rule::IPv4address_entry,
        "dec_octet" => Rule::dec_octet_entry,
        "reg_name" => Rule::reg_name_entry,
        "path" => Rule::path_entry,
        "path_abempty" => Rule::path_abempty_entry,
        "path_absolute" => Rule::path_absolute_entry,
        "path_noscheme" => Rule::path_noscheme_entry,
        "path_rootless" => Rule::path_rootless_entry,
        "path_empty" => Rule::path_empty_entry,
        "segment" => Rule::segment_entry,
        "segment_nz" => Rule::segment_nz_entry,
        "segment_nz_nc" => Rule::segment_nz_nc_entry,
        "pchar" => Rule::pchar_entry,
        "query" => Rule::query_entry,
        "fragment" => Rule::fragment_entry,
        "pct_encoded" => Rule::pct_encoded_entry,
        "unreserved" => Rule::unreserved_entry,
        "reserved" => Rule::reserved_entry,
        "gen_delims" => Rule::gen_delims_entry,
        "sub_delims" => Rule::sub_delims_entry,
        "ALPHA" => Rule::ALPHA_entry,
        "DIGIT" => Rule::DIGIT_entry,
        "HEXDIG" => Rule::HEXDIG_entry,
        _ => return iri_entry_rule(name).or_else(|| zone_entry_rule(name)),
    };
    Some(rule)
}

/// Accepts the RFC spelling of a rule name (`URI-reference`, `IP-literal`)
/// as well as the pest one (`URI_reference`).
fn pest_name(name: &str) -> String {
    name.replace('-', "_")
}

/// Parses `input` as a whole with any rule of RFC 3986 Appendix A or of
/// RFC 3987 section 2.2, named as in the RFC (`IPv6address`,
/// `path-abempty`, `ireg-name`) or as in the `.pest` files
/// (`path_abempty`), and returns the pest pairs of the anchored entry rule.
///
/// # Errors
///
/// A [`ParseError`] if the rule name is unknown, or if `input` is not
/// matched by the rule in full.
///
/// ```
/// use peguri::grammar::{parse_rule, Rule};
///
/// let pairs = parse_rule("IPv6address", "::1")?;
/// let top = pairs.clone().next().unwrap();
/// assert_eq!(top.as_rule(), Rule::IPv6address_entry);
/// assert!(parse_rule("IPv6address", "1::2::3").is_err());
/// assert!(parse_rule("dec-octet", "255").is_ok());
/// assert!(parse_rule("ireg-name", "bücher.example").is_ok());
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn parse_rule<'i>(rule: &str, input: &'i str) -> Result<Pairs<'i, Rule>, ParseError> {
    let Some(entry) = entry_rule(&pest_name(rule)) else {
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

/// The rules RFC 6874 adds (`ZoneID`, `IPv6addrz`) and its `IP-literal`.
fn zone_entry_rule(name: &str) -> Option<Rule> {
    Some(match name {
        "ZoneID" => Rule::ZoneID_entry,
        "IPv6addrz" => Rule::IPv6addrz_entry,
        "IP_literal_6874" => Rule::IP_literal_6874_entry,
        _ => return None,
    })
}

/// The anchored entry rule of an [`RFC3987_RULES`] name.
fn iri_entry_rule(name: &str) -> Option<Rule> {
    let rule = match name {
        "IRI" => Rule::IRI_entry,
        "ihier_part" => Rule::ihier_part_entry,
        "IRI_reference" => Rule::IRI_reference_entry,
        "absolute_IRI" => Rule::absolute_IRI_entry,
        "irelative_ref" => Rule::irelative_ref_entry,
        "irelative_part" => Rule::irelative_part_entry,
        "iauthority" => Rule::iauthority_entry,
        "iuserinfo" => Rule::iuserinfo_entry,
        "ihost" => Rule::ihost_entry,
        "ireg_name" => Rule::ireg_name_entry,
        "ipath" => Rule::ipath_entry,
        "ipath_abempty" => Rule::ipath_abempty_entry,
        "ipath_absolute" => Rule::ipath_absolute_entry,
        "ipath_noscheme" => Rule::ipath_noscheme_entry,
        "ipath_rootless" => Rule::ipath_rootless_entry,
        "ipath_empty" => Rule::ipath_empty_entry,
        "isegment" => Rule::isegment_entry,
        "isegment_nz" => Rule::isegment_nz_entry,
        "isegment_nz_nc" => Rule::isegment_nz_nc_entry,
        "ipchar" => Rule::ipchar_entry,
        "iquery" => Rule::iquery_entry,
        "ifragment" => Rule::ifragment_entry,
        "iunreserved" => Rule::iunreserved_entry,
        "ucschar" => Rule::ucschar_entry,
        "iprivate" => Rule::iprivate_entry,
        _ => return None,
    };
    Some(rule)
}
