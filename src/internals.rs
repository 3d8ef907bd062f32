//! Both parse engines, side by side, for the engine-agreement tests, the
//! fuzz targets and the benchmarks. Not part of the API.
//!
//! A rule is named as the RFCs spell it (`URI-reference`, `IRI`,
//! `absolute-URI`...); `+zones` after an RFC 3986 name selects RFC 6874's
//! grammar (`URI-reference+zones`).

use crate::reference::UriRef;
use crate::syntax::derived as grammar;
use crate::syntax::entry::Syntax;
use crate::syntax::error::ParseError;
use crate::syntax::layout::Layout;
use crate::syntax::{engine, parse, walk};
use crate::text::split::SplitComponents;
use crate::types::parsed::Parsed;
use alloc::{borrow::ToOwned, format, string::String, vec::Vec};

/// The runtime of the generated code, for the generator's tests
/// (`tests/library/codegen.rs`), which compile a sample grammar against
/// it.
pub use crate::syntax::runtime;

/// Every typed entry rule of the four grammars, by the names the
/// functions here take: RFC 3986's four and RFC 3987's, each without
/// and with RFC 6874's zones.
///
/// ```
/// assert!(peguri::__engines::RULES.iter().all(|r| peguri::__engines::parse_fast("a:b", r).is_some() || r.contains("relative")));
/// ```
pub const RULES: [&str; 16] = [
    "URI-reference",
    "URI",
    "absolute-URI",
    "relative-ref",
    "URI-reference+zones",
    "URI+zones",
    "absolute-URI+zones",
    "relative-ref+zones",
    "IRI-reference",
    "IRI",
    "absolute-IRI",
    "irelative-ref",
    "IRI-reference+zones",
    "IRI+zones",
    "absolute-IRI+zones",
    "irelative-ref+zones",
];

fn syntax(rule: &str) -> Option<Syntax> {
    match rule.strip_suffix("+zones") {
        Some(base) => {
            let syntax = Syntax::from_rfc_name(base)?;
            Some(syntax.with_grammar(syntax.grammar.with_zones(true)))
        }
        None => Syntax::from_rfc_name(rule),
    }
}

/// The components `layout` gives `input`, for the tests to compare: the
/// URI reference type shows an IRI's components as well.
fn view<'a>(input: &'a str, layout: Layout, syntax: Syntax) -> UriRef<'a> {
    UriRef::from_view(Parsed::new(input, layout, syntax.grammar))
}

/// Parses `input` as `rule` with the compiled engine only; `None` if it
/// rejects the input or the rule name is unknown.
///
/// ```
/// let uri = peguri::__engines::parse_fast("a:b", "URI").unwrap();
/// assert_eq!(uri.scheme(), Some("a"));
/// ```
pub fn parse_fast<'a>(input: &'a str, rule: &str) -> Option<UriRef<'a>> {
    let syntax = syntax(rule)?;
    let layout = engine::parse(input, syntax)?;
    Some(view(input, layout, syntax))
}

/// The compiled engine's first pass for `rule` alone, as a function
/// telling whether it accepts an input; it builds no layout and no
/// error. `None` if the rule name is unknown. (`benches/tools/error_floor.rs`
/// times it against a whole failed parse.)
///
/// ```
/// let recognize = peguri::__engines::recognizer("URI-reference").unwrap();
/// assert!(recognize("http://h/p"));
/// assert!(!recognize("http://h/a b"));
/// ```
pub fn recognizer(rule: &str) -> Option<impl Fn(&str) -> bool> {
    let syntax = syntax(rule)?;
    Some(move |input: &str| engine::recognizes(input, syntax))
}

/// Parses `input` as `rule` with pest_derive's parser and the pairs
/// walker, errors described from pest's own failure; `None` if the rule
/// name is unknown.
///
/// ```
/// let uri = peguri::__engines::parse_with_pest("a:b", "URI").unwrap()?;
/// assert_eq!(uri.path(), "b");
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn parse_with_pest<'a>(input: &'a str, rule: &str) -> Option<Result<UriRef<'a>, ParseError>> {
    let syntax = syntax(rule)?;
    let layout = walk::parse_with_pest(input, syntax);
    Some(layout.map(|layout| view(input, layout, syntax)))
}

