//! `ni` and `nih` (RFC 6920 sections 3 and 7), by `schemes/ni.pest`: an
//! ni URI's digest base64url-decoded (RFC 4648 section 5), an nih URI's
//! check digit verified (Luhn mod 16).

use core::ops::Range;

use super::error::Kind;
use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind as RefKind, Reference, Storage};
use crate::syntax::compiled::scheme::ni as compiled;
use crate::syntax::runtime::Slot;
use alloc::vec::Vec;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "NI_URI",
            "an ni URI, \"ni://\" [ authority ] \"/\" alg \";\" val [ \"?\" query ]",
        ),
        ("ni_scheme", "\"ni\""),
        ("ni_hier_part", "\"//\" [ authority ] \"/\" alg \";\" val"),
        ("alg_val", "a hash algorithm, \";\" and a value"),
        ("alg", "a hash algorithm"),
        ("val", "a hash value"),
        (
            "nih_URI",
            "an nih URI, \"nih:\" alg \";\" hex digits [ \";\" check digit ]",
        ),
        ("nih_scheme", "\"nih\""),
        ("hval", "a hash value in hex"),
        ("checkdigit", "a check digit (a hex digit)"),
        ("base64url", "base64url text without padding"),
        ("base64url_entry", "base64url text without padding"),
        (
            "base64url_char",
            "a base64url character (A-Z, a-z, 0-9, '-', '_'; unpadded, the text never has 4n+1 characters)",
        ),
    ],
    limits: rule_words![],
};

/// An ni or nih URI (RFC 6920): the hash algorithm, the hash value and the
/// digest it encodes; an ni URI's authority and query, an nih URI's check
/// digit.
///
/// ```
/// use peguri::scheme::Ni;
///
/// let uri = peguri::UriRef::parse("ni://example.com/sha-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk")?;
/// let ni = Ni::parse(&uri)?;
/// assert_eq!((ni.authority(), ni.algorithm()), (Some("example.com"), "sha-256"));
/// assert_eq!(ni.digest().len(), 32);
/// assert_eq!(&ni.digest()[..4], [0x7f, 0x83, 0xb1, 0x65]);
///
/// let uri = peguri::UriRef::parse("nih:sha-256-32;53269057;b")?;
/// let nih = Ni::parse(&uri)?;
/// assert_eq!((nih.value(), nih.check_digit()), ("53269057", Some('b')));
/// assert_eq!(nih.digest(), [0x53, 0x26, 0x90, 0x57]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ni<'a> {
    text: &'a str,
    authority: Option<Range<usize>>,
    algorithm: Range<usize>,
    value: Range<usize>,
    digest: Vec<u8>,
    query: Option<Range<usize>>,
    check_digit: Option<Range<usize>>,
}

