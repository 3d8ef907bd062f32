//! `peguri grammar diff OLD NEW [FILE...]`: runs two grammars over the same
//! inputs and reports every input on which they differ, in validity, in
//! the components (where both grammars have the component rules), or in
//! the error offset.

use std::io::{self, Write};
use std::sync::LazyLock;
use std::time::Instant;

use clap::Args;
use peguri::error::Quoted;
use peguri::grammar::COMPONENT_RULES;
use peguri::{Component, ParseError};
use pest::iterators::Pairs;
use serde::ser::{SerializeMap, SerializeStruct, Serializer};

use super::{LabArgs, Origin, for_each_input, quote_input};
use crate::bounds::{BoundedVm, Bounds, DEFAULT_MAX_INPUT_BYTES, Parsed, Stop};
use crate::grammar::{
    ENTRY, ErrorJson, GrammarError, GrammarText, OverrideArgs, Tracer, entry_rule, grammar_files,
    resolve_rule,
};

/// What is compared between two valid parses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Compared {
    /// A component, given by the first match of the rules the library
    /// records for it (`peguri::grammar::COMPONENT_RULES`).
    Component(Component),
    /// What the host is: the rule under the host that says it.
    HostKind,
    /// Which of the path rules matched (the text alone can hide a change).
    PathRule,
}

/// One field of the comparison, with the rules (of RFC 3986, RFC 6874 and
/// RFC 3987) whose first match gives it. A field is compared only when
/// both grammars have one of its rules.
struct Field {
    what: Compared,
    rules: &'static [&'static str],
}

impl Field {
    /// Its name in the records and the summary: the component's, or
    /// `host_kind` or `path_rule`.
    fn name(&self) -> &'static str {
        match self.what {
            Compared::Component(c) => c.as_str(),
            Compared::HostKind => "host_kind",
            Compared::PathRule => "path_rule",
        }
    }
}

/// The rules under a host that say what it is.
const HOST_KIND_RULES: &[&str] = &[
    "IPv6address",
    "IPv6addrz",
    "IPvFuture",
    "IPv4address",
    "reg_name",
    "ireg_name",
];

/// The fields compared, in the order the records and the summary list
/// them: the components in order, the host's kind after the host, the
/// path's rule after the path.
static FIELDS: LazyLock<Vec<Field>> = LazyLock::new(|| {
    let component = |c: Component| Field {
        what: Compared::Component(c),
        rules: COMPONENT_RULES
            .iter()
            .find(|(name, _)| *name == c.as_str())
            .map_or(&[], |(_, rules)| *rules),
    };
    let after = |c: Component| match c {
        Component::Host => Some(Field {
            what: Compared::HostKind,
            rules: HOST_KIND_RULES,
        }),
        Component::Path => Some(Field {
            what: Compared::PathRule,
            rules: &[],
        }),
        _ => None,
    };
    Component::ALL
        .into_iter()
        .flat_map(|c| std::iter::once(component(c)).chain(after(c)))
        .collect()
});

/// Where `what` is in [`FIELDS`].
fn position(what: Compared) -> Option<usize> {
    FIELDS.iter().position(|f| f.what == what)
}

/// The kinds of change, in the order the summary lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    BecameValid,
    BecameInvalid,
    Components,
    ErrorOffset,
    Stopped,
}

const CHANGES: [Change; 5] = [
    Change::BecameValid,
    Change::BecameInvalid,
    Change::Components,
    Change::ErrorOffset,
    Change::Stopped,
];

impl Change {
    fn name(self) -> &'static str {
        match self {
            Change::BecameValid => "became-valid",
            Change::BecameInvalid => "became-invalid",
            Change::Components => "components",
            Change::ErrorOffset => "error-offset",
            Change::Stopped => "stopped",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Change::BecameValid => "became valid",
            Change::BecameInvalid => "became invalid",
            Change::Components => "components changed",
            Change::ErrorOffset => "error offset changed",
            Change::Stopped => "stopped (call limit or stack)",
        }
    }
}

