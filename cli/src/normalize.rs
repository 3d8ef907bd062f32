//! `peguri normalize` and `peguri equivalent`: RFC 3986 section 6 on the
//! command line (RFC 3987 section 5.3 with `--iri`).

use std::io::{self, Write};

use clap::Args;
use peguri::{Normalizer, ParseError};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::common::{IriHint, Lines, Reference, SyntaxArgs};
use crate::outcome::{ExitArgs, Outcome};
use crate::stream::StreamArgs;

/// The normalization steps, as flags.
#[derive(Args, Clone, Copy)]
pub struct StepArgs {
    /// Syntax-based normalization only (no default ports, no empty path
    /// to "/").
    #[arg(long)]
    syntax_only: bool,
    /// Write IPv6 addresses in RFC 5952's canonical text, so that
    /// `[0::1]` and `[::1]` compare equal.
    #[arg(long)]
    ipv6_canonical: bool,
    /// Put IRI components in Unicode NFC (RFC 3987 section 5.3.2.2; needs
    /// --iri).
    #[arg(long, requires = "iri")]
    nfc: bool,
}

impl StepArgs {
    fn normalizer(&self) -> Normalizer {
        if self.syntax_only {
            Normalizer::syntax()
        } else {
            Normalizer::new()
        }
        .ipv6_canonical(self.ipv6_canonical)
        .nfc(self.nfc)
    }
}

/// Print the normal form of each URI reference (RFC 3986 section 6.2.2,
/// and 6.2.3 unless --syntax-only), one per line.
///
/// With no URI arguments, reads one URI reference per line from stdin.
/// One line per input: the normal form, or `<invalid>` for an invalid
/// input (its error goes to stderr); with --json, one object per input,
/// the error in it and not on stderr. Exit code: 0 when every input is
/// valid, 1 when any is invalid (0 with --exit-zero), 2 for usage errors.
#[derive(Args)]
#[command(
    after_help = "Example:\n  peguri normalize 'HTTP://Example.COM:80/a/./%7Eb'\n  peguri normalize --syntax-only < urls.txt\n  peguri normalize --iri 'HTTP://Example.ORG/caf%C3%A9'\n  peguri normalize --quiet --exit-zero < urls.txt > normal.txt"
)]
pub struct NormalizeArgs {
    #[command(flatten)]
    steps: StepArgs,
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Print one JSON object per input: `{"input", "valid": true,
    /// "normalized"}` or `{"input", "valid": false, "error"}`.
    #[arg(long)]
    json: bool,
    /// Say nothing on stderr about each invalid input; end with one line
    /// counting them (`2,913 invalid of 50,000; first at line 7`).
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    stream: StreamArgs,
    #[command(flatten)]
    pub exit: ExitArgs,
    /// URI references to normalize; stdin is read when none is given.
    uris: Vec<String>,
}

/// Say whether two URI references are equivalent after syntax-based and
/// scheme-based normalization (RFC 3986 sections 6.2.2 and 6.2.3).
///
/// Exit code, as `cmp`'s: 0 when equivalent, 1 when not, 2 when an
/// input is invalid (its error goes to stderr) or for usage errors.
#[derive(Args)]
#[command(
    after_help = "Example:\n  peguri equivalent http://example.com HTTP://EXAMPLE.COM:80/\n  peguri equivalent --ipv6-canonical 'http://[::1]/' 'http://[0::1]/'"
)]
pub struct EquivalentArgs {
    #[command(flatten)]
    steps: StepArgs,
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Print one JSON object: `{"equivalent": true|false|null, "a": {...},
    /// "b": {...}}`, each side `{"input", "valid": true, "normalized"}` or
    /// `{"input", "valid": false, "error"}`.
    #[arg(long)]
    json: bool,
    /// The first URI reference.
    a: String,
    /// The second URI reference.
    b: String,
}

