//! The plumbing every kernel shares, public so that other crates can write
//! kernels of their own the same way: [`validate`] checks data from outside
//! (the C Data Interface) before any of it is read as text,
//! [`StringColumn`] reads the three physical string types in place,
//! [`Substrings`] builds a string column of pieces of the input in the
//! [`Layout`] asked for (as views, without copying them), and
//! [`map_strings`] and [`map_text`] apply a function to a column, computing
//! a dictionary's distinct values once.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use arrow_buffer::Buffer;
use arrow_data::{ArrayData, ByteView};
use arrow_schema::{ArrowError, DataType};

use crate::views::{Plain, Views, INLINE};

/// How a kernel lays out the strings it returns.
///
/// ```
/// use arrow_array::{Array, LargeStringArray, StringArray};
/// use arrow_schema::DataType;
/// use peguri_arrow::{component, column::Layout, Component};
///
/// let urls = StringArray::from(vec!["http://example.com/"]);
/// let hosts = component(&urls, Component::Host, Layout::Plain)?;
/// assert_eq!(hosts.data_type(), &DataType::Utf8);
/// let hosts = component(&urls, Component::Host, Layout::View)?;
/// assert_eq!(hosts.data_type(), &DataType::Utf8View);
/// let large = LargeStringArray::from(vec!["http://example.com/"]);
/// let hosts = component(&large, Component::Host, Layout::Plain)?;
/// assert_eq!(hosts.data_type(), &DataType::LargeUtf8);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// `Utf8View`: a piece of the input longer than 12 bytes is a view into
    /// the input's own buffer, so the result shares the input's memory and
    /// copies nothing (the cheapest; what DataFusion reads natively).
    View,
    /// `Utf8`, or `LargeUtf8` when the input is `LargeUtf8` or the result's
    /// text passes 2 GiB: every row's text copied into the result's own
    /// buffer, the layout every Arrow library and compute function reads.
    Plain,
}

