//! IRIs (RFC 3987): mapping an IRI to a URI (section 3.1) and a URI to an
//! IRI for display (section 3.2). With the feature `idna`, `types::idna`
//! does the same with IDNA for registered names.
//!
//! An IRI is a URI that may also hold the non-ASCII characters of `ucschar`
//! (anywhere a URI allows unreserved characters) and `iprivate` (in the
//! query only). The IRI types ([`family`](crate::types::family)) have the
//! components of the URI types, from the IRI rules of the grammar.

use alloc::borrow::Cow;
use core::fmt::Write as _;

use crate::prelude::*;
use crate::syntax::bidi::BIDI_FORMATTING;
use crate::syntax::compiled::uri as generated;
use crate::syntax::entry::Grammar;
use crate::syntax::layout::{Layout, Span};
use crate::types::family::{
    Iri, IriBuf, IriRef, IriRefBuf, UriBuf, UriRef, UriRefBuf, for_each_type,
};
use crate::types::parsed::Parsed;

/// `to_uri` for each IRI type.
macro_rules! to_uri {
    ($ty:ident [$($lt:lifetime)?] $out:lifetime, $storage:ident, $kind:ident, iri, $($rest:tt)*) => {
        impl<$($lt)?> $ty<$($lt)?> {
            /// The URI this IRI maps to (RFC 3987 section 3.1): every
            /// character the URI grammar does not allow, that is every
            /// `ucschar` and `iprivate` character, is replaced by the
            /// percent-encoding of its UTF-8 octets, in upper-case
            /// hexadecimal. Everything else, existing percent-encodings
            /// included, is kept as it is, so the components keep their
            /// boundaries.
            ///
            /// The host is percent-encoded like every other component.
            /// Section 3.1 allows that, and also allows converting a
            /// registered name to punycode with IDNA instead, which a
            /// resolver that expects a DNS name needs: `to_uri_idna`
            /// (feature `idna`) does that.
            ///
            /// ```
            #[doc = concat!("let iri = peguri::", stringify!($ty), "::try_from(\"http://résumé.example.org/𐌀?sushi=🍣\")?;")]
            /// let uri = iri.to_uri();
            /// assert_eq!(uri, "http://r%C3%A9sum%C3%A9.example.org/%F0%90%8C%80?sushi=%F0%9F%8D%A3");
            /// assert_eq!(uri.path(), "/%F0%90%8C%80");
            /// // Existing percent-encodings are kept.
            #[doc = concat!("assert_eq!(peguri::", stringify!($ty), "::try_from(\"s:red%09rosé\")?.to_uri(), \"s:red%09ros%C3%A9\");")]
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[must_use]
            pub fn to_uri(&self) -> to_uri!(@uri $kind) {
                let (text, layout, grammar) = iri_to_uri(self.view());
                <to_uri!(@uri $kind)>::from_parts(text, layout, grammar)
            }
        }
    };
    (@uri reference) => { UriRefBuf };
    (@uri absolute) => { UriBuf };
    ($($other:tt)*) => {};
}
for_each_type!(to_uri);

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

/// The IRI to show for a URI reference (RFC 3987 section 3.2): every run of
/// percent-encoded octets that is the UTF-8 encoding of a `ucschar`
/// character is decoded to that character; everything else stays as it is.
///
/// So these stay percent-encoded:
/// - encoded ASCII (`%41`, `%2F`, `%20`): decoding could change the meaning
///   or the syntax;
/// - octets that are not valid UTF-8 (`%E9` of a Latin-1 `é`);
/// - characters that are not `ucschar`: controls, non-characters, and
///   private-use (`iprivate`) characters, which are allowed only in the
///   query and are not meant for display;
/// - the bidirectional formatting characters (U+200E, U+200F, U+202A to
///   U+202E, U+2066 to U+2069), which RFC 3987 section 4.1 forbids in IRIs
///   because they can make the displayed IRI read differently from its
///   logical order.
///
/// Which characters are `ucschar` is decided by the grammar's `ucschar`
/// rule. Decoded characters are allowed wherever a percent-encoding is, so
/// the result is always a valid IRI reference with the same components,
/// and [`IriRef::to_uri`] maps it back (with upper-case hexadecimal). The
/// result borrows the input when nothing was decoded.
///
/// ```
/// use peguri::{uri_to_iri, IriRef, UriRef};
///
/// let uri = UriRef::parse("http://www.example.org/D%C3%BCrst")?;
/// assert_eq!(uri_to_iri(&uri), "http://www.example.org/Dürst");
/// // Not UTF-8: kept.
/// let latin1 = UriRef::parse("http://www.example.org/D%FCrst")?;
/// assert_eq!(uri_to_iri(&latin1), "http://www.example.org/D%FCrst");
/// // Encoded ASCII and a bidi override (U+202E): kept.
/// let kept = UriRef::parse("/%41%2F%E2%80%AE")?;
/// assert_eq!(uri_to_iri(&kept), "/%41%2F%E2%80%AE");
/// // The result is an IRI.
/// assert!(IriRef::parse(&uri_to_iri(&uri)).is_ok());
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[must_use]
pub fn uri_to_iri<'a>(uri: &UriRef<'a>) -> Cow<'a, str> {
    decode_displayable(uri.as_str())
}

/// [`uri_to_iri`] on any text: decodes the percent-encoded runs that are
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
