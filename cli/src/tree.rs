//! `peguri tree`: the pest parse tree of each input, as indented text or
//! JSON, with the built-in grammar or one loaded at run time; with
//! `--trace`, every rule attempt of the parse, and for a rejected input
//! the partial tree and the farthest failure.

use std::io::{self, BufWriter, Write};

use clap::{Args, ValueEnum};
use peguri::grammar::{RuntimeGrammar, Trace, TraceOptions};

use crate::bounds;
use crate::common::stdout;
use crate::grammar::{
    self, GrammarError, LoadedGrammar, OverrideArgs, grammar_files, report_error, write_rule_result,
};
use crate::input::for_each_input;
use crate::lab::trace as traced;
use crate::outcome::Outcome;

/// How `tree` prints a parse tree.
#[derive(Clone, Copy, Default, ValueEnum, PartialEq, Eq)]
pub enum TreeFormat {
    #[default]
    Text,
    Json,
}

/// Print the pest parse tree: rule names, byte spans, matched text (cut
/// after 100 characters).
///
/// Reads inputs from stdin, one per line, when none is given. With
/// --trace, print every rule attempt of the parse (rule, depth, start,
/// end or failure), then the tree; for an input the grammar rejects, the
/// partial tree (what the parse had built where it got farthest) and the
/// farthest failure with the rules that reached it. A grammar given with
/// --grammar or --override is compiled within a size, time and memory
/// limit, and runs under pest's call limit, a stack budget, a time limit
/// and a length limit; an input that exceeds them gets "stopped at ..."
/// on stderr (in JSON, "stopped" and "message") and counts as invalid.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri tree 'http://h/p?q'\n  \
    peguri tree --rule IPv6address --format json '::ffff:1.2.3.4'\n  \
    peguri tree --trace 'http://a b/'\n  \
    peguri tree --trace --json --rule authority 'h:8x'\n  \
    peguri tree --allow-zone-id 'http://[fe80::1%25en0]/'\n  \
    peguri tree --grammar my-uri.pest 'my_scheme:x'\n  \
    peguri tree --override zone.pest 'http://[fe80::1%25en0]/'\n  \
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
    overrides: OverrideArgs,
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
    /// The same as --format json.
    #[arg(long)]
    json: bool,
    /// Print every rule attempt of the parse, then the tree, or the
    /// partial tree and the farthest failure (with --json: one JSON line
    /// per attempt, then one for the outcome).
    #[arg(long)]
    trace: bool,
    /// With --trace: the most attempts printed per input; the others are
    /// counted.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    max_attempts: usize,
    /// Accept IPv6 zone identifiers (RFC 6874): parse with the rule's
    /// RFC 6874 form (`URI-reference` becomes `URI_reference_6874`) when
    /// it has one.
    #[arg(long, conflicts_with_all = ["grammar", "files"])]
    allow_zone_id: bool,
}

impl TreeArgs {
    fn format(&self) -> TreeFormat {
        if self.json {
            TreeFormat::Json
        } else {
            self.format
        }
    }
}

/// Runs `peguri tree`.
pub fn run(args: TreeArgs) -> io::Result<Outcome> {
    let format = args.format();
    if args.grammar.is_empty() && args.overrides.files.is_empty() {
        let rule = if args.allow_zone_id {
            grammar::zone_rule(&args.rule)
        } else {
            args.rule.clone()
        };
        let rule = match grammar::resolve_built_in_rule(&rule) {
            Ok(rule) => rule,
            Err(message) => return Ok(Outcome::Usage(message)),
        };
        if args.trace {
            let mut options = TraceOptions::default();
            options.max_attempts = args.max_attempts;
            return each_tree(&args.inputs, |out, input| {
                let trace = RuntimeGrammar::built_in().trace(rule, input, &options);
                match trace {
                    Ok(trace) => write_trace(out, &trace, format),
                    Err(error) => {
                        report_error(&error, &[]);
                        Ok(false)
                    }
                }
            });
        }
        return each_tree(&args.inputs, |out, input| {
            let outcome = peguri::grammar::parse_rule(rule, input).into();
            write_tree(out, input, rule, outcome, format)
        });
    }
    // A user's grammar runs on a large stack, bounded (see `bounds`).
    bounds::on_big_stack(|| {
        let files = grammar_files(&args.grammar);
        let loaded = match LoadedGrammar::load_with_overrides(
            &files,
            &args.overrides.files,
            &args.rule,
            &args.limits,
            args.max_input_bytes,
        ) {
            Ok(loaded) => loaded,
            Err(GrammarError(message)) => return Ok(Outcome::Usage(message)),
        };
        if args.trace {
            return each_tree(&args.inputs, |out, input| {
                match loaded.trace_with(input, args.max_attempts) {
                    Some(trace) => write_trace(out, &trace, format),
                    // Too long to trace: the parse says why.
                    None => write_tree(out, input, loaded.rule(), loaded.parse(input), format),
                }
            });
        }
        each_tree(&args.inputs, |out, input| {
            write_tree(out, input, loaded.rule(), loaded.parse(input), format)
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

/// Writes a trace; says whether the input is valid. A rejected input's
/// error also goes to stderr, as without --trace.
fn write_trace(
    out: &mut impl Write,
    trace: &Trace<'_, '_>,
    format: TreeFormat,
) -> io::Result<bool> {
    match format {
        TreeFormat::Json => traced::write_json_lines(out, trace)?,
        TreeFormat::Text => traced::write_text(out, trace)?,
    }
    if !trace.valid && format == TreeFormat::Text {
        out.flush()?;
        if let Some(stop) = trace.stopped {
            crate::common::report(&stop);
        } else if let (Some(error), Some(failure)) = (trace.error(), &trace.failure) {
            let chain: Vec<String> = failure.chain().iter().map(|r| (*r).to_owned()).collect();
            report_error(&error, &chain);
        }
    }
    Ok(trace.valid)
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
            grammar::RuleOutcome::Error(error, chain) => {
                out.flush()?;
                report_error(&error, &chain);
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