/// A string column of one of the three physical string types, read without
/// copying.
///
/// ```
/// use arrow_array::StringArray;
/// use peguri_arrow::column::StringColumn;
///
/// let array = StringArray::from(vec![Some("http://h/"), None]);
/// let column = StringColumn::try_new(&array)?;
/// assert_eq!(column.len(), 2);
/// assert_eq!(column.get(0), Some("http://h/"));
/// assert_eq!(column.get(1), None);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub enum StringColumn<'a> {
    /// `Utf8`.
    Utf8(&'a StringArray),
    /// `LargeUtf8`.
    LargeUtf8(&'a LargeStringArray),
    /// `Utf8View`.
    Utf8View(&'a StringViewArray),
}

impl<'a> StringColumn<'a> {
    /// Reads `array` as a string column; an error for any other type
    /// (dictionaries are unpacked before, by [`map_strings`] or
    /// [`unpack_dictionary`]).
    ///
    /// ```
    /// use arrow_array::Int32Array;
    /// use peguri_arrow::column::StringColumn;
    ///
    /// assert!(StringColumn::try_new(&Int32Array::from(vec![1])).is_err());
    /// ```
    pub fn try_new(array: &'a dyn Array) -> Result<Self, ArrowError> {
        Ok(match array.data_type() {
            DataType::Utf8 => StringColumn::Utf8(array.as_string::<i32>()),
            DataType::LargeUtf8 => StringColumn::LargeUtf8(array.as_string::<i64>()),
            DataType::Utf8View => StringColumn::Utf8View(array.as_string_view()),
            other => return Err(not_a_string(other)),
        })
    }

    /// The number of rows.
    ///
    /// ```
    /// use arrow_array::StringViewArray;
    /// use peguri_arrow::column::StringColumn;
    ///
    /// let array = StringViewArray::from(vec!["a", "b", "c"]);
    /// assert_eq!(StringColumn::try_new(&array)?.len(), 3);
    /// # Ok::<_, arrow_schema::ArrowError>(())
    /// ```
    pub fn len(&self) -> usize {
        match self {
            StringColumn::Utf8(a) => a.len(),
            StringColumn::LargeUtf8(a) => a.len(),
            StringColumn::Utf8View(a) => a.len(),
        }
    }

    /// Whether there are no rows.
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// use peguri_arrow::column::StringColumn;
    ///
    /// let array = StringArray::from(Vec::<&str>::new());
    /// assert!(StringColumn::try_new(&array)?.is_empty());
    /// # Ok::<_, arrow_schema::ArrowError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Row `i`, or `None` when it is NULL.
    ///
    /// ```
    /// use arrow_array::LargeStringArray;
    /// use peguri_arrow::column::StringColumn;
    ///
    /// let array = LargeStringArray::from(vec![None, Some("x")]);
    /// let column = StringColumn::try_new(&array)?;
    /// assert_eq!((column.get(0), column.get(1)), (None, Some("x")));
    /// # Ok::<_, arrow_schema::ArrowError>(())
    /// ```
    #[inline]
    pub fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            StringColumn::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            StringColumn::LargeUtf8(a) => a.is_valid(i).then(|| a.value(i)),
            StringColumn::Utf8View(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }

    /// For a text longer than 12 bytes taken from row `row`, the index in
    /// [`data_buffers`](Self::data_buffers) of the buffer that holds it;
    /// `None` when the row's text is not in a data buffer (a `Utf8View` row
    /// of 12 bytes or less is stored inside its view).
    #[inline]
    fn buffer_of(&self, row: usize) -> Option<usize> {
        match self {
            StringColumn::Utf8(_) | StringColumn::LargeUtf8(_) => Some(0),
            StringColumn::Utf8View(a) => {
                let view = ByteView::from(*a.views().get(row)?);
                (view.length > 12).then_some(view.buffer_index as usize)
            }
        }
    }

    /// Whether the column is `LargeUtf8`.
    fn is_large(&self) -> bool {
        matches!(self, StringColumn::LargeUtf8(_))
    }

    /// The buffers a view into this column's text may point at.
    fn data_buffers(&self) -> Vec<Buffer> {
        match self {
            StringColumn::Utf8(a) => vec![a.values().clone()],
            StringColumn::LargeUtf8(a) => vec![a.values().clone()],
            StringColumn::Utf8View(a) => a.data_buffers().to_vec(),
        }
    }
}

fn not_a_string(data_type: &DataType) -> ArrowError {
    ArrowError::InvalidArgumentError(format!(
        "expected Utf8, LargeUtf8, Utf8View or a dictionary of them, got {data_type}"
    ))
}

/// Applies `f` to a string column: a plain column is given to `f` as is;
/// a dictionary-encoded column is computed once per distinct value and
/// expanded by its keys (a NULL key gives NULL); a column of type `Null`
/// (all NULL, as Polars' `Null` dtype exports) is given as a `Utf8` column
/// of NULLs.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{cast::AsArray, Array, ArrayRef, DictionaryArray, UInt64Array};
/// use arrow_array::types::Int8Type;
/// use peguri_arrow::column::map_strings;
///
/// let dictionary: DictionaryArray<Int8Type> = vec!["ab", "ab", "c"].into_iter().collect();
/// let lengths = map_strings(&dictionary, |column| {
///     let lengths: UInt64Array = (0..column.len())
///         .map(|row| column.get(row).map(|s| s.len() as u64))
///         .collect();
///     // Called on the two distinct values only.
///     assert_eq!(lengths.len(), 2);
///     Ok(Arc::new(lengths) as ArrayRef)
/// })?;
/// let lengths = lengths.as_primitive::<arrow_array::types::UInt64Type>();
/// assert_eq!(lengths.values().to_vec(), [2, 2, 1]);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn map_strings(
    array: &dyn Array,
    f: impl Fn(StringColumn<'_>) -> Result<ArrayRef, ArrowError>,
) -> Result<ArrayRef, ArrowError> {
    map_dictionary(array, &f)
}

fn map_dictionary(
    array: &dyn Array,
    f: &impl Fn(StringColumn<'_>) -> Result<ArrayRef, ArrowError>,
) -> Result<ArrayRef, ArrowError> {
    if let Some(dictionary) = array.as_any_dictionary_opt() {
        let per_value = map_dictionary(dictionary.values().as_ref(), f)?;
        return take(per_value.as_ref(), dictionary.keys());
    }
    if array.data_type() == &DataType::Null {
        return f(StringColumn::Utf8(&StringArray::new_null(array.len())));
    }
    f(StringColumn::try_new(array)?)
}

/// The rows of `values` that `keys` name, as `arrow_select`'s `take`
/// gives them, except that a `Utf8` result whose text would pass 2 GiB
/// becomes `LargeUtf8`.
fn take(values: &dyn Array, keys: &dyn Array) -> Result<ArrayRef, ArrowError> {
    match arrow_select::take::take(values, keys, None) {
        Err(ArrowError::OffsetOverflowError(_)) if values.data_type() == &DataType::Utf8 => {
            // The same text with 64-bit offsets.
            let values = values.as_string::<i32>();
            let offsets = values.offsets().iter().map(|&o| i64::from(o)).collect();
            let large = LargeStringArray::try_new(
                arrow_buffer::OffsetBuffer::new(offsets),
                values.values().clone(),
                values.nulls().cloned(),
            )?;
            arrow_select::take::take(&large, keys, None)
        }
        result => result,
    }
}

/// A dictionary-encoded column as a plain column of its value type (for
/// kernels of several columns, whose rows pair up one by one), a `Null`
/// column as a `Utf8` column of NULLs; any other column as it is.
///
/// ```
/// use arrow_array::{Array, DictionaryArray};
/// use arrow_array::types::Int32Type;
/// use arrow_schema::DataType;
/// use peguri_arrow::column::unpack_dictionary;
///
/// let dictionary: DictionaryArray<Int32Type> = vec!["a", "b", "a"].into_iter().collect();
/// let plain = unpack_dictionary(&dictionary)?;
/// assert_eq!(plain.data_type(), &DataType::Utf8);
/// assert_eq!(plain.len(), 3);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn unpack_dictionary(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    match array.as_any_dictionary_opt() {
        Some(dictionary) => {
            let values = unpack_dictionary(dictionary.values().as_ref())?;
            take(values.as_ref(), dictionary.keys())
        }
        None if array.data_type() == &DataType::Null => {
            Ok(Arc::new(StringArray::new_null(array.len())))
        }
        None => Ok(arrow_array::make_array(array.to_data())),
    }
}

/// Builds a string column whose values are pieces of an input column's
/// rows, in the [`Layout`] asked for.
///
/// A component of a URI is a piece of the URI's text, so as views
/// ([`Layout::View`]) the result needs no copy of it: a view names the
/// input buffer that holds the piece, its offset and its length, and the
/// result shares (does not copy) the input's buffers. Pieces of 12 bytes
/// or less are stored inside their views, as the format requires; so is
/// a piece whose offset in the input does not fit the format's signed
/// 32 bits (it is copied). As [`Layout::Plain`] every piece is copied
/// into the result's buffer. Text that is not a piece of the input (a
/// normalized URI, a message) is copied with
/// [`append_owned`](Self::append_owned).
///
/// The views are built directly, without arrow's `StringViewBuilder` and
/// its check of each view: every piece is a `&str`, so UTF-8, and a view
/// into the input is made only after checking that the input's buffer
/// holds the piece's own memory.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::{Layout, StringColumn, Substrings};
///
/// let array = StringArray::from(vec!["http://example.com/a-path-long-enough/to-be-pointed-at"]);
/// let input = StringColumn::try_new(&array)?;
/// let mut out = Substrings::new(input, Layout::View);
/// let text = input.get(0).unwrap();
/// out.append(0, Some(&text[18..]))?;
/// out.append_owned("made")?;
/// out.append(0, None)?;
/// let out = out.finish()?;
/// let out = out.as_string_view();
/// assert_eq!(out.value(0), "/a-path-long-enough/to-be-pointed-at");
/// assert_eq!(out.value(1), "made");
/// assert!(out.is_null(2));
/// // The long piece points into the input's buffer.
/// assert_eq!(out.data_buffers()[0].as_ptr(), array.values().as_ptr());
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub struct Substrings<'a> {
    input: StringColumn<'a>,
    out: Out,
}

