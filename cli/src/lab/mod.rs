//! The grammar lab: `peguri grammar diff` (what an edited grammar changes
//! on many inputs), `peguri grammar coverage` (which rules and
//! alternatives a corpus exercises) and `peguri grammar generate` (strings
//! that exercise every alternative, from the grammar or from ABNF). They
//! run grammars loaded at run time with pest_vm, one input at a time, each
//! parse bounded (see `crate::bounds`).

pub mod abnf_pairs;
pub mod attribution;
pub mod coverage;
pub mod coverage_report;
pub mod diff;
pub mod generate;
pub mod merge;
pub mod overrides;
pub mod pest_text;
pub mod trace;

use std::fs::File;
use std::io::{self, BufReader};

use clap::{Args, Subcommand};
use peguri::error::Quoted;
use peguri::scheme::Scheme;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};

use crate::bounds;
use crate::grammar::{GrammarError, GrammarText};
use crate::input::for_each_line;
use crate::outcome::Outcome;

/// The grammar lab: what an edited grammar changes on many inputs
/// (`diff`), which rules and alternatives a corpus uses (`coverage`), and
/// strings that exercise every alternative (`generate`).
#[derive(Subcommand)]
pub enum GrammarCommand {
    Diff(diff::DiffArgs),
    Coverage(coverage::CoverageArgs),
    Generate(generate::GenerateArgs),
}

/// The flags both lab commands take.
#[derive(Args)]
pub(crate) struct LabArgs {
    /// The entry rule, matched against each whole input (any spelling:
    /// `URI-reference`, `uri_reference`); by default `URI-reference`, or
    /// with --scheme the scheme's entry rule (`urn_entry`).
    #[arg(long, value_name = "RULE")]
    rule: Option<String>,
    /// Work on the grammar of a scheme's own syntax (`peguri schemes`
    /// lists those with a grammar): each grammar is the built-in uri.pest, whose
    /// rules a scheme grammar calls, then the scheme grammar's files.
    #[arg(long, value_name = "NAME", value_parser = parse_scheme)]
    scheme: Option<Scheme>,
    #[command(flatten)]
    pub(crate) limits: bounds::GrammarLimits,
    /// JSON output.
    #[arg(long)]
    pub(crate) json: bool,
}

impl LabArgs {
    /// The entry rule: `--rule`, or the default.
    pub(crate) fn rule(&self) -> &str {
        match (&self.rule, self.scheme) {
            (Some(rule), _) => rule,
            (None, Some(scheme)) => scheme.entry_rule(),
            (None, None) => "URI-reference",
        }
    }

    /// The grammar of `files` (FILE+FILE and repeated flags split
    /// already): with --scheme, read after the built-in uri.pest, the
    /// scheme's own grammar when there are none.
    pub(crate) fn grammar(&self, files: &[String]) -> Result<GrammarText, GrammarError> {
        match self.scheme {
            Some(scheme) => GrammarText::read_scheme(scheme, files, &self.limits),
            None => GrammarText::read(files, &self.limits),
        }
    }
}

/// A scheme with a grammar, by name in any case.
fn parse_scheme(name: &str) -> Result<Scheme, String> {
    Scheme::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Scheme::ALL.iter().map(|s| s.name()).collect();
        format!(
            "peguri has no grammar for the scheme \"{}\" (it has: {})",
            Quoted::new(name),
            names.join(", ")
        )
    })
}

/// Runs `peguri grammar diff`, `coverage` or `generate`.
pub fn run(command: GrammarCommand) -> io::Result<Outcome> {
    // The lab parses on a thread with a large stack, so that a grammar
    // that recurses deeply is stopped by its stack budget (see `bounds`).
    bounds::on_big_stack(move || match command {
        GrammarCommand::Diff(args) => diff::run(&args),
        GrammarCommand::Coverage(args) => coverage::run(&args),
        GrammarCommand::Generate(args) => generate::run(&args),
    })
}

/// An input as the summaries quote it: bounded and escaped ([`Quoted`]).
pub fn quote_input(input: &str) -> String {
    crate::common::quoted(input)
}

/// Where an input line comes from.
pub struct Origin<'a> {
    /// The file, or `-` for stdin.
    pub source: &'a str,
    /// The 1-based line number.
    pub line: usize,
}

impl std::fmt::Display for Origin<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", Quoted::new(self.source), self.line)
    }
}

/// Calls `f` on every line of `files` (stdin when there are none, or for
/// `-`), with where it comes from. Lines are read as `peguri parse` reads
/// them (a trailing CR and a BOM are stripped).
pub fn for_each_input(
    files: &[String],
    mut f: impl FnMut(&Origin<'_>, &str) -> io::Result<()>,
) -> io::Result<()> {
    let stdin = ["-".to_owned()];
    let files = if files.is_empty() { &stdin[..] } else { files };
    for source in files {
        let mut line = 0;
        let mut each = |text: &str| {
            line += 1;
            f(&Origin { source, line }, text)
        };
        if source == "-" {
            for_each_line(io::stdin().lock(), &mut each)?;
        } else {
            let file = File::open(source).map_err(|e| {
                let source = Quoted::new(source);
                io::Error::new(e.kind(), format!("cannot read input file {source}: {e}"))
            })?;
            for_each_line(BufReader::with_capacity(64 * 1024, file), &mut each)?;
        }
    }
    Ok(())
}

/// JSON written in the order it is built (serde_json's `Value` sorts the
/// keys of an object; the lab's reports read better in their own order).
pub enum Json {
    Object(Vec<(&'static str, Json)>),
    Array(Vec<Json>),
    Value(serde_json::Value),
    /// A parse error as `peguri parse` writes one, with the rules that
    /// reached it.
    Error(peguri::ParseError, Vec<String>),
}

impl Json {
    pub fn of(value: impl Into<serde_json::Value>) -> Json {
        Json::Value(value.into())
    }
}

impl serde::Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Object(entries) => {
                let mut map = s.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Value(value) => value.serialize(s),
            Json::Error(error, chain) => crate::grammar::ErrorJson { error, chain }.serialize(s),
        }
    }
}
