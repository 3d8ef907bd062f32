//! What is wrong with a template, or with a value for it.

use core::fmt;

use super::MAX_VARIABLES;

/// What is wrong with a template, or with a value for it.
///
/// ```
/// use peguri::template::{TemplateErrorKind, UriTemplate};
/// let err = UriTemplate::parse("{a b}").unwrap_err();
/// assert_eq!(err.kind(), TemplateErrorKind::InvalidExpression { ch: ' ', offset: 2 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TemplateErrorKind {
    /// A character that literal text may not hold (space, `"`, `<`, `>`,
    /// `\`, `^`, `` ` ``, `|`, `}`, a control character...).
    InvalidLiteral {
        /// The character.
        ch: char,
        /// Its byte offset in the template.
        offset: usize,
    },
    /// A `%` not followed by two hexadecimal digits.
    InvalidPercentEncoding {
        /// The byte offset of the `%`.
        offset: usize,
    },
    /// A `{` with no `}` after it.
    UnclosedExpression {
        /// The byte offset of the `{`.
        offset: usize,
    },
    /// A character that cannot appear where it is in an expression.
    InvalidExpression {
        /// The character.
        ch: char,
        /// Its byte offset in the template.
        offset: usize,
    },
    /// An expression, or a `,` in one, without a variable name after it.
    MissingVariableName {
        /// The byte offset where the name should start.
        offset: usize,
    },
    /// A prefix modifier whose length is not 1 to 9999.
    InvalidPrefix {
        /// The byte offset of the `:`.
        offset: usize,
    },
    /// An operator reserved for future extensions (`=`, `,`, `!`, `@`,
    /// `|`).
    ReservedOperator {
        /// The operator.
        op: char,
        /// Its byte offset in the template.
        offset: usize,
    },
    /// A prefix modifier on a variable whose value is a list or an
    /// associative array (an expansion error).
    PrefixOnComposite {
        /// The byte offset of the variable's name.
        offset: usize,
    },
    /// More variables than [`MAX_VARIABLES`].
    TooManyVariables {
        /// The byte offset of the name of the first variable past the
        /// limit.
        offset: usize,
    },
}

impl TemplateErrorKind {
    /// The kind's stable name, in snake_case, as it serializes.
    ///
    /// ```
    /// assert_eq!(peguri::template::TemplateErrorKind::InvalidPrefix { offset: 1 }.as_str(), "invalid_prefix");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            TemplateErrorKind::InvalidLiteral { .. } => "invalid_literal",
            TemplateErrorKind::InvalidPercentEncoding { .. } => "invalid_percent_encoding",
            TemplateErrorKind::UnclosedExpression { .. } => "unclosed_expression",
            TemplateErrorKind::InvalidExpression { .. } => "invalid_expression",
            TemplateErrorKind::MissingVariableName { .. } => "missing_variable_name",
            TemplateErrorKind::InvalidPrefix { .. } => "invalid_prefix",
            TemplateErrorKind::ReservedOperator { .. } => "reserved_operator",
            TemplateErrorKind::PrefixOnComposite { .. } => "prefix_on_composite",
            TemplateErrorKind::TooManyVariables { .. } => "too_many_variables",
        }
    }
}

/// The kind's name, as [`as_str`](TemplateErrorKind::as_str) gives it.
#[cfg(feature = "serde")]
impl serde::Serialize for TemplateErrorKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A template that does not follow RFC 6570's syntax, or a value that its
/// expression cannot take. It says where, as a byte offset into the
/// template.
///
/// ```
/// let err = peguri::template::UriTemplate::parse("{/list*,path:0}").unwrap_err();
/// assert_eq!(err.to_string(), "invalid prefix modifier at byte 12: the length must be 1 to 9999");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TemplateError {
    kind: TemplateErrorKind,
}

impl TemplateError {
    /// What is wrong.
    ///
    /// ```
    /// use peguri::template::{TemplateErrorKind, UriTemplate};
    /// let err = UriTemplate::parse("{=x}").unwrap_err();
    /// assert_eq!(err.kind(), TemplateErrorKind::ReservedOperator { op: '=', offset: 1 });
    /// ```
    pub fn kind(&self) -> TemplateErrorKind {
        self.kind
    }

    /// The byte offset of the fault in the template.
    ///
    /// ```
    /// let err = peguri::template::UriTemplate::parse("a b").unwrap_err();
    /// assert_eq!(err.offset(), 1);
    /// ```
    pub fn offset(&self) -> usize {
        match self.kind {
            TemplateErrorKind::InvalidLiteral { offset, .. }
            | TemplateErrorKind::InvalidPercentEncoding { offset }
            | TemplateErrorKind::UnclosedExpression { offset }
            | TemplateErrorKind::InvalidExpression { offset, .. }
            | TemplateErrorKind::MissingVariableName { offset }
            | TemplateErrorKind::InvalidPrefix { offset }
            | TemplateErrorKind::ReservedOperator { offset, .. }
            | TemplateErrorKind::PrefixOnComposite { offset }
            | TemplateErrorKind::TooManyVariables { offset } => offset,
        }
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            TemplateErrorKind::InvalidLiteral { ch, offset } => {
                write!(
                    f,
                    "invalid character {ch:?} in literal text at byte {offset}"
                )
            }
            TemplateErrorKind::InvalidPercentEncoding { offset } => write!(
                f,
                "invalid percent-encoding at byte {offset}: '%' must be followed by two hex digits"
            ),
            TemplateErrorKind::UnclosedExpression { offset } => {
                write!(
                    f,
                    "expression opened at byte {offset} is not closed with '}}'"
                )
            }
            TemplateErrorKind::InvalidExpression { ch, offset } => {
                write!(f, "invalid character {ch:?} in expression at byte {offset}")
            }
            TemplateErrorKind::MissingVariableName { offset } => {
                write!(f, "expected a variable name at byte {offset}")
            }
            TemplateErrorKind::InvalidPrefix { offset } => write!(
                f,
                "invalid prefix modifier at byte {offset}: the length must be 1 to 9999"
            ),
            TemplateErrorKind::ReservedOperator { op, offset } => write!(
                f,
                "operator {op:?} at byte {offset} is reserved for future extensions (RFC 6570 section 2.2)"
            ),
            TemplateErrorKind::PrefixOnComposite { offset } => write!(
                f,
                "prefix modifier on a list or associative array at byte {offset} (RFC 6570 section 2.4.1)"
            ),
            TemplateErrorKind::TooManyVariables { offset } => write!(
                f,
                "the variable at byte {offset} is one more than a template may hold: \
                 at most {MAX_VARIABLES}"
            ),
        }
    }
}

impl core::error::Error for TemplateError {}

impl From<TemplateErrorKind> for TemplateError {
    fn from(kind: TemplateErrorKind) -> Self {
        TemplateError { kind }
    }
}
