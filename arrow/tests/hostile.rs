//! The kernels on input a hostile or careless producer hands over: both
//! layouts on every input type, `Null` columns, text past the format's
//! signed 32-bit limits, data that is not UTF-8 (as the C Data Interface
//! imports it, unchecked), and rows that repeat a finding without end.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::Int32Type;
use arrow_array::{
    Array, ArrayRef, DictionaryArray, LargeStringArray, NullArray, StringArray, StringViewArray,
    StructArray,
};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer};
use arrow_data::{ArrayData, ByteView};
use arrow_schema::{DataType, Field};
use peguri_arrow::column::{map_text, validate, Layout, StringColumn, Text};
use peguri_arrow::{Base, Component, KeyPatterns, Keys};

const ROWS: &[Option<&str>] = &[
    Some("http://user:secret@www.example.com:8080/a/b/c/d;p?q=1&r=2#frag"),
    None,
    Some("http://h/a b"),
    Some("HTTP://Example.COM:80/a/./%7Euser/../b-a-path-longer-than-12-bytes"),
    Some("http://example.com/Dürst"),
    Some("http://user:pw@0x7f.1:25/"),
    Some(""),
    Some("../g?y#s"),
];

/// The rows of any string column.
fn texts(array: &dyn Array) -> Vec<Option<String>> {
    let column = StringColumn::try_new(array).unwrap();
    (0..column.len())
        .map(|i| column.get(i).map(str::to_owned))
        .collect()
}

/// The rows as every input type, sliced too.
fn inputs() -> Vec<(&'static str, ArrayRef)> {
    let mut padded = vec![Some("http://before/")];
    padded.extend_from_slice(ROWS);
    vec![
        (
            "Utf8",
            Arc::new(StringArray::from(ROWS.to_vec())) as ArrayRef,
        ),
        ("LargeUtf8", Arc::new(LargeStringArray::from(ROWS.to_vec()))),
        ("Utf8View", Arc::new(StringViewArray::from(ROWS.to_vec()))),
        (
            "Dictionary(Int32, LargeUtf8)",
            Arc::new(DictionaryArray::<Int32Type>::new(
                (0..ROWS.len() as i32).collect(),
                Arc::new(LargeStringArray::from(ROWS.to_vec())),
            )),
        ),
        (
            "Utf8, sliced",
            (Arc::new(StringArray::from(padded.clone())) as ArrayRef).slice(1, ROWS.len()),
        ),
        (
            "Utf8View, sliced",
            (Arc::new(StringViewArray::from(padded)) as ArrayRef).slice(1, ROWS.len()),
        ),
    ]
}

/// The string type a plain result has for `input`.
fn plain_type(input: &dyn Array) -> DataType {
    let value = match input.data_type() {
        DataType::Dictionary(_, value) => value.as_ref().clone(),
        other => other.clone(),
    };
    match value {
        DataType::LargeUtf8 => DataType::LargeUtf8,
        _ => DataType::Utf8,
    }
}

