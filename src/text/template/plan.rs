//! The plan of a template: how a URI is matched against it, worked out
//! once when the template is parsed.
//!
//! A template is read into a [`Plan`]: one step per literal and per
//! expression (consecutive `;` expressions, and a `?` expression with the
//! `&` expressions after it, are one step, since their parameters are told
//! apart by name). Each expression step knows how to find where its text
//! ends (its [`Extent`]) without looking at the steps after it, or the plan
//! says why it cannot (an [`Ambiguity`]).

use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use alloc::{string::String, vec, vec::Vec};

use super::ambiguity::{Ambiguity, AmbiguityKind};
use super::bytes::{Mask, bit, example_byte, has, mask_of, scan_value};
use super::expand::encode;
use super::{Modifier, Operator, Part, VarSpec};
use crate::syntax::pct;

/// The operators, as matching tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Family {
    /// `{var}`
    Simple,
    /// `{+var}`
    Reserved,
    /// `{#var}`
    Fragment,
    /// `{.var}`
    Label,
    /// `{/var}`
    Path,
    /// `{;var}`
    PathParam,
    /// `{?var}` and `{&var}`
    Query,
}

impl Family {
    fn of(op: Operator) -> Family {
        match (op.first, op.allow_reserved) {
            ("", false) => Family::Simple,
            ("", true) => Family::Reserved,
            ("#", _) => Family::Fragment,
            (".", _) => Family::Label,
            ("/", _) => Family::Path,
            (";", _) => Family::PathParam,
            _ => Family::Query,
        }
    }

    pub(super) fn named(self) -> bool {
        matches!(self, Family::PathParam | Family::Query)
    }

    /// Whether values keep reserved characters (`U+R`).
    pub(super) fn reserved(self) -> bool {
        matches!(self, Family::Reserved | Family::Fragment)
    }

    /// Whether an empty text reads as an empty first value: these
    /// operators write nothing before their values.
    pub(super) fn leadless(self) -> bool {
        matches!(self, Family::Simple | Family::Reserved)
    }
}

/// How the end of an expression's text is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum End {
    /// At the first byte the expression cannot hold: nothing after it can
    /// start with one it can.
    Scan,
    /// This many bytes before the end of the URI: only literal text, this
    /// long, follows.
    Suffix(usize),
    /// This many bytes before the first byte the expression cannot hold:
    /// the literal after it starts with that many bytes it can hold, then
    /// one it cannot.
    Stop(usize),
}

/// Where an expression's text ends, from where it starts: the only thing
/// a [`TemplateSet`](super::TemplateSet) needs to know to share the walk
/// of two templates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Extent {
    /// The bytes that start the text when it is not empty (operators other
    /// than simple and reserved expansion); the text is empty when the URI
    /// has none of them here.
    pub(super) lead: Mask,
    /// The bytes the text may hold after its lead.
    body: Mask,
    end: End,
    /// For an expression of one plain variable (no modifier, no name,
    /// appearing once), the bytes its value may hold (a comma for a list
    /// among them): its text can be checked here, once for every
    /// template that shares it. 0 otherwise.
    check: Mask,
}

impl Extent {
    /// Whether `text`, this expression's text, is what its plain variable
    /// may give; always true when the expression is not plain.
    pub(super) fn accepts(&self, text: &str) -> bool {
        if self.check == 0 {
            return true;
        }
        let body = match text.as_bytes().first() {
            Some(&b) if self.lead != 0 => {
                if !has(self.lead, b) {
                    return false;
                }
                &text[1..]
            }
            // Undefined.
            None if self.lead != 0 => return true,
            _ => text,
        };
        // A scanned text holds only bytes of `check` and `%`: only its
        // triplets are left to check.
        // A short text: a loop, not a call to `memchr`.
        (self.end == End::Scan && !body.bytes().any(|b| b == b'%'))
            || scan_value(body, self.check & !bit(b','), has(self.check, b',')).is_some()
    }

    /// The bytes the text may start with.
    fn first(&self) -> Mask {
        if self.lead != 0 { self.lead } else { self.body }
    }

