//! URI Templates (RFC 6570): `https://api.example.com/users/{id}{?fields*}`
//! and the URI references they expand to, at all four levels.
//!
//! The template syntax is `rfc6570.pest`, RFC 6570 section 2 transcribed
//! rule by rule, compiled by pest like `uri.pest`. Expansion follows the
//! algorithm and the operator table of the RFC's Appendix A: simple
//! `{var}`, reserved `{+var}`, fragment
//! `{#var}`, label `{.var}`, path segment `{/var}`, path-style parameter
//! `{;var}`, query `{?var}` and query continuation `{&var}`, each with the
//! prefix (`{var:3}`) and explode (`{list*}`) modifiers. Characters are
//! percent-encoded with the classes of [`pct`](crate::pct), which come from
//! the `unreserved` and `reserved` rules of `uri.pest`.
//!
//! ```
//! use peguri::template::{UriTemplate, Value};
//!
//! let template = UriTemplate::parse("https://api.example.com/users/{id}{/path*}{?fields,lang}")?;
//! let expanded = template.expand(&[
//!     ("id", Value::from("jo ann")),
//!     ("path", Value::list(["repos", "a/b"])),
//!     ("fields", Value::list(["name", "email"])),
//! ])?;
//! assert_eq!(expanded, "https://api.example.com/users/jo%20ann/repos/a%2Fb?fields=name,email");
//!
//! let err = UriTemplate::parse("/users/{id").unwrap_err();
//! assert_eq!(err.offset(), 7);
//! assert_eq!(err.to_string(), "expression opened at byte 7 is not closed with '}'");
//! # Ok::<_, peguri::template::TemplateError>(())
//! ```
//!
//! # Rationale
//!
//! - *Errors stop the expansion.* Section 3 lets a processor copy a faulty
//!   expression to the output and carry on; here [`UriTemplate::parse`]
//!   and [`UriTemplate::expand`] return a [`TemplateError`] with the byte
//!   offset of the fault instead, so no half-expanded reference is used by
//!   mistake.
//! - *Reserved operators are refused.* `=`, `,`, `!`, `@` and `|` are valid
//!   syntax (`op-reserve`) with no defined expansion (section 2.2).
//! - *A prefix modifier on a list or an associative array is an error*
//!   (section 2.4.1: "not applicable to variables that have composite
//!   values").
//! - *A prefix counts Unicode characters*, not bytes or triplets, of the
//!   value before encoding (section 2.4.1), so a character is never cut.
//! - *Undefined values* (section 2.3): a name the variables do not have, an
//!   empty list and an empty associative array. The empty string is
//!   defined.
//! - *"If the value is empty"* in Appendix A's named operators (`;`, `?`,
//!   `&`) is read, for a list or an associative array that is not exploded,
//!   as "if its expansion is empty": `{;list}` with the list `[""]` gives
//!   `;list`.
//! - *Literal text* is copied, except characters outside US-ASCII, which
//!   are percent-encoded as UTF-8 (section 3.1).
//! - *The result is a string*, not a parsed reference: reserved (`+`) and
//!   fragment (`#`) expansion copy reserved characters from values, so a
//!   value holding `#`, `[` or `]` can make text that is not a URI
//!   reference, as section 3.2.3 warns. Parse the result (for example with
//!   [`UriRef::parse`](crate::UriRef::parse)) where a URI is needed; the
//!   other operators encode everything but `unreserved`.
//!
//! # Matching
//!
//! RFC 6570 defines expansion only. [`UriTemplate::match_uri`] goes the
//! other way: it finds the variables whose expansion gives a URI, and
//! [`TemplateSet`] picks the best of many templates for one URI.
//!
//! ```
//! use peguri::template::{UriTemplate, Value};
//!
//! let template = UriTemplate::parse("/users/{id}/repos{/path*}{?page,sort}")?;
//! let found = template.match_uri("/users/jo%20ann/repos/a/b?sort=asc&page=2").unwrap();
//! assert_eq!(found.get("id"), Some(&Value::from("jo ann")));
//! assert_eq!(found.get("path"), Some(&Value::list(["a", "b"])));
//! assert_eq!(found.get("page"), Some(&Value::from("2")));
//! # Ok::<_, peguri::template::TemplateError>(())
//! ```
//!
//! Expansion loses information, so matching reads a URI by these rules,
//! and the round trip `match_uri(expand(t, v)) == v` holds for the values
//! they describe:
//!
//! - *Every byte is accounted for.* Literal text must appear as the
//!   expansion writes it (non-ASCII characters percent-encoded, triplets
//!   byte for byte). A value holds only what its operator writes: `{var}`,
//!   `{.var}`, `{/var}`, `{;var}`, `{?var}` and `{&var}` unreserved
//!   characters and triplets, so `{var}` never captures a `/`; `{+var}` and
//!   `{#var}` reserved characters too. The sets are [`pct`](crate::pct)'s
//!   classes, from the grammar.
//! - *Values are percent-decoded* and must be UTF-8. Reserved and fragment
//!   expansion keep a triplet found in a value, so `{+var}` reads `%41` as
//!   `A`, not as the `%41` it may have been given.
//! - *Query parameters come in any order.* A `{?...}` expression and the
//!   `{&...}` expressions right after it are read as one set of
//!   parameters, by name: `{?query,start,end}` matches `?start=1&query=x`,
//!   and `end` is undefined. A parameter no variable names, one named
//!   twice, and `name` without `=` do not match, unless an exploded
//!   variable takes the other names (`{?page,filters*}`). `{;...}`
//!   parameters are read by name too, in the template's order.
//! - *Undefined and empty.* `{var}` and `{+var}` write nothing for an
//!   empty string and for an undefined value alike; matching reads the
//!   empty string. In an expression without names (`{x,y}`, `{/x,y}`), the
//!   values are given to the variables from the left, since `{x,y}` with
//!   only `y` defined writes what `{x,y}` with only `x` does.
//! - *Prefixes.* `{var:3}` reads its text as the value (at most 3
//!   characters); a variable that also appears without a prefix takes that
//!   value, and every appearance must agree with it.
//! - *Lists and maps.* An exploded variable (`{/path*}`, `{?list*}`) reads
//!   a list, or an associative array when its members are `key=value`
//!   pairs (for a named operator: when a member is not named after the
//!   variable). A comma in the text of a variable that is not exploded is
//!   a list separator, since the operator would have encoded a comma in a
//!   string; a list of one member reads as a string, and an associative
//!   array that is not exploded as the list of its keys and values.
//!
//! A template that these rules cannot read one way is ambiguous, and
//! [`UriTemplate::matchability`] says which expressions and why (an
//! [`Ambiguity`]); such a template matches nothing. Each expression must
//! know where its text ends from the text itself: nothing after it may
//! start with a character it may hold (`{a}{b}`, `{+path}{?q}` are
//! ambiguous), unless only literal text follows (`{name}.json`) or the
//! literal after it holds a character it cannot (`{user}@{host}`). An
//! expression whose variables may all be undefined must not start with what
//! may follow it (`{/a}{/b}`). Its values must be told apart: `{+a,b}`,
//! `{#list*}` and `{.a,b}` are ambiguous since their separator may appear
//! in a value, `{/list*,x}` since the list may take any number of values.

