//! Grammars: named rules of expressions, read from ABNF (see
//! [`crate::read`]) or built by a caller (the CLI builds them from pest's
//! AST), and their compiled form, which the recognizer and the generator
//! share.

use std::collections::HashMap;
use std::fmt;

/// A grammar that could not be read or built, or a rule that cannot be
/// run: the message says what, and where.
///
/// ```
/// let error = peguri_abnf::Grammar::from_abnf("a = b\n").unwrap_err();
/// assert!(error.message().contains("\"b\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(String);

impl Error {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        Error(message.into())
    }

    /// What went wrong, in words.
    ///
    /// ```
    /// let error = peguri_abnf::Grammar::from_abnf("a = \"x\"\na = \"y\"\n").unwrap_err();
    /// assert_eq!(error.message(), "the rule \"a\" is defined twice in (ABNF text)");
    /// ```
    pub fn message(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// How a grammar's rule names compare.
///
/// ```
/// use peguri_abnf::{Expr, Grammar, Names, Rule};
///
/// let rule = Rule::new("Digit", Expr::Chars(peguri_abnf::CharSet::range('0', '9')));
/// let abnf = Grammar::new(vec![rule.clone()], Names::Abnf).unwrap();
/// assert!(abnf.find_rule("DIGIT").is_some());
/// let exact = Grammar::new(vec![rule], Names::Exact).unwrap();
/// assert!(exact.find_rule("DIGIT").is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    /// ABNF's: case-insensitive (RFC 5234 section 2.1); a `_` given for a
    /// `-` finds the rule too (ABNF names never hold `_`).
    Abnf,
    /// Exactly as written, as pest compares them.
    Exact,
}

impl Names {
    pub(crate) fn key(self, name: &str) -> String {
        match self {
            Names::Abnf => name.to_ascii_lowercase().replace('_', "-"),
            Names::Exact => name.to_owned(),
        }
    }
}

/// A set of characters (Unicode code points): sorted, disjoint inclusive
/// ranges. Values that are no character (surrogates, past U+10FFFF) may be
/// in it, as ABNF allows any value; they match nothing.
///
/// ```
/// use peguri_abnf::CharSet;
///
/// let hex = CharSet::new([(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)]);
/// assert!(hex.contains('b'));
/// assert!(!hex.contains('g'));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CharSet {
    ranges: Vec<(u32, u32)>,
}

impl CharSet {
    /// The set of the inclusive ranges `(first, last)`, in any order; a
    /// range whose first value is past its last is empty.
    ///
    /// ```
    /// let set = peguri_abnf::CharSet::new([(0x61, 0x7A), (0x41, 0x5A), (0x5B, 0x5B)]);
    /// assert_eq!(set.ranges(), &[(0x41, 0x5B), (0x61, 0x7A)]);
    /// ```
    pub fn new(ranges: impl IntoIterator<Item = (u32, u32)>) -> Self {
        let mut ranges: Vec<(u32, u32)> = ranges.into_iter().filter(|(a, b)| a <= b).collect();
        ranges.sort_unstable();
        let mut merged: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
        for (first, last) in ranges {
            match merged.last_mut() {
                Some(previous) if first <= previous.1.saturating_add(1) => {
                    previous.1 = previous.1.max(last);
                }
                _ => merged.push((first, last)),
            }
        }
        CharSet { ranges: merged }
    }

    /// The characters from `first` to `last`.
    ///
    /// ```
    /// assert!(peguri_abnf::CharSet::range('a', 'z').contains('q'));
    /// ```
    pub fn range(first: char, last: char) -> Self {
        CharSet::new([(first as u32, last as u32)])
    }

    /// The one value `value`.
    ///
    /// ```
    /// assert!(peguri_abnf::CharSet::single(0x25).contains('%'));
    /// ```
    pub fn single(value: u32) -> Self {
        CharSet::new([(value, value)])
    }

