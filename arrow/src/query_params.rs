//! Every pair of each row's query, its keys, and each row without some of
//! its pairs.

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, GenericListArray, ListArray, OffsetSizeTrait, StructArray};
use arrow_buffer::{NullBuffer, OffsetBuffer};
use arrow_schema::{ArrowError, DataType, Field, FieldRef, Fields};
use peguri::query::QueryPairs;
use peguri::UriRef;

use crate::column::{
    map_strings, map_text, unpack_dictionary, Layout, StringColumn, Substrings, Text,
};

/// The pairs of `uri`'s query as [`QueryPairs`] reads them (`&` between
/// pairs), none without a query.
fn pairs<'a>(uri: &UriRef<'a>, plus_as_space: bool) -> peguri::query::RawQueryPairs<'a> {
    QueryPairs::new(uri.query().unwrap_or_default())
        .plus_as_space(plus_as_space)
        .raw()
}

/// Appends decoded text: pointed at when it is a piece of row `row`,
/// copied when decoding made it.
#[inline]
fn append(out: &mut Substrings<'_>, row: usize, text: Cow<'_, str>) -> Result<(), ArrowError> {
    match text {
        Cow::Borrowed(piece) => out.append(row, Some(piece)),
        Cow::Owned(text) => out.append_owned(&text),
    }
}

/// The offsets and validity of a list column, built one row at a time.
struct Lists {
    offsets: Vec<i32>,
    valid: Vec<bool>,
    items: usize,
}

impl Lists {
    fn new(rows: usize) -> Self {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        Lists {
            offsets,
            valid: Vec::with_capacity(rows),
            items: 0,
        }
    }

    fn end_row(&mut self, items: usize, valid: bool) -> Result<(), ArrowError> {
        self.items += items;
        let end = i32::try_from(self.items).map_err(|_| {
            ArrowError::ComputeError(format!("more than {} list items in one column", i32::MAX))
        })?;
        self.offsets.push(end);
        self.valid.push(valid);
        Ok(())
    }

    fn finish(self, item: FieldRef, values: ArrayRef) -> Result<ArrayRef, ArrowError> {
        let nulls = Some(NullBuffer::from(self.valid)).filter(|n| n.null_count() > 0);
        let offsets = OffsetBuffer::new(self.offsets.into());
        Ok(Arc::new(ListArray::try_new(item, offsets, values, nulls)?))
    }
}

/// The fields of the struct of one pair: `key` and `value`, strings of
/// `string_type`, never NULL.
fn pair_fields(string_type: DataType) -> Fields {
    Fields::from(vec![
        Field::new("key", string_type.clone(), false),
        Field::new("value", string_type, false),
    ])
}

/// The item field of [`query_params`]' lists with [`Layout::View`]: a
/// nullable `item` of type `Struct<key: Utf8View, value: Utf8View>`
/// (neither field NULL). With [`Layout::Plain`] the strings are `Utf8`
/// (or `LargeUtf8`).
///
/// ```
/// use arrow_schema::DataType;
///
/// let DataType::Struct(fields) = peguri_arrow::query_params_item().data_type().clone() else {
///     panic!("a struct")
/// };
/// assert_eq!((fields[0].name().as_str(), fields[1].name().as_str()), ("key", "value"));
/// assert_eq!(fields[1].data_type(), &DataType::Utf8View);
/// ```
pub fn query_params_item() -> FieldRef {
    Arc::new(Field::new_list_field(
        DataType::Struct(pair_fields(DataType::Utf8View)),
        true,
    ))
}

