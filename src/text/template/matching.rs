//! Matching a URI against a template: the variables whose expansion gives
//! the URI, the reverse of [`UriTemplate::expand`]. The rules are written
//! once, in the [module docs](super#matching).
//!
//! A template is read into a [`Plan`] when it is parsed: one step per
//! literal and per expression (consecutive `;` expressions, and a `?`
//! expression with the `&` expressions after it, are one step, since
//! their parameters are told apart by name). Each expression step knows
//! how to find where its text ends (its [`Extent`]) without looking at
//! the steps after it, or the plan says why it cannot ([`Ambiguity`]).
//! Matching is then one walk over the steps; the walk is run once to check
//! and once to capture, so that a URI that does not match costs no
//! allocation and one that does allocates only the values returned.

use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use core::fmt;

use super::{Modifier, Operator, Part, UriTemplate, Value, VarSpec, Variables};
use crate::syntax::pct;
use alloc::{string::String, vec, vec::Vec};

/// One bit per ASCII byte.
type Mask = u128;

const fn bit(byte: u8) -> Mask {
    if byte < 128 { 1 << byte } else { 0 }
}

/// Whether `byte` is in `mask`: one 64-bit half, chosen by the byte's
/// seventh bit, shifted (a `u128` shift by a variable amount costs a
/// dozen instructions and a branch).
#[inline]
fn has(mask: Mask, byte: u8) -> bool {
    let half = if byte < 64 {
        mask as u64
    } else {
        (mask >> 64) as u64
    };
    byte < 128 && (half >> (byte & 63)) & 1 == 1
}

/// The bytes a grammar class of [`pct`] accepts.
fn mask_of(class: &pct::Class) -> Mask {
    (0u8..128)
        .filter(|&b| pct::is_in(class, b))
        .fold(0, |mask, b| mask | bit(b))
}

/// A byte of `mask` to name in a message: a letter or digit if there is
/// one, else the lowest.
fn example_byte(mask: Mask) -> char {
    let rank = |b: &u8| match b {
        b'a'..=b'z' => 0,
        b'A'..=b'Z' => 1,
        b'0'..=b'9' => 2,
        _ => 3,
    };
    let pick = (0u8..128).filter(|&b| has(mask, b)).min_by_key(rank);
    pick.map_or('?', char::from)
}

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

    fn named(self) -> bool {
        matches!(self, Family::PathParam | Family::Query)
    }

    /// Whether values keep reserved characters (`U+R`).
    fn reserved(self) -> bool {
        matches!(self, Family::Reserved | Family::Fragment)
    }

    /// Whether an empty text reads as an empty first value: these
    /// operators write nothing before their values.
    fn leadless(self) -> bool {
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
    lead: Mask,
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
    parts: (u32, u32),
    /// The occurrence of the step's first variable.
    first_occurrence: u32,
    /// The number of its variables (its occurrences follow the first).
    count: u32,
    /// How many of them are in its first expression.
    first_len: u32,
    /// Whether its first expression is a `?` one.
    query_first: bool,
    family: Family,
    /// The bytes a value may hold unencoded (`U` or `U+R`).
    values: Mask,
    /// The exploded variable of a named step (at most one), as an index
    /// among the step's variables.
    exploded: Option<u32>,
    pub(super) extent: Extent,
}

/// A variable's appearance in the template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Occurrence {
    /// Index into [`Plan::names`].
    var: u32,
    /// Whether this appearance gives the value. A variable that appears
    /// more than once takes its value from its first appearance without a
    /// prefix modifier (or the longest prefix); the others must agree.
    primary: bool,
}

/// How a URI is matched against a template, worked out once when the
/// template is parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Plan<'a> {
    pub(super) steps: Vec<Step<'a>>,
    /// The variables' names, each once, in the order they first appear.
    names: Vec<&'a str>,
    /// One per varspec, in the template's order.
    occurrences: Vec<Occurrence>,
    /// The varspecs, in the template's order: a step's are
    /// `specs[first_occurrence..][..count]`.
    specs: Vec<VarSpec<'a>>,
    verdict: Result<(), Ambiguity<'a>>,
    /// Whether some variable appears more than once.
    repeats: bool,
    /// Bytes of literal text: the first precedence of a
    /// [`TemplateSet`](super::TemplateSet).
    pub(super) literal_len: usize,
    /// Whether every expression is plain (see [`Extent::accepts`]): a
    /// URI whose literal text matches and whose expressions' texts are
    /// accepted matches.
    pub(super) plain: bool,
}

/// Why a template cannot be matched: which expressions are at fault, and
/// why more than one set of values could give the same URI.
///
/// [`UriTemplate::matchability`] returns it; [`UriTemplate::match_uri`]
/// never matches such a template, and
/// [`TemplateSet::insert`](super::TemplateSet::insert) refuses it.
///
/// ```
/// use peguri::template::{AmbiguityKind, UriTemplate};
///
/// let template = UriTemplate::parse("/files/{name}.{ext}")?;
/// let err = template.matchability().unwrap_err();
/// assert_eq!(err.kind(), AmbiguityKind::LiteralInside);
/// assert_eq!((err.expression(), err.offset()), ("{name}", 7));
/// assert_eq!(err.other(), Some("."));
/// assert_eq!(
///     err.to_string(),
///     "where `{name}` ends is not known: `.` after it holds only characters \
///      `{name}` may hold, and more variable text follows"
/// );
/// # Ok::<_, peguri::template::TemplateError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ambiguity<'a> {
    kind: AmbiguityKind,
    template: &'a str,
    /// The span of the expression at fault.
    first: (usize, usize),
    /// The span of the other part at fault, if another part is.
    second: Option<(usize, usize)>,
    variable: Option<&'a str>,
}

