//! Grammar experimentation: `rules`, `tree`, `parse --rule`, and
//! `--grammar FILE`, which compiles an edited grammar at run time with
//! pest_meta and runs it with pest_vm.
//!
//! A grammar may come in several files (`--grammar uri.pest --grammar
//! iri.pest`, or `uri.pest+iri.pest`): they are read as one text, in order,
//! each followed by a newline, as `build.rs` joins `uri.pest`, `iri.pest`
//! and `rfc6874.pest`. Errors are reported against the file and line they
//! are in.

use std::cell::{Cell, OnceCell};
use std::fmt::Debug;
use std::io::{self, Read, Write};
use std::path::Path;

use clap::Args;
use peguri::ParseError;
use peguri::error::{Excerpt, Quoted};
use peguri::grammar::{RuleLookup, RuntimeGrammar, Trace, TraceOptions};
use pest::error::{Error as PestError, InputLocation};
use pest::iterators::{Pair, Pairs};
use pest::{Position, RuleType};
use pest_meta::optimizer::OptimizedRule;
use serde::ser::{SerializeStruct, Serializer};

use crate::bounds::{
    BoundedVm, Bounds, CompileStop, GrammarLimits, Parsed, Stop, compile_stopped, try_compile_apart,
};
use crate::common::quoted;

/// The name of the anchored entry rule added to a loaded grammar.
pub const ENTRY: &str = "__peguri_entry";

/// A grammar that failed to load: the message names the file and the line.
pub struct GrammarError(pub String);

/// The files of a grammar as the command line names them: each `--grammar`
/// value, split at `+` unless the whole value names an existing file.
pub fn grammar_files(values: &[String]) -> Vec<String> {
    values
        .iter()
        .flat_map(|value| {
            if value.contains('+') && !Path::new(value).exists() {
                value.split('+').map(str::to_owned).collect()
            } else {
                vec![value.clone()]
            }
        })
        .collect()
}

/// Where a grammar's text comes from: a file (or a built-in grammar), or
/// an override file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SourceKind {
    Base,
    Override,
}

/// One file of a [`GrammarText`], as read.
#[derive(Clone)]
struct Source {
    name: String,
    text: String,
    kind: SourceKind,
}

/// A run of a [`GrammarText`]'s text that comes from one source: `len`
/// bytes at `at` in the text, from `from` in the source.
#[derive(Clone, Copy)]
struct Segment {
    source: usize,
    from: usize,
    at: usize,
    len: usize,
}

/// A piece of a grammar's new text (see [`GrammarText::splice`]): a range
/// of its current text, or a range of a new source.
pub enum Piece {
    Current(std::ops::Range<usize>),
    Source(std::ops::Range<usize>),
    Text(&'static str),
}

/// A grammar's text: its files, concatenated in order (with the rules of
/// override files put in place of the rules they replace), where each
/// part of the text comes from, and the limits it is compiled within
/// (`None`: the built-in grammar, which needs none).
#[derive(Clone)]
pub struct GrammarText {
    text: String,
    sources: Vec<Source>,
    segments: Vec<Segment>,
    limits: Option<GrammarLimits>,
    /// Whether the text compiled within its limits in a child process
    /// already (see [`GrammarText::compile`]).
    compiled_apart: Cell<bool>,
    /// The text compiled in this process: once, however often asked.
    compiled: OnceCell<Result<Compiled, String>>,
}

/// A grammar's rule names in order and the optimized rules pest_vm runs.
type Compiled = (Vec<String>, Vec<OptimizedRule>);

impl GrammarText {
    fn empty(limits: Option<GrammarLimits>) -> Self {
        GrammarText {
            text: String::new(),
            sources: Vec::new(),
            segments: Vec::new(),
            limits,
            compiled_apart: Cell::new(false),
            compiled: OnceCell::new(),
        }
    }

    /// The grammar compiled into peguri: `uri.pest`, `iri.pest` and
    /// `rfc6874.pest`, joined as `build.rs` joins them.
    pub fn built_in() -> Self {
        let mut grammar = GrammarText::empty(None);
        grammar.push("uri.pest (built in)", peguri::grammar::GRAMMAR);
        grammar.push("iri.pest (built in)", peguri::grammar::IRI_GRAMMAR);
        grammar.push("rfc6874.pest (built in)", peguri::grammar::RFC6874_GRAMMAR);
        grammar
    }