/// Every `key=value` pair of each row's query, in order, repeats kept: a
/// list of structs of `key` and `value`, both percent-decoded (octets
/// that are not UTF-8 become U+FFFD), `""` as the value of a pair without
/// `=` (`?flag`), as [`query_param`](crate::query_param) gives it. Pairs
/// are separated by `&`, and empty pieces (`a=1&&b=2`) are skipped. `+`
/// stays `+` unless `plus_as_space` (the form reading, as yarl and
/// `urllib.parse.parse_qsl` read a query). An empty list for a row
/// without a query; NULL for NULL and for a row that is not a URI
/// reference. As views, a key or value with nothing to decode points into
/// the input.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/?a=1&b=x+y&a=2&flag", "http://h/", "a b"]);
/// let params = peguri_arrow::query_params(&urls, true, Layout::Plain)?;
/// let first = params.value(0);
/// let first = first.as_struct();
/// let keys: Vec<_> = first.column(0).as_string::<i32>().iter().flatten().collect();
/// let values: Vec<_> = first.column(1).as_string::<i32>().iter().flatten().collect();
/// assert_eq!(keys, ["a", "b", "a", "flag"]);
/// assert_eq!(values, ["1", "x y", "2", ""]);
/// assert_eq!(params.value(1).len(), 0);
/// assert!(params.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn query_params(
    array: &dyn Array,
    plus_as_space: bool,
    layout: Layout,
) -> Result<ListArray, ArrowError> {
    let out = map_strings(array, |input| {
        let mut keys = Substrings::new(input, layout);
        let mut values = Substrings::new(input, layout);
        let mut lists = Lists::new(input.len());
        for row in 0..input.len() {
            let uri = input.get(row).and_then(|text| UriRef::parse(text).ok());
            let mut items = 0;
            if let Some(uri) = &uri {
                for pair in pairs(uri, plus_as_space) {
                    append(&mut keys, row, pair.key())?;
                    append(&mut values, row, pair.value().unwrap_or(Cow::Borrowed("")))?;
                    items += 1;
                }
            }
            lists.end_row(items, uri.is_some())?;
        }
        let (keys, values) = (keys.finish()?, values.finish()?);
        let fields = pair_fields(keys.data_type().clone());
        let item = Arc::new(Field::new_list_field(
            DataType::Struct(fields.clone()),
            true,
        ));
        let pairs = StructArray::try_new(fields, vec![keys, values], None)?;
        lists.finish(item, Arc::new(pairs))
    })?;
    Ok(out.as_list::<i32>().clone())
}

/// The key of every pair of each row's query, percent-decoded, in order,
/// repeats kept (ClickHouse's `extractURLParameterNames`): the `key`
/// field of [`query_params`], as a list of strings. An empty list for a
/// row without a query; NULL for NULL and for a row that is not a URI
/// reference.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/?utm_source=a&id=7&first+name=&id=8"]);
/// let names = peguri_arrow::query_param_names(&urls, true, Layout::Plain)?;
/// let names = names.value(0);
/// let names: Vec<_> = names.as_string::<i32>().iter().flatten().collect();
/// assert_eq!(names, ["utm_source", "id", "first name", "id"]);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn query_param_names(
    array: &dyn Array,
    plus_as_space: bool,
    layout: Layout,
) -> Result<ListArray, ArrowError> {
    let out = map_strings(array, |input| {
        let mut keys = Substrings::new(input, layout);
        let mut lists = Lists::new(input.len());
        for row in 0..input.len() {
            let uri = input.get(row).and_then(|text| UriRef::parse(text).ok());
            let mut items = 0;
            if let Some(uri) = &uri {
                for pair in pairs(uri, plus_as_space) {
                    append(&mut keys, row, pair.key())?;
                    items += 1;
                }
            }
            lists.end_row(items, uri.is_some())?;
        }
        let keys = keys.finish()?;
        let item = Arc::new(Field::new_list_field(keys.data_type().clone(), true));
        lists.finish(item, keys)
    })?;
    Ok(out.as_list::<i32>().clone())
}

/// The keys [`remove_query_params`] removes: each is a key, unencoded,
/// that a pair's percent-decoded key must equal, or, ending in `*`, the
/// beginning of the keys it removes (`utm_*` removes `utm_source` and
/// `utm_medium`; `*` alone, every pair).
///
/// ```
/// let keys = peguri_arrow::KeyPatterns::new(["fbclid", "utm_*"]);
/// assert!(keys.matches(b"utm_source") && keys.matches(b"fbclid"));
/// assert!(!keys.matches(b"fbclid2") && !keys.matches(b"id"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyPatterns {
    exact: Vec<String>,
    prefixes: Vec<String>,
}

impl KeyPatterns {
    /// The patterns of `keys`, as the type describes them.
    ///
    /// ```
    /// let none = peguri_arrow::KeyPatterns::new(Vec::<String>::new());
    /// assert!(!none.matches(b"a"));
    /// ```
    pub fn new<I, S>(keys: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut patterns = KeyPatterns::default();
        for key in keys {
            let key = key.as_ref();
            match key.strip_suffix('*') {
                Some(prefix) => patterns.prefixes.push(prefix.to_owned()),
                None => patterns.exact.push(key.to_owned()),
            }
        }
        patterns
    }

