//! Why a URI is not valid under its scheme's own syntax: a
//! [`SchemeError`], built as a [`ParseError`](crate::ParseError) is, from a
//! few numbers and a small description rendered when asked for.

use core::fmt;

use super::Scheme;
use crate::syntax::excerpt::{Excerpt, floor_char_boundary};
use alloc::{boxed::Box, vec::Vec};

/// Why a URI is not valid under its scheme's own syntax: the scheme, the
/// RFC and section of the rule it breaks, the byte offset into the whole
/// URI, what was expected there, and the URI shown with a caret.
///
/// ```
/// use peguri::scheme::{self, SchemeErrorKind};
///
/// let uri = peguri::UriRef::parse("urn:a:b")?;
/// let err = scheme::validate(&uri).unwrap().unwrap_err();
/// assert_eq!(err.offset(), 5);
/// assert_eq!(err.citation(), "RFC 8141 section 2");
/// assert_eq!(err.kind(), SchemeErrorKind::Syntax);
/// assert_eq!(err.expected(), ["a letter, digit or '-' (an NID has 2 to 32 characters)"]);
/// assert_eq!(
///     err.to_string(),
///     "invalid urn URI: unexpected character ':'; expected a letter, digit or '-' (an NID \
///      has 2 to 32 characters) (RFC 8141 section 2) at byte 5 (column 6)\n  urn:a:b\n       ^"
/// );
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct SchemeError {
    scheme: Scheme,
    cited: Cited,
    offset: usize,
    column: u32,
    /// Boxed: most of an error's size, and needed only to describe it.
    kind: Box<Kind>,
    expected: Box<[&'static str]>,
    excerpt: Excerpt,
}

/// An RFC and a section (`("RFC 8141", "2")`), as a grammar's rule or a
/// check cites it.
pub(crate) type Cited = &'static (&'static str, &'static str);

/// What kind of problem a [`SchemeError`] reports.
///
/// ```
/// use peguri::scheme::{self, SchemeErrorKind};
///
/// let kind = |s| scheme::validate(&peguri::UriRef::parse(s).unwrap()).unwrap().unwrap_err().kind();
/// assert_eq!(kind("mailto:joe"), SchemeErrorKind::Syntax);
/// assert_eq!(kind("geo:91,0"), SchemeErrorKind::OutOfRange);
/// assert_eq!(kind("mailto:%FF@example.com"), SchemeErrorKind::NotUtf8);
/// assert_eq!(kind("tel:+1;a=1;a=2"), SchemeErrorKind::Repeated);
/// assert_eq!(kind("tel:+1;b=1;a=2"), SchemeErrorKind::Order);
/// assert_eq!(kind("nih:sha-256-32;53269057;c"), SchemeErrorKind::CheckDigit);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SchemeErrorKind {
    /// The scheme's grammar does not match: a character it does not allow
    /// where it is, or the end of the input where it needs more (in the
    /// URI's text, or in percent-decoded text the RFC reads with a rule of
    /// its own: a mailto address, base64 data).
    Syntax,
    /// Percent-encoded octets that are not UTF-8 where the RFC says
    /// non-ASCII characters are encoded as UTF-8 (mailto).
    NotUtf8,
    /// A number outside the range its RFC allows (a geo URI's WGS-84
    /// latitude or longitude).
    OutOfRange,
    /// Something that may appear once appears again (a tel URI's
    /// parameter).
    Repeated,
    /// Parts in an order the RFC does not allow (a tel URI's parameters).
    Order,
    /// A check digit that is not the one the digits it checks give (an
    /// nih URI's, RFC 6920 section 7).
    CheckDigit,
}

impl SchemeErrorKind {
    /// The kind's stable name, in snake_case, as it serializes.
    ///
    /// ```
    /// assert_eq!(peguri::scheme::SchemeErrorKind::OutOfRange.as_str(), "out_of_range");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            SchemeErrorKind::Syntax => "syntax",
            SchemeErrorKind::NotUtf8 => "not_utf8",
            SchemeErrorKind::OutOfRange => "out_of_range",
            SchemeErrorKind::Repeated => "repeated",
            SchemeErrorKind::Order => "order",
            SchemeErrorKind::CheckDigit => "check_digit",
        }
    }
}