    /// Reads `files` in order; with none, the built-in grammar. The result
    /// compiles within `limits`: a grammar that does not is an error
    /// naming the file and line of each problem, or the limit.
    pub fn read(files: &[String], limits: &GrammarLimits) -> Result<Self, GrammarError> {
        GrammarText::read_with_overrides(files, &[], limits)
    }

    /// [`read`](Self::read), then the rules of each file of `overrides`
    /// in place of the rules of the same name (see
    /// [`crate::lab::overrides`]).
    pub fn read_with_overrides(
        files: &[String],
        overrides: &[String],
        limits: &GrammarLimits,
    ) -> Result<Self, GrammarError> {
        let grammar = if files.is_empty() {
            GrammarText::built_in()
        } else {
            let mut grammar = GrammarText::empty(Some(*limits));
            grammar.push_files(files, limits)?;
            grammar
        };
        let grammar = grammar.with_overrides(overrides, limits)?;
        if grammar.limits.is_some() {
            grammar.compile()?;
        }
        Ok(grammar)
    }

    /// The grammar of `scheme`'s own syntax: `uri.pest` as compiled into
    /// peguri, whose rules a scheme grammar calls, then `files` read in
    /// order (an edited `schemes/NAME.pest`), or with none the scheme's
    /// grammar as compiled into peguri.
    pub fn read_scheme(
        scheme: peguri::scheme::Scheme,
        files: &[String],
        limits: &GrammarLimits,
    ) -> Result<Self, GrammarError> {
        let mut grammar = GrammarText::empty((!files.is_empty()).then_some(*limits));
        grammar.push("uri.pest (built in)", peguri::grammar::GRAMMAR);
        if files.is_empty() {
            let name = format!("{} (built in)", scheme.grammar_file());
            grammar.push(&name, scheme.grammar());
        } else {
            grammar.push_files(files, limits)?;
        }
        grammar.compile()?;
        Ok(grammar)
    }

    /// The grammar with the rules of each file of `overrides`, in order,
    /// in place of its rules of the same name, and its other rules added
    /// (see [`crate::lab::overrides`]); compiled within `limits`.
    pub fn with_overrides(
        mut self,
        overrides: &[String],
        limits: &GrammarLimits,
    ) -> Result<Self, GrammarError> {
        for file in overrides {
            let name = Quoted::new(file).to_string();
            let room = limits.max_grammar_bytes.saturating_sub(self.text.len());
            let text = read_limited(file, &name, room).map_err(|e| match e {
                ReadError::Io(message) => GrammarError(message),
                ReadError::TooLarge => GrammarError(compile_stopped(
                    &format!("{} with {name}", self.name()),
                    &CompileStop::TooLarge,
                    limits,
                )),
            })?;
            self.limits = Some(*limits);
            self = self.with_override_text(&name, &text)?;
        }
        Ok(self)
    }

    /// The grammar with the rules of `text` (named `name` in messages) in
    /// place of its rules of the same name: what `--override` does with a
    /// file, for a text at hand (an editor's).
    pub fn with_override_text(&self, name: &str, text: &str) -> Result<Self, GrammarError> {
        let mut grammar = crate::lab::overrides::apply(self, name, text)?;
        grammar.limits = Some(self.limits.unwrap_or_default());
        Ok(grammar)
    }

    /// Reads `files` after what the grammar holds, within
    /// `limits.max_grammar_bytes` in all.
    fn push_files(&mut self, files: &[String], limits: &GrammarLimits) -> Result<(), GrammarError> {
        for file in files {
            let name = Quoted::new(file).to_string();
            let room = limits.max_grammar_bytes.saturating_sub(self.text.len());
            match read_limited(file, &name, room) {
                Ok(text) => self.push(&name, &text),
                Err(ReadError::Io(message)) => return Err(GrammarError(message)),
                Err(ReadError::TooLarge) => {
                    self.push(&name, "");
                    return Err(GrammarError(compile_stopped(
                        &self.name(),
                        &CompileStop::TooLarge,
                        limits,
                    )));
                }
            }
        }
        Ok(())
    }

    fn push_source(&mut self, name: &str, text: &str, kind: SourceKind) -> usize {
        self.sources.push(Source {
            name: name.to_owned(),
            text: text.to_owned(),
            kind,
        });
        self.sources.len() - 1
    }

