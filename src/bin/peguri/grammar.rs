//! Grammar experimentation: `rules`, `tree`, `parse --rule`, and
//! `--grammar FILE`, which compiles an edited grammar at run time with
//! pest_meta and runs it with pest_vm.

use std::fmt::Debug;
use std::io::{self, Write};

use peguri::ParseError;
use pest::RuleType;
use pest::iterators::{Pair, Pairs};
use serde::ser::{SerializeStruct, Serializer};

/// The name of the anchored entry rule added to a loaded grammar.
const ENTRY: &str = "__peguri_entry";

/// A grammar that failed to load: the message is pest_meta's, with the
/// position in the grammar file.
pub struct GrammarError(pub String);

/// A grammar loaded at run time, ready to parse from one rule.
pub struct LoadedGrammar {
    vm: pest_vm::Vm,
    rule: String,
}

fn compile(text: &str) -> Result<(Vec<String>, pest_vm::Vm), GrammarError> {
    match pest_meta::parse_and_optimize(text) {
        Ok((_, rules)) => {
            let names = rules.iter().map(|r| r.name.clone()).collect();
            Ok((names, pest_vm::Vm::new(rules)))
        }
        Err(errors) => Err(GrammarError(
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n"),
        )),
    }
}

/// The rule names a grammar defines, in order.
pub fn rule_names(text: &str) -> Result<Vec<String>, GrammarError> {
    compile(text).map(|(names, _)| names)
}

/// Reads a grammar file; a grammar that does not compile is reported with
/// pest_meta's message and position.
pub fn read_grammar(path: &str) -> Result<String, GrammarError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| GrammarError(format!("cannot read grammar {path}: {e}")))?;
    compile(&text).map(|_| text).map_err(|GrammarError(m)| {
        GrammarError(format!("the grammar {path} does not compile:\n{m}"))
    })
}

/// Resolves a rule name as given by the user (RFC spelling accepted).
fn find_rule(names: &[String], rule: &str) -> Option<String> {
    let pest_name = rule.replace('-', "_");
    [rule, pest_name.as_str()]
        .into_iter()
        .find(|candidate| names.iter().any(|n| n == candidate))
        .map(str::to_owned)
}

impl LoadedGrammar {
    /// Loads `path` and prepares it to parse whole inputs with `rule`.
    pub fn load(path: &str, rule: &str) -> Result<Self, GrammarError> {
        let text = read_grammar(path)?;
        let names = rule_names(&text)?;
        let rule = find_rule(&names, rule).ok_or_else(|| {
            GrammarError(format!(
                "the grammar {path} has no rule {rule:?} (it has: {})",
                names.join(", ")
            ))
        })?;
        // Anchor the rule to the whole input, as uri.pest's `*_entry` rules do.
        let anchored = format!("{text}\n{ENTRY} = {{ SOI ~ {rule} ~ EOI }}\n");
        let (_, vm) = compile(&anchored)?;
        Ok(LoadedGrammar { vm, rule })
    }

    pub fn rule(&self) -> &str {
        &self.rule
    }

    pub fn parse<'a>(&'a self, input: &'a str) -> Result<Pairs<'a, &'a str>, ParseError> {
        self.vm
            .parse(ENTRY, input)
            .map_err(|e| ParseError::from_pest(input, &self.rule, &e))
    }
}

/// A rule's name as its grammar spells it.
fn label<R: Debug>(rule: &R) -> String {
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

/// Writes the tree as indented lines: rule, byte span, matched text.
pub fn write_tree_text<R: RuleType>(out: &mut impl Write, pairs: Pairs<'_, R>) -> io::Result<()> {
    fn walk<R: RuleType>(out: &mut impl Write, pair: Pair<'_, R>, depth: usize) -> io::Result<()> {
        let span = pair.as_span();
        writeln!(
            out,
            "{:indent$}{} {}..{} {:?}",
            "",
            label(&pair.as_rule()),
            span.start(),
            span.end(),
            span.as_str(),
            indent = depth * 2
        )?;
        for child in pair.into_inner() {
            walk(out, child, depth + 1)?;
        }
        Ok(())
    }
    for pair in under_entry(pairs) {
        walk(out, pair, 0)?;
    }
    Ok(())
}

/// A parse tree node as JSON: `{"rule", "start", "end", "text", "children"}`.
pub struct TreeJson<'i, R: RuleType>(pub Pair<'i, R>);

impl<R: RuleType> serde::Serialize for TreeJson<'_, R> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let span = self.0.as_span();
        let children: Vec<TreeJson<'_, R>> = self.0.clone().into_inner().map(TreeJson).collect();
        let mut st = s.serialize_struct("Tree", 5)?;
        st.serialize_field("rule", &label(&self.0.as_rule()))?;
        st.serialize_field("start", &span.start())?;
        st.serialize_field("end", &span.end())?;
        st.serialize_field("text", span.as_str())?;
        st.serialize_field("children", &children)?;
        st.end()
    }
}

/// The JSON trees of an entry rule's pairs (normally one).
pub fn trees_json<R: RuleType>(pairs: Pairs<'_, R>) -> Vec<TreeJson<'_, R>> {
    under_entry(pairs).into_iter().map(TreeJson).collect()
}

/// The outcome of parsing one input with one rule, as JSON:
/// `{"input", "valid", "rule", "tree"}` or `{"input", "valid", "rule", "error"}`.
pub struct RuleResult<'a, 'i, R: RuleType> {
    pub input: &'a str,
    pub rule: &'a str,
    pub result: Result<Vec<TreeJson<'i, R>>, ParseError>,
}

impl<R: RuleType> serde::Serialize for RuleResult<'_, '_, R> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("RuleResult", 4)?;
        st.serialize_field("input", self.input)?;
        st.serialize_field("valid", &self.result.is_ok())?;
        st.serialize_field("rule", self.rule)?;
        match &self.result {
            Ok(trees) => st.serialize_field("tree", trees)?,
            Err(error) => st.serialize_field("error", error)?,
        }
        st.end()
    }
}

/// One rule of a grammar with the comments above it: the ABNF (`//`) and
/// the description (`///`).
pub struct RuleDoc {
    pub name: String,
    pub abnf: Vec<String>,
    pub doc: Vec<String>,
}

/// The rules of `text` (names from pest_meta) with their comments.
pub fn rule_docs(text: &str) -> Result<Vec<RuleDoc>, GrammarError> {
    let names = rule_names(text)?;
    let lines: Vec<&str> = text.lines().collect();
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
