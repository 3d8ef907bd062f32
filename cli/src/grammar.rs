//! Grammar experimentation: `rules`, `tree`, `parse --rule`, and
//! `--grammar FILE`, which compiles an edited grammar at run time with
//! pest_meta and runs it with pest_vm.
//!
//! A grammar may come in several files (`--grammar uri.pest --grammar
//! iri.pest`, or `uri.pest+iri.pest`): they are read as one text, in order,
//! each followed by a newline, as `build.rs` joins `uri.pest`, `iri.pest`
//! and `rfc6874.pest`. Errors are reported against the file and line they
//! are in.

use std::cell::Cell;
use std::fmt::Debug;
use std::io::{self, Read, Write};
use std::path::Path;

use peguri::grammar::RuleLookup;
use peguri::{Excerpt, ParseError, Quoted};
use pest::error::{Error as PestError, InputLocation};
use pest::iterators::{Pair, Pairs};
use pest::{Position, RuleType};
use pest_meta::optimizer::OptimizedRule;
use serde::ser::{SerializeStruct, Serializer};

use crate::bounds::{
    BoundedVm, CompileStop, GrammarLimits, Parsed, Stop, compile_stopped, try_compile_apart,
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

/// One file's part of a [`GrammarText`].
struct Part {
    name: String,
    start: usize,
    end: usize,
}

/// A grammar's text: its files, concatenated in order, and the limits it
/// is compiled within (`None`: the built-in grammar, which needs none).
pub struct GrammarText {
    text: String,
    parts: Vec<Part>,
    limits: Option<GrammarLimits>,
    /// Whether the text compiled within its limits in a child process
    /// already (see [`GrammarText::compile`]).
    compiled_apart: Cell<bool>,
}

impl GrammarText {
    /// The grammar compiled into peguri: `uri.pest`, `iri.pest` and
    /// `rfc6874.pest`, joined as `build.rs` joins them.
    pub fn built_in() -> Self {
        let mut grammar = GrammarText {
            text: String::new(),
            parts: Vec::new(),
            limits: None,
            compiled_apart: Cell::new(false),
        };
        grammar.push("uri.pest (built in)", peguri::grammar::GRAMMAR);
        grammar.push("iri.pest (built in)", peguri::grammar::IRI_GRAMMAR);
        grammar.push("rfc6874.pest (built in)", peguri::grammar::RFC6874_GRAMMAR);
        grammar
    }

    /// Reads `files` in order; with none, the built-in grammar. The result
    /// compiles within `limits`: a grammar that does not is an error
    /// naming the file and line of each problem, or the limit.
    pub fn read(files: &[String], limits: &GrammarLimits) -> Result<Self, GrammarError> {
        if files.is_empty() {
            return Ok(Self::built_in());
        }
        let mut grammar = GrammarText {
            text: String::new(),
            parts: Vec::new(),
            limits: Some(*limits),
            compiled_apart: Cell::new(false),
        };
        grammar.push_files(files, limits)?;
        grammar.compile()?;
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
        let mut grammar = GrammarText {
            text: String::new(),
            parts: Vec::new(),
            limits: (!files.is_empty()).then_some(*limits),
            compiled_apart: Cell::new(false),
        };
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

    /// Reads `files` after what the grammar holds, within
    /// `limits.max_grammar_bytes` in all.
    fn push_files(&mut self, files: &[String], limits: &GrammarLimits) -> Result<(), GrammarError> {
        let grammar = self;
        for file in files {
            let name = Quoted::new(file).to_string();
            let mut bytes = Vec::new();
            let room = limits.max_grammar_bytes.saturating_sub(grammar.text.len());
            std::fs::File::open(file)
                .and_then(|f| f.take(room as u64 + 1).read_to_end(&mut bytes))
                .map_err(|e| GrammarError(format!("cannot read grammar {name}: {e}")))?;
            if bytes.len() > room {
                grammar.push(&name, "");
                let stop = CompileStop::TooLarge;
                return Err(GrammarError(compile_stopped(
                    &grammar.name(),
                    &stop,
                    limits,
                )));
            }
            let text = String::from_utf8(bytes).map_err(|e| {
                GrammarError(format!("cannot read grammar {name}: {}", e.utf8_error()))
            })?;
            grammar.push(&name, &text);
        }
        Ok(())
    }

    fn push(&mut self, name: &str, text: &str) {
        let start = self.text.len();
        self.text.push_str(text);
        self.parts.push(Part {
            name: name.to_owned(),
            start,
            end: self.text.len(),
        });
        self.text.push('\n');
    }

    /// The text of all the files, as pest_meta reads it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The files, joined with ` + `.
    pub fn name(&self) -> String {
        self.parts
            .iter()
            .map(|p| p.name.as_str())
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// The file names, in order.
    pub fn file_names(&self) -> Vec<&str> {
        self.parts.iter().map(|p| p.name.as_str()).collect()
    }

    /// The grammar with `extra` rules after it (reported as peguri's own if
    /// they fail to compile).
    pub fn with_rules(&self, extra: &str) -> Self {
        let mut grammar = GrammarText {
            text: self.text.clone(),
            limits: self.limits,
            compiled_apart: Cell::new(false),
            parts: self
                .parts
                .iter()
                .map(|p| Part {
                    name: p.name.clone(),
                    start: p.start,
                    end: p.end,
                })
                .collect(),
        };
        grammar.push("(the rules peguri adds)", extra);
        grammar
    }

    /// Compiles the grammar with pest_meta: its rule names in order and
    /// the optimized rules pest_vm runs. A user's grammar is compiled in a
    /// child process within its limits first (see `crate::bounds`).
    pub fn compile(&self) -> Result<(Vec<String>, Vec<OptimizedRule>), GrammarError> {
        if let Some(limits) = self.limits.as_ref().filter(|_| !self.compiled_apart.get()) {
            try_compile_apart(&self.text, limits)
                .map_err(|stop| GrammarError(compile_stopped(&self.name(), &stop, limits)))?;
            self.compiled_apart.set(true);
        }
        match pest_meta::parse_and_optimize(&self.text) {
            Ok((_, rules)) => Ok((rules.iter().map(|r| r.name.clone()).collect(), rules)),
            Err(errors) => Err(self.error(&errors)),
        }
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
        let part = self
            .parts
            .iter()
            .find(|p| at <= p.end)
            .or(self.parts.last());
        let message = error.variant.message();
        let Some(part) = part else {
            return message.into_owned();
        };
        let text = &self.text[part.start..part.end];
        let local = at.saturating_sub(part.start).min(text.len());
        let Some(pos) = Position::new(text, local) else {
            return format!("--> {}: {message}", part.name);
        };
        let (line, column) = pos.line_col();
        let line_start = text[..local].rfind('\n').map_or(0, |k| k + 1);
        let line_end = text[local..].find('\n').map_or(text.len(), |k| local + k);
        let line_text = &text[line_start..line_end];
        let offset = local - line_start;
        format!(
            "--> {}:{line}:{column}: {message}\n{}",
            part.name,
            Excerpt::around(line_text, offset..offset)
        )
    }
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

/// A grammar loaded at run time, ready to parse from one rule, each parse
/// bounded (see [`crate::bounds`]; run it on [`crate::bounds::on_big_stack`]).
pub struct LoadedGrammar {
    vm: BoundedVm,
    rule: String,
}

impl LoadedGrammar {
    /// Loads the grammar of `files` within `limits` and prepares it to
    /// parse whole inputs with `rule`, each parse within `limits` and no
    /// longer than `max_input_bytes`.
    pub fn load(
        files: &[String],
        rule: &str,
        limits: &GrammarLimits,
        max_input_bytes: usize,
    ) -> Result<Self, GrammarError> {
        let grammar = GrammarText::read(files, limits)?;
        let (names, _) = grammar.compile()?;
        let rule = resolve_rule(&names, rule, &format!("the grammar {}", grammar.name()))
            .map_err(GrammarError)?;
        // Anchor the rule to the whole input, as uri.pest's `*_entry` rules do.
        let anchored = grammar.with_rules(&format!("{ENTRY} = {{ SOI ~ {rule} ~ EOI }}"));
        let (_, rules) = anchored.compile()?;
        Ok(LoadedGrammar {
            vm: BoundedVm::new(rules, limits.bounds(max_input_bytes)),
            rule,
        })
    }

    pub fn rule(&self) -> &str {
        &self.rule
    }

    pub fn parse<'a>(&'a self, input: &'a str) -> RuleOutcome<'a, &'a str> {
        match self.vm.parse(ENTRY, input) {
            Parsed::Valid(pairs) => RuleOutcome::Tree(pairs),
            Parsed::Invalid(e) => RuleOutcome::Error(ParseError::from_pest(input, &self.rule, &e)),
            Parsed::Stopped(stop) => RuleOutcome::Stopped(stop),
        }
    }
}

/// One input parsed with one rule: its tree, why it is not valid, or why
/// its parse was stopped (a grammar loaded at run time).
pub enum RuleOutcome<'i, R: RuleType> {
    Tree(Pairs<'i, R>),
    Error(ParseError),
    Stopped(Stop),
}

impl<'i, R: RuleType> From<Result<Pairs<'i, R>, ParseError>> for RuleOutcome<'i, R> {
    fn from(result: Result<Pairs<'i, R>, ParseError>) -> Self {
        match result {
            Ok(pairs) => RuleOutcome::Tree(pairs),
            Err(error) => RuleOutcome::Error(error),
        }
    }
}

impl<R: RuleType> RuleOutcome<'_, R> {
    pub fn is_valid(&self) -> bool {
        matches!(self, RuleOutcome::Tree(_))
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
const MAX_INDENT_LEVELS: usize = 40;

/// A node's text as a tree shows it: at most [`MAX_NODE_TEXT_CHARS`]
/// characters, and whether it was cut.
fn node_text(text: &str) -> (&str, bool) {
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
            RuleOutcome::Error(error) => st.serialize_field("error", error)?,
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
/// the description (`///`).
pub struct RuleDoc {
    pub name: String,
    pub abnf: Vec<String>,
    pub doc: Vec<String>,
}

/// The rules of `grammar` (names from pest_meta) with their comments.
pub fn rule_docs(grammar: &GrammarText) -> Result<Vec<RuleDoc>, GrammarError> {
    let (names, _) = grammar.compile()?;
    let lines: Vec<&str> = grammar.text().lines().collect();
    Ok(names
        .into_iter()
        .map(|name| {
            let at = lines.iter().position(|l| {
                l.trim_start()
                    .strip_prefix(name.as_str())
                    .is_some_and(|rest| rest.trim_start().starts_with('='))
            });
            let mut abnf = Vec::new();
            let mut doc = Vec::new();
            if let Some(at) = at {
                for line in lines[..at].iter().rev().map(|l| l.trim_start()) {
                    if let Some(d) = line.strip_prefix("///") {
                        doc.push(d.trim().to_owned());
                    } else if let Some(c) = line.strip_prefix("//") {
                        if c.starts_with('!') || c.trim_start().starts_with("---") {
                            break;
                        }
                        abnf.push(c.strip_prefix(' ').unwrap_or(c).to_owned());
                    } else {
                        break;
                    }
                }
            }
            abnf.reverse();
            doc.reverse();
            RuleDoc { name, abnf, doc }
        })
        .collect())
}