/// The kind's name, as [`as_str`](SchemeErrorKind::as_str) gives it.
#[cfg(feature = "serde")]
impl serde::Serialize for SchemeErrorKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// What went wrong, with what the message needs to say so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// The grammar failed here, on this character (`None`: the end);
    /// `encoded`: the character is percent-encoded in the URI. `limit`
    /// says why the character cannot be there when the grammar names no
    /// rule that could (a rule that must not match).
    Unexpected {
        found: Option<char>,
        encoded: bool,
        limit: Option<&'static str>,
    },
    /// A percent-encoded octet beyond ASCII where `expected` (an ASCII
    /// class) is needed.
    Octet { byte: u8, expected: &'static str },
    /// Percent-encoded octets that are not UTF-8 in `what`.
    NotUtf8 { what: &'static str },
    /// A number outside its range: what it is, its text, the range.
    OutOfRange {
        what: &'static str,
        value: Box<str>,
        range: &'static str,
    },
    /// A name given twice.
    Repeated { what: &'static str, name: Box<str> },
    /// A name out of its place: `rule` says the order.
    Order { name: Box<str>, rule: &'static str },
    /// A check digit other than the one `what` gives.
    CheckDigit {
        what: &'static str,
        found: char,
        expected: char,
    },
    /// The compiled grammar's recognizer rejected the text and its error
    /// pass accepted it.
    EnginesDisagree,
}

impl SchemeError {
    /// The error at byte `offset` of `input` (the whole URI), against the
    /// rule that `citation` (RFC, section) names.
    pub(crate) fn new(
        scheme: Scheme,
        input: &str,
        offset: usize,
        cited: Cited,
        kind: Kind,
        expected: Vec<&'static str>,
    ) -> Self {
        let offset = floor_char_boundary(input, offset.min(input.len()));
        let column = input[..offset].chars().count() + 1;
        // A percent-encoded character is underlined whole.
        let width = match kind {
            Kind::Unexpected { encoded: true, .. } | Kind::Octet { .. } => 3,
            _ => 0,
        };
        SchemeError {
            scheme,
            cited,
            offset,
            column: u32::try_from(column).unwrap_or(u32::MAX),
            kind: Box::new(kind),
            expected: expected.into_boxed_slice(),
            excerpt: Excerpt::around(input, offset..offset + width),
        }
    }

    /// The same error, expecting `expected` instead: for a rule whose own
    /// failure (the end of its text expected) says less than its name.
    pub(crate) fn expecting(mut self, expected: Vec<&'static str>) -> Self {
        if let Kind::Unexpected { limit, .. } = &mut *self.kind {
            *limit = None;
        }
        self.expected = expected.into_boxed_slice();
        self
    }

    /// The scheme whose syntax the URI breaks.
    ///
    /// ```
    /// use peguri::scheme::{self, Scheme};
    ///
    /// let uri = peguri::UriRef::parse("MAILTO:joe")?;
    /// assert_eq!(scheme::validate(&uri).unwrap().unwrap_err().scheme(), Scheme::Mailto);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// The document that defines the rule the URI breaks: `"RFC 6068"`,
    /// or the document that scheme's RFC takes the rule from
    /// (`"RFC 5322"` for a mailto address's atoms).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("mailto:joe")?;
    /// let err = peguri::scheme::validate(&uri).unwrap().unwrap_err();
    /// assert_eq!((err.spec(), err.section()), ("RFC 6068", "2"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn spec(&self) -> &'static str {
        self.cited.0
    }

    /// The section (or appendix) of [`spec`](Self::spec) the rule is in:
    /// `"2"`, `"3.4.2"`, `"Appendix B.1"`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("geo:91,0")?;
    /// let err = peguri::scheme::validate(&uri).unwrap().unwrap_err();
    /// assert_eq!(err.section(), "3.4.2");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn section(&self) -> &'static str {
        self.cited.1
    }

    /// The document and section together, as messages cite them:
    /// `RFC 8141 section 2`, `RFC 5234 Appendix B.1`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tel:7042")?;
    /// let err = peguri::scheme::validate(&uri).unwrap().unwrap_err();
    /// assert_eq!(err.citation(), "RFC 3966 section 3");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn citation(&self) -> Citation {
        Citation::new(self.cited)
    }

    /// The byte offset into the whole URI where the problem is.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ws://h/chat#x")?;
    /// assert_eq!(peguri::scheme::validate(&uri).unwrap().unwrap_err().offset(), 11);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The 1-based column, in characters, of [`offset`](Self::offset).
    ///
    /// ```
    /// let uri = peguri::IriRef::parse("mailto:é")?;
    /// let err = peguri::scheme::validate(&uri).unwrap().unwrap_err();
    /// assert_eq!((err.offset(), err.column()), (7, 8));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn column(&self) -> usize {
        self.column as usize
    }

    /// What kind of problem this is (see [`SchemeErrorKind`]).
    ///
    /// ```
    /// use peguri::scheme::SchemeErrorKind;
    ///
    /// let uri = peguri::UriRef::parse("geo:0,181")?;
    /// let err = peguri::scheme::validate(&uri).unwrap().unwrap_err();
    /// assert_eq!(err.kind(), SchemeErrorKind::OutOfRange);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn kind(&self) -> SchemeErrorKind {
        match *self.kind {
            Kind::Unexpected { .. } | Kind::Octet { .. } | Kind::EnginesDisagree => {
                SchemeErrorKind::Syntax
            }
            Kind::NotUtf8 { .. } => SchemeErrorKind::NotUtf8,
            Kind::OutOfRange { .. } => SchemeErrorKind::OutOfRange,
            Kind::Repeated { .. } => SchemeErrorKind::Repeated,
            Kind::Order { .. } => SchemeErrorKind::Order,
            Kind::CheckDigit { .. } => SchemeErrorKind::CheckDigit,
        }
    }

    /// What the grammar would have accepted at the spot, in words (empty
    /// for a problem that is not the grammar's).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("data:text/plain")?;
    /// let err = peguri::scheme::validate(&uri).unwrap().unwrap_err();
    /// assert_eq!(err.expected(), ["';base64'", "','"]);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn expected(&self) -> &[&'static str] {
        &self.expected
    }

    /// A one-line description that ends with the citation, such as
    /// `unexpected end of input; expected '@' (RFC 6068 section 2)`. It is
    /// rendered when shown; `to_string()` gives a `String`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("geo:91,0")?;
    /// let err = peguri::scheme::validate(&uri).unwrap().unwrap_err();
    /// assert_eq!(
    ///     err.message().to_string(),
    ///     "latitude 91 is outside -90 to 90 (RFC 5870 section 3.4.2)"
    /// );
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn message(&self) -> SchemeMessage<'_> {
        SchemeMessage(self)
    }
}

