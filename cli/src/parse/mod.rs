//! `peguri parse`: its flags, and parsing with an entry rule (`--rule`,
//! `--grammar`). The loop that writes one record per input is
//! [`records`], which the benchmark compiles on its own.

pub mod records;

use std::io::{self, Write};

use clap::Args;
use peguri::error::Quoted;
use peguri::report::Report;
use peguri::{PublicSuffixList, Uri, UriRef};

use self::records::{Field, Filter, Format, ParseOptions};
use crate::bounds;
use crate::common::stdout;
use crate::grammar::{self, GrammarError, LoadedGrammar, grammar_files, write_rule_result};
use crate::input::{for_each_input, for_each_input_bytes};
use crate::outcome::{ExitArgs, Outcome};
use crate::stream::StreamArgs;

/// Print each URI reference's components as one JSON object per line.
///
/// With no URI arguments, reads one URI reference per line from stdin
/// (a trailing CR and a UTF-8 BOM are stripped; an empty line is the
/// empty reference; a line that is not UTF-8 is invalid, its error names
/// the byte). One line per input: a JSON object, or a TSV row, each
/// flushed at once on a terminal (--line-buffered: in a pipe too). An
/// argument is a reference even when it names a file (stderr then says
/// how to read the file: `peguri parse < FILE`). Exit code: 0 when every
/// input is valid, 1 when any is invalid (0 with --exit-zero), 2 for
/// usage errors.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri parse 'http://user@example.com:8080/p?q#f'\n  \
    peguri parse --stats --only-invalid < urls.txt\n  \
    peguri parse --format tsv --header --fields scheme,host < urls.txt\n  \
    peguri parse --iri --idna 'http://例え.jp/'\n  \
    peguri parse --scheme-syntax 'mailto:joe' 'urn:example:animal:ferret:nose'\n  \
    peguri parse --psl --fields host 'https://www.example.co.uk/' 'https://me.github.io/'\n  \
    peguri parse --psl --psl-file public_suffix_list.dat < urls.txt\n  \
    peguri parse --format tsv --fields registrable_domain < urls.txt | sort | uniq -c\n  \
    peguri parse --fields host,query_param:utm_source < urls.txt\n  \
    tail -f access.log | peguri parse --line-buffered --only-invalid\n  \
    peguri parse --rule IPv6address '::1'\n  \
    peguri parse --rule scheme --grammar my-uri.pest 'my_scheme'\n  \
    peguri parse --rule IRI --grammar uri.pest --grammar my-iri.pest 'http://é.example'")]
