//! The documentation DataFusion shows for each function (for example in
//! `information_schema.routines` and `SHOW FUNCTIONS`).

use datafusion::logical_expr::{DocSection, Documentation};

/// The section all of peguri's functions are listed under.
const SECTION: DocSection = DocSection {
    include: true,
    label: "URI Functions (peguri, RFC 3986)",
    description: Some(
        "Strict RFC 3986 URI functions: components, parsing with errors, resolution, \
         normalization, IRIs and security lints.",
    ),
};

/// A function's documentation: what it does, how it is called, an
/// example, and its arguments as `(name, description)`.
pub(crate) fn document(
    description: &str,
    syntax: &str,
    example: &str,
    arguments: &[(&str, &str)],
) -> Documentation {
    let mut builder = Documentation::builder(SECTION, description, syntax)
        .with_sql_example(format!("```sql\n{example}\n```"));
    for (name, what) in arguments {
        builder = builder.with_argument(*name, *what);
    }
    builder.build()
}

/// The usual first argument.
pub(crate) const URI_ARGUMENT: (&str, &str) = (
    "uri",
    "A URI reference (RFC 3986 `URI-reference`): a string column or literal of any string type.",
);

/// The optional last argument of the query functions and `uri_decode`.
pub(crate) const PLUS_AS_SPACE_ARGUMENT: (&str, &str) = (
    "plus_as_space",
    "Optional, false by default: whether '+' is a space, as HTML forms \
     (application/x-www-form-urlencoded) write it. RFC 3986 gives '+' no meaning. A constant.",
);
