//! The command line: `[--format table|jsonl] QUERY [FILE...]`.

use std::path::PathBuf;

/// The help text, with the functions as `register_all` registers them.
pub fn usage() -> String {
    let names: Vec<String> = peguri_datafusion::scalar_functions()
        .iter()
        .map(|f| f.name().to_owned())
        .collect();
    let mut lines = vec![String::new()];
    for name in names {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + name.len() + 2 > 72 {
            lines.push(String::new());
        }
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&name);
        line.push(',');
    }
    let functions = lines.join("\n").trim_end_matches(',').to_owned();
    format!("{HEAD}{functions}\n{TAIL}")
}

const HEAD: &str = "\
usage: peguri-sql [--format table|jsonl] 'SELECT ...' [FILE...]

Runs a SQL query (Apache DataFusion's dialect) with peguri's URI functions
registered (and Trino and ClickHouse aliases such as url_extract_host):
";

const TAIL: &str = "
Each FILE becomes a table named after its stem: CSV (.csv), Parquet
(.parquet), JSON Lines (.json, .jsonl, .ndjson; `peguri parse` output
among them), or any other file as plain text, one row per line in a
column `line`.

options:
  --format table|jsonl   output as a table (default) or one JSON object per row
  -h, --help             this help

example:
  peguri-sql \"SELECT uri_host(line) AS host, count(*) FROM urls GROUP BY 1 ORDER BY 2 DESC\" urls.txt
";

/// How to print the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Table,
    JsonLines,
}

/// A command line to run.
#[derive(Debug)]
pub struct Args {
    pub format: Format,
    pub query: String,
    pub files: Vec<PathBuf>,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Parsed {
    Run(Args),
    Help,
}

/// Reads the command line (without the program name); `Err` says what is
/// wrong with it.
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Parsed, String> {
    let mut format = Format::Table;
    let mut positional = Vec::new();
    let mut args = args.into_iter();
    let mut options_done = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            _ if options_done => positional.push(arg),
            "-h" | "--help" => return Ok(Parsed::Help),
            "--" => options_done = true,
            "--format" => {
                let value = args
                    .next()
                    .ok_or("--format needs a value: table or jsonl")?;
                format = parse_format(&value)?;
            }
            _ if arg.starts_with("--format=") => format = parse_format(&arg["--format=".len()..])?,
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return Err(format!("unknown option {arg}"))
            }
            _ => positional.push(arg),
        }
    }
    let mut positional = positional.into_iter();
    let query = positional.next().ok_or("no query given")?;
    Ok(Parsed::Run(Args {
        format,
        query,
        files: positional.map(PathBuf::from).collect(),
    }))
}

fn parse_format(value: &str) -> Result<Format, String> {
    match value {
        "table" => Ok(Format::Table),
        "jsonl" => Ok(Format::JsonLines),
        other => Err(format!("unknown format {other:?}: use table or jsonl")),
    }
}