    fn push(&mut self, name: &str, text: &str) {
        let source = self.push_source(name, text, SourceKind::Base);
        self.segments.push(Segment {
            source,
            from: 0,
            at: self.text.len(),
            len: text.len(),
        });
        self.text.push_str(text);
        self.text.push('\n');
    }

    /// The grammar whose text is `pieces` in order: ranges of this text,
    /// and ranges of a new source, an override file named `name`.
    pub fn splice(&self, name: &str, source_text: &str, pieces: &[Piece]) -> Self {
        let mut grammar = GrammarText::empty(self.limits);
        grammar.sources = self.sources.clone();
        let source = grammar.push_source(name, source_text, SourceKind::Override);
        for piece in pieces {
            match piece {
                Piece::Current(range) => {
                    let at = grammar.text.len();
                    for segment in &self.segments {
                        let start = segment.at.max(range.start);
                        let end = (segment.at + segment.len).min(range.end);
                        if start < end {
                            grammar.segments.push(Segment {
                                source: segment.source,
                                from: segment.from + (start - segment.at),
                                at: at + (start - range.start),
                                len: end - start,
                            });
                        }
                    }
                    grammar.text.push_str(&self.text[range.clone()]);
                }
                Piece::Source(range) => {
                    grammar.segments.push(Segment {
                        source,
                        from: range.start,
                        at: grammar.text.len(),
                        len: range.len(),
                    });
                    grammar.text.push_str(&source_text[range.clone()]);
                }
                Piece::Text(text) => grammar.text.push_str(text),
            }
        }
        grammar.segments.sort_by_key(|s| s.at);
        grammar
    }

    /// The text of all the files, as pest_meta reads it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The files, joined with ` + `, then the override files after `with`.
    pub fn name(&self) -> String {
        let names = |kinds: &[SourceKind]| -> Vec<&str> {
            self.sources
                .iter()
                .filter(|s| kinds.contains(&s.kind))
                .map(|s| s.name.as_str())
                .collect()
        };
        let base = names(&[SourceKind::Base]).join(" + ");
        let overrides = names(&[SourceKind::Override]);
        if overrides.is_empty() {
            base
        } else {
            format!("{base} with {}", overrides.join(", "))
        }
    }

    /// The file names, in order (override files after the others).
    pub fn file_names(&self) -> Vec<&str> {
        self.sources.iter().map(|s| s.name.as_str()).collect()
    }

    /// The file the text at `offset` comes from, and the 1-based line
    /// there.
    pub fn line_of(&self, offset: usize) -> (String, usize) {
        let Some((segment, source)) = self
            .segment_at(offset)
            .and_then(|s| Some((s, self.sources.get(s.source)?)))
        else {
            return (String::new(), 0);
        };
        let local = (segment.from + offset.saturating_sub(segment.at)).min(source.text.len());
        let line = source.text.as_bytes()[..local]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        (source.name.clone(), line + 1)
    }

    /// The segment at `offset`, or the last one before it.
    fn segment_at(&self, offset: usize) -> Option<&Segment> {
        self.segments
            .iter()
            .rev()
            .find(|s| s.at <= offset)
            .or(self.segments.first())
    }

    /// Compiles the grammar with pest_meta: its rule names in order and
    /// the optimized rules pest_vm runs. A user's grammar is compiled in a
    /// child process within its limits first (see `crate::bounds`).
    /// Compiled once in this process; later calls get a copy.
    pub fn compile(&self) -> Result<Compiled, GrammarError> {
        if let Some(limits) = self.limits.as_ref().filter(|_| !self.compiled_apart.get()) {
            try_compile_apart(&self.text, limits)
                .map_err(|stop| GrammarError(compile_stopped(&self.name(), &stop, limits)))?;
            self.compiled_apart.set(true);
        }
        let compiled =
            self.compiled
                .get_or_init(|| match pest_meta::parse_and_optimize(&self.text) {
                    Ok((_, rules)) => Ok((rules.iter().map(|r| r.name.clone()).collect(), rules)),
                    Err(errors) => Err(self.error(&errors).0),
                });
        compiled.clone().map_err(GrammarError)
    }

    /// pest_meta's errors, each placed in the file it is in.
    pub fn error<R: RuleType>(&self, errors: &[PestError<R>]) -> GrammarError {
        let shown: Vec<String> = errors.iter().map(|e| self.place(e)).collect();
        GrammarError(format!(
            "the grammar {} does not compile:\n{}",
            self.name(),
            shown.join("\n")
        ))
    }

