//! `peguri schemes`: the schemes peguri knows.

use std::io::{self, Write};

use clap::Args;
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::common::stdout;
use crate::outcome::Outcome;

/// List the schemes peguri knows: for each, its name, the document that
/// defines it, whether peguri has a grammar of its own syntax (which
/// `parse --scheme-syntax` and `check --scheme-syntax` apply) and the
/// port an authority means when it names none.
///
/// One line per scheme, sorted by name, as aligned columns; with --json,
/// one object per line: {"name", "document", "grammar", "default_port"}
/// (a number or null).
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri schemes\n  \
    peguri schemes --json")]
pub struct SchemesArgs {
    /// One JSON object per scheme.
    #[arg(long)]
    json: bool,
}

/// `{"name", "document", "grammar", "default_port"}`.
struct Known(peguri::scheme::KnownScheme);

impl Serialize for Known {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("KnownScheme", 4)?;
        s.serialize_field("name", self.0.name)?;
        s.serialize_field("document", self.0.document)?;
        s.serialize_field("grammar", &self.0.grammar)?;
        s.serialize_field("default_port", &self.0.default_port)?;
        s.end()
    }
}

/// Runs `peguri schemes`.
pub fn run(args: &SchemesArgs) -> io::Result<Outcome> {
    let known = peguri::scheme::known();
    let mut out = stdout();
    if args.json {
        for scheme in known {
            serde_json::to_writer(&mut out, &Known(scheme))?;
            out.write_all(b"\n")?;
        }
    } else {
        let name_width = known.iter().map(|k| k.name.len()).max().unwrap_or(0);
        let document_width = known.iter().map(|k| k.document.len()).max().unwrap_or(0);
        writeln!(
            out,
            "{:name_width$}  {:document_width$}  GRAMMAR  PORT",
            "NAME", "DOCUMENT"
        )?;
        for k in known {
            let grammar = if k.grammar { "yes" } else { "no" };
            let port = k.default_port.map_or("-".to_owned(), |p| p.to_string());
            let line = format!(
                "{:name_width$}  {:document_width$}  {grammar:7}  {port}",
                k.name, k.document
            );
            writeln!(out, "{}", line.trim_end())?;
        }
    }
    out.flush()?;
    Ok(Outcome::Success)
}