    /// The end of the text that starts at `pos`, if the URI has room.
    pub(super) fn end(&self, bytes: &[u8], pos: usize) -> Option<usize> {
        if let End::Suffix(n) = self.end {
            let end = bytes.len().checked_sub(n)?;
            return (end >= pos).then_some(end);
        }
        let mut k = pos;
        if self.lead != 0 {
            match bytes.get(k) {
                Some(&b) if has(self.lead, b) => k += 1,
                _ => return Some(pos),
            }
        }
        let body_start = k;
        while let Some(&b) = bytes.get(k) {
            if !has(self.body, b) {
                break;
            }
            k += 1;
        }
        match self.end {
            End::Stop(j) => k.checked_sub(j).filter(|&end| end >= body_start),
            _ => Some(k),
        }
    }
}

/// One step of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Step<'a> {
    /// Literal text, as the expansion writes it (non-ASCII characters
    /// percent-encoded).
    Literal(Cow<'a, str>),
    /// One expression, or consecutive named ones read together.
    Expression(ExpressionStep),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ExpressionStep {
    /// The template's parts this step reads.
    pub(super) parts: (u32, u32),
    /// The occurrence of the step's first variable.
    pub(super) first_occurrence: u32,
    /// The number of its variables (its occurrences follow the first).
    pub(super) count: u32,
    /// How many of them are in its first expression.
    pub(super) first_len: u32,
    /// Whether its first expression is a `?` one.
    pub(super) query_first: bool,
    pub(super) family: Family,
    /// The bytes a value may hold unencoded (`U` or `U+R`).
    pub(super) values: Mask,
    /// The exploded variable of a named step (at most one), as an index
    /// among the step's variables.
    pub(super) exploded: Option<u32>,
    pub(super) extent: Extent,
}

/// A variable's appearance in the template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Occurrence {
    /// Index into [`Plan::names`].
    pub(super) var: u32,
    /// Whether this appearance gives the value. A variable that appears
    /// more than once takes its value from its first appearance without a
    /// prefix modifier (or the longest prefix); the others must agree.
    pub(super) primary: bool,
}

/// How a URI is matched against a template, worked out once when the
/// template is parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Plan<'a> {
    pub(super) steps: Vec<Step<'a>>,
    /// The variables' names, each once, in the order they first appear.
    pub(super) names: Vec<&'a str>,
    /// One per varspec, in the template's order.
    pub(super) occurrences: Vec<Occurrence>,
    /// The varspecs, in the template's order: a step's are
    /// `specs[first_occurrence..][..count]`.
    pub(super) specs: Vec<VarSpec<'a>>,
    pub(super) verdict: Result<(), Ambiguity<'a>>,
    /// Whether some variable appears more than once.
    pub(super) repeats: bool,
    /// Bytes of literal text: the first precedence of a
    /// [`TemplateSet`](super::TemplateSet).
    pub(super) literal_len: usize,
    /// Whether every expression is plain (see [`Extent::accepts`]): a
    /// URI whose literal text matches and whose expressions' texts are
    /// accepted matches.
    pub(super) plain: bool,
}

/// The span of each part in the template's text: the parts follow each
/// other, and an expression ends at the first `}` after its start.
fn part_spans(text: &str, parts: &[Part<'_>]) -> Vec<(usize, usize)> {
    let mut start = 0;
    parts
        .iter()
        .map(|part| {
            let end = match part {
                Part::Literal(literal) => start + literal.len(),
                Part::Expression { .. } => text[start..]
                    .find('}')
                    .map_or(text.len(), |k| start + k + 1),
            };
            let span = (start, end);
            start = end;
            span
        })
        .collect()
}

/// The varspecs of `parts[range]`, in order.
fn specs_of<'p, 'a>(
    parts: &'p [Part<'a>],
    range: (u32, u32),
) -> impl Iterator<Item = &'p VarSpec<'a>> + Clone {
    parts[range.0 as usize..range.1 as usize]
        .iter()
        .flat_map(|part| match part {
            Part::Expression { varspecs, .. } => varspecs.iter(),
            Part::Literal(_) => [].iter(),
        })
}

/// The varspecs of `parts[range]`, each with the index of its part.
fn specs_with_parts<'p, 'a>(
    parts: &'p [Part<'a>],
    range: (usize, usize),
) -> impl Iterator<Item = (usize, &'p VarSpec<'a>)> + Clone {
    parts[range.0..range.1]
        .iter()
        .enumerate()
        .flat_map(move |(p, part)| {
            let specs: &[VarSpec<'a>] = match part {
                Part::Expression { varspecs, .. } => varspecs,
                Part::Literal(_) => &[],
            };
            specs.iter().map(move |spec| (range.0 + p, spec))
        })
}