    /// Whether `c` is in the set.
    ///
    /// ```
    /// assert!(!peguri_abnf::CharSet::range('0', '9').contains('a'));
    /// ```
    pub fn contains(&self, c: char) -> bool {
        let c = c as u32;
        let at = self.ranges.partition_point(|&(_, last)| last < c);
        self.ranges.get(at).is_some_and(|&(first, _)| first <= c)
    }

    /// The ranges, sorted, disjoint and not adjacent.
    ///
    /// ```
    /// assert_eq!(peguri_abnf::CharSet::single(0x41).ranges(), &[(0x41, 0x41)]);
    /// ```
    pub fn ranges(&self) -> &[(u32, u32)] {
        &self.ranges
    }

    /// Whether the set has no value at all.
    ///
    /// ```
    /// assert!(peguri_abnf::CharSet::new([(5, 4)]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The set without the values of `other`.
    pub(crate) fn without(&self, other: &CharSet) -> CharSet {
        let mut out = Vec::new();
        for &(first, last) in &self.ranges {
            let (mut start, last) = (u64::from(first), u64::from(last));
            for &(a, b) in &other.ranges {
                let (a, b) = (u64::from(a), u64::from(b));
                if b < start || a > last {
                    continue;
                }
                if a > start {
                    out.push((start, a - 1));
                }
                start = b + 1;
            }
            if start <= last {
                out.push((start, last));
            }
        }
        // Every bound came from a u32 range, so each fits again.
        CharSet::new(out.into_iter().map(|(a, b)| (a as u32, b as u32)))
    }
}

/// An expression of a rule's body, in ABNF's terms.
///
/// `Display` writes it in ABNF notation.
///
/// ```
/// use peguri_abnf::{CharSet, Expr};
///
/// let expr = Expr::Seq(vec![
///     Expr::Text { text: "%".into(), case_sensitive: false },
///     Expr::Repeat { min: 2, max: Some(2), expr: Box::new(Expr::Rule("HEXDIG".into())) },
/// ]);
/// assert_eq!(expr.to_string(), "\"%\" 2HEXDIG");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// Alternatives, `a / b`: ABNF tries them all (pest in order).
    Alt(Vec<Expr>),
    /// A concatenation, `a b`.
    Seq(Vec<Expr>),
    /// An option, `[ expr ]`: the same as `*1( expr )`.
    Optional(Box<Expr>),
    /// `min*max expr`.
    Repeat {
        /// The fewest repetitions.
        min: u32,
        /// The most, or `None` for no limit.
        max: Option<u32>,
        /// What is repeated.
        expr: Box<Expr>,
    },
    /// A call of the rule of this name.
    Rule(String),
    /// One character of the set: `%x41-5A`, `%d13`.
    Chars(CharSet),
    /// A string: `"abc"` (case-insensitive for ASCII letters, RFC 5234
    /// section 2.3) or `%s"abc"`.
    Text {
        /// The characters.
        text: String,
        /// `false` for ABNF's quoted strings (`"a"` matches `a` and `A`).
        case_sensitive: bool,
    },
    /// A prose value, `<words>`: it says in words what to match, so it
    /// matches nothing here and cannot be generated.
    Prose(String),
}