use core::fmt;

use alloc::string::String;
use alloc::vec::Vec;

mod ambiguity;
mod bytes;
mod captures;
mod error;
mod expand;
mod parse;
mod plan;
mod set;
mod value;
mod walk;

pub use ambiguity::{Ambiguity, AmbiguityKind};
pub use captures::Captures;
pub use error::{TemplateError, TemplateErrorKind};
pub use set::{SetMatch, TemplateSet};
pub use value::{Value, Variables};

use captures::Check;
use expand::{encode, expand_expression};
use parse::{Rule, expression, matched, syntax_error};
use plan::Plan;

/// The text of `rfc6570.pest`, as compiled into this crate.
///
/// ```
/// assert!(peguri::template::TEMPLATE_GRAMMAR.contains("varspec"));
/// ```
pub const TEMPLATE_GRAMMAR: &str = include_str!("../../../rfc6570.pest");

/// The most variables a template may hold: each variable of each
/// expression counts (`{a,b}` holds two, and a name written twice counts
/// twice), so a template holds at most this many expressions too. A
/// template with more is an error,
/// [`TemplateErrorKind::TooManyVariables`]. Real templates hold a few
/// dozen; the bound keeps the work of matching one in proportion to the
/// URI.
///
/// ```
/// use peguri::template::{MAX_VARIABLES, TemplateErrorKind, UriTemplate};
///
/// let fits = "{v}/".repeat(MAX_VARIABLES);
/// assert!(UriTemplate::parse(&fits).is_ok());
/// let err = UriTemplate::parse(&format!("{fits}{{w}}")).unwrap_err();
/// assert_eq!(err.kind(), TemplateErrorKind::TooManyVariables { offset: fits.len() + 1 });
/// ```
pub const MAX_VARIABLES: usize = 10_000;

