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
