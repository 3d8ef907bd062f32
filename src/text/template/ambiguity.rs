//! Why a template cannot be matched: the [`Ambiguity`] a
//! [`Plan`](super::plan::Plan) finds, and what it says.

use core::fmt;

/// Why a template cannot be matched: which expressions are at fault, and
/// why more than one set of values could give the same URI.
///
/// [`UriTemplate::matchability`](super::UriTemplate::matchability) returns
/// it; [`UriTemplate::match_uri`](super::UriTemplate::match_uri)
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
    pub(super) kind: AmbiguityKind,
    pub(super) template: &'a str,
    /// The span of the expression at fault.
    pub(super) first: (usize, usize),
    /// The span of the other part at fault, if another part is.
    pub(super) second: Option<(usize, usize)>,
    pub(super) variable: Option<&'a str>,
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