/// How an operator expands (RFC 6570 Appendix A's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Operator {
    /// Written before the first defined value.
    first: &'static str,
    /// Written between values.
    sep: char,
    /// Whether values are written as `name=value`.
    named: bool,
    /// Written after the name of an empty value.
    if_empty: &'static str,
    /// Whether reserved characters and triplets stay as they are (`U+R`).
    allow_reserved: bool,
}

impl Operator {
    const fn new(
        first: &'static str,
        sep: char,
        named: bool,
        if_empty: &'static str,
        allow_reserved: bool,
    ) -> Self {
        Operator {
            first,
            sep,
            named,
            if_empty,
            allow_reserved,
        }
    }

    /// The operator written as `op` (`None`: no operator, simple
    /// expansion); `None` for the reserved ones.
    fn from_char(op: Option<char>) -> Option<Self> {
        Some(match op {
            None => Operator::new("", ',', false, "", false),
            Some('+') => Operator::new("", ',', false, "", true),
            Some('.') => Operator::new(".", '.', false, "", false),
            Some('/') => Operator::new("/", '/', false, "", false),
            Some(';') => Operator::new(";", ';', true, "", false),
            Some('?') => Operator::new("?", '&', true, "=", false),
            Some('&') => Operator::new("&", '&', true, "=", false),
            Some('#') => Operator::new("#", ',', false, "", true),
            Some(_) => return None,
        })
    }
}

/// A variable's modifier (section 2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Modifier {
    None,
    Prefix(usize),
    Explode,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct VarSpec<'a> {
    name: &'a str,
    /// The byte offset of the name in the template.
    offset: usize,
    modifier: Modifier,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Part<'a> {
    Literal(&'a str),
    Expression {
        operator: Operator,
        varspecs: Vec<VarSpec<'a>>,
    },
}

/// A parsed URI Template, borrowed from its text.
///
/// ```
/// use peguri::template::{UriTemplate, Value};
///
/// let template = UriTemplate::parse("http://example.com/search{?q,lang}")?;
/// assert_eq!(template.variable_names().collect::<Vec<_>>(), ["q", "lang"]);
/// let uri = template.expand(&[("q", Value::from("URI Template")), ("lang", Value::from("en"))])?;
/// assert_eq!(uri, "http://example.com/search?q=URI%20Template&lang=en");
/// # Ok::<_, peguri::template::TemplateError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UriTemplate<'a> {
    text: &'a str,
    parts: Vec<Part<'a>>,
    /// How a URI is matched against the parts (see [`UriTemplate::match_uri`]).
    plan: Plan<'a>,
}

impl<'a> UriTemplate<'a> {
    /// Parses a template with the grammar of RFC 6570 section 2.
    ///
    /// # Errors
    ///
    /// A [`TemplateError`] with the byte offset of the first fault: an
    /// invalid character in literal text or in an expression, a bad
    /// triplet, an unclosed expression, a missing variable name, a prefix
    /// length out of range, a reserved operator, or more variables than
    /// [`MAX_VARIABLES`].
    ///
    /// ```
    /// use peguri::template::UriTemplate;
    ///
    /// assert!(UriTemplate::parse("{+path:6}/here").is_ok());
    /// let err = UriTemplate::parse("{var:10000}").unwrap_err();
    /// assert_eq!(err.offset(), 4);
    /// let err = UriTemplate::parse("/a b").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid character ' ' in literal text at byte 2");
    /// ```
    pub fn parse(text: &'a str) -> Result<Self, TemplateError> {
        if matched(Rule::UriTemplate, text, 0) != Some(text.len()) {
            return Err(syntax_error(text));
        }
        // `URI-Template = *( literals / expression )`: the parts in the
        // grammar's order, each ending where its rule's match ends.
        let mut parts = Vec::new();
        let mut pos = 0;
        let mut variables = 0;
        while pos < text.len() {
            if let Some(end) = matched(Rule::Literals, text, pos) {
                parts.push(Part::Literal(&text[pos..end]));
                pos = end;
            } else if let Some(end) = matched(Rule::Expression, text, pos) {
                let part = expression(text, pos, end)?;
                if let Part::Expression { varspecs, .. } = &part {
                    if let Some(over) = varspecs.get(MAX_VARIABLES.saturating_sub(variables)) {
                        return Err(TemplateErrorKind::TooManyVariables {
                            offset: over.offset,
                        }
                        .into());
                    }
                    variables += varspecs.len();
                }
                parts.push(part);
                pos = end;
            } else {
                // The whole template matched; its rule takes nothing else.
                return Err(syntax_error(text));
            }
        }
        let plan = Plan::new(text, &parts);
        Ok(UriTemplate { text, parts, plan })
    }

