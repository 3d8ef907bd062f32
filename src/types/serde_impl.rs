//! serde support: every type of the family serializes as its string and
//! deserializes only when the string is valid for its rule.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::prelude::*;
use crate::syntax::error::ParseError;
use crate::types::family::{
    Iri, IriBuf, IriRef, IriRefBuf, Uri, UriBuf, UriRef, UriRefBuf, for_each_type,
};

macro_rules! serde_impls {
    ($ty:ident [$($lt:lifetime)?] $out:lifetime, $storage:ident, $kind:ident, $family:ident, $borrowed:ident, $owned:ident, $ref:ident, $refbuf:ident, $abs:ident, $absbuf:ident, $as_ref:ident, $as_abs:ident, $rule:literal) => {
        impl<$($lt)?> Serialize for $ty<$($lt)?> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
        serde_impls!(@de $storage $ty $rule);
    };
    (@de borrowed $ty:ident $rule:literal) => {
        impl<'de: 'a, 'a> Deserialize<'de> for $ty<'a> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> Visitor<'de> for V {
                    type Value = $ty<'de>;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str(concat!("a borrowed string holding `", $rule, "`"))
                    }

                    fn visit_borrowed_str<E: de::Error>(
                        self,
                        v: &'de str,
                    ) -> Result<Self::Value, E> {
                        $ty::parse(v).map_err(|e| one_line(&e))
                    }
                }
                deserializer.deserialize_str(V)
            }
        }
    };
    (@de owned $ty:ident $rule:literal) => {
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct V;
                impl Visitor<'_> for V {
                    type Value = $ty;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str(concat!("a string holding `", $rule, "`"))
                    }

                    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                        v.parse().map_err(|e| one_line(&e))
                    }

                    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
                        $ty::parse(v).map_err(|e| one_line(&e))
                    }
                }
                deserializer.deserialize_string(V)
            }
        }
    };
}
for_each_type!(serde_impls);

/// A parse error as one line: a deserializer adds where the string is in
/// its document (serde_json: "at line 1 column 14"), so the multi-line
/// display with its caret would be in the way.
fn one_line<I, E: de::Error>(error: &ParseError<I>) -> E {
    E::custom(format_args!(
        "invalid {}: {} at byte {} of the string",
        error.rule(),
        error.message(),
        error.offset()
    ))
}

/// serde for a URI or IRI type read with RFC 6874 zone identifiers
/// allowed (`[fe80::1%25eth0]`), which a plain deserialization refuses, as
/// parsing does: `#[serde(with = "peguri::serde_zone_id")]` on a field of
/// an owned type ([`UriRefBuf`], [`UriBuf`], [`IriRefBuf`], [`IriBuf`]).
/// It serializes as the text, as the type does.
///
/// ```
/// use peguri::UriBuf;
/// use serde::Deserialize;
///
/// #[derive(Deserialize)]
/// struct Peer {
///     #[serde(with = "peguri::serde_zone_id")]
///     uri: UriBuf,
/// }
///
/// let peer: Peer = serde_json::from_str(r#"{"uri": "http://[fe80::1%25eth0]:8080/"}"#).unwrap();
/// assert_eq!(peer.uri.authority().unwrap().host_str(), "[fe80::1%25eth0]");
/// assert!(serde_json::from_str::<UriBuf>(r#""http://[fe80::1%25eth0]/""#).is_err());
/// ```
pub mod serde_zone_id {
    use serde::de::{Deserialize, Deserializer};
    use serde::ser::{Serialize, Serializer};

    use super::one_line;
    use crate::prelude::*;
    use crate::syntax::error::ParseError;
    use crate::types::family::{IriBuf, IriRefBuf, UriBuf, UriRefBuf};
    use crate::types::options::ParseOptions;

    const ZONES: ParseOptions = ParseOptions::new().allow_zone_id(true);

    /// The owned types that [`deserialize`] makes; sealed.
    pub trait Zoned: Sized + sealed::Sealed {
        /// Parses `text` with zone identifiers allowed.
        #[doc(hidden)]
        fn parse_zoned(text: &str) -> Result<Self, ParseError>;
    }

    mod sealed {
        pub trait Sealed {}
    }

    macro_rules! zoned {
        ($($ty:ident => $parse:ident),* $(,)?) => {$(
            impl sealed::Sealed for $ty {}
            impl Zoned for $ty {
                fn parse_zoned(text: &str) -> Result<Self, ParseError> {
                    ZONES.$parse(text).map(|parsed| parsed.to_owned())
                }
            }
        )*};
    }

    zoned!(
        UriRefBuf => parse,
        UriBuf => parse_uri,
        IriRefBuf => parse_iri_ref,
        IriBuf => parse_iri,
    );

    /// Serializes the value as its text.
    ///
    /// # Errors
    ///
    /// The serializer's.
    ///
    /// ```
    /// let uri = peguri::ParseOptions::new().allow_zone_id(true).parse("//[::1%25lo]")?.to_owned();
    /// let json = peguri::serde_zone_id::serialize(&uri, serde_json::value::Serializer).unwrap();
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
    /// let uri: peguri::UriBuf = peguri::serde_zone_id::deserialize(json).unwrap();
    /// assert_eq!(uri.scheme(), "http");
    /// ```
    pub fn deserialize<'de, T: Zoned, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<T, D::Error> {
        let text = String::deserialize(deserializer)?;
        T::parse_zoned(&text).map_err(|e| one_line(&e))
    }
}
