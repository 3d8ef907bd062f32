//! `data` (RFC 2397 section 3), by `schemes/data.pest`: the media type and
//! its parameters, and the data, percent-decoded and, after `;base64`,
//! base64-decoded (RFC 4648 section 4).

use core::ops::Range;

use super::error::Kind;
use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind as RefKind, Reference, Storage};
use crate::syntax::compiled::scheme::data as compiled;
use crate::syntax::pct;
use crate::syntax::runtime::Slot;
use alloc::vec::Vec;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "dataurl",
            "a data URL, \"data:\" [ mediatype ] [ \";base64\" ] \",\" data",
        ),
        ("base64", "';base64'"),
        ("comma", "','"),
        ("mediatype", "a media type"),
        ("type_2045", "a media type"),
        ("slash", "'/'"),
        ("equals", "'='"),
        ("subtype", "a media subtype"),
        ("parameter", "a parameter, attribute \"=\" value"),
        ("attribute", "a parameter name"),
        ("value", "a parameter value"),
        ("token", "a token"),
        ("value_token", "a token"),
        ("quoted_string", "a quoted string"),
        ("urlchar", "a URL character"),
        ("data", "the data"),
        ("base64_text", "base 64 text"),
        (
            "base64_entry",
            "base 64 text (groups of four characters, the last one padded with '=')",
        ),
        ("base64_group", "four base 64 characters"),
        ("base64_final", "a last group padded with '='"),
        ("base64_char", "a base 64 character"),
    ],
    limits: rule_words![],
};

/// A data URL (RFC 2397): its media type as written, whether its data is
/// base64, and the data itself, decoded.
///
/// ```
/// use peguri::scheme::DataUrl;
///
/// let uri = peguri::UriRef::parse("data:,A%20brief%20note")?;
/// let data = DataUrl::parse(&uri)?;
/// assert_eq!(data.media_type(), None); // text/plain;charset=US-ASCII
/// assert!(!data.is_base64());
/// assert_eq!(data.data(), b"A brief note");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DataUrl<'a> {
    text: &'a str,
    media_type: Option<Range<usize>>,
    mime_type: Option<Range<usize>>,
    base64: bool,
    /// Where the data is written, after the comma.
    data_span: Range<usize>,
    data: Vec<u8>,
}