    /// Whether a pair whose decoded key is `key` is to be removed.
    ///
    /// ```
    /// let keys = peguri_arrow::KeyPatterns::new(["*"]);
    /// assert!(keys.matches(b"") && keys.matches(b"anything"));
    /// ```
    pub fn matches(&self, key: &[u8]) -> bool {
        self.exact.iter().any(|k| k.as_bytes() == key)
            || self.prefixes.iter().any(|p| key.starts_with(p.as_bytes()))
    }
}

/// `text` without the pairs of its query whose decoded key `keys`
/// matches, through the library's [`QueryEditor`](peguri::query::QueryEditor):
/// the rest of the text is kept byte for byte (the other pairs, their
/// order and the separators before them), and when no pair is left the
/// query goes, `?` included. A URI with nothing to remove is `text`
/// itself, borrowed. `None` when `text` is not a URI reference.
///
/// ```
/// use peguri_arrow::{without_query_params, KeyPatterns};
///
/// let keys = KeyPatterns::new(["utm_*", "fbclid"]);
/// let url = "https://h/p?utm_source=x&id=7&fbclid=abc#top";
/// assert_eq!(without_query_params(url, &keys, false).as_deref(), Some("https://h/p?id=7#top"));
/// let all = "https://h/p?utm_source=x#top";
/// assert_eq!(without_query_params(all, &keys, false).as_deref(), Some("https://h/p#top"));
/// assert_eq!(without_query_params("a b", &keys, false), None);
/// ```
pub fn without_query_params<'a>(
    text: &'a str,
    keys: &KeyPatterns,
    plus_as_space: bool,
) -> Option<Cow<'a, str>> {
    let uri = UriRef::parse(text).ok()?;
    let hit = pairs(&uri, plus_as_space).any(|pair| keys.matches(&pair.key_bytes()));
    if !hit {
        return Some(Cow::Borrowed(text));
    }
    let mut owned = uri.to_owned();
    owned
        .edit_query()
        .plus_as_space(plus_as_space)
        .retain(|pair| !keys.matches(&pair.key_bytes()));
    Some(Cow::Owned(owned.into_string()))
}

/// The keys [`remove_query_params`] removes from each row: the same for
/// every row, or a list of keys per row.
#[derive(Clone, Copy, Debug)]
pub enum Keys<'a> {
    /// The same keys for every row.
    Same(&'a KeyPatterns),
    /// A list array (`List` or `LargeList` of strings, or of a dictionary
    /// of strings) as long as the URLs: each row's list of keys, as
    /// [`KeyPatterns`] reads them; a NULL list gives NULL, a NULL key in a
    /// list is no key.
    PerRow(&'a dyn Array),
}

/// Each row without the query pairs whose percent-decoded key `keys`
/// names ([`without_query_params`]: a key ending in `*` names the keys
/// that begin with the text before it), the rest of the URI byte for
/// byte (ClickHouse's `cutURLParameter`, for removing `utm_*` before
/// grouping). `+` in keys stays `+` unless `plus_as_space`. NULL for NULL
/// and for a row that is not a URI reference. As views, a row with
/// nothing to remove points into the input.
///
/// # Errors
///
/// Keys per row that are not a list of strings, or not as many as the
/// URLs.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
/// use peguri_arrow::{KeyPatterns, Keys};
///
/// let urls = StringArray::from(vec!["https://h/a?utm_source=x&utm_medium=y&id=7", "https://h/b?id=8", "a b"]);
/// let keys = KeyPatterns::new(["utm_*"]);
/// let cut = peguri_arrow::remove_query_params(&urls, Keys::Same(&keys), false, Layout::Plain)?;
/// let cut = cut.as_string::<i32>();
/// assert_eq!((cut.value(0), cut.value(1)), ("https://h/a?id=7", "https://h/b?id=8"));
/// assert!(cut.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn remove_query_params(
    urls: &dyn Array,
    keys: Keys<'_>,
    plus_as_space: bool,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    match keys {
        Keys::Same(keys) => map_text(urls, layout, |text| {
            match without_query_params(text, keys, plus_as_space) {
                Some(Cow::Borrowed(piece)) => Text::Piece(piece),
                Some(Cow::Owned(text)) => Text::Owned(text),
                None => Text::Null,
            }
        }),
        Keys::PerRow(keys) => remove_per_row(urls, keys, plus_as_space, layout),
    }
}

