//! Helpers shared by the SQL tests: a session with peguri's functions, the
//! four string types, tables of test strings, and rendering results as
//! text; plus finding `../shared` (present in development and CI, not on a
//! user's machine: under `CI=true` a missing file fails the test,
//! elsewhere the test prints a notice and checks nothing).

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use datafusion::arrow::array::{
    Array, ArrayRef, DictionaryArray, Int64Array, LargeStringArray, StringArray, StringViewArray,
};
use datafusion::arrow::datatypes::{DataType, Field, Int32Type, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::display::array_value_to_string;
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;

/// The string types every function must accept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StringType {
    Utf8,
    LargeUtf8,
    Utf8View,
    Dictionary,
}

pub const STRING_TYPES: [StringType; 4] = [
    StringType::Utf8,
    StringType::LargeUtf8,
    StringType::Utf8View,
    StringType::Dictionary,
];

impl StringType {
    /// The type's name for `arrow_cast`.
    pub fn arrow_name(self) -> &'static str {
        match self {
            StringType::Utf8 => "Utf8",
            StringType::LargeUtf8 => "LargeUtf8",
            StringType::Utf8View => "Utf8View",
            StringType::Dictionary => "Dictionary(Int32, Utf8)",
        }
    }

    pub fn data_type(self) -> DataType {
        match self {
            StringType::Utf8 => DataType::Utf8,
            StringType::LargeUtf8 => DataType::LargeUtf8,
            StringType::Utf8View => DataType::Utf8View,
            StringType::Dictionary => {
                DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8))
            }
        }
    }

    /// A column of this type.
    pub fn array(self, values: &[Option<&str>]) -> ArrayRef {
        let values = values.iter().copied();
        match self {
            StringType::Utf8 => Arc::new(values.collect::<StringArray>()),
            StringType::LargeUtf8 => Arc::new(values.collect::<LargeStringArray>()),
            StringType::Utf8View => Arc::new(values.collect::<StringViewArray>()),
            StringType::Dictionary => Arc::new(values.collect::<DictionaryArray<Int32Type>>()),
        }
    }

    /// `text` as a SQL literal of this type (NULL for `None`).
    pub fn literal(self, text: Option<&str>) -> String {
        match text {
            Some(text) => format!(
                "arrow_cast('{}', '{}')",
                text.replace('\'', "''"),
                self.arrow_name()
            ),
            None => format!("arrow_cast(NULL, '{}')", self.arrow_name()),
        }
    }
}

/// A session with every function registered.
pub fn context() -> SessionContext {
    let mut ctx = SessionContext::new();
    peguri_datafusion::register_all(&mut ctx).expect("the functions register");
    ctx
}

/// Registers a table `name` whose columns (named as given) hold the given
/// strings, all of type `string_type`, and a column `n` numbering the rows
/// from 0 (for `ORDER BY n`), split into two batches so that a function
/// sees more than one array.
pub fn register_strings(
    ctx: &SessionContext,
    name: &str,
    string_type: StringType,
    columns: &[(&str, Vec<Option<&str>>)],
) {
    let mut fields = vec![Field::new("n", DataType::Int64, false)];
    fields.extend(
        columns
            .iter()
            .map(|(column, _)| Field::new(*column, string_type.data_type(), true)),
    );
    let schema = Arc::new(Schema::new(fields));
    let rows = columns[0].1.len();
    let half = rows / 2;
    let batch = |range: std::ops::Range<usize>| {
        let numbers: ArrayRef = Arc::new(Int64Array::from_iter_values(
            range.clone().map(|i| i as i64),
        ));
        let mut arrays = vec![numbers];
        arrays.extend(
            columns
                .iter()
                .map(|(_, values)| string_type.array(&values[range.clone()])),
        );
        RecordBatch::try_new(Arc::clone(&schema), arrays).expect("a batch")
    };
    let table = MemTable::try_new(
        Arc::clone(&schema),
        vec![vec![batch(0..half), batch(half..rows)]],
    )
    .expect("a table");
    let _ = ctx.deregister_table(name);
    ctx.register_table(name, Arc::new(table))
        .expect("the table registers");
}

/// Runs `sql` and returns its single column as text, NULL as `None`.
pub async fn column(ctx: &SessionContext, sql: &str) -> Vec<Option<String>> {
    let batches = ctx
        .sql(sql)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .collect()
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    let mut values = Vec::new();
    for batch in &batches {
        assert_eq!(batch.num_columns(), 1, "{sql}: one column expected");
        let array = batch.column(0);
        for row in 0..array.len() {
            values.push(render(array, row));
        }
    }
    values
}

/// Row `row` of `array` as text, NULL as `None`.
pub fn render(array: &ArrayRef, row: usize) -> Option<String> {
    if array.is_null(row) {
        return None;
    }
    Some(array_value_to_string(array, row).expect("a displayable value"))
}

/// Runs `sql`, which must fail, and returns the error's text.
pub async fn error(ctx: &SessionContext, sql: &str) -> String {
    let result = match ctx.sql(sql).await {
        Ok(frame) => frame.collect().await.map(|_| ()),
        Err(e) => Err(e),
    };
    match result {
        Ok(()) => panic!("{sql}: expected an error"),
        Err(e) => e.to_string(),
    }
}

/// Writes a line to stderr past the test harness's output capture.
pub fn notice(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The path of `../shared/<rel>` beside the workspace, if it exists.
/// Panics when it is missing under `CI=true`; prints a notice otherwise.
pub fn shared_file(rel: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared")
        .join(rel);
    if path.exists() {
        return Some(path);
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{} is missing, and CI=true requires it", path.display());
    }
    notice(&format!(
        "notice: skipping the checks over ../shared/{rel}: {} not found",
        path.display()
    ));
    None
}

/// The lines of every `../shared/corpus/*.txt` file (a BOM and a trailing
/// `\r` stripped, as `peguri parse` reads them), if the corpus is there.
pub fn corpus_lines() -> Option<Vec<String>> {
    let dir = shared_file("corpus")?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} holds no .txt file", dir.display());
    let mut lines = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        lines.extend(
            text.lines()
                .map(|line| line.strip_suffix('\r').unwrap_or(line).to_owned()),
        );
    }
    Some(lines)
}
