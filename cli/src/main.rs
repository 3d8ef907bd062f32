//! `peguri`: URIs as JSON components, one or millions at a time, and a
//! workbench for the grammar they are parsed with.

#![forbid(unsafe_code)]

mod bounds;
mod check;
mod common;
mod explain;
mod extract;
mod grammar;
mod input;
mod lab;
mod normalize;
mod outcome;
mod parse;
mod resolve;
#[cfg(feature = "serve")]
mod serve;
mod split;
mod template;
mod template_match;
mod whatwg;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use peguri::{Report, Uri, UriRef};

use crate::common::stdout;
use crate::grammar::{GrammarError, GrammarText, LoadedGrammar, grammar_files};
use crate::input::for_each_input;
use crate::outcome::Outcome;
use crate::parse::{Field, Filter, Format, ParseOptions};

/// URIs (RFC 3986) parsed by a grammar transcribed from the RFC.
#[derive(Parser)]
#[command(name = "peguri", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print each URI reference's components as one JSON object per line.
    ///
    /// With no URI arguments, reads one URI reference per line from stdin
    /// (a trailing CR and a UTF-8 BOM are stripped; an empty line is the
    /// empty reference; a line that is not UTF-8 is invalid, its error names
    /// the byte). One line per input: a JSON object, or a TSV row. Exit
    /// code: 0 when every input is valid, 1 when any is invalid, 2 for
    /// usage errors.
    #[command(after_help = "Examples:\n  \
        peguri parse 'http://user@example.com:8080/p?q#f'\n  \
        peguri parse --stats --only-invalid < urls.txt\n  \
        peguri parse --format tsv --header --fields scheme,host < urls.txt\n  \
        peguri parse --iri --idna 'http://例え.jp/'\n  \
        peguri parse --rule IPv6address '::1'\n  \
        peguri parse --rule scheme --grammar my-uri.pest 'my_scheme'\n  \
        peguri parse --rule IRI --grammar uri.pest --grammar my-iri.pest 'http://é.example'")]
    Parse(ParseArgs),

    /// Print the pest parse tree: rule names, byte spans, matched text (cut
    /// after 100 characters).
    ///
    /// Reads inputs from stdin, one per line, when none is given. A
    /// grammar given with --grammar is compiled within a size, time and
    /// memory limit, and runs under pest's call limit, a stack budget, a
    /// time limit and a length limit; an input that exceeds them gets
    /// "stopped at ..." on stderr (in JSON, "stopped" and "message") and
    /// counts as invalid.
    #[command(after_help = "Examples:\n  \
        peguri tree 'http://h/p?q'\n  \
        peguri tree --rule IPv6address --format json '::ffff:1.2.3.4'\n  \
        peguri tree --allow-zone-id 'http://[fe80::1%25en0]/'\n  \
        peguri tree --grammar my-uri.pest 'my_scheme:x'\n  \
        peguri tree --grammar uri.pest+my-iri.pest --rule IRI 'http://é.example'")]
    Tree(TreeArgs),

    /// List every rule of the grammar with its ABNF comment.
    ///
    /// The built-in grammar is uri.pest, iri.pest and rfc6874.pest, as
    /// compiled into peguri; every rule listed is accepted by --rule.
    #[command(after_help = "Examples:\n  \
        peguri rules\n  \
        peguri rules --grammar my-uri.pest\n  \
        peguri rules --grammar uri.pest --grammar my-iri.pest")]
    Rules(RulesArgs),

    /// The grammar lab: what an edited grammar changes on many inputs
    /// (`diff`), and which rules and alternatives a corpus uses
    /// (`coverage`).
    #[command(subcommand)]
    Grammar(GrammarCommand),

    /// Resolve references against a base URI (RFC 3986 section 5.2); print
    /// one URI per line.
    ///
    /// With no REF arguments, reads one reference per line from stdin. One
    /// line per input: the resolved URI, or `<invalid>` for an invalid
    /// reference (its error goes to stderr); with --json, one object per
    /// input. Exit code: 0 when every input is valid, 1 when any is invalid
    /// (or the base is; then nothing is read), 2 for usage errors.
    #[command(
        after_help = "Example:\n  peguri resolve http://a/b/c/d ../g ?y '#s'\n  peguri resolve https://example.com/docs/ < links.txt\n  peguri resolve --iri 'http://例え.jp/文書/' ../画像.png"
    )]
    Resolve(resolve::ResolveArgs),

    /// Print, for each target URI, the shortest reference that resolves to
    /// it against the base; one per line.
    ///
    /// With no TARGET arguments, reads one target per line from stdin. One
    /// line per input: the reference, or `<invalid>` for an invalid target
    /// or one that no reference reaches (the error goes to stderr); with
    /// --json, one object per input. Exit code: 0 when every input is
    /// valid, 1 when any is invalid, 2 for usage errors.
    #[command(after_help = "Example:\n  peguri relative http://a/b/c/d http://a/b/e http://a/x")]
    Relative(resolve::RelativeArgs),

    /// Print the normal form of each URI reference (RFC 3986 section 6.2.2,
    /// and 6.2.3 unless --syntax-only), one per line.
    ///
    /// With no URI arguments, reads one URI reference per line from stdin.
    /// One line per input: the normal form, or `<invalid>` for an invalid
    /// input (its error goes to stderr); with --json, one object per input.
    /// Exit code: 0 when every input is valid, 1 when any is invalid, 2 for
    /// usage errors.
    #[command(
        after_help = "Example:\n  peguri normalize 'HTTP://Example.COM:80/a/./%7Eb'\n  peguri normalize --syntax-only < urls.txt\n  peguri normalize --iri 'HTTP://Example.ORG/caf%C3%A9'"
    )]
    Normalize(normalize::NormalizeArgs),

    /// Say whether two URI references are equivalent after syntax-based and
    /// scheme-based normalization (RFC 3986 sections 6.2.2 and 6.2.3).
    ///
    /// Exit code, as `cmp`'s: 0 when equivalent, 1 when not, 2 when an
    /// input is invalid (its error goes to stderr) or for usage errors.
    #[command(
        after_help = "Example:\n  peguri equivalent http://example.com HTTP://EXAMPLE.COM:80/\n  peguri equivalent --ipv6-canonical 'http://[::1]/' 'http://[0::1]/'"
    )]
    Equivalent(normalize::EquivalentArgs),

    /// Split each input into its five components as RFC 3986 Appendix B's
    /// regular expression does, without validating: one JSON object per
    /// line (`input`, `scheme`, `authority`, `path`, `query`, `fragment`;
    /// absent components are null).
    ///
    /// With no arguments, reads one input per line from stdin. Exit code: 0
    /// (splitting never fails), 2 for usage errors.
    #[command(
        after_help = "Example:\n  peguri split 'http://www.ics.uci.edu/pub/ietf/uri/#Related'\n  peguri split < lines.txt"
    )]
    Split {
        /// Strings to split; stdin is read when none is given.
        uris: Vec<String>,
    },
    /// Find the URIs in text (RFC 3986 Appendix C), from FILEs or stdin:
    /// quoted, in angle brackets (line breaks inside are removed),
    /// `<URL:...>`, or bare with a scheme. Prints one JSON object per URI
    /// (`uri`, and the byte offsets `start` and `end` in the input; `file`
    /// too when FILEs are given), or plain URIs.
    ///
    /// A candidate that is not a URI is left out whole, never cut short
    /// into another URI: an IRI such as `http://bücher.example/` is found
    /// with --iri (without it, stderr says how many were left out). Exit
    /// code: 0, also when nothing is found; 2 for usage errors or a file
    /// that cannot be read.
    #[command(
        after_help = "Example:\n  peguri extract < message.txt\n  peguri extract --plain notes.md README.md\n  peguri extract --iri < page.txt"
    )]
    Extract(extract::ExtractArgs),
    /// Draw each URI reference with a labelled bracket under or over each
    /// component.
    ///
    /// Scheme, user information, host, port, query and fragment are below
    /// the reference; authority, path and the hierarchical (or relative)
    /// part above it. An empty component is marked with `│` where it would
    /// start; an absent one is not drawn. Each label stays within two
    /// columns of its tick: the labels of a crowded row are stacked, each
    /// at its tick. Widths are the columns a terminal draws (two for most
    /// CJK characters). Lines are not wrapped: a long URI gives long lines
    /// (pipe them to `less -S`). With no URI arguments, reads one per line
    /// from stdin. Exit code: 0 when every input is valid, 1 when any is
    /// invalid (its error goes to stderr), 2 for usage errors.
    #[command(
        after_help = "Example:\n  peguri explain 'abc://username:password@example.com:123/path/file?key=value#fragid1'\n  peguri explain --ascii 'http://[::1]:8080/'\n  peguri explain --iri 'http://bücher.example/straße'"
    )]
    Explain {
        /// Draw with ASCII instead of box-drawing characters: corners `.`
        /// (above) and `'` (below), lines `-`, ticks `+`, markers `|`.
        #[arg(long)]
        ascii: bool,
        #[command(flatten)]
        syntax: common::SyntaxArgs,
        /// URI references to draw; stdin is read when none is given.
        uris: Vec<String>,
    },
    /// Serve the grammar playground, a local web page.
    ///
    /// The page has the input, a rule selector and the grammar (uri.pest,
    /// editable) side by side, and shows the parse tree, the components,
    /// the diagram or the error on every change. Prints the page's address and serves until stopped (Ctrl-C). An
    /// edited grammar is compiled for each request; its parse is bounded by
    /// pest's call limit, a stack budget and a deadline. Built only with the
    /// cargo feature `serve`.
    #[cfg(feature = "serve")]
    #[command(after_help = "Example:\n  peguri serve\n  peguri serve --port 0")]
    Serve {
        /// The port to listen on (0: any free port, printed on start).
        #[arg(long, default_value_t = 3986)]
        port: u16,
        /// The address to listen on. Anything but a loopback address makes
        /// the playground reachable from other machines.
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// Answer one question from stdin and exit (how the server runs an
        /// edited grammar, in a process of its own).
        #[arg(long, hide = true)]
        worker: bool,
    },
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
    #[command(
        after_help = "Example:\n  peguri check 'http://www.bank.example@0x7f.1:25/'\n  peguri check --json 'ftp://user:secret@example.com/'\n  peguri check --whatwg 'http:///evil.example/'"
    )]
    Check(check::CheckArgs),
    /// Expand URI Templates (RFC 6570, all four levels), one result per
    /// line.
    ///
    /// A string variable is `--var name=value`. A list is built item by
    /// item, `--list name=item` once per item; an associative array pair
    /// by pair, `--map name=key=value` once per pair (the key ends at the
    /// second `=`). `--json` takes them all as one JSON object. With no
    /// TEMPLATE arguments, reads one template per line from stdin. Exit
    /// code: 0 when every template expands, 1 when any is invalid (the
    /// error is shown on stderr and its output line is `<invalid>`), 2 for
    /// usage errors.
    #[command(after_help = "Examples:\n  \
        peguri template 'https://api.example.com/users/{id}{?fields}' --var id=42 --var fields=name\n  \
        peguri template '{/path*}{?tags*}' --list path=a --list path=b --list tags=x\n  \
        peguri template '{?keys*}' --map keys=semi=';' --map keys=dot=.\n  \
        peguri template '{+base}{/list*}' --json '{\"base\": \"http://h\", \"list\": [\"a\", \"b\"]}'")]
    Template(template::TemplateArgs),
    /// Match URIs against URI Templates (RFC 6570, the reverse of
    /// `template`): for each URI, the template it matches and the
    /// variables whose expansion gives it, percent-decoded.
    ///
    /// One JSON object per URI: `{"uri", "matched": true, "template",
    /// "variables": {...}}` (lists and associative arrays as JSON arrays
    /// and objects) or `{"uri", "matched": false}`. With several
    /// templates, a URI gets the one with the most literal text, then the
    /// fewest variables, then the first given. Query parameters may come
    /// in any order. With no URI arguments, reads one URI per line from
    /// stdin. Exit code: 0 when every URI matched, 1 when any did not, 2
    /// for usage errors and for an invalid or ambiguous template (the
    /// reason is shown; a template such as `{a}{b}` could give the same
    /// URI from different values, so it is refused rather than guessed).
    #[command(after_help = "Examples:\n  \
        peguri match -t 'file:///{+path}' -t 'search://emails{?query,start,end}' \\\n      \
        'search://emails?start=1&query=pest' 'file:///docs/a.md'\n  \
        peguri match -t '/users/{id}' -t '/users/{id}/repos{/path*}' < access-paths.txt\n  \
        peguri match -t '/users/{id}' -t '/users/me' /users/me /users/42")]
    Match(template_match::MatchArgs),
    /// Read each URL by RFC 3986 and by the WHATWG URL Standard (the `url`
    /// crate, what browsers and most HTTP clients follow) and report where
    /// their meanings differ, with the causes.
    ///
    /// Spellings of one meaning are no difference (case, default ports,
    /// dot-segments, percent-encoding of unreserved characters: RFC 3986
    /// normalization, sections 6.2.2 and 6.2.3). One JSON object per input:
    /// {"input", "rfc3986": the object `peguri parse` prints, "whatwg":
    /// {"href", "scheme", "authority", "path", "query", "fragment"} or
    /// {"error"}, "differs": components (scheme, userinfo, host, port,
    /// path, query, fragment, validity), "causes": [{"code", "message"}]}.
    /// With no URL arguments, reads one per line from stdin (a line that is
    /// not UTF-8 is read by WHATWG with U+FFFD). Exit code: 0 when no input
    /// differs, 1 when any does, 2 for usage errors.
    #[command(after_help = "Examples:\n  \
        peguri whatwg 'http://0x7f.1/' 'http://evil.example\\@good.example/'\n  \
        peguri whatwg --only-differing < urls.txt\n  \
        peguri whatwg --format tsv --header < urls.txt | cut -f3 | tr , '\\n' | sort | uniq -c")]
    Whatwg(whatwg::WhatwgArgs),
    /// Compile the grammar on stdin and exit (how a user's grammar is
    /// compiled first, in a process of its own: see `bounds`).
    #[command(name = "compile-worker", hide = true)]
    CompileWorker,
}

