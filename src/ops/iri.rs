//! IRIs (RFC 3987): mapping an IRI to a URI (section 3.1) and a URI to an
//! IRI for display (section 3.2). With the feature `idna`, `ops::idna`
//! does the same with IDNA for registered names.
//!
//! An IRI is a URI that may also hold the non-ASCII characters of `ucschar`
//! (anywhere a URI allows unreserved characters) and `iprivate` (in the
//! query only).

use alloc::borrow::Cow;
use core::fmt::Write as _;

use crate::syntax::bidi::BIDI_FORMATTING;
use crate::syntax::compiled::uri as generated;
use crate::syntax::entry::Grammar;
use crate::syntax::layout::{Layout, Span};
use crate::types::parsed::Parsed;
use alloc::{string::String, vec::Vec};

/// RFC 3987 section 3.1 on a parsed IRI: the URI's text, with the layout
/// and grammar it has.
pub(crate) fn iri_to_uri(iri: Parsed<'_>) -> (String, Layout, Grammar) {
    let input = iri.text;
    let mut out = String::with_capacity(input.len());
    // `at[i]`: where byte `i` of the input starts in the output.
    let mut at = Vec::with_capacity(input.len() + 1);
    let bytes = input.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = out.len();
        // The grammar's `ucschar` and `iprivate` say which characters a URI
        // cannot hold; in a valid IRI they are its non-ASCII ones.
        let len = match bytes[i] {
            b if b < 0x80 => None,
            _ => generated::quiet_ucschar(bytes, i).or_else(|| generated::quiet_iprivate(bytes, i)),
        }
        .map(|end| end - i);
        match len {
            Some(len) => {
                for &byte in &bytes[i..i + len] {
                    // Writing to a String cannot fail.
                    let _ = write!(out, "%{byte:02X}");
                }
                at.extend(core::iter::repeat_n(start, len));
                i += len;
            }
            None => {
                let c = input[i..].chars().next().unwrap_or_default();
                out.push(c);
                at.extend(core::iter::repeat_n(start, c.len_utf8()));
                i += c.len_utf8();
            }
        }
    }
    at.push(out.len());
    let layout = iri
        .layout
        .map_spans(|s| Span::new(at[s.start()], at[s.end()]));
    (out, layout, iri.grammar.as_uri())
}

/// RFC 3987 section 3.2 on any text (see `to_iri`): decodes the percent-encoded runs that are
/// the UTF-8 of a displayable `ucschar` character.
pub(crate) fn decode_displayable(input: &str) -> Cow<'_, str> {
    let mut out = String::new();
    // `input[..copied]` has been written to `out` (or decoded into it).
    let mut copied = 0;
    let mut search = 0;
    while let Some(found) = input.get(search..).and_then(|rest| rest.find('%')) {
        let start = search + found;
        // A run of percent-encoded octets, each matched by `pct_encoded`.
        let mut octets = Vec::new();
        let mut end = start;
        while let Some(octet) = pct_octet(input, end) {
            octets.push(octet);
            end += 3;
        }
        let mut i = 0;
        while i < octets.len() {
            match displayable_char(&octets[i..]) {
                Some((c, len)) => {
                    out.push_str(&input[copied..start + 3 * i]);
                    out.push(c);
                    copied = start + 3 * (i + len);
                    i += len;
                }
                None => i += 1,
            }
        }
        search = end.max(start + 1);
    }
    if copied == 0 {
        Cow::Borrowed(input)
    } else {
        out.push_str(&input[copied..]);
        Cow::Owned(out)
    }
}

/// The octet of the `pct_encoded` at `at`, if one starts there.
fn pct_octet(input: &str, at: usize) -> Option<u8> {
    crate::syntax::pct::triplet_at(input.as_bytes(), at)
}

/// The character that the first octets of `octets` encode in UTF-8, with
/// their number, if it is a `ucschar` that is safe to display.
fn displayable_char(octets: &[u8]) -> Option<(char, usize)> {
    // ASCII is never decoded, so one octet is never enough.
    for len in 2..=octets.len().min(4) {
        let Ok(text) = core::str::from_utf8(&octets[..len]) else {
            continue;
        };
        let mut chars = text.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            // Several characters: the first is ASCII.
            return None;
        };
        let shown = is_ucschar(text) && !BIDI_FORMATTING.contains(&c);
        return shown.then_some((c, len));
    }
    None
}

/// Whether `text` is one character the grammar's `ucschar` accepts.
fn is_ucschar(text: &str) -> bool {
    generated::quiet_ucschar(text.as_bytes(), 0) == Some(text.len())
}
