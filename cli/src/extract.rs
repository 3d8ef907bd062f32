//! `peguri extract`: the URIs (or, with `--iri`, the IRIs) in text (RFC
//! 3986 Appendix C), from files or stdin.

use std::io::{self, Read, Write};

use clap::Args;
use peguri::Quoted;
use peguri::extract::Extractor;
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::outcome::Outcome;

/// Find the URIs in text (RFC 3986 Appendix C), from FILEs or stdin:
/// quoted, in angle brackets (line breaks inside are removed),
/// `<URL:...>`, or bare with a scheme. Prints one JSON object per URI
/// (`uri`, and the byte offsets `start` and `end` in the input; `file`
/// too when FILEs are given), or plain URIs.
///
/// A candidate that is not a URI is left out whole, never cut short
/// into another URI: an IRI such as `http://bücher.example/` is found
/// with --iri (without it, stderr says how many were left out). Exit
/// code: 0, also when nothing is found; 2 for usage errors or a file
/// that cannot be read.
#[derive(Args)]
#[command(
    after_help = "Example:\n  peguri extract < message.txt\n  peguri extract --plain notes.md README.md\n  peguri extract --iri < page.txt"
)]
pub struct ExtractArgs {
    /// Print one URI per line instead of JSON.
    #[arg(long)]
    plain: bool,
    /// Find IRIs (RFC 3987), which may hold non-ASCII characters, instead
    /// of URIs.
    #[arg(long)]
    iri: bool,
    #[command(flatten)]
    pub exit: crate::outcome::ExitArgs,
    /// Files to read; stdin when none is given (or for `-`). With files,
    /// each JSON object also has "file".
    files: Vec<String>,
}

/// `{"uri", "start", "end"}` (and `"file"` first when files were named),
/// in that order.
struct Found<'a> {
    file: Option<&'a str>,
    found: &'a peguri::extract::Extracted<'a>,
}

impl Serialize for Found<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Found", 4)?;
        if let Some(file) = self.file {
            s.serialize_field("file", file)?;
        }
        s.serialize_field("uri", &*self.found.uri)?;
        s.serialize_field("start", &self.found.span.start)?;
        s.serialize_field("end", &self.found.span.end)?;
        s.end()
    }
}

/// Reads each file (or stdin) whole and prints each URI found: a JSON
/// object per line (byte offsets in the input as given), or the bare URI
/// with `--plain`. Finding nothing is not an error; a file that cannot be
/// read is (exit 2, after the others).
pub fn run(args: &ExtractArgs) -> io::Result<Outcome> {
    let extractor = Extractor::new().iri(args.iri);
    let mut out = crate::common::stdout();
    let stdin = ["-".to_owned()];
    let sources = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    let mut unreadable = None;
    let mut iris_left = 0;
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
        if !args.iri && !text.is_ascii() {
            iris_left += Extractor::new()
                .iri(true)
                .extract(&text)
                .iter()
                .filter(|found| !found.uri.is_ascii())
                .count();
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
    Ok(match unreadable {
        Some(_) => Outcome::Trouble,
        None => Outcome::Success,
    })
}

/// The input as text with the same byte offsets: each byte of a sequence
/// that is not UTF-8 becomes a space, which no URI holds, so that it ends
/// a URI as whitespace does (and makes the text between delimiters around
/// it prose), and every offset into the text is the offset into the
/// input.
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