/// Run two grammars over the same inputs and report every input on
/// which they differ: in validity, in the components (scheme,
/// authority, userinfo, host and its kind, port, path and its rule,
/// query, fragment; each compared when both grammars have its rules),
/// or in the error offset.
///
/// OLD and NEW are grammar files; a grammar in several files is
/// written FILE+FILE (read in order as one, as build.rs reads
/// uri.pest+iri.pest+rfc6874.pest). --override FILE replaces NEW's
/// rules of the same name with FILE's (a change of one rule is one
/// rule), so NEW keeps Appendix A's rule names and its components are
/// compared. With --scheme NAME, they are grammars of the scheme's own
/// syntax, each read after the built-in uri.pest, and the entry rule is
/// the scheme's. Inputs are read one per line from the FILEs, or from
/// stdin when none is given. Prints a summary: counts per kind of
/// change with the first examples of each; --json prints one JSON
/// object per differing input instead (the summary goes to stderr).
/// An edited grammar's error names the rules that reached it.
///
/// With --variant (each a set of overrides of the base grammar, the
/// built-in one or --grammar's), every positional argument is a file of
/// inputs: for each input whose validity some set of variants flips,
/// the smallest such sets, with totals per set (which inputs are
/// invalid only because of what one variant allows); --group-by error
/// splits each total by the component and character of the error.
///
/// Each grammar is compiled, and each parse runs, within the limits of
/// `tree --grammar`; an input that exceeds them is reported as stopped.
/// Exit code: 0 when nothing differs, 1 when something does, 2 for
/// usage errors (a grammar that does not compile, an unknown rule).
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri grammar diff uri.pest my-uri.pest urls.txt\n  \
    peguri grammar diff --json uri.pest my-uri.pest < urls.txt\n  \
    peguri grammar diff uri.pest uri.pest --override zone.pest hosts.txt\n  \
    peguri grammar diff --old-rule URI_reference --new-rule URI_reference_bis uri.pest uri.pest+bis.pest urls.txt\n  \
    peguri grammar diff --variant backslash.pest --variant space.pest urls.txt\n  \
    peguri grammar diff --variant backslash.pest --variant space.pest --group-by error urls.txt\n  \
    peguri grammar diff --rule IRI-reference uri.pest+iri.pest uri.pest+my-iri.pest iris.txt\n  \
    peguri grammar diff --scheme urn schemes/urn.pest my-urn.pest urns.txt")]
pub struct DiffArgs {
    /// The grammar before the change: a .pest file, or files joined with +.
    #[arg(required_unless_present = "variants")]
    old: Option<String>,
    /// The grammar after the change: a .pest file, or files joined with +.
    #[arg(required_unless_present = "variants")]
    new: Option<String>,
    /// Files of inputs, one per line; stdin when none (or `-`).
    inputs: Vec<String>,
    #[command(flatten)]
    pub(super) lab: LabArgs,
    /// The entry rule of OLD, when it differs from NEW's (by default
    /// --rule).
    #[arg(long, value_name = "RULE", conflicts_with = "variants")]
    old_rule: Option<String>,
    /// The entry rule of NEW, when it differs from OLD's (by default
    /// --rule).
    #[arg(long, value_name = "RULE", conflicts_with = "variants")]
    new_rule: Option<String>,
    #[command(flatten)]
    overrides: OverrideArgs,
    /// A variant of the base grammar: a file of overrides (or files
    /// joined with +). More than once: each input is attributed to the
    /// smallest sets of variants that flip its validity (at most 8
    /// variants).
    #[arg(long = "variant", value_name = "FILE", conflicts_with = "files")]
    pub(super) variants: Vec<String>,
    /// With --variant: the base grammar's files (by default the built-in
    /// grammar).
    #[arg(long, value_name = "FILE", requires = "variants")]
    pub(super) grammar: Vec<String>,
    /// With --variant: split each set's total by the error's component
    /// and character.
    #[arg(long, value_enum, value_name = "WHAT", requires = "variants")]
    pub(super) group_by: Option<GroupBy>,
    /// Examples shown per kind of change (per set with --variant) in the
    /// summary.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub(super) examples: usize,
    /// The longest input parsed, in bytes; a longer one is reported as
    /// stopped (a parse keeps every match until it ends, about 400 bytes
    /// of memory per input byte).
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_INPUT_BYTES)]
    pub(super) max_input_bytes: usize,
}

