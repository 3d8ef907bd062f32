//! serde support: a URI serializes as its string and deserializes only when
//! the string is valid.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{IriRef, IriRefBuf, Uri, UriBuf, UriRef, UriRefBuf};

macro_rules! serialize_as_str {
    ($($ty:ty),*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
    )*};
}
serialize_as_str!(
    UriRef<'_>,
    Uri<'_>,
    UriRefBuf,
    UriBuf,
    IriRef<'_>,
    IriRefBuf
);

macro_rules! deserialize_borrowed {
    ($ty:ident, $what:literal) => {
        impl<'de: 'a, 'a> Deserialize<'de> for $ty<'a> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> Visitor<'de> for V {
                    type Value = $ty<'de>;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str(concat!("a borrowed string holding ", $what))
                    }

                    fn visit_borrowed_str<E: de::Error>(
                        self,
                        v: &'de str,
                    ) -> Result<Self::Value, E> {
                        $ty::parse(v).map_err(E::custom)
                    }
                }
                deserializer.deserialize_str(V)
            }
        }
    };
}
deserialize_borrowed!(UriRef, "a URI reference");
deserialize_borrowed!(Uri, "a URI");
deserialize_borrowed!(IriRef, "an IRI reference");

macro_rules! deserialize_owned {
    ($ty:ident, $what:literal) => {
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct V;
                impl Visitor<'_> for V {
                    type Value = $ty;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str(concat!("a string holding ", $what))
                    }

                    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                        $ty::parse(v).map_err(E::custom)
                    }

                    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
                        $ty::parse(v).map_err(E::custom)
                    }
                }
                deserializer.deserialize_string(V)
            }
        }
    };
}
deserialize_owned!(UriRefBuf, "a URI reference");
deserialize_owned!(UriBuf, "a URI");
deserialize_owned!(IriRefBuf, "an IRI reference");
