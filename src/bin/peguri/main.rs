//! `peguri`: URIs as JSON components, from arguments or one per line on stdin.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use peguri::Report;

mod check;
mod extract;
mod split;

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
    /// Split each input into its five components as RFC 3986 Appendix B's
    /// regular expression does, without validating: one JSON object per
    /// line (`input`, `scheme`, `authority`, `path`, `query`, `fragment`;
    /// absent components are null).
    ///
    /// With no arguments, reads one input per line from stdin. Exit code: 0
    /// (splitting never fails), 2 for usage errors.
    #[command(
        after_help = "Example:\n  peguri split 'http://www.ics.uci.edu/pub/ietf/uri/#Related'\n  peguri split < lines.txt"
    )]
    Split {
        /// Strings to split; stdin is read when none is given.
        uris: Vec<String>,
    },
    /// Find the URIs in the text on stdin (RFC 3986 Appendix C): quoted,
    /// in angle brackets (line breaks inside are removed), `<URL:...>`, or
    /// bare with a scheme. Prints one JSON object per URI (`uri`, and the
    /// byte offsets `start` and `end` in the input), or plain URIs.
    ///
    /// Exit code: 0, also when nothing is found; 2 for usage errors.
    #[command(
        after_help = "Example:\n  peguri extract < message.txt\n  peguri extract --plain < notes.md"
    )]
    Extract {
        /// Print one URI per line instead of JSON.
        #[arg(long)]
        plain: bool,
    },
    /// Check URI references for the constructions RFC 3986 section 7 warns
    /// about (ambiguous IPv4 forms, passwords, deceptive userinfo,
    /// percent-encoded controls and separators, foreign ports).
    ///
    /// Exit code: 0 when no warning is found (info findings allowed), 1 when
    /// any input has a warning or is invalid (the error is shown on stderr),
    /// 2 for usage errors.
    #[command(
        after_help = "Example:\n  peguri check 'http://www.bank.example@0x7f.1:25/'\n  peguri check --json 'ftp://user:secret@example.com/'"
    )]
    Check {
        /// Print one JSON object per input (`input`, `valid`, and `findings`
        /// or `error`).
        #[arg(long)]
        json: bool,
        /// URI references to check.
        #[arg(required = true)]
        uris: Vec<String>,
    },
}

/// Exit code for an input that is not valid.
const EXIT_INVALID: u8 = 1;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse { uris } => parse(&uris),
        Command::Split { uris } => split::run(&uris),
        Command::Extract { plain } => extract::run(plain),
        Command::Check { json, uris } => check::run(&uris, json),
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