impl<'a> Plan<'a> {
    /// The plan of a template of `parts`. Its time is linear in the
    /// template's length, but for a sort of the variables by name.
    pub(super) fn new(text: &'a str, parts: &[Part<'a>]) -> Plan<'a> {
        let mut plan = Plan {
            steps: Vec::new(),
            names: Vec::new(),
            occurrences: Vec::new(),
            specs: specs_with_parts(parts, (0, parts.len()))
                .map(|(_, spec)| spec.clone())
                .collect(),
            verdict: Ok(()),
            repeats: false,
            literal_len: 0,
            plain: true,
        };
        let spans = part_spans(text, parts);
        plan.variables(text, parts, &spans);
        let found = plan.build_steps(text, parts, &spans);
        if plan.verdict.is_ok() {
            plan.verdict = found;
        }
        plan
    }

    /// The names, each occurrence's variable, and which occurrence gives
    /// each value.
    fn variables(&mut self, text: &'a str, parts: &[Part<'a>], spans: &[(usize, usize)]) {
        // (variable, part index, modifier) of each occurrence.
        let mut seen: Vec<(u32, usize, Modifier)> = Vec::new();
        let mut index: BTreeMap<&'a str, u32> = BTreeMap::new();
        for (p, spec) in specs_with_parts(parts, (0, parts.len())) {
            let next = self.names.len() as u32;
            let var = *index.entry(spec.name).or_insert(next);
            if var == next {
                self.names.push(spec.name);
            }
            seen.push((var, p, spec.modifier));
        }
        // The occurrences of each variable, in the template's order, one
        // variable after the other.
        let mut by_var: Vec<usize> = (0..seen.len()).collect();
        by_var.sort_by_key(|&i| (seen[i].0, i));
        let mut primary = vec![false; seen.len()];
        let mut fault = None;
        for mine in by_var.chunk_by(|&i, &k| seen[i].0 == seen[k].0) {
            if mine.len() > 1 {
                self.repeats = true;
                let exploded = mine.iter().find(|&&i| seen[i].2 == Modifier::Explode);
                if let (Some(&i), None) = (exploded, fault) {
                    let other = mine.iter().copied().find(|&k| k != i).unwrap_or(i);
                    let (first, second) = (i.min(other), i.max(other));
                    fault = Some(Ambiguity {
                        kind: AmbiguityKind::RepeatedExplodedVariable,
                        template: text,
                        first: spans[seen[first].1],
                        second: Some(spans[seen[second].1]),
                        variable: Some(self.names[seen[i].0 as usize]),
                    });
                }
            }
            let length = |i: usize| match seen[i].2 {
                Modifier::Prefix(n) => n,
                _ => usize::MAX,
            };
            // The first full occurrence, or the longest prefix (the first
            // of equals).
            let best = mine
                .iter()
                .fold(None, |best: Option<usize>, &i| match best {
                    Some(b) if length(b) >= length(i) => Some(b),
                    _ => Some(i),
                });
            if let Some(i) = best {
                primary[i] = true;
            }
        }
        self.occurrences = seen
            .iter()
            .zip(primary)
            .map(|(&(var, _, _), primary)| Occurrence { var, primary })
            .collect();
        if let Some(fault) = fault {
            self.fail(fault);
        }
    }

    fn fail(&mut self, ambiguity: Ambiguity<'a>) {
        if self.verdict.is_ok() {
            self.verdict = Err(ambiguity);
        }
    }

    /// The steps, each expression's checks, and where each expression
    /// ends: the first fault in the template's order, if any.
    fn build_steps(
        &mut self,
        text: &'a str,
        parts: &[Part<'a>],
        spans: &[(usize, usize)],
    ) -> Result<(), Ambiguity<'a>> {
        let classes = pct::classes();
        let unreserved = mask_of(classes.unreserved);
        let reserved = unreserved | mask_of(classes.reserved);
        // The first fault in the template's order; at one part, the first
        // found.
        let mut first_fault: Option<(usize, Fault<'a>)> = None;
        let mut fault = |part: usize, found: Fault<'a>| {
            if first_fault.as_ref().is_none_or(|(p, _)| part < *p) {
                first_fault = Some((part, found));
            }
        };
        let span = |p: usize| spans[p];
        // How many times each variable appears.
        let mut appearances = vec![0u32; self.names.len()];
        for o in &self.occurrences {
            appearances[o.var as usize] += 1;
        }
        // Each step's first part, to name it in a message.
        let mut first_parts = Vec::new();
        let mut occurrence = 0u32;
        let mut i = 0;
        while i < parts.len() {
            first_parts.push(i);
            let (operator, varspecs) = match &parts[i] {
                Part::Literal(literal) => {
                    let mut expanded = String::new();
                    encode(&mut expanded, literal, true);
                    self.literal_len += expanded.len();
                    let step = if expanded == *literal {
                        Cow::Borrowed(*literal)
                    } else {
                        Cow::Owned(expanded)
                    };
                    self.steps.push(Step::Literal(step));
                    i += 1;
                    continue;
                }
                Part::Expression { operator, varspecs } => (*operator, varspecs),
            };
            let family = Family::of(operator);
            let start = i;
            i += 1;
            if family.named() {
                // `;` expressions go on with `;`; a `?` one with `&`.
                while let Some(Part::Expression { operator: next, .. }) = parts.get(i) {
                    let joins = Family::of(*next) == family
                        && (family == Family::PathParam || next.first == "&");
                    if !joins {
                        break;
                    }
                    i += 1;
                }
            }
            let range = (start as u32, i as u32);
            let specs = || specs_of(parts, range);
            let count = specs().count();
            let explodes = specs().filter(|s| s.modifier == Modifier::Explode).count();
            let listable = specs().any(|s| s.modifier == Modifier::None);
            let values = if family.reserved() {
                reserved
            } else {
                unreserved
            };
            let comma = if !family.reserved() && listable {
                bit(b',')
            } else {
                0
            };
            let sep = operator.sep as u8;
            let several = if count > 1 || explodes > 0 {
                bit(sep)
            } else {
                0
            };
            let mut exploded = None;
            let (lead, body) = if family.named() {
                let query = |p: usize| match &parts[p] {
                    Part::Expression { operator, .. } => operator.first.as_bytes()[0],
                    Part::Literal(_) => 0,
                };
                let lead = if family == Family::PathParam {
                    bit(b';')
                } else {
                    (start..i).fold(0, |m, p| m | bit(query(p)))
                };
                // A name twice, or two exploded variables.
                let group = || specs_with_parts(parts, (start, i));
                // The part where each name first appears.
                let mut first_part: BTreeMap<&'a str, usize> = BTreeMap::new();
                for (p, spec) in group() {
                    if let Some(&q) = first_part.get(spec.name) {
                        fault(
                            q,
                            Fault::Found(Ambiguity {
                                kind: AmbiguityKind::RepeatedParameter,
                                template: text,
                                first: span(q),
                                second: Some(span(p)),
                                variable: Some(spec.name),
                            }),
                        );
                    } else {
                        first_part.insert(spec.name, p);
                    }
                }
                let mut explodes_at = group()
                    .enumerate()
                    .filter(|(_, (_, s))| s.modifier == Modifier::Explode);
                let first_exploded = explodes_at.next();
                exploded = first_exploded.map(|(k, _)| k as u32);
                if let (Some((_, (q, _))), Some((_, (p, _)))) = (first_exploded, explodes_at.next())
                {
                    fault(
                        q,
                        Fault::Found(Ambiguity {
                            kind: AmbiguityKind::TwoExplodedParameters,
                            template: text,
                            first: span(q),
                            second: Some(span(p)),
                            variable: None,
                        }),
                    );
                }
                (lead, unreserved | bit(b'%') | bit(b'=') | several | comma)
            } else {
                let lead = operator.first.as_bytes().first().map_or(0, |&b| bit(b));
                if let Some(k) = varspecs[..count - 1]
                    .iter()
                    .position(|s| s.modifier == Modifier::Explode)
                {
                    fault(
                        start,
                        Fault::Found(Ambiguity {
                            kind: AmbiguityKind::ExplodeNotLast,
                            template: text,
                            first: span(start),
                            second: None,
                            variable: Some(varspecs[k].name),
                        }),
                    );
                }
                let sep_in_values = has(values, sep);
                if sep_in_values && (count > 1 || explodes > 0) {
                    fault(
                        start,
                        Fault::Found(Ambiguity {
                            kind: AmbiguityKind::SeparatorInValues {
                                sep: char::from(sep),
                            },
                            template: text,
                            first: span(start),
                            second: None,
                            variable: None,
                        }),
                    );
                }
                let pairs = if explodes > 0 { bit(b'=') } else { 0 };
                (lead, values | bit(b'%') | several | comma | pairs)
            };
            let single = varspecs.len() == 1 && varspecs[0].modifier == Modifier::None;
            let var = self.occurrences[occurrence as usize].var;
            let once = appearances[var as usize] == 1;
            let check = if !family.named() && single && once {
                values | comma
            } else {
                self.plain = false;
                0
            };
            self.steps.push(Step::Expression(ExpressionStep {
                parts: range,
                first_occurrence: occurrence,
                count: count as u32,
                first_len: varspecs.len() as u32,
                query_first: operator.first == "?",
                family,
                values,
                exploded,
                extent: Extent {
                    lead,
                    body,
                    end: End::Scan,
                    check,
                },
            }));
            occurrence += count as u32;
        }

        // Where each expression ends, from the right: `follow` holds the
        // bytes the text after a step may start with (and whether it may
        // be the end), `tail` the length of the literal text after it when
        // only literal text follows.
        let mut follow: Mask = 0;
        let mut tail = Some(0usize);
        for s in (0..self.steps.len()).rev() {
            let ext = match &self.steps[s] {
                Step::Literal(literal) => {
                    follow = bit(literal.as_bytes()[0]);
                    tail = tail.map(|n| n + literal.len());
                    continue;
                }
                Step::Expression(e) => e.extent,
            };
            let next_literal = match self.steps.get(s + 1) {
                Some(Step::Literal(literal)) => Some(literal.as_bytes()),
                _ => None,
            };
            let lead_clear = ext.lead & follow == 0;
            let stop = next_literal.and_then(|l| l.iter().position(|&b| !has(ext.body, b)));
            let end = if lead_clear && ext.body & follow == 0 {
                Some(End::Scan)
            } else if let Some(n) = tail {
                Some(End::Suffix(n))
            } else if let (true, Some(j)) = (lead_clear, stop) {
                Some(End::Stop(j))
            } else {
                None
            };
            match end {
                Some(end) => {
                    if let Step::Expression(e) = &mut self.steps[s] {
                        e.extent.end = end;
                    }
                }
                None => {
                    let kind = if !lead_clear {
                        AmbiguityKind::OptionalLead {
                            lead: example_byte(ext.lead & follow),
                        }
                    } else if next_literal.is_some() {
                        AmbiguityKind::LiteralInside
                    } else {
                        AmbiguityKind::UnknownEnd {
                            ch: example_byte(ext.body & follow),
                        }
                    };
                    let at = first_parts[s];
                    fault(
                        at,
                        Fault::Clash {
                            step: s,
                            ambiguity: Ambiguity {
                                kind,
                                template: text,
                                first: span(at),
                                second: None,
                                variable: None,
                            },
                        },
                    );
                }
            }
            // The expression may be empty: what follows it may come first.
            follow |= ext.first();
            tail = None;
        }
        let Some((_, found)) = first_fault else {
            return Ok(());
        };
        let mut a = match found {
            Fault::Found(a) => a,
            Fault::Clash {
                step,
                mut ambiguity,
            } => {
                // The part the clashing byte comes from.
                let clash = match ambiguity.kind {
                    AmbiguityKind::OptionalLead { lead } => lead as u8,
                    AmbiguityKind::UnknownEnd { ch } => ch as u8,
                    _ => 0,
                };
                let source = (step + 1..self.steps.len()).find(|&k| match &self.steps[k] {
                    Step::Literal(_) => true,
                    Step::Expression(x) => has(x.extent.first(), clash),
                });
                ambiguity.second = source
                    .or(Some(step + 1))
                    .and_then(|k| first_parts.get(k))
                    .map(|&p| span(p));
                ambiguity
            }
        };
        // Both at fault in one expression: name it once.
        if a.second == Some(a.first) {
            a.second = None;
        }
        Err(a)
    }
}

/// A fault [`Plan::build_steps`] finds: an ambiguity, or one whose other
/// part is still to be found, the first step after `step` that the
/// clashing byte may come from. That search is made for the fault
/// reported only, so that a template with a fault at every expression is
/// read in linear time.
enum Fault<'a> {
    Found(Ambiguity<'a>),
    Clash {
        step: usize,
        ambiguity: Ambiguity<'a>,
    },
}