    /// `error` as `--> FILE:LINE:COLUMN: message`, then the window of its line
    /// around the column ([`Excerpt`]: bounded, control and bidirectional
    /// formatting characters not shown as they are).
    fn place<R: RuleType>(&self, error: &PestError<R>) -> String {
        let at = match error.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((start, _)) => start,
        };
        self.place_message(at, &error.variant.message())
    }

    /// A message about the text at `at`, placed in its file (see
    /// [`place`](Self::place)).
    pub fn place_message(&self, at: usize, message: &str) -> String {
        let Some((segment, source)) = self
            .segment_at(at)
            .and_then(|s| Some((s, self.sources.get(s.source)?)))
        else {
            return message.to_owned();
        };
        let text = source.text.as_str();
        let local = (segment.from + at.saturating_sub(segment.at))
            .min(segment.from + segment.len)
            .min(text.len());
        let local = floor_char_boundary(text, local);
        let Some(pos) = Position::new(text, local) else {
            return format!("--> {}: {message}", source.name);
        };
        let (line, column) = pos.line_col();
        let line_start = text[..local].rfind('\n').map_or(0, |k| k + 1);
        let line_end = text[local..].find('\n').map_or(text.len(), |k| local + k);
        let line_text = &text[line_start..line_end];
        let offset = local - line_start;
        format!(
            "--> {}:{line}:{column}: {message}\n{}",
            source.name,
            Excerpt::around(line_text, offset..offset)
        )
    }
}

/// The largest character boundary of `text` at or before `at`.
fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Why a grammar file was not read.
enum ReadError {
    Io(String),
    TooLarge,
}

/// The text of `file` (named `name` in messages), if it is at most `room`
/// bytes of UTF-8.
fn read_limited(file: &str, name: &str, room: usize) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(room as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| ReadError::Io(format!("cannot read grammar {name}: {e}")))?;
    if bytes.len() > room {
        return Err(ReadError::TooLarge);
    }
    String::from_utf8(bytes)
        .map_err(|e| ReadError::Io(format!("cannot read grammar {name}: {}", e.utf8_error())))
}

/// A user's rule name resolved among `names`: the name as the grammar
/// spells it, or a message with the closest names.
pub fn resolve_rule(names: &[String], rule: &str, grammar: &str) -> Result<String, String> {
    match peguri::grammar::find_rule(names.iter().map(String::as_str), rule) {
        RuleLookup::Found(found) => Ok(found.to_owned()),
        RuleLookup::Ambiguous(candidates) => Err(format!(
            "the rule name {} is ambiguous in {grammar}: it could be {}",
            quoted(rule),
            quoted_list(&candidates)
        )),
        RuleLookup::Unknown(suggestions) => Err(unknown_rule_message(rule, grammar, &suggestions)),
    }
}

/// "unknown rule ...; did you mean ...?", and where the list is.
pub fn unknown_rule_message(rule: &str, grammar: &str, suggestions: &[&str]) -> String {
    let hint = if suggestions.is_empty() {
        String::new()
    } else {
        format!("; did you mean {}?", quoted_list(suggestions))
    };
    let rules = if grammar == "the built-in grammar" {
        "`peguri rules`".to_owned()
    } else {
        "`peguri rules --grammar ...`".to_owned()
    };
    format!(
        "{grammar} has no rule {}{hint} ({rules} lists them)",
        quoted(rule)
    )
}

fn quoted_list(names: &[&str]) -> String {
    let names: Vec<String> = names.iter().map(|n| quoted(n)).collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// A rule name for the built-in grammar, resolved (any spelling), or the
/// message with the closest names.
pub fn resolve_built_in_rule(rule: &str) -> Result<&'static str, String> {
    match peguri::grammar::find_rule(peguri::grammar::rule_names(), rule) {
        RuleLookup::Found(found) => Ok(found),
        RuleLookup::Ambiguous(candidates) => Err(format!(
            "the rule name {} is ambiguous: it could be {}",
            quoted(rule),
            quoted_list(&candidates)
        )),
        RuleLookup::Unknown(suggestions) => Err(unknown_rule_message(
            rule,
            "the built-in grammar",
            &suggestions,
        )),
    }
}