/// What makes a template ambiguous; see [`Ambiguity`].
///
/// ```
/// use peguri::template::{AmbiguityKind, UriTemplate};
///
/// let kind = |t| UriTemplate::parse(t).unwrap().matchability().unwrap_err().kind();
/// assert_eq!(kind("{a}{b}"), AmbiguityKind::UnknownEnd { ch: 'a' });
/// assert_eq!(kind("{+path,x}"), AmbiguityKind::SeparatorInValues { sep: ',' });
/// assert_eq!(kind("{/list*,x}"), AmbiguityKind::ExplodeNotLast);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AmbiguityKind {
    /// What follows the expression may start with a character the
    /// expression may hold (`{a}{b}`, `{+path}{?q}`), so its end is not
    /// known.
    UnknownEnd {
        /// Such a character.
        ch: char,
    },
    /// The literal text after the expression holds only characters the
    /// expression may hold, and is not the end of the template
    /// (`{name}.{ext}`).
    LiteralInside,
    /// The expression may be left out (all its variables undefined), and
    /// what follows may start with the character it starts with
    /// (`{/a}{/b}`).
    OptionalLead {
        /// That character.
        lead: char,
    },
    /// The expression's separator may appear inside its values, so they
    /// cannot be told apart: reserved and fragment expansion keep `,`
    /// (`{+a,b}`, `{#list*}`), and `.` is unreserved (`{.a,b}`,
    /// `www{.dom*}`).
    SeparatorInValues {
        /// The separator.
        sep: char,
    },
    /// An exploded variable is followed by other variables in an expression
    /// without names (`{/list*,x}`), so how many values it takes is not
    /// known.
    ExplodeNotLast,
    /// A name appears twice among parameters read together (`{?a,a}`,
    /// `{?a}{&a}`).
    RepeatedParameter,
    /// Two exploded variables among parameters read together
    /// (`{?a*,b*}`): a parameter named after neither may belong to either.
    TwoExplodedParameters,
    /// An exploded variable appears more than once in the template.
    RepeatedExplodedVariable,
}

impl<'a> Ambiguity<'a> {
    /// What makes the template ambiguous.
    ///
    /// ```
    /// use peguri::template::{AmbiguityKind, UriTemplate};
    /// let err = UriTemplate::parse("{/a}{/b}")?.matchability().unwrap_err();
    /// assert_eq!(err.kind(), AmbiguityKind::OptionalLead { lead: '/' });
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn kind(&self) -> AmbiguityKind {
        self.kind
    }

    /// The text of the expression at fault, braces included.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("/x{a}{b}")?;
    /// assert_eq!(t.matchability().unwrap_err().expression(), "{a}");
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn expression(&self) -> &'a str {
        &self.template[self.first.0..self.first.1]
    }

    /// The byte offset of [`expression`](Self::expression) in the
    /// template.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("/x{a}{b}")?;
    /// assert_eq!(t.matchability().unwrap_err().offset(), 2);
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn offset(&self) -> usize {
        self.first.0
    }

    /// The other part at fault, when there is one: the expression or
    /// literal text after the first, or the other appearance of a name.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("/x{a}{b}")?;
    /// assert_eq!(t.matchability().unwrap_err().other(), Some("{b}"));
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn other(&self) -> Option<&'a str> {
        self.second.map(|(start, end)| &self.template[start..end])
    }

    /// The byte offset of [`other`](Self::other) in the template.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("/x{a}{b}")?;
    /// assert_eq!(t.matchability().unwrap_err().other_offset(), Some(5));
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn other_offset(&self) -> Option<usize> {
        self.second.map(|(start, _)| start)
    }

    /// The variable at fault, for the kinds about one.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("{?q}{&q}")?;
    /// assert_eq!(t.matchability().unwrap_err().variable(), Some("q"));
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn variable(&self) -> Option<&'a str> {
        self.variable
    }
}

impl fmt::Display for Ambiguity<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let first = self.expression();
        let other = self.other().unwrap_or("");
        let var = self.variable.unwrap_or("");
        // The two parts at fault, or the one when both are in it.
        let both = |f: &mut fmt::Formatter<'_>| match self.other() {
            Some(other) if self.second != Some(self.first) => {
                write!(f, "`{first}` and `{other}`: ")
            }
            _ => write!(f, "`{first}`: "),
        };
        match self.kind {
            AmbiguityKind::UnknownEnd { ch } => write!(
                f,
                "where `{first}` ends is not known: `{other}` after it may start with {ch:?}, \
                 a character `{first}` may hold"
            ),
            AmbiguityKind::LiteralInside => write!(
                f,
                "where `{first}` ends is not known: `{other}` after it holds only characters \
                 `{first}` may hold, and more variable text follows"
            ),
            AmbiguityKind::OptionalLead { lead } => write!(
                f,
                "whether `{first}` is there is not known: its variables may all be undefined, \
                 and `{other}` after it may start with {lead:?} as `{first}` does"
            ),
            AmbiguityKind::SeparatorInValues { sep } => write!(
                f,
                "`{first}` cannot be split into its values: its separator {sep:?} may appear \
                 inside a value"
            ),
            AmbiguityKind::ExplodeNotLast => write!(
                f,
                "`{first}`: how many values the exploded variable `{var}` takes is not known, \
                 since other variables follow it"
            ),
            AmbiguityKind::RepeatedParameter => {
                both(f)?;
                write!(
                    f,
                    "the parameter `{var}` is named twice among parameters read together, \
                     so which is which is not known"
                )
            }
            AmbiguityKind::TwoExplodedParameters => {
                both(f)?;
                f.write_str(
                    "two exploded variables among parameters read together, so a parameter \
                     named after neither may belong to either",
                )
            }
            AmbiguityKind::RepeatedExplodedVariable => write!(
                f,
                "`{first}` and `{other}`: the exploded variable `{var}` appears more than once"
            ),
        }
    }
}

