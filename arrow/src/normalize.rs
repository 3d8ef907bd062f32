//! Normal forms and comparison (RFC 3986 section 6).

use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::{Array, ArrayRef, BooleanArray};
use arrow_schema::ArrowError;
use peguri::{UriRef, UriRefBuf};

use crate::column::{map_text, unpack_dictionary, Layout, StringColumn, Text};

/// The syntax- and scheme-based normal form of each row (RFC 3986
/// sections 6.2.2 and 6.2.3, as `peguri normalize` gives it): scheme and
/// host lowercased, percent-encoding normalized, dot segments removed, a
/// default port dropped. NULL for NULL or invalid input; as views, a row
/// that is already normal is pointed at rather than copied.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["HTTP://Example.COM:80/a/./%7Euser", "a b"]);
/// let normal = peguri_arrow::normalize(&urls, Layout::Plain)?;
/// let normal = normal.as_string::<i32>();
/// assert_eq!(normal.value(0), "http://example.com/a/~user");
/// assert!(normal.is_null(1));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn normalize(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_text(array, layout, |text| match UriRef::parse(text) {
        Ok(uri) => match uri.normalize() {
            normal if normal.as_str() == text => Text::Piece(text),
            normal => Text::Owned(normal.into_string()),
        },
        Err(_) => Text::Null,
    })
}

/// Whether the rows of `a` and `b` have the same normal form (see
/// [`normalize`]), row by row; NULL where either is NULL or not a URI
/// reference. The two columns must have the same length. A row equal to
/// the row before it on the same side reuses its normal form, so a
/// repeated constant is normalized once.
///
/// ```
/// use arrow_array::{Array, StringArray};
///
/// let a = StringArray::from(vec!["http://example.com", "http://a/", "a b"]);
/// let b = StringArray::from(vec!["HTTP://Example.COM:80/", "http://b/", "x"]);
/// let same = peguri_arrow::equivalent(&a, &b)?;
/// assert!(same.value(0));
/// assert!(!same.value(1));
/// assert!(same.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn equivalent(a: &dyn Array, b: &dyn Array) -> Result<BooleanArray, ArrowError> {
    if a.len() != b.len() {
        return Err(ArrowError::InvalidArgumentError(format!(
            "equivalent: columns of {} and {} rows",
            a.len(),
            b.len()
        )));
    }
    let (a, b) = (unpack_dictionary(a)?, unpack_dictionary(b)?);
    let (a, b) = (
        StringColumn::try_new(a.as_ref())?,
        StringColumn::try_new(b.as_ref())?,
    );
    let (mut left, mut right) = (NormalForms::default(), NormalForms::default());
    let mut out = BooleanBuilder::with_capacity(a.len());
    for row in 0..a.len() {
        let x = left.of(a.get(row));
        let y = right.of(b.get(row));
        out.append_option(x.zip(y).map(|(x, y)| x.as_str() == y.as_str()));
    }
    Ok(out.finish())
}

/// The normal form of the last row seen on one side, kept for the next
/// row when it has the same text.
#[derive(Default)]
struct NormalForms<'a> {
    last: Option<(&'a str, Option<Arc<UriRefBuf>>)>,
}

impl<'a> NormalForms<'a> {
    fn of(&mut self, text: Option<&'a str>) -> Option<Arc<UriRefBuf>> {
        let text = text?;
        if let Some((last, normal)) = &self.last {
            if *last == text {
                return normal.clone();
            }
        }
        let normal = UriRef::parse(text)
            .ok()
            .map(|uri| Arc::new(uri.normalize()));
        self.last = Some((text, normal.clone()));
        normal
    }
}