/// How `--variant` splits each set's total.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GroupBy {
    /// By the error's component and the character at the error.
    Error,
}

impl DiffArgs {
    /// The files of inputs: with --variant, every positional argument.
    pub(super) fn input_files(&self) -> Vec<String> {
        if self.variants.is_empty() {
            return self.inputs.clone();
        }
        self.old
            .iter()
            .chain(&self.new)
            .chain(&self.inputs)
            .cloned()
            .collect()
    }
}

/// One grammar of the two (or of the variants), loaded.
pub(super) struct Side {
    pub(super) grammar: GrammarText,
    vm: BoundedVm,
    tracer: Tracer,
    pub(super) rule: String,
    /// Whether the grammar has a rule of each of [`FIELDS`].
    has: Vec<bool>,
}

impl Side {
    fn load(
        lab: &LabArgs,
        spec: &str,
        overrides: &[String],
        rule: &str,
        bounds: Bounds,
    ) -> Result<Side, GrammarError> {
        let grammar = lab
            .grammar(&grammar_files(&[spec.to_owned()]))?
            .with_overrides(overrides, &lab.limits)?;
        Side::new(grammar, rule, bounds)
    }

    /// `grammar`, ready to parse from `rule` within `bounds`.
    pub(super) fn new(
        grammar: GrammarText,
        rule: &str,
        bounds: Bounds,
    ) -> Result<Side, GrammarError> {
        let (names, mut rules) = grammar.compile()?;
        let rule = resolve_rule(&names, rule, &format!("the grammar {}", grammar.name()))
            .map_err(GrammarError)?;
        rules.push(entry_rule(&rule));
        let has_any = |wanted: &[&str]| wanted.iter().any(|w| names.iter().any(|n| n == w));
        let has_component = |c: Component| {
            position(Compared::Component(c)).is_some_and(|i| has_any(FIELDS[i].rules))
        };
        // A host kind needs a host; the path rule is known with the path.
        let has: Vec<bool> = FIELDS
            .iter()
            .map(|field| match field.what {
                Compared::Component(_) => has_any(field.rules),
                Compared::HostKind => has_any(field.rules) && has_component(Component::Host),
                Compared::PathRule => has_component(Component::Path),
            })
            .collect();
        Ok(Side {
            tracer: Tracer::new(grammar.clone(), bounds),
            grammar,
            vm: BoundedVm::new(rules, bounds),
            rule,
            has,
        })
    }

    /// Whether `input` is valid (`None`: its parse was stopped).
    pub(super) fn valid(&self, input: &str) -> Option<bool> {
        match self.vm.parse(ENTRY, input) {
            Parsed::Valid(_) => Some(true),
            Parsed::Invalid(_) => Some(false),
            Parsed::Stopped(_) => None,
        }
    }

    pub(super) fn run<'a>(&'a self, input: &'a str) -> Outcome<'a> {
        match self.vm.parse(ENTRY, input) {
            Parsed::Valid(pairs) => Outcome::Valid(fields(pairs)),
            Parsed::Invalid(e) => {
                let (error, chain) = self.tracer.error(&self.rule, input, &e);
                // Where the built-in grammar fails at the same spot, its
                // error is the one `peguri parse` prints: the message names
                // the component. The offset, which is compared, is the
                // grammar's own.
                let error = match crate::parse::typed_error(&self.rule, input) {
                    Some(typed) if typed.offset() == error.offset() => typed,
                    _ => error,
                };
                Outcome::Invalid(error, chain)
            }
            Parsed::Stopped(stop) => Outcome::Stopped(stop),
        }
    }
}

/// One grammar's result on one input.
pub(super) enum Outcome<'a> {
    /// Valid, with the text of each of [`FIELDS`] (`None`: absent).
    Valid(Vec<Option<&'a str>>),
    /// Invalid: the error, and the rules that reached it.
    Invalid(ParseError, Vec<String>),
    Stopped(Stop),
}