/// An RFC and a section, shown as `RFC 8141 section 2` (or `RFC 5234
/// Appendix B.1`): what [`SchemeError::citation`] returns.
///
/// ```
/// let uri = peguri::UriRef::parse("urn:a:b")?;
/// let citation = peguri::scheme::validate(&uri).unwrap().unwrap_err().citation();
/// assert_eq!(citation, "RFC 8141 section 2");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Citation(Cited);

impl Citation {
    /// A section of an RFC (`("RFC 5870", "3.4.2")`), or an appendix
    /// (`("RFC 5234", "Appendix B.1")`).
    pub(crate) const fn new(cited: Cited) -> Self {
        Citation(cited)
    }
}

impl fmt::Display for Citation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (spec, section) = *self.0;
        if section.starts_with("Appendix") {
            write!(f, "{spec} {section}")
        } else {
            write!(f, "{spec} section {section}")
        }
    }
}

impl PartialEq<str> for Citation {
    fn eq(&self, other: &str) -> bool {
        let (spec, section) = *self.0;
        let rest = other.strip_prefix(spec).and_then(|rest| {
            if section.starts_with("Appendix") {
                rest.strip_prefix(' ')
            } else {
                rest.strip_prefix(" section ")
            }
        });
        rest == Some(section)
    }
}

