//! The compiled engine: the code generated from the grammars at build time,
//! and the layout it records.
//!
//! `build.rs` runs the generator (`peguri-codegen`) over the same grammar
//! files pest_derive reads, which writes plain matching code with pest's
//! semantics. It records
//! where the component rules matched in a small `Copy` struct, with no
//! token queue and no allocation; this module turns those records into a
//! [`Layout`], and runs the error pass when a parse fails.

use super::compiled::Fail;
use super::compiled::uri::{self as generated, Rec};
use super::entry::{Entry, Grammar, Syntax};
use super::layout::{AuthorityLayout, HostData, Layout, Span};
use super::runtime::Slot;

#[inline(always)]
fn span(slot: Slot) -> Option<Span> {
    Span::from_packed(slot.packed())
}

type Match = fn(&[u8], &mut Rec) -> Option<usize>;

/// The anchored and unanchored matchers of a syntax.
fn matchers(syntax: Syntax) -> (Match, Match) {
    use generated::*;
    match (syntax.grammar, syntax.entry) {
        (Grammar::Rfc3986, Entry::UriReference) => (match_URI_reference_entry, match_URI_reference),
        (Grammar::Rfc3986, Entry::Uri) => (match_URI_entry, match_URI),
        (Grammar::Rfc3986, Entry::AbsoluteUri) => (match_absolute_URI_entry, match_absolute_URI),
        (Grammar::Rfc3986, Entry::RelativeRef) => (match_relative_ref_entry, match_relative_ref),
        (Grammar::Rfc6874, Entry::UriReference) => {
            (match_URI_reference_6874_entry, match_URI_reference_6874)
        }
        (Grammar::Rfc6874, Entry::Uri) => (match_URI_6874_entry, match_URI_6874),
        (Grammar::Rfc6874, Entry::AbsoluteUri) => {
            (match_absolute_URI_6874_entry, match_absolute_URI_6874)
        }
        (Grammar::Rfc6874, Entry::RelativeRef) => {
            (match_relative_ref_6874_entry, match_relative_ref_6874)
        }
        (Grammar::Rfc3987, Entry::UriReference) => (match_IRI_reference_entry, match_IRI_reference),
        (Grammar::Rfc3987, Entry::Uri) => (match_IRI_entry, match_IRI),
        (Grammar::Rfc3987, Entry::AbsoluteUri) => (match_absolute_IRI_entry, match_absolute_IRI),
        (Grammar::Rfc3987, Entry::RelativeRef) => (match_irelative_ref_entry, match_irelative_ref),
        (Grammar::Rfc3987Zones, Entry::UriReference) => {
            (match_IRI_reference_6874_entry, match_IRI_reference_6874)
        }
        (Grammar::Rfc3987Zones, Entry::Uri) => (match_IRI_6874_entry, match_IRI_6874),
        (Grammar::Rfc3987Zones, Entry::AbsoluteUri) => {
            (match_absolute_IRI_6874_entry, match_absolute_IRI_6874)
        }
        (Grammar::Rfc3987Zones, Entry::RelativeRef) => {
            (match_irelative_ref_6874_entry, match_irelative_ref_6874)
        }
    }
}

/// Parses all of `input` as `syntax`; `None` if it does not match.
#[cfg(feature = "expose-internals")]
#[inline]
pub(crate) fn parse(input: &str, syntax: Syntax) -> Option<Layout> {
    let mut rec = Rec::default();
    let end = run(input, syntax, &mut rec);
    whole(input, end, &rec)
}

/// The layout of a [`run`] that ended at `end`, if it matched all of
/// `input`.
#[inline(always)]
pub(crate) fn whole(input: &str, end: Option<usize>, rec: &Rec) -> Option<Layout> {
    if end == Some(input.len()) {
        layout(input, rec)
    } else {
        None
    }
}

/// Whether all of `input` is `syntax`, without the layout.
#[cfg(feature = "expose-internals")]
#[inline]
pub(crate) fn recognizes(input: &str, syntax: Syntax) -> bool {
    run(input, syntax, &mut Rec::default()) == Some(input.len())
}

/// Runs the unanchored rule of `syntax` over `input`, recording into
/// `rec`: the end of the longest prefix it matches, if any.
///
/// A rule matches at a position in exactly one way (PEG is deterministic),
/// so `SOI ~ rule ~ EOI` matches exactly when the unanchored rule's match
/// ends at the end: one run gives both the parse and, when it fails, the
/// prefix that describing the error starts from ([`prefix`]).
#[inline(always)]
pub(crate) fn run(input: &str, syntax: Syntax, rec: &mut Rec) -> Option<usize> {
    let s = input.as_bytes();
    if syntax == Syntax::URI_REFERENCE {
        // The common case, called directly so that it inlines.
        generated::match_URI_reference(s, rec)
    } else {
        (matchers(syntax).1)(s, rec)
    }
}

/// What a [`run`] that did not reach the end left: the end and the layout
/// of the longest prefix the rule matched, if it matched any.
pub(crate) fn prefix(input: &str, end: Option<usize>, rec: &Rec) -> Option<(usize, Layout)> {
    Some((end?, layout(input, rec)?))
}

/// The layout of the longest prefix of `input` that `syntax` matches
/// (unanchored): error descriptions name the component where parsing
/// stopped from it.
#[cfg(feature = "pest")]
pub(crate) fn parse_prefix(input: &str, syntax: Syntax) -> Option<Layout> {
    let mut rec = Rec::default();
    (matchers(syntax).1)(input.as_bytes(), &mut rec)?;
    layout(input, &rec)
}

