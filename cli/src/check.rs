//! `peguri check`: section 7 security lints for each URI argument, or for
//! each line of stdin when there is none.

use std::borrow::Cow;
use std::io::{self, Write};

use clap::Args;
use peguri::error::Excerpt;
use peguri::lint::{Code, Finding, MAX_FINDINGS_PER_CODE, Severity, lint};
use peguri::{ParseError, Uri, UriRef};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::common::{Reference, SyntaxArgs};
use crate::outcome::{ExitArgs, Outcome};
use crate::stream::{Diagnostics, Records, Say, StreamArgs, thousands};

/// Check URI references for the constructions RFC 3986 section 7 warns
/// about (ambiguous IPv4 forms, passwords, deceptive userinfo,
/// percent-encoded controls and separators, foreign ports, encoded
/// bidirectional formatting characters, links that run script).
///
/// With no URI arguments, reads one per line from stdin. One line per
/// input: `INPUT: no findings`, `INPUT: warning[CODE], info[CODE]...`
/// (each finding's message, with carets, goes to stderr), or
/// `<invalid>` (the error goes to stderr); with --json, one object per
/// input and nothing on stderr about each input. Exit code: 0 when no
/// warning is found (info findings allowed), 1 when any input has a
/// warning or is invalid (0 with --exit-zero), 2 for usage errors.
#[derive(Args)]
#[command(
    after_help = "Example:\n  peguri check 'http://www.bank.example@0x7f.1:25/'\n  peguri check --json 'ftp://user:secret@example.com/'\n  peguri check --whatwg 'http:///evil.example/'\n  peguri check --whatwg --base https://example.com/docs/ < links.txt\n  peguri check --scheme-syntax 'geo:91,0'"
)]
pub struct CheckArgs {
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Print one JSON object per input (`input`, `valid`, and `findings`
    /// with `omitted`, or `error`); nothing goes to stderr about each
    /// input.
    #[arg(long)]
    json: bool,
    /// Also warn `whatwg-differs` when the WHATWG URL Standard reads the
    /// reference differently (see `peguri whatwg`). A relative reference
    /// is compared only with --base.
    #[arg(long, conflicts_with_all = ["iri", "allow_zone_id"])]
    whatwg: bool,
    /// With --whatwg: the URL relative references are read against. Each
    /// is resolved against it (RFC 3986 section 5.2), and the URL it
    /// resolves to is compared. Without it, relative references are not
    /// compared (the summary counts them).
    #[arg(long, value_name = "URL", requires = "whatwg")]
    base: Option<String>,
    /// Also warn `scheme-syntax` when the reference breaks its scheme's
    /// own syntax (the schemes `peguri schemes` lists with a grammar); the
    /// finding's section is that of the scheme's RFC, which its message
    /// names.
    #[arg(long)]
    scheme_syntax: bool,
    /// Say nothing on stderr about each input (findings, errors); end with
    /// one line counting the invalid inputs and those with a warning.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    stream: StreamArgs,
    #[command(flatten)]
    pub exit: ExitArgs,
    /// URI references to check; stdin is read when none is given.
    uris: Vec<String>,
}

/// The JSON object for one input: `{"input", "valid": true, "findings",
/// "omitted"}` or `{"input", "valid": false, "error"}`, in that order.
/// `omitted` maps each code of which findings were left out (past the
/// first [`MAX_FINDINGS_PER_CODE`]) to how many.
enum Checked<'a> {
    Valid {
        input: &'a str,
        findings: &'a [Finding],
        omitted: &'a [(Code, usize)],
    },
    Invalid {
        input: &'a str,
        error: &'a ParseError,
    },
}

impl Serialize for Checked<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Checked", 4)?;
        match self {
            Checked::Valid {
                input,
                findings,
                omitted,
            } => {
                s.serialize_field("input", input)?;
                s.serialize_field("valid", &true)?;
                s.serialize_field("findings", findings)?;
                s.serialize_field("omitted", &Omitted(omitted))?;
            }
            Checked::Invalid { input, error } => {
                s.serialize_field("input", input)?;
                s.serialize_field("valid", &false)?;
                s.serialize_field("error", error)?;
            }
        }
        s.end()
    }
}