/// The first match of each field's rules, in the order pest made them.
fn fields<'a>(pairs: Pairs<'a, &'a str>) -> Vec<Option<&'a str>> {
    let mut found: Vec<Option<&'a str>> = vec![None; FIELDS.len()];
    let path_rule = position(Compared::PathRule);
    let mut host_span = None;
    for pair in pairs.flatten() {
        let rule: &'a str = pair.as_rule();
        let span = pair.as_span();
        let Some(i) = FIELDS.iter().position(|f| f.rules.contains(&rule)) else {
            continue;
        };
        if FIELDS[i].what == Compared::HostKind {
            // Only a kind rule inside the host says what the host is.
            let inside =
                host_span.is_some_and(|(start, end)| span.start() >= start && span.end() <= end);
            if inside && found[i].is_none() {
                found[i] = Some(host_kind(rule));
            }
            continue;
        }
        if found[i].is_some() {
            continue;
        }
        found[i] = Some(span.as_str());
        match FIELDS[i].what {
            Compared::Component(Component::Host) => {
                host_span = Some((span.start(), span.end()));
            }
            Compared::Component(Component::Path) => {
                if let Some(p) = path_rule {
                    found[p] = Some(rule);
                }
            }
            _ => {}
        }
    }
    found
}

/// The host kind a rule under the host stands for, as `peguri parse`
/// writes it (`Host::kind`).
fn host_kind(rule: &str) -> &'static str {
    match rule {
        "IPv6address" | "IPv6addrz" => "ipv6",
        "IPvFuture" => "ipvfuture",
        "IPv4address" => "ipv4",
        _ => "reg-name",
    }
}

/// One input's difference: its kind, and for a component change the fields.
fn classify(
    old: &Outcome<'_>,
    new: &Outcome<'_>,
    compared: &[bool],
) -> Option<(Change, Vec<usize>)> {
    match (old, new) {
        (Outcome::Stopped(_), _) | (_, Outcome::Stopped(_)) => Some((Change::Stopped, Vec::new())),
        (Outcome::Invalid(..), Outcome::Valid(_)) => Some((Change::BecameValid, Vec::new())),
        (Outcome::Valid(_), Outcome::Invalid(..)) => Some((Change::BecameInvalid, Vec::new())),
        (Outcome::Valid(a), Outcome::Valid(b)) => {
            let changed: Vec<usize> = (0..FIELDS.len())
                .filter(|&i| compared[i] && a[i] != b[i])
                .collect();
            (!changed.is_empty()).then_some((Change::Components, changed))
        }
        (Outcome::Invalid(a, _), Outcome::Invalid(b, _)) => {
            (a.offset() != b.offset()).then_some((Change::ErrorOffset, Vec::new()))
        }
    }
}

/// One differing input as a JSON Lines record: `{"source", "line", "input",
/// "change", "fields", "old", "new"}`.
struct DiffRecord<'a> {
    origin: &'a Origin<'a>,
    input: &'a str,
    change: Change,
    fields: &'a [usize],
    old: &'a Outcome<'a>,
    new: &'a Outcome<'a>,
    compared: &'a [bool],
}

impl serde::Serialize for DiffRecord<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let fields: Vec<&str> = self.fields.iter().map(|&i| FIELDS[i].name()).collect();
        let mut st = s.serialize_struct("DiffRecord", 7)?;
        st.serialize_field("source", self.origin.source)?;
        st.serialize_field("line", &self.origin.line)?;
        st.serialize_field("input", self.input)?;
        st.serialize_field("change", self.change.name())?;
        st.serialize_field("fields", &fields)?;
        let side = |outcome| OutcomeJson {
            outcome,
            compared: self.compared,
        };
        st.serialize_field("old", &side(self.old))?;
        st.serialize_field("new", &side(self.new))?;
        st.end()
    }
}

/// An outcome as JSON: `{"valid": true, "components": {...}}` (the compared
/// fields, `null` when absent), `{"valid": false, "error": {...}}`, or
/// `{"valid": null, "stopped": "call-limit" | "too-deep", "message"}`.
struct OutcomeJson<'a> {
    outcome: &'a Outcome<'a>,
    compared: &'a [bool],
}

impl serde::Serialize for OutcomeJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        match self.outcome {
            Outcome::Valid(found) => {
                map.serialize_entry("valid", &true)?;
                map.serialize_entry(
                    "components",
                    &Components {
                        found,
                        compared: self.compared,
                    },
                )?;
            }
            Outcome::Invalid(error, chain) => {
                map.serialize_entry("valid", &false)?;
                map.serialize_entry("error", &ErrorJson { error, chain })?;
            }
            Outcome::Stopped(stop) => {
                map.serialize_entry("valid", &None::<bool>)?;
                map.serialize_entry("stopped", stop.kind())?;
                map.serialize_entry("message", &stop.to_string())?;
            }
        }
        map.end()
    }
}