impl PartialEq<&str> for Citation {
    fn eq(&self, other: &&str) -> bool {
        self == *other
    }
}

/// The message of a [`SchemeError`], with its citation: what
/// [`SchemeError::message`] returns.
///
/// ```
/// let uri = peguri::UriRef::parse("mailto:joe")?;
/// let err = peguri::scheme::validate(&uri).unwrap().unwrap_err();
/// assert_eq!(
///     err.message().to_string(),
///     "unexpected end of input; expected '@' or an atom character (atext) (RFC 6068 section 2)"
/// );
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct SchemeMessage<'a>(&'a SchemeError);

impl fmt::Display for SchemeMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let error = self.0;
        match &*error.kind {
            Kind::Unexpected {
                found,
                encoded,
                limit,
            } => {
                match found {
                    Some(c) => write!(f, "unexpected character {c:?}")?,
                    None => f.write_str("unexpected end of input")?,
                }
                if *encoded {
                    f.write_str(" (percent-encoded)")?;
                }
                if let Some(limit) = limit {
                    write!(f, ": {limit}")?;
                } else {
                    f.write_str("; expected ")?;
                    write_or_list(f, &error.expected)?;
                }
            }
            Kind::Octet { byte, expected } => write!(
                f,
                "unexpected octet 0x{byte:02X} (percent-encoded); expected {expected}"
            )?,
            Kind::NotUtf8 { what } => write!(
                f,
                "percent-encoded octets that are not UTF-8 in {what}; non-ASCII characters are \
                 percent-encoded UTF-8"
            )?,
            Kind::OutOfRange { what, value, range } => {
                write!(f, "{what} {value} is outside {range}")?;
            }
            Kind::Repeated { what, name } => write!(f, "{what} {name:?} appears twice")?,
            Kind::Order { name, rule } => write!(f, "{name:?} is out of order: {rule}")?,
            Kind::CheckDigit {
                what,
                found,
                expected,
            } => write!(
                f,
                "check digit {found:?} does not match {what}, whose check digit is {expected:?}"
            )?,
            Kind::EnginesDisagree => f.write_str(
                "internal error: the compiled grammar's recognizer rejected this URI but its \
                 error pass accepted it (please report this)",
            )?,
        }
        write!(f, " ({})", error.citation())
    }
}

impl fmt::Debug for SchemeMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use alloc::string::ToString as _;
        fmt::Debug::fmt(&self.to_string(), f)
    }
}

fn write_or_list(f: &mut fmt::Formatter<'_>, words: &[&str]) -> fmt::Result {
    if words.is_empty() {
        return f.write_str("something else");
    }
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            f.write_str(if i + 1 == words.len() { " or " } else { ", " })?;
        }
        f.write_str(word)?;
    }
    Ok(())
}

/// `invalid <scheme> URI: <message> at byte <offset> (column <column>)`,
/// then the URI with a caret under the spot.
impl fmt::Display for SchemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {} URI: {} at byte {} (column {})\n{}",
            self.scheme.name(),
            self.message(),
            self.offset,
            self.column,
            self.excerpt
        )
    }
}

/// ```
/// let uri = peguri::UriRef::parse("urn:a:b")?;
/// let err = peguri::scheme::validate(&uri).unwrap().unwrap_err();
/// assert!(format!("{err:?}").starts_with(r#"SchemeError { scheme: Urn, offset: 5, kind: Syntax"#));
/// # Ok::<_, peguri::ParseError>(())
/// ```
impl fmt::Debug for SchemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SchemeError")
            .field("scheme", &self.scheme)
            .field("offset", &self.offset)
            .field("kind", &self.kind())
            .field("message", &self.message())
            .finish()
    }
}

impl core::error::Error for SchemeError {}