impl<'a> Ni<'a> {
    /// Reads `reference` as an ni or nih URI, by its scheme.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is neither, or is not one (RFC 6920 sections
    /// 3 and 7): an ni value that is not base64url without padding, an nih
    /// check digit that does not match the hash value.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("nih:sha-256-32;53269057;c")?;
    /// let err = peguri::scheme::Ni::parse(&uri).unwrap_err();
    /// assert_eq!(err.offset(), 24);
    /// assert_eq!(err.kind(), peguri::scheme::SchemeErrorKind::CheckDigit);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: RefKind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        let uri = reference.view().as_str();
        let human = reference
            .view()
            .scheme()
            .is_some_and(|scheme| scheme.eq_ignore_ascii_case("nih"));
        if human {
            Ni::read_nih(uri)
        } else {
            Ni::read_ni(uri)
        }
    }

    /// Reads the text of an ni URI reference.
    pub(super) fn read_ni(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_ni_entry,
            fail: compiled::fail_ni_entry,
        };
        let rec = entry.check(
            Scheme::Ni,
            &RULES,
            uri,
            &Source::uri(uri),
            Scheme::Ni.cited(),
        )?;
        let value = span(rec.val).unwrap_or_default();
        let digest = base64url(uri, value.clone())?;
        Ok(Ni {
            text: uri,
            authority: span(rec.authority).filter(|r| !r.is_empty()),
            algorithm: span(rec.alg).unwrap_or_default(),
            value,
            digest,
            query: span(rec.query),
            check_digit: None,
        })
    }

    /// Reads the text of an nih URI reference.
    pub(super) fn read_nih(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_nih_entry,
            fail: compiled::fail_nih_entry,
        };
        let rec = entry.check(
            Scheme::Nih,
            &RULES,
            uri,
            &Source::uri(uri),
            Scheme::Nih.cited(),
        )?;
        let value = span(rec.hval).unwrap_or_default();
        // The hex digits of the value; `-` is for readers (section 7).
        let nibbles: Vec<u8> = uri[value.clone()]
            .chars()
            .filter_map(|c| c.to_digit(16))
            .filter_map(|d| u8::try_from(d).ok())
            .collect();
        let check_digit = span(rec.checkdigit);
        if let Some(at) = check_digit.clone() {
            let expected = luhn16(&nibbles);
            let found = uri[at.clone()].chars().next().unwrap_or_default();
            if found.to_digit(16) != Some(u32::from(expected)) {
                let kind = Kind::CheckDigit {
                    what: "the hash value",
                    found,
                    expected: char::from_digit(u32::from(expected), 16).unwrap_or_default(),
                };
                return Err(SchemeError::new(
                    Scheme::Nih,
                    uri,
                    at.start,
                    Scheme::Nih.cited(),
                    kind,
                    Vec::new(),
                ));
            }
        }
        // Two hex digits an octet; an odd last digit is the high half of
        // the last octet.
        let digest = nibbles
            .chunks(2)
            .map(|pair| pair[0] << 4 | pair.get(1).copied().unwrap_or(0))
            .collect();
        Ok(Ni {
            text: uri,
            authority: None,
            algorithm: span(rec.alg).unwrap_or_default(),
            value,
            digest,
            query: None,
            check_digit,
        })
    }

    /// The whole URI, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("nih:3;532690-57e12f-e2b74b-a07c89-2560a2;f")?;
    /// assert_eq!(peguri::scheme::Ni::parse(&uri)?.as_str(), "nih:3;532690-57e12f-e2b74b-a07c89-2560a2;f");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// An ni URI's authority, as written; `None` when it is empty
    /// (`ni:///`) and for an nih URI.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ni:///sha-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk")?;
    /// assert_eq!(peguri::scheme::Ni::parse(&uri)?.authority(), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn authority(&self) -> Option<&'a str> {
        self.authority.clone().map(|r| &self.text[r])
    }

    /// The hash algorithm, as written: a name of the Named Information Hash
    /// Algorithm Registry (`sha-256`, section 9.4), or in an nih URI its
    /// Suite ID in decimal (`3`).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("nih:3;532690-57e12f-e2b74b-a07c89-2560a2;f")?;
    /// assert_eq!(peguri::scheme::Ni::parse(&uri)?.algorithm(), "3");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn algorithm(&self) -> &'a str {
        &self.text[self.algorithm.clone()]
    }

    /// The hash value, as written: base64url in an ni URI, hex (with any
    /// `-`) in an nih URI.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ni:///sha-256-32;f4OxZQ?ct=text/plain")?;
    /// assert_eq!(peguri::scheme::Ni::parse(&uri)?.value(), "f4OxZQ");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn value(&self) -> &'a str {
        &self.text[self.value.clone()]
    }

    /// The digest the value encodes.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ni:///sha-256-32;f4OxZQ")?;
    /// assert_eq!(peguri::scheme::Ni::parse(&uri)?.digest(), [0x7f, 0x83, 0xb1, 0x65]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn digest(&self) -> &[u8] {
        &self.digest
    }

    /// An ni URI's query, as written (section 3.1 defines its `ct`
    /// parameter, the content type).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ni:///sha-256-32;f4OxZQ?ct=text/plain")?;
    /// assert_eq!(peguri::scheme::Ni::parse(&uri)?.query(), Some("ct=text/plain"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.query.clone().map(|r| &self.text[r])
    }

    /// An nih URI's check digit, as written (verified against the value).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("nih:sha-256-120;5326-9057-e12f-e2b7-4ba0-7c89-2560-a2;f")?;
    /// assert_eq!(peguri::scheme::Ni::parse(&uri)?.check_digit(), Some('f'));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_digit(&self) -> Option<char> {
        let at = self.check_digit.clone()?;
        self.text[at].chars().next()
    }

    /// Whether two names name the same thing (RFC 6920 section 2: "Two
    /// names refer to the same object if the digest algorithms and
    /// digest values are the same"; the authority, the query and the
    /// form do not count). Algorithms are compared without regard to
    /// case; a Suite ID is not mapped to its name.
    ///
    /// ```
    /// use peguri::scheme::Ni;
    /// use peguri::UriRef;
    ///
    /// let a = UriRef::parse("ni:///sha-256-32;f4OxZQ")?;
    /// let b = UriRef::parse("ni://example.com/SHA-256-32;f4OxZQ?ct=text/plain")?;
    /// let c = UriRef::parse("nih:sha-256-32;7f83-b165")?;
    /// assert!(Ni::parse(&a)?.same_object(&Ni::parse(&b)?));
    /// assert!(Ni::parse(&a)?.same_object(&Ni::parse(&c)?));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn same_object(&self, other: &Ni<'_>) -> bool {
        self.algorithm().eq_ignore_ascii_case(other.algorithm()) && self.digest == other.digest
    }

    /// Where the algorithm, the value and the check digit are in
    /// [`as_str`](Self::as_str), for the component diagram.
    pub(crate) fn spans(&self) -> Vec<(&'static str, Range<usize>)> {
        let mut spans = Vec::new();
        spans.extend(self.authority.clone().map(|r| ("authority", r)));
        spans.push(("algorithm", self.algorithm.clone()));
        spans.push(("value", self.value.clone()));
        spans.extend(self.check_digit.clone().map(|r| ("check digit", r)));
        spans
    }
}