/// The column a [`Substrings`] builds.
enum Out {
    Views(Views),
    Plain(Plain),
}

impl<'a> Substrings<'a> {
    /// A builder for pieces of `input`, with room for as many rows, laid
    /// out as `layout` says.
    ///
    /// ```
    /// use arrow_array::{Array, StringArray};
    /// use peguri_arrow::column::{Layout, StringColumn, Substrings};
    ///
    /// let array = StringArray::from(vec!["x"]);
    /// let out = Substrings::new(StringColumn::try_new(&array)?, Layout::Plain);
    /// assert_eq!(out.finish()?.len(), 0);
    /// # Ok::<_, arrow_schema::ArrowError>(())
    /// ```
    pub fn new(input: StringColumn<'a>, layout: Layout) -> Self {
        let out = match layout {
            Layout::View => Out::Views(Views::new(input.data_buffers(), input.len())),
            Layout::Plain => Out::Plain(Plain::new(input.is_large(), input.len())),
        };
        Substrings { input, out }
    }

    /// Appends `piece`, which should be a piece of row `row`'s text (it is
    /// copied when it is not), or NULL.
    ///
    /// ```
    /// use arrow_array::{cast::AsArray, StringArray};
    /// use peguri_arrow::column::{Layout, StringColumn, Substrings};
    ///
    /// let array = StringArray::from(vec!["http://h/"]);
    /// let input = StringColumn::try_new(&array)?;
    /// let mut out = Substrings::new(input, Layout::Plain);
    /// out.append(0, input.get(0).map(|s| &s[..4]))?;
    /// assert_eq!(out.finish()?.as_string::<i32>().value(0), "http");
    /// # Ok::<_, arrow_schema::ArrowError>(())
    /// ```
    #[inline(always)]
    pub fn append(&mut self, row: usize, piece: Option<&str>) -> Result<(), ArrowError> {
        let Some(piece) = piece else {
            self.append_null();
            return Ok(());
        };
        match &mut self.out {
            Out::Views(views) => {
                if piece.len() > INLINE {
                    if let Some(buffer) = self.input.buffer_of(row) {
                        if views.push_shared(piece, buffer) {
                            return Ok(());
                        }
                    }
                }
                // Inline, or not a piece of the row after all.
                views.push_copy(piece)
            }
            Out::Plain(plain) => {
                plain.push(piece);
                Ok(())
            }
        }
    }

