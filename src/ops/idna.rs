//! IDNA for IRIs (feature `idna`): RFC 3987 section 3.1's mapping of a
//! registered name to a DNS name with ToASCII, and section 3.2's display
//! of one with ToUnicode, both by UTS 46 (the `idna` crate).
//!
//! Only the registered name changes: IP literals and IPv4 addresses have
//! nothing to map, and every other component is mapped as
//! [`IriRef::to_uri`] and [`UriRef::to_iri`](crate::UriRef::to_iri) map it.

use alloc::borrow::Cow;
use core::fmt;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use crate::ops::iri::{decode_displayable, iri_to_uri};
use crate::syntax::entry::Grammar;
use crate::syntax::excerpt::Quoted;
use crate::syntax::layout::{Layout, Span};
use crate::syntax::parse::reparse;
use crate::syntax::pct;
use crate::types::authority::Host;
use crate::types::parsed::Parsed;
use alloc::{borrow::ToOwned, format, string::String, vec::Vec};

/// Why an IRI's registered name has no ASCII form: UTS 46 ToASCII failed
/// on it, and which of its rules did (a character UseSTD3ASCIIRules does
/// not allow, a label starting or ending with `-`, an empty or too long
/// label, a character IDNA disallows). RFC 3987 section 3.1: "the ToASCII
/// operation may fail, but this would mean that the IRI cannot be
/// resolved".
///
/// ```
/// let err = peguri::IriRef::parse("http://a_b.例え/")?.to_uri_idna().unwrap_err();
/// assert_eq!(err.host(), "a_b.例え");
/// assert_eq!(err.offset(), 7);
/// assert_eq!(
///     err.to_string(),
///     "the host \"a_b.例え\" has no ASCII form: UTS 46 ToASCII rejects it (RFC 3987 \
///      section 3.1): UseSTD3ASCIIRules allows letters, digits and '-' in a label, not '_'"
/// );
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdnaError {
    kind: IdnaErrorKind,
    host: String,
    offset: usize,
    rule: String,
}

/// Which rule of UTS 46 ToASCII an [`IdnaError`]'s host breaks.
///
/// ```
/// use peguri::error::IdnaErrorKind;
///
/// let kind = |s| peguri::IriRef::parse(s).unwrap().to_uri_idna().unwrap_err().kind();
/// assert_eq!(kind("//a_b.ü"), IdnaErrorKind::Std3Character);
/// assert_eq!(kind("//-x.ü"), IdnaErrorKind::Hyphen);
/// assert_eq!(kind("//a..ü"), IdnaErrorKind::EmptyLabel);
/// assert_eq!(IdnaErrorKind::LabelTooLong.as_str(), "label_too_long");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IdnaErrorKind {
    /// An empty label (VerifyDnsLength), other than the root's after a
    /// final dot.
    EmptyLabel,
    /// An ASCII character other than a letter, a digit or `-`
    /// (UseSTD3ASCIIRules).
    Std3Character,
    /// A label that starts or ends with `-` (CheckHyphens).
    Hyphen,
    /// A character IDNA does not allow, or a label that breaks the Bidi or
    /// ContextJ rules (UTS 46 section 4.1).
    Disallowed,
    /// A label longer than 63 bytes in ASCII (VerifyDnsLength).
    LabelTooLong,
    /// A name longer than 253 bytes in ASCII (VerifyDnsLength).
    NameTooLong,
    /// Labels that are each valid but together break the Bidi rule.
    Bidi,
    /// An ASCII form that the grammar does not read back as the host (the
    /// grammar compiled into peguri always does).
    GrammarDisagreement,
}

impl IdnaErrorKind {
    /// The kind's stable name, in snake_case, as it serializes.
    ///
    /// ```
    /// assert_eq!(peguri::error::IdnaErrorKind::Std3Character.as_str(), "std3_character");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            IdnaErrorKind::EmptyLabel => "empty_label",
            IdnaErrorKind::Std3Character => "std3_character",
            IdnaErrorKind::Hyphen => "hyphen",
            IdnaErrorKind::Disallowed => "disallowed",
            IdnaErrorKind::LabelTooLong => "label_too_long",
            IdnaErrorKind::NameTooLong => "name_too_long",
            IdnaErrorKind::Bidi => "bidi",
            IdnaErrorKind::GrammarDisagreement => "grammar_disagreement",
        }
    }
}

