//! Reference resolution (RFC 3986 section 5.2), against one base or a
//! base per row.

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use peguri::{Uri, UriRef};

use crate::column::{map_strings, unpack_dictionary, Layout, StringColumn, Substrings};

/// The base of [`resolve`]: one URI for every row, or a column of them.
///
/// ```
/// use arrow_array::StringArray;
/// use peguri_arrow::Base;
///
/// let bases = StringArray::from(vec!["http://a/b/c"]);
/// let _one = Base::Scalar("http://a/b/c");
/// let _per_row = Base::Array(&bases);
/// ```
#[derive(Clone, Copy, Debug)]
pub enum Base<'a> {
    /// One base for every row, parsed once.
    Scalar(&'a str),
    /// A base per row, as long as the references.
    Array(&'a dyn Array),
}

/// Resolves each reference against the base (RFC 3986 section 5.2.2, the
/// strict algorithm, with dot segments removed as in 5.2.4). NULL where
/// the base or the reference is NULL or not a URI reference, and where
/// the base has no scheme (a base must be an absolute URI, 5.2.1; its
/// fragment is ignored). As views, a reference that resolves to itself is
/// pointed at rather than copied.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::{column::Layout, resolve, Base};
///
/// let references = StringArray::from(vec![Some("../g?y#s"), Some("g;x=1/../y"), Some("a b"), None]);
/// let resolved = resolve(Base::Scalar("http://a/b/c/d;p?q"), &references, Layout::Plain)?;
/// let resolved = resolved.as_string::<i32>();
/// assert_eq!(resolved.value(0), "http://a/b/g?y#s");
/// assert_eq!(resolved.value(1), "http://a/b/c/y");
/// assert!(resolved.is_null(2) && resolved.is_null(3));
///
/// let bases = StringArray::from(vec!["http://a/b", "http://x/y/", "relative/base", "http://a/"]);
/// let resolved = resolve(Base::Array(&bases), &references, Layout::Plain)?;
/// let resolved = resolved.as_string::<i32>();
/// assert_eq!(resolved.value(1), "http://x/y/y");
/// assert!(resolved.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn resolve(
    base: Base<'_>,
    references: &dyn Array,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    match base {
        Base::Scalar(base) => match Uri::parse(base) {
            // A constant base (the usual case) is parsed once, and a
            // dictionary of references resolved once per distinct value.
            Ok(base) => map_strings(references, |references| {
                let mut out = Substrings::new(references, layout);
                for row in 0..references.len() {
                    append_resolved(&mut out, row, Some(&base), references.get(row))?;
                }
                out.finish()
            }),
            // The type the rows would have had.
            Err(_) => map_strings(references, |references| {
                let mut out = Substrings::new(references, layout);
                (0..references.len()).for_each(|_| out.append_null());
                out.finish()
            }),
        },
        Base::Array(bases) => {
            if bases.len() != references.len() {
                return Err(ArrowError::InvalidArgumentError(format!(
                    "resolve: {} bases for {} references",
                    bases.len(),
                    references.len()
                )));
            }
            let (bases, references) = (unpack_dictionary(bases)?, unpack_dictionary(references)?);
            let (bases, references) = (
                StringColumn::try_new(bases.as_ref())?,
                StringColumn::try_new(references.as_ref())?,
            );
            let mut out = Substrings::new(references, layout);
            for row in 0..references.len() {
                let base = bases.get(row).and_then(|b| Uri::parse(b).ok());
                append_resolved(&mut out, row, base.as_ref(), references.get(row))?;
            }
            out.finish()
        }
    }
}

fn append_resolved(
    out: &mut Substrings<'_>,
    row: usize,
    base: Option<&Uri<'_>>,
    reference: Option<&str>,
) -> Result<(), ArrowError> {
    let parsed = reference.and_then(|r| UriRef::parse(r).ok());
    let resolved = match (base, parsed) {
        (Some(base), Some(reference)) => Some(reference.resolve_against(base)),
        _ => None,
    };
    match resolved {
        // An absolute reference without dot segments resolves to itself:
        // point at it instead of copying.
        Some(uri) if Some(uri.as_str()) == reference => out.append(row, reference),
        Some(uri) => out.append_owned(uri.as_str()),
        None => {
            out.append_null();
            Ok(())
        }
    }
}
