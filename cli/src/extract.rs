//! `peguri extract`: the URIs (or, with `--iri`, the IRIs) in text (RFC
//! 3986 Appendix C), plain, HTML or Markdown, from files or stdin.

use std::io::{self, Read, Write};

use clap::{Args, ValueEnum};
use peguri::error::Quoted;
use peguri::extract::{Extracted, Extractor, Markup};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::common::for_the_command_line;
use crate::outcome::Outcome;

/// Find the URIs in text (RFC 3986 Appendix C), from FILEs or stdin:
/// quoted, in angle brackets (line breaks inside are removed),
/// `<URL:...>`, or bare with a scheme; with --markup, also the links of
/// HTML (`href`, `src`, `srcset`... relative ones included) or of
/// Markdown (link and image destinations, reference definitions,
/// autolinks, inline HTML), skipping comments, scripts, styles and code.
/// Prints one JSON object per URI (`uri`, `valid`, the byte offsets
/// `start` and `end` in the input, and the 1-based `line` and `column`,
/// in characters, of `start`; `file` first when FILEs are given), or
/// plain URIs.
///
/// A candidate is taken whole or rejected, never cut short into another
/// URI (`http://example.com/a%2` is no `http://example.com/a`). A bare
/// candidate ends at whitespace, `<`, `>`, `"`, `` ` ``, prose
/// punctuation or a closing bracket it did not open, and loses trailing
/// sentence punctuation and wrapping quotes or emphasis. Rejected
/// candidates are left out; --rejected prints them too, with `"valid":
/// false` and the `error` object `peguri parse` prints (with --plain, the
/// error on stderr as FILE:LINE:COLUMN). An IRI such as
/// `http://bücher.example/` is found with --iri (without it, stderr says
/// how many were left out).
///
/// Exit code: 0, also when nothing is found; with --rejected, 1 when any
/// candidate was rejected; 2 for usage errors or a file that cannot be
/// read.
#[derive(Args)]
#[command(
    after_help = "Example:\n  peguri extract < message.txt\n  peguri extract --plain notes.md README.md\n  peguri extract --markup markdown --rejected docs/*.md\n  peguri extract --markup html --plain page.html\n  peguri extract --iri < page.txt"
)]
pub struct ExtractArgs {
    /// Print one URI per line instead of JSON.
    #[arg(long)]
    plain: bool,
    /// Find IRIs (RFC 3987), which may hold non-ASCII characters, instead
    /// of URIs.
    #[arg(long)]
    iri: bool,
    /// Accept IPv6 zone identifiers (RFC 6874): `[fe80::1%25en0]`.
    #[arg(long)]
    allow_zone_id: bool,
    /// Also print the candidates that are not URIs, with their error;
    /// exit 1 when there is any.
    #[arg(long)]
    rejected: bool,
    /// How to read the input: plain text, HTML (URL attributes, text
    /// outside tags) or Markdown (links, definitions, autolinks, inline
    /// HTML, text outside code).
    #[arg(long, value_enum, default_value_t = MarkupArg::Text)]
    markup: MarkupArg,
    #[command(flatten)]
    pub exit: crate::outcome::ExitArgs,
    /// Files to read; stdin when none is given (or for `-`). With files,
    /// each JSON object also has "file".
    files: Vec<String>,
}

/// The values of `--markup`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum MarkupArg {
    /// Plain text (RFC 3986 Appendix C).
    Text,
    /// HTML.
    Html,
    /// Markdown (CommonMark).
    Markdown,
}

impl MarkupArg {
    fn markup(self) -> Markup {
        match self {
            MarkupArg::Text => Markup::Text,
            MarkupArg::Html => Markup::Html,
            MarkupArg::Markdown => Markup::Markdown,
        }
    }
}

/// `{"uri", "valid", "error", "start", "end", "line", "column"}` (`file`
/// first when files were named; `error` only when not valid), in that
/// order.
struct Found<'a> {
    file: Option<&'a str>,
    found: &'a Extracted<'a>,
}