/// The RFC 6874 form of a built-in rule (any spelling): `URI-reference`
/// becomes `URI_reference_6874`, `IRI` becomes `IRI_6874`. A rule without
/// one is returned as given: zone identifiers do not change it.
pub fn zone_rule(rule: &str) -> String {
    let names = || peguri::grammar::rule_names();
    let RuleLookup::Found(found) = peguri::grammar::find_rule(names(), rule) else {
        return rule.to_owned();
    };
    let zoned = format!("{found}_6874");
    if names().any(|name| name == zoned) {
        zoned
    } else {
        rule.to_owned()
    }
}

/// The override files of a command (`--override FILE`, repeatable).
#[derive(Args, Clone, Default)]
pub struct OverrideArgs {
    /// A file of rules that replace the grammar's rules of the same name
    /// (the built-in grammar's, or --grammar's), in place, each with its
    /// comments; its other rules are added. More than once for several
    /// files, applied in order.
    #[arg(long = "override", value_name = "FILE")]
    pub files: Vec<String>,
}

/// The anchored entry rule for `rule`, `SOI ~ rule ~ EOI`, as pest_meta
/// would optimize it: added to compiled rules without compiling again.
pub fn entry_rule(rule: &str) -> OptimizedRule {
    use pest_meta::optimizer::OptimizedExpr as E;
    let ident = |name: &str| Box::new(E::Ident(name.to_owned()));
    OptimizedRule {
        name: ENTRY.to_owned(),
        ty: pest_meta::ast::RuleType::Normal,
        expr: E::Seq(ident("SOI"), Box::new(E::Seq(ident(rule), ident("EOI")))),
    }
}

/// A grammar loaded at run time, ready to parse from one rule, each parse
/// bounded (see [`crate::bounds`]; run it on [`crate::bounds::on_big_stack`]).
/// A rejected input's error comes from a trace of its parse
/// ([`peguri::grammar::RuntimeGrammar`]): where the parse got farthest,
/// and the rules that reached it.
pub struct LoadedGrammar {
    vm: BoundedVm,
    rule: String,
    tracer: Tracer,
}

impl LoadedGrammar {
    /// Loads the grammar of `files` within `limits`, with the rules of
    /// `overrides` in place of its own (`--override`; see
    /// [`crate::lab::overrides`]; with no files, the grammar is the
    /// built-in one), and prepares it to parse whole inputs with `rule`,
    /// each parse within `limits` and no longer than `max_input_bytes`.
    pub fn load_with_overrides(
        files: &[String],
        overrides: &[String],
        rule: &str,
        limits: &GrammarLimits,
        max_input_bytes: usize,
    ) -> Result<Self, GrammarError> {
        let grammar = GrammarText::read_with_overrides(files, overrides, limits)?;
        LoadedGrammar::new(grammar, rule, limits.bounds(max_input_bytes))
    }

    /// Prepares `grammar` to parse whole inputs with `rule` (any
    /// spelling) within `bounds`.
    pub fn new(grammar: GrammarText, rule: &str, bounds: Bounds) -> Result<Self, GrammarError> {
        let (names, mut rules) = grammar.compile()?;
        let rule = resolve_rule(&names, rule, &format!("the grammar {}", grammar.name()))
            .map_err(GrammarError)?;
        if names.iter().any(|n| n == ENTRY) {
            return Err(GrammarError(format!(
                "the grammar {} has a rule named {ENTRY}, a name peguri keeps for itself",
                grammar.name()
            )));
        }
        // Anchor the rule to the whole input, as uri.pest's `*_entry` rules do.
        rules.push(entry_rule(&rule));
        Ok(LoadedGrammar {
            vm: BoundedVm::new(rules, bounds),
            tracer: Tracer::new(grammar, bounds),
            rule,
        })
    }

    pub fn rule(&self) -> &str {
        &self.rule
    }