#[derive(Args)]
struct ParseArgs {
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
    /// --iri), error, offset, column.
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
}

#[derive(Clone, Copy, Default, ValueEnum)]
enum TreeFormat {
    #[default]
    Text,
    Json,
}

#[derive(Args)]
struct TreeArgs {
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

#[derive(Args)]
struct RulesArgs {
    /// Load this grammar file instead of the built-in grammar; more than
    /// once (or FILE+FILE) for a grammar in several files.
    #[arg(long, value_name = "FILE")]
    grammar: Vec<String>,
    #[command(flatten)]
    limits: bounds::GrammarLimits,
}

#[derive(Subcommand)]
enum GrammarCommand {
    /// Run two grammars over the same inputs and report every input on
    /// which they differ: in validity, in the components (scheme,
    /// authority, userinfo, host and its kind, port, path and its rule,
    /// query, fragment; each compared when both grammars have its rules),
    /// or in the error offset.
    ///
    /// OLD and NEW are grammar files; a grammar in several files is
    /// written FILE+FILE (read in order as one, as build.rs reads
    /// uri.pest+iri.pest+rfc6874.pest). Inputs are read one per line from
    /// the FILEs, or from stdin when none is given. Prints a summary:
    /// counts per kind of change with the first examples of each; --json
    /// prints one JSON object per differing input instead (the summary
    /// goes to stderr). Each grammar is compiled, and each parse runs,
    /// within the limits of `tree --grammar`; an input that exceeds them
    /// is reported as stopped.
    /// Exit code: 0 when nothing differs, 1 when something does, 2 for
    /// usage errors (a grammar that does not compile, an unknown rule).
    #[command(after_help = "Examples:\n  \
        peguri grammar diff uri.pest my-uri.pest urls.txt\n  \
        peguri grammar diff --json uri.pest my-uri.pest < urls.txt\n  \
        peguri grammar diff --rule IRI-reference uri.pest+iri.pest uri.pest+my-iri.pest iris.txt")]
    Diff(DiffArgs),

