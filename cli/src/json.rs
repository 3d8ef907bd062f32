//! Objects of the JSON contract with members of a command's own after
//! them: the library writes each object of the contract
//! (`peguri::report::Components`, a `ParseError`), and a command that adds
//! members (`parse --scheme-syntax` and `--psl`, a parse error's rule
//! chain) writes them into the same object, after the library's, so that
//! every object has one writer. Also the object of an invalid input,
//! which every command writes, and [`to_vec`], JSON text compact or
//! pretty through one serializer type.

use std::fmt::Display;
use std::io;

use serde::ser::{Error, Impossible, Serialize, SerializeMap, SerializeStruct, Serializer};
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};

/// `{"input", "valid": false, "error"}`: the JSON contract's object for an
/// invalid input, with any error that serializes (a `ParseError` as
/// `peguri::report::Report` writes it, or a command's own).
pub struct Invalid<'a, E: ?Sized> {
    /// The input as given (U+FFFD for bytes that are not UTF-8).
    pub input: &'a str,
    /// Why it has no result.
    pub error: &'a E,
}

impl<E: Serialize + ?Sized> Serialize for Invalid<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Invalid", 3)?;
        s.serialize_field("input", self.input)?;
        s.serialize_field("valid", &false)?;
        s.serialize_field("error", self.error)?;
        s.end()
    }
}

/// Members a command adds to an object, written after the object's own.
pub trait Members {
    /// Writes the members into `map`, the object being written.
    fn write<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error>;
}

/// `object`, serialized as a JSON object (a struct or a map), with the
/// members `more` writes after its own.
pub struct Extended<'a, T: ?Sized, E> {
    pub object: &'a T,
    pub more: E,
}

impl<T: Serialize + ?Sized, E: Members> Serialize for Extended<'_, T, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        self.object.serialize(Flat(&mut map))?;
        self.more.write(&mut map)?;
        map.end()
    }
}

/// A serializer that writes the members of an object into the map of
/// another object being written (`serde_json` writes a struct and a map
/// alike, so the bytes are those of the object with the members added).
/// Anything but an object is an error.
struct Flat<'m, M>(&'m mut M);

/// The error for a value that is not an object.
fn not_an_object<E: Error>(what: impl Display) -> E {
    E::custom(format_args!(
        "members can be added to an object only, not to {what}"
    ))
}

impl<M: SerializeMap> SerializeStruct for Flat<'_, M> {
    type Ok = ();
    type Error = M::Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), M::Error> {
        self.0.serialize_entry(key, value)
    }

    fn end(self) -> Result<(), M::Error> {
        Ok(())
    }
}

impl<M: SerializeMap> SerializeMap for Flat<'_, M> {
    type Ok = ();
    type Error = M::Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), M::Error> {
        self.0.serialize_key(key)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), M::Error> {
        self.0.serialize_value(value)
    }

    fn end(self) -> Result<(), M::Error> {
        Ok(())
    }
}

/// The serializer's methods for values that are not objects: each an
/// error naming what it was given.
macro_rules! not_objects {
    ($($method:ident($($arg:ty),*) $what:literal;)*) => {
        $(
            fn $method(self, $(_: $arg),*) -> Result<(), M::Error> {
                Err(not_an_object($what))
            }
        )*
    };
}

