//! Each alternative of a pest choice beside the ABNF alternative it
//! transcribes, for `grammar coverage`'s report in the RFC's terms.
//!
//! Every rule of `uri.pest` has its ABNF in the comment above it. The ABNF
//! is split into its groups of alternatives (the rule's own `/`, and those
//! in parentheses and brackets, in order), each alternative read as the
//! elements it names: rules, strings (case-insensitive, as ABNF's are),
//! character ranges (`%x30-39`), and repetitions (`2DIGIT`, `*4HEXDIG`,
//! `[ ... ]`). A pest alternative is read the same way (`DIGIT{2}`,
//! `'0'..'9'`, `x?`), leaving out lookaheads, which the ABNF has no word
//! for. A choice is paired with the group of the same number of
//! alternatives whose elements are most alike, and its alternatives with
//! the group's by how alike their elements are (the longest common
//! subsequence), so that a PEG that reorders them (`dec-octet`, longest
//! first) is paired all the same.

use pest_meta::ast::Expr;

use super::pest_text::alternatives;

/// An element an alternative names, for comparing the two notations.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Rule(String),
    Text(String),
    Range(char, char),
    /// A repetition, with its bounds (`None`: no upper bound).
    Repeat(u32, Option<u32>),
}

/// A rule name as RFC 5234 compares them: case-insensitive, `-` is `_`.
fn rule_key(name: &str) -> String {
    name.to_ascii_lowercase().replace('-', "_")
}

/// The ABNF of a rule (its comment lines) without `;` comments and
/// without `name =`.
pub fn definition(lines: &[String]) -> String {
    let mut text = String::new();
    for line in lines {
        let mut in_quote = false;
        let mut kept = String::new();
        for c in line.chars() {
            if c == '"' {
                in_quote = !in_quote;
            }
            if c == ';' && !in_quote {
                break;
            }
            kept.push(c);
        }
        text.push(' ');
        text.push_str(kept.trim());
    }
    match text.find('=') {
        Some(at) => text[at + 1..].trim_start_matches('/').trim().to_owned(),
        None => String::new(),
    }
}

/// The alternatives of one group of an ABNF definition, as text.
pub type Group = Vec<String>;

/// The groups of alternatives of an ABNF definition: the top level's,
/// then those in parentheses or brackets, in order of their start. A
/// group with one alternative is left out (no choice).
pub fn groups(definition: &str) -> Vec<Group> {
    let chars: Vec<(usize, char)> = definition.char_indices().collect();
    // Each open group: where it starts, and where its alternatives start.
    let mut open: Vec<(usize, Vec<usize>)> = vec![(0, vec![0])];
    let mut found: Vec<(usize, Group)> = Vec::new();
    let mut in_quote = false;
    let text_of = |from: usize, to: usize| {
        definition[from..to]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let close = |start: usize, bounds: Vec<usize>, end: usize, found: &mut Vec<(usize, Group)>| {
        let mut alternatives = Vec::new();
        for (i, &from) in bounds.iter().enumerate() {
            let to = bounds.get(i + 1).map_or(end, |next| next - 1);
            alternatives.push(text_of(from, to));
        }
        if alternatives.len() > 1 {
            found.push((start, alternatives));
        }
    };
    for &(at, c) in &chars {
        match c {
            '"' => in_quote = !in_quote,
            _ if in_quote => {}
            '(' | '[' => open.push((at, vec![at + 1])),
            ')' | ']' => {
                if open.len() > 1
                    && let Some((start, bounds)) = open.pop()
                {
                    close(start, bounds, at, &mut found);
                }
            }
            '/' => {
                if let Some((_, bounds)) = open.last_mut() {
                    bounds.push(at + 1);
                }
            }
            _ => {}
        }
    }
    while let Some((start, bounds)) = open.pop() {
        close(start, bounds, definition.len(), &mut found);
    }
    found.sort_by_key(|(start, _)| *start);
    found.into_iter().map(|(_, group)| group).collect()
}

/// The tokens of an ABNF alternative.
fn abnf_tokens(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let number = |chars: &[char], i: &mut usize| -> Option<u32> {
        let start = *i;
        while *i < chars.len() && chars[*i].is_ascii_digit() {
            *i += 1;
        }
        chars[start..*i].iter().collect::<String>().parse().ok()
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() || c == '*' {
            let low = number(&chars, &mut i);
            if chars.get(i) == Some(&'*') {
                i += 1;
                let high = number(&chars, &mut i);
                tokens.push(Token::Repeat(low.unwrap_or(0), high));
            } else if let Some(n) = low {
                tokens.push(Token::Repeat(n, Some(n)));
            }
        } else if c == '"' {
            let end = chars[i + 1..]
                .iter()
                .position(|&c| c == '"')
                .map_or(chars.len(), |k| i + 1 + k);
            let text: String = chars[i + 1..end].iter().collect();
            tokens.push(Token::Text(text.to_lowercase()));
            i = end + 1;
        } else if c == '%' && matches!(chars.get(i + 1), Some('x' | 'X')) {
            i += 2;
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_hexdigit() || chars[i] == '-') {
                i += 1;
            }
            let hex: String = chars[start..i].iter().collect();
            let mut ends = hex
                .split('-')
                .filter_map(|h| u32::from_str_radix(h, 16).ok().and_then(char::from_u32));
            if let Some(low) = ends.next() {
                let high = ends.next().unwrap_or(low);
                tokens.push(if low == high {
                    Token::Text(low.to_lowercase().collect())
                } else {
                    Token::Range(low, high)
                });
            }
        } else if c == '[' {
            tokens.push(Token::Repeat(0, Some(1)));
            i += 1;
        } else if c.is_ascii_alphabetic() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '-') {
                i += 1;
            }
            let name: String = chars[start..i].iter().collect();
            tokens.push(Token::Rule(rule_key(&name)));
        } else {
            i += 1;
        }
    }
    tokens
}

