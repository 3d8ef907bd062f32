//! The public vocabulary of parse errors: what kind of problem an error
//! reports ([`ParseErrorKind`]), with the stable names front ends show,
//! and what its message suggests doing ([`Hint`]).

use core::fmt;

/// What kind of problem a [`ParseError`](crate::ParseError) reports, for a program to act
/// on; [`ParseError::message`](crate::ParseError::message) says it in words, and
/// [`ParseError::component`](crate::ParseError::component) says where.
///
/// ```
/// use peguri::{ParseErrorKind, Component, UriRef};
///
/// let err = UriRef::parse("http://[::1::2]/").unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::InvalidIpv6Address);
/// assert_eq!(err.component(), Some(Component::Host));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character the grammar does not allow where it is: a space, a
    /// non-ASCII character in a URI, a second `#`, a bracket outside an IP
    /// literal, a character that cannot start or continue a scheme.
    ///
    /// ```
    /// use peguri::{ParseErrorKind, UriRef};
    /// assert_eq!(UriRef::parse("/a b").unwrap_err().kind(), ParseErrorKind::InvalidChar);
    /// assert_eq!(UriRef::parse("1a:b").unwrap_err().kind(), ParseErrorKind::ColonInFirstSegment);
    /// assert_eq!(peguri::Uri::parse("1a:b").unwrap_err().kind(), ParseErrorKind::InvalidChar);
    /// ```
    InvalidChar,
    /// A `%` not followed by two hexadecimal digits (section 2.1).
    ///
    /// ```
    /// use peguri::{ParseErrorKind, UriRef};
    /// assert_eq!(UriRef::parse("/a%2x").unwrap_err().kind(), ParseErrorKind::InvalidPercentEncoding);
    /// ```
    InvalidPercentEncoding,
    /// An IPv6 address in brackets that is not one (section 3.2.2): too
    /// many or too few groups, a group of more than four digits, two `::`,
    /// a bad IPv4 tail, a character no address holds.
    ///
    /// ```
    /// use peguri::{ParseErrorKind, UriRef};
    /// assert_eq!(UriRef::parse("//[1:2:3]").unwrap_err().kind(), ParseErrorKind::InvalidIpv6Address);
    /// ```
    InvalidIpv6Address,
    /// An `IPvFuture` literal (`[v1.x]`) that is not one.
    ///
    /// ```
    /// use peguri::{ParseErrorKind, UriRef};
    /// assert_eq!(UriRef::parse("//[vz.1]").unwrap_err().kind(), ParseErrorKind::InvalidIpvFuture);
    /// ```
    InvalidIpvFuture,
    /// An IPv6 zone identifier (RFC 6874) where none is allowed, or one
    /// that is not well formed.
    ///
    /// ```
    /// use peguri::{ParseErrorKind, ParseOptions, UriRef};
    /// assert_eq!(UriRef::parse("//[fe80::1%25en0]").unwrap_err().kind(), ParseErrorKind::InvalidZoneId);
    /// let zones = ParseOptions::new().allow_zone_id(true);
    /// assert_eq!(peguri::UriRef::parse_with("//[fe80::1%en0]", &zones).unwrap_err().kind(), ParseErrorKind::InvalidZoneId);
    /// ```
    InvalidZoneId,
    /// A `:` in the first segment of a relative path, which would read as
    /// a scheme (section 4.2).
    ///
    /// ```
    /// use peguri::{ParseErrorKind, UriRef};
    /// assert_eq!(UriRef::parse_relative("a:b").unwrap_err().kind(), ParseErrorKind::ColonInFirstSegment);
    /// ```
    ColonInFirstSegment,
    /// A bidirectional formatting character in an IRI (RFC 3987 section
    /// 4.1).
    ///
    /// ```
    /// use peguri::{IriRef, ParseErrorKind};
    /// assert_eq!(IriRef::parse("/\u{202E}").unwrap_err().kind(), ParseErrorKind::BidiFormatting);
    /// ```
    BidiFormatting,
    /// Bytes that are not UTF-8, given to a `parse_bytes` function.
    ///
    /// ```
    /// use peguri::{ParseErrorKind, UriRef};
    /// assert_eq!(UriRef::parse_bytes(b"/\xff").unwrap_err().kind(), ParseErrorKind::InvalidUtf8);
    /// ```
    InvalidUtf8,
    /// The input ended where the grammar needed more: an empty input where
    /// a scheme is required, a scheme without its `:`, an IP literal
    /// without its `]`.
    ///
    /// ```
    /// use peguri::{ParseErrorKind, Uri, UriRef};
    /// assert_eq!(Uri::parse("http").unwrap_err().kind(), ParseErrorKind::UnexpectedEnd);
    /// assert_eq!(UriRef::parse("//[::1").unwrap_err().kind(), ParseErrorKind::UnexpectedEnd);
    /// ```
    UnexpectedEnd,
    /// An input of 4 GiB or more, longer than peguri parses.
    ///
    /// ```
    /// assert_eq!(format!("{:?}", peguri::ParseErrorKind::TooLong), "TooLong");
    /// ```
    TooLong,
    /// A rule name that the grammar does not have, given to
    /// `grammar::parse_rule` (feature `pest`).
    ///
    /// ```
    /// assert_ne!(peguri::ParseErrorKind::UnknownRule, peguri::ParseErrorKind::InvalidChar);
    /// ```
    UnknownRule,
    /// A text given to [`UriRef::from_suffix`](crate::UriRef::from_suffix)
    /// that RFC 3986 section 4.5's heuristic does not read: it has a
    /// scheme already, or does not start with `www.` or `ftp.`.
    ///
    /// ```
    /// use peguri::{ParseErrorKind, UriRef};
    /// assert_eq!(UriRef::from_suffix("example.com/a").unwrap_err().kind(), ParseErrorKind::NotASuffixReference);
    /// ```
    NotASuffixReference,
    /// A relative reference where a URI (an IRI) is required: the input
    /// has no scheme, and parses as a `relative-ref` (`irelative-ref`).
    ///
    /// ```
    /// use peguri::{ParseErrorKind, Uri};
    /// let err = Uri::parse("//example.com/p").unwrap_err();
    /// assert_eq!(err.kind(), ParseErrorKind::RelativeReference);
    /// assert_eq!(
    ///     err.message(),
    ///     "a URI starts with a scheme, and this is a relative reference (RFC 3986 section 4.2); \
    ///      UriRef::parse reads it"
    /// );
    /// ```
    RelativeReference,
}