/// `{"code": count, ...}`.
struct Omitted<'a>(&'a [(Code, usize)]);

impl Serialize for Omitted<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(code, n)| (code.as_str(), n)))
    }
}

/// Lints each input and prints one line for it: each code found once, with
/// its count when more than one (the messages of the first
/// [`MAX_FINDINGS_PER_CODE`] of each code go to stderr), `<invalid>`, or
/// with `--json` one object. Exit code 1 when any input is invalid or has
/// a warning; info findings alone keep it 0.
pub fn run(args: &CheckArgs) -> io::Result<Outcome> {
    let base = match args.base.as_deref().map(UriRef::parse) {
        None => None,
        Some(Ok(base)) if base.scheme().is_some() => Some(base),
        Some(Ok(_)) => {
            return Ok(Outcome::Usage(
                "--base must be an absolute URI, with a scheme: relative references are \
                 resolved against it"
                    .to_owned(),
            ));
        }
        Some(Err(error)) => {
            let error = crate::common::for_the_command_line(error);
            return Ok(Outcome::Usage(format!("--base is not a URI: {error}")));
        }
    };
    if !args.quiet {
        crate::input::note_file_arguments("check", &args.uris);
    }
    let mut out = Records::new(args.stream);
    let say = Say::of(args.quiet, args.json);
    let mut diagnostics = Diagnostics::new(say, !args.uris.is_empty());
    let mut warned = Counted::default();
    let mut not_compared = 0u64;
    crate::input::for_each_input_bytes(&args.uris, |line| {
        diagnostics.input();
        let (input, parsed) = match args.syntax.text(line) {
            Ok(input) => (Cow::Borrowed(input), args.syntax.parse(input)),
            Err(bad) => (Cow::Owned(bad.shown), Err(bad.error)),
        };
        let parsed = match parsed {
            Ok(parsed) => parsed,
            Err(error) => {
                if args.json {
                    let invalid = Checked::Invalid {
                        input: &input,
                        error: &error,
                    };
                    serde_json::to_writer(&mut out, &invalid)?;
                } else {
                    out.write_all(crate::common::INVALID.as_bytes())?;
                }
                out.write_all(b"\n")?;
                out.end_record()?;
                diagnostics.invalid(&mut out, &error)?;
                return diagnostics.iri_hint(&mut out, &args.syntax, &input);
            }
        };
        let scheme = |finding: Option<Finding>| finding.filter(|_| args.scheme_syntax);
        let (linted, scheme_finding) = match parsed {
            Reference::Uri(uri) => (lint(&uri), scheme(peguri::scheme::finding(&uri))),
            Reference::IriRef(iri) => (lint(&iri), scheme(peguri::scheme::finding(&iri))),
        };
        let omitted = linted.omitted().to_vec();
        let mut findings = linted.into_vec();
        if let (true, Reference::Uri(uri)) = (args.whatwg, parsed) {
            match (uri.scheme(), &base) {
                (Some(_), _) => findings.extend(peguri::whatwg::compare(&input).finding()),
                (None, Some(base)) => findings.extend(against_base(base, &uri)),
                (None, None) => not_compared += 1,
            }
        }
        findings.extend(scheme_finding);
        if findings.iter().any(|f| f.severity == Severity::Warning) {
            warned.count(diagnostics.current());
        }
        if args.json {
            let checked = Checked::Valid {
                input: &input,
                findings: &findings,
                omitted: &omitted,
            };
            serde_json::to_writer(&mut out, &checked)?;
            out.write_all(b"\n")?;
            return out.end_record();
        }
        if findings.is_empty() {
            writeln!(out, "{input}: no findings")?;
            return out.end_record();
        }
        // One line per input on stdout; the messages, with carets, on
        // stderr, as errors are.
        let tally = tally(&findings, &omitted);
        let codes: Vec<String> = tally
            .iter()
            .map(|&(finding, n)| match n {
                1 => format!("{}[{}]", finding.severity, finding.code),
                n => format!("{}[{}] x{n}", finding.severity, finding.code),
            })
            .collect();
        writeln!(out, "{input}: {}", codes.join(", "))?;
        out.end_record()?;
        diagnostics.each(&mut out, |err| {
            for finding in &findings {
                human(err, &input, finding)?;
            }
            for (finding, n) in tally {
                if let Some((_, left_out)) = omitted.iter().find(|(c, _)| *c == finding.code) {
                    writeln!(
                        err,
                        "{}[{}]: {left_out} more of {n} not shown (the first {MAX_FINDINGS_PER_CODE} of each code are)",
                        finding.severity, finding.code
                    )?;
                }
            }
            Ok(())
        })
    })?;
    let mut more = Vec::new();
    if let Some(first) = warned.first {
        more.push(format!(
            "{} with a warning, the first at {} {}",
            thousands(warned.count),
            if args.uris.is_empty() {
                "line"
            } else {
                "argument"
            },
            thousands(first)
        ));
    }
    if not_compared > 0 {
        let note = format!(
            "{} relative reference{} not compared with the WHATWG URL Standard, which reads \
             one only against a base URL (--base URL)",
            thousands(not_compared),
            if not_compared == 1 { " was" } else { "s were" }
        );
        if args.quiet {
            more.push(note);
        } else {
            diagnostics.note(&mut out, &note)?;
        }
    }
    let all_valid = diagnostics.finish(out, &more)?;
    Ok(Outcome::from_validity(all_valid && warned.first.is_none()))
}