/// [`remove_query_params`] with a list of keys per row. Consecutive rows
/// with the same list (a constant list, as a SQL engine passes it) share
/// one [`KeyPatterns`].
fn remove_per_row(
    urls: &dyn Array,
    keys: &dyn Array,
    plus_as_space: bool,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    if urls.len() != keys.len() {
        return Err(ArrowError::InvalidArgumentError(format!(
            "{} URLs and {} lists of keys; give one list, or one per URL",
            urls.len(),
            keys.len()
        )));
    }
    let lists = KeyLists::new(keys)?;
    let urls = unpack_dictionary(urls)?;
    let urls = StringColumn::try_new(urls.as_ref())?;
    let mut out = Substrings::new(urls, layout);
    let mut previous: Option<(Vec<Option<&str>>, KeyPatterns)> = None;
    for row in 0..urls.len() {
        let (Some(text), Some(list)) = (urls.get(row), lists.row(row)) else {
            out.append_null();
            continue;
        };
        if previous.as_ref().is_none_or(|(seen, _)| *seen != list) {
            let patterns = KeyPatterns::new(list.iter().flatten());
            previous = Some((list, patterns));
        }
        let Some((_, patterns)) = &previous else {
            out.append_null();
            continue;
        };
        match without_query_params(text, patterns, plus_as_space) {
            Some(Cow::Borrowed(piece)) => out.append(row, Some(piece))?,
            Some(Cow::Owned(text)) => out.append_owned(&text)?,
            None => out.append_null(),
        }
    }
    out.finish()
}

/// Where each list of `list` starts and ends in its values; `None` for a
/// NULL list.
fn list_bounds<O: OffsetSizeTrait>(list: &GenericListArray<O>) -> Vec<Option<(usize, usize)>> {
    list.value_offsets()
        .windows(2)
        .enumerate()
        .map(|(row, ends)| {
            list.is_valid(row)
                .then_some((ends[0].as_usize(), ends[1].as_usize()))
        })
        .collect()
}

/// A list array of keys, read row by row.
struct KeyLists {
    /// Where each row's keys start and end in `values`; `None` for NULL.
    bounds: Vec<Option<(usize, usize)>>,
    values: ArrayRef,
}

impl KeyLists {
    fn new(keys: &dyn Array) -> Result<Self, ArrowError> {
        if keys.data_type() == &DataType::Null {
            // All NULL: no list of keys, every row NULL.
            return Ok(KeyLists {
                bounds: vec![None; keys.len()],
                values: Arc::new(arrow_array::NullArray::new(0)),
            });
        }
        let keys = unpack_dictionary(keys)?;
        let (bounds, values) = match keys.data_type() {
            DataType::List(_) => {
                let list = keys.as_list::<i32>();
                (list_bounds(list), Arc::clone(list.values()))
            }
            DataType::LargeList(_) => {
                let list = keys.as_list::<i64>();
                (list_bounds(list), Arc::clone(list.values()))
            }
            other => {
                return Err(ArrowError::InvalidArgumentError(format!(
                    "the keys are a list of strings per row, not {other}"
                )))
            }
        };
        let values = unpack_dictionary(values.as_ref())?;
        if values.data_type() != &DataType::Null {
            StringColumn::try_new(values.as_ref()).map_err(|_| {
                ArrowError::InvalidArgumentError(format!(
                    "the keys are a list of strings per row, not of {}",
                    values.data_type()
                ))
            })?;
        }
        Ok(KeyLists { bounds, values })
    }

    /// Row `row`'s keys (a NULL key as `None`), `None` for a NULL list.
    fn row(&self, row: usize) -> Option<Vec<Option<&str>>> {
        let (start, end) = (*self.bounds.get(row)?)?;
        if self.values.data_type() == &DataType::Null {
            return Some(vec![None; end - start]);
        }
        let column = StringColumn::try_new(self.values.as_ref()).ok()?;
        Some((start..end).map(|i| column.get(i)).collect())
    }
}