impl ParseErrorKind {
    /// The kind's stable name, in snake_case: what the `kind` of an error
    /// is in JSON (`peguri parse`, `Serialize` with the feature `serde`)
    /// and in Python (`ParseError.kind`), so that every front end names a
    /// kind alike.
    ///
    /// ```
    /// use peguri::{ParseErrorKind, UriRef};
    ///
    /// assert_eq!(UriRef::parse("/a b").unwrap_err().kind().as_str(), "invalid_char");
    /// assert_eq!(ParseErrorKind::InvalidIpvFuture.as_str(), "invalid_ipvfuture");
    /// assert_eq!(ParseErrorKind::InvalidUtf8.to_string(), "invalid_utf8");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ParseErrorKind::InvalidChar => "invalid_char",
            ParseErrorKind::InvalidPercentEncoding => "invalid_percent_encoding",
            ParseErrorKind::InvalidIpv6Address => "invalid_ipv6_address",
            ParseErrorKind::InvalidIpvFuture => "invalid_ipvfuture",
            ParseErrorKind::InvalidZoneId => "invalid_zone_id",
            ParseErrorKind::ColonInFirstSegment => "colon_in_first_segment",
            ParseErrorKind::BidiFormatting => "bidi_formatting",
            ParseErrorKind::InvalidUtf8 => "invalid_utf8",
            ParseErrorKind::UnexpectedEnd => "unexpected_end",
            ParseErrorKind::TooLong => "too_long",
            ParseErrorKind::UnknownRule => "unknown_rule",
            ParseErrorKind::NotASuffixReference => "not_a_suffix_reference",
            ParseErrorKind::RelativeReference => "relative_reference",
        }
    }

    /// Every kind, in the order they are declared.
    ///
    /// ```
    /// let names: Vec<&str> = peguri::ParseErrorKind::ALL.iter().map(|k| k.as_str()).collect();
    /// assert_eq!(names[0], "invalid_char");
    /// assert_eq!(names.len(), 13);
    /// ```
    pub const ALL: [ParseErrorKind; 13] = [
        ParseErrorKind::InvalidChar,
        ParseErrorKind::InvalidPercentEncoding,
        ParseErrorKind::InvalidIpv6Address,
        ParseErrorKind::InvalidIpvFuture,
        ParseErrorKind::InvalidZoneId,
        ParseErrorKind::ColonInFirstSegment,
        ParseErrorKind::BidiFormatting,
        ParseErrorKind::InvalidUtf8,
        ParseErrorKind::UnexpectedEnd,
        ParseErrorKind::TooLong,
        ParseErrorKind::UnknownRule,
        ParseErrorKind::NotASuffixReference,
        ParseErrorKind::RelativeReference,
    ];
}

