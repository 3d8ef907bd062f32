//! The fast engine: a recognizer compiled from `uri.pest` at build time.
//!
//! `build.rs` runs `build/codegen.rs` over the same grammar pest_derive
//! reads, and writes plain matching code with pest's semantics (ordered
//! choice, greedy repetition, lookahead) to `$OUT_DIR/recognizer.rs`. It
//! records where the component rules matched in a small `Copy` struct, with
//! no token queue and no allocation. This module turns those records into a
//! [`Layout`].
//!
//! On failure it says nothing: the caller re-parses with pest_derive, the
//! reference engine, to get the rich error.

use crate::syntax::layout::{AuthorityLayout, Layout, Span};
use crate::syntax::walk::{self, Entry, HostKind};

#[allow(
    clippy::all,
    clippy::pedantic,
    unused,
    non_snake_case,
    unused_parens,
    unused_comparisons
)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/recognizer.rs"));
}

use generated::{Rec, Slot};

fn span(slot: Slot) -> Option<Span> {
    slot.get().map(|(start, end)| Span::new(start, end))
}

/// Parses `input` as `entry` with the generated recognizer.
#[inline]
pub(crate) fn parse(input: &str, entry: Entry) -> Option<Layout> {
    let s = input.as_bytes();
    let mut rec = Rec::default();
    let rec_mut = &mut rec;
    match entry {
        Entry::UriReference => generated::match_URI_reference_entry(s, rec_mut),
        Entry::Uri => generated::match_URI_entry(s, rec_mut),
        Entry::AbsoluteUri => generated::match_absolute_URI_entry(s, rec_mut),
        Entry::RelativeRef => generated::match_relative_ref_entry(s, rec_mut),
    }?;
    layout(input, &rec)
}

/// The layout of the longest prefix of `input` that `entry` matches
/// (unanchored), as `walk::parse_prefix` finds it with pest: error reports
/// use it to name the component where parsing stopped.
pub(crate) fn parse_prefix(input: &str, entry: Entry) -> Option<Layout> {
    let s = input.as_bytes();
    let mut rec = Rec::default();
    let rec_mut = &mut rec;
    match entry {
        Entry::UriReference => generated::match_URI_reference(s, rec_mut),
        Entry::Uri => generated::match_URI(s, rec_mut),
        Entry::AbsoluteUri => generated::match_absolute_URI(s, rec_mut),
        Entry::RelativeRef => generated::match_relative_ref(s, rec_mut),
    }?;
    layout(input, &rec)
}

/// The layout from the records of a successful match.
#[inline]
fn layout(input: &str, rec: &Rec) -> Option<Layout> {
    let authority = match (span(rec.authority), span(rec.host)) {
        (Some(authority), Some(host)) => {
            // The host's child rule names the kind, as in the walker.
            let kind = if rec.IPvFuture.is_some() {
                HostKind::IpvFuture
            } else if rec.IPv6address.is_some() {
                HostKind::Ipv6
            } else if rec.IPv4address.is_some() {
                HostKind::Ipv4
            } else {
                HostKind::RegName
            };
            let version = span(rec.HEXDIG);
            let host_data = walk::host_value(input, host, kind, version, None)?;
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
    let path = span(rec.path_abempty)
        .or(span(rec.path_absolute))
        .or(span(rec.path_noscheme))
        .or(span(rec.path_rootless))
        .or(span(rec.path_empty))
        .unwrap_or(Span::new(input.len(), input.len()));
    Some(Layout {
        scheme: span(rec.scheme),
        authority,
        path,
        query: span(rec.query),
        fragment: span(rec.fragment),
    })
}