impl Expr {
    /// The rules the expression calls, by name, in order; a prose value
    /// whose words are exactly a rule name counts as a call of that rule
    /// (`0<pchar>` in RFC 3986's `path-empty`).
    pub(crate) fn calls<'e>(&'e self, out: &mut Vec<&'e str>) {
        match self {
            Expr::Alt(items) | Expr::Seq(items) => items.iter().for_each(|e| e.calls(out)),
            Expr::Repeat { expr, .. } | Expr::Optional(expr) => expr.calls(out),
            Expr::Rule(name) | Expr::Prose(name) => out.push(name),
            Expr::Chars(_) | Expr::Text { .. } => {}
        }
    }

    /// The expression with the rule names `rename` maps changed, in calls
    /// and in prose values that are exactly a rule name.
    pub(crate) fn renamed(&self, rename: &dyn Fn(&str) -> Option<String>) -> Expr {
        match self {
            Expr::Alt(items) => Expr::Alt(items.iter().map(|e| e.renamed(rename)).collect()),
            Expr::Seq(items) => Expr::Seq(items.iter().map(|e| e.renamed(rename)).collect()),
            Expr::Repeat { min, max, expr } => Expr::Repeat {
                min: *min,
                max: *max,
                expr: Box::new(expr.renamed(rename)),
            },
            Expr::Optional(expr) => Expr::Optional(Box::new(expr.renamed(rename))),
            Expr::Rule(name) => Expr::Rule(rename(name).unwrap_or_else(|| name.clone())),
            Expr::Prose(words) => Expr::Prose(rename(words).unwrap_or_else(|| words.clone())),
            other => other.clone(),
        }
    }

    /// The top-level alternatives: those of an `Alt`, or the expression.
    pub(crate) fn alternatives(&self) -> Vec<&Expr> {
        match self {
            Expr::Alt(items) => items.iter().collect(),
            other => vec![other],
        }
    }

    fn precedence(&self) -> u8 {
        match self {
            Expr::Alt(items) if items.len() > 1 => 0,
            Expr::Seq(items) if items.len() > 1 => 1,
            Expr::Repeat { .. } => 2,
            Expr::Chars(set) if set.ranges().len() > 1 => 0,
            _ => 3,
        }
    }

    fn write_at(&self, f: &mut fmt::Formatter<'_>, at_least: u8) -> fmt::Result {
        if self.precedence() < at_least {
            write!(f, "( {self} )")
        } else {
            write!(f, "{self}")
        }
    }
}

fn write_value(f: &mut fmt::Formatter<'_>, first: u32, last: u32) -> fmt::Result {
    if first == last {
        write!(f, "%x{first:02X}")
    } else {
        write!(f, "%x{first:02X}-{last:02X}")
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Alt(items) | Expr::Seq(items) if items.is_empty() => f.write_str("\"\""),
            Expr::Alt(items) => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" / ")?;
                    }
                    item.write_at(f, 1)?;
                }
                Ok(())
            }
            Expr::Seq(items) => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    item.write_at(f, 2)?;
                }
                Ok(())
            }
            Expr::Optional(expr) => write!(f, "[ {expr} ]"),
            Expr::Repeat { min, max, expr } => {
                match (*min, *max) {
                    (min, Some(max)) if min == max => write!(f, "{min}")?,
                    (0, None) => f.write_str("*")?,
                    (0, Some(max)) => write!(f, "*{max}")?,
                    (min, None) => write!(f, "{min}*")?,
                    (min, Some(max)) => write!(f, "{min}*{max}")?,
                }
                expr.write_at(f, 3)
            }
            Expr::Rule(name) => f.write_str(name),
            Expr::Chars(set) => {
                let ranges = set.ranges();
                if ranges.is_empty() {
                    return f.write_str("( )");
                }
                for (i, &(first, last)) in ranges.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" / ")?;
                    }
                    write_value(f, first, last)?;
                }
                Ok(())
            }
            Expr::Text {
                text,
                case_sensitive,
            } => {
                let plain = text.chars().all(|c| matches!(c, ' '..='!' | '#'..='~'));
                if plain {
                    // Case matters only where the text has letters.
                    let letters = text.chars().any(|c| c.is_ascii_alphabetic());
                    let mark = if *case_sensitive && letters { "%s" } else { "" };
                    write!(f, "{mark}\"{text}\"")
                } else {
                    f.write_str("%x")?;
                    for (i, c) in text.chars().enumerate() {
                        let dot = if i > 0 { "." } else { "" };
                        write!(f, "{dot}{:02X}", c as u32)?;
                    }
                    Ok(())
                }
            }
            Expr::Prose(words) => write!(f, "<{words}>"),
        }
    }
}

/// A named rule.
///
/// ```
/// let rule = peguri_abnf::Rule::new("port", peguri_abnf::Expr::Rule("DIGIT".into()));
/// assert_eq!(rule.name, "port");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Its name, as written where it is defined.
    pub name: String,
    /// Its body.
    pub expr: Expr,
}