    /// Appends text that is not a piece of the input, by copying it; an
    /// error only for text of more than 2 GiB.
    ///
    /// ```
    /// use arrow_array::{cast::AsArray, StringArray};
    /// use peguri_arrow::column::{Layout, StringColumn, Substrings};
    ///
    /// let array = StringArray::from(vec!["x"]);
    /// let mut out = Substrings::new(StringColumn::try_new(&array)?, Layout::View);
    /// out.append_owned("reg-name")?;
    /// assert_eq!(out.finish()?.as_string_view().value(0), "reg-name");
    /// # Ok::<_, arrow_schema::ArrowError>(())
    /// ```
    #[inline]
    pub fn append_owned(&mut self, text: &str) -> Result<(), ArrowError> {
        match &mut self.out {
            Out::Views(views) => views.push_copy(text),
            Out::Plain(plain) => {
                plain.push(text);
                Ok(())
            }
        }
    }

    /// Appends NULL.
    ///
    /// ```
    /// use arrow_array::{Array, StringArray};
    /// use peguri_arrow::column::{Layout, StringColumn, Substrings};
    ///
    /// let array = StringArray::from(vec!["x"]);
    /// let mut out = Substrings::new(StringColumn::try_new(&array)?, Layout::View);
    /// out.append_null();
    /// assert!(out.finish()?.is_null(0));
    /// # Ok::<_, arrow_schema::ArrowError>(())
    /// ```
    #[inline]
    pub fn append_null(&mut self) {
        match &mut self.out {
            Out::Views(views) => views.push_null(),
            Out::Plain(plain) => plain.push_null(),
        }
    }

    /// The column built: `Utf8View`, `Utf8` or `LargeUtf8` (see
    /// [`Layout`]).
    ///
    /// ```
    /// use arrow_array::{Array, StringArray};
    /// use peguri_arrow::column::{Layout, StringColumn, Substrings};
    ///
    /// let array = StringArray::from(vec!["x"]);
    /// let mut out = Substrings::new(StringColumn::try_new(&array)?, Layout::Plain);
    /// out.append_owned("y")?;
    /// assert_eq!(out.finish()?.len(), 1);
    /// # Ok::<_, arrow_schema::ArrowError>(())
    /// ```
    pub fn finish(self) -> Result<ArrayRef, ArrowError> {
        match self.out {
            Out::Views(views) => Ok(Arc::new(views.finish())),
            Out::Plain(plain) => plain.finish(),
        }
    }
}

/// What a one-column text function gives for a row (see [`map_text`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text<'a> {
    /// NULL.
    Null,
    /// A piece of the row's own text, pointed at where it can be.
    Piece(&'a str),
    /// Text made for the row (a mapped or normalized URI, a message).
    Owned(String),
}

/// Applies `f` to every row of a string column and builds the result in
/// `layout`; NULL rows stay NULL without calling `f`. A dictionary is
/// computed once per distinct value, as [`map_strings`] does.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use peguri_arrow::column::{map_text, Layout, Text};
///
/// let array = StringArray::from(vec![Some("a:b"), Some("c"), None]);
/// let before_colon = map_text(&array, Layout::Plain, |s| match s.split_once(':') {
///     Some((head, _)) => Text::Piece(head),
///     None => Text::Null,
/// })?;
/// let before_colon = arrow_array::cast::AsArray::as_string::<i32>(&before_colon);
/// assert_eq!(before_colon.value(0), "a");
/// assert!(before_colon.is_null(1) && before_colon.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn map_text(
    array: &dyn Array,
    layout: Layout,
    f: impl for<'a> Fn(&'a str) -> Text<'a>,
) -> Result<ArrayRef, ArrowError> {
    map_strings(array, |input| {
        let mut out = Substrings::new(input, layout);
        for row in 0..input.len() {
            match input.get(row).map(&f) {
                None | Some(Text::Null) => out.append_null(),
                Some(Text::Piece(piece)) => out.append(row, Some(piece))?,
                Some(Text::Owned(text)) => out.append_owned(&text)?,
            }
        }
        out.finish()
    })
}