/// The kind's name, as [`as_str`](IdnaErrorKind::as_str) gives it.
///
/// ```
/// let kind = peguri::error::IdnaErrorKind::Hyphen;
/// assert_eq!(serde_json::to_string(&kind).unwrap(), r#""hyphen""#);
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for IdnaErrorKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl IdnaError {
    /// Which rule the host breaks.
    ///
    /// ```
    /// use peguri::error::IdnaErrorKind;
    ///
    /// let err = peguri::IriRef::parse("//-x.ü")?.to_uri_idna().unwrap_err();
    /// assert_eq!(err.kind(), IdnaErrorKind::Hyphen);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn kind(&self) -> IdnaErrorKind {
        self.kind
    }

    /// The registered name as written in the IRI.
    ///
    /// ```
    /// let err = peguri::IriRef::parse("//-x.ü")?.to_uri_idna().unwrap_err();
    /// assert_eq!(err.host(), "-x.ü");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The byte offset of the host in the IRI.
    ///
    /// ```
    /// let err = peguri::IriRef::parse("//u@-x.ü")?.to_uri_idna().unwrap_err();
    /// assert_eq!(err.offset(), 4);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The rule of UTS 46 ToASCII the host breaks, in words (a label it
    /// names is quoted as [`Quoted`] quotes it).
    ///
    /// ```
    /// let err = peguri::IriRef::parse("//-x.ü")?.to_uri_idna().unwrap_err();
    /// assert_eq!(err.rule(), "CheckHyphens: the label \"-x\" starts with '-'");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn rule(&self) -> &str {
        &self.rule
    }
}

/// The host quoted as every message quotes input ([`Quoted`]: at most 80
/// characters, then its length; control and bidirectional formatting
/// characters escaped), and the rule broken.
///
/// ```
/// let host = "ü".repeat(1_000_000) + "_";
/// let err = peguri::IriRef::parse(&format!("//{host}"))?.to_uri_idna().unwrap_err();
/// let shown = err.to_string();
/// assert!(shown.len() < 500, "{shown}");
/// assert!(shown.starts_with(&format!("the host \"{}… (2000001 bytes)\" has no ASCII form", "ü".repeat(80))));
/// # Ok::<_, peguri::ParseError>(())
/// ```
impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the host \"{}\" has no ASCII form: UTS 46 ToASCII rejects it (RFC 3987 section 3.1): {}",
            Quoted::new(&self.host),
            self.rule
        )
    }
}

/// Which rule of ToASCII (with UseSTD3ASCIIRules, CheckHyphens and
/// VerifyDnsLength, as [`to_ascii`] applies it) the host `text` (decoded)
/// breaks: the first label that breaks one, checked as ToASCII does.
fn broken_rule(text: &str) -> (IdnaErrorKind, String) {
    // The full stops UTS 46 maps to `.`.
    let labels: Vec<&str> = text
        .split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
        .collect();
    let last = labels.len() - 1;
    let mut ascii_len = 0;
    for (i, label) in labels.iter().enumerate() {
        if label.is_empty() {
            if i == last && i > 0 {
                // A trailing dot: the root, allowed.
                continue;
            }
            return (
                IdnaErrorKind::EmptyLabel,
                "VerifyDnsLength: an empty label".to_owned(),
            );
        }
        if let Some(c) = label
            .chars()
            .find(|c| c.is_ascii() && !c.is_ascii_alphanumeric() && *c != '-')
        {
            return (
                IdnaErrorKind::Std3Character,
                format!("UseSTD3ASCIIRules allows letters, digits and '-' in a label, not {c:?}"),
            );
        }
        if label.starts_with('-') {
            return (
                IdnaErrorKind::Hyphen,
                format!(
                    "CheckHyphens: the label \"{}\" starts with '-'",
                    Quoted::new(label)
                ),
            );
        }
        if label.ends_with('-') {
            return (
                IdnaErrorKind::Hyphen,
                format!(
                    "CheckHyphens: the label \"{}\" ends with '-'",
                    Quoted::new(label)
                ),
            );
        }
        let one = Uts46::new().to_ascii(
            label.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::CheckFirstLast,
            DnsLength::Ignore,
        );
        let Ok(ascii) = one else {
            return (
                IdnaErrorKind::Disallowed,
                format!(
                    "the label \"{}\" holds a character IDNA does not allow, or breaks the \
                     Bidi or ContextJ rules (UTS 46 section 4.1)",
                    Quoted::new(label)
                ),
            );
        };
        if ascii.len() > 63 {
            return (
                IdnaErrorKind::LabelTooLong,
                format!(
                    "VerifyDnsLength: the label \"{}\" is {} bytes long in ASCII, more than 63",
                    Quoted::new(label),
                    ascii.len()
                ),
            );
        }
        ascii_len += ascii.len() + 1;
    }
    if ascii_len > 254 {
        return (
            IdnaErrorKind::NameTooLong,
            format!(
                "VerifyDnsLength: the name is {} bytes long in ASCII, more than 253",
                ascii_len - 1
            ),
        );
    }
    (
        IdnaErrorKind::Bidi,
        "the labels together break the Bidi rule (UTS 46 section 4.1)".to_owned(),
    )
}