impl Rule {
    /// The rule `name = expr`.
    ///
    /// ```
    /// let rule = peguri_abnf::Rule::new("a", peguri_abnf::Expr::Prose("anything".into()));
    /// assert_eq!(rule.expr.to_string(), "<anything>");
    /// ```
    pub fn new(name: impl Into<String>, expr: Expr) -> Self {
        Rule {
            name: name.into(),
            expr,
        }
    }
}

/// The depth of a derivation that cannot finish: prose, or characters that
/// generation never writes.
pub(crate) const NEVER: u32 = u32::MAX;

/// A set of choice alternatives, by their number in the grammar.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Targets {
    words: Vec<u64>,
}

impl Targets {
    pub(crate) fn with_len(len: usize) -> Self {
        Targets {
            words: vec![0; len.div_ceil(64)],
        }
    }
    pub(crate) fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }
    pub(crate) fn remove(&mut self, i: usize) {
        if let Some(w) = self.words.get_mut(i / 64) {
            *w &= !(1 << (i % 64));
        }
    }
    pub(crate) fn contains(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
    pub(crate) fn union_with(&mut self, other: &Targets) -> bool {
        let mut changed = false;
        for (w, o) in self.words.iter_mut().zip(&other.words) {
            let before = *w;
            *w |= o;
            changed |= *w != before;
        }
        changed
    }
    pub(crate) fn intersects(&self, other: &Targets) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |b| w & (1 << b) != 0)
                .map(move |b| i * 64 + b)
        })
    }
}

/// A rule body compiled: calls by index, strings as characters, and what
/// generation needs at each choice and repetition.
#[derive(Clone, Debug)]
pub(crate) enum Node {
    Alt {
        /// The number of its first alternative among all the grammar's.
        first: usize,
        alternatives: Vec<Node>,
        /// The least depth of rule calls each alternative needs.
        heights: Vec<u32>,
        /// The alternatives each alternative can reach, itself included.
        reach: Vec<Targets>,
    },
    Seq(Vec<Node>),
    Repeat {
        min: u32,
        max: Option<u32>,
        node: Box<Node>,
        /// The least depth one repetition needs.
        height: u32,
        reach: Targets,
    },
    Rule(usize),
    Chars {
        set: CharSet,
        /// What generation may write: `set` without line breaks.
        writable: CharSet,
    },
    Empty,
    Prose,
}

/// One choice (`a / b / c`) of the grammar.
#[derive(Clone, Debug)]
pub(crate) struct Choice {
    pub(crate) rule: usize,
    /// 1-based, in the order the choices appear in the rule.
    pub(crate) ordinal: usize,
    /// The number of its first alternative among all the grammar's.
    pub(crate) first: usize,
    /// Each alternative in ABNF notation.
    pub(crate) texts: Vec<String>,
}

/// The characters generation never writes: a line reader would split at
/// LF, and strip a trailing CR or a leading byte order mark.
pub(crate) fn unwritable() -> CharSet {
    CharSet::new([
        (0x0A, 0x0A),
        (0x0D, 0x0D),
        (0xFEFF, 0xFEFF),
        (0xD800, 0xDFFF),
    ])
}

/// A grammar: rules that call each other by name, every call defined.
///
/// ```
/// use peguri_abnf::Grammar;
///
/// let grammar = Grammar::from_abnf("greeting = \"hi\" / \"hello\"\n").unwrap();
/// assert_eq!(grammar.rule_names().collect::<Vec<_>>(), ["greeting"]);
/// ```
#[derive(Clone, Debug)]
pub struct Grammar {
    names: Names,
    rules: Vec<Rule>,
    index: HashMap<String, usize>,
    pub(crate) nodes: Vec<Node>,
    pub(crate) choices: Vec<Choice>,
    /// The number of alternatives of all choices.
    pub(crate) alternative_count: usize,
    /// The least depth of rule calls each rule needs, itself included.
    pub(crate) heights: Vec<u32>,
    /// The alternatives each rule can reach.
    pub(crate) rule_reach: Vec<Targets>,
}