/// Why `input` is not `syntax`, as pest would report it: `None` if it is.
#[cold]
pub(crate) fn failure(input: &str, syntax: Syntax) -> Option<Fail> {
    use generated::*;
    let s = input.as_bytes();
    match (syntax.grammar, syntax.entry) {
        (Grammar::Rfc3986, Entry::UriReference) => fail_URI_reference_entry(s),
        (Grammar::Rfc3986, Entry::Uri) => fail_URI_entry(s),
        (Grammar::Rfc3986, Entry::AbsoluteUri) => fail_absolute_URI_entry(s),
        (Grammar::Rfc3986, Entry::RelativeRef) => fail_relative_ref_entry(s),
        (Grammar::Rfc6874, Entry::UriReference) => fail_URI_reference_6874_entry(s),
        (Grammar::Rfc6874, Entry::Uri) => fail_URI_6874_entry(s),
        (Grammar::Rfc6874, Entry::AbsoluteUri) => fail_absolute_URI_6874_entry(s),
        (Grammar::Rfc6874, Entry::RelativeRef) => fail_relative_ref_6874_entry(s),
        (Grammar::Rfc3987, Entry::UriReference) => fail_IRI_reference_entry(s),
        (Grammar::Rfc3987, Entry::Uri) => fail_IRI_entry(s),
        (Grammar::Rfc3987, Entry::AbsoluteUri) => fail_absolute_IRI_entry(s),
        (Grammar::Rfc3987, Entry::RelativeRef) => fail_irelative_ref_entry(s),
        (Grammar::Rfc3987Zones, Entry::UriReference) => fail_IRI_reference_6874_entry(s),
        (Grammar::Rfc3987Zones, Entry::Uri) => fail_IRI_6874_entry(s),
        (Grammar::Rfc3987Zones, Entry::AbsoluteUri) => fail_absolute_IRI_6874_entry(s),
        (Grammar::Rfc3987Zones, Entry::RelativeRef) => fail_irelative_ref_6874_entry(s),
    }
}

/// The layout from the records of a successful match.
#[inline]
fn layout(input: &str, rec: &Rec) -> Option<Layout> {
    let authority = match (span(rec.authority), span(rec.host)) {
        (Some(authority), Some(host)) => {
            // The host's child rule names the kind, as in the walker.
            let host_data = if rec.ipvfuture.is_some() {
                HostData::IpvFuture {
                    version: span(rec.version)?,
                }
            } else if rec.ipv6.is_some() {
                HostData::Ipv6 {
                    zone: span(rec.zone),
                }
            } else if rec.ipv4.is_some() {
                HostData::Ipv4
            } else {
                HostData::RegName
            };
            Some(AuthorityLayout {
                span: authority,
                userinfo: span(rec.userinfo),
                host,
                host_data,
                port: span(rec.port),
            })
        }
        _ => None,
    };
    Some(Layout {
        scheme: span(rec.scheme),
        authority,
        // Every branch of the URI rules ends in a path rule; an empty span
        // at the end is the safe reading should a changed grammar drop it.
        path: span(rec.path).unwrap_or(Span::new(input.len(), input.len())),
        query: span(rec.query),
        fragment: span(rec.fragment),
    })
}

/// Whether all of `text` is a `path-noscheme` (RFC 3986) or an
/// `ipath-noscheme` (RFC 3987): a relative path whose first segment has no
/// colon.
pub(crate) fn is_path_noscheme(text: &str, grammar: Grammar) -> bool {
    let s = text.as_bytes();
    let end = match grammar {
        Grammar::Rfc3986 | Grammar::Rfc6874 => generated::quiet_path_noscheme(s, 0),
        Grammar::Rfc3987 | Grammar::Rfc3987Zones => generated::quiet_ipath_noscheme(s, 0),
    };
    end == Some(s.len())
}

/// Where all of `text` fails to be the component rule `rule` (`scheme`,
/// `authority`, `userinfo`, `host`, `port`, `reg_name`, `segment`,
/// `query`, `fragment`, `IP_literal`, `IPv6address`, `IPvFuture`, their
/// RFC 3987 forms `iauthority`, `iuserinfo`, `ihost`, `isegment`,
/// `iquery`, `ifragment`, and RFC 6874's `authority_6874`, `host_6874`,
/// `IP_literal_6874`, `iauthority_6874`, `ihost_6874`): `Ok` if it
/// matches, else pest's failure. `None` for another rule name.
pub(crate) fn rule_failure(rule: &str, text: &str) -> Option<Result<(), Fail>> {
    use generated::*;
    let s = text.as_bytes();
    let failure = match rule {
        "scheme" => fail_scheme_entry(s),
        "authority" => fail_authority_entry(s),
        "userinfo" => fail_userinfo_entry(s),
        "host" => fail_host_entry(s),
        "port" => fail_port_entry(s),
        "reg_name" => fail_reg_name_entry(s),
        "segment" => fail_segment_entry(s),
        "query" => fail_query_entry(s),
        "fragment" => fail_fragment_entry(s),
        "IP_literal" => fail_IP_literal_entry(s),
        "IPv6address" => fail_IPv6address_entry(s),
        "IPvFuture" => fail_IPvFuture_entry(s),
        "authority_6874" => fail_authority_6874_entry(s),
        "host_6874" => fail_host_6874_entry(s),
        "IP_literal_6874" => fail_IP_literal_6874_entry(s),
        "iauthority" => fail_iauthority_entry(s),
        "iuserinfo" => fail_iuserinfo_entry(s),
        "ihost" => fail_ihost_entry(s),
        "isegment" => fail_isegment_entry(s),
        "iquery" => fail_iquery_entry(s),
        "ifragment" => fail_ifragment_entry(s),
        "iauthority_6874" => fail_iauthority_6874_entry(s),
        "ihost_6874" => fail_ihost_6874_entry(s),
        _ => return None,
    };
    Some(failure.map_or(Ok(()), Err))
}