struct Components<'a> {
    found: &'a [Option<&'a str>],
    compared: &'a [bool],
}

impl serde::Serialize for Components<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        for (i, field) in FIELDS.iter().enumerate() {
            if self.compared[i] {
                map.serialize_entry(field.name(), &self.found[i])?;
            }
        }
        map.end()
    }
}

/// An outcome in a few words, for the summary's examples.
pub(super) fn outcome_words(outcome: &Outcome<'_>) -> String {
    match outcome {
        Outcome::Valid(_) => "valid".to_owned(),
        Outcome::Invalid(error, chain) => {
            format!(
                "invalid at byte {}: {}{}",
                error.offset(),
                error.message(),
                chain_words(chain)
            )
        }
        Outcome::Stopped(stop) => stop.to_string(),
    }
}

/// ` (in a ← b)`, or nothing for no chain.
pub(super) fn chain_words(chain: &[String]) -> String {
    if chain.is_empty() {
        return String::new();
    }
    let chain: Vec<&str> = chain.iter().map(String::as_str).collect();
    format!(" (in {})", peguri::grammar::chain_text(&chain))
}

fn quoted(value: Option<&str>) -> String {
    value.map_or_else(|| "absent".to_owned(), crate::common::quoted)
}

/// A summary line for one example.
fn example(
    origin: &Origin<'_>,
    input: &str,
    change: Change,
    fields: &[usize],
    old: &Outcome<'_>,
    new: &Outcome<'_>,
) -> String {
    let detail = match (change, old, new) {
        (Change::Components, Outcome::Valid(a), Outcome::Valid(b)) => fields
            .iter()
            .map(|&i| format!("{} {} -> {}", FIELDS[i].name(), quoted(a[i]), quoted(b[i])))
            .collect::<Vec<_>>()
            .join(", "),
        (Change::ErrorOffset, Outcome::Invalid(a, ca), Outcome::Invalid(b, cb)) => format!(
            "byte {} -> byte {} (old: {}{}; new: {}{})",
            a.offset(),
            b.offset(),
            a.message(),
            chain_words(ca),
            b.message(),
            chain_words(cb)
        ),
        _ => format!("old: {}; new: {}", outcome_words(old), outcome_words(new)),
    };
    format!("  {origin}: {}\n      {detail}", quote_input(input))
}

struct Tally {
    counts: [usize; CHANGES.len()],
    /// For a component change: how many inputs changed each field.
    fields: Vec<usize>,
    examples: Vec<Vec<String>>,
}

/// The usage error for the first input file that does not exist.
pub(super) fn missing_input(files: &[String]) -> Option<crate::outcome::Outcome> {
    let missing = files
        .iter()
        .find(|f| *f != "-" && !std::path::Path::new(f).is_file())?;
    Some(crate::outcome::Outcome::Usage(format!(
        "cannot read input file {}: no such file",
        Quoted::new(missing)
    )))
}