/// The components of the longest prefix of `input` that `rule` matches,
/// found by the compiled engine (`fast`) or by pest (`!fast`). `None`
/// if nothing matches or the rule name is unknown.
///
/// ```
/// let uri = peguri::__engines::parse_prefix("a:b c", "URI", true).unwrap();
/// assert_eq!(uri.path(), "b");
/// let uri = peguri::__engines::parse_prefix("a:b c", "URI", false).unwrap();
/// assert_eq!(uri.path(), "b");
/// ```
pub fn parse_prefix<'a>(input: &'a str, rule: &str, fast: bool) -> Option<UriRef<'a>> {
    let syntax = syntax(rule)?;
    let layout = if fast {
        engine::parse_prefix(input, syntax)?
    } else {
        walk::parse_prefix_with_pest(input, syntax)?
    };
    Some(view(input, layout, syntax))
}

/// The error the compiled route gives for `input` (`None` if it is
/// valid or the rule name is unknown).
///
/// ```
/// let err = peguri::__engines::compiled_error("http://h/a b", "URI-reference").unwrap();
/// assert_eq!(err.offset(), 10);
/// ```
pub fn compiled_error(input: &str, rule: &str) -> Option<ParseError> {
    parse::parse_grammar(input, syntax(rule)?).err()
}

/// The error the pest route gives for `input` (`None` if it is valid or
/// the rule name is unknown).
///
/// ```
/// let err = peguri::__engines::pest_error("http://h/a b", "URI-reference").unwrap();
/// assert_eq!(err.offset(), 10);
/// ```
pub fn pest_error(input: &str, rule: &str) -> Option<ParseError> {
    walk::parse_with_pest(input, syntax(rule)?).err()
}

/// A failed parse as pest reports it: the position, the expected rules
/// and the rules that must not match there, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The byte offset.
    pub pos: usize,
    /// pest's `positives`, sorted.
    pub positives: Vec<String>,
    /// pest's `negatives`, sorted.
    pub negatives: Vec<String>,
}

/// The failure the compiled error pass finds (`None` if the input
/// matches, the rule name is unknown, or more rules were attempted at
/// one spot than the tracker keeps).
///
/// ```
/// let failure = peguri::__engines::compiled_failure("a b", "URI-reference").unwrap();
/// assert_eq!(failure.pos, 1);
/// assert_eq!(failure.positives, ["EOI"]);
/// ```
pub fn compiled_failure(input: &str, rule: &str) -> Option<Failure> {
    let failure = engine::failure(input, syntax(rule)?)?;
    if failure.overflowed {
        return None;
    }
    let names = |set: crate::syntax::compiled::Rules| {
        set.iter()
            .map(|id| crate::syntax::compiled::uri::RULE_NAMES[usize::from(id)].to_owned())
            .collect()
    };
    Some(Failure {
        pos: failure.pos,
        positives: names(failure.positives),
        negatives: names(failure.negatives),
    })
}

/// The failure pest_derive's parser reports (`None` if the input
/// matches or the rule name is unknown).
///
/// ```
/// let failure = peguri::__engines::pest_failure("a b", "URI-reference").unwrap();
/// assert_eq!((failure.pos, failure.positives), (1, vec!["EOI".to_owned()]));
/// ```
pub fn pest_failure(input: &str, rule: &str) -> Option<Failure> {
    let (anchored, _) = grammar::entry_rules(syntax(rule)?);
    let error = grammar::pest_parse(anchored, input).err()?;
    let negatives = match &error.variant {
        pest::error::ErrorVariant::ParsingError { negatives, .. } => negatives.clone(),
        pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let (pos, positives) = grammar::pest_position(&error);
    let names = |rules: Vec<grammar::Rule>| rules.iter().map(|r| format!("{r:?}")).collect();
    Some(Failure {
        pos,
        positives: names(positives),
        negatives: names(negatives),
    })
}

/// The compiled grammar's rules in the order of pest's `Rule` enum.
///
/// ```
/// assert_eq!(peguri::__engines::rule_names()[0], "EOI");
/// ```
pub fn rule_names() -> &'static [&'static str] {
    &crate::syntax::compiled::uri::RULE_NAMES
}

