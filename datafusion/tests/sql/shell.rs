//! The `peguri-sql` binary: queries, the file formats it reads as tables,
//! both output formats, and its exit codes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::parquet::arrow::ArrowWriter;

fn peguri_sql(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_peguri-sql"))
        .args(args)
        .output()
        .expect("peguri-sql runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 output")
}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("peguri-sql")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the directory is created");
    dir
}

#[test]
fn the_readme_query_prints_a_table() {
    let output = peguri_sql(&["SELECT uri_host('http://example.com/') AS host"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "+-------------+\n| host        |\n+-------------+\n| example.com |\n+-------------+\n"
    );
}

#[test]
fn jsonl_writes_one_object_per_row_with_nulls() {
    let output = peguri_sql(&[
        "--format",
        "jsonl",
        "SELECT column1 AS u, uri_query(column1) AS q, uri_port_number(column1) AS p \
         FROM (VALUES ('http://h:8080/?a'), ('http://h/')) ORDER BY 1",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "{\"u\":\"http://h/\",\"q\":null,\"p\":null}\n{\"u\":\"http://h:8080/?a\",\"q\":\"a\",\"p\":8080}\n"
    );
}

#[test]
fn a_text_file_is_a_table_of_lines() {
    let dir = scratch("text");
    let file = dir.join("urls.txt");
    std::fs::write(
        &file,
        "\u{feff}http://a.example/x\r\nhttp://b.example/\nhttp://a.example/y\nnot a uri\n",
    )
    .unwrap();
    let output = peguri_sql(&[
        "--format=jsonl",
        "SELECT uri_host(line) AS host, count(*) AS n FROM urls GROUP BY 1 ORDER BY 2 DESC, 1",
        file.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "{\"host\":\"a.example\",\"n\":2}\n{\"host\":\"b.example\",\"n\":1}\n{\"host\":null,\"n\":1}\n"
    );
}

#[test]
fn csv_parquet_and_json_lines_files_are_tables() {
    let dir = scratch("formats");
    let csv = dir.join("links.csv");
    std::fs::write(&csv, "page,href\nhttp://a/b/c,../d\nhttp://a/b/c,//x/y\n").unwrap();

    let parquet = dir.join("crawl.parquet");
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, false)]));
    let urls: ArrayRef = Arc::new(StringArray::from(vec![
        "http://p.example/1",
        "ftp://q.example/2",
    ]));
    let batch = RecordBatch::try_new(Arc::clone(&schema), vec![urls]).unwrap();
    let mut writer =
        ArrowWriter::try_new(std::fs::File::create(&parquet).unwrap(), schema, None).unwrap();
    writer.write(&batch).unwrap();
    writer.close().unwrap();

    // `peguri parse`'s own output.
    let jsonl = dir.join("parsed.jsonl");
    let lines: Vec<String> = ["http://j.example:81/", "http://h/a b"]
        .iter()
        .map(|input| serde_json::to_string(&peguri::report::Report::parse(input)).unwrap())
        .collect();
    std::fs::write(&jsonl, lines.join("\n") + "\n").unwrap();

    let files = [
        csv.to_str().unwrap(),
        parquet.to_str().unwrap(),
        jsonl.to_str().unwrap(),
    ];
    let run = |query: &str| {
        let mut args = vec!["--format", "jsonl", query];
        args.extend(files);
        let output = peguri_sql(&args);
        assert!(output.status.success(), "{query}: {}", stderr(&output));
        stdout(&output)
    };
    assert_eq!(
        run("SELECT uri_resolve(page, href) AS target FROM links ORDER BY 1"),
        "{\"target\":\"http://a/d\"}\n{\"target\":\"http://x/y\"}\n"
    );
    assert_eq!(
        run("SELECT uri_scheme(url) AS s FROM crawl ORDER BY 1"),
        "{\"s\":\"ftp\"}\n{\"s\":\"http\"}\n"
    );
    assert_eq!(
        run("SELECT input, valid, authority['port'] AS port FROM parsed ORDER BY 1"),
        "{\"input\":\"http://h/a b\",\"valid\":false,\"port\":null}\n\
         {\"input\":\"http://j.example:81/\",\"valid\":true,\"port\":\"81\"}\n"
    );
}

#[test]
fn a_failing_query_exits_1_with_the_reason() {
    let output = peguri_sql(&["SELECT uri_parse_strict('http://h/a b')"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains(
            "'http://h/a b' is not a URI reference: invalid character ' ' in path at byte 10 (column 11)"
        ),
        "{}",
        stderr(&output)
    );
    let output = peguri_sql(&["SELECT no_such_function(1)"]);
    assert_eq!(output.status.code(), Some(1));
    let output = peguri_sql(&["SELECT 1", "/no/such/file.csv"]);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["--format", "xml", "SELECT 1"],
        &["--bogus", "SELECT 1"],
    ] {
        let output = peguri_sql(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains("usage: peguri-sql"), "{args:?}");
    }
    let help = peguri_sql(&["--help"]);
    assert!(help.status.success());
    assert!(stdout(&help).starts_with("usage: peguri-sql"));
    // Every registered function is listed.
    let listed = stdout(&help).replace('\n', " ");
    for function in peguri_datafusion::scalar_functions() {
        assert!(
            listed.contains(&format!(" {},", function.name()))
                || listed.contains(&format!(" {} ", function.name())),
            "{} is not in --help",
            function.name()
        );
    }
}
