//! What the commands that read references share: the options that choose
//! the grammar (`--iri`, `--allow-zone-id`), reading a line as text, the
//! output they write to, and writing exactly one line per input (`--json`
//! or plain).

use std::fmt::Display;
use std::io::{self, BufWriter, Write};

use clap::Args;
use peguri::error::Quoted;
use peguri::{IriRef, ParseError, UriRef};
use serde::Serialize;

use crate::stream::{Diagnostics, Records, Say, StreamArgs};

/// What a plain-text command writes for an input that gives no result (it
/// is invalid, or has no answer), so that output line `n` is always about
/// input line `n`. `<` is in no URI or IRI reference, and in no expansion
/// of a URI Template, so the marker is never a result.
pub const INVALID: &str = "<invalid>";

/// Standard output, buffered: what every command writes its results to.
pub fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(64 * 1024, io::stdout().lock())
}

/// `text` in double quotes, bounded and escaped as [`Quoted`] shows it:
/// how a message quotes a name or a value it was given.
pub fn quoted(text: &str) -> String {
    format!("\"{}\"", Quoted::new(text))
}

/// The grammar the inputs follow: the options every command that parses
/// references takes.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct SyntaxArgs {
    /// Inputs are IRI references (RFC 3987), which may hold non-ASCII
    /// characters, instead of URI references.
    #[arg(long)]
    pub iri: bool,
    /// Accept IPv6 zone identifiers (RFC 6874): `[fe80::1%25en0]`.
    #[arg(long)]
    pub allow_zone_id: bool,
}

impl SyntaxArgs {
    /// The library's parse options for these flags.
    pub fn options(&self) -> peguri::ParseOptions {
        peguri::ParseOptions::new().allow_zone_id(self.allow_zone_id)
    }

    /// Parses `text` as a URI reference or, with `--iri`, an IRI reference.
    /// The error names this command's flags (`--allow-zone-id`).
    pub fn parse<'a>(&self, text: &'a str) -> Result<Reference<'a>, ParseError> {
        if self.iri {
            peguri::IriRef::parse_with(text, &self.options()).map(Reference::IriRef)
        } else {
            peguri::UriRef::parse_with(text, &self.options()).map(Reference::Uri)
        }
        .map_err(for_the_command_line)
    }

    /// `line` as text, or, when it is not UTF-8, why not.
    pub fn text<'a>(&self, line: &'a [u8]) -> Result<&'a str, Box<NotUtf8>> {
        std::str::from_utf8(line).map_err(|_| {
            let error = if self.iri {
                IriRef::parse_bytes(line).err()
            } else {
                UriRef::parse_bytes(line).err()
            };
            Box::new(NotUtf8 {
                shown: String::from_utf8_lossy(line).into_owned(),
                // Bytes that are not UTF-8 never parse.
                error: for_the_command_line(error.expect("bytes that are not UTF-8 are an error")),
            })
        })
    }
}

/// `error` with the options and ways in it suggests named as this
/// command's flags (the parse command's records, which its benchmark
/// builds alone, hold the wording).
pub use crate::parse::records::for_the_command_line;

/// Writes why an input was refused to stderr, as every command does: the
/// program's name, then the message with its excerpt.
pub fn report(error: &dyn std::fmt::Display) {
    eprintln!("peguri: {error}");
}

/// Says once, on stderr, that `--iri` reads an input that the URI grammar
/// refused for its non-ASCII characters (RFC 3987 allows them).
#[derive(Default)]
pub struct IriHint {
    given: bool,
}

impl IriHint {
    /// The hint, once, if `input` (refused) is an IRI reference and the
    /// inputs are not read as IRIs already.
    pub fn after_error(&mut self, syntax: &SyntaxArgs, input: &str) {
        if !self.given && is_iri_only(syntax, input) {
            self.given = true;
            eprintln!("{IRI_HINT}");
        }
    }
}

/// What [`IriHint`] says.
pub const IRI_HINT: &str = "hint: this input is an IRI reference (RFC 3987), which may hold \
     non-ASCII characters; --iri reads IRIs";

/// Whether `input`, read as a URI reference (not `--iri`), is refused but
/// is an IRI reference.
pub fn is_iri_only(syntax: &SyntaxArgs, input: &str) -> bool {
    !syntax.iri && !input.is_ascii() && peguri::IriRef::parse_with(input, &syntax.options()).is_ok()
}

