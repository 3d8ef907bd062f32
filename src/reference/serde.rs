//! serde support: every reference serializes as its string and
//! deserializes only when the string is valid for its rule.

use core::fmt;
use core::marker::PhantomData;

use alloc::string::String;
use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use super::{Family, Kind, Reference, Storage};
use crate::syntax::error::ParseError;

/// As its text.
///
/// ```
/// let uri = peguri::UriRef::parse("http://h/p")?;
/// assert_eq!(serde_json::to_string(&uri).unwrap(), r#""http://h/p""#);
/// # Ok::<_, peguri::ParseError>(())
/// ```
impl<S: Storage, F, K> Serialize for Reference<S, F, K> {
    fn serialize<Se: Serializer>(&self, serializer: Se) -> Result<Se::Ok, Se::Error> {
        serializer.serialize_str(self.as_ref())
    }
}

/// From a string borrowed from the input, when it is valid for the type's
/// rule.
///
/// ```
/// let uri: peguri::Uri<'_> = serde_json::from_str(r#""http://h/p""#).unwrap();
/// assert_eq!(uri.path(), "/p");
/// let err = serde_json::from_str::<peguri::Uri<'_>>(r#""/p""#).unwrap_err();
/// assert!(err.to_string().starts_with("invalid URI: "));
/// ```
impl<'de: 'a, 'a, F: Family, K: Kind> Deserialize<'de> for Reference<&'a str, F, K> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Borrowed<F, K>(PhantomData<fn() -> (F, K)>);
        impl<'de, F: Family, K: Kind> Visitor<'de> for Borrowed<F, K> {
            type Value = Reference<&'de str, F, K>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(
                    f,
                    "a borrowed string holding `{}`",
                    Reference::<&str, F, K>::syntax().rfc_name()
                )
            }

            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
                Reference::<&str, F, K>::parse(v).map_err(|e| one_line(&e))
            }
        }
        deserializer.deserialize_str(Borrowed(PhantomData))
    }
}

/// From any string, when it is valid for the type's rule.
///
/// ```
/// let uri: peguri::UriRefBuf = serde_json::from_str(r#""../a?b""#).unwrap();
/// assert_eq!(uri.query(), Some("b"));
/// ```
impl<'de, F: Family, K: Kind> Deserialize<'de> for Reference<String, F, K> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Owned<F, K>(PhantomData<fn() -> (F, K)>);
        impl<F: Family, K: Kind> Visitor<'_> for Owned<F, K> {
            type Value = Reference<String, F, K>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(
                    f,
                    "a string holding `{}`",
                    Reference::<String, F, K>::syntax().rfc_name()
                )
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                v.parse().map_err(|e| one_line(&e))
            }

            fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
                Reference::<String, F, K>::parse(v).map_err(|e| one_line(&e))
            }
        }
        deserializer.deserialize_string(Owned(PhantomData))
    }
}

/// A parse error as one line: a deserializer adds where the string is in
/// its document (serde_json: "at line 1 column 14"), so the multi-line
/// display with its caret would be in the way.
fn one_line<E: de::Error>(error: &ParseError) -> E {
    E::custom(format_args!(
        "invalid {}: {} at byte {} of the string",
        error.rule(),
        error.message(),
        error.offset()
    ))
}

/// serde for an owned reference read with RFC 6874 zone identifiers
/// allowed (`[fe80::1%25eth0]`), which a plain deserialization refuses, as
/// parsing does: `#[serde(with = "peguri::reference::serde_zone_id")]` on a field of
/// an owned type ([`UriRefBuf`](crate::UriRefBuf), [`UriBuf`](crate::UriBuf),
/// [`IriRefBuf`](crate::IriRefBuf), [`IriBuf`](crate::IriBuf)). It
/// serializes as the text, as the type does.
///
/// ```
/// use peguri::UriBuf;
/// use serde::Deserialize;
///
/// #[derive(Deserialize)]
/// struct Peer {
///     #[serde(with = "peguri::reference::serde_zone_id")]
///     uri: UriBuf,
/// }
///
/// let peer: Peer = serde_json::from_str(r#"{"uri": "http://[fe80::1%25eth0]:8080/"}"#).unwrap();
/// assert_eq!(peer.uri.authority().unwrap().host_str(), "[fe80::1%25eth0]");
/// assert!(serde_json::from_str::<UriBuf>(r#""http://[fe80::1%25eth0]/""#).is_err());
/// ```
pub mod serde_zone_id {
    use alloc::string::String;
    use serde::de::{Deserialize, Deserializer};
    use serde::ser::{Serialize, Serializer};

    use super::one_line;
    use crate::reference::{Family, Kind, Reference};
    use crate::types::options::ParseOptions;

    const ZONES: ParseOptions = ParseOptions::new().allow_zone_id(true);

    /// Serializes the value as its text.
    ///
    /// # Errors
    ///
    /// The serializer's.
    ///
    /// ```
    /// let zones = peguri::ParseOptions::new().allow_zone_id(true);
    /// let uri = peguri::UriRef::parse_with("//[::1%25lo]", &zones)?.to_owned();
    /// let json = peguri::reference::serde_zone_id::serialize(&uri, serde_json::value::Serializer).unwrap();
    /// assert_eq!(json, "//[::1%25lo]");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn serialize<T: AsRef<str>, S: Serializer>(
        value: &T,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        value.as_ref().serialize(serializer)
    }

    /// Deserializes a string and parses it with zone identifiers allowed.
    ///
    /// # Errors
    ///
    /// The deserializer's, or the parse error, in one line.
    ///
    /// ```
    /// let json = serde_json::json!("http://[fe80::a%25en1]/");
    /// let uri: peguri::UriBuf = peguri::reference::serde_zone_id::deserialize(json).unwrap();
    /// assert_eq!(uri.scheme(), "http");
    /// ```
    pub fn deserialize<'de, F: Family, K: Kind, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Reference<String, F, K>, D::Error> {
        let text = String::deserialize(deserializer)?;
        Reference::<&str, F, K>::parse_with(&text, &ZONES)
            .map(|parsed| parsed.to_owned())
            .map_err(|e| one_line(&e))
    }
}