    pub fn parse<'a>(&'a self, input: &'a str) -> RuleOutcome<'a, &'a str> {
        match self.vm.parse(ENTRY, input) {
            Parsed::Valid(pairs) => RuleOutcome::Tree(pairs),
            Parsed::Invalid(e) => {
                let (error, chain) = self.tracer.error(&self.rule, input, &e);
                RuleOutcome::Error(error, chain)
            }
            Parsed::Stopped(stop) => RuleOutcome::Stopped(stop),
        }
    }

    /// The trace of `input`'s parse: every rule attempt (up to
    /// `max_attempts` recorded), the tree or the partial tree, the farthest
    /// failure (see `peguri tree --trace`). `None` for an input longer
    /// than the parse's limit, or a grammar the tracer cannot compile.
    pub fn trace_with<'a>(&'a self, input: &'a str, max_attempts: usize) -> Option<Trace<'a, 'a>> {
        self.tracer.trace(&self.rule, input, Some(max_attempts))
    }
}

/// A grammar's tracing interpreter ([`RuntimeGrammar`]), compiled when
/// first needed (an input rejected, or a trace asked for), within the
/// bounds of the grammar's parses.
pub struct Tracer {
    grammar: GrammarText,
    compiled: OnceCell<Option<RuntimeGrammar>>,
    bounds: Bounds,
}

impl Tracer {
    pub fn new(grammar: GrammarText, bounds: Bounds) -> Self {
        Tracer {
            grammar,
            compiled: OnceCell::new(),
            bounds,
        }
    }

    /// The options of a trace: the bounds of a parse, the trace's own
    /// stack budget that of `crate::bounds`.
    fn options(&self, attempts: Option<usize>) -> TraceOptions {
        let mut options = TraceOptions::default();
        options.calls_per_byte = self.bounds.calls_per_byte;
        options.deadline = self.bounds.deadline;
        options.stack_budget = crate::bounds::PARSE_STACK_BUDGET;
        match attempts {
            Some(max) => options.max_attempts = max,
            None => {
                options.max_attempts = 0;
                options.partial_tree = false;
            }
        }
        options
    }

    fn grammar(&self) -> Option<&RuntimeGrammar> {
        self.compiled
            .get_or_init(|| RuntimeGrammar::compile(self.grammar.text()).ok())
            .as_ref()
    }

    /// A trace of `input`'s parse from `rule`; with `attempts`, that many
    /// attempts at most and the partial tree, else only the failure.
    /// `None` when the grammar does not compile here or the input is
    /// longer than the parse's limit.
    pub fn trace<'a>(
        &'a self,
        rule: &str,
        input: &'a str,
        attempts: Option<usize>,
    ) -> Option<Trace<'a, 'a>> {
        if self
            .bounds
            .max_input_bytes
            .is_some_and(|max| input.len() > max)
        {
            return None;
        }
        self.grammar()?
            .trace(rule, input, &self.options(attempts))
            .ok()
    }

    /// The error for `input`, which the grammar rejected with pest's error
    /// `e`: where its trace failed farthest, what it expected there, and
    /// the rules that reached it (innermost first); pest's own error when
    /// no trace is to be had.
    pub fn error(&self, rule: &str, input: &str, e: &PestError<&str>) -> (ParseError, Vec<String>) {
        let traced = self.trace(rule, input, None).and_then(|trace| {
            let failure = trace.failure.as_ref()?;
            let chain = failure.chain().iter().map(|r| (*r).to_owned()).collect();
            Some((trace.error()?, chain))
        });
        traced.unwrap_or_else(|| (ParseError::from_pest(input, rule, e), Vec::new()))
    }
}

/// One input parsed with one rule: its tree, why it is not valid (with the
/// rules that reached the failure, innermost first, for a grammar loaded
/// at run time), or why its parse was stopped (a grammar loaded at run
/// time).
pub enum RuleOutcome<'i, R: RuleType> {
    Tree(Pairs<'i, R>),
    Error(ParseError, Vec<String>),
    Stopped(Stop),
}

impl<'i, R: RuleType> From<Result<Pairs<'i, R>, ParseError>> for RuleOutcome<'i, R> {
    fn from(result: Result<Pairs<'i, R>, ParseError>) -> Self {
        match result {
            Ok(pairs) => RuleOutcome::Tree(pairs),
            Err(error) => RuleOutcome::Error(error, Vec::new()),
        }
    }
}

impl<R: RuleType> RuleOutcome<'_, R> {
    pub fn is_valid(&self) -> bool {
        matches!(self, RuleOutcome::Tree(_))
    }
}

/// Reports a rejected input on stderr: the error, then the rules that
/// reached it, if known.
pub fn report_error(error: &ParseError, chain: &[String]) {
    crate::common::report(error);
    if !chain.is_empty() {
        let chain: Vec<&str> = chain.iter().map(String::as_str).collect();
        eprintln!("  in {}", peguri::grammar::chain_text(&chain));
    }
}

