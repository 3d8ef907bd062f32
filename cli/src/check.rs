//! `peguri check`: section 7 security lints for each URI argument, or for
//! each line of stdin when there is none.

use std::borrow::Cow;
use std::io::{self, Write};

use clap::Args;
use peguri::lint::{Code, Finding, MAX_FINDINGS_PER_CODE, Severity, lint};
use peguri::{Excerpt, ParseError};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::common::{IriHint, Reference, SyntaxArgs};
use crate::outcome::Outcome;

/// Check URI references for the constructions RFC 3986 section 7 warns
/// about (ambiguous IPv4 forms, passwords, deceptive userinfo,
/// percent-encoded controls and separators, foreign ports, encoded
/// bidirectional formatting characters).
///
/// With no URI arguments, reads one per line from stdin. One line per
/// input: `INPUT: no findings`, `INPUT: warning[CODE], info[CODE]...`
/// (each finding's message, with carets, goes to stderr), or
/// `<invalid>` (the error goes to stderr); with --json, one object per
/// input and nothing on stderr but errors. Exit code: 0 when no warning
/// is found (info findings allowed), 1 when any input has a warning or
/// is invalid, 2 for usage errors.
#[derive(Args)]
#[command(
    after_help = "Example:\n  peguri check 'http://www.bank.example@0x7f.1:25/'\n  peguri check --json 'ftp://user:secret@example.com/'\n  peguri check --whatwg 'http:///evil.example/'\n  peguri check --scheme-syntax 'geo:91,0'"
)]
pub struct CheckArgs {
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Print one JSON object per input (`input`, `valid`, and `findings`
    /// with `omitted`, or `error`); nothing goes to stderr but the errors
    /// of invalid inputs.
    #[arg(long)]
    json: bool,
    /// Also warn `whatwg-differs` when the WHATWG URL Standard reads the
    /// reference differently (see `peguri whatwg`).
    #[arg(long, conflicts_with_all = ["iri", "allow_zone_id"])]
    whatwg: bool,
    /// Also warn `scheme-syntax` when the reference breaks its scheme's
    /// own syntax (the schemes `peguri schemes` lists with a grammar); the
    /// finding's section is that of the scheme's RFC, which its message
    /// names.
    #[arg(long)]
    scheme_syntax: bool,
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
    let mut out = crate::common::stdout();
    let mut clean = true;
    let mut hint = IriHint::default();
    crate::input::for_each_input_bytes(&args.uris, |line| {
        let (input, linted) = match args.syntax.text(line) {
            Ok(input) => {
                let scheme = |finding: Option<Finding>| finding.filter(|_| args.scheme_syntax);
                let linted = args.syntax.parse(input).map(|parsed| match parsed {
                    Reference::Uri(uri) => (lint(&uri), scheme(peguri::scheme::finding(&uri))),
                    Reference::IriRef(iri) => (lint(&iri), scheme(peguri::scheme::finding(&iri))),
                });
                (Cow::Borrowed(input), linted)
            }
            Err(bad) => (Cow::Owned(bad.shown), Err(bad.error)),
        };
        let (mut findings, omitted, scheme_finding) = match linted {
            Ok((findings, scheme_finding)) => {
                let omitted = findings.omitted().to_vec();
                (findings.into_vec(), omitted, scheme_finding)
            }
            Err(error) => {
                clean = false;
                if args.json {
                    serde_json::to_writer(
                        &mut out,
                        &Checked::Invalid {
                            input: &input,
                            error: &error,
                        },
                    )?;
                } else {
                    out.write_all(crate::common::INVALID.as_bytes())?;
                }
                out.write_all(b"\n")?;
                // Keep stdout and stderr in order for a terminal.
                out.flush()?;
                crate::common::report(&error);
                hint.after_error(&args.syntax, &input);
                return Ok(());
            }
        };
        if args.whatwg {
            findings.extend(peguri::whatwg::compare(&input).finding());
        }
        findings.extend(scheme_finding);
        clean &= !findings.iter().any(|f| f.severity == Severity::Warning);
        if args.json {
            let checked = Checked::Valid {
                input: &input,
                findings: &findings,
                omitted: &omitted,
            };
            serde_json::to_writer(&mut out, &checked)?;
            out.write_all(b"\n")?;
        } else if findings.is_empty() {
            writeln!(out, "{input}: no findings")?;
        } else {
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
            out.flush()?;
            let mut err = io::BufWriter::new(io::stderr().lock());
            for finding in &findings {
                human(&mut err, &input, finding)?;
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
            err.flush()?;
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(Outcome::from_validity(clean))
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
fn human(out: &mut impl Write, input: &str, finding: &Finding) -> io::Result<()> {
    writeln!(out, "{finding}")?;
    writeln!(out, "{}", Excerpt::around(input, finding.span.clone()))
}
