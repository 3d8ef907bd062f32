//! Reading ABNF text (through the `abnf` crate), applying delta files the
//! way RFC 3987 and RFC 6874 amend RFC 3986, and adding RFC 5234's core
//! rules where a grammar calls them.

use std::collections::{HashMap, HashSet};

use abnf::types::{Kind, Node as AbnfNode, Repeat, TerminalValues};

use crate::grammar::{CharSet, Error, Expr, Grammar, Names, Rule};

/// RFC 5234 Appendix B.1, the core rules, added to a grammar that calls
/// one without defining it (RFC 3986 Appendix A calls `ALPHA`, `DIGIT`
/// and `HEXDIG`).
pub const CORE_RULES: &str = "\
ALPHA = %x41-5A / %x61-7A
BIT = \"0\" / \"1\"
CHAR = %x01-7F
CR = %x0D
CRLF = CR LF
CTL = %x00-1F / %x7F
DIGIT = %x30-39
DQUOTE = %x22
HEXDIG = DIGIT / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"
HTAB = %x09
LF = %x0A
LWSP = *(WSP / CRLF WSP)
OCTET = %x00-FF
SP = %x20
VCHAR = %x21-7E
WSP = SP / HTAB
";

/// The deepest nesting of `( )` and `[ ]` read: the `abnf` crate reads
/// nesting recursively, so a deeper file is refused before it is read.
pub const MAX_NESTING: usize = 256;

/// The rules RFC 3987 section 2.2 restates unchanged from RFC 3986 although
/// they would change with `iunreserved` (`IP-literal`, through
/// `IPvFuture`), or that the delta file names as staying ASCII-only.
pub const RFC3987_UNCHANGED: [&str; 5] =
    ["scheme", "port", "IP-literal", "IPv4address", "pct-encoded"];

/// One definition of a file: `name = expr` or `name =/ expr`.
struct Definition {
    name: String,
    expr: Expr,
    incremental: bool,
}

/// The rules of `files` (name, text): the first file, then each other
/// file applied to it as a delta, then the core rules it calls.
pub(crate) fn read_files(files: &[(&str, &str)]) -> Result<Vec<Rule>, Error> {
    let Some(((base_name, base_text), deltas)) = files.split_first() else {
        return Err(Error::new("no ABNF file to read"));
    };
    let mut rules: Vec<Rule> = Vec::new();
    let mut defined = HashSet::new();
    let definitions = parse_file(base_name, base_text)?;
    if definitions.is_empty() {
        return Err(Error::new(format!(
            "the ABNF file {base_name} defines no rule"
        )));
    }
    for definition in definitions {
        define(&mut rules, &mut defined, definition, base_name)?;
    }
    for (name, text) in deltas {
        apply_delta(&mut rules, parse_file(name, text)?, name)?;
    }
    add_core_rules(&mut rules)?;
    Ok(rules)
}

fn key(name: &str) -> String {
    Names::Abnf.key(name)
}

fn find(rules: &[Rule], name: &str) -> Option<usize> {
    let wanted = key(name);
    rules.iter().position(|r| key(&r.name) == wanted)
}

/// Reads one file's definitions, in order.
fn parse_file(name: &str, text: &str) -> Result<Vec<Definition>, Error> {
    let depth = nesting(text);
    if depth > MAX_NESTING {
        return Err(Error::new(format!(
            "the ABNF file {name} nests ( ) and [ ] {depth} deep; at most {MAX_NESTING} is read"
        )));
    }
    // The reader wants every rule to end with a line break.
    let mut owned;
    let mut text = text;
    if !text.ends_with('\n') {
        owned = text.to_owned();
        owned.push('\n');
        text = &owned;
    }
    let rules = abnf::rulelist(text).map_err(|e| {
        Error::new(format!(
            "the ABNF file {name} does not parse (RFC 5234; a rule starts at the beginning of a line, \
             its continuation lines are indented):\n{}",
            e.to_string().trim_end()
        ))
    })?;
    rules
        .into_iter()
        .map(|rule| {
            Ok(Definition {
                name: rule.name().to_owned(),
                expr: convert(rule.node(), name, rule.name())?,
                incremental: rule.kind() == Kind::Incremental,
            })
        })
        .collect()
}