/// Checks data that comes from outside Rust (the C Data Interface imports
/// without checking anything) before any of it is read as text: every
/// buffer, offset, view, dictionary key and child, and that every string
/// is UTF-8, as `ArrayData::validate_full` does. A string that is not
/// UTF-8 is reported with its row and the byte of the row where it stops
/// being UTF-8.
///
/// ```
/// use arrow_array::{Array, StringArray};
///
/// let urls = StringArray::from(vec!["http://a/", "http://b/", "http://c/"]);
/// assert!(peguri_arrow::column::validate(&urls.slice(1, 2).into_data()).is_ok());
/// ```
pub fn validate(data: &ArrayData) -> Result<(), ArrowError> {
    data.validate_full().map_err(|error| {
        match data.validate().ok().and_then(|()| first_not_utf8(data)) {
            Some(message) => ArrowError::InvalidArgumentError(message),
            None => error,
        }
    })
}

/// Where the first string of `data` (or of its dictionary's values, or of
/// its children) that is not UTF-8 is, in words; `None` when every string
/// it can read is UTF-8. Reads only what lies inside the buffers, so that
/// it is safe on data that failed validation.
fn first_not_utf8(data: &ArrayData) -> Option<String> {
    let rows = data.offset()..data.offset() + data.len();
    let buffer = |i: usize| data.buffers().get(i).map(|b| b.as_slice());
    let row_text = |row: usize, bytes: &[u8]| {
        std::str::from_utf8(bytes)
            .err()
            .map(|error| not_utf8(row - data.offset(), bytes, error))
    };
    match data.data_type() {
        DataType::Utf8 | DataType::LargeUtf8 => {
            let width = if data.data_type() == &DataType::Utf8 {
                4
            } else {
                8
            };
            let (offsets, values) = (buffer(0)?, buffer(1)?);
            let offset = |i: usize| -> Option<usize> {
                let bytes = offsets.get(i * width..(i + 1) * width)?;
                let value = match width {
                    4 => i64::from(i32::from_le_bytes(bytes.try_into().ok()?)),
                    _ => i64::from_le_bytes(bytes.try_into().ok()?),
                };
                usize::try_from(value).ok()
            };
            rows.into_iter().find_map(|row| {
                let bytes = values.get(offset(row)?..offset(row + 1)?)?;
                row_text(row, bytes)
            })
        }
        DataType::Utf8View => {
            let views = buffer(0)?;
            rows.into_iter().find_map(|row| {
                let view =
                    u128::from_le_bytes(views.get(row * 16..row * 16 + 16)?.try_into().ok()?);
                let len = view as u32 as usize;
                let bytes = if len <= INLINE {
                    &views[row * 16 + 4..row * 16 + 4 + len]
                } else {
                    let view = ByteView::from(view);
                    let text = buffer(1 + view.buffer_index as usize)?;
                    text.get(view.offset as usize..(view.offset as usize).checked_add(len)?)?
                };
                row_text(row, bytes)
            })
        }
        DataType::Dictionary(_, _) => data
            .child_data()
            .first()
            .and_then(first_not_utf8)
            .map(|message| format!("a value of the dictionary: {message}")),
        DataType::Struct(fields) => {
            fields
                .iter()
                .zip(data.child_data())
                .find_map(|(field, child)| {
                    first_not_utf8(child)
                        .map(|message| format!("field {:?}: {message}", field.name()))
                })
        }
        _ => None,
    }
}

/// The message for row `row` whose bytes `bytes` are not UTF-8.
fn not_utf8(row: usize, bytes: &[u8], error: std::str::Utf8Error) -> String {
    let at = error.valid_up_to();
    match error.error_len() {
        Some(_) => format!(
            "row {row} is not UTF-8: byte {at} of the row (0x{:02X}) cannot be there",
            bytes[at]
        ),
        None => {
            format!("row {row} is not UTF-8: it ends inside a character that starts at byte {at}")
        }
    }
}