impl core::error::Error for Ambiguity<'_> {}

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
                    super::encode(&mut expanded, literal, true);
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

/// The variables a match found, in the order they first appear in the
/// template, each with its value, percent-decoded. Undefined variables are
/// not there. It is [`Variables`], so it expands back.
///
/// `'a` is the shorter of the template's text and the URI's: a value's
/// string borrows from the URI unless decoding changed it (it held a
/// triplet), and a name from the template.
///
/// ```
/// use peguri::template::{UriTemplate, Value};
///
/// let template = UriTemplate::parse("/users/{id}{/path*}{?fields}")?;
/// let found = template.match_uri("/users/jo%20ann/a/b?fields=name").unwrap();
/// assert_eq!(found.get("id"), Some(&Value::from("jo ann")));
/// assert_eq!(found.get("path"), Some(&Value::list(["a", "b"])));
/// assert_eq!(found.iter().map(|(name, _)| name).collect::<Vec<_>>(), ["id", "path", "fields"]);
/// assert_eq!(template.expand(&found)?, "/users/jo%20ann/a/b?fields=name");
/// # Ok::<_, peguri::template::TemplateError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Captures<'t> {
    /// (variable index in the template, name, value), by index.
    entries: Vec<(u32, &'t str, Value<'t>)>,
}

impl<'t> Captures<'t> {
    /// The value of the variable `name`, if it is defined.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("/u/{id}{?q}")?;
    /// let found = t.match_uri("/u/7").unwrap();
    /// assert_eq!(found.get("id"), Some(&"7".into()));
    /// assert_eq!(found.get("q"), None);
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn get(&self, name: &str) -> Option<&Value<'t>> {
        self.entries
            .iter()
            .find(|(_, n, _)| *n == name)
            .map(|(_, _, v)| v)
    }

    /// The number of defined variables.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("{?a,b,c}")?;
    /// assert_eq!(t.match_uri("?c=1&a=2").unwrap().len(), 2);
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no variable is defined.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("/search{?q}")?;
    /// assert!(t.match_uri("/search").unwrap().is_empty());
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The names and values, in the order the names first appear in the
    /// template.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("{?a,b}")?;
    /// let found = t.match_uri("?b=1&a=2").unwrap();
    /// let names: Vec<&str> = found.iter().map(|(name, _)| name).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&'t str, &Value<'t>)> + '_ {
        self.entries.iter().map(|(_, name, value)| (*name, value))
    }

    fn insert(&mut self, var: Var<'t>, value: Value<'t>, capacity: usize) {
        if self.entries.capacity() == 0 {
            // Allocated by the first value (not by `reserve`'s growth path).
            self.entries = Vec::with_capacity(capacity);
        }
        // Values mostly come in the template's order.
        if self.entries.last().is_none_or(|(id, _, _)| *id < var.id) {
            self.entries.push((var.id, var.name, value));
            return;
        }
        let at = self
            .entries
            .iter()
            .rposition(|(id, _, _)| *id < var.id)
            .map_or(0, |p| p + 1);
        self.entries.insert(at, (var.id, var.name, value));
    }
}

impl Variables for Captures<'_> {
    fn get(&self, name: &str) -> Option<&Value<'_>> {
        Captures::get(self, name)
    }
}

impl<'t> IntoIterator for Captures<'t> {
    type Item = (&'t str, Value<'t>);
    type IntoIter = core::iter::Map<
        alloc::vec::IntoIter<(u32, &'t str, Value<'t>)>,
        fn((u32, &'t str, Value<'t>)) -> (&'t str, Value<'t>),
    >;

    fn into_iter(self) -> Self::IntoIter {
        fn entry<'t>((_, name, value): (u32, &'t str, Value<'t>)) -> (&'t str, Value<'t>) {
            (name, value)
        }
        self.entries.into_iter().map(entry as fn(_) -> _)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Captures<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (name, value) in self.iter() {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// A variable, as a sink receives it.
#[derive(Clone, Copy)]
struct Var<'t> {
    id: u32,
    name: &'t str,
}

/// Where an exploded variable's members are in the URI.
#[derive(Clone, Copy)]
struct Members<'s, 'u> {
    /// The text holding them: the rest of an expression without names, or
    /// a named step's parameters.
    text: &'u str,
    sep: u8,
    /// Whether they are `key=value` pairs rather than list members.
    pairs: bool,
    /// For a named step, the step: the parameters of its other variables
    /// are not members.
    named: Option<&'s ExpressionStep>,
}

/// What a walk does with the values it reads, each given as its text in
/// the URI `'u` (checked: only the characters its operator writes, and
/// triplets that decode to UTF-8). A walk may hand values over before it
/// finds that the URI does not match; only [`Check`] and [`Record`] walk
/// URIs that may not, and [`Capture`] those that do.
trait Sink<'s, 't, 'u> {
    /// Whether the sink keeps values; a walk that only checks skips
    /// handing them over.
    const CAPTURES: bool;
    /// Whether the sink walks only URIs known to match, whose values need
    /// no second check.
    const TRUSTED: bool = false;
    /// A variable that is not exploded: a string, or a list when `list`
    /// (its members separated by commas).
    fn value(&mut self, var: Var<'t>, text: &'u str, list: bool) -> bool;
    /// An exploded variable's members.
    fn members(&mut self, var: Var<'t>, members: Members<'s, 'u>) -> bool;
}

/// Keeps nothing: the walk has checked the values as it read them.
struct Check;

impl<'s, 't, 'u> Sink<'s, 't, 'u> for Check {
    const CAPTURES: bool = false;
    fn value(&mut self, _: Var<'t>, _: &'u str, _: bool) -> bool {
        true
    }
    fn members(&mut self, _: Var<'t>, _: Members<'s, 'u>) -> bool {
        true
    }
}

/// Decodes the values into [`Captures`].
struct Capture<'s, 't> {
    template: &'s UriTemplate<'t>,
    captures: Captures<'t>,
}

impl<'s, 't> Capture<'s, 't> {
    fn new(template: &'s UriTemplate<'t>) -> Self {
        Capture {
            template,
            captures: Captures::default(),
        }
    }
}

/// A value's text, decoded: borrowed unless it holds a triplet; `None`
/// when it is not UTF-8 (the walk has ruled that out before decoding).
#[inline]
fn decode(text: &str) -> Option<Cow<'_, str>> {
    match find_byte(text, b'%') {
        None => Some(Cow::Borrowed(text)),
        Some(_) => pct::decode_utf8(text).ok(),
    }
}