/// How deeply `( )` and `[ ]` nest in ABNF text, outside strings, prose
/// and comments.
fn nesting(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                chars.by_ref().find(|&c| c == '"' || c == '\n');
            }
            '<' => {
                chars.by_ref().find(|&c| c == '>' || c == '\n');
            }
            ';' => {
                chars.by_ref().find(|&c| c == '\n');
            }
            '(' | '[' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

fn count(n: usize, file: &str, rule: &str) -> Result<u32, Error> {
    u32::try_from(n).map_err(|_| {
        Error::new(format!(
            "the rule \"{rule}\" in {file} repeats something {n} times, more than can be run"
        ))
    })
}

/// The `abnf` crate's node as an [`Expr`].
fn convert(node: &AbnfNode, file: &str, rule: &str) -> Result<Expr, Error> {
    let all = |nodes: &[AbnfNode]| -> Result<Vec<Expr>, Error> {
        nodes.iter().map(|n| convert(n, file, rule)).collect()
    };
    Ok(match node {
        AbnfNode::Alternatives(nodes) => Expr::Alt(all(nodes)?),
        AbnfNode::Concatenation(nodes) => Expr::Seq(all(nodes)?),
        AbnfNode::Repetition { repeat, node } => {
            let (min, max) = match repeat {
                Repeat::Specific(n) => (count(*n, file, rule)?, Some(count(*n, file, rule)?)),
                Repeat::Variable { min, max } => (
                    count(min.unwrap_or(0), file, rule)?,
                    max.map(|m| count(m, file, rule)).transpose()?,
                ),
            };
            Expr::Repeat {
                min,
                max,
                expr: Box::new(convert(node, file, rule)?),
            }
        }
        AbnfNode::Rulename(name) => Expr::Rule(name.clone()),
        AbnfNode::Group(node) => convert(node, file, rule)?,
        AbnfNode::Optional(node) => Expr::Optional(Box::new(convert(node, file, rule)?)),
        AbnfNode::String(literal) => Expr::Text {
            text: literal.value().to_owned(),
            case_sensitive: literal.is_case_sensitive(),
        },
        AbnfNode::TerminalValues(TerminalValues::Range(first, last)) => {
            Expr::Chars(CharSet::new([(*first, *last)]))
        }
        AbnfNode::TerminalValues(TerminalValues::Concatenation(values)) => match values[..] {
            [value] => Expr::Chars(CharSet::single(value)),
            _ => Expr::Seq(
                values
                    .iter()
                    .map(|&v| Expr::Chars(CharSet::single(v)))
                    .collect(),
            ),
        },
        AbnfNode::Prose(words) => Expr::Prose(words.clone()),
    })
}

/// `expr`'s alternatives followed by `more`'s (`=/`).
fn extended(expr: Expr, more: Expr) -> Expr {
    let mut alternatives = match expr {
        Expr::Alt(items) => items,
        other => vec![other],
    };
    match more {
        Expr::Alt(items) => alternatives.extend(items),
        other => alternatives.push(other),
    }
    Expr::Alt(alternatives)
}

/// A definition of the first file: a rule, or (`=/`) more alternatives of
/// one defined before.
fn define(
    rules: &mut Vec<Rule>,
    defined: &mut HashSet<String>,
    definition: Definition,
    file: &str,
) -> Result<(), Error> {
    let Definition {
        name,
        expr,
        incremental,
    } = definition;
    match (find(rules, &name), incremental) {
        (Some(i), true) => {
            let old = std::mem::replace(&mut rules[i].expr, Expr::Alt(Vec::new()));
            rules[i].expr = extended(old, expr);
        }
        (None, true) => {
            return Err(Error::new(format!(
                "{file} adds alternatives to the rule \"{name}\" (=/), which is not defined before"
            )));
        }
        (Some(_), false) => {
            return Err(Error::new(format!(
                "the rule \"{name}\" is defined twice in {file}"
            )));
        }
        (None, false) => {
            defined.insert(key(&name));
            rules.push(Rule::new(name, expr));
        }
    }
    Ok(())
}

