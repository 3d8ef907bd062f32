//! `peguri rules`: every rule of a grammar with its ABNF comment.

use std::io::{self, Write};

use clap::Args;

use crate::bounds;
use crate::common::stdout;
use crate::grammar::{self, GrammarError, GrammarText, grammar_files};
use crate::outcome::Outcome;

/// List every rule of the grammar with its ABNF comment.
///
/// The built-in grammar is uri.pest, iri.pest and rfc6874.pest, as
/// compiled into peguri; every rule listed is accepted by --rule.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri rules\n  \
    peguri rules --grammar my-uri.pest\n  \
    peguri rules --grammar uri.pest --grammar my-iri.pest")]
pub struct RulesArgs {
    /// Load this grammar file instead of the built-in grammar; more than
    /// once (or FILE+FILE) for a grammar in several files.
    #[arg(long, value_name = "FILE")]
    grammar: Vec<String>,
    #[command(flatten)]
    limits: bounds::GrammarLimits,
}

/// Runs `peguri rules`.
pub fn run(args: RulesArgs) -> io::Result<Outcome> {
    // pest_meta reads a grammar's nesting recursively: a large stack.
    bounds::on_big_stack(|| list(&args))
}

fn list(args: &RulesArgs) -> io::Result<Outcome> {
    let text = match GrammarText::read(&grammar_files(&args.grammar), &args.limits) {
        Ok(text) => text,
        Err(GrammarError(message)) => return Ok(Outcome::Usage(message)),
    };
    let docs = match grammar::rule_docs(&text) {
        Ok(docs) => docs,
        Err(GrammarError(message)) => return Ok(Outcome::Usage(message)),
    };
    let mut out = stdout();
    for doc in docs {
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
