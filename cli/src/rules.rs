//! `peguri rules`: every rule of a grammar with its ABNF comment.

use std::io::{self, Write};

use clap::Args;

use crate::bounds;
use crate::common::stdout;
use crate::grammar::{self, GrammarError, GrammarText, OverrideArgs, grammar_files};
use crate::lab::Json;
use crate::outcome::Outcome;

/// List every rule of the grammar with its ABNF comment.
///
/// The built-in grammar is uri.pest, iri.pest and rfc6874.pest, as
/// compiled into peguri; every rule listed is accepted by --rule. With
/// --json, one JSON object per rule: {"rule", "kind", "abnf", "doc",
/// "body", "pest", "source", "line"}.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri rules\n  \
    peguri rules --json | jq -r 'select(.rule == \"dec_octet\") | .body'\n  \
    peguri rules --grammar my-uri.pest\n  \
    peguri rules --override zone.pest\n  \
    peguri rules --grammar uri.pest --grammar my-iri.pest")]
pub struct RulesArgs {
    /// Load this grammar file instead of the built-in grammar; more than
    /// once (or FILE+FILE) for a grammar in several files.
    #[arg(long, value_name = "FILE")]
    grammar: Vec<String>,
    #[command(flatten)]
    overrides: OverrideArgs,
    #[command(flatten)]
    limits: bounds::GrammarLimits,
    /// One JSON object per rule, with its pest text and its ABNF.
    #[arg(long)]
    json: bool,
}

/// Runs `peguri rules`.
pub fn run(args: RulesArgs) -> io::Result<Outcome> {
    // pest_meta reads a grammar's nesting recursively: a large stack.
    bounds::on_big_stack(|| list(&args))
}

fn list(args: &RulesArgs) -> io::Result<Outcome> {
    let files = grammar_files(&args.grammar);
    let text = match GrammarText::read_with_overrides(&files, &args.overrides.files, &args.limits) {
        Ok(text) => text,
        Err(GrammarError(message)) => return Ok(Outcome::Usage(message)),
    };
    let docs = match grammar::rule_docs(&text) {
        Ok(docs) => docs,
        Err(GrammarError(message)) => return Ok(Outcome::Usage(message)),
    };
    let mut out = stdout();
    for doc in docs {
        if args.json {
            let value = Json::Object(vec![
                ("rule", Json::of(doc.name.as_str())),
                ("kind", Json::of(doc.kind)),
                ("abnf", Json::of(doc.abnf.clone())),
                ("doc", Json::of(doc.doc.clone())),
                ("body", Json::of(doc.body.as_str())),
                ("pest", Json::of(doc.pest.as_str())),
                ("source", Json::of(doc.source.as_str())),
                ("line", Json::of(doc.line)),
            ]);
            serde_json::to_writer(&mut out, &value)?;
            out.write_all(b"\n")?;
            continue;
        }
        writeln!(out, "{}", doc.name)?;
        if doc.abnf.is_empty() {
            writeln!(out, "    (no ABNF) {}", doc.doc.join(" "))?;
        }
        for line in &doc.abnf {
            writeln!(out, "    {line}")?;
        }
    }
    out.flush()?;
    Ok(Outcome::Success)
}
