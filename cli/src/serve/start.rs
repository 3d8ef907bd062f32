//! The grammar the page starts from: the built-in one, or `--grammar`'s
//! files with `--override`'s rules in place of theirs, read as every
//! command reads them; and its rules, grouped by the file they are in, for
//! the selector.

use serde_json::{Value, json};

use super::playground::{self, MAX_GRAMMAR_BYTES};
use crate::bounds::GrammarLimits;
use crate::grammar::{GrammarError, GrammarText, grammar_files, rule_docs};

/// The page's first grammar.
pub struct StartGrammar {
    /// Its text, as the editor shows it.
    text: String,
    /// Its files, as messages name them.
    name: String,
    built_in: bool,
    /// The selector's groups: a title (the file), and its rules in order.
    groups: Vec<(String, Vec<String>)>,
}

impl StartGrammar {
    /// The grammar of `files` (`FILE+FILE` and repeated flags as every
    /// command takes them; none: the built-in grammar) with the rules of
    /// `overrides` in place of its own; or a message saying why not.
    pub fn load(files: &[String], overrides: &[String]) -> Result<Self, String> {
        let built_in = files.is_empty() && overrides.is_empty();
        let grammar = GrammarText::read_with_overrides(
            &grammar_files(files),
            overrides,
            &GrammarLimits::default(),
        )
        .map_err(|GrammarError(message)| message)?;
        let text = if built_in {
            playground::built_in_text().to_owned()
        } else {
            grammar.text().to_owned()
        };
        if text.len() > MAX_GRAMMAR_BYTES {
            return Err(format!(
                "the grammar {} is {} bytes; the playground takes grammars of at most {MAX_GRAMMAR_BYTES} bytes",
                grammar.name(),
                text.len()
            ));
        }
        let docs = rule_docs(&grammar).map_err(|GrammarError(message)| message)?;
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for doc in docs {
            if playground::selectable(std::iter::once(doc.name.clone())).is_empty() {
                continue;
            }
            let title = title(&doc.source);
            match groups.iter_mut().find(|(t, _)| *t == title) {
                Some((_, rules)) => rules.push(doc.name),
                None => groups.push((title, vec![doc.name])),
            }
        }
        let name = if built_in {
            "uri.pest + iri.pest + rfc6874.pest (built in)".to_owned()
        } else {
            grammar.name()
        };
        Ok(StartGrammar {
            text,
            name,
            built_in,
            groups,
        })
    }

    /// The rules the selector lists.
    pub fn rule_count(&self) -> usize {
        self.groups.iter().map(|(_, rules)| rules.len()).sum()
    }

    /// What `GET /api/grammar` answers: `{"grammar", "name", "built_in",
    /// "rules", "groups": [{"title", "rules"}], "limits"}`, and
    /// `"built_in_grammar"` (the built-in grammar's text) when the page
    /// starts from another.
    pub fn to_json(&self) -> Value {
        let rules: Vec<&String> = self.groups.iter().flat_map(|(_, rules)| rules).collect();
        let groups: Vec<Value> = self
            .groups
            .iter()
            .map(|(title, rules)| json!({"title": title, "rules": rules}))
            .collect();
        let mut value = json!({
            "grammar": self.text,
            "name": self.name,
            "built_in": self.built_in,
            "rules": rules,
            "groups": groups,
            "limits": {
                "grammar_bytes": MAX_GRAMMAR_BYTES,
                "batch_lines": super::batch::MAX_BATCH_LINES,
                "batch_bytes": super::batch::MAX_BATCH_BYTES,
                "trace_input_bytes": playground::MAX_TRACE_INPUT_BYTES,
                "trace_attempts": playground::MAX_TRACE_ATTEMPTS,
            },
        });
        if !self.built_in {
            value["built_in_grammar"] = json!(playground::built_in_text());
        }
        value
    }
}

/// The selector's title for the rules of a file: for the built-in files,
/// the RFC they transcribe.
fn title(source: &str) -> String {
    match source {
        "uri.pest (built in)" => "RFC 3986 URIs (uri.pest)".to_owned(),
        "iri.pest (built in)" => "RFC 3987 IRIs (iri.pest)".to_owned(),
        "rfc6874.pest (built in)" => "RFC 6874 zone identifiers (rfc6874.pest)".to_owned(),
        _ => source.to_owned(),
    }
}