/// Each string kernel in both layouts: the same rows, in `Utf8View` for
/// views and in `Utf8` (`LargeUtf8` for `LargeUtf8` input) plain.
#[test]
fn both_layouts_give_the_same_rows() {
    type Kernel = fn(&dyn Array, Layout) -> Result<ArrayRef, arrow_schema::ArrowError>;
    let kernels: Vec<(&str, Kernel)> = vec![
        ("host", |a, l| {
            peguri_arrow::component(a, Component::Host, l)
        }),
        ("path", |a, l| {
            peguri_arrow::component(a, Component::Path, l)
        }),
        ("error", peguri_arrow::error),
        ("normalize", peguri_arrow::normalize),
        ("iri_to_uri", peguri_arrow::iri_to_uri),
        ("resolve", |a, l| {
            peguri_arrow::resolve(Base::Scalar("http://a/b/c/d;p?q"), a, l)
        }),
        ("resolve per row", |a, l| {
            peguri_arrow::resolve(Base::Array(a), a, l)
        }),
        ("resolve, bad base", |a, l| {
            peguri_arrow::resolve(Base::Scalar("a b"), a, l)
        }),
        ("query_param_with", |a, l| {
            peguri_arrow::query_param_with(a, "q", true, l)
        }),
        ("remove_query_params", |a, l| {
            let keys = KeyPatterns::new(["q", "r*"]);
            peguri_arrow::remove_query_params(a, Keys::Same(&keys), false, l)
        }),
        ("decode", |a, l| peguri_arrow::decode(a, true, l)),
        ("path_extension", peguri_arrow::path_extension),
    ];
    for (name, input) in inputs() {
        for (kernel_name, kernel) in &kernels {
            let views = kernel(input.as_ref(), Layout::View).unwrap();
            let plain = kernel(input.as_ref(), Layout::Plain).unwrap();
            assert_eq!(
                views.data_type(),
                &DataType::Utf8View,
                "{name} {kernel_name}"
            );
            assert_eq!(
                plain.data_type(),
                &plain_type(input.as_ref()),
                "{name} {kernel_name}"
            );
            assert_eq!(texts(&views), texts(&plain), "{name} {kernel_name}");
            plain.to_data().validate_full().unwrap();
        }
        for (views, plain) in [
            (
                peguri_arrow::parse(input.as_ref(), Layout::View).unwrap(),
                peguri_arrow::parse(input.as_ref(), Layout::Plain).unwrap(),
            ),
            (
                peguri_arrow::components(input.as_ref(), Layout::View).unwrap(),
                peguri_arrow::components(input.as_ref(), Layout::Plain).unwrap(),
            ),
        ] {
            assert_eq!(views.nulls(), plain.nulls(), "{name}");
            for (field, column) in plain.fields().iter().zip(plain.columns()) {
                let other = views.column_by_name(field.name()).unwrap();
                assert_eq!(field.data_type(), column.data_type(), "{name}");
                if other.data_type() == &DataType::Utf8View {
                    assert_eq!(column.data_type(), &plain_type(input.as_ref()), "{name}");
                    assert_eq!(texts(other), texts(column), "{name} {}", field.name());
                } else {
                    assert_eq!(&other.to_data(), &column.to_data(), "{name}");
                }
            }
        }
        let views = peguri_arrow::lint(input.as_ref(), Layout::View).unwrap();
        let plain = peguri_arrow::lint(input.as_ref(), Layout::Plain).unwrap();
        assert_eq!(views.offsets(), plain.offsets(), "{name}");
        assert_eq!(views.nulls(), plain.nulls(), "{name}");
        assert_eq!(plain.values().data_type(), &plain_type(input.as_ref()));
        assert_eq!(texts(views.values()), texts(plain.values()), "{name}");
        let views = peguri_arrow::query_param_names(input.as_ref(), false, Layout::View).unwrap();
        let plain = peguri_arrow::query_param_names(input.as_ref(), false, Layout::Plain).unwrap();
        assert_eq!(views.offsets(), plain.offsets(), "{name}");
        assert_eq!(views.nulls(), plain.nulls(), "{name}");
        assert_eq!(plain.values().data_type(), &plain_type(input.as_ref()));
        assert_eq!(texts(views.values()), texts(plain.values()), "{name}");
        let views = peguri_arrow::query_params(input.as_ref(), false, Layout::View).unwrap();
        let plain = peguri_arrow::query_params(input.as_ref(), false, Layout::Plain).unwrap();
        assert_eq!(views.offsets(), plain.offsets(), "{name}");
        assert_eq!(views.nulls(), plain.nulls(), "{name}");
        let (views, plain) = (views.values().as_struct(), plain.values().as_struct());
        for field in ["key", "value"] {
            let (view, plain) = (
                views.column_by_name(field).unwrap(),
                plain.column_by_name(field).unwrap(),
            );
            assert_eq!(plain.data_type(), &plain_type(input.as_ref()), "{name}");
            assert_eq!(texts(view), texts(plain), "{name} {field}");
        }
    }
}