    /// Count which rules, and which alternatives of each choice, the valid
    /// inputs use; list those never used.
    ///
    /// Inputs are read one per line from the FILEs, or from stdin. Counts
    /// come from the parse pest accepts (what it tries and gives up is not
    /// counted, nor what happens inside lookaheads). Each parse is bounded
    /// as in `grammar diff`, and an input longer than --max-input-bytes is
    /// not parsed (counting takes memory in proportion to the input); both
    /// are reported as stopped. Exit code: 0, 2 for usage errors.
    #[command(after_help = "Examples:\n  \
        peguri grammar coverage urls.txt\n  \
        peguri grammar coverage --grammar my-uri.pest --json < urls.txt\n  \
        peguri grammar coverage --rule host hosts.txt")]
    Coverage(CoverageArgs),
}

#[derive(Args)]
struct LabArgs {
    /// The entry rule, matched against each whole input (any spelling:
    /// `URI-reference`, `uri_reference`).
    #[arg(long, value_name = "RULE", default_value = "URI-reference")]
    rule: String,
    #[command(flatten)]
    limits: bounds::GrammarLimits,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct DiffArgs {
    /// The grammar before the change: a .pest file, or files joined with +.
    old: String,
    /// The grammar after the change: a .pest file, or files joined with +.
    new: String,
    /// Files of inputs, one per line; stdin when none (or `-`).
    inputs: Vec<String>,
    #[command(flatten)]
    lab: LabArgs,
    /// Examples shown per kind of change in the summary.
    #[arg(long, value_name = "N", default_value_t = 5)]
    examples: usize,
    /// The longest input parsed, in bytes; a longer one is reported as
    /// stopped (a parse keeps every match until it ends, about 400 bytes
    /// of memory per input byte).
    #[arg(long, value_name = "BYTES", default_value_t = bounds::DEFAULT_MAX_INPUT_BYTES)]
    max_input_bytes: usize,
}

#[derive(Args)]
struct CoverageArgs {
    /// Files of inputs, one per line; stdin when none (or `-`).
    inputs: Vec<String>,
    /// The grammar file instead of the built-in grammar; more than once
    /// (or FILE+FILE) for a grammar in several files.
    #[arg(long, value_name = "FILE")]
    grammar: Vec<String>,
    #[command(flatten)]
    lab: LabArgs,
    /// The longest input counted, in bytes; a longer one is reported as
    /// stopped. Counting keeps every match of an input until its parse
    /// ends, about 600 bytes of memory per input byte with uri.pest.
    #[arg(long, value_name = "BYTES", default_value_t = lab::coverage::DEFAULT_MAX_INPUT_BYTES)]
    max_input_bytes: usize,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse(args) => run_parse(args),
        Command::Tree(args) => run_tree(args),
        // pest_meta reads a grammar's nesting recursively: a large stack.
        Command::Rules(args) => bounds::on_big_stack(|| run_rules(args)),
        Command::Grammar(command) => run_grammar_lab(command),
        Command::Resolve(args) => resolve::resolve(&args),
        Command::Relative(args) => resolve::relative(&args),
        Command::Normalize(args) => normalize::normalize(&args),
        Command::Equivalent(args) => normalize::equivalent(&args),
        Command::Split { uris } => split::run(&uris).map(Outcome::from_validity),
        Command::Extract(args) => extract::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Explain {
            ascii,
            syntax,
            uris,
        } => explain::run(&uris, ascii, &syntax).map(Outcome::from_validity),
        #[cfg(feature = "serve")]
        Command::Serve { worker: true, .. } => serve::worker().map(|()| Outcome::Success),
        #[cfg(feature = "serve")]
        Command::Serve { port, bind, .. } => {
            serve::run(&serve::ServeOptions { bind, port }).map(|()| Outcome::Success)
        }
        Command::Template(args) => template::run(&args),
        Command::Match(args) => template_match::run(&args),
        Command::Whatwg(args) => whatwg::run(&args),
        Command::CompileWorker => bounds::compile_worker().map(|()| Outcome::Success),
    };
    Outcome::exit_code(result)
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
    if args.header && !tsv {
        return Some("--header writes the TSV column names; it needs --format tsv".to_owned());
    }
    let duplicate = args.fields.as_deref().and_then(Field::duplicate);
    duplicate.map(|field| format!("--fields names {:?} twice", field.name()))
}

fn run_parse(args: ParseArgs) -> io::Result<Outcome> {
    if let Some(problem) = parse_usage_problem(&args) {
        return Ok(Outcome::Usage(problem));
    }
    if let Some(rule) = &args.rule {
        return parse_with_rule(&args, rule);
    }
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
    };
    let mut parser = parse::Parser::new(stdout(), options);
    crate::input::for_each_input_bytes(&args.uris, |line| parser.line(line))?;
    let (all_valid, summary) = parser.finish()?;
    if let Some(summary) = summary {
        eprint!("{summary}");
    }
    Ok(Outcome::from_validity(all_valid))
}

