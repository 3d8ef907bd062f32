//! `peguri whatwg`: each input read by RFC 3986 and by the WHATWG URL
//! Standard, and where the two readings differ (`peguri::whatwg`).

use std::io::{self, Write};

use clap::Args;
use peguri::whatwg::{Comparison, compare_bytes};

use crate::outcome::Outcome;
use crate::parse::records::{Format, Value};
use crate::stream::{Records, StreamArgs};

/// Read each URL by RFC 3986 and by the WHATWG URL Standard (the `url`
/// crate, what browsers and most HTTP clients follow) and report where
/// their meanings differ, with the causes.
///
/// Spellings of one meaning are no difference (case, default ports,
/// dot-segments, percent-encoding of unreserved characters: RFC 3986
/// normalization, sections 6.2.2 and 6.2.3). One JSON object per input:
/// {"input", "rfc3986": the object `peguri parse` prints, "whatwg":
/// {"href", "scheme", "authority", "path", "query", "fragment"} or
/// {"error"}, "differs": components (scheme, userinfo, host, port,
/// path, query, fragment, validity), "causes": [{"code", "message"}]}.
/// With no URL arguments, reads one per line from stdin (a line that is
/// not UTF-8 is read by WHATWG with U+FFFD). Exit code: 0 when no input
/// differs, 1 when any does, 2 for usage errors.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri whatwg 'http://0x7f.1/' 'http://evil.example\\@good.example/'\n  \
    peguri whatwg --only-differing < urls.txt\n  \
    peguri whatwg --format tsv --header < urls.txt | cut -f3 | tr , '\\n' | sort | uniq -c")]
pub struct WhatwgArgs {
    /// URLs to compare; stdin is read when none is given.
    urls: Vec<String>,
    /// Output format: JSON Lines, or tab-separated values (columns input,
    /// differs, causes, rfc3986_error, whatwg_href, whatwg_error; lists
    /// comma-separated, an empty list an empty cell, an absent value `\N`).
    #[arg(long, default_value = "json")]
    format: Format,
    /// With `--format tsv`: a first line with the column names.
    #[arg(long)]
    header: bool,
    /// Print only the inputs whose readings differ.
    #[arg(long)]
    only_differing: bool,
    #[command(flatten)]
    stream: StreamArgs,
}

/// The TSV columns.
const COLUMNS: [&str; 6] = [
    "input",
    "differs",
    "causes",
    "rfc3986_error",
    "whatwg_href",
    "whatwg_error",
];

/// Compares each input and prints one line for it. Exit code 1 when any
/// input's readings differ.
pub fn run(args: &WhatwgArgs) -> io::Result<Outcome> {
    let tsv = args.format == Format::Tsv;
    if args.header && !tsv {
        return Ok(Outcome::Usage(
            "--header writes the TSV column names; it needs --format tsv".to_owned(),
        ));
    }
    let mut out = Records::new(args.stream);
    if args.header {
        writeln!(out, "{}", COLUMNS.join("\t"))?;
    }
    let mut any_differs = false;
    crate::input::for_each_input_bytes(&args.urls, |line| {
        let comparison = compare_bytes(line);
        any_differs |= comparison.differs();
        if args.only_differing && !comparison.differs() {
            return Ok(());
        }
        if tsv {
            write_row(&mut out, &comparison)?;
        } else {
            serde_json::to_writer(&mut out, &comparison)?;
        }
        out.write_all(b"\n")?;
        out.end_record()
    })?;
    out.flush()?;
    Ok(Outcome::from_validity(!any_differs))
}

/// One TSV row, as `parse --format tsv` writes its cells.
fn write_row(out: &mut impl Write, comparison: &Comparison<'_>) -> io::Result<()> {
    let differs: Vec<&str> = if comparison.validity_differs() {
        vec!["validity"]
    } else {
        comparison
            .differences()
            .iter()
            .map(|c| c.as_str())
            .collect()
    };
    let causes: Vec<&str> = comparison
        .causes()
        .iter()
        .map(|e| e.cause.as_str())
        .collect();
    let rfc3986_error = comparison.rfc3986().err().map(|e| e.message().to_string());
    let (href, whatwg_error) = match comparison.whatwg() {
        Ok(url) => (Some(url.as_str()), None),
        Err(e) => (None, Some(e.to_string())),
    };
    let cells = [
        Value::Text(comparison.input()),
        Value::Owned(differs.join(",")),
        Value::Owned(causes.join(",")),
        rfc3986_error.map_or(Value::Null, Value::Owned),
        href.map_or(Value::Null, Value::Text),
        whatwg_error.map_or(Value::Null, Value::Owned),
    ];
    for (i, cell) in cells.iter().enumerate() {
        if i > 0 {
            out.write_all(b"\t")?;
        }
        cell.write_tsv(out)?;
    }
    Ok(())
}