fn span(slot: Slot) -> Option<Range<usize>> {
    slot.get().map(|(a, b)| a..b)
}

/// The octets the value at `value` of `uri` encodes: matched with
/// `base64url_entry` (RFC 6920 section 3: base64url without padding),
/// then decoded.
fn base64url(uri: &str, value: Range<usize>) -> Result<Vec<u8>, SchemeError> {
    let cited = &("RFC 4648", "5");
    let source = Source::part(&uri[value.clone()], value.start);
    let entry = Entry {
        matcher: compiled::match_base64url_entry,
        fail: compiled::fail_base64url_entry,
    };
    entry.check(Scheme::Ni, &RULES, uri, &source, cited)?;
    let text = source.text.as_bytes();
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    for group in text.chunks(4) {
        let mut bits: u32 = 0;
        for &c in group {
            bits = bits << 6 | u32::from(sextet(c));
        }
        bits <<= 6 * (4 - group.len());
        let octets = bits.to_be_bytes();
        out.extend_from_slice(&octets[1..group.len()]);
    }
    Ok(out)
}

/// The value of a character of the URL and filename safe base 64 alphabet
/// (RFC 4648 section 5, Table 2), which `base64url_char` has matched.
fn sextet(c: u8) -> u8 {
    match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        _ => 63,
    }
}

/// The Luhn mod N check digit (N = 16, ISO/IEC 7812-1 Annex B generalized)
/// of `digits`, each 0 to 15, as RFC 6920 section 7 computes an nih URI's:
/// from the right, every other digit doubled, the base-16 digits of each
/// product summed.
fn luhn16(digits: &[u8]) -> u8 {
    let mut factor = 2u32;
    let mut sum = 0u32;
    for &digit in digits.iter().rev() {
        let addend = factor * u32::from(digit);
        sum += addend / 16 + addend % 16;
        factor = 3 - factor;
    }
    u8::try_from((16 - sum % 16) % 16).unwrap_or(0)
}

/// The parts object of `peguri parse --scheme-syntax`: `authority`,
/// `algorithm`, `value` (as written), `digest` (in lowercase hex),
/// `query`, `check_digit`.
///
/// ```
/// let uri = peguri::UriRef::parse("nih:sha-256-32;53269057;b")?;
/// let nih = peguri::scheme::Ni::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&nih)?,
///     r#"{"authority":null,"algorithm":"sha-256-32","value":"53269057","digest":"53269057","query":null,"check_digit":"b"}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Ni<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use core::fmt::Write as _;
        use serde::ser::SerializeMap as _;
        let mut digest = alloc::string::String::with_capacity(self.digest.len() * 2);
        for octet in &self.digest {
            let _ = write!(digest, "{octet:02x}");
        }
        let mut map = serializer.serialize_map(Some(6))?;
        map.serialize_entry("authority", &self.authority())?;
        map.serialize_entry("algorithm", self.algorithm())?;
        map.serialize_entry("value", self.value())?;
        map.serialize_entry("digest", &digest)?;
        map.serialize_entry("query", &self.query())?;
        map.serialize_entry("check_digit", &self.check_digit())?;
        map.end()
    }
}
