//! `peguri-sql`: SQL over URIs for people without Rust code.
//!
//! ```text
//! peguri-sql [--format table|jsonl] 'SELECT ...' [FILE...]
//! ```
//!
//! Registers peguri's functions, exposes each FILE as a table named after
//! its stem (CSV, Parquet, JSON Lines, or plain text as one column `line`),
//! runs the query and prints a table or JSON Lines. Exit codes: 0 success,
//! 1 the query failed (SQL error, unreadable file, `uri_parse_strict` on an
//! invalid URI), 2 usage error.
#![forbid(unsafe_code)]
#![warn(rust_2018_idioms)]

mod args;
mod output;
mod tables;

use std::process::ExitCode;

use datafusion::prelude::SessionContext;

use args::{Args, Parsed};

fn main() -> ExitCode {
    let args = match args::parse(std::env::args().skip(1)) {
        Ok(Parsed::Run(args)) => args,
        Ok(Parsed::Help) => {
            print!("{}", args::usage());
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("peguri-sql: {message}\n\n{}", args::usage());
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("peguri-sql: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(run(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("peguri-sql: {e}");
            ExitCode::from(1)
        }
    }
}

async fn run(args: Args) -> datafusion::error::Result<()> {
    let mut ctx = SessionContext::new();
    peguri_datafusion::register_all(&mut ctx)?;
    for file in &args.files {
        tables::register(&ctx, file).await?;
    }
    let batches = ctx.sql(&args.query).await?.collect().await?;
    output::print(&batches, args.format)
}
