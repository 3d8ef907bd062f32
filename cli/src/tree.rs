//! `peguri tree`: the pest parse tree of each input, as indented text or
//! JSON, with the built-in grammar or one loaded at run time.

use std::io::{self, BufWriter, Write};

use clap::{Args, ValueEnum};

use crate::bounds;
use crate::common::stdout;
use crate::grammar::{self, GrammarError, LoadedGrammar, grammar_files, write_rule_result};
use crate::input::for_each_input;
use crate::outcome::Outcome;

/// How `tree` prints a parse tree.
#[derive(Clone, Copy, Default, ValueEnum)]
pub enum TreeFormat {
    #[default]
    Text,
    Json,
}

/// Print the pest parse tree: rule names, byte spans, matched text (cut
/// after 100 characters).
///
/// Reads inputs from stdin, one per line, when none is given. A
/// grammar given with --grammar is compiled within a size, time and
/// memory limit, and runs under pest's call limit, a stack budget, a
/// time limit and a length limit; an input that exceeds them gets
/// "stopped at ..." on stderr (in JSON, "stopped" and "message") and
/// counts as invalid.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri tree 'http://h/p?q'\n  \
    peguri tree --rule IPv6address --format json '::ffff:1.2.3.4'\n  \
    peguri tree --allow-zone-id 'http://[fe80::1%25en0]/'\n  \
    peguri tree --grammar my-uri.pest 'my_scheme:x'\n  \
    peguri tree --grammar uri.pest+my-iri.pest --rule IRI 'http://é.example'")]
pub struct TreeArgs {
    /// Inputs to parse; stdin is read when none is given.
    inputs: Vec<String>,
    /// The entry rule.
    #[arg(long, value_name = "RULE", default_value = "URI-reference")]
    rule: String,
    /// Load this grammar file at run time instead of the built-in grammar;
    /// more than once (or FILE+FILE) for a grammar in several files.
    #[arg(long, value_name = "FILE")]
    grammar: Vec<String>,
    #[command(flatten)]
    limits: bounds::GrammarLimits,
    /// With --grammar: the longest input parsed, in bytes; a longer one
    /// is stopped (a parse keeps every match until it ends, about 400
    /// bytes of memory per input byte).
    #[arg(long, value_name = "BYTES", default_value_t = bounds::DEFAULT_MAX_INPUT_BYTES)]
    max_input_bytes: usize,
    /// Indented text, or one JSON object per input.
    #[arg(long, value_enum, default_value_t)]
    format: TreeFormat,
    /// Accept IPv6 zone identifiers (RFC 6874): parse with the rule's
    /// RFC 6874 form (`URI-reference` becomes `URI_reference_6874`) when
    /// it has one.
    #[arg(long, conflicts_with = "grammar")]
    allow_zone_id: bool,
}

/// Runs `peguri tree`.
pub fn run(args: TreeArgs) -> io::Result<Outcome> {
    if args.grammar.is_empty() {
        let rule = if args.allow_zone_id {
            grammar::zone_rule(&args.rule)
        } else {
            args.rule.clone()
        };
        if let Err(message) = grammar::resolve_built_in_rule(&rule) {
            return Ok(Outcome::Usage(message));
        }
        return each_tree(&args.inputs, |out, input| {
            let outcome = peguri::parse_rule(&rule, input).into();
            write_tree(out, input, &rule, outcome, args.format)
        });
    }
    // A user's grammar runs on a large stack, bounded (see `bounds`).
    bounds::on_big_stack(|| {
        let files = grammar_files(&args.grammar);
        let loaded =
            match LoadedGrammar::load(&files, &args.rule, &args.limits, args.max_input_bytes) {
                Ok(loaded) => loaded,
                Err(GrammarError(message)) => return Ok(Outcome::Usage(message)),
            };
        each_tree(&args.inputs, |out, input| {
            write_tree(out, input, loaded.rule(), loaded.parse(input), args.format)
        })
    })
}

/// Calls `write` on each input with stdout; `write` says whether the
/// input is valid.
fn each_tree(
    inputs: &[String],
    mut write: impl FnMut(&mut BufWriter<io::StdoutLock<'static>>, &str) -> io::Result<bool>,
) -> io::Result<Outcome> {
    let mut out = stdout();
    let mut all_valid = true;
    for_each_input(inputs, |input| {
        all_valid &= write(&mut out, input)?;
        Ok(())
    })?;
    out.flush()?;
    Ok(Outcome::from_validity(all_valid))
}

fn write_tree<R: pest::RuleType>(
    out: &mut impl Write,
    input: &str,
    rule: &str,
    outcome: grammar::RuleOutcome<'_, R>,
    format: TreeFormat,
) -> io::Result<bool> {
    match format {
        TreeFormat::Json => write_rule_result(out, input, rule, outcome, false),
        TreeFormat::Text => match outcome {
            grammar::RuleOutcome::Tree(pairs) => {
                grammar::write_tree_text(out, pairs)?;
                Ok(true)
            }
            grammar::RuleOutcome::Error(error) => {
                out.flush()?;
                crate::common::report(&error);
                Ok(false)
            }
            grammar::RuleOutcome::Stopped(stop) => {
                out.flush()?;
                crate::common::report(&stop);
                Ok(false)
            }
        },
    }
}