/// The kind's name, as [`as_str`](ParseErrorKind::as_str) gives it.
impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The kind's name, as [`as_str`](ParseErrorKind::as_str) gives it:
/// `"invalid_char"`.
///
/// ```
/// let kind = peguri::UriRef::parse("%zz").unwrap_err().kind();
/// assert_eq!(serde_json::to_string(&kind).unwrap(), r#""invalid_percent_encoding""#);
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for ParseErrorKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// What a parse error's message suggests doing: what
/// [`ParseError::hint`](crate::ParseError::hint) returns. The library's
/// `Display` of it names Rust's options and functions; a front end says it
/// in its own terms with
/// [`ParseError::with_hint_words`](crate::ParseError::with_hint_words).
///
/// ```
/// use peguri::error::Hint;
///
/// let err = peguri::IriRef::parse("http://h/\u{202E}").unwrap_err();
/// let hint = err.hint().unwrap();
/// assert_eq!(hint, Hint::PercentEncode { character: '\u{202E}' });
/// assert_eq!(hint.to_string(), "percent-encode it as %E2%80%AE");
/// assert!(err.message().to_string().ends_with("(RFC 3987 section 4.1); percent-encode it as %E2%80%AE"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Hint<'a> {
    /// An IPv6 zone identifier (RFC 6874) where none is allowed: the option
    /// that allows them reads it
    /// ([`ParseOptions::allow_zone_id`](crate::ParseOptions::allow_zone_id)).
    ///
    /// ```
    /// let err = peguri::UriRef::parse("//[fe80::1%25en0]").unwrap_err();
    /// assert_eq!(err.hint().unwrap().to_string(), "allow it with ParseOptions::allow_zone_id");
    /// ```
    AllowZoneId,
    /// A relative reference where the rule requires a scheme: the rule
    /// that allows a relative reference reads it (`URI-reference`, or
    /// with `iri` `IRI-reference`: [`UriRef`](crate::UriRef) or
    /// [`IriRef`](crate::IriRef)).
    ///
    /// ```
    /// let err = peguri::Iri::parse("/a").unwrap_err();
    /// assert_eq!(err.hint().unwrap().to_string(), "IriRef::parse reads it");
    /// ```
    ReadAsReference {
        /// Whether the reference was read as an IRI.
        iri: bool,
    },
    /// An IPv6 address written as the host without its brackets, which
    /// the grammar reads as a host and a port: the host is the address in
    /// brackets.
    ///
    /// ```
    /// let err = peguri::UriRef::parse("http://::1/").unwrap_err();
    /// assert_eq!(
    ///     err.hint().unwrap().to_string(),
    ///     "an IPv6 address as the host goes in brackets: [::1] (RFC 3986 section 3.2.2)"
    /// );
    /// ```
    BracketIpv6 {
        /// The address in brackets, as the host of the reference.
        bracketed: &'a str,
    },
    /// A character an IRI must not hold as it is (a bidirectional
    /// formatting character, RFC 3987 section 4.1): its percent-encoding,
    /// the UTF-8 octets as triplets, stands for it.
    ///
    /// ```
    /// let err = peguri::IriRef::parse("/\u{200E}").unwrap_err();
    /// assert_eq!(err.hint().unwrap().to_string(), "percent-encode it as %E2%80%8E");
    /// ```
    PercentEncode {
        /// The character.
        character: char,
    },
}

/// The hint in the library's terms, as a message says it after its
/// problem and `; `.
impl fmt::Display for Hint<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Hint::AllowZoneId => f.write_str("allow it with ParseOptions::allow_zone_id"),
            Hint::ReadAsReference { iri: false } => f.write_str("UriRef::parse reads it"),
            Hint::ReadAsReference { iri: true } => f.write_str("IriRef::parse reads it"),
            Hint::BracketIpv6 { bracketed } => write!(
                f,
                "an IPv6 address as the host goes in brackets: {bracketed} (RFC 3986 section 3.2.2)"
            ),
            Hint::PercentEncode { character } => {
                f.write_str("percent-encode it as ")?;
                let mut utf8 = [0; 4];
                for byte in character.encode_utf8(&mut utf8).bytes() {
                    write!(f, "%{byte:02X}")?;
                }
                Ok(())
            }
        }
    }
}