pub struct ParseArgs {
    /// URI references to parse; stdin is read when none is given.
    uris: Vec<String>,
    /// Accept IPv6 zone identifiers (RFC 6874): `[fe80::1%25en0]`.
    #[arg(long, conflicts_with = "rule")]
    allow_zone_id: bool,
    /// Parse each input as an IRI reference (RFC 3987) instead; a valid one
    /// also gets a "uri" field with the URI it maps to.
    #[arg(long, conflicts_with = "rule")]
    iri: bool,
    /// With --iri, map a non-ASCII host to its IDNA form (UTS 46 ToASCII,
    /// punycode) in "uri"; when ToASCII rejects it, "uri" is null and
    /// "uri_error" says why (exit code 1).
    #[arg(long, requires = "iri")]
    idna: bool,
    /// Read each input as a suffix reference (RFC 3986 section 4.5), as
    /// people type URIs: a text that starts with `www.` stands for
    /// `http://` and the text, one that starts with `ftp.` for `ftp://`;
    /// anything else is invalid (the heuristic names no scheme for it).
    /// The object printed is the URI's.
    #[arg(long, conflicts_with_all = ["rule", "iri"])]
    suffix: bool,
    /// Parse with this grammar rule as the entry point instead of
    /// URI-reference (RFC or pest spelling: `IPv6address`, `path-abempty`).
    #[arg(long, value_name = "RULE")]
    rule: Option<String>,
    /// Load this grammar file at run time instead of the built-in grammar
    /// (needs --rule; prints the parse tree, not components). Give it more
    /// than once, or join files with `+`, for a grammar in several files,
    /// read in order as one (`--grammar uri.pest --grammar my-iri.pest`).
    /// The grammar is compiled within a size, time and memory limit, and
    /// each parse runs under pest's call limit, a stack budget, a time
    /// limit and a length limit, as in `grammar diff`; an input that
    /// exceeds them gets `"stopped"` and `"message"` instead of `"error"`.
    #[arg(long, value_name = "FILE", requires = "rule")]
    grammar: Vec<String>,
    /// With --rule: a file of rules that replace the grammar's rules of the
    /// same name (the built-in grammar's, or --grammar's); more than once
    /// for several files, applied in order. The grammar is then run as
    /// with --grammar.
    #[arg(long = "override", value_name = "FILE", requires = "rule")]
    overrides: Vec<String>,
    #[command(flatten)]
    limits: bounds::GrammarLimits,
    /// With --grammar: the longest input parsed, in bytes; a longer one
    /// is stopped (a parse keeps every match until it ends, about 400
    /// bytes of memory per input byte).
    #[arg(long, value_name = "BYTES", default_value_t = bounds::DEFAULT_MAX_INPUT_BYTES)]
    max_input_bytes: usize,
    /// Print a summary on stderr: valid and invalid counts, host kinds,
    /// schemes, throughput.
    #[arg(long, conflicts_with = "rule")]
    stats: bool,
    /// Print only the valid inputs.
    #[arg(long, conflicts_with = "only_invalid")]
    only_valid: bool,
    /// Print only the invalid inputs.
    #[arg(long)]
    only_invalid: bool,
    /// Indent the JSON.
    #[arg(long)]
    pretty: bool,
    /// JSON Lines, the default (the same as `--format json`).
    #[arg(long)]
    json: bool,
    /// With `--format tsv`: a first line with the column names.
    #[arg(long)]
    header: bool,
    /// Print only these fields, comma-separated, each once: input, valid,
    /// rule, scheme, authority (an object in JSON), userinfo, host,
    /// host_kind, port, path, query, fragment, uri and uri_error (with
    /// --iri), error, offset, column, kind and component (the error's),
    /// public_suffix and registrable_domain (by the Public Suffix List
    /// built in, or --psl's), and query_param:KEY (the percent-decoded
    /// value of the query's first KEY=..., "" for KEY without `=`, null
    /// when absent).
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "FIELDS",
        conflicts_with = "rule"
    )]
    fields: Option<Vec<Field>>,
    /// Output format: JSON Lines, or tab-separated values (null, an absent
    /// component, is `\N` as in PostgreSQL and MySQL, so that it differs
    /// from an empty cell; tabs, line breaks, backslashes and control
    /// characters are escaped as `\t`, `\n`, `\r`, `\\` and `\x1B`; the
    /// default columns are input, valid, scheme, userinfo, host, host_kind,
    /// port, path, query, fragment, rule, error, and uri with --iri).
    #[arg(long, default_value = "json", conflicts_with = "rule")]
    format: Format,
    /// Also check each input against its scheme's own syntax (`peguri
    /// schemes` lists the schemes with a grammar) and add
    /// "scheme_syntax": null for an invalid input, a relative reference
    /// or a scheme without a grammar; otherwise {"scheme", "spec",
    /// "valid", "error", "parts"}, "error" being {"offset", "message"}
    /// (the offset into the whole input) or null, "parts" what the
    /// scheme's syntax holds or null. JSON only; the exit code stays that
    /// of RFC 3986's syntax.
    #[arg(long, conflicts_with = "rule")]
    scheme_syntax: bool,
    /// Add "public_suffix" and "registrable_domain", the host's by the
    /// Public Suffix List (built in, its ICANN and private sections):
    /// lowercase, `example.co.uk` for `www.example.co.uk`; null for an
    /// invalid input, a reference without an authority, an IP host, a
    /// host with an empty label, and as "registrable_domain" for a host
    /// that is itself a public suffix. Last in each object (after
    /// "scheme_syntax") or TSV row, unless --fields names them; the exit
    /// code stays that of RFC 3986's syntax.
    #[arg(long, conflicts_with = "rule")]
    psl: bool,
    /// With --psl: read the list from this file instead
    /// (`public_suffix_list.dat` as publicsuffix.org publishes it), for a
    /// newer list than the one built in.
    #[arg(long, value_name = "FILE", requires = "psl")]
    psl_file: Option<String>,
    /// With --psl: the list's ICANN section alone, without its private
    /// section (`github.io`, `blogspot.com`).
    #[arg(long, requires = "psl")]
    psl_icann_only: bool,
    #[command(flatten)]
    stream: StreamArgs,
    #[command(flatten)]
    pub exit: ExitArgs,
}

