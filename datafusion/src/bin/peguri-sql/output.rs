//! Printing the result: a table, or one JSON object per row.

use std::io::Write;

use datafusion::arrow::json::writer::{LineDelimited, WriterBuilder};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::error::{DataFusionError, Result};

use crate::args::Format;

pub fn print(batches: &[RecordBatch], format: Format) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let written = match format {
        Format::Table => writeln!(out, "{}", pretty_format_batches(batches)?),
        Format::JsonLines => {
            // NULLs are written as `null`, as `peguri parse` writes absent
            // components, rather than left out.
            let mut writer = WriterBuilder::new()
                .with_explicit_nulls(true)
                .build::<_, LineDelimited>(&mut out);
            for batch in batches {
                writer.write(batch)?;
            }
            writer.finish()?;
            Ok(())
        }
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        // A closed pipe (`| head`) ends the output quietly.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(DataFusionError::IoError(e)),
    }
}