/// Runs `peguri grammar diff`.
pub fn run(args: &DiffArgs) -> io::Result<crate::outcome::Outcome> {
    if !args.variants.is_empty() {
        return super::attribution::run(args);
    }
    let (Some(old_spec), Some(new_spec)) = (&args.old, &args.new) else {
        return Ok(crate::outcome::Outcome::Usage(
            "grammar diff needs OLD and NEW grammars, or --variant".to_owned(),
        ));
    };
    let bounds = args.lab.limits.bounds(args.max_input_bytes);
    let rule = args.lab.rule();
    let old_rule = args.old_rule.as_deref().unwrap_or(rule);
    let new_rule = args.new_rule.as_deref().unwrap_or(rule);
    let old = match Side::load(&args.lab, old_spec, &[], old_rule, bounds) {
        Ok(side) => side,
        Err(GrammarError(message)) => return Ok(crate::outcome::Outcome::Usage(message)),
    };
    let new = match Side::load(&args.lab, new_spec, &args.overrides.files, new_rule, bounds) {
        Ok(side) => side,
        Err(GrammarError(message)) => return Ok(crate::outcome::Outcome::Usage(message)),
    };
    if let Some(usage) = missing_input(&args.inputs) {
        return Ok(usage);
    }
    let compared: Vec<bool> = old
        .has
        .iter()
        .zip(&new.has)
        .map(|(a, b)| *a && *b)
        .collect();
    let mut tally = Tally {
        counts: [0; CHANGES.len()],
        fields: vec![0; FIELDS.len()],
        examples: vec![Vec::new(); CHANGES.len()],
    };
    let started = Instant::now();
    let mut inputs = 0usize;
    let mut out = crate::common::stdout();
    for_each_input(&args.inputs, |origin, input| {
        inputs += 1;
        let before = old.run(input);
        let after = new.run(input);
        let Some((change, changed)) = classify(&before, &after, &compared) else {
            return Ok(());
        };
        let kind = CHANGES.iter().position(|&c| c == change).unwrap_or(0);
        tally.counts[kind] += 1;
        for &i in &changed {
            tally.fields[i] += 1;
        }
        if tally.examples[kind].len() < args.examples {
            tally.examples[kind].push(example(origin, input, change, &changed, &before, &after));
        }
        if args.lab.json {
            let record = DiffRecord {
                origin,
                input,
                change,
                fields: &changed,
                old: &before,
                new: &after,
                compared: &compared,
            };
            serde_json::to_writer(&mut out, &record)?;
            out.write_all(b"\n")?;
        }
        Ok(())
    })?;
    out.flush()?;
    let summary = summary(args, &old, &new, &compared, &tally, inputs, started);
    if args.lab.json {
        eprint!("{summary}");
    } else {
        out.write_all(summary.as_bytes())?;
        out.flush()?;
    }
    let differ: usize = tally.counts.iter().sum();
    Ok(crate::outcome::Outcome::from_validity(differ == 0))
}

fn summary(
    args: &DiffArgs,
    old: &Side,
    new: &Side,
    compared: &[bool],
    tally: &Tally,
    inputs: usize,
    started: Instant,
) -> String {
    use std::fmt::Write as _;
    let differ: usize = tally.counts.iter().sum();
    let mut s = String::new();
    let rules = if old.rule == new.rule {
        format!("rule {}", new.rule)
    } else {
        format!("old rule {}, new rule {}", old.rule, new.rule)
    };
    let _ = writeln!(
        s,
        "{inputs} inputs, {differ} differ ({rules}; old {}; new {})",
        old.grammar.name(),
        new.grammar.name()
    );
    let names = |pick: bool| -> Vec<&str> {
        FIELDS
            .iter()
            .zip(compared)
            .filter(|(_, c)| **c == pick)
            .map(|(field, _)| field.name())
            .collect()
    };
    let not_compared = names(false);
    if !not_compared.is_empty() {
        let _ = writeln!(
            s,
            "not compared (a grammar lacks their rules): {}",
            not_compared.join(", ")
        );
    }
    for (kind, change) in CHANGES.iter().enumerate() {
        let count = tally.counts[kind];
        let _ = write!(s, "{:<30}{count:>8}", format!("{}:", change.title()));
        if *change == Change::Components && count > 0 {
            let per_field: Vec<String> = FIELDS
                .iter()
                .enumerate()
                .filter(|&(i, _)| tally.fields[i] > 0)
                .map(|(i, field)| format!("{} {}", field.name(), tally.fields[i]))
                .collect();
            let _ = write!(s, " ({})", per_field.join(", "));
        }
        s.push('\n');
        for line in &tally.examples[kind] {
            let _ = writeln!(s, "{line}");
        }
        if count > tally.examples[kind].len() {
            let _ = writeln!(
                s,
                "  ... and {} more{}",
                count - tally.examples[kind].len(),
                if args.lab.json {
                    ""
                } else {
                    " (--json lists every one)"
                }
            );
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let _ = writeln!(
        s,
        "{inputs} inputs in {seconds:.2} s ({:.0} inputs/s, both grammars)",
        inputs as f64 / seconds.max(1e-9)
    );
    s
}