/// Flags that contradict each other, or a field named twice.
fn parse_usage_problem(args: &ParseArgs) -> Option<String> {
    let tsv = args.format == Format::Tsv;
    if tsv && args.pretty {
        return Some("--pretty indents JSON; it cannot go with --format tsv".to_owned());
    }
    if tsv && args.json {
        return Some("--json and --format tsv ask for two formats".to_owned());
    }
    if tsv && args.scheme_syntax {
        return Some(
            "--scheme-syntax adds a JSON object; it cannot go with --format tsv".to_owned(),
        );
    }
    if args.header && !tsv {
        return Some("--header writes the TSV column names; it needs --format tsv".to_owned());
    }
    let duplicate = args.fields.as_deref().and_then(Field::duplicate);
    duplicate.map(|field| format!("--fields names \"{}\" twice", Quoted::new(field.name())))
}

/// Runs `peguri parse`.
pub fn run(args: ParseArgs) -> io::Result<Outcome> {
    if let Some(problem) = parse_usage_problem(&args) {
        return Ok(Outcome::Usage(problem));
    }
    crate::input::note_file_arguments("parse", &args.uris);
    if let Some(rule) = &args.rule {
        return parse_with_rule(&args, rule);
    }
    let psl = match public_suffix_list(&args) {
        Ok(psl) => psl,
        Err(message) => return Ok(Outcome::Usage(message)),
    };
    let options = ParseOptions {
        syntax: peguri::ParseOptions::new().allow_zone_id(args.allow_zone_id),
        iri: args.iri,
        idna: args.idna,
        suffix: args.suffix,
        header: args.header,
        filter: match (args.only_valid, args.only_invalid) {
            (true, _) => Filter::OnlyValid,
            (_, true) => Filter::OnlyInvalid,
            _ => Filter::All,
        },
        format: args.format,
        fields: args.fields,
        pretty: args.pretty,
        stats: args.stats,
        scheme_syntax: args.scheme_syntax,
        site_members: args.psl,
        psl,
        flush_each: args.stream.flush_each(),
    };
    let mut parser = records::Parser::new(stdout(), options);
    for_each_input_bytes(&args.uris, |line| parser.line(line))?;
    let (all_valid, summary) = parser.finish()?;
    if let Some(summary) = summary {
        eprint!("{summary}");
    }
    Ok(Outcome::from_validity(all_valid))
}

/// The list `--psl` applies: the built-in one or `--psl-file`'s, the
/// ICANN section alone with `--psl-icann-only`; the built-in one when a
/// field of `--fields` reads it without `--psl`; `None` when nothing
/// reads it. The error names the file and, for a malformed list, the
/// line.
fn public_suffix_list(args: &ParseArgs) -> Result<Option<PublicSuffixList>, String> {
    let fields_read_it = args
        .fields
        .iter()
        .flatten()
        .any(Field::needs_public_suffix_list);
    if !args.psl && !fields_read_it {
        return Ok(None);
    }
    let list = match &args.psl_file {
        None => PublicSuffixList::built_in(),
        Some(file) => {
            let name = Quoted::new(file);
            let text = std::fs::read_to_string(file)
                .map_err(|e| format!("cannot read public suffix list \"{name}\": {e}"))?;
            PublicSuffixList::parse(&text)
                .map_err(|e| format!("public suffix list \"{name}\": {e}"))?
        }
    };
    Ok(Some(if args.psl_icann_only {
        list.icann_only()
    } else {
        list
    }))
}

