//! The compiled engine: the code generated from the grammars at build time,
//! and the layout it records.
//!
//! `build.rs` runs the generator (`peguri-codegen`) over the same grammar
//! files pest_derive reads, which writes plain matching code with pest's
//! semantics. It records
//! where the component rules matched in a small `Copy` struct, with no
//! token queue and no allocation; this module turns those records into a
//! [`Layout`], and runs the error pass when a parse fails.

use super::compiled::uri::{self as generated, Rec};
use super::compiled::{Fail, dispatch};
use super::entry::{Grammar, Syntax};
use super::layout::{AuthorityLayout, HostData, Layout, Span};
use super::runtime::Slot;

#[inline(always)]
fn span(slot: Slot) -> Option<Span> {
    Span::from_packed(slot.packed())
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
        Some(layout(input, rec))
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
        dispatch::matcher(syntax)(s, rec)
    }
}

/// What a [`run`] that did not reach the end left: the end and the layout
/// of the longest prefix the rule matched, if it matched any.
pub(crate) fn prefix(input: &str, end: Option<usize>, rec: &Rec) -> Option<(usize, Layout)> {
    Some((end?, layout(input, rec)))
}

/// The layout of the longest prefix of `input` that `syntax` matches
/// (unanchored): error descriptions name the component where parsing
/// stopped from it.
#[cfg(feature = "pest")]
pub(crate) fn parse_prefix(input: &str, syntax: Syntax) -> Option<Layout> {
    let mut rec = Rec::default();
    dispatch::matcher(syntax)(input.as_bytes(), &mut rec)?;
    Some(layout(input, &rec))
}

/// Why `input` is not `syntax`, as pest would report it: `None` if it is.
#[cold]
pub(crate) fn failure(input: &str, syntax: Syntax) -> Option<Fail> {
    dispatch::failure(syntax, input.as_bytes())
}

/// The layout from the records of a successful match of `input`, by the
/// compiled engine or read from pest's pairs (`super::walk`).
#[inline]
pub(crate) fn layout(input: &str, rec: &Rec) -> Layout {
    let authority = match (span(rec.authority), span(rec.host)) {
        (Some(authority), Some(host)) => {
            // The rule under the host names its kind.
            let host_data = if rec.ipvfuture.is_some() {
                HostData::IpvFuture {
                    // An IPvFuture always has version digits; an empty span
                    // at the end of the host is the safe reading should a
                    // changed grammar lose them.
                    version: span(rec.version).unwrap_or(Span::new(host.end(), host.end())),
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
    Layout {
        scheme: span(rec.scheme),
        authority,
        // Every branch of the URI rules ends in a path rule; an empty span
        // at the end is the safe reading should a changed grammar drop it.
        path: span(rec.path).unwrap_or(Span::new(input.len(), input.len())),
        query: span(rec.query),
        fragment: span(rec.fragment),
    }
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
/// `host`, `iquery`, `IP_literal_6874`...: those `build.rs` lists in
/// `COMPONENT_CHECKS`): `Ok` if it matches, else pest's failure. `None`
/// for another rule name.
pub(crate) fn rule_failure(rule: &str, text: &str) -> Option<Result<(), Fail>> {
    let failure = dispatch::component_failure(rule, text.as_bytes())?;
    Some(failure.map_or(Ok(()), Err))
}