impl core::error::Error for IdnaError {}

/// The ASCII form of a registered name that holds non-ASCII characters
/// (written or percent-encoded UTF-8): `Ok(None)` when it has none, so
/// that IDNA has nothing to do.
fn to_ascii(name: &str) -> Result<Option<String>, (IdnaErrorKind, String)> {
    let decoded = pct::decode(name);
    let Ok(text) = core::str::from_utf8(&decoded) else {
        // Percent-encoded octets that are not UTF-8 name no characters.
        return Ok(None);
    };
    if text.is_ascii() {
        return Ok(None);
    }
    // RFC 3987 3.1: ToASCII with UseSTD3ASCIIRules (only letters, digits
    // and `-`, never at a label's start or end) and the DNS lengths.
    Uts46::new()
        .to_ascii(
            text.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::CheckFirstLast,
            DnsLength::VerifyAllowRootDot,
        )
        .map(|ascii| Some(ascii.into_owned()))
        .map_err(|_| broken_rule(text))
}

/// RFC 3987 section 3.1 with IDNA for the registered name: the URI's text,
/// layout and grammar.
pub(crate) fn iri_to_uri_idna(iri: Parsed<'_>) -> Result<(String, Layout, Grammar), IdnaError> {
    let Some(authority) = iri.authority() else {
        return Ok(iri_to_uri(iri));
    };
    let Host::RegName(name) = authority.host() else {
        return Ok(iri_to_uri(iri));
    };
    let start = authority.layout().host.start();
    let error = |(kind, rule)| IdnaError {
        kind,
        host: name.to_owned(),
        offset: start,
        rule,
    };
    let Some(ascii) = to_ascii(name).map_err(error)? else {
        return Ok(iri_to_uri(iri));
    };
    let text = iri.as_str();
    let end = authority.layout().host.end();
    let mapped = format!("{}{ascii}{}", &text[..start], &text[end..]);
    // The ASCII form is letters, digits, `-` and `.`: a reg-name, so the
    // text is an IRI reference with the same other components.
    let layout = reparse(&mapped, iri.grammar).map_err(|e| {
        error((
            IdnaErrorKind::GrammarDisagreement,
            format!("its ASCII form does not parse: {}", e.message()),
        ))
    })?;
    Ok(iri_to_uri(Parsed::new(&mapped, layout, iri.grammar)))
}

/// RFC 3987 section 3.2 with IDNA for the registered name (see
/// `to_iri_idna`): the IRI text to show for `uri`.
pub(crate) fn displayable_idna(uri: Parsed<'_>) -> Cow<'_, str> {
    let shown = decode_displayable(uri.as_str());
    let Some(host) = uri.authority().and_then(|a| match a.host() {
        Host::RegName(name) => Some((name, a.layout().host)),
        _ => None,
    }) else {
        return shown;
    };
    let (name, span) = host;
    let has_idna_label = name
        .split('.')
        .any(|label| label.len() >= 4 && label[..4].eq_ignore_ascii_case("xn--"));
    if !has_idna_label || name.contains('%') {
        return shown;
    }
    let (unicode, result) =
        Uts46::new().to_unicode(name.as_bytes(), AsciiDenyList::STD3, Hyphens::Allow);
    if result.is_err() {
        return shown;
    }
    let Some(start) = display_offset(uri.as_str(), &shown, span) else {
        return shown;
    };
    let end = start + name.len();
    let candidate = format!("{}{unicode}{}", &shown[..start], &shown[end..]);
    match reparse(&candidate, uri.grammar.as_iri()) {
        Ok(_) => Cow::Owned(candidate),
        Err(_) => shown,
    }
}

/// The Unicode form of one IDNA label (`xn--...`, any case) by UTS 46
/// ToUnicode, or `None` for another label or one ToUnicode finds an error
/// in (bad punycode, a disallowed character).
pub(crate) fn label_to_unicode(label: &str) -> Option<String> {
    let is_idna = label.len() > 4 && label.is_ascii() && label[..4].eq_ignore_ascii_case("xn--");
    if !is_idna {
        return None;
    }
    let (unicode, result) =
        Uts46::new().to_unicode(label.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    result.ok().map(|()| unicode.into_owned())
}

/// Where the host at `span` of `original` is in `shown`, the same text
/// with some triplets decoded: only the userinfo precedes the host in the
/// authority, and decoding changes lengths only where triplets were.
fn display_offset(original: &str, shown: &str, span: Span) -> Option<usize> {
    let head = &original[..span.start()];
    let shown_head = decode_displayable(head);
    let start = shown_head.len();
    (shown.get(start..start + span.end() - span.start())? == &original[span.start()..span.end()])
        .then_some(start)
}
