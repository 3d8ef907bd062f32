//! `peguri`: URIs as JSON components, from arguments or one per line on stdin.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use peguri::Report;

mod resolve;

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
    },
    /// Resolve references against a base URI (RFC 3986 section 5.2); print
    /// one URI per line.
    ///
    /// With no REF arguments, reads one reference per line from stdin.
    /// Exit code: 0 when every input is valid, 1 when any is invalid.
    #[command(
        after_help = "Example:\n  peguri resolve http://a/b/c/d ../g ?y '#s'\n  peguri resolve https://example.com/docs/ < links.txt"
    )]
    Resolve {
        /// Resolve a reference whose scheme equals the base's as if it had
        /// none (the backward-compatible rule of RFC 3986 section 5.2.2).
        #[arg(long)]
        non_strict: bool,
        /// The base URI (it must have a scheme).
        base: String,
        /// References to resolve; stdin is read when none is given.
        references: Vec<String>,
    },
    /// Print, for each target URI, the shortest reference that resolves to
    /// it against the base; one per line.
    ///
    /// With no TARGET arguments, reads one target per line from stdin.
    /// Exit code: 0 when every input is valid, 1 when any is invalid.
    #[command(after_help = "Example:\n  peguri relative http://a/b/c/d http://a/b/e http://a/x")]
    Relative {
        /// The base URI (it must have a scheme).
        base: String,
        /// Target URIs; stdin is read when none is given.
        targets: Vec<String>,
    },
}

/// Exit code for an input that is not valid.
const EXIT_INVALID: u8 = 1;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse { uris } => parse(&uris),
        Command::Resolve {
            non_strict,
            base,
            references,
        } => resolve::resolve(non_strict, &base, &references),
        Command::Relative { base, targets } => resolve::relative(&base, &targets),
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