/// Applies a delta file as RFC 3987 and RFC 6874 amend RFC 3986:
///
/// - a rule the grammar has is replaced (RFC 6874's `IP-literal`);
/// - `=/` adds alternatives to a rule;
/// - a rule `iX` where the grammar has `X` is an IRI rule (RFC 3987's
///   `iunreserved`, `iquery`): every rule that reaches such an `X` gets an
///   IRI copy calling the IRI rules, named as RFC 3987 section 2.2 names
///   them (`URI` becomes `IRI`, any other name gets an `i`), except the
///   rules RFC 3987 keeps ([`RFC3987_UNCHANGED`]) and those reached only
///   through them (`IPvFuture`);
/// - any other rule is added.
fn apply_delta(
    rules: &mut Vec<Rule>,
    definitions: Vec<Definition>,
    file: &str,
) -> Result<(), Error> {
    let base_len = rules.len();
    let mut defined_here = HashSet::new();
    let mut changed = Vec::new();
    for Definition {
        name,
        expr,
        incremental,
    } in definitions
    {
        let k = key(&name);
        match find(rules, &name) {
            Some(i) if incremental => {
                let old = std::mem::replace(&mut rules[i].expr, Expr::Alt(Vec::new()));
                rules[i].expr = extended(old, expr);
            }
            None if incremental => {
                return Err(Error::new(format!(
                    "{file} adds alternatives to the rule \"{name}\" (=/), which is not defined before"
                )));
            }
            Some(_) if defined_here.contains(&k) => {
                return Err(Error::new(format!(
                    "the rule \"{name}\" is defined twice in {file}"
                )));
            }
            Some(i) => rules[i] = Rule::new(name, expr),
            None => {
                let base = name.get(1..).filter(|_| name.starts_with(['i', 'I']));
                if let Some(base) = base.and_then(|b| find(&rules[..base_len], b)) {
                    changed.push((base, name.clone()));
                }
                rules.push(Rule::new(name, expr));
            }
        }
        defined_here.insert(k);
    }
    if !changed.is_empty() {
        derive_iri_rules(rules, base_len, &changed)?;
    }
    Ok(())
}

/// RFC 3987's name for the IRI copy of a rule.
pub(crate) fn iri_name(name: &str) -> String {
    if name.contains("URI") {
        name.replacen("URI", "IRI", 1)
    } else {
        format!("i{name}")
    }
}

/// Adds the IRI copies of the first `base_len` rules (see [`apply_delta`]);
/// `changed` pairs a base rule with the delta rule that replaces it in IRIs.
fn derive_iri_rules(
    rules: &mut Vec<Rule>,
    base_len: usize,
    changed: &[(usize, String)],
) -> Result<(), Error> {
    let index: HashMap<String, usize> = rules
        .iter()
        .enumerate()
        .map(|(i, r)| (key(&r.name), i))
        .collect();
    let calls: Vec<Vec<usize>> = rules
        .iter()
        .map(|rule| {
            let mut names = Vec::new();
            rule.expr.calls(&mut names);
            names
                .iter()
                .filter_map(|n| index.get(&key(n)).copied())
                .collect()
        })
        .collect();
    let kept: HashSet<usize> = RFC3987_UNCHANGED
        .iter()
        .filter_map(|n| index.get(&key(n)).copied())
        .collect();
    let is_changed: HashSet<usize> = changed.iter().map(|(i, _)| *i).collect();

    // Reachable from a rule nothing calls, without entering a kept rule.
    let mut called = vec![false; rules.len()];
    for (caller, callees) in calls.iter().enumerate() {
        for &callee in callees {
            if callee != caller {
                called[callee] = true;
            }
        }
    }
    let mut outside = vec![false; rules.len()];
    let mut stack: Vec<usize> = (0..rules.len())
        .filter(|&i| !called[i] && !kept.contains(&i))
        .collect();
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut outside[i], true) {
            continue;
        }
        stack.extend(
            calls[i]
                .iter()
                .filter(|c| !kept.contains(c) && !outside[**c]),
        );
    }
    // Reaches a changed rule, without passing through a kept one.
    let mut reaches = vec![false; rules.len()];
    for &i in &is_changed {
        reaches[i] = true;
    }
    loop {
        let mut more = false;
        for i in 0..rules.len() {
            if !reaches[i]
                && !kept.contains(&i)
                && calls[i].iter().any(|&c| reaches[c] && !kept.contains(&c))
            {
                reaches[i] = true;
                more = true;
            }
        }
        if !more {
            break;
        }
    }
    let copied: Vec<usize> = (0..base_len)
        .filter(|i| reaches[*i] && outside[*i] && !is_changed.contains(i) && !kept.contains(i))
        .collect();
    let mut renames: HashMap<String, String> = changed
        .iter()
        .map(|(i, name)| (key(&rules[*i].name), name.clone()))
        .collect();
    for &i in &copied {
        renames.insert(key(&rules[i].name), iri_name(&rules[i].name));
    }
    let rename = |name: &str| renames.get(&key(name)).cloned();
    for &i in &copied {
        let name = iri_name(&rules[i].name);
        if index.contains_key(&key(&name)) {
            return Err(Error::new(format!(
                "the IRI copy of the rule \"{}\" would be \"{name}\", which is defined already",
                rules[i].name
            )));
        }
        let expr = rules[i].expr.renamed(&rename);
        rules.push(Rule::new(name, expr));
    }
    Ok(())
}