/// A `Null` column (Polars' `Null` dtype, an all-NULL pyarrow array) is a
/// column of NULL strings: every kernel gives NULL for every row.
#[test]
fn a_null_column_gives_nulls() {
    let nulls = NullArray::new(4);
    for layout in [Layout::View, Layout::Plain] {
        for which in Component::ALL
            .into_iter()
            .filter(|c| *c != Component::Authority)
        {
            let out = peguri_arrow::component(&nulls, which, layout).unwrap();
            assert_eq!((out.len(), out.null_count()), (4, 4));
        }
        let parsed = peguri_arrow::parse(&nulls, layout).unwrap();
        assert_eq!((parsed.len(), parsed.null_count()), (4, 4));
        let lint = peguri_arrow::lint(&nulls, layout).unwrap();
        assert_eq!((lint.len(), lint.null_count()), (4, 4));
        let out = peguri_arrow::resolve(Base::Array(&nulls), &nulls, layout).unwrap();
        assert_eq!((out.len(), out.null_count()), (4, 4));
        for list in [
            peguri_arrow::query_params(&nulls, false, layout).unwrap(),
            peguri_arrow::query_param_names(&nulls, false, layout).unwrap(),
        ] {
            assert_eq!((list.len(), list.null_count()), (4, 4));
        }
        let keys = KeyPatterns::new(["a"]);
        for out in [
            peguri_arrow::error(&nulls, layout).unwrap(),
            peguri_arrow::normalize(&nulls, layout).unwrap(),
            peguri_arrow::iri_to_uri(&nulls, layout).unwrap(),
            peguri_arrow::query_param_with(&nulls, "a", true, layout).unwrap(),
            peguri_arrow::remove_query_params(&nulls, Keys::Same(&keys), false, layout).unwrap(),
            peguri_arrow::remove_query_params(&nulls, Keys::PerRow(&nulls), false, layout).unwrap(),
            peguri_arrow::decode(&nulls, false, layout).unwrap(),
            peguri_arrow::path_extension(&nulls, layout).unwrap(),
        ] {
            assert_eq!((out.len(), out.null_count()), (4, 4));
        }
    }
    assert_eq!(peguri_arrow::is_valid(&nulls).unwrap().null_count(), 4);
    assert_eq!(peguri_arrow::port_number(&nulls).unwrap().null_count(), 4);
    assert_eq!(
        peguri_arrow::equivalent(&nulls, &nulls)
            .unwrap()
            .null_count(),
        4
    );
}

/// Where every long view of a `Utf8View` column points, checked against
/// the format's signed 32-bit fields (arrow-rs checks them as unsigned).
fn assert_views_fit_int32(array: &StringViewArray) {
    for (row, &view) in array.views().iter().enumerate() {
        let view = ByteView::from(view);
        assert!(view.length <= i32::MAX as u32, "row {row}: length");
        if view.length > 12 {
            assert!(
                view.offset <= i32::MAX as u32,
                "row {row}: offset {}",
                view.offset
            );
            assert!(view.buffer_index <= i32::MAX as u32, "row {row}: buffer");
        }
    }
    array.to_data().validate_full().unwrap();
}

/// Rows past 2 GiB of a `LargeUtf8` column: as views each offset fits 31
/// bits and still points into the input (no copy); plain, the result is
/// `LargeUtf8`. The last row reads back.
#[test]
fn views_past_2_gib_fit_the_signed_32_bit_fields() {
    // A NULL row of 2 GiB and a bit (never read by the kernels), then URLs.
    let filler = (i32::MAX as usize) + (1 << 20);
    let url = format!("https://example.com/{}", "p".repeat(80));
    let rows = 1000;
    let mut data = vec![b'p'; filler];
    let mut offsets = vec![0i64, filler as i64];
    for _ in 0..rows {
        data.extend_from_slice(url.as_bytes());
        offsets.push(data.len() as i64);
    }
    let mut valid = vec![false];
    valid.extend(std::iter::repeat_n(true, rows));
    let input = LargeStringArray::try_new(
        OffsetBuffer::new(offsets.into()),
        Buffer::from_vec(data),
        Some(NullBuffer::from(valid)),
    )
    .unwrap();
    let input_memory =
        input.values().as_ptr() as usize..input.values().as_ptr() as usize + input.values().len();
    let path = &url["https://example.com".len()..];

    let views = peguri_arrow::component(&input, Component::Path, Layout::View).unwrap();
    let views = views.as_string_view();
    assert_views_fit_int32(views);
    assert_eq!(views.value(rows), path);
    assert!(views.is_null(0));
    // Every long piece points into the input's own memory: nothing copied.
    for buffer in views.data_buffers() {
        assert!(input_memory.contains(&(buffer.as_ptr() as usize)));
    }
    assert!(
        views.data_buffers().len() >= 2,
        "the input offered as windows"
    );

    let plain = peguri_arrow::component(&input, Component::Path, Layout::Plain).unwrap();
    assert_eq!(plain.data_type(), &DataType::LargeUtf8);
    assert_eq!(plain.as_string::<i64>().value(rows), path);

    // Text copied in (a message per row) and a struct of views.
    let parsed = peguri_arrow::parse(&input, Layout::View).unwrap();
    let host = parsed.column_by_name("host").unwrap().as_string_view();
    assert_eq!(host.value(rows), "example.com");
    assert_views_fit_int32(parsed.column_by_name("path").unwrap().as_string_view());
}

