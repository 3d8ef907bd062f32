//! `SELECT host, count(*) ... GROUP BY 1` over URLs in a Parquet file, with
//! the host extracted by `uri_host` and by DataFusion's built-in
//! `regexp_match` and `split_part` tricks (which do not validate), and the
//! same query grouped by site, `uri_registrable_domain` (target: within
//! 1.5 times `uri_host`'s time).
//!
//! The URLs are the shared corpus (`../shared/corpus/*.txt`) repeated to
//! about a million rows, or, without it, generated ones. The Parquet file is
//! written by the benchmark; DataFusion reads its strings as `Utf8View`.
//! One partition: the figures are rows per second on one core.
//!
//! Two groups:
//! - `host_group_by`: the whole query, Parquet scan and hash aggregation
//!   included, for each extraction.
//! - `host_function`: the extraction alone, `SELECT <extraction> FROM t`
//!   over the same rows held in memory as `Utf8View` batches (as the scan
//!   produced them), so that the figure is the function's own rate over a
//!   `Utf8View` column.
//!
//! ```sh
//! cargo bench -p peguri-datafusion --bench host
//! ```

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use datafusion::arrow::array::{ArrayRef, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::datasource::MemTable;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::parquet::file::properties::WriterProperties;
use datafusion::prelude::{ParquetReadOptions, SessionConfig, SessionContext};
use tokio::runtime::Runtime;

/// About this many rows: the corpus is repeated up to it.
const TARGET_ROWS: usize = 1_000_000;

/// The host extractions compared, and the registrable domain, each inside
/// the same `GROUP BY` query.
const QUERIES: &[(&str, &str)] = &[
    ("uri_host", "uri_host(url)"),
    ("uri_registrable_domain", "uri_registrable_domain(url)"),
    (
        "regexp_match",
        "regexp_match(url, '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\\[[^\\]]*\\]|[^/?#:]*)')[1]",
    ),
    (
        "split_part",
        "split_part(split_part(split_part(url, '/', 3), '@', -1), ':', 1)",
    ),
];

fn corpus() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "txt"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut lines = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a readable corpus file");
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        lines.extend(
            text.lines()
                .filter(|line| !line.is_empty())
                .map(|line| line.strip_suffix('\r').unwrap_or(line).to_owned()),
        );
    }
    if lines.is_empty() {
        eprintln!(
            "notice: {} not found; benchmarking generated URLs",
            dir.display()
        );
        lines = (0..100_000)
            .map(|i| match i % 4 {
                0 => format!("https://www.site{}.example.com/path/{i}?q={i}", i % 997),
                1 => format!("http://user@cdn{}.example.net:8080/a/b/c.js", i % 31),
                2 => format!("https://[2001:db8::{:x}]/x#frag", i % 4096),
                _ => format!("http://host{}.example.org/bad path/{i}", i % 13),
            })
            .collect();
    }
    lines
}

/// Writes the URLs, repeated to about [`TARGET_ROWS`], to a Parquet file;
/// returns its path and row count.
fn write_parquet(lines: &[String]) -> (PathBuf, usize) {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("peguri-bench-urls.parquet");
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, false)]));
    let properties = WriterProperties::builder()
        .set_max_row_group_row_count(Some(128 * 1024))
        .build();
    let file = std::fs::File::create(&path).expect("the Parquet file is created");
    let mut writer = ArrowWriter::try_new(file, Arc::clone(&schema), Some(properties)).unwrap();
    let copies = TARGET_ROWS.div_ceil(lines.len());
    for _ in 0..copies {
        let urls: ArrayRef = Arc::new(StringArray::from_iter_values(lines));
        writer
            .write(&RecordBatch::try_new(Arc::clone(&schema), vec![urls]).unwrap())
            .unwrap();
    }
    writer.close().unwrap();
    (path, copies * lines.len())
}

fn host_group_by(c: &mut Criterion) {
    let lines = corpus();
    let (path, rows) = write_parquet(&lines);
    let runtime = Runtime::new().unwrap();
    // One partition: one core does the work.
    let mut ctx = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(1));
    peguri_datafusion::register_all(&mut ctx).unwrap();
    runtime
        .block_on(ctx.register_parquet(
            "urls",
            path.to_str().unwrap(),
            ParquetReadOptions::default(),
        ))
        .unwrap();
    let column_type = runtime
        .block_on(async {
            ctx.sql("SELECT arrow_typeof(url) FROM urls LIMIT 1")
                .await?
                .collect()
                .await
        })
        .unwrap();
    eprintln!(
        "{rows} rows ({} distinct URLs), read as\n{}",
        lines.len(),
        pretty_format_batches(&column_type).unwrap()
    );

    bench_queries(c, &runtime, &ctx, "host_group_by", rows, |host| {
        format!("SELECT {host} AS host, count(*) FROM urls GROUP BY 1")
    });

    // The same rows, decoded once and kept in memory.
    let batches = runtime
        .block_on(async { ctx.sql("SELECT url FROM urls").await?.collect().await })
        .unwrap();
    let schema = batches[0].schema();
    assert_eq!(schema.field(0).data_type(), &DataType::Utf8View);
    let table = MemTable::try_new(schema, vec![batches]).unwrap();
    ctx.register_table("urls_in_memory", Arc::new(table))
        .unwrap();
    bench_queries(c, &runtime, &ctx, "host_function", rows, |host| {
        format!("SELECT {host} AS host FROM urls_in_memory")
    });
}

/// One criterion group timing the query `sql(host)` for each extraction
/// of [`QUERIES`], throughput counted in input rows.
fn bench_queries(
    c: &mut Criterion,
    runtime: &Runtime,
    ctx: &SessionContext,
    name: &str,
    rows: usize,
    sql: impl Fn(&str) -> String,
) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(rows as u64));
    for (extraction, host) in QUERIES {
        let sql = sql(host);
        let out_rows = runtime
            .block_on(async { ctx.sql(&sql).await?.collect().await })
            .unwrap()
            .iter()
            .map(|b| b.num_rows())
            .sum::<usize>();
        eprintln!("{name}/{extraction}: {out_rows} result rows");
        group.bench_function(*extraction, |b| {
            b.iter(|| {
                runtime
                    .block_on(async { ctx.sql(&sql).await?.collect().await })
                    .unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, host_group_by);
criterion_main!(benches);
