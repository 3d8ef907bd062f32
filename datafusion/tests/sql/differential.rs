//! `uri_parse` over the shared corpus, read back from a Parquet file as
//! DataFusion reads it (`Utf8View`), equals `peguri parse`'s JSON Lines
//! object for each line, field for field.

use crate::common;

use std::path::Path;
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, AsArray, Int64Array, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::prelude::ParquetReadOptions;
use serde_json::Value;

/// The struct's fields and where each is in the CLI's JSON object.
const FIELDS: &[(&str, &[&str])] = &[
    ("valid", &["valid"]),
    ("rule", &["rule"]),
    ("scheme", &["scheme"]),
    ("userinfo", &["authority", "userinfo"]),
    ("host", &["authority", "host"]),
    ("host_kind", &["authority", "host_kind"]),
    ("port", &["authority", "port"]),
    ("path", &["path"]),
    ("query", &["query"]),
    ("fragment", &["fragment"]),
    ("error_offset", &["error", "offset"]),
    ("error_column", &["error", "column"]),
    ("error_message", &["error", "message"]),
];

/// The JSON value at `path` as the text the struct field renders to (a
/// missing member or `null` as `None`).
fn json_text(object: &Value, path: &[&str]) -> Option<String> {
    let mut value = object;
    for key in path {
        value = value.get(key)?;
    }
    match value {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

#[tokio::test]
async fn uri_parse_equals_the_cli_json_lines_over_the_corpus() {
    let Some(lines) = common::corpus_lines() else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("peguri-differential");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("corpus.parquet");
    let schema = Arc::new(Schema::new(vec![
        Field::new("n", DataType::Int64, false),
        Field::new("line", DataType::Utf8, false),
    ]));
    let numbers: ArrayRef = Arc::new(Int64Array::from_iter_values(0..lines.len() as i64));
    let text: ArrayRef = Arc::new(StringArray::from_iter_values(&lines));
    let batch = RecordBatch::try_new(Arc::clone(&schema), vec![numbers, text]).unwrap();
    let mut writer =
        ArrowWriter::try_new(std::fs::File::create(&file).unwrap(), schema, None).unwrap();
    writer.write(&batch).unwrap();
    writer.close().unwrap();

    let ctx = common::context();
    ctx.register_parquet(
        "corpus",
        file.to_str().unwrap(),
        ParquetReadOptions::default(),
    )
    .await
    .unwrap();
    let batches = ctx
        .sql("SELECT n, arrow_typeof(line) AS type, uri_parse(line) AS parsed FROM corpus ORDER BY n")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();

    let mut checked = 0;
    let mut invalid = 0;
    let mut mismatches = Vec::new();
    for batch in &batches {
        let numbers = batch
            .column(0)
            .as_primitive::<datafusion::arrow::datatypes::Int64Type>();
        let types = batch.column(1);
        let parsed = batch.column(2).as_struct();
        for row in 0..batch.num_rows() {
            assert_eq!(common::render(types, row).as_deref(), Some("Utf8View"));
            let line = &lines[numbers.value(row) as usize];
            let json = serde_json::to_value(peguri::report::Report::parse(line)).unwrap();
            if json["valid"] == Value::Bool(false) {
                invalid += 1;
            }
            for (field, path) in FIELDS {
                let column = parsed.column_by_name(field).expect("the field exists");
                let got = common::render(column, row);
                let want = json_text(&json, path);
                if got != want && mismatches.len() < 20 {
                    mismatches.push(format!("{line:?} {field}: uri_parse {got:?}, CLI {want:?}"));
                }
            }
            checked += 1;
        }
    }
    common::notice(&format!(
        "differential: uri_parse checked against the CLI's JSON on {checked} corpus lines ({invalid} invalid)"
    ));
    assert_eq!(checked, lines.len());
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