/// An input line that is not UTF-8 (boxed where returned: it is rare and
/// large).
pub struct NotUtf8 {
    /// The line with U+FFFD for its bad bytes, to show it.
    pub shown: String,
    /// The error that names the first bad byte, at its offset in the line.
    pub error: ParseError,
}

/// A parsed reference: a URI reference or an IRI reference.
#[derive(Clone, Copy, Debug)]
pub enum Reference<'a> {
    /// Parsed without `--iri`.
    Uri(UriRef<'a>),
    /// Parsed with `--iri`.
    IriRef(IriRef<'a>),
}

/// `{"input", "valid": false, "error"}`: the JSON contract's object for an
/// invalid input.
pub struct Invalid<'a, E> {
    /// The input as given (U+FFFD for bytes that are not UTF-8).
    pub input: &'a str,
    /// Why it has no result.
    pub error: &'a E,
}

impl<E: Serialize> Serialize for Invalid<'_, E> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Invalid", 3)?;
        s.serialize_field("input", self.input)?;
        s.serialize_field("valid", &false)?;
        s.serialize_field("error", self.error)?;
        s.end()
    }
}

/// Writes one line per input: the result, or, for an input without one,
/// [`INVALID`]; with `--json`, one object per input,
/// `{"input", "valid": true, <field>: <result>}` or
/// `{"input", "valid": false, "error": {...}}`. In text, errors also go to
/// stderr with the caret display ([`Diagnostics`]); in JSON the record
/// holds the error and stderr says nothing per input.
pub struct Lines {
    out: Records,
    diagnostics: Diagnostics,
    json: bool,
    syntax: SyntaxArgs,
}

impl Lines {
    /// Writes to stdout, JSON objects when `json`, for inputs read with
    /// `syntax`: given as arguments, or read from stdin when `arguments`
    /// is false; errors on stderr as `quiet` and `json` ask.
    pub fn new(
        json: bool,
        syntax: SyntaxArgs,
        stream: StreamArgs,
        quiet: bool,
        arguments: bool,
    ) -> Self {
        Lines {
            out: Records::new(stream),
            diagnostics: Diagnostics::new(Say::of(quiet, json), arguments),
            json,
            syntax,
        }
    }

    /// A result for `input`, as `field` in JSON.
    pub fn valid(&mut self, input: &str, field: &str, result: &str) -> io::Result<()> {
        self.write_valid(input, field, result, None)
    }

    /// [`valid`](Self::valid), with one more field in JSON, a flag.
    pub fn valid_with(
        &mut self,
        input: &str,
        field: &str,
        result: &str,
        flag: (&str, bool),
    ) -> io::Result<()> {
        self.write_valid(input, field, result, Some(flag))
    }

    fn write_valid(
        &mut self,
        input: &str,
        field: &str,
        result: &str,
        flag: Option<(&str, bool)>,
    ) -> io::Result<()> {
        self.diagnostics.input();
        if self.json {
            struct Valid<'a>(&'a str, &'a str, &'a str, Option<(&'a str, bool)>);
            impl Serialize for Valid<'_> {
                fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    use serde::ser::SerializeMap;
                    let mut map = s.serialize_map(None)?;
                    map.serialize_entry("input", self.0)?;
                    map.serialize_entry("valid", &true)?;
                    map.serialize_entry(self.1, self.2)?;
                    if let Some((name, value)) = self.3 {
                        map.serialize_entry(name, &value)?;
                    }
                    map.end()
                }
            }
            serde_json::to_writer(&mut self.out, &Valid(input, field, result, flag))?;
        } else {
            self.out.write_all(result.as_bytes())?;
        }
        self.out.write_all(b"\n")?;
        self.out.end_record()
    }

    /// No result for `input`: `error` says why.
    pub fn invalid(&mut self, input: &str, error: &(impl Serialize + Display)) -> io::Result<()> {
        self.diagnostics.input();
        if self.json {
            serde_json::to_writer(&mut self.out, &Invalid { input, error })?;
            self.out.write_all(b"\n")?;
        } else {
            writeln!(self.out, "{INVALID}")?;
        }
        self.out.end_record()?;
        self.diagnostics.invalid(&mut self.out, error)?;
        self.diagnostics
            .iri_hint(&mut self.out, &self.syntax, input)
    }

    /// Flushes; whether every input had a result.
    pub fn finish(self) -> io::Result<bool> {
        self.diagnostics.finish(self.out, &[])
    }
}
