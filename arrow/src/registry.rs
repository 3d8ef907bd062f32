//! Each row's scheme in the IANA URI Schemes registry
//! (`peguri::scheme::SchemeRegistry`).

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{ArrowError, DataType, Field, Fields};
use peguri::scheme::{RegisteredScheme, SchemeRegistry};
use peguri::UriRef;

use crate::column::{map_strings, Layout, StringColumn, Substrings};

/// The fields of [`scheme_registration`]'s struct, in order: `name` (the
/// scheme as the registry writes it), `status` (`permanent`, `provisional`
/// or `historical`), `description`, `reference` and `template` (NULL when
/// the registry names an RFC rather than a template). All `Utf8View` (with
/// [`Layout::Plain`], `Utf8` or `LargeUtf8`) and nullable: NULL where the
/// struct is, and `template` also in a row without one.
///
/// ```
/// let names: Vec<String> = peguri_arrow::registration_fields()
///     .iter()
///     .map(|f| f.name().clone())
///     .collect();
/// assert_eq!(names, ["name", "status", "description", "reference", "template"]);
/// ```
pub fn registration_fields() -> Fields {
    ["name", "status", "description", "reference", "template"]
        .into_iter()
        .map(|name| Field::new(name, DataType::Utf8View, true))
        .collect()
}

/// Each row's registration in `registry`: a row is a scheme name (`http`,
/// in any case) or a URI reference, whose scheme is looked up. The struct
/// of [`registration_fields`]; NULL where the row is NULL, or names no
/// registered scheme (an unregistered name, a URI with an unregistered
/// scheme, a relative reference, text that is not a URI reference).
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri::scheme::SchemeRegistry;
/// use peguri_arrow::column::Layout;
///
/// let rows = StringArray::from(vec!["HTTP", "wais://h/db", "slack://open", "/p"]);
/// let found = peguri_arrow::scheme_registration(&rows, SchemeRegistry::built_in(), Layout::Plain)?;
/// let status = found.column_by_name("status").unwrap().as_string::<i32>();
/// assert_eq!((status.value(0), status.value(1)), ("permanent", "historical"));
/// assert!(found.is_null(2) && found.is_null(3));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn scheme_registration(
    array: &dyn Array,
    registry: &SchemeRegistry,
    layout: Layout,
) -> Result<StructArray, ArrowError> {
    let out = map_strings(array, |input| {
        Ok(Arc::new(registration_column(input, registry, layout)?) as ArrayRef)
    })?;
    Ok(arrow_array::cast::AsArray::as_struct(&out).clone())
}

/// The registration of one row of [`scheme_registration`]: of the scheme
/// name `text` is, or of the scheme of the URI it is (what Python's
/// `peguri.scheme_info` looks up too).
///
/// ```
/// use peguri::scheme::SchemeRegistry;
///
/// let registry = SchemeRegistry::built_in();
/// let of = |text| peguri_arrow::registration_of(registry, text).map(|r| r.name());
/// assert_eq!(of("Mailto"), Some("mailto"));
/// assert_eq!(of("mailto:joe@example.com"), Some("mailto"));
/// assert_eq!(of("/mailto"), None);
/// ```
pub fn registration_of<'r>(
    registry: &'r SchemeRegistry,
    text: &str,
) -> Option<&'r RegisteredScheme> {
    // A registered name has no `:`, and a URI with a scheme has one: the
    // two readings never meet.
    registry.get(text).or_else(|| {
        let uri = UriRef::parse(text).ok()?;
        registry.get(uri.scheme()?)
    })
}

fn registration_column(
    input: StringColumn<'_>,
    registry: &SchemeRegistry,
    layout: Layout,
) -> Result<StructArray, ArrowError> {
    let mut columns: [Substrings<'_>; 5] = std::array::from_fn(|_| Substrings::new(input, layout));
    let mut valid = Vec::with_capacity(input.len());
    for row in 0..input.len() {
        let found = input
            .get(row)
            .and_then(|text| registration_of(registry, text));
        valid.push(found.is_some());
        let [scheme, status, description, reference, template] = &mut columns;
        match found {
            Some(entry) => {
                scheme.append_owned(entry.name())?;
                status.append_owned(entry.status().as_str())?;
                description.append_owned(entry.description())?;
                reference.append_owned(entry.reference())?;
                match entry.template() {
                    Some(text) => template.append_owned(text)?,
                    None => template.append_null(),
                }
            }
            None => columns.iter_mut().for_each(Substrings::append_null),
        }
    }
    let columns: Vec<ArrayRef> = columns
        .into_iter()
        .map(Substrings::finish)
        .collect::<Result<_, _>>()?;
    // The fields' types are the columns' own: the layout's string type.
    let fields: Fields = registration_fields()
        .iter()
        .zip(&columns)
        .map(|(field, column)| {
            field
                .as_ref()
                .clone()
                .with_data_type(column.data_type().clone())
        })
        .collect();
    let nulls = Some(NullBuffer::from(valid)).filter(|n| n.null_count() > 0);
    StructArray::try_new(fields, columns, nulls)
}
