//! `peguri`: URIs as JSON components, from arguments or one per line on stdin.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use peguri::Report;

mod iri;

/// Parse URI references (RFC 3986) into their components.
#[derive(Parser)]
#[command(name = "peguri", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print each URI reference's components as one JSON object per line.
    ///
    /// With no URI arguments, reads one URI reference per line from stdin.
    /// Exit code: 0 when every input is valid, 1 when any is invalid,
    /// 2 for usage errors.
    #[command(
        after_help = "Example:\n  peguri parse 'http://user@example.com:8080/p?q#f'\n  peguri parse < urls.txt"
    )]
    Parse {
        /// URI references to parse; stdin is read when none is given.
        uris: Vec<String>,
        /// Parse each input as an IRI reference (RFC 3987) instead; a valid
        /// one also gets a "uri" field with the URI it maps to.
        #[arg(long)]
        iri: bool,
    },
}

/// Exit code for an input that is not valid.
const EXIT_INVALID: u8 = 1;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse { uris, iri: false } => parse(&uris),
        Command::Parse { uris, iri: true } => iri::parse(&uris),
    };
    match result {
        Ok(all_valid) if all_valid => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(EXIT_INVALID),
        // A closed pipe (`| head`) is the reader's choice, not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("peguri: {e}");
            ExitCode::from(EXIT_INVALID)
        }
    }
}

/// Prints one JSON report per input; returns whether all were valid.
fn parse(uris: &[String]) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_valid = true;
    let mut emit = |input: &str, out: &mut BufWriter<io::StdoutLock<'_>>| -> io::Result<()> {
        let report = Report::parse(input);
        all_valid &= report.is_valid();
        serde_json::to_writer(&mut *out, &report)?;
        out.write_all(b"\n")
    };
    if uris.is_empty() {
        for_each_line(io::stdin().lock(), |line| emit(line, &mut out))?;
    } else {
        for uri in uris {
            emit(uri, &mut out)?;
        }
    }
    out.flush()?;
    Ok(all_valid)
}

/// Calls `f` on each line of `reader` without its line ending (`\n` or
/// `\r\n`), dropping a UTF-8 byte order mark on the first line. Memory stays
/// bounded by the longest line. Invalid UTF-8 is replaced (and so reported
/// as invalid, since U+FFFD is not allowed in a URI).
fn for_each_line(
    mut reader: impl BufRead,
    mut f: impl FnMut(&str) -> io::Result<()>,
) -> io::Result<()> {
    let mut buf = Vec::new();
    let mut first = true;
    loop {
        buf.clear();
        if reader.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        let mut line = buf.as_slice();
        line = line.strip_suffix(b"\n").unwrap_or(line);
        line = line.strip_suffix(b"\r").unwrap_or(line);
        if first {
            line = line.strip_prefix("\u{FEFF}".as_bytes()).unwrap_or(line);
            first = false;
        }
        f(&String::from_utf8_lossy(line))?;
    }
}
