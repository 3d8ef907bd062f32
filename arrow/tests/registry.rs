//! `scheme_registration`: each row's scheme in the IANA URI Schemes
//! registry, on every string type and both layouts, row by row against
//! the library; and the registry's lints in `lint`.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::Int8Type;
use arrow_array::{
    Array, ArrayRef, DictionaryArray, LargeStringArray, StringArray, StringViewArray,
};
use peguri::scheme::{SchemeRegistry, SchemeStatus};
use peguri_arrow::column::Layout;

const ROWS: &[Option<&str>] = &[
    Some("http"),
    Some("HTTPS"),
    Some("wais://h/db"),
    Some("ssh://git@example.com/repo"),
    Some("slack://open"),
    Some("/relative"),
    Some("%zz"),
    None,
    Some("htp://example.com/"),
    Some("Mailto:a@example.com"),
    Some("http"),
];

fn inputs() -> Vec<(&'static str, ArrayRef)> {
    let dictionary: DictionaryArray<Int8Type> = ROWS.iter().copied().collect();
    vec![
        ("Utf8", Arc::new(StringArray::from(ROWS.to_vec()))),
        ("LargeUtf8", Arc::new(LargeStringArray::from(ROWS.to_vec()))),
        ("Utf8View", Arc::new(StringViewArray::from(ROWS.to_vec()))),
        ("Dictionary", Arc::new(dictionary)),
    ]
}

/// A struct column's string field as owned rows, whatever its layout.
fn field(array: &arrow_array::StructArray, name: &str) -> Vec<Option<String>> {
    let column = array.column_by_name(name).unwrap();
    (0..column.len())
        .map(|i| {
            column.is_valid(i).then(|| match column.data_type() {
                arrow_schema::DataType::Utf8View => column.as_string_view().value(i).to_owned(),
                arrow_schema::DataType::LargeUtf8 => column.as_string::<i64>().value(i).to_owned(),
                _ => column.as_string::<i32>().value(i).to_owned(),
            })
        })
        .collect()
}

#[test]
fn each_row_gets_the_registration_of_its_name_or_scheme() {
    let registry = SchemeRegistry::built_in();
    for (name, array) in inputs() {
        for layout in [Layout::View, Layout::Plain] {
            let found =
                peguri_arrow::scheme_registration(array.as_ref(), registry, layout).unwrap();
            assert_eq!(found.len(), ROWS.len(), "{name}");
            let want = |row: &Option<&str>| {
                let text = (*row)?;
                registry.get(text).or_else(|| {
                    let uri = peguri::UriRef::parse(text).ok()?;
                    registry.get(uri.scheme()?)
                })
            };
            let schemes = field(&found, "name");
            let statuses = field(&found, "status");
            let references = field(&found, "reference");
            let templates = field(&found, "template");
            for (i, row) in ROWS.iter().enumerate() {
                let entry = want(row);
                assert_eq!(
                    found.is_valid(i),
                    entry.is_some(),
                    "{name} {layout:?} row {i}"
                );
                assert_eq!(
                    schemes[i].as_deref(),
                    entry.map(|e| e.name()),
                    "{name} row {i}"
                );
                assert_eq!(
                    statuses[i].as_deref(),
                    entry.map(|e| e.status().as_str()),
                    "{name} row {i}"
                );
                assert_eq!(references[i].as_deref(), entry.map(|e| e.reference()));
                assert_eq!(templates[i].as_deref(), entry.and_then(|e| e.template()));
            }
            assert_eq!(statuses[2].as_deref(), Some("historical"), "{name}");
            assert_eq!(templates[3].as_deref(), Some("prov/ssh"), "{name}");
            assert_eq!(schemes[9].as_deref(), Some("mailto"), "{name}");
            for unregistered in [4, 5, 6, 7, 8] {
                assert!(found.is_null(unregistered), "{name} row {unregistered}");
            }
        }
    }
    let fields = peguri_arrow::registration_fields();
    let fields: Vec<&str> = fields.iter().map(|f| f.name().as_str()).collect();
    assert_eq!(
        fields,
        ["name", "status", "description", "reference", "template"]
    );
    assert_eq!(
        peguri::scheme::registration("http").map(|e| e.status()),
        Some(SchemeStatus::Permanent)
    );
}

#[test]
fn a_registry_of_ones_own_is_read() {
    let registry =
        SchemeRegistry::parse("URI Scheme,Status,Reference\nslack,Provisional,[Slack]\n").unwrap();
    let rows = StringArray::from(vec!["slack://open", "http://h/"]);
    let found = peguri_arrow::scheme_registration(&rows, &registry, Layout::Plain).unwrap();
    assert_eq!(
        field(&found, "reference"),
        [Some("[Slack]".to_owned()), None]
    );
}

#[test]
fn lint_lists_the_registry_codes() {
    let rows = StringArray::from(vec![
        "htp://example.com/",
        "wais://h/",
        "slack://open",
        "https://h/",
    ]);
    let codes = peguri_arrow::lint(&rows, Layout::Plain).unwrap();
    let row = |i: usize| -> Vec<String> {
        codes
            .value(i)
            .as_string::<i32>()
            .iter()
            .flatten()
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(row(0), ["unregistered-scheme"]);
    assert_eq!(row(1), ["historical-scheme"]);
    assert_eq!(row(2), ["unregistered-scheme"]);
    assert!(row(3).is_empty());
}
