//! `peguri schemes`: the schemes peguri knows, and with `--all` every
//! scheme of the IANA URI Schemes registry.

use std::io::{self, Write};

use clap::Args;
use peguri::error::Quoted;
use peguri::scheme::{KnownScheme, RegisteredScheme};
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
///
/// With --all, every scheme of the IANA URI Schemes registry too (the
/// copy built in, or --registry's): columns NAME, STATUS (permanent,
/// provisional, historical, or - for a scheme peguri knows that the
/// registry does not list), GRAMMAR, PORT, REFERENCE and DESCRIPTION;
/// with --json, the four fields above (document null where peguri has no
/// facts of its own) then "status" (null when not registered),
/// "description", "reference" and "template".
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri schemes\n  \
    peguri schemes --json\n  \
    peguri schemes --all\n  \
    peguri schemes --all --registry uri-schemes-1.csv")]
pub struct SchemesArgs {
    /// One JSON object per scheme.
    #[arg(long)]
    json: bool,
    /// Every scheme of the IANA URI Schemes registry, with its status and
    /// reference, besides those peguri knows.
    #[arg(long)]
    all: bool,
    /// With --all: read the registry from this file, IANA's CSV
    /// (`uri-schemes-1.csv` from https://www.iana.org/assignments/uri-schemes/),
    /// instead of the copy built in.
    #[arg(long, value_name = "FILE", requires = "all")]
    registry: Option<String>,
}

/// `{"name", "document", "grammar", "default_port"}`.
struct Known(KnownScheme);

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

/// A scheme of `--all`: what peguri knows of it, what the registry says,
/// or both.
struct Listed<'a> {
    name: &'a str,
    known: Option<KnownScheme>,
    registered: Option<&'a RegisteredScheme>,
}

/// `{"name", "document", "grammar", "default_port", "status",
/// "description", "reference", "template"}`.
impl Serialize for Listed<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let known = self.known.as_ref();
        let registered = self.registered;
        let mut s = serializer.serialize_struct("Listed", 8)?;
        s.serialize_field("name", self.name)?;
        s.serialize_field("document", &known.map(|k| k.document))?;
        s.serialize_field("grammar", &known.is_some_and(|k| k.grammar))?;
        s.serialize_field("default_port", &known.and_then(|k| k.default_port))?;
        s.serialize_field("status", &registered.map(|r| r.status()))?;
        s.serialize_field("description", &registered.map(|r| r.description()))?;
        s.serialize_field("reference", &registered.map(|r| r.reference()))?;
        s.serialize_field("template", &registered.and_then(|r| r.template()))?;
        s.end()
    }
}

/// Runs `peguri schemes`.
pub fn run(args: &SchemesArgs) -> io::Result<Outcome> {
    if args.all {
        return all(args);
    }
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

/// `peguri schemes --all`: the registry's schemes and peguri's, merged by
/// name (without regard to case), sorted by name.
fn all(args: &SchemesArgs) -> io::Result<Outcome> {
    let registry = match crate::registry::load(args.registry.as_deref()) {
        Ok(registry) => registry,
        Err(message) => return Ok(Outcome::Usage(message)),
    };
    let mut listed: Vec<Listed<'_>> = registry
        .iter()
        .map(|registered| Listed {
            name: registered.name(),
            known: None,
            registered: Some(registered),
        })
        .collect();
    for known in peguri::scheme::known() {
        match listed
            .iter_mut()
            .find(|l| l.name.eq_ignore_ascii_case(known.name))
        {
            Some(entry) => entry.known = Some(known),
            None => listed.push(Listed {
                name: known.name,
                known: Some(known),
                registered: None,
            }),
        }
    }
    listed.sort_by_key(|l| l.name.to_ascii_lowercase());
    let mut out = stdout();
    if args.json {
        for scheme in &listed {
            serde_json::to_writer(&mut out, scheme)?;
            out.write_all(b"\n")?;
        }
        out.flush()?;
        return Ok(Outcome::Success);
    }
    // Each row's cells, as shown: text from a registry file with its
    // control characters escaped, and at most 80 characters of it.
    let rows: Vec<[String; 6]> = listed
        .iter()
        .map(|l| {
            let shown = |text: &str| Quoted::new(&one_line(text)).to_string();
            [
                l.name.to_owned(),
                l.registered.map_or("-", |r| r.status().as_str()).to_owned(),
                if l.known.is_some_and(|k| k.grammar) {
                    "yes"
                } else {
                    "no"
                }
                .to_owned(),
                l.known
                    .and_then(|k| k.default_port)
                    .map_or("-".to_owned(), |p| p.to_string()),
                l.registered
                    .map_or("-".to_owned(), |r| shown(r.reference())),
                l.registered
                    .map_or("-".to_owned(), |r| shown(r.description())),
            ]
        })
        .collect();
    let header = [
        "NAME",
        "STATUS",
        "GRAMMAR",
        "PORT",
        "REFERENCE",
        "DESCRIPTION",
    ];
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter()
                .map(|row| row[i].chars().count())
                .chain([header[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: [&str; 6]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, width)| format!("{cell:width$}"))
            .collect();
        padded.join("  ").trim_end().to_owned()
    };
    writeln!(out, "{}", line(header))?;
    for row in &rows {
        writeln!(out, "{}", line(row.each_ref().map(String::as_str)))?;
    }
    out.flush()?;
    Ok(Outcome::Success)
}

/// A description on one line: a registry file may break one across lines
/// in a quoted field.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