/// An error as JSON: `{"offset", "column", "expected", "message", "kind",
/// "component"}` as `peguri parse` writes one, and `chain` when the rules that reached it
/// are known (innermost first).
pub struct ErrorJson<'a> {
    pub error: &'a ParseError,
    pub chain: &'a [String],
}

impl serde::Serialize for ErrorJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let expected: Vec<&str> = self.error.expected().collect();
        let mut st = s.serialize_struct("ParseError", 7)?;
        st.serialize_field("offset", &self.error.offset())?;
        st.serialize_field("column", &self.error.column())?;
        st.serialize_field("expected", &expected)?;
        st.serialize_field("message", &self.error.message().to_string())?;
        st.serialize_field("kind", &self.error.kind())?;
        st.serialize_field("component", &self.error.component())?;
        if !self.chain.is_empty() {
            st.serialize_field("chain", self.chain)?;
        }
        st.end()
    }
}

/// A rule's name as its grammar spells it.
pub fn label<R: Debug>(rule: &R) -> String {
    format!("{rule:?}").trim_matches('"').to_owned()
}

/// The pairs under an anchored entry rule: the rule's own pair, without the
/// entry wrapper and `EOI`.
fn under_entry<'i, R: RuleType>(pairs: Pairs<'i, R>) -> Vec<Pair<'i, R>> {
    pairs
        .flat_map(|entry| entry.into_inner())
        .filter(|p| label(&p.as_rule()) != "EOI")
        .collect()
}

/// Characters of a node's text that a tree shows: with the span, enough
/// to recognize it, and a bound on the output of a tree as deep as its
/// input (each node's text holds its children's).
pub const MAX_NODE_TEXT_CHARS: usize = 100;
/// Levels of a text tree shown by indentation; a deeper node is indented
/// as deep as this and says its depth.
pub const MAX_INDENT_LEVELS: usize = 40;

/// A node's text as a tree shows it: at most [`MAX_NODE_TEXT_CHARS`]
/// characters, and whether it was cut.
pub fn node_text(text: &str) -> (&str, bool) {
    match text.char_indices().nth(MAX_NODE_TEXT_CHARS) {
        Some((cut, _)) => (&text[..cut], true),
        None => (text, false),
    }
}

/// Writes the tree as indented lines: rule, byte span, matched text (cut
/// after [`MAX_NODE_TEXT_CHARS`] characters, with `…` after the quotes).
/// Iterative, so that a tree as deep as its input needs no stack.
pub fn write_tree_text<R: RuleType>(out: &mut impl Write, pairs: Pairs<'_, R>) -> io::Result<()> {
    let mut pending: Vec<(Pair<'_, R>, usize)> = under_entry(pairs)
        .into_iter()
        .rev()
        .map(|p| (p, 0))
        .collect();
    while let Some((pair, depth)) = pending.pop() {
        let span = pair.as_span();
        let (text, cut) = node_text(span.as_str());
        let indent = depth.min(MAX_INDENT_LEVELS) * 2;
        write!(out, "{:indent$}", "")?;
        if depth > MAX_INDENT_LEVELS {
            write!(out, "(depth {depth}) ")?;
        }
        writeln!(
            out,
            "{} {}..{} {text:?}{}",
            label(&pair.as_rule()),
            span.start(),
            span.end(),
            if cut { "…" } else { "" }
        )?;
        let children: Vec<Pair<'_, R>> = pair.into_inner().collect();
        pending.extend(children.into_iter().rev().map(|c| (c, depth + 1)));
    }
    Ok(())
}

/// A parse tree node as JSON: `{"rule", "start", "end", "text",
/// "text_cut", "children"}`, the text cut after [`MAX_NODE_TEXT_CHARS`]
/// characters (`text_cut` says so).
pub struct TreeJson<'i, R: RuleType>(pub Pair<'i, R>);

impl<R: RuleType> serde::Serialize for TreeJson<'_, R> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let span = self.0.as_span();
        let (text, cut) = node_text(span.as_str());
        let children: Vec<TreeJson<'_, R>> = self.0.clone().into_inner().map(TreeJson).collect();
        let mut st = s.serialize_struct("Tree", 6)?;
        st.serialize_field("rule", &label(&self.0.as_rule()))?;
        st.serialize_field("start", &span.start())?;
        st.serialize_field("end", &span.end())?;
        st.serialize_field("text", text)?;
        st.serialize_field("text_cut", &cut)?;
        st.serialize_field("children", &children)?;
        st.end()
    }
}