impl<'m, M: SerializeMap> Serializer for Flat<'m, M> {
    type Ok = ();
    type Error = M::Error;
    type SerializeSeq = Impossible<(), M::Error>;
    type SerializeTuple = Impossible<(), M::Error>;
    type SerializeTupleStruct = Impossible<(), M::Error>;
    type SerializeTupleVariant = Impossible<(), M::Error>;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), M::Error>;

    not_objects! {
        serialize_bool(bool) "a boolean";
        serialize_i8(i8) "a number";
        serialize_i16(i16) "a number";
        serialize_i32(i32) "a number";
        serialize_i64(i64) "a number";
        serialize_u8(u8) "a number";
        serialize_u16(u16) "a number";
        serialize_u32(u32) "a number";
        serialize_u64(u64) "a number";
        serialize_f32(f32) "a number";
        serialize_f64(f64) "a number";
        serialize_char(char) "a string";
        serialize_str(&str) "a string";
        serialize_bytes(&[u8]) "bytes";
        serialize_none() "null";
        serialize_unit() "null";
        serialize_unit_struct(&'static str) "null";
        serialize_unit_variant(&'static str, u32, &'static str) "a string";
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), M::Error> {
        value.serialize(self)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), M::Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), M::Error> {
        Err(not_an_object("an enum variant"))
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, M::Error> {
        Err(not_an_object("an array"))
    }

    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, M::Error> {
        Err(not_an_object("an array"))
    }

    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, M::Error> {
        Err(not_an_object("an array"))
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, M::Error> {
        Err(not_an_object("an enum variant"))
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self, M::Error> {
        Ok(self)
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, M::Error> {
        Ok(self)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, M::Error> {
        Err(not_an_object("an enum variant"))
    }
}

// JSON text of a serializable value, compact or pretty, through one
// serializer type: serde compiles a value's serialization once per
// serializer type, and the scheme views' parts, whose serialization is
// large, are written both ways.

/// `value` as JSON text: pretty as `serde_json::to_vec_pretty` writes it
/// (two spaces an indent), or compact as `serde_json::to_vec` does.
pub(crate) fn to_vec(value: &impl serde::Serialize, pretty: bool) -> serde_json::Result<Vec<u8>> {
    let mut out = Vec::new();
    let format = Format(pretty.then(PrettyFormatter::new));
    value.serialize(&mut serde_json::Serializer::with_formatter(
        &mut out, format,
    ))?;
    Ok(out)
}

/// serde_json's pretty formatter, or (`None`) its compact one, chosen at
/// run time. The compact formatter writes with the trait's defaults, so
/// only what the pretty one overrides is chosen here.
struct Format(Option<PrettyFormatter<'static>>);

impl Formatter for Format {
    fn begin_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        match &mut self.0 {
            Some(pretty) => pretty.begin_array(writer),
            None => CompactFormatter.begin_array(writer),
        }
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        match &mut self.0 {
            Some(pretty) => pretty.end_array(writer),
            None => CompactFormatter.end_array(writer),
        }
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        match &mut self.0 {
            Some(pretty) => pretty.begin_array_value(writer, first),
            None => CompactFormatter.begin_array_value(writer, first),
        }
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        match &mut self.0 {
            Some(pretty) => pretty.end_array_value(writer),
            None => CompactFormatter.end_array_value(writer),
        }
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        match &mut self.0 {
            Some(pretty) => pretty.begin_object(writer),
            None => CompactFormatter.begin_object(writer),
        }
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        match &mut self.0 {
            Some(pretty) => pretty.end_object(writer),
            None => CompactFormatter.end_object(writer),
        }
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        match &mut self.0 {
            Some(pretty) => pretty.begin_object_key(writer, first),
            None => CompactFormatter.begin_object_key(writer, first),
        }
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        match &mut self.0 {
            Some(pretty) => pretty.begin_object_value(writer),
            None => CompactFormatter.begin_object_value(writer),
        }
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        match &mut self.0 {
            Some(pretty) => pretty.end_object_value(writer),
            None => CompactFormatter.end_object_value(writer),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Chain<'a>(&'a [&'a str]);

    impl Members for Chain<'_> {
        fn write<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
            map.serialize_entry("chain", self.0)
        }
    }

    #[test]
    fn members_follow_the_objects_own_compact_and_pretty() {
        let uri = peguri::UriRef::parse("http://h?").unwrap();
        let components = uri.components();
        let extended = Extended {
            object: &components,
            more: Chain(&["a", "b"]),
        };
        let mut expected = serde_json::to_string(&components).unwrap();
        expected.pop();
        expected.push_str(r#","chain":["a","b"]}"#);
        assert_eq!(serde_json::to_string(&extended).unwrap(), expected);

        let mut expected = serde_json::to_string_pretty(&components).unwrap();
        expected.truncate(expected.len() - 2);
        expected.push_str(",\n  \"chain\": [\n    \"a\",\n    \"b\"\n  ]\n}");
        assert_eq!(serde_json::to_string_pretty(&extended).unwrap(), expected);
    }

    #[test]
    fn a_value_that_is_no_object_is_an_error() {
        let extended = Extended {
            object: &[1, 2],
            more: Chain(&[]),
        };
        let err = serde_json::to_string(&extended).unwrap_err();
        assert!(err.to_string().contains("not to an array"), "{err}");
    }
}