impl<'a> DataUrl<'a> {
    /// Reads `reference` as a data URL.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 2397 section 3), or if its
    /// data is marked `;base64` and is not base 64 text (RFC 4648
    /// section 4: the alphabet, in groups of four, the last one padded
    /// with `=`).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("data:;base64,SGk")?;
    /// let err = peguri::scheme::DataUrl::parse(&uri).unwrap_err();
    /// assert_eq!((err.offset(), err.citation().to_string().as_str()), (13, "RFC 4648 section 4"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: RefKind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        DataUrl::read(reference.view().as_str())
    }

    /// Reads the text of a reference.
    pub(super) fn read(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_data_entry,
            fail: compiled::fail_data_entry,
        };
        let rec = entry.check(
            Scheme::Data,
            &RULES,
            uri,
            &Source::uri(uri),
            Scheme::Data.cited(),
        )?;
        let data = span(rec.data).unwrap_or_default();
        let base64 = rec.base64.is_some();
        let bytes = if base64 {
            base64_data(uri, data.clone())?
        } else {
            pct::decode(&uri[data.clone()]).into_owned()
        };
        let mime_type = match (span(rec.type_2045), span(rec.subtype)) {
            (Some(t), Some(s)) => Some(t.start..s.end),
            _ => None,
        };
        Ok(DataUrl {
            text: uri,
            media_type: span(rec.mediatype).filter(|r| !r.is_empty()),
            mime_type,
            base64,
            data_span: data,
            data: bytes,
        })
    }

    /// The media type with its parameters, as written, without
    /// `;base64`: `None` when the URL has none, which stands for
    /// `text/plain;charset=US-ASCII` (RFC 2397 section 2).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("data:text/plain;charset=iso-8859-7,%be%be")?;
    /// let data = peguri::scheme::DataUrl::parse(&uri)?;
    /// assert_eq!(data.media_type(), Some("text/plain;charset=iso-8859-7"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn media_type(&self) -> Option<&'a str> {
        self.media_type.clone().map(|r| &self.text[r])
    }

    /// The type and subtype, as written (`image/gif`), without the
    /// parameters: `None` when the URL gives none (`data:,x`, or
    /// `data:;charset=utf-8,x`, which section 2 reads as `text/plain`).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("data:image/gif;base64,R0lGODdh")?;
    /// assert_eq!(peguri::scheme::DataUrl::parse(&uri)?.mime_type(), Some("image/gif"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn mime_type(&self) -> Option<&'a str> {
        self.mime_type.clone().map(|r| &self.text[r])
    }

    /// The media type's parameters, each as its attribute and value as
    /// written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("data:text/plain;charset=utf-8;format=flowed,x")?;
    /// let data = peguri::scheme::DataUrl::parse(&uri)?;
    /// let parameters: Vec<_> = data.parameters().collect();
    /// assert_eq!(parameters, [("charset", "utf-8"), ("format", "flowed")]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn parameters(&self) -> impl Iterator<Item = (&'a str, &'a str)> + '_ {
        let text = self.text;
        let bytes = text.as_bytes();
        let media = self.media_type.clone().unwrap_or_default();
        // mediatype = [ type "/" subtype ] *( ";" parameter ): each
        // parameter follows a `;` and ends where its rule's match does.
        let mut at = self.mime_type.clone().map_or(media.start, |r| r.end);
        core::iter::from_fn(move || {
            if at >= media.end {
                return None;
            }
            let start = at + 1;
            let end = compiled::quiet_parameter(bytes, start)?;
            let name_end = compiled::quiet_attribute(bytes, start)?;
            at = end;
            Some((&text[start..name_end], &text[name_end + 1..end]))
        })
    }

    /// Where the media type (when written) and the data are in the
    /// text, for the component diagram.
    pub(crate) fn spans(&self) -> (Option<Range<usize>>, Range<usize>) {
        (self.media_type.clone(), self.data_span.clone())
    }

    /// Whether the data is marked `;base64`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("data:;base64,SGk=")?;
    /// assert!(peguri::scheme::DataUrl::parse(&uri)?.is_base64());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_base64(&self) -> bool {
        self.base64
    }

    /// The data: percent-decoded, then base64-decoded if marked so.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("data:;base64,SGk=")?;
    /// assert_eq!(peguri::scheme::DataUrl::parse(&uri)?.data(), b"Hi");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn data(&self) -> &[u8] {
        &self.data
    }
}

fn span(slot: Slot) -> Option<Range<usize>> {
    slot.get().map(|(a, b)| a..b)
}

/// The octets the base64 data at `data` of `uri` stands for: the data
/// percent-decoded, matched with `base64_text`, then decoded.
fn base64_data(uri: &str, data: Range<usize>) -> Result<Vec<u8>, SchemeError> {
    let cited = &("RFC 4648", "4");
    let raw = &uri[data.clone()];
    let decoded = pct::decode(raw);
    // Base 64 text is ASCII: an octet beyond it is the error, wherever the
    // grammar would have failed.
    if let Some(pos) = decoded.iter().position(|b| !b.is_ascii()) {
        let offset = data.start + pct::encoded_offset(raw, pos);
        let kind = Kind::Octet {
            byte: decoded[pos],
            expected: "a base 64 character",
        };
        return Err(SchemeError::new(
            Scheme::Data,
            uri,
            offset,
            cited,
            kind,
            Vec::new(),
        ));
    }
    let source = Source::decoded(Scheme::Data, uri, raw, data.start, "base64 data", cited)?;
    let entry = Entry {
        matcher: compiled::match_base64_entry,
        fail: compiled::fail_base64_entry,
    };
    entry.check(Scheme::Data, &RULES, uri, &source, cited)?;
    let text = source.text.as_bytes();
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    for group in text.chunks(4) {
        let mut bits: u32 = 0;
        let mut chars = 0;
        for &c in group.iter().filter(|&&c| c != b'=') {
            bits = bits << 6 | u32::from(sextet(c));
            chars += 1;
        }
        bits <<= 6 * (4 - chars);
        let octets = bits.to_be_bytes();
        out.extend_from_slice(&octets[1..chars]);
    }
    Ok(out)
}

/// The value of a character of the base 64 alphabet (RFC 4648 section 4,
/// Table 1), which `base64_char` has matched.
fn sextet(c: u8) -> u8 {
    match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    }
}
