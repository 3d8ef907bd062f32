//! The report of `peguri grammar coverage`, as text, Markdown, CSV or JSON:
//! the rules used and their alternatives (in the ABNF's order, the ABNF
//! beside the pest text), with counts, shares of the valid inputs, an
//! example input each, and per file with `--by-file`; then the rules
//! never used, apart from the alternatives never used in rules that are.

use std::fmt::Write as _;

use super::Json;
use super::coverage::{Choice, Count, Instrumented};
use crate::grammar::GrammarText;

/// Everything the report shows.
pub(super) struct Report<'a> {
    pub(super) grammar: &'a GrammarText,
    pub(super) rule: &'a str,
    pub(super) grammar_rules: &'a Instrumented,
    pub(super) rules: &'a [Count],
    pub(super) alternatives: &'a [Count],
    /// The input files (`-`: stdin).
    pub(super) files: &'a [String],
    pub(super) by_file: bool,
    pub(super) valid_by_file: &'a [u64],
    pub(super) inputs: u64,
    pub(super) valid: u64,
    pub(super) invalid: u64,
    pub(super) stopped_count: u64,
    pub(super) stopped: &'a [String],
}

/// One alternative as the report lists it.
struct Row<'a> {
    /// Its number in the ABNF's group, and the ABNF's text (if paired).
    abnf: Option<(usize, &'a str)>,
    /// Its number in pest's choice, and pest's text.
    pest: (usize, &'a str),
    count: &'a Count,
}

/// A share in percent as the report writes it: one decimal, or three
/// under 0.1 (10 inputs of 100,000 are 0.010, not 0.0).
fn percent_text(p: f64) -> String {
    if p > 0.0 && p < 0.1 {
        format!("{p:.3}")
    } else {
        format!("{p:.1}")
    }
}

impl<'a> Report<'a> {
    fn percent(&self, inputs: u64) -> f64 {
        if self.valid == 0 {
            0.0
        } else {
            100.0 * inputs as f64 / self.valid as f64
        }
    }

    /// `FILE:LINE` of the first input a row was used by.
    fn example(&self, count: &Count) -> String {
        count.first.map_or_else(String::new, |(file, line)| {
            let name = self.files.get(file).map_or("-", String::as_str);
            format!("{}:{line}", peguri::error::Quoted::new(name))
        })
    }

    /// The short names of the input files, for column headers.
    fn file_labels(&self) -> Vec<String> {
        self.files
            .iter()
            .map(|f| {
                std::path::Path::new(f)
                    .file_name()
                    .map_or_else(|| f.clone(), |n| n.to_string_lossy().into_owned())
            })
            .collect()
    }

    fn per_file(&self, count: &Count) -> Vec<u64> {
        (0..self.files.len())
            .map(|i| count.by_file.get(i).copied().unwrap_or(0))
            .collect()
    }

    /// Rules reachable from the entry rule, outside lookaheads: the ones a
    /// parse can count.
    fn counted_rules(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.grammar_rules.names.len())
            .filter(|&i| self.grammar_rules.reachable_outside_lookahead[i])
    }

    fn rule_used(&self, rule: usize) -> bool {
        self.rules.get(rule).is_some_and(|c| c.matches > 0)
    }

    /// Choices the parse counts, in rules that are used or not.
    fn choices(&self, used: bool) -> impl Iterator<Item = &'a Choice> + '_ {
        let g = self.grammar_rules;
        g.choices.iter().filter(move |c| {
            g.reachable_outside_lookahead[c.rule] && self.rule_used(c.rule) == used
        })
    }

    /// A choice's alternatives in the ABNF's order (those the ABNF does
    /// not have last, in pest's order).
    fn rows(&self, choice: &'a Choice) -> Vec<Row<'a>> {
        let g = self.grammar_rules;
        let mut rows: Vec<Row<'a>> = choice
            .alternatives
            .iter()
            .enumerate()
            .map(|(k, &id)| Row {
                abnf: choice
                    .pairing
                    .abnf
                    .get(k)
                    .and_then(|a| a.as_ref())
                    .map(|(j, text)| (j + 1, text.as_str())),
                pest: (g.alternatives[id].index, g.alternatives[id].text.as_str()),
                count: &self.alternatives[id],
            })
            .collect();
        rows.sort_by_key(|r| (r.abnf.map_or(usize::MAX, |(j, _)| j), r.pest.0));
        rows
    }

    /// How the PEG orders a choice's alternatives, when not as the ABNF
    /// does: the ABNF's numbers in the order pest tries them.
    fn reorder_note(choice: &Choice) -> Option<String> {
        if !choice.pairing.reordered() {
            return None;
        }
        let order: Vec<String> = choice
            .pairing
            .abnf
            .iter()
            .map(|a| {
                a.as_ref()
                    .map_or("-".to_owned(), |(j, _)| (j + 1).to_string())
            })
            .collect();
        Some(format!(
            "the PEG tries the ABNF's alternatives in the order {}",
            order.join(", ")
        ))
    }

    fn choice_title(&self, choice: &Choice) -> String {
        let g = self.grammar_rules;
        format!("{} choice {}", g.names[choice.rule], choice.ordinal)
    }

    /// Alternatives never used, in rules that are used.
    fn dead_alternatives(&self) -> Vec<(&'a Choice, Row<'a>)> {
        self.choices(true)
            .flat_map(|choice| {
                self.rows(choice)
                    .into_iter()
                    .filter(|r| r.count.matches == 0)
                    .map(move |r| (choice, r))
            })
            .collect()
    }

    fn dead_rules(&self) -> Vec<&'a str> {
        let g = self.grammar_rules;
        self.counted_rules()
            .filter(|&i| !self.rule_used(i))
            .map(|i| g.names[i].as_str())
            .collect()
    }

    /// The alternatives of the rules never used, per rule: (rule, count).
    fn alternatives_in_dead_rules(&self) -> Vec<(&'a str, usize)> {
        let g = self.grammar_rules;
        let mut out: Vec<(&'a str, usize)> = Vec::new();
        for choice in self.choices(false) {
            let name = g.names[choice.rule].as_str();
            match out.iter_mut().find(|(r, _)| *r == name) {
                Some((_, n)) => *n += choice.alternatives.len(),
                None => out.push((name, choice.alternatives.len())),
            }
        }
        out
    }

    fn headline(&self) -> String {
        format!(
            "{} inputs: {} valid (counted), {} invalid, {} stopped; grammar {}, rule {}",
            self.inputs,
            self.valid,
            self.invalid,
            self.stopped_count,
            self.grammar.name(),
            self.rule
        )
    }

    pub(super) fn text(&self) -> String {
        let g = self.grammar_rules;
        let mut s = String::new();
        let _ = writeln!(s, "{}", self.headline());
        for line in self.stopped {
            let _ = writeln!(s, "{line}");
        }
        let labels = self.file_labels();
        let file_columns = |s: &mut String, values: &[u64]| {
            if self.by_file {
                for (value, label) in values.iter().zip(&labels) {
                    let _ = write!(s, " {value:>w$}", w = label.len().max(9));
                }
            }
        };
        let _ = write!(s, "\n{:>10} {:>9} {:>7}", "matches", "inputs", "%");
        if self.by_file {
            for label in &labels {
                let _ = write!(s, " {label:>w$}", w = label.len().max(9));
            }
        }
        let _ = writeln!(s, "  rule (example)");
        for i in self.counted_rules().filter(|&i| self.rule_used(i)) {
            let count = &self.rules[i];
            let _ = write!(
                s,
                "{:>10} {:>9} {:>6}%",
                count.matches,
                count.inputs,
                percent_text(self.percent(count.inputs))
            );
            file_columns(&mut s, &self.per_file(count));
            let _ = writeln!(s, "  {} ({})", g.names[i], self.example(count));
        }
        let _ = writeln!(
            s,
            "\nalternatives of the rules used, numbered in the ABNF's order (pest's number in parentheses):"
        );
        for choice in self.choices(true) {
            let rows = self.rows(choice);
            let _ = write!(s, "{:31}{}", "", self.choice_title(choice));
            match Self::reorder_note(choice) {
                Some(note) => {
                    let _ = writeln!(s, ": {note}");
                }
                None => s.push('\n'),
            }
            let width = rows
                .iter()
                .map(|r| r.abnf.map_or(1, |(_, t)| t.chars().count()))
                .max()
                .unwrap_or(1);
            for row in &rows {
                let _ = write!(
                    s,
                    "{:>10} {:>9} {:>6}%",
                    row.count.matches,
                    row.count.inputs,
                    percent_text(self.percent(row.count.inputs))
                );
                file_columns(&mut s, &self.per_file(row.count));
                let (number, abnf) = row
                    .abnf
                    .map_or(("-".to_owned(), "-"), |(n, t)| (format!("{n}."), t));
                let _ = write!(
                    s,
                    "  {number:>3} {abnf:width$}  ({}) {}",
                    row.pest.0, row.pest.1
                );
                if row.count.inputs > 0 {
                    let _ = write!(s, "  [{}]", self.example(row.count));
                }
                s.push('\n');
            }
            for (j, text) in &choice.pairing.unpaired {
                let _ = writeln!(
                    s,
                    "{:31}  {:>3} {text}  (no pest alternative)",
                    "",
                    format!("{}.", j + 1)
                );
            }
        }
        let dead = self.dead_rules();
        let _ = writeln!(s, "\nrules never used ({}):", dead.len());
        if !dead.is_empty() {
            let _ = writeln!(s, "  {}", dead.join(", "));
        }
        let dead_alternatives = self.dead_alternatives();
        let _ = writeln!(
            s,
            "alternatives never used, in rules that are used ({}):",
            dead_alternatives.len()
        );
        for (choice, row) in &dead_alternatives {
            let abnf = row
                .abnf
                .map_or_else(String::new, |(n, t)| format!("{n}. {t} = "));
            let _ = writeln!(
                s,
                "  {}: {abnf}({}) {}",
                self.choice_title(choice),
                row.pest.0,
                row.pest.1
            );
        }
        let in_dead = self.alternatives_in_dead_rules();
        let total: usize = in_dead.iter().map(|(_, n)| n).sum();
        let listed: Vec<String> = in_dead.iter().map(|(r, n)| format!("{r} {n}")).collect();
        let _ = writeln!(
            s,
            "alternatives in rules never used ({total}): {}",
            listed.join(", ")
        );
        let only_lookahead: Vec<&str> = (0..g.names.len())
            .filter(|&i| g.reachable[i] && !g.reachable_outside_lookahead[i])
            .map(|i| g.names[i].as_str())
            .collect();
        if !only_lookahead.is_empty() {
            let _ = writeln!(
                s,
                "rules reached only inside lookaheads (not counted): {}",
                only_lookahead.join(", ")
            );
        }
        let lookahead: Vec<String> = g
            .in_lookahead
            .iter()
            .filter(|(rule, _)| g.reachable_outside_lookahead[*rule])
            .map(|(rule, text)| format!("{} ({text})", g.names[*rule]))
            .collect();
        if !lookahead.is_empty() {
            let _ = writeln!(
                s,
                "choices inside lookaheads (not counted): {}",
                lookahead.join(", ")
            );
        }
        let unreachable = (0..g.names.len()).filter(|&i| !g.reachable[i]).count();
        let _ = writeln!(
            s,
            "rules not reachable from {} ({unreachable}): not listed (--json lists them)",
            self.rule
        );
        s
    }

    pub(super) fn markdown(&self) -> String {
        let g = self.grammar_rules;
        let code = |text: &str| {
            let text = text.replace('|', "\\|");
            if text.contains('`') {
                format!("`` {text} ``")
            } else {
                format!("`{text}`")
            }
        };
        let labels = self.file_labels();
        let file_header = |s: &mut String| {
            if self.by_file {
                for label in &labels {
                    let _ = write!(s, " {} |", code(label));
                }
            }
        };
        let file_rule = |s: &mut String| {
            if self.by_file {
                s.push_str("---:|".repeat(labels.len()).as_str());
            }
        };
        let file_cells = |s: &mut String, count: &Count| {
            if self.by_file {
                for value in self.per_file(count) {
                    let _ = write!(s, " {value} |");
                }
            }
        };
        let mut s = String::new();
        let _ = writeln!(
            s,
            "# Coverage of {} by {} inputs\n",
            code(self.rule),
            self.inputs
        );
        let _ = writeln!(
            s,
            "{} valid (counted), {} invalid, {} stopped; grammar {}.\n",
            self.valid,
            self.invalid,
            self.stopped_count,
            self.grammar.name()
        );
        if self.by_file {
            let per: Vec<String> = labels
                .iter()
                .zip(self.valid_by_file)
                .map(|(l, v)| format!("{} {v}", code(l)))
                .collect();
            let _ = writeln!(s, "Valid inputs per file: {}.\n", per.join(", "));
        }
        let _ = writeln!(s, "## Rules used\n");
        let _ = write!(s, "| rule | matches | inputs | % of valid |");
        file_header(&mut s);
        let _ = writeln!(s, " example |");
        let _ = write!(s, "|---|---:|---:|---:|");
        file_rule(&mut s);
        let _ = writeln!(s, "---|");
        for i in self.counted_rules().filter(|&i| self.rule_used(i)) {
            let count = &self.rules[i];
            let _ = write!(
                s,
                "| {} | {} | {} | {} |",
                code(&g.names[i]),
                count.matches,
                count.inputs,
                percent_text(self.percent(count.inputs))
            );
            file_cells(&mut s, count);
            let _ = writeln!(s, " {} |", self.example(count));
        }
        let _ = writeln!(
            s,
            "\n## Alternatives of the rules used\n\nNumbered in the order of the ABNF above each rule; pest's number in parentheses.\n"
        );
        for choice in self.choices(true) {
            let _ = writeln!(s, "### {}\n", code(&self.choice_title(choice)));
            if let Some(note) = Self::reorder_note(choice) {
                let _ = writeln!(s, "Reordered: {note}.\n");
            }
            let _ = write!(s, "| # | ABNF | pest | matches | inputs | % of valid |");
            file_header(&mut s);
            let _ = writeln!(s, " example |");
            let _ = write!(s, "|---:|---|---|---:|---:|---:|");
            file_rule(&mut s);
            let _ = writeln!(s, "---|");
            for row in self.rows(choice) {
                let (number, abnf) = row.abnf.map_or(("-".to_owned(), "-".to_owned()), |(n, t)| {
                    (n.to_string(), code(t))
                });
                let _ = write!(
                    s,
                    "| {number} | {abnf} | ({}) {} | {} | {} | {} |",
                    row.pest.0,
                    code(row.pest.1),
                    row.count.matches,
                    row.count.inputs,
                    percent_text(self.percent(row.count.inputs))
                );
                file_cells(&mut s, row.count);
                let _ = writeln!(s, " {} |", self.example(row.count));
            }
            for (j, text) in &choice.pairing.unpaired {
                let _ = writeln!(s, "| {} | {} | (none) | | | | |", j + 1, code(text));
            }
            s.push('\n');
        }
        let dead = self.dead_rules();
        let _ = writeln!(s, "## Rules never used ({})\n", dead.len());
        let listed: Vec<String> = dead.iter().map(|r| code(r)).collect();
        let _ = writeln!(s, "{}\n", listed.join(", "));
        let dead_alternatives = self.dead_alternatives();
        let _ = writeln!(
            s,
            "## Alternatives never used in rules that are used ({})\n",
            dead_alternatives.len()
        );
        let _ = writeln!(s, "| rule | # | ABNF | pest |\n|---|---:|---|---|");
        for (choice, row) in &dead_alternatives {
            let (number, abnf) = row.abnf.map_or(("-".to_owned(), "-".to_owned()), |(n, t)| {
                (n.to_string(), code(t))
            });
            let _ = writeln!(
                s,
                "| {} | {number} | {abnf} | ({}) {} |",
                code(&self.choice_title(choice)),
                row.pest.0,
                code(row.pest.1)
            );
        }
        let in_dead = self.alternatives_in_dead_rules();
        let total: usize = in_dead.iter().map(|(_, n)| n).sum();
        let listed: Vec<String> = in_dead
            .iter()
            .map(|(r, n)| format!("{} ({n})", code(r)))
            .collect();
        let _ = writeln!(
            s,
            "\n## Alternatives in rules never used ({total})\n\n{}",
            listed.join(", ")
        );
        s
    }

    pub(super) fn csv(&self) -> String {
        let g = self.grammar_rules;
        let field = |text: &str| {
            if text.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", text.replace('"', "\"\""))
            } else {
                text.to_owned()
            }
        };
        let mut s = String::from(
            "kind,rule,choice,abnf_number,abnf,pest_number,pest,status,matches,inputs,percent,example",
        );
        for label in self.file_labels().iter().filter(|_| self.by_file) {
            let _ = write!(s, ",{}", field(&format!("inputs {label}")));
        }
        s.push('\n');
        let files = |count: &Count| -> String {
            if !self.by_file {
                return String::new();
            }
            self.per_file(count)
                .iter()
                .map(|v| format!(",{v}"))
                .collect()
        };
        for i in self.counted_rules() {
            let count = &self.rules[i];
            let status = if self.rule_used(i) {
                "used"
            } else {
                "never-used"
            };
            let _ = writeln!(
                s,
                "rule,{},,,,,,{status},{},{},{},{}{}",
                field(&g.names[i]),
                count.matches,
                count.inputs,
                percent_text(self.percent(count.inputs)),
                field(&self.example(count)),
                files(count)
            );
        }
        for used in [true, false] {
            for choice in self.choices(used) {
                for row in self.rows(choice) {
                    let status = match (used, row.count.matches > 0) {
                        (false, _) => "in-unused-rule",
                        (true, true) => "used",
                        (true, false) => "never-used",
                    };
                    let (number, abnf) = row
                        .abnf
                        .map_or((String::new(), ""), |(n, t)| (n.to_string(), t));
                    let _ = writeln!(
                        s,
                        "alternative,{},{},{number},{},{},{},{status},{},{},{},{}{}",
                        field(&g.names[choice.rule]),
                        choice.ordinal,
                        field(abnf),
                        row.pest.0,
                        field(row.pest.1),
                        row.count.matches,
                        row.count.inputs,
                        percent_text(self.percent(row.count.inputs)),
                        field(&self.example(row.count)),
                        files(row.count)
                    );
                }
            }
        }
        s
    }

    pub(super) fn json(&self) -> Json {
        let g = self.grammar_rules;
        let labels = self.files.to_vec();
        let count = |c: &Count| {
            let mut entries = vec![
                ("matches", Json::of(c.matches)),
                ("inputs", Json::of(c.inputs)),
                (
                    "percent",
                    Json::of((self.percent(c.inputs) * 10.0).round() / 10.0),
                ),
                ("example", Json::of(self.example(c))),
            ];
            if self.by_file {
                let map: serde_json::Map<String, serde_json::Value> = labels
                    .iter()
                    .zip(self.per_file(c))
                    .map(|(f, v)| (f.clone(), serde_json::json!(v)))
                    .collect();
                entries.push(("by_file", Json::Value(serde_json::Value::Object(map))));
            }
            entries
        };
        let rules = (0..g.names.len())
            .map(|i| {
                let mut entries = vec![
                    ("rule", Json::of(g.names[i].as_str())),
                    ("reachable", Json::of(g.reachable[i])),
                    ("counted", Json::of(g.reachable_outside_lookahead[i])),
                ];
                entries.extend(count(&self.rules[i]));
                Json::Object(entries)
            })
            .collect();
        let abnf_of = |choice: &Choice, k: usize| {
            choice
                .pairing
                .abnf
                .get(k)
                .and_then(|a| a.as_ref())
                .map(|(j, t)| (j + 1, t.clone()))
        };
        let choices = g
            .choices
            .iter()
            .map(|choice| {
                let alternatives = choice
                    .alternatives
                    .iter()
                    .enumerate()
                    .map(|(k, &id)| {
                        let a = &g.alternatives[id];
                        let abnf = abnf_of(choice, k);
                        let mut entries = vec![
                            ("alternative", Json::of(a.index)),
                            ("text", Json::of(a.text.as_str())),
                            ("abnf_alternative", Json::of(abnf.as_ref().map(|(n, _)| *n))),
                            ("abnf", Json::of(abnf.map(|(_, t)| t))),
                        ];
                        entries.extend(count(&self.alternatives[id]));
                        Json::Object(entries)
                    })
                    .collect();
                let unpaired = choice
                    .pairing
                    .unpaired
                    .iter()
                    .map(|(j, t)| {
                        Json::Object(vec![
                            ("abnf_alternative", Json::of(j + 1)),
                            ("abnf", Json::of(t.as_str())),
                        ])
                    })
                    .collect();
                Json::Object(vec![
                    ("rule", Json::of(g.names[choice.rule].as_str())),
                    ("choice", Json::of(choice.ordinal)),
                    (
                        "counted",
                        Json::of(g.reachable_outside_lookahead[choice.rule]),
                    ),
                    ("reordered", Json::of(choice.pairing.reordered())),
                    ("alternatives", Json::Array(alternatives)),
                    ("abnf_without_pest", Json::Array(unpaired)),
                ])
            })
            .collect();
        let unused_rules = self.dead_rules().into_iter().map(Json::of).collect();
        let unused_alternatives = g
            .choices
            .iter()
            .filter(|c| g.reachable_outside_lookahead[c.rule])
            .flat_map(|choice| {
                choice
                    .alternatives
                    .iter()
                    .enumerate()
                    .filter(|(_, id)| self.alternatives[**id].matches == 0)
                    .map(move |(k, &id)| (choice, k, id))
            })
            .map(|(choice, k, id)| {
                let abnf = abnf_of(choice, k);
                Json::Object(vec![
                    ("rule", Json::of(g.names[choice.rule].as_str())),
                    ("choice", Json::of(choice.ordinal)),
                    ("alternative", Json::of(g.alternatives[id].index)),
                    ("text", Json::of(g.alternatives[id].text.as_str())),
                    ("abnf_alternative", Json::of(abnf.as_ref().map(|(n, _)| *n))),
                    ("abnf", Json::of(abnf.map(|(_, t)| t))),
                    ("in_unused_rule", Json::of(!self.rule_used(choice.rule))),
                ])
            })
            .collect();
        let in_lookahead = g
            .in_lookahead
            .iter()
            .map(|(rule, text)| {
                Json::Object(vec![
                    ("rule", Json::of(g.names[*rule].as_str())),
                    ("choice", Json::of(text.as_str())),
                ])
            })
            .collect();
        let files = self
            .grammar
            .file_names()
            .into_iter()
            .map(Json::of)
            .collect();
        let mut entries = vec![
            ("grammar", Json::Array(files)),
            ("rule", Json::of(self.rule)),
            ("inputs", Json::of(self.inputs)),
            ("valid", Json::of(self.valid)),
            ("invalid", Json::of(self.invalid)),
            ("stopped", Json::of(self.stopped_count)),
            ("rules", Json::Array(rules)),
            ("choices", Json::Array(choices)),
            ("unused_rules", Json::Array(unused_rules)),
            ("unused_alternatives", Json::Array(unused_alternatives)),
            ("choices_in_lookaheads", Json::Array(in_lookahead)),
        ];
        if self.by_file {
            let valid: serde_json::Map<String, serde_json::Value> = self
                .files
                .iter()
                .zip(self.valid_by_file)
                .map(|(f, v)| (f.clone(), serde_json::json!(v)))
                .collect();
            entries.push((
                "valid_by_file",
                Json::Value(serde_json::Value::Object(valid)),
            ));
        }
        Json::Object(entries)
    }
}