/// How many pieces `text` has between the bytes `sep`: at most this many
/// members, found without splitting.
fn pieces(text: &str, sep: u8) -> usize {
    1 + text.bytes().filter(|&b| b == sep).count()
}

/// The decoded members of a list, at most `capacity` of them.
fn decode_list<'u>(items: impl Iterator<Item = &'u str>, capacity: usize) -> Option<Value<'u>> {
    let mut list = Vec::with_capacity(capacity);
    for item in items {
        list.push(decode(item)?);
    }
    Some(Value::List(list))
}

/// The values borrow from the URI, so the URI's text lives as long as the
/// template's here (a longer-lived template is shortened to the URI's).
impl<'s, 't> Sink<'s, 't, 't> for Capture<'s, 't> {
    const CAPTURES: bool = true;
    const TRUSTED: bool = true;
    fn value(&mut self, var: Var<'t>, text: &'t str, list: bool) -> bool {
        let value = if list {
            decode_list(split_byte(text, b','), pieces(text, b','))
        } else {
            decode(text).map(Value::String)
        };
        let Some(value) = value else {
            return false;
        };
        let capacity = self.template.plan.names.len();
        self.captures.insert(var, value, capacity);
        true
    }
    fn members(&mut self, var: Var<'t>, members: Members<'s, 't>) -> bool {
        let each = self.template.members(members);
        // The members are among the pieces (a named step's other
        // parameters are not members).
        let capacity = pieces(members.text, members.sep);
        let value = if members.pairs {
            let mut map = Vec::with_capacity(capacity);
            for (key, value) in each {
                let (Some(key), Some(value)) = (decode(key), decode(value)) else {
                    return false;
                };
                map.push((key, value));
            }
            Value::Map(map)
        } else {
            match decode_list(each.map(|(_, value)| value), capacity) {
                Some(list) => list,
                None => return false,
            }
        };
        let capacity = self.template.plan.names.len();
        self.captures.insert(var, value, capacity);
        true
    }
}

/// How many values [`Record`] keeps.
const RECORDED: usize = 16;

/// A value as [`Record`] keeps it.
#[derive(Clone, Copy)]
enum Recorded<'s, 'u> {
    Value(&'u str, bool),
    Members(Members<'s, 'u>),
}

/// Keeps where the values are, on the stack, to be decoded once the walk
/// has matched: matching then takes one walk. A URI with more values than
/// it keeps is captured by a second walk.
struct Record<'s, 't, 'u> {
    values: [Option<(Var<'t>, Recorded<'s, 'u>)>; RECORDED],
    len: usize,
    overflowed: bool,
}

impl<'s, 't, 'u> Record<'s, 't, 'u> {
    fn new() -> Self {
        Record {
            values: [None; RECORDED],
            len: 0,
            overflowed: false,
        }
    }

    fn push(&mut self, var: Var<'t>, value: Recorded<'s, 'u>) -> bool {
        match self.values.get_mut(self.len) {
            Some(slot) => {
                *slot = Some((var, value));
                self.len += 1;
            }
            None => self.overflowed = true,
        }
        true
    }

    /// The values, decoded; `None` if the record overflowed.
    fn captures(&self, template: &'s UriTemplate<'t>) -> Option<Captures<'t>>
    where
        'u: 't,
    {
        if self.overflowed {
            return None;
        }
        let mut capture = Capture::new(template);
        for &(var, value) in self.values[..self.len].iter().flatten() {
            let read = match value {
                Recorded::Value(text, list) => capture.value(var, text, list),
                Recorded::Members(members) => capture.members(var, members),
            };
            if !read {
                return None;
            }
        }
        Some(capture.captures)
    }
}

impl<'s, 't, 'u> Sink<'s, 't, 'u> for Record<'s, 't, 'u> {
    const CAPTURES: bool = true;
    fn value(&mut self, var: Var<'t>, text: &'u str, list: bool) -> bool {
        self.push(var, Recorded::Value(text, list))
    }
    fn members(&mut self, var: Var<'t>, members: Members<'s, 'u>) -> bool {
        self.push(var, Recorded::Members(members))
    }
}

/// Whether the triplets of `text` decode, with its other bytes, to UTF-8;
/// in pieces on the stack, without allocating.
fn decodes_to_utf8(text: &str) -> bool {
    let bytes = text.as_bytes();
    if !bytes.contains(&b'%') {
        return true;
    }
    let mut buf = [0u8; 64];
    let mut len = 0;
    let mut i = 0;
    while i < bytes.len() {
        let byte = match pct::triplet_at(bytes, i) {
            Some(octet) => {
                i += 3;
                octet
            }
            None => {
                i += 1;
                bytes[i - 1]
            }
        };
        buf[len] = byte;
        len += 1;
        if len == buf.len() {
            match core::str::from_utf8(&buf) {
                Ok(_) => len = 0,
                // A character cut at the end of the piece: keep its start.
                Err(e) if e.error_len().is_none() => {
                    let valid = e.valid_up_to();
                    buf.copy_within(valid.., 0);
                    len -= valid;
                }
                Err(_) => return false,
            }
        }
    }
    core::str::from_utf8(&buf[..len]).is_ok()
}

/// Whether `text` is a value's text: only bytes of `values`, commas when
/// `commas` is set, and triplets that decode, with the rest, to UTF-8.
/// `Some(true)` when it holds a comma.
fn scan_value(text: &str, values: Mask, commas: bool) -> Option<bool> {
    let bytes = text.as_bytes();
    let mut comma = false;
    // Whether a triplet decodes to a byte outside ASCII: only then can
    // the decoded text fail to be UTF-8.
    let mut high = false;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if has(values, b) {
            i += 1;
        } else if b == b'%' {
            high |= pct::triplet_at(bytes, i)? >= 0x80;
            i += 3;
        } else if commas && b == b',' {
            comma = true;
            i += 1;
        } else {
            return None;
        }
    }
    (!high || decodes_to_utf8(text)).then_some(comma)
}

