//! Files as tables, named after their stems.

use std::path::Path;
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, StringViewArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::datasource::MemTable;
use datafusion::error::{DataFusionError, Result};
use datafusion::prelude::{CsvReadOptions, JsonReadOptions, ParquetReadOptions, SessionContext};

/// Registers `file` as a table named after its stem, read by its
/// extension: CSV, Parquet, JSON Lines, or plain text.
pub async fn register(ctx: &SessionContext, file: &Path) -> Result<()> {
    let name = file
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| DataFusionError::Plan(format!("{}: no file name", file.display())))?;
    if ctx.table_exist(name)? {
        return Err(DataFusionError::Plan(format!(
            "{}: a table named {name:?} already exists (two files with the same stem?)",
            file.display()
        )));
    }
    let path = file
        .to_str()
        .ok_or_else(|| DataFusionError::Plan(format!("{}: not UTF-8", file.display())))?;
    let extension = file
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    match extension.as_str() {
        "csv" => ctx.register_csv(name, path, CsvReadOptions::new()).await,
        "parquet" => {
            ctx.register_parquet(name, path, ParquetReadOptions::default())
                .await
        }
        "json" | "jsonl" | "ndjson" => {
            let dotted = format!(".{extension}");
            let options = JsonReadOptions::default().file_extension(&dotted);
            ctx.register_json(name, path, options).await
        }
        _ => {
            let partitions = ctx.copied_config().target_partitions();
            ctx.register_table(name, lines_table(file, partitions)?)?;
            Ok(())
        }
    }
}

/// Rows per batch of a text file's table.
const BATCH_ROWS: usize = 8192;

/// A plain text file as a table with one column `line`: one row per line,
/// without its line break (`\n` or `\r\n`), and without a UTF-8 byte order
/// mark at the start, as `peguri parse` reads its input. The batches are
/// dealt over `partitions` partitions, so that a query uses every core.
fn lines_table(file: &Path, partitions: usize) -> Result<Arc<MemTable>> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| DataFusionError::Plan(format!("{}: {e}", file.display())))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let lines: Vec<&str> = text
        .lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    let schema = Arc::new(Schema::new(vec![Field::new(
        "line",
        DataType::Utf8View,
        false,
    )]));
    let mut dealt = vec![Vec::new(); partitions.max(1)];
    for (i, chunk) in lines.chunks(BATCH_ROWS).enumerate() {
        let column: ArrayRef = Arc::new(StringViewArray::from_iter_values(chunk.iter()));
        let batch = RecordBatch::try_new(Arc::clone(&schema), vec![column])?;
        let count = dealt.len();
        dealt[i % count].push(batch);
    }
    Ok(Arc::new(MemTable::try_new(schema, dealt)?))
}
