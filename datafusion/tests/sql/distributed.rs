//! The same queries on one node and on datafusion-distributed workers
//! (in-process, over gRPC on 127.0.0.1), over Parquet files this test
//! writes: the results must be equal.
//!
//! What each worker needs: peguri's functions in the session it builds for
//! every task (`Worker::from_session_builder`, below), because a
//! distributed plan names its functions and each worker looks them up in
//! its own registry. The coordinator registers them as usual.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, StringViewArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::common::DataFusionError;
use datafusion::execution::SessionStateBuilder;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::prelude::{ParquetReadOptions, SessionConfig, SessionContext};
use datafusion_distributed::{
    display_plan_ascii, DistributedExt, SessionStateBuilderExt, Worker, WorkerQueryContext,
    WorkerResolver,
};
use tokio::net::TcpListener;
use tokio_stream::wrappers::TcpListenerStream;
use tonic::transport::Server;
use url::Url;

const WORKERS: usize = 3;
const FILES: usize = 4;
const ROWS_PER_FILE: usize = 2_000;

/// The queries: a component grouped (the query), and functions
/// with a constant argument, a struct field and a list.
const QUERIES: &[&str] = &[
    "SELECT uri_host(url) AS host, count(*) AS n FROM urls GROUP BY 1 ORDER BY 2 DESC, 1",
    "SELECT uri_scheme(url) AS scheme, uri_parse(url)['host_kind'] AS kind, \
            count(uri_resolve('http://base.example/a/b', uri_path(url))) AS resolved, \
            sum(array_length(uri_lint(url))) AS findings, \
            count(*) FILTER (WHERE NOT uri_is_valid(url)) AS invalid \
     FROM urls GROUP BY 1, 2 ORDER BY 1, 2",
];

/// Deterministic URLs: hosts of every kind, ports, paths, queries,
/// relative references and invalid strings.
fn urls(file: usize) -> Vec<String> {
    let hosts = [
        "example.com",
        "www.example.org",
        "127.0.0.1",
        "[::1]",
        "[2001:db8::7]",
        "0x7f.1",
        "a-much-longer-host-name.example.net",
    ];
    (0..ROWS_PER_FILE)
        .map(|i| {
            let n = file * ROWS_PER_FILE + i;
            let host = hosts[n % hosts.len()];
            match n % 9 {
                0 => format!("http://{host}/p/{n}?q={n}#f"),
                1 => format!("https://user:pw@{host}:8443/a/../b/{n}"),
                2 => format!("//{host}/relative/{n}"),
                3 => format!("../up/{n}?x"),
                4 => format!("http://{host}/bad path/{n}"),
                5 => format!("mailto:someone{n}@{host}"),
                6 => format!("HTTP://{host}:80/%7Euser/{n}"),
                7 => format!("http://{host}/%zz/{n}"),
                _ => format!("ftp://{host}:21/file{n}.txt"),
            }
        })
        .collect()
}

/// Writes `FILES` Parquet files of URLs into a fresh directory.
fn write_parquet_files() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("peguri-distributed");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the directory is created");
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, true)]));
    for file in 0..FILES {
        let urls = urls(file);
        let column: ArrayRef = Arc::new(StringViewArray::from_iter_values(&urls));
        let column = datafusion::arrow::compute::cast(&column, &DataType::Utf8).unwrap();
        let batch = RecordBatch::try_new(Arc::clone(&schema), vec![column]).unwrap();
        let path = dir.join(format!("urls-{file}.parquet"));
        let out = std::fs::File::create(&path).expect("the file is created");
        let mut writer = ArrowWriter::try_new(out, Arc::clone(&schema), None).unwrap();
        writer.write(&batch).unwrap();
        writer.close().unwrap();
    }
    dir
}

/// The workers' addresses.
struct Localhost(Vec<u16>);

impl WorkerResolver for Localhost {
    fn get_urls(&self) -> Result<Vec<Url>, DataFusionError> {
        self.0
            .iter()
            .map(|port| {
                Url::parse(&format!("http://127.0.0.1:{port}"))
                    .map_err(|e| DataFusionError::External(Box::new(e)))
            })
            .collect()
    }
}

/// Starts the workers, each registering peguri's functions in the session
/// it builds for a task, and returns their ports.
async fn start_workers() -> Vec<u16> {
    let mut ports = Vec::new();
    for _ in 0..WORKERS {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        ports.push(listener.local_addr().unwrap().port());
        let worker = Worker::from_session_builder(|ctx: WorkerQueryContext| async move {
            // Registered on the built state: the builder's
            // `with_scalar_functions` would replace DataFusion's own.
            let mut state = ctx.builder.build();
            peguri_datafusion::register_all(&mut state)?;
            Ok(state)
        });
        tokio::spawn(async move {
            Server::builder()
                .add_service(worker.into_worker_server())
                .serve_with_incoming(TcpListenerStream::new(listener))
                .await
                .expect("the worker serves");
        });
    }
    ports
}

async fn run(ctx: &SessionContext, sql: &str) -> (String, String) {
    let frame = ctx.sql(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    let plan = frame
        .clone()
        .create_physical_plan()
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    let batches = frame
        .collect()
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    let table = pretty_format_batches(&batches).unwrap().to_string();
    (table, display_plan_ascii(plan.as_ref(), false))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn distributed_results_equal_single_node_results() {
    let dir = write_parquet_files();
    let dir = dir.to_str().unwrap();

    let single = common::context();
    single
        .register_parquet("urls", dir, ParquetReadOptions::default())
        .await
        .unwrap();

    let ports = start_workers().await;
    let state = SessionStateBuilder::new()
        .with_default_features()
        .with_config(SessionConfig::new().with_target_partitions(WORKERS))
        .with_distributed_worker_resolver(Localhost(ports))
        .with_distributed_planner()
        // Tiny partitions, so that these small files spread over every
        // worker.
        .with_distributed_file_scan_config_bytes_per_partition(1)
        .unwrap()
        .build();
    let mut distributed = SessionContext::from(state);
    peguri_datafusion::register_all(&mut distributed).unwrap();
    distributed
        .register_parquet("urls", dir, ParquetReadOptions::default())
        .await
        .unwrap();

    for sql in QUERIES {
        let (expected, _) = run(&single, sql).await;
        let (got, plan) = run(&distributed, sql).await;
        assert!(
            plan.contains("Stage") && plan.contains("tasks="),
            "{sql}: the plan is not distributed:\n{plan}"
        );
        assert_eq!(got, expected, "{sql}\ndistributed plan:\n{plan}");
        assert!(
            expected.lines().count() > 5,
            "{sql}: too few rows:\n{expected}"
        );
    }
}
