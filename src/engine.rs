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

use crate::layout::{AuthorityLayout, Layout, Span};
use crate::walk::{self, Entry, HostKind};

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

use generated::Rec;

fn span(record: (usize, usize)) -> Span {
    Span::new(record.0, record.1)
}

/// Parses `input` as `entry` with the generated recognizer.
pub(crate) fn parse(input: &str, entry: Entry) -> Option<Layout> {
    let s = input.as_bytes();
    let (_, rec) = match entry {
        Entry::UriReference => generated::match_URI_reference_entry(s),
        Entry::Uri => generated::match_URI_entry(s),
        Entry::AbsoluteUri => generated::match_absolute_URI_entry(s),
        Entry::RelativeRef => generated::match_relative_ref_entry(s),
    }?;
    layout(input, &rec)
}

/// The layout from the records of a successful match.
fn layout(input: &str, rec: &Rec) -> Option<Layout> {
    let authority = match (rec.authority, rec.host) {
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
            let host = span(host);
            let version = rec.HEXDIG.map(span);
            let host_data = walk::host_data(input, host, kind, version).ok()?;
            Some(AuthorityLayout {
                span: span(authority),
                userinfo: rec.userinfo.map(span),
                host,
                host_data,
                port: rec.port.map(span),
            })
        }
        _ => None,
    };
    let path = rec
        .path_abempty
        .or(rec.path_absolute)
        .or(rec.path_noscheme)
        .or(rec.path_rootless)
        .or(rec.path_empty)
        .map_or(Span::new(input.len(), input.len()), span);
    Some(Layout {
        scheme: rec.scheme.map(span),
        authority,
        path,
        query: rec.query.map(span),
        fragment: rec.fragment.map(span),
    })
}