/// The typed entry points: components, as `parse` prints them.
pub fn typed_report<'a>(rule: &str, input: &'a str) -> Option<Report<'a>> {
    let parsed = match rule.replace('_', "-").to_ascii_lowercase().as_str() {
        "uri-reference" => UriRef::parse(input),
        "uri" => Uri::parse(input).map(UriRef::from),
        "absolute-uri" => Uri::parse_absolute(input).map(UriRef::from),
        "relative-ref" => UriRef::parse_relative(input),
        _ => return None,
    };
    Some(match parsed {
        Ok(uri) => Report::Valid(uri.components()),
        Err(error) => Report::Invalid { input, error },
    })
}

/// The error `peguri parse` gives for `input` with one of its entry rules
/// (`URI-reference`, `URI`, `absolute-URI`, `relative-ref`, or
/// `IRI-reference` as with `--iri`; any spelling), if the input is invalid.
pub fn typed_error(rule: &str, input: &str) -> Option<peguri::ParseError> {
    if rule.replace('_', "-").eq_ignore_ascii_case("IRI-reference") {
        return peguri::IriRef::parse_with(input, &peguri::ParseOptions::new()).err();
    }
    match typed_report(rule, input)? {
        Report::Invalid { error, .. } => Some(error),
        Report::Valid(_) => None,
    }
}

fn parse_with_rule(args: &ParseArgs, rule: &str) -> io::Result<Outcome> {
    let mut all_valid = true;
    let flush_each = args.stream.flush_each();
    let keep = |valid: bool| match (args.only_valid, args.only_invalid) {
        (true, _) => valid,
        (_, true) => !valid,
        _ => true,
    };
    if !args.grammar.is_empty() || !args.overrides.is_empty() {
        // A user's grammar runs on a large stack, bounded (see `bounds`).
        return bounds::on_big_stack(|| {
            let mut out = stdout();
            let files = grammar_files(&args.grammar);
            let loaded = match LoadedGrammar::load_with_overrides(
                &files,
                &args.overrides,
                rule,
                &args.limits,
                args.max_input_bytes,
            ) {
                Ok(loaded) => loaded,
                Err(GrammarError(message)) => return Ok(Outcome::Usage(message)),
            };
            for_each_input(&args.uris, |input| {
                let outcome = loaded.parse(input);
                all_valid &= outcome.is_valid();
                if keep(outcome.is_valid()) {
                    write_rule_result(&mut out, input, loaded.rule(), outcome, args.pretty)?;
                    if flush_each {
                        out.flush()?;
                    }
                }
                Ok(())
            })?;
            out.flush()?;
            Ok(Outcome::from_validity(all_valid))
        });
    }
    let found = match grammar::resolve_built_in_rule(rule) {
        Ok(found) => found,
        Err(message) => return Ok(Outcome::Usage(message)),
    };
    let mut out = stdout();
    for_each_input(&args.uris, |input| {
        if let Some(report) = typed_report(found, input) {
            all_valid &= report.is_valid();
            if keep(report.is_valid()) {
                if args.pretty {
                    serde_json::to_writer_pretty(&mut out, &report)?;
                } else {
                    serde_json::to_writer(&mut out, &report)?;
                }
                out.write_all(b"\n")?;
                if flush_each {
                    out.flush()?;
                }
            }
            return Ok(());
        }
        let outcome: grammar::RuleOutcome<'_, _> = peguri::grammar::parse_rule(found, input).into();
        all_valid &= outcome.is_valid();
        if keep(outcome.is_valid()) {
            write_rule_result(&mut out, input, rule, outcome, args.pretty)?;
            if flush_each {
                out.flush()?;
            }
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(Outcome::from_validity(all_valid))
}