/// Plain `Utf8` results whose text passes 2 GiB become `LargeUtf8` rather
/// than overflow their offsets, whether the text is made per row or a
/// dictionary's value repeated by its keys.
#[test]
fn plain_text_past_2_gib_becomes_large() {
    let rows = StringArray::from(vec!["a", "b", "c"]);
    let big = 800 << 20;
    let out = map_text(&rows, Layout::Plain, |s| Text::Owned(s.repeat(big))).unwrap();
    assert_eq!(out.data_type(), &DataType::LargeUtf8);
    let out = out.as_string::<i64>();
    assert_eq!(out.value(2).len(), big);
    assert!(out.value(2).starts_with('c') && out.value(2).ends_with('c'));
    assert!(out.value(1).starts_with('b') && out.value(1).ends_with('b'));

    let value = "p".repeat(1075 << 20);
    let dictionary = DictionaryArray::<Int32Type>::new(
        vec![0, 0].into(),
        Arc::new(StringArray::from(vec![value.as_str()])),
    );
    let out = map_text(&dictionary, Layout::Plain, |s| Text::Piece(s)).unwrap();
    assert_eq!(out.data_type(), &DataType::LargeUtf8);
    assert_eq!(out.as_string::<i64>().value(1).len(), value.len());
}

/// Data as the C Data Interface imports it, unchecked.
fn unchecked(data_type: DataType, len: usize, buffers: Vec<Buffer>) -> ArrayData {
    // SAFETY: not sound to read as strings: `validate` must refuse it
    // before anything does, which is what the tests check.
    unsafe {
        ArrayData::builder(data_type)
            .len(len)
            .buffers(buffers)
            .build_unchecked()
    }
}

fn utf8(offsets: &[i32], data: &[u8]) -> ArrayData {
    unchecked(
        DataType::Utf8,
        offsets.len() - 1,
        vec![
            Buffer::from_slice_ref(offsets),
            Buffer::from_slice_ref(data),
        ],
    )
}