/// The normal form of `input` with these options.
fn normal_form(
    syntax: &SyntaxArgs,
    normalizer: &Normalizer,
    input: &str,
) -> Result<String, ParseError> {
    Ok(match syntax.parse(input)? {
        Reference::Uri(uri) => normalizer.normalize(&uri).into_string(),
        Reference::IriRef(iri) => normalizer.normalize(&iri).into_string(),
    })
}

/// Prints the normal form of each input, one line per input (the
/// [`INVALID`](crate::common::INVALID) marker for an invalid one, whose
/// error goes to stderr).
pub(crate) fn normalize(args: &NormalizeArgs) -> io::Result<Outcome> {
    let normalizer = args.steps.normalizer();
    if !args.quiet {
        crate::input::note_file_arguments("normalize", &args.uris);
    }
    let arguments = !args.uris.is_empty();
    let mut lines = Lines::new(args.json, args.syntax, args.stream, args.quiet, arguments);
    crate::input::for_each_input_bytes(&args.uris, |line| {
        let input = match args.syntax.text(line) {
            Ok(input) => input,
            Err(bad) => return lines.invalid(&bad.shown, &bad.error),
        };
        match normal_form(&args.syntax, &normalizer, input) {
            Ok(normal) => lines.valid(input, "normalized", &normal),
            Err(error) => lines.invalid(input, &error),
        }
    })?;
    Ok(Outcome::from_validity(lines.finish()?))
}

/// One side of `equivalent --json`: `{"input", "valid": true,
/// "normalized"}` or `{"input", "valid": false, "error"}`.
struct Side<'a> {
    input: &'a str,
    result: &'a Result<String, ParseError>,
}

impl Serialize for Side<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Side", 3)?;
        s.serialize_field("input", self.input)?;
        s.serialize_field("valid", &self.result.is_ok())?;
        match self.result {
            Ok(normal) => s.serialize_field("normalized", normal)?,
            Err(error) => s.serialize_field("error", error)?,
        }
        s.end()
    }
}

/// `{"equivalent": true|false|null, "a", "b"}`.
struct Answer<'a> {
    equivalent: Option<bool>,
    a: Side<'a>,
    b: Side<'a>,
}

impl Serialize for Answer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Answer", 3)?;
        s.serialize_field("equivalent", &self.equivalent)?;
        s.serialize_field("a", &self.a)?;
        s.serialize_field("b", &self.b)?;
        s.end()
    }
}

/// Says whether `a` and `b` are equivalent, in words or as JSON. Like
/// `cmp`: exit 0 when they are, 1 when they are not, 2 when an input is
/// invalid (its error goes to stderr).
pub(crate) fn equivalent(args: &EquivalentArgs) -> io::Result<Outcome> {
    let normalizer = args.steps.normalizer();
    let na = normal_form(&args.syntax, &normalizer, &args.a);
    let nb = normal_form(&args.syntax, &normalizer, &args.b);
    let same = match (&na, &nb) {
        (Ok(na), Ok(nb)) => Some(na == nb),
        _ => None,
    };
    let mut out = crate::common::stdout();
    if args.json {
        let answer = Answer {
            equivalent: same,
            a: Side {
                input: &args.a,
                result: &na,
            },
            b: Side {
                input: &args.b,
                result: &nb,
            },
        };
        serde_json::to_writer(&mut out, &answer)?;
        out.write_all(b"\n")?;
    } else if let (Ok(na), Ok(nb)) = (&na, &nb) {
        if na == nb {
            writeln!(out, "equivalent: both normalize to {na}")?;
        } else {
            writeln!(
                out,
                "not equivalent: {} normalizes to {na}, {} normalizes to {nb}",
                args.a, args.b
            )?;
        }
    }
    out.flush()?;
    let mut hint = IriHint::default();
    for (input, result) in [(&args.a, &na), (&args.b, &nb)] {
        if let Err(err) = result {
            crate::common::report(err);
            hint.after_error(&args.syntax, input);
        }
    }
    Ok(match same {
        Some(true) => Outcome::Success,
        Some(false) => Outcome::Invalid,
        None => Outcome::Trouble,
    })
}