/// The typed entry points: components, as `parse` prints them.
fn typed_report<'a>(rule: &str, input: &'a str) -> Option<Report<'a>> {
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
fn typed_error(rule: &str, input: &str) -> Option<peguri::ParseError> {
    if rule.replace('_', "-").eq_ignore_ascii_case("IRI-reference") {
        return peguri::IriRef::parse_with(input, &peguri::ParseOptions::new()).err();
    }
    match typed_report(rule, input)? {
        Report::Invalid { error, .. } => Some(error),
        Report::Valid(_) => None,
    }
}

/// One input's [`grammar::RuleResult`] as a JSON line.
fn write_rule_result<R: pest::RuleType>(
    out: &mut impl Write,
    input: &str,
    rule: &str,
    outcome: grammar::RuleOutcome<'_, R>,
    pretty: bool,
) -> io::Result<bool> {
    let valid = outcome.is_valid();
    let value = grammar::RuleResult {
        input,
        rule,
        outcome,
    };
    if pretty {
        serde_json::to_writer_pretty(&mut *out, &value)?;
    } else {
        serde_json::to_writer(&mut *out, &value)?;
    }
    out.write_all(b"\n")?;
    Ok(valid)
}

fn parse_with_rule(args: &ParseArgs, rule: &str) -> io::Result<Outcome> {
    let mut all_valid = true;
    let keep = |valid: bool| match (args.only_valid, args.only_invalid) {
        (true, _) => valid,
        (_, true) => !valid,
        _ => true,
    };
    if !args.grammar.is_empty() {
        // A user's grammar runs on a large stack, bounded (see `bounds`).
        return bounds::on_big_stack(|| {
            let mut out = stdout();
            let files = grammar_files(&args.grammar);
            let loaded = match LoadedGrammar::load(&files, rule, &args.limits, args.max_input_bytes)
            {
                Ok(loaded) => loaded,
                Err(GrammarError(message)) => return Ok(Outcome::Usage(message)),
            };
            for_each_input(&args.uris, |input| {
                let outcome = loaded.parse(input);
                all_valid &= outcome.is_valid();
                if keep(outcome.is_valid()) {
                    write_rule_result(&mut out, input, loaded.rule(), outcome, args.pretty)?;
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
            }
            return Ok(());
        }
        let outcome: grammar::RuleOutcome<'_, _> = peguri::parse_rule(found, input).into();
        all_valid &= outcome.is_valid();
        if keep(outcome.is_valid()) {
            write_rule_result(&mut out, input, rule, outcome, args.pretty)?;
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(Outcome::from_validity(all_valid))
}

fn run_tree(args: TreeArgs) -> io::Result<Outcome> {
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
                eprintln!("{error}");
                Ok(false)
            }
            grammar::RuleOutcome::Stopped(stop) => {
                out.flush()?;
                eprintln!("{stop}");
                Ok(false)
            }
        },
    }
}

fn run_rules(args: RulesArgs) -> io::Result<Outcome> {
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

fn run_grammar_lab(command: GrammarCommand) -> io::Result<Outcome> {
    // The lab parses on a thread with a large stack, so that a grammar
    // that recurses deeply is stopped by its stack budget (see `bounds`).
    bounds::on_big_stack(move || match command {
        GrammarCommand::Diff(args) => lab::diff::run(&lab::diff::DiffOptions {
            old: args.old,
            new: args.new,
            inputs: args.inputs,
            rule: args.lab.rule,
            json: args.lab.json,
            examples: args.examples,
            limits: args.lab.limits,
            bounds: args.lab.limits.bounds(args.max_input_bytes),
        }),
        GrammarCommand::Coverage(args) => lab::coverage::run(&lab::coverage::CoverageOptions {
            grammar: grammar_files(&args.grammar),
            inputs: args.inputs,
            rule: args.lab.rule,
            json: args.lab.json,
            limits: args.lab.limits,
            bounds: args.lab.limits.bounds(args.max_input_bytes),
        }),
    })
}