/// The tokens of a pest alternative (lookaheads left out).
fn pest_tokens(expr: &Expr, out: &mut Vec<Token>) {
    let repeat = |out: &mut Vec<Token>, low, high, e: &Expr| {
        out.push(Token::Repeat(low, high));
        pest_tokens(e, out);
    };
    match expr {
        Expr::Str(s) | Expr::Insens(s) => out.push(Token::Text(s.to_lowercase())),
        Expr::Range(a, b) => {
            if let (Some(a), Some(b)) = (a.chars().next(), b.chars().next()) {
                out.push(Token::Range(a, b));
            }
        }
        Expr::Ident(name) => out.push(Token::Rule(rule_key(name))),
        Expr::PosPred(_) | Expr::NegPred(_) => {}
        Expr::Seq(a, b) | Expr::Choice(a, b) => {
            pest_tokens(a, out);
            pest_tokens(b, out);
        }
        Expr::Opt(e) => repeat(out, 0, Some(1), e),
        Expr::Rep(e) => repeat(out, 0, None, e),
        Expr::RepOnce(e) => repeat(out, 1, None, e),
        Expr::RepExact(e, n) => repeat(out, *n, Some(*n), e),
        Expr::RepMin(e, n) => repeat(out, *n, None, e),
        Expr::RepMax(e, n) => repeat(out, 0, Some(*n), e),
        Expr::RepMinMax(e, m, n) => repeat(out, *m, Some(*n), e),
        Expr::Push(e) => pest_tokens(e, out),
        _ => {}
    }
}

/// How alike two token lists are, from 0 to 1: twice their longest common
/// subsequence over their lengths.
fn likeness(a: &[Token], b: &[Token]) -> f64 {
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    2.0 * lcs[0][0] as f64 / (a.len() + b.len()) as f64
}

/// A pest choice paired with ABNF alternatives: for each pest alternative
/// (in pest's order) the index and text of its ABNF alternative, if any;
/// and the ABNF alternatives no pest alternative took.
#[derive(Debug, Default, Clone)]
pub struct Pairing {
    pub abnf: Vec<Option<(usize, String)>>,
    pub unpaired: Vec<(usize, String)>,
}

impl Pairing {
    /// Whether the PEG tries the paired alternatives in another order than
    /// the ABNF lists them.
    pub fn reordered(&self) -> bool {
        let order: Vec<usize> = self.abnf.iter().flatten().map(|(i, _)| *i).collect();
        order.windows(2).any(|w| w[0] > w[1])
    }
}

/// Pairs the alternatives of pest's choices (each a choice expression, in
/// the order they appear in the rule) with the ABNF's groups.
pub fn pair(choices: &[&Expr], groups: &[Group]) -> Vec<Pairing> {
    let group_tokens: Vec<Vec<Vec<Token>>> = groups
        .iter()
        .map(|g| g.iter().map(|a| abnf_tokens(a)).collect())
        .collect();
    let mut used = vec![false; groups.len()];
    choices
        .iter()
        .map(|choice| {
            let alternatives = alternatives(choice);
            let tokens: Vec<Vec<Token>> = alternatives
                .iter()
                .map(|a| {
                    let mut out = Vec::new();
                    pest_tokens(a, &mut out);
                    out
                })
                .collect();
            // The unused group of as many alternatives, most alike.
            let best = (0..groups.len())
                .filter(|&g| !used[g] && groups[g].len() == alternatives.len())
                .map(|g| (g, assign(&tokens, &group_tokens[g]).1))
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
            let Some((g, _)) = best else {
                return Pairing {
                    abnf: vec![None; alternatives.len()],
                    unpaired: Vec::new(),
                };
            };
            used[g] = true;
            let (assigned, _) = assign(&tokens, &group_tokens[g]);
            let abnf: Vec<Option<(usize, String)>> = assigned
                .iter()
                .map(|a| a.map(|j| (j, groups[g][j].clone())))
                .collect();
            let unpaired = (0..groups[g].len())
                .filter(|j| !assigned.contains(&Some(*j)))
                .map(|j| (j, groups[g][j].clone()))
                .collect();
            Pairing { abnf, unpaired }
        })
        .collect()
}

/// Each pest alternative's ABNF alternative, the most alike pairs first
/// (ties in order), and the total likeness.
fn assign(pest: &[Vec<Token>], abnf: &[Vec<Token>]) -> (Vec<Option<usize>>, f64) {
    let mut scores: Vec<(f64, usize, usize)> = Vec::new();
    for (i, p) in pest.iter().enumerate() {
        for (j, a) in abnf.iter().enumerate() {
            // A small preference for the same place breaks ties.
            let same_place = if i == j { 1e-3 } else { 0.0 };
            scores.push((likeness(p, a) + same_place, i, j));
        }
    }
    scores.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let mut result = vec![None; pest.len()];
    let mut taken = vec![false; abnf.len()];
    let mut total = 0.0;
    for (score, i, j) in scores {
        if result[i].is_none() && !taken[j] && score > 0.0 {
            result[i] = Some(j);
            taken[j] = true;
            total += score;
        }
    }
    (result, total)
}