/// The pieces of `text` between the bytes `sep` (an ASCII byte), as
/// `str::split` gives them, without its searcher's cost on short text.
#[derive(Clone)]
struct SplitByte<'t> {
    rest: Option<&'t str>,
    sep: u8,
}

fn split_byte(text: &str, sep: u8) -> SplitByte<'_> {
    SplitByte {
        rest: Some(text),
        sep,
    }
}

impl<'t> Iterator for SplitByte<'t> {
    type Item = &'t str;

    fn next(&mut self) -> Option<&'t str> {
        let rest = self.rest?;
        match find_byte(rest, self.sep) {
            // `sep` is ASCII: both sides are whole characters.
            Some(at) => {
                self.rest = rest.get(at + 1..);
                rest.get(..at)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

/// Whether two short strings are equal, compared inline.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// Whether `hay` starts with `needle`, compared inline.
fn starts_with(hay: &[u8], needle: &[u8]) -> bool {
    hay.len() >= needle.len() && hay.iter().zip(needle).all(|(a, b)| a == b)
}

/// The decoded bytes of `text`, a raw comma given as `None` when `commas`
/// separate list members.
fn symbols(text: &str, commas: bool) -> impl Iterator<Item = Option<u8>> + '_ {
    let bytes = text.as_bytes();
    let mut i = 0;
    core::iter::from_fn(move || {
        let b = *bytes.get(i)?;
        if let Some(octet) = pct::triplet_at(bytes, i) {
            i += 3;
            return Some(Some(octet));
        }
        i += 1;
        Some(if commas && b == b',' { None } else { Some(b) })
    })
}

/// The number of characters `text` decodes to.
fn decoded_chars(text: &str) -> usize {
    symbols(text, false)
        .filter(|s| s.is_none_or(|b| b & 0xC0 != 0x80))
        .count()
}

/// The first `byte` in a short `text`: a plain loop, inlined, where
/// `position` leaves a call to its fold and `memchr` a call too.
#[inline]
fn find_byte(text: &str, byte: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == byte {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// `name=value` (or `name` alone) split at the first `=`.
fn split_param(param: &str) -> (&str, Option<&str>) {
    match find_byte(param, b'=') {
        Some(at) => (&param[..at], param.get(at + 1..)),
        None => (param, None),
    }
}

/// An occurrence's text in a matched URI, to compare a variable's
/// appearances.
#[derive(Clone, Copy)]
struct Appearance<'u> {
    /// `None` when the variable is undefined there.
    text: Option<&'u str>,
    family: Family,
    modifier: Modifier,
}

impl<'a> UriTemplate<'a> {
    /// Matches a URI against the template: the variables whose expansion
    /// gives `uri`, percent-decoded, or `None`. The rules are in the
    /// [module docs](crate::template#matching); in short, every byte of
    /// `uri` must be accounted for, except that query parameters (`{?...}`
    /// and the `{&...}` after it) may come in any order.
    ///
    /// A template that [`matchability`](Self::matchability) finds
    /// ambiguous matches nothing.
    ///
    /// Allocates nothing when `uri` does not match, and otherwise only the
    /// returned values: the list of variables, a list or an associative
    /// array's members, and the strings that held a triplet. The other
    /// strings borrow from `uri` (see [`Value::into_owned`]).
    ///
    /// ```
    /// use peguri::template::{UriTemplate, Value};
    ///
    /// let mcp = UriTemplate::parse("search://emails{?query,start,end}")?;
    /// let found = mcp.match_uri("search://emails?start=1&query=pest%20grammar").unwrap();
    /// assert_eq!(found.get("query"), Some(&Value::from("pest grammar")));
    /// assert_eq!(found.get("start"), Some(&Value::from("1")));
    /// assert_eq!(found.get("end"), None);
    ///
    /// let files = UriTemplate::parse("file:///{path}")?;
    /// assert!(files.match_uri("file:///a/b").is_none()); // `{path}` holds no '/'
    /// let files = UriTemplate::parse("file:///{+path}")?;
    /// assert_eq!(files.match_uri("file:///a/b").unwrap().get("path"), Some(&"a/b".into()));
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn match_uri<'u>(&self, uri: &'u str) -> Option<Captures<'u>>
    where
        'a: 'u,
    {
        // The values borrow from `uri`: read them with a template that
        // lives as long as it.
        let template: &UriTemplate<'u> = self;
        template.match_borrowed(uri)
    }

    /// [`match_uri`](Self::match_uri), with the URI's lifetime.
    fn match_borrowed(&self, uri: &'a str) -> Option<Captures<'a>> {
        if self.plan.verdict.is_err() {
            return None;
        }
        let mut record = Record::new();
        if !self.walk(uri, &mut record) {
            return None;
        }
        record.captures(self).or_else(|| self.capture(uri))
    }

    /// The values of a `uri` that [`is_match`](Self::is_match) accepted.
    pub(super) fn capture(&self, uri: &'a str) -> Option<Captures<'a>> {
        let mut capture = Capture::new(self);
        self.walk(uri, &mut capture).then_some(capture.captures)
    }

    /// The values of a plain template (see [`Extent::accepts`]) whose
    /// expressions' texts are `spans` of `uri`, one per expression, as a
    /// [`TemplateSet`](super::TemplateSet) walk found them.
    pub(super) fn capture_spans(
        &self,
        uri: &'a str,
        spans: &[(usize, usize)],
    ) -> Option<Captures<'a>> {
        let mut capture = Capture::new(self);
        let mut spans = spans.iter();
        let capacity = self.plan.names.len();
        for step in &self.plan.steps {
            if let Step::Expression(e) = step {
                let &(start, end) = spans.next()?;
                let text = uri.get(start..end)?;
                // `{var}` or `{+var}` whose text is the value as it is: no
                // triplet to decode, no comma to split a list at.
                if e.family.leadless() && !text.bytes().any(|b| b == b'%' || b == b',') {
                    let (var, _) = self.var(e.first_occurrence as usize);
                    let value = Value::String(Cow::Borrowed(text));
                    capture.captures.insert(var, value, capacity);
                    continue;
                }
                if !self.read_unnamed(e, text, &mut capture) {
                    return None;
                }
            }
        }
        Some(capture.captures)
    }

    /// The number of distinct variables.
    pub(super) fn variable_count(&self) -> u32 {
        u32::try_from(self.plan.names.len()).unwrap_or(u32::MAX)
    }

    /// Whether [`match_uri`](Self::match_uri) finds variables for `uri`,
    /// without decoding them: it never allocates.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("/users/{id}/repos")?;
    /// assert!(t.is_match("/users/42/repos"));
    /// assert!(!t.is_match("/users/4/2/repos"));
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn is_match(&self, uri: &str) -> bool {
        self.plan.verdict.is_ok() && self.walk(uri, &mut Check)
    }

    /// Whether the template can be matched: `Err` with the expressions at
    /// fault and why when two different sets of values could expand to
    /// the same URI, by the rules in the
    /// [module docs](crate::template#matching).
    ///
    /// # Errors
    ///
    /// An [`Ambiguity`] naming the first fault in the template.
    ///
    /// ```
    /// use peguri::template::UriTemplate;
    ///
    /// assert!(UriTemplate::parse("/v1/users/{id}/repos/{repo}{?page}")?.matchability().is_ok());
    /// let err = UriTemplate::parse("{a}{b}")?.matchability().unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "where `{a}` ends is not known: `{b}` after it may start with 'a', a character `{a}` may hold"
    /// );
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn matchability(&self) -> Result<(), Ambiguity<'a>> {
        self.plan.verdict
    }

    pub(super) fn steps(&self) -> &[Step<'a>] {
        &self.plan.steps
    }

    /// One walk over the steps, giving each value read to `sink`.
    fn walk<'s, 'u, S: Sink<'s, 'a, 'u>>(&'s self, uri: &'u str, sink: &mut S) -> bool {
        let bytes = uri.as_bytes();
        let mut pos = 0;
        for step in &self.plan.steps {
            match step {
                Step::Literal(literal) => {
                    if !starts_with(&bytes[pos..], literal.as_bytes()) {
                        return false;
                    }
                    pos += literal.len();
                }
                Step::Expression(e) => {
                    let Some(end) = e.extent.end(bytes, pos) else {
                        return false;
                    };
                    let Some(text) = uri.get(pos..end) else {
                        return false;
                    };
                    let read = if e.family.named() {
                        self.read_named(e, text, sink)
                    } else {
                        self.read_unnamed(e, text, sink)
                    };
                    if !read {
                        return false;
                    }
                    pos = end;
                }
            }
        }
        pos == bytes.len() && (!self.plan.repeats || self.appearances_agree(uri))
    }

    fn var(&self, occurrence: usize) -> (Var<'a>, bool) {
        let occ = self.plan.occurrences[occurrence];
        let var = Var {
            id: occ.var,
            name: self.plan.names[occ.var as usize],
        };
        (var, occ.primary)
    }

    /// A non-exploded variable's text.
    fn read_value<'s, 'u, S: Sink<'s, 'a, 'u>>(
        &'s self,
        e: &ExpressionStep,
        spec: &VarSpec<'a>,
        occurrence: usize,
        text: &'u str,
        sink: &mut S,
    ) -> bool {
        let prefix = match spec.modifier {
            Modifier::Prefix(n) => Some(n),
            _ => None,
        };
        // A comma that the operator encodes in a string separates the
        // members of a list.
        let commas = !e.family.reserved() && prefix.is_none();
        let list = if S::TRUSTED {
            commas && text.as_bytes().contains(&b',')
        } else {
            let Some(list) = scan_value(text, e.values, commas) else {
                return false;
            };
            if prefix.is_some_and(|n| decoded_chars(text) > n) {
                return false;
            }
            list
        };
        let (var, primary) = self.var(occurrence);
        if !primary || !S::CAPTURES {
            return true;
        }
        sink.value(var, text, list)
    }