    /// The template's text.
    ///
    /// ```
    /// assert_eq!(peguri::template::UriTemplate::parse("{x}")?.as_str(), "{x}");
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The names of the variables, in the order of the template (a name
    /// used twice comes twice).
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("{a}{/b*,a:2}")?;
    /// assert_eq!(t.variable_names().collect::<Vec<_>>(), ["a", "b", "a"]);
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn variable_names(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.parts
            .iter()
            .flat_map(|part| match part {
                Part::Literal(_) => [].iter(),
                Part::Expression { varspecs, .. } => varspecs.iter(),
            })
            .map(|v| v.name)
    }

    /// Expands the template with `variables` (RFC 6570 section 3 and
    /// Appendix A).
    ///
    /// # Errors
    ///
    /// [`TemplateErrorKind::PrefixOnComposite`] when a variable with a
    /// prefix modifier has a list or associative array value.
    ///
    /// ```
    /// use peguri::template::{UriTemplate, Value};
    ///
    /// let vars = [
    ///     ("list", Value::list(["red", "green", "blue"])),
    ///     ("keys", Value::map([("semi", ";"), ("dot", "."), ("comma", ",")])),
    /// ];
    /// let expand = |t| UriTemplate::parse(t).unwrap().expand(&vars);
    /// assert_eq!(expand("{/list*}")?, "/red/green/blue");
    /// assert_eq!(expand("{?keys*}")?, "?semi=%3B&dot=.&comma=%2C");
    /// assert_eq!(expand("X{.undefined}")?, "X");
    /// assert_eq!(
    ///     expand("{list:2}").unwrap_err().to_string(),
    ///     "prefix modifier on a list or associative array at byte 1 (RFC 6570 section 2.4.1)"
    /// );
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn expand<V: Variables + ?Sized>(&self, variables: &V) -> Result<String, TemplateError> {
        let mut out = String::with_capacity(self.text.len() * 2);
        for part in &self.parts {
            match part {
                Part::Literal(text) => encode(&mut out, text, true),
                Part::Expression { operator, varspecs } => {
                    expand_expression(&mut out, *operator, varspecs, variables)?;
                }
            }
        }
        Ok(out)
    }

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
}

impl fmt::Display for UriTemplate<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// Parses and expands `template` in one call.
///
/// # Errors
///
/// As [`UriTemplate::parse`] and [`UriTemplate::expand`].
///
/// ```
/// use peguri::template::{expand, Value};
/// assert_eq!(expand("{#section}", &[("section", Value::from("a b"))])?, "#a%20b");
/// # Ok::<_, peguri::template::TemplateError>(())
/// ```
pub fn expand<V: Variables + ?Sized>(
    template: &str,
    variables: &V,
) -> Result<String, TemplateError> {
    UriTemplate::parse(template)?.expand(variables)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operator_table_is_appendix_a() {
        let ops = [
            None,
            Some('+'),
            Some('.'),
            Some('/'),
            Some(';'),
            Some('?'),
            Some('&'),
            Some('#'),
        ];
        let table: Vec<(&str, char, bool, &str, bool)> = ops
            .iter()
            .map(|&op| {
                let o = Operator::from_char(op).unwrap();
                (o.first, o.sep, o.named, o.if_empty, o.allow_reserved)
            })
            .collect();
        assert_eq!(
            table,
            [
                ("", ',', false, "", false),
                ("", ',', false, "", true),
                (".", '.', false, "", false),
                ("/", '/', false, "", false),
                (";", ';', true, "", false),
                ("?", '&', true, "=", false),
                ("&", '&', true, "=", false),
                ("#", ',', false, "", true),
            ]
        );
        for reserved in ['=', ',', '!', '@', '|'] {
            assert!(Operator::from_char(Some(reserved)).is_none());
        }
    }
}