/// Adds the core rules the grammar calls and does not define, and those
/// they call in turn.
fn add_core_rules(rules: &mut Vec<Rule>) -> Result<(), Error> {
    let core = parse_file("(RFC 5234 core rules)", CORE_RULES)?;
    loop {
        let defined: HashSet<String> = rules.iter().map(|r| key(&r.name)).collect();
        let mut wanted = Vec::new();
        for rule in rules.iter() {
            let mut names = Vec::new();
            collect_calls(&rule.expr, &mut names);
            wanted.extend(names.into_iter().map(key).filter(|k| !defined.contains(k)));
        }
        let missing: Vec<&Definition> = core
            .iter()
            .filter(|d| wanted.contains(&key(&d.name)))
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        for definition in missing {
            rules.push(Rule::new(definition.name.clone(), definition.expr.clone()));
        }
    }
}

/// The rules an expression calls (prose values are not calls here).
fn collect_calls<'e>(expr: &'e Expr, out: &mut Vec<&'e str>) {
    match expr {
        Expr::Alt(items) | Expr::Seq(items) => items.iter().for_each(|e| collect_calls(e, out)),
        Expr::Repeat { expr, .. } | Expr::Optional(expr) => collect_calls(expr, out),
        Expr::Rule(name) => out.push(name),
        _ => {}
    }
}

impl Grammar {
    /// The grammar of ABNF text (RFC 5234), with the core rules it calls.
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::from_abnf("version = 1*DIGIT \".\" 1*DIGIT\n").unwrap();
    /// assert!(grammar.find_rule("DIGIT").is_some());
    /// ```
    pub fn from_abnf(text: &str) -> Result<Grammar, Error> {
        Grammar::from_abnf_files(&[("(ABNF text)", text)])
    }

    /// The grammar of ABNF files, each `(name, text)`: the first file,
    /// then every other file applied to it as a delta, as RFC 3987 and
    /// RFC 6874 amend RFC 3986. A delta's rule replaces the rule of the
    /// same name, `=/` adds alternatives, and a rule `iX` for a rule `X`
    /// of the grammar derives RFC 3987's IRI rules: every rule that
    /// reaches `X` gets an IRI copy (`URI` becomes `IRI` in its name, any
    /// other name gets an `i`), except the rules RFC 3987 keeps
    /// ([`RFC3987_UNCHANGED`]) and those reached only through them.
    ///
    /// ```
    /// use peguri_abnf::{Grammar, RFC3986_APPENDIX_A, RFC3987_RFC6874_DELTAS};
    ///
    /// let grammar = Grammar::from_abnf_files(&[
    ///     ("rfc3986-appendix-a.abnf", RFC3986_APPENDIX_A),
    ///     ("rfc3987-6874-deltas.abnf", RFC3987_RFC6874_DELTAS),
    /// ])
    /// .unwrap();
    /// let ipchar = grammar.find_rule("ipchar").unwrap();
    /// assert_eq!(
    ///     grammar.rule(ipchar).expr.to_string(),
    ///     "iunreserved / pct-encoded / sub-delims / \":\" / \"@\""
    /// );
    /// ```
    pub fn from_abnf_files(files: &[(&str, &str)]) -> Result<Grammar, Error> {
        Grammar::new(read_files(files)?, Names::Abnf)
    }
}