impl Grammar {
    /// The grammar of `rules`: names are unique (as `names` compares them)
    /// and every rule called is defined.
    ///
    /// ```
    /// use peguri_abnf::{Expr, Grammar, Names, Rule};
    ///
    /// let rules = vec![Rule::new("a", Expr::Rule("b".into()))];
    /// let error = Grammar::new(rules, Names::Exact).unwrap_err();
    /// assert_eq!(error.message(), "the rule \"a\" calls \"b\", which no rule defines");
    /// ```
    pub fn new(rules: Vec<Rule>, names: Names) -> Result<Grammar, Error> {
        let mut index = HashMap::new();
        for (i, rule) in rules.iter().enumerate() {
            if index.insert(names.key(&rule.name), i).is_some() {
                return Err(Error::new(format!(
                    "the rule \"{}\" is defined twice",
                    rule.name
                )));
            }
        }
        for rule in &rules {
            let mut calls = Vec::new();
            if let Expr::Prose(_) = rule.expr {
                continue;
            }
            collect_rule_calls(&rule.expr, &mut calls);
            if let Some(missing) = calls.iter().find(|c| !index.contains_key(&names.key(c))) {
                return Err(Error::new(format!(
                    "the rule \"{}\" calls \"{missing}\", which no rule defines",
                    rule.name
                )));
            }
        }
        let mut grammar = Grammar {
            names,
            rules,
            index,
            nodes: Vec::new(),
            choices: Vec::new(),
            alternative_count: 0,
            heights: Vec::new(),
            rule_reach: Vec::new(),
        };
        grammar.compile()?;
        Ok(grammar)
    }

    /// How the grammar compares rule names.
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::from_abnf("a = \"x\"\n").unwrap();
    /// assert_eq!(grammar.names(), peguri_abnf::Names::Abnf);
    /// ```
    pub fn names(&self) -> Names {
        self.names
    }

    /// The rules, in order.
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::from_abnf("a = b\nb = \"x\"\n").unwrap();
    /// assert_eq!(grammar.rules()[1].expr.to_string(), "\"x\"");
    /// ```
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The rule names, in order.
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::from_abnf("a = DIGIT\n").unwrap();
    /// // RFC 5234's core rules are added where a grammar calls them.
    /// assert_eq!(grammar.rule_names().collect::<Vec<_>>(), ["a", "DIGIT"]);
    /// ```
    pub fn rule_names(&self) -> impl Iterator<Item = &str> + Clone {
        self.rules.iter().map(|r| r.name.as_str())
    }

    /// The index of the rule `name` (compared as [`Grammar::names`] says).
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::rfc3986();
    /// assert_eq!(grammar.find_rule("path_abempty"), grammar.find_rule("PATH-ABEMPTY"));
    /// ```
    pub fn find_rule(&self, name: &str) -> Option<usize> {
        self.index.get(&self.names.key(name)).copied()
    }

    /// The rule at `index` (panics past the last rule, as indexing does).
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::rfc3986();
    /// let host = grammar.find_rule("host").unwrap();
    /// assert_eq!(grammar.rule(host).expr.to_string(), "IP-literal / IPv4address / reg-name");
    /// ```
    pub fn rule(&self, index: usize) -> &Rule {
        &self.rules[index]
    }

    /// The top-level alternatives of the rule at `index`: those of its
    /// body's choice, or the body alone. `--alternative N` counts these.
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::rfc3986();
    /// let octet = grammar.find_rule("dec-octet").unwrap();
    /// assert_eq!(grammar.alternatives(octet).len(), 5);
    /// ```
    pub fn alternatives(&self, index: usize) -> Vec<&Expr> {
        self.rules[index].expr.alternatives()
    }

