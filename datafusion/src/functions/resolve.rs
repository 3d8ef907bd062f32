//! `uri_resolve(base, reference)`: reference resolution (RFC 3986 section
//! 5.2).

use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result};
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::{ResolveErrorKind, UriBuf, UriRef};

use crate::docs::document;
use crate::signature::{meta_methods, Meta};
use crate::strings::{call_rows, finish_call, StringArg};
use crate::views::Substrings;

/// `uri_resolve(base, reference)`: the URI `reference` stands for when
/// read against `base`, by the strict algorithm of RFC 3986 section 5.2.2
/// with dot segments removed (5.2.4). NULL when either argument is NULL or
/// not a URI reference, and when `base` has no scheme (a base must be an
/// absolute URI, 5.2.1; its fragment is ignored).
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct ResolveFunction {
    meta: Meta,
}

impl ResolveFunction {
    pub(crate) fn new() -> Self {
        ResolveFunction {
            meta: Meta::new(
                "uri_resolve",
                2,
                &[],
                document(
                    "Resolves `reference` against `base` (RFC 3986 section 5.2, strict; dot \
                     segments removed). NULL when an argument is NULL or not a URI reference, \
                     or when the base has no scheme.",
                    "uri_resolve(base, reference)",
                    "SELECT uri_resolve('http://a/b/c/d;p?q', '../g?y#s'); -- 'http://a/b/g?y#s'",
                    &[
                        ("base", "The base URI: a URI with a scheme."),
                        ("reference", "The URI reference to resolve."),
                    ],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for ResolveFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let bases = StringArg::new(&args.args[0])?;
        let references = StringArg::new(&args.args[1])?;
        let (bases, references) = (bases.rows()?, references.rows()?);
        let (rows, all_scalar) = call_rows(&[bases, references]);
        // A constant base (the usual case) is parsed once.
        let constant_base = bases
            .is_scalar()
            .then(|| bases.get(0).and_then(|b| UriRef::parse(b).ok()));
        let mut out = Substrings::new(references.column());
        for i in 0..rows {
            let base = match &constant_base {
                Some(base) => *base,
                None => bases.get(i).and_then(|b| UriRef::parse(b).ok()),
            };
            let reference = references.get(i).and_then(|r| UriRef::parse(r).ok());
            let resolved = match (base, reference) {
                (Some(base), Some(reference)) => resolve(&base, &reference)?,
                _ => None,
            };
            match resolved {
                // An absolute reference without dot segments resolves to
                // itself: point at it instead of copying.
                Some(uri) if Some(uri.as_str()) == references.get(i) => {
                    out.append(references.row(i), references.get(i))?
                }
                Some(uri) => out.append_owned(uri.as_str()),
                None => out.append(references.row(i), None)?,
            }
        }
        finish_call(out.finish(), all_scalar)
    }
}

/// Resolves, `None` for a base without a scheme; any other failure is a
/// bug in peguri and reported as an error rather than hidden as NULL.
fn resolve(base: &UriRef<'_>, reference: &UriRef<'_>) -> Result<Option<UriBuf>> {
    match peguri::resolve(base, reference) {
        Ok(uri) => Ok(Some(uri)),
        Err(error) if error.kind() == ResolveErrorKind::RelativeBase => Ok(None),
        Err(error) => exec_err!("uri_resolve: {error}"),
    }
}
