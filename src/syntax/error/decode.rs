//! The error of percent-decoding into text.

use core::fmt;

/// Why percent-decoded text is not what was asked for: for
/// [`decode_utf8`](crate::pct::decode_utf8), octets that are not UTF-8.
///
/// ```
/// use peguri::error::DecodeErrorKind;
///
/// let err = peguri::pct::decode_utf8("%C3").unwrap_err();
/// assert_eq!(err.offset(), 0);
/// assert_eq!(err.kind(), DecodeErrorKind::NotUtf8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecodeError {
    pub(crate) kind: DecodeErrorKind,
    pub(crate) offset: usize,
}

/// What a [`DecodeError`] is about.
///
/// ```
/// assert_eq!(peguri::error::DecodeErrorKind::NotUtf8.as_str(), "not_utf8");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// The decoded octets are not UTF-8.
    NotUtf8,
}

impl DecodeErrorKind {
    /// The kind's stable name, in snake_case, as it serializes.
    ///
    /// ```
    /// assert_eq!(peguri::error::DecodeErrorKind::NotUtf8.as_str(), "not_utf8");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            DecodeErrorKind::NotUtf8 => "not_utf8",
        }
    }
}

/// The kind's name, as [`as_str`](DecodeErrorKind::as_str) gives it.
///
/// ```
/// let kind = peguri::error::DecodeErrorKind::NotUtf8;
/// assert_eq!(serde_json::to_string(&kind).unwrap(), r#""not_utf8""#);
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for DecodeErrorKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl DecodeError {
    /// What is wrong with the decoded text.
    ///
    /// ```
    /// use peguri::error::DecodeErrorKind;
    ///
    /// assert_eq!(peguri::pct::decode_utf8("%FF").unwrap_err().kind(), DecodeErrorKind::NotUtf8);
    /// ```
    pub fn kind(&self) -> DecodeErrorKind {
        self.kind
    }

    /// The byte offset in the (encoded) input of the first octet that is
    /// not part of valid UTF-8: the `%` of its triplet, or the character.
    ///
    /// ```
    /// let err = peguri::pct::decode_utf8("%C3%A9%E9").unwrap_err();
    /// assert_eq!(err.offset(), 6);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "percent-decoded text is not UTF-8: invalid octet at byte {} of the input",
            self.offset
        )
    }
}

impl core::error::Error for DecodeError {}
