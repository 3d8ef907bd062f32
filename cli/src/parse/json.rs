//! JSON text of a serializable value, compact or pretty, through one
//! serializer type: serde compiles a value's serialization once per
//! serializer type, and the scheme views' parts, whose serialization is
//! large, are written both ways.

use std::io;

use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};

/// `value` as JSON text: pretty as `serde_json::to_vec_pretty` writes it
/// (two spaces an indent), or compact as `serde_json::to_vec` does.
pub(super) fn to_vec(value: &impl serde::Serialize, pretty: bool) -> serde_json::Result<Vec<u8>> {
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