/// How many inputs had something, and the number of the first.
#[derive(Default)]
struct Counted {
    count: u64,
    first: Option<u64>,
}

impl Counted {
    fn count(&mut self, input: u64) {
        self.count += 1;
        self.first.get_or_insert(input);
    }
}

/// `whatwg-differs` for a relative reference read against `base`: the URI
/// it resolves to (RFC 3986 section 5.2) compared by both standards. The
/// finding is about the whole reference, whose resolved form the message
/// names.
fn against_base(base: &UriRef<'_>, reference: &UriRef<'_>) -> Option<Finding> {
    let resolved = reference.resolve_against(&Uri::try_from(*base).ok()?);
    let mut finding = peguri::whatwg::compare(resolved.as_str()).finding()?;
    finding.span = 0..reference.as_str().len();
    finding.message = format!(
        "against the base, this reference is \"{}\", and {}",
        peguri::error::Quoted::new(resolved.as_str()),
        finding.message
    );
    Some(finding)
}

/// Each code of `findings` once, in the order it first appears, with the
/// first finding of it and how many there are, `omitted` ones included.
fn tally<'a>(findings: &'a [Finding], omitted: &[(Code, usize)]) -> Vec<(&'a Finding, usize)> {
    let mut tally: Vec<(&Finding, usize)> = Vec::new();
    for finding in findings {
        match tally.iter_mut().find(|(f, _)| f.code == finding.code) {
            Some((_, n)) => *n += 1,
            None => tally.push((finding, 1)),
        }
    }
    for (finding, n) in &mut tally {
        *n += omitted
            .iter()
            .find(|(code, _)| *code == finding.code)
            .map_or(0, |(_, left_out)| *left_out);
    }
    tally
}

/// `severity[code]: message`, then the window of the input around the
/// span with carets under it ([`Excerpt`], as parse errors show it): a
/// bounded window, so that the output stays in proportion to the input
/// however many findings it has.
fn human(out: &mut dyn Write, input: &str, finding: &Finding) -> io::Result<()> {
    writeln!(out, "{finding}")?;
    writeln!(out, "{}", Excerpt::around(input, finding.span.clone()))
}
