//! `peguri check`: section 7 security lints for each URI argument, or for
//! each line of stdin when there is none.

use std::io::{self, BufWriter, Write};

use peguri::lint::{Finding, Severity, lint};
use peguri::{ParseError, UriRef};
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// The JSON object for one input: `{"input", "valid": true, "findings"}`
/// or `{"input", "valid": false, "error"}`, in that order.
enum Outcome<'a> {
    Valid {
        input: &'a str,
        findings: &'a [Finding],
    },
    Invalid {
        input: &'a str,
        error: &'a ParseError,
    },
}

impl Serialize for Outcome<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Outcome", 3)?;
        match self {
            Outcome::Valid { input, findings } => {
                s.serialize_field("input", input)?;
                s.serialize_field("valid", &true)?;
                s.serialize_field("findings", findings)?;
            }
            Outcome::Invalid { input, error } => {
                s.serialize_field("input", input)?;
                s.serialize_field("valid", &false)?;
                s.serialize_field("error", error)?;
            }
        }
        s.end()
    }
}

/// Lints each input and prints the findings, in human form or as one JSON
/// object per input. Returns `false` (exit code 1) when any input is
/// invalid or has a warning; info findings alone keep it `true`.
pub fn run(uris: &[String], json: bool) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut clean = true;
    crate::for_each_input(uris, |input| {
        let uri = match UriRef::parse(input) {
            Ok(uri) => uri,
            Err(error) => {
                clean = false;
                if json {
                    serde_json::to_writer(
                        &mut out,
                        &Outcome::Invalid {
                            input,
                            error: &error,
                        },
                    )?;
                    out.write_all(b"\n")?;
                }
                // Keep stdout and stderr in order for a terminal.
                out.flush()?;
                eprintln!("peguri: {error}");
                return Ok(());
            }
        };
        let findings = lint(&uri);
        clean &= !findings.iter().any(|f| f.severity == Severity::Warning);
        if json {
            let outcome = Outcome::Valid {
                input,
                findings: &findings,
            };
            serde_json::to_writer(&mut out, &outcome)?;
            out.write_all(b"\n")?;
        } else if findings.is_empty() {
            writeln!(out, "{input}: no findings")?;
        } else {
            for finding in &findings {
                human(&mut out, input, finding)?;
            }
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(clean)
}

/// `input: severity[code]: message`, then the input with carets under the
/// span. A valid URI is ASCII, so byte offsets are columns.
fn human(out: &mut impl Write, input: &str, finding: &Finding) -> io::Result<()> {
    writeln!(out, "{input}: {finding}")?;
    writeln!(out, "  {input}")?;
    writeln!(
        out,
        "  {}{}",
        " ".repeat(finding.span.start),
        "^".repeat(finding.span.len().max(1))
    )
}