    fn compile(&mut self) -> Result<(), Error> {
        let mut nodes = Vec::with_capacity(self.rules.len());
        for i in 0..self.rules.len() {
            let mut ordinal = 0;
            let node = self.compile_expr(&self.rules[i].expr.clone(), i, &mut ordinal)?;
            nodes.push(node);
        }
        // The least depth of each rule: a fixed point from "never".
        let mut heights = vec![NEVER; nodes.len()];
        loop {
            let mut changed = false;
            for (i, node) in nodes.iter().enumerate() {
                let h = height(node, &heights).saturating_add(1);
                if h < heights[i] {
                    heights[i] = h;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // The alternatives each rule reaches: a fixed point from none.
        let empty = Targets::with_len(self.alternative_count);
        let mut reach = vec![empty.clone(); nodes.len()];
        loop {
            let mut changed = false;
            for (i, node) in nodes.iter().enumerate() {
                let mut set = empty.clone();
                reach_of(node, &reach, &mut set);
                changed |= reach[i].union_with(&set);
            }
            if !changed {
                break;
            }
        }
        for node in &mut nodes {
            annotate(node, &heights, &reach, &empty);
        }
        self.nodes = nodes;
        self.heights = heights;
        self.rule_reach = reach;
        Ok(())
    }

    fn compile_expr(
        &mut self,
        expr: &Expr,
        rule: usize,
        ordinal: &mut usize,
    ) -> Result<Node, Error> {
        Ok(match expr {
            Expr::Alt(items) if items.len() == 1 => self.compile_expr(&items[0], rule, ordinal)?,
            Expr::Alt(items) if items.is_empty() => Node::Empty,
            Expr::Alt(items) => {
                *ordinal += 1;
                let choice = self.choices.len();
                self.choices.push(Choice {
                    rule,
                    ordinal: *ordinal,
                    first: self.alternative_count,
                    texts: items.iter().map(Expr::to_string).collect(),
                });
                self.alternative_count += items.len();
                let alternatives = items
                    .iter()
                    .map(|e| self.compile_expr(e, rule, ordinal))
                    .collect::<Result<Vec<_>, _>>()?;
                Node::Alt {
                    first: self.choices[choice].first,
                    heights: Vec::new(),
                    reach: Vec::new(),
                    alternatives,
                }
            }
            Expr::Seq(items) => {
                let mut nodes = items
                    .iter()
                    .map(|e| self.compile_expr(e, rule, ordinal))
                    .collect::<Result<Vec<_>, _>>()?;
                nodes.retain(|n| !matches!(n, Node::Empty));
                match nodes.len() {
                    0 => Node::Empty,
                    1 => nodes.pop().unwrap_or(Node::Empty),
                    _ => Node::Seq(nodes),
                }
            }
            Expr::Optional(expr) => Node::Repeat {
                min: 0,
                max: Some(1),
                node: Box::new(self.compile_expr(expr, rule, ordinal)?),
                height: NEVER,
                reach: Targets::default(),
            },
            Expr::Repeat { max: Some(0), .. } => Node::Empty,
            Expr::Repeat { min, max, expr } => {
                if max.is_some_and(|max| max < *min) {
                    return Err(Error::new(format!(
                        "the rule \"{}\" repeats {expr} at least {min} times and at most {} times",
                        self.rules[rule].name,
                        max.unwrap_or_default()
                    )));
                }
                Node::Repeat {
                    min: *min,
                    max: *max,
                    node: Box::new(self.compile_expr(expr, rule, ordinal)?),
                    height: NEVER,
                    reach: Targets::default(),
                }
            }
            Expr::Rule(name) => match self.find_rule(name) {
                Some(i) => Node::Rule(i),
                None => {
                    return Err(Error::new(format!(
                        "the rule \"{}\" calls \"{name}\", which no rule defines",
                        self.rules[rule].name
                    )));
                }
            },
            Expr::Chars(set) => chars(set.clone()),
            Expr::Text {
                text,
                case_sensitive,
            } => {
                let mut nodes: Vec<Node> = text
                    .chars()
                    .map(|c| {
                        let c = c as u32;
                        let mut set = vec![(c, c)];
                        if !case_sensitive {
                            if let Some(other) = other_case(c) {
                                set.push((other, other));
                            }
                        }
                        chars(CharSet::new(set))
                    })
                    .collect();
                match nodes.len() {
                    0 => Node::Empty,
                    1 => nodes.pop().unwrap_or(Node::Empty),
                    _ => Node::Seq(nodes),
                }
            }
            Expr::Prose(_) => Node::Prose,
        })
    }
}

/// The other case of an ASCII letter.
fn other_case(c: u32) -> Option<u32> {
    match c {
        0x41..=0x5A => Some(c + 0x20),
        0x61..=0x7A => Some(c - 0x20),
        _ => None,
    }
}

fn chars(set: CharSet) -> Node {
    let writable = set.without(&unwritable());
    Node::Chars { set, writable }
}

/// Every `Expr::Rule` name of `expr` (prose values are words, not calls).
fn collect_rule_calls<'e>(expr: &'e Expr, out: &mut Vec<&'e str>) {
    match expr {
        Expr::Alt(items) | Expr::Seq(items) => {
            items.iter().for_each(|e| collect_rule_calls(e, out))
        }
        Expr::Repeat { expr, .. } | Expr::Optional(expr) => collect_rule_calls(expr, out),
        Expr::Rule(name) => out.push(name),
        _ => {}
    }
}

/// The least depth of rule calls `node` needs to derive a string that
/// generation may write, with `rules` the rules' depths so far.
fn height(node: &Node, rules: &[u32]) -> u32 {
    match node {
        Node::Alt { alternatives, .. } => alternatives
            .iter()
            .map(|n| height(n, rules))
            .min()
            .unwrap_or(0),
        Node::Seq(nodes) => nodes.iter().map(|n| height(n, rules)).max().unwrap_or(0),
        Node::Repeat { min: 0, .. } => 0,
        Node::Repeat { node, .. } => height(node, rules),
        Node::Rule(i) => rules[*i],
        Node::Chars { writable, .. } if writable.is_empty() => NEVER,
        Node::Chars { .. } | Node::Empty => 0,
        Node::Prose => NEVER,
    }
}

/// Adds the alternatives `node` reaches to `out`, its own included.
fn reach_of(node: &Node, rules: &[Targets], out: &mut Targets) {
    match node {
        Node::Alt {
            alternatives,
            first,
            ..
        } => {
            for (k, n) in alternatives.iter().enumerate() {
                out.insert(first + k);
                reach_of(n, rules, out);
            }
        }
        Node::Seq(nodes) => nodes.iter().for_each(|n| reach_of(n, rules, out)),
        Node::Repeat { node, .. } => reach_of(node, rules, out),
        Node::Rule(i) => {
            out.union_with(&rules[*i]);
        }
        Node::Chars { .. } | Node::Empty | Node::Prose => {}
    }
}

/// Fills in the depths and reach of every choice and repetition of `node`.
fn annotate(node: &mut Node, rules: &[u32], reach: &[Targets], empty: &Targets) {
    match node {
        Node::Alt {
            alternatives,
            heights,
            reach: alt_reach,
            first,
            ..
        } => {
            for n in alternatives.iter_mut() {
                annotate(n, rules, reach, empty);
            }
            *heights = alternatives.iter().map(|n| height(n, rules)).collect();
            *alt_reach = alternatives
                .iter()
                .enumerate()
                .map(|(k, n)| {
                    let mut set = empty.clone();
                    set.insert(*first + k);
                    reach_of(n, reach, &mut set);
                    set
                })
                .collect();
        }
        Node::Seq(nodes) => nodes
            .iter_mut()
            .for_each(|n| annotate(n, rules, reach, empty)),
        Node::Repeat {
            node: inner,
            height: h,
            reach: r,
            ..
        } => {
            annotate(inner, rules, reach, empty);
            *h = height(inner, rules);
            let mut set = empty.clone();
            reach_of(inner, reach, &mut set);
            *r = set;
        }
        _ => {}
    }
}