/// Strings that are not UTF-8 are refused with the row and the byte of the
/// row, in every layout; so are offsets and views that lead outside their
/// buffers. Valid data (sliced too) passes.
#[test]
fn validate_refuses_what_is_not_utf8_and_says_where() {
    let message = |data: &ArrayData| validate(data).unwrap_err().to_string();
    // The repro: a row with 0xFF 0xFE in the middle.
    let bad = utf8(&[0, 9, 22, 31], b"http://a/http://b/\xff\xfe/xhttp://c/");
    assert!(
        message(&bad).contains("row 1 is not UTF-8: byte 9 of the row (0xFF)"),
        "{}",
        message(&bad)
    );
    // A row cut inside a character, followed by a row that would complete
    // it if read past the row's end.
    for next in [&b"http://ok/"[..], b"Zzz"] {
        let mut data = b"http://a/\xe2\x82".to_vec();
        data.extend_from_slice(next);
        let bad = utf8(&[0, 11, data.len() as i32], &data);
        assert!(
            message(&bad)
                .contains("row 0 is not UTF-8: it ends inside a character that starts at byte 9"),
            "{}",
            message(&bad)
        );
    }
    // LargeUtf8.
    let bad = unchecked(
        DataType::LargeUtf8,
        2,
        vec![
            Buffer::from_slice_ref([0i64, 2, 4]),
            Buffer::from_slice_ref(b"ok\xc0\xaf"),
        ],
    );
    assert!(message(&bad).contains("row 1 is not UTF-8: byte 0 of the row (0xC0)"));
    // Utf8View: an inline view and a long one.
    let inline = u128::from(3u32) | u128::from_le_bytes(*b"\0\0\0\0a\xffb\0\0\0\0\0\0\0\0\0");
    let long_text = b"http://example.com/\xed\xa0\x80";
    let long = ByteView {
        length: long_text.len() as u32,
        prefix: u32::from_le_bytes(*b"http"),
        buffer_index: 0,
        offset: 0,
    }
    .as_u128();
    let ok = u128::from(2u32) | u128::from_le_bytes(*b"\0\0\0\0ok\0\0\0\0\0\0\0\0\0\0");
    let bad = unchecked(
        DataType::Utf8View,
        2,
        vec![
            Buffer::from_slice_ref([ok, inline]),
            Buffer::from_slice_ref(long_text),
        ],
    );
    assert!(
        message(&bad).contains("row 1 is not UTF-8: byte 1 of the row (0xFF)"),
        "{}",
        message(&bad)
    );
    let bad = unchecked(
        DataType::Utf8View,
        2,
        vec![
            Buffer::from_slice_ref([ok, long]),
            Buffer::from_slice_ref(long_text),
        ],
    );
    assert!(
        message(&bad).contains("row 1 is not UTF-8: byte 19 of the row (0xED)"),
        "{}",
        message(&bad)
    );
    // A dictionary's values, and a struct's field.
    let values = utf8(&[0, 2, 3], b"ok\xff");
    let dictionary = unsafe {
        ArrayData::builder(DataType::Dictionary(
            Box::new(DataType::Int32),
            Box::new(DataType::Utf8),
        ))
        .len(2)
        .add_buffer(Buffer::from_slice_ref([1i32, 0]))
        .add_child_data(values.clone())
        .build_unchecked()
    };
    assert!(message(&dictionary).contains("a value of the dictionary: row 1 is not UTF-8"));
    let structs = unsafe {
        ArrayData::builder(DataType::Struct(
            vec![Field::new("u", DataType::Utf8, true)].into(),
        ))
        .len(2)
        .add_child_data(values)
        .build_unchecked()
    };
    assert!(
        message(&structs).contains("field \"u\": row 1 is not UTF-8"),
        "{}",
        message(&structs)
    );
    // Offsets past the data, going backwards, or a view past its buffer:
    // arrow's own words, and never a panic.
    for bad in [
        utf8(&[0, 5, 99], b"hello"),
        utf8(&[0, 4, 2], b"hello"),
        unchecked(
            DataType::Utf8View,
            1,
            vec![
                Buffer::from_slice_ref([long]),
                Buffer::from_slice_ref(b"short"),
            ],
        ),
    ] {
        assert!(validate(&bad).is_err());
    }
    // Valid data passes, sliced or not, with invalid bytes outside the
    // slice's rows.
    let good = StringArray::from(ROWS.to_vec()).into_data();
    validate(&good).unwrap();
    validate(&good.slice(2, 3)).unwrap();
    let outside = utf8(&[0, 9, 10], b"http://a/\xff").slice(0, 1);
    validate(&outside).unwrap();
    let urls = arrow_array::make_array(outside);
    assert_eq!(
        texts(
            peguri_arrow::component(&urls, Component::Host, Layout::Plain)
                .unwrap()
                .as_ref()
        ),
        [Some("a".to_owned())]
    );
}

/// A struct's NULL rows are NULL in what `validate` lets through: the
/// check does not look at a NULL struct's children's validity.
#[test]
fn a_struct_of_strings_validates_as_its_children() {
    let urls: ArrayRef = Arc::new(StringArray::from(vec!["http://a/", "http://b/"]));
    let structs = StructArray::try_new(
        vec![Field::new("u", DataType::Utf8, true)].into(),
        vec![urls],
        Some(NullBuffer::from(vec![true, false])),
    )
    .unwrap();
    validate(&structs.into_data()).unwrap();
}

/// One 10 MB row that repeats a finding: the list keeps 100 of it, so the
/// result stays small whatever the row's length.
#[test]
fn lint_lists_at_most_100_findings_of_a_code_per_row() {
    let row = format!("http://a/{}", "%00".repeat(10_000_000 / 3));
    let urls = StringArray::from(vec![row.as_str(), "http://a/%00%00"]);
    for layout in [Layout::View, Layout::Plain] {
        let codes = peguri_arrow::lint(&urls, layout).unwrap();
        assert_eq!(codes.value(0).len(), peguri::lint::MAX_FINDINGS_PER_CODE);
        assert_eq!(codes.value(1).len(), 2);
        let size = codes.get_array_memory_size();
        assert!(size < 64 * 1024, "{size} bytes for a 10 MB row");
    }
}
