//! Why a registry file could not be read.

use alloc::format;
use alloc::string::String;
use core::fmt;

use super::csv::Malformed;
use crate::syntax::excerpt::Quoted;

/// Why a registry file could not be read
/// ([`SchemeRegistry::parse`](crate::scheme::SchemeRegistry::parse)): the
/// line, and what is wrong there.
///
/// ```
/// use peguri::error::SchemeRegistryErrorKind;
///
/// let err = peguri::scheme::SchemeRegistry::parse("URI Scheme,Status\nhttp,Permanent,x\n").unwrap_err();
/// assert_eq!(err.kind(), SchemeRegistryErrorKind::FieldCount);
/// assert_eq!(err.line(), Some(2));
/// assert_eq!(err.to_string(), "line 2 of the registry: 3 fields where the header has 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemeRegistryError {
    kind: SchemeRegistryErrorKind,
    line: Option<usize>,
    message: String,
}

/// What is wrong with a registry file given to
/// [`SchemeRegistry::parse`](crate::scheme::SchemeRegistry::parse).
///
/// ```
/// use peguri::error::SchemeRegistryErrorKind;
///
/// let err = peguri::scheme::SchemeRegistry::parse("").unwrap_err();
/// assert_eq!(err.kind(), SchemeRegistryErrorKind::NoHeader);
/// assert_eq!(err.kind().as_str(), "no_header");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SchemeRegistryErrorKind {
    /// The text has no header row.
    NoHeader,
    /// The header does not name a column the registry is read by
    /// (`URI Scheme`, `Status`).
    MissingColumn,
    /// A row with another number of fields than the header.
    FieldCount,
    /// A quoted field without its closing quote.
    UnclosedQuote,
    /// A quote inside an unquoted field, or text after a closing quote.
    StrayQuote,
    /// A name that is not an RFC 3986 scheme (section 3.1).
    InvalidName,
    /// A status other than Permanent, Provisional or Historical.
    UnknownStatus,
    /// A name listed twice (compared without regard to case).
    Duplicate,
}

impl SchemeRegistryErrorKind {
    /// The kind's stable name, in snake_case, as it serializes.
    ///
    /// ```
    /// use peguri::error::SchemeRegistryErrorKind;
    /// assert_eq!(SchemeRegistryErrorKind::UnknownStatus.as_str(), "unknown_status");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            SchemeRegistryErrorKind::NoHeader => "no_header",
            SchemeRegistryErrorKind::MissingColumn => "missing_column",
            SchemeRegistryErrorKind::FieldCount => "field_count",
            SchemeRegistryErrorKind::UnclosedQuote => "unclosed_quote",
            SchemeRegistryErrorKind::StrayQuote => "stray_quote",
            SchemeRegistryErrorKind::InvalidName => "invalid_name",
            SchemeRegistryErrorKind::UnknownStatus => "unknown_status",
            SchemeRegistryErrorKind::Duplicate => "duplicate",
        }
    }
}

/// The kind's name, as [`as_str`](SchemeRegistryErrorKind::as_str) gives it.
///
/// ```
/// let kind = peguri::error::SchemeRegistryErrorKind::Duplicate;
/// assert_eq!(serde_json::to_string(&kind).unwrap(), r#""duplicate""#);
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for SchemeRegistryErrorKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl SchemeRegistryError {
    /// What is wrong.
    ///
    /// ```
    /// use peguri::error::SchemeRegistryErrorKind;
    ///
    /// let err = peguri::scheme::SchemeRegistry::parse("URI Scheme,Status\nx,Retired\n").unwrap_err();
    /// assert_eq!(err.kind(), SchemeRegistryErrorKind::UnknownStatus);
    /// ```
    #[must_use]
    pub fn kind(&self) -> SchemeRegistryErrorKind {
        self.kind
    }

    /// The line (1-based) of the row at fault (where it starts, for a
    /// row with a quoted line break), when one is.
    ///
    /// ```
    /// let text = "URI Scheme,Status\nhttp,Permanent\nHTTP,Permanent\n";
    /// let err = peguri::scheme::SchemeRegistry::parse(text).unwrap_err();
    /// assert_eq!(err.line(), Some(3));
    /// assert_eq!(err.to_string(), "line 3 of the registry: \"HTTP\" is listed already, on line 2");
    /// ```
    #[must_use]
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    fn at(line: usize, kind: SchemeRegistryErrorKind, message: String) -> Self {
        SchemeRegistryError {
            kind,
            line: Some(line),
            message,
        }
    }

    pub(super) fn no_header() -> Self {
        SchemeRegistryError {
            kind: SchemeRegistryErrorKind::NoHeader,
            line: None,
            message: String::from(
                "the registry has no header row: IANA's CSV starts with \"URI Scheme,Template,\
                 Description,Status,...\"",
            ),
        }
    }

    pub(super) fn missing_column(line: usize, column: &str) -> Self {
        Self::at(
            line,
            SchemeRegistryErrorKind::MissingColumn,
            format!(
                "the header has no \"{column}\" column (IANA's CSV has \"URI Scheme\" and \
                 \"Status\"; its older files without \"Status\", one for each status, are not read)"
            ),
        )
    }

    pub(super) fn field_count(line: usize, found: usize, header: usize) -> Self {
        Self::at(
            line,
            SchemeRegistryErrorKind::FieldCount,
            format!("{found} fields where the header has {header}"),
        )
    }

    pub(super) fn malformed(line: usize, malformed: Malformed) -> Self {
        match malformed {
            Malformed::UnclosedQuote => Self::at(
                line,
                SchemeRegistryErrorKind::UnclosedQuote,
                String::from("a quoted field has no closing quote"),
            ),
            Malformed::StrayQuote => Self::at(
                line,
                SchemeRegistryErrorKind::StrayQuote,
                String::from(
                    "a quote inside an unquoted field, or text after a closing quote (RFC 4180: \
                     a field with a quote is quoted, and its quotes doubled)",
                ),
            ),
        }
    }

    pub(super) fn invalid_name(line: usize, name: &str, offset: usize) -> Self {
        let message = match name[offset..].chars().next() {
            None if name.is_empty() => String::from("a row has no scheme name"),
            None => format!("\"{}\" is not a scheme name", Quoted::new(name)),
            Some(c) if offset == 0 => format!(
                "\"{}\" is not a scheme name: it starts with {c:?}, not a letter (RFC 3986 \
                 section 3.1)",
                Quoted::new(name)
            ),
            Some(c) => format!(
                "\"{}\" is not a scheme name: {c:?} at byte {offset} is not a letter, digit, \
                 '+', '-' or '.' (RFC 3986 section 3.1)",
                Quoted::new(name)
            ),
        };
        Self::at(line, SchemeRegistryErrorKind::InvalidName, message)
    }

    pub(super) fn unknown_status(line: usize, status: &str) -> Self {
        Self::at(
            line,
            SchemeRegistryErrorKind::UnknownStatus,
            format!(
                "the status \"{}\" is not Permanent, Provisional or Historical",
                Quoted::new(status)
            ),
        )
    }

    pub(super) fn duplicate(line: usize, name: &str, first: usize) -> Self {
        Self::at(
            line,
            SchemeRegistryErrorKind::Duplicate,
            format!(
                "\"{}\" is listed already, on line {first}",
                Quoted::new(name)
            ),
        )
    }
}

impl fmt::Display for SchemeRegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line} of the registry: ")?;
        }
        f.write_str(&self.message)
    }
}

impl core::error::Error for SchemeRegistryError {}