    /// `{var}`, `{+var}`, `{#var}`, `{.var}`, `{/var}`: the values in
    /// order, separated by the operator's separator, the variables defined
    /// from the left.
    fn read_unnamed<'s, 'u, S: Sink<'s, 'a, 'u>>(
        &'s self,
        e: &'s ExpressionStep,
        text: &'u str,
        sink: &mut S,
    ) -> bool {
        let Some(Part::Expression { operator, varspecs }) = self.parts.get(e.parts.0 as usize)
        else {
            return false;
        };
        let first = e.first_occurrence as usize;
        let body = if e.family.leadless() {
            text
        } else if text.is_empty() {
            // Every variable undefined.
            return true;
        } else if text.as_bytes()[0] == operator.first.as_bytes()[0] {
            &text[1..]
        } else {
            return false;
        };
        if let [spec] = varspecs.as_slice() {
            if spec.modifier != Modifier::Explode {
                return self.read_value(e, spec, first, body, sink);
            }
        }
        let mut items = split_byte(body, operator.sep as u8);
        for (k, spec) in varspecs.iter().enumerate() {
            if spec.modifier == Modifier::Explode {
                // The last variable (the plan checked): the rest is its.
                let Some(rest) = items.rest else {
                    return true;
                };
                return self.read_exploded(e, first + k, rest, operator.sep as u8, sink);
            }
            let Some(item) = items.next() else {
                return true;
            };
            if !self.read_value(e, spec, first + k, item, sink) {
                return false;
            }
        }
        items.next().is_none()
    }

    /// The members of an exploded variable in an expression without names,
    /// `text` separated by `sep`: a list, or `key=value` pairs.
    fn read_exploded<'s, 'u, S: Sink<'s, 'a, 'u>>(
        &'s self,
        e: &ExpressionStep,
        occurrence: usize,
        text: &'u str,
        sep: u8,
        sink: &mut S,
    ) -> bool {
        let mut pairs = 0;
        let mut count = 0;
        for item in split_byte(text, sep) {
            count += 1;
            let (key, value) = split_param(item);
            if value.is_some() {
                pairs += 1;
            }
            let valid = scan_value(key, e.values, false).is_some()
                && value.is_none_or(|v| scan_value(v, e.values, false).is_some());
            if !valid {
                return false;
            }
        }
        if pairs != 0 && pairs != count {
            return false;
        }
        let (var, _) = self.var(occurrence);
        !S::CAPTURES
            || sink.members(
                var,
                Members {
                    text,
                    sep,
                    pairs: pairs > 0,
                    named: None,
                },
            )
    }

    /// An exploded variable's members, as (key, value) pairs; a list's
    /// members are the values.
    fn members<'s, 'u>(
        &'s self,
        members: Members<'s, 'u>,
    ) -> impl Iterator<Item = (&'u str, &'u str)> + Clone + 's
    where
        'u: 's,
    {
        split_byte(members.text, members.sep)
            .map(split_param)
            .filter(move |(name, _)| match members.named {
                // Not the parameter of another variable.
                Some(e) => !matches!(
                    self.find_named(e, name),
                    Some((_, spec, _, _)) if spec.modifier != Modifier::Explode
                ),
                None => true,
            })
            .map(
                move |(name, value)| match (value, members.named, members.pairs) {
                    (Some(value), _, _) => (name, value),
                    // `;` writes an empty member or value as the name alone.
                    (None, Some(_), _) | (None, None, true) => (name, ""),
                    // A list member without a name.
                    (None, None, false) => ("", name),
                },
            )
    }

    /// The variable of a named step called `name`: its index among the
    /// step's variables, its spec, its occurrence, and whether it is in the
    /// step's first expression.
    fn find_named(
        &self,
        e: &ExpressionStep,
        name: &str,
    ) -> Option<(usize, &VarSpec<'a>, usize, bool)> {
        let specs = self.step_specs(e);
        let k = specs.iter().position(|spec| same(spec.name, name))?;
        let first = e.first_occurrence as usize;
        Some((k, &specs[k], first + k, k < e.first_len as usize))
    }

    /// The varspecs of a step, in order.
    fn step_specs(&self, e: &ExpressionStep) -> &[VarSpec<'a>] {
        let first = e.first_occurrence as usize;
        self.plan
            .specs
            .get(first..first + e.count as usize)
            .unwrap_or(&[])
    }

    /// `{;x,y}`, `{?x,y}{&z}`: parameters told apart by name. Query
    /// parameters may come in any order; path-style ones in the template's.
    fn read_named<'s, 'u, S: Sink<'s, 'a, 'u>>(
        &'s self,
        e: &'s ExpressionStep,
        text: &'u str,
        sink: &mut S,
    ) -> bool {
        let Some((&lead, _)) = text.as_bytes().split_first() else {
            return true;
        };
        if !has(e.extent.lead, lead) {
            return false;
        }
        let body = &text[1..];
        let query = e.family == Family::Query;
        let sep = if query { b'&' } else { b';' };
        // The exploded variable: its index, name, and whether it is in the
        // first expression.
        let exploded = e.exploded.and_then(|k| {
            let spec = self.step_specs(e).get(k as usize)?;
            let in_first = self.find_named(e, spec.name).is_some_and(|f| f.3);
            Some((k as usize, spec.name, in_first))
        });
        // Which variable a parameter is: a non-exploded one by name, else
        // the exploded one (its own name for list members, any other for
        // pairs).
        let owner = |name: &str| match self.find_named(e, name) {
            Some((k, spec, occ, first)) if spec.modifier != Modifier::Explode => {
                Some((k, Some((spec, occ)), first))
            }
            _ => exploded.map(|(k, _, first)| (k, None, first)),
        };
        let mut seen: u128 = 0;
        let mut last = 0;
        let mut in_first = false;
        let mut members = 0usize;
        let mut own_members = 0usize;
        for (index, param) in split_byte(body, sep).enumerate() {
            let (name, value) = split_param(param);
            let value = match (query, value) {
                // `?` and `&` write `name=` for an empty value, `;` the
                // name alone.
                (true, None) | (false, Some("")) => return false,
                (_, value) => value.unwrap_or(""),
            };
            let Some((k, spec, first)) = owner(name) else {
                return false;
            };
            if !query && k < last {
                return false;
            }
            last = k;
            in_first |= first;
            match spec {
                Some((spec, occ)) => {
                    let repeated = if k < 128 {
                        let repeated = seen & (1 << k) != 0;
                        seen |= 1 << k;
                        repeated
                    } else {
                        split_byte(body, sep)
                            .take(index)
                            .any(|p| same(split_param(p).0, name))
                    };
                    if repeated || !self.read_value(e, spec, occ, value, sink) {
                        return false;
                    }
                }
                None => {
                    members += 1;
                    let own = exploded.is_some_and(|(_, own, _)| same(own, name));
                    if own {
                        own_members += 1;
                    } else if scan_value(name, e.values, false).is_none() {
                        return false;
                    }
                    if scan_value(value, e.values, false).is_none() {
                        return false;
                    }
                }
            }
        }
        // The first expression with a defined variable writes its operator.
        let expected = match (query, e.query_first && in_first) {
            (false, _) => b';',
            (true, true) => b'?',
            (true, false) => b'&',
        };
        if lead != expected {
            return false;
        }
        let Some((k, _, _)) = exploded.filter(|_| members > 0 && S::CAPTURES) else {
            return true;
        };
        let (var, _) = self.var(e.first_occurrence as usize + k);
        sink.members(
            var,
            Members {
                text: body,
                sep,
                pairs: own_members != members,
                named: Some(e),
            },
        )
    }

    /// Whether every variable that appears more than once has the same
    /// value everywhere (a prefix of it where a prefix modifier says so).
    fn appearances_agree(&self, uri: &str) -> bool {
        let occurrences = &self.plan.occurrences;
        (0..occurrences.len())
            .filter(|&i| !occurrences[i].primary)
            .all(|i| {
                let var = occurrences[i].var;
                let primary = (0..occurrences.len())
                    .find(|&p| occurrences[p].var == var && occurrences[p].primary);
                match (
                    primary.and_then(|p| self.appearance(uri, p)),
                    self.appearance(uri, i),
                ) {
                    (Some(p), Some(s)) => agree(p, s),
                    _ => false,
                }
            })
    }

    /// Where occurrence `index` is in a matched `uri`.
    fn appearance<'u>(&self, uri: &'u str, index: usize) -> Option<Appearance<'u>> {
        let bytes = uri.as_bytes();
        let mut pos = 0;
        for step in &self.plan.steps {
            let e = match step {
                Step::Literal(literal) => {
                    pos += literal.len();
                    continue;
                }
                Step::Expression(e) => e,
            };
            let end = e.extent.end(bytes, pos)?;
            let text = uri.get(pos..end)?;
            pos = end;
            let first = e.first_occurrence as usize;
            let k = match index.checked_sub(first) {
                Some(k) if k < e.count as usize => k,
                _ => continue,
            };
            let spec = self.step_specs(e).get(k)?;
            let found = if e.family.named() {
                text.get(1..).and_then(|body| {
                    split_byte(
                        body,
                        if e.family == Family::Query {
                            b'&'
                        } else {
                            b';'
                        },
                    )
                    .map(split_param)
                    .find(|(name, _)| same(name, spec.name))
                    .map(|(_, value)| value.unwrap_or(""))
                })
            } else {
                let Part::Expression { operator, varspecs } = self.parts.get(e.parts.0 as usize)?
                else {
                    return None;
                };
                let body = if e.family.leadless() {
                    Some(text)
                } else {
                    text.get(1..).filter(|_| !text.is_empty())
                };
                body.and_then(|body| {
                    if varspecs.len() == 1 {
                        Some(body)
                    } else {
                        split_byte(body, operator.sep as u8).nth(k)
                    }
                })
            };
            return Some(Appearance {
                text: found,
                family: e.family,
                modifier: spec.modifier,
            });
        }
        None
    }
}

/// Whether a variable's value, read at its primary appearance `p`, is what
/// its other appearance `s` shows.
fn agree(p: Appearance<'_>, s: Appearance<'_>) -> bool {
    // An empty simple or reserved expansion may be an undefined value.
    let maybe_undefined = |a: Appearance<'_>| a.family.leadless() && a.text == Some("");
    match (p.text, s.text) {
        (None, None) => true,
        (None, Some(_)) => maybe_undefined(s),
        (Some(_), None) => maybe_undefined(p),
        (Some(a), Some(b)) => {
            let limit = match s.modifier {
                Modifier::Prefix(n) => n,
                _ => usize::MAX,
            };
            let mut chars = 0;
            let expected = symbols(a, !p.family.reserved()).take_while(|sym| {
                if sym.is_none_or(|b| b & 0xC0 != 0x80) {
                    chars += 1;
                }
                chars <= limit
            });
            expected.eq(symbols(b, !s.family.reserved()))
        }
    }
}