/// The JSON trees of an entry rule's pairs (normally one).
pub fn trees_json<R: RuleType>(pairs: Pairs<'_, R>) -> Vec<TreeJson<'_, R>> {
    under_entry(pairs).into_iter().map(TreeJson).collect()
}

/// The outcome of parsing one input with one rule, as JSON:
/// `{"input", "valid": true, "rule", "tree"}`, `{"input", "valid": false,
/// "rule", "error"}`, or for a parse that was stopped `{"input", "valid":
/// false, "rule", "stopped", "message"}`.
pub struct RuleResult<'a, 'i, R: RuleType> {
    pub input: &'a str,
    pub rule: &'a str,
    pub outcome: RuleOutcome<'i, R>,
}

impl<R: RuleType> serde::Serialize for RuleResult<'_, '_, R> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("RuleResult", 5)?;
        st.serialize_field("input", self.input)?;
        st.serialize_field("valid", &self.outcome.is_valid())?;
        st.serialize_field("rule", self.rule)?;
        match &self.outcome {
            RuleOutcome::Tree(pairs) => st.serialize_field("tree", &trees_json(pairs.clone()))?,
            RuleOutcome::Error(error, chain) => {
                st.serialize_field("error", &ErrorJson { error, chain })?;
            }
            RuleOutcome::Stopped(stop) => {
                st.serialize_field("stopped", stop.kind())?;
                st.serialize_field("message", &stop.to_string())?;
            }
        }
        st.end()
    }
}

/// One input's [`RuleResult`] as a JSON line; says whether the input is
/// valid.
pub fn write_rule_result<R: RuleType>(
    out: &mut impl Write,
    input: &str,
    rule: &str,
    outcome: RuleOutcome<'_, R>,
    pretty: bool,
) -> io::Result<bool> {
    let valid = outcome.is_valid();
    let value = RuleResult {
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

/// One rule of a grammar with the comments above it: the ABNF (`//`) and
/// the description (`///`); its pest text, and the file it comes from.
pub struct RuleDoc {
    pub name: String,
    pub abnf: Vec<String>,
    pub doc: Vec<String>,
    /// `normal`, `silent`, `atomic`, `compound-atomic` or `non-atomic`.
    pub kind: &'static str,
    /// The rule's expression, as written (between the braces).
    pub body: String,
    /// The whole rule, as written: `name = @{ ... }`.
    pub pest: String,
    /// The file it comes from, and its 1-based line there.
    pub source: String,
    pub line: usize,
}

/// The rules of `grammar` (names from pest_meta) with their comments.
pub fn rule_docs(grammar: &GrammarText) -> Result<Vec<RuleDoc>, GrammarError> {
    let (names, _) = grammar.compile()?;
    let text = grammar.text();
    let spans = crate::lab::overrides::rule_spans(text).map_err(|e| grammar.error(&[e]))?;
    Ok(names
        .into_iter()
        .map(|name| {
            let span = spans.iter().find(|s| s.name == name);
            let mut abnf = Vec::new();
            let mut doc = Vec::new();
            if let Some(span) = span {
                for line in text[span.head..span.start].lines().map(str::trim_start) {
                    if let Some(d) = line.strip_prefix("///") {
                        doc.push(d.trim().to_owned());
                    } else if let Some(c) = line.strip_prefix("//") {
                        abnf.push(c.strip_prefix(' ').unwrap_or(c).to_owned());
                    }
                }
            }
            let kind = match span.and_then(|s| s.modifier) {
                Some('_') => "silent",
                Some('@') => "atomic",
                Some('$') => "compound-atomic",
                Some('!') => "non-atomic",
                _ => "normal",
            };
            let (source, line) = span.map(|s| grammar.line_of(s.start)).unwrap_or_default();
            RuleDoc {
                abnf,
                doc,
                kind,
                body: span.map_or_else(String::new, |s| text[s.body.clone()].trim().to_owned()),
                pest: span.map_or_else(String::new, |s| text[s.start..s.end].to_owned()),
                source,
                line,
                name,
            }
        })
        .collect())
}