/// How many times the crate has run a pest_derive parser in this
/// process: typed parsing never does.
///
/// ```
/// let before = peguri::__engines::pest_calls();
/// peguri::UriRef::parse("http://h/a b").unwrap_err();
/// assert_eq!(peguri::__engines::pest_calls(), before);
/// ```
pub fn pest_calls() -> usize {
    grammar::pest_calls()
}

/// [`split_lenient`](crate::split::split_lenient) with pest_derive's parser.
///
/// ```
/// assert_eq!(peguri::__engines::split_with_pest("a:b").scheme(), Some("a"));
/// ```
pub fn split_with_pest(input: &str) -> SplitComponents<'_> {
    crate::text::split::reference::split_with_pest(input)
}

/// The scheme grammars' compiled code, entry by entry (feature
/// `schemes`), for the tests that compare it with pest_derive's parser of
/// the same files (`tests/library/schemes/engines.rs`).
#[cfg(feature = "schemes")]
pub mod schemes {
    use super::Failure;
    use crate::syntax::compiled::scheme;
    use alloc::{borrow::ToOwned, string::String, vec::Vec};

    /// Each recorded rule's name and span (`None`: not matched).
    pub type Records = Vec<(String, Option<(usize, usize)>)>;

    /// What the compiled code of one scheme grammar says about an input,
    /// from one anchored entry rule.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Outcome {
        /// Each recorded rule's name and first span (a later match that
        /// starts where it ends extends it), or `None` if the entry does
        /// not match.
        pub records: Option<Records>,
        /// The error pass's failure: `None` if the entry matches (or more
        /// rules were attempted at one spot than the tracker keeps).
        pub failure: Option<Failure>,
    }

    macro_rules! entries {
        ($($grammar:ident: [$($entry:ident => $matcher:ident, $fail:ident;)*])*) => {
            /// Every scheme grammar and its anchored entry rules, as
            /// `(grammar, entry)`: the grammar is the file's name in
            /// `schemes/`.
            ///
            /// ```
            /// assert!(peguri::__engines::schemes::ENTRIES.contains(&("urn", "urn_entry")));
            /// ```
            pub const ENTRIES: &[(&str, &str)] = &[$($((stringify!($grammar), stringify!($entry)),)*)*];

            /// What the compiled code of `grammar` says about `input` from
            /// `entry`; `None` for an unknown grammar or entry.
            ///
            /// ```
            /// let outcome = peguri::__engines::schemes::outcome("urn", "urn_entry", "urn:a:b").unwrap();
            /// assert!(outcome.records.is_none());
            /// assert_eq!(outcome.failure.unwrap().pos, 5);
            /// ```
            pub fn outcome(grammar: &str, entry: &str, input: &str) -> Option<Outcome> {
                match (grammar, entry) {
                    $($((stringify!($grammar), stringify!($entry)) => {
                        use scheme::$grammar as g;
                        let s = input.as_bytes();
                        let mut rec = g::Rec::default();
                        let records = g::$matcher(s, &mut rec).map(|_| {
                            (0..g::RULE_NAMES.len())
                                .filter_map(|id| {
                                    let id = u16::try_from(id).ok()?;
                                    let slot = rec.slot(id)?;
                                    Some((g::RULE_NAMES.get(usize::from(id))?.to_owned(), slot.get()))
                                })
                                .collect()
                        });
                        let failure = g::$fail(s).filter(|f| !f.overflowed).map(|f| {
                            let names = |set: crate::syntax::runtime::RuleSet<{ g::RULE_WORDS }>| {
                                set.iter()
                                    .filter_map(|id| g::RULE_NAMES.get(usize::from(id)))
                                    .map(str::to_owned)
                                    .collect()
                            };
                            Failure {
                                pos: f.pos,
                                positives: names(f.positives),
                                negatives: names(f.negatives),
                            }
                        });
                        Some(Outcome { records, failure })
                    })*)*
                    _ => None,
                }
            }
        };
    }

    entries! {
        http: [
            http_entry => match_http_entry, fail_http_entry;
            https_entry => match_https_entry, fail_https_entry;
        ]
        ws: [
            ws_entry => match_ws_entry, fail_ws_entry;
            wss_entry => match_wss_entry, fail_wss_entry;
        ]
        file: [file_entry => match_file_entry, fail_file_entry;]
        mailto: [
            mailto_entry => match_mailto_entry, fail_mailto_entry;
            addr_spec_entry => match_addr_spec_entry, fail_addr_spec_entry;
            address_field_entry => match_address_field_entry, fail_address_field_entry;
            address_list_entry => match_address_list_entry, fail_address_list_entry;
        ]
        urn: [urn_entry => match_urn_entry, fail_urn_entry;]
        data: [
            data_entry => match_data_entry, fail_data_entry;
            base64_entry => match_base64_entry, fail_base64_entry;
        ]
        tel: [
            tel_entry => match_tel_entry, fail_tel_entry;
            sms_entry => match_sms_entry, fail_sms_entry;
        ]
        geo: [
            geo_entry => match_geo_entry, fail_geo_entry;
            latitude_entry => match_latitude_entry, fail_latitude_entry;
            longitude_entry => match_longitude_entry, fail_longitude_entry;
            altitude_entry => match_altitude_entry, fail_altitude_entry;
        ]
        ftp: [ftp_entry => match_ftp_entry, fail_ftp_entry;]
        ldap: [
            ldap_entry => match_ldap_entry, fail_ldap_entry;
            dn_entry => match_dn_entry, fail_dn_entry;
            filter_entry => match_filter_entry, fail_filter_entry;
        ]
        ni: [
            ni_entry => match_ni_entry, fail_ni_entry;
            nih_entry => match_nih_entry, fail_nih_entry;
            base64url_entry => match_base64url_entry, fail_base64url_entry;
        ]
        coap: [
            coap_entry => match_coap_entry, fail_coap_entry;
            coaps_entry => match_coaps_entry, fail_coaps_entry;
            coap_tcp_entry => match_coap_tcp_entry, fail_coap_tcp_entry;
            coaps_tcp_entry => match_coaps_tcp_entry, fail_coaps_tcp_entry;
            coap_ws_entry => match_coap_ws_entry, fail_coap_ws_entry;
            coaps_ws_entry => match_coaps_ws_entry, fail_coaps_ws_entry;
        ]
        rtsp: [
            rtsp_entry => match_rtsp_entry, fail_rtsp_entry;
            rtsps_entry => match_rtsps_entry, fail_rtsps_entry;
        ]
        news: [
            news_entry => match_news_entry, fail_news_entry;
            nntp_entry => match_nntp_entry, fail_nntp_entry;
            msg_id_entry => match_msg_id_entry, fail_msg_id_entry;
            wildmat_entry => match_wildmat_entry, fail_wildmat_entry;
            newsgroup_name_entry => match_newsgroup_name_entry, fail_newsgroup_name_entry;
        ]
        sip: [
            sip_entry => match_sip_entry, fail_sip_entry;
            sips_entry => match_sips_entry, fail_sips_entry;
        ]
        tag: [tag_entry => match_tag_entry, fail_tag_entry;]
        acct: [acct_entry => match_acct_entry, fail_acct_entry;]
        xmpp: [xmpp_entry => match_xmpp_entry, fail_xmpp_entry;]
        about: [about_entry => match_about_entry, fail_about_entry;]
        cid: [
            cid_entry => match_cid_entry, fail_cid_entry;
            mid_entry => match_mid_entry, fail_mid_entry;
            addr_spec_entry => match_addr_spec_entry, fail_addr_spec_entry;
        ]
    }
}