impl Serialize for Found<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Found", 8)?;
        if let Some(file) = self.file {
            s.serialize_field("file", file)?;
        }
        s.serialize_field("uri", &*self.found.uri)?;
        s.serialize_field("valid", &self.found.error.is_none())?;
        if let Some(error) = &self.found.error {
            s.serialize_field("error", &for_the_command_line(error.clone()))?;
        }
        s.serialize_field("start", &self.found.span.start)?;
        s.serialize_field("end", &self.found.span.end)?;
        s.serialize_field("line", &self.found.line)?;
        s.serialize_field("column", &self.found.column)?;
        s.end()
    }
}

/// Reads each file (or stdin) whole and prints each URI found: a JSON
/// object per line (byte offsets in the input as given), or the bare URI
/// with `--plain`; with `--rejected`, the rejected candidates too. Finding
/// nothing is not an error; a file that cannot be read is (exit 2, after
/// the others).
pub fn run(args: &ExtractArgs) -> io::Result<Outcome> {
    // Rejected candidates are always asked for: an IRI among them is
    // counted for the hint on stderr.
    let extractor = Extractor::new()
        .iri(args.iri)
        .allow_zone_id(args.allow_zone_id)
        .markup(args.markup.markup())
        .rejected(true);
    let mut out = crate::common::stdout();
    let stdin = ["-".to_owned()];
    let sources = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    let mut unreadable = None;
    let mut iris_left = 0;
    let mut any_rejected = false;
    for source in sources {
        let mut bytes = Vec::new();
        let read = if source == "-" {
            io::stdin().lock().read_to_end(&mut bytes)
        } else {
            std::fs::File::open(source).and_then(|mut file| file.read_to_end(&mut bytes))
        };
        if let Err(e) = read {
            out.flush()?;
            eprintln!("peguri: cannot read {}: {e}", Quoted::new(source));
            unreadable = Some(source);
            continue;
        }
        let text = text_keeping_offsets(bytes);
        let file = (!args.files.is_empty()).then_some(source.as_str());
        for found in extractor.extract(&text) {
            if let Some(error) = &found.error {
                if !args.iri && !found.uri.is_ascii() && peguri::IriRef::parse(&found.uri).is_ok() {
                    iris_left += 1;
                }
                if !args.rejected {
                    continue;
                }
                any_rejected = true;
                if args.plain {
                    // Keep stdout and stderr in order for a reader of both.
                    out.flush()?;
                    eprintln!(
                        "peguri: {}:{}:{}: {}",
                        Quoted::new(source),
                        found.line,
                        found.column,
                        for_the_command_line(error.clone())
                    );
                    continue;
                }
            }
            if args.plain {
                writeln!(out, "{}", found.uri)?;
            } else {
                serde_json::to_writer(
                    &mut out,
                    &Found {
                        file,
                        found: &found,
                    },
                )?;
                out.write_all(b"\n")?;
            }
        }
    }
    out.flush()?;
    if iris_left > 0 {
        let message = if iris_left == 1 {
            "1 IRI with non-ASCII characters was left out: it is not a URI; --iri extracts it"
                .to_owned()
        } else {
            format!(
                "{iris_left} IRIs with non-ASCII characters were left out: they are not URIs; \
                 --iri extracts them"
            )
        };
        eprintln!("peguri: {message}");
    }
    Ok(if unreadable.is_some() {
        Outcome::Trouble
    } else if any_rejected {
        Outcome::Invalid
    } else {
        Outcome::Success
    })
}

/// The input as text with the same byte offsets: each byte of a sequence
/// that is not UTF-8 becomes a space, which no URI holds, so that it ends
/// a URI as whitespace does (and makes the text between delimiters around
/// it prose), and every offset into the text is the offset into the
/// input. Each such byte counts as one column.
fn text_keeping_offsets(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let bytes = e.into_bytes();
            let mut text = String::with_capacity(bytes.len());
            for chunk in bytes.utf8_chunks() {
                text.push_str(chunk.valid());
                text.extend(std::iter::repeat_n(' ', chunk.invalid().len()));
            }
            text
        }
    }
}
