//! Where the commands that read one input per line write: their records
//! on stdout, each flushed when someone waits for it (a terminal, or
//! `--line-buffered`), and what they say about the inputs on stderr,
//! buffered, counted, and in order with the records when both streams
//! reach the same place.

use std::fmt::Display;
use std::io::{self, BufWriter, IsTerminal, Write};

use clap::Args;

use crate::common::{IRI_HINT, SyntaxArgs, is_iri_only};

/// How records reach their reader: the options of every command that
/// writes one record per input line.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct StreamArgs {
    /// Flush each record as soon as it is written, into a pipe too
    /// (`tail -f log | peguri parse --line-buffered | jq ...`). A terminal
    /// gets each record at once without it.
    #[arg(long)]
    pub line_buffered: bool,
}

impl StreamArgs {
    /// Whether each record is flushed: with `--line-buffered`, or when
    /// stdout is a terminal.
    pub fn flush_each(self) -> bool {
        self.line_buffered || io::stdout().is_terminal()
    }
}

/// Standard output, buffered, for records: [`end_record`](Self::end_record)
/// flushes after each one when a reader waits for each.
pub struct Records {
    out: BufWriter<io::StdoutLock<'static>>,
    flush_each: bool,
}

impl Records {
    /// Records on stdout, flushed as `stream` asks.
    pub fn new(stream: StreamArgs) -> Self {
        Records {
            out: crate::common::stdout(),
            flush_each: stream.flush_each(),
        }
    }

    /// Ends a record: flushes it when a reader waits for each.
    pub fn end_record(&mut self) -> io::Result<()> {
        if self.flush_each {
            self.out.flush()?;
        }
        Ok(())
    }
}

impl Write for Records {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// What a command says about its inputs on stderr.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Say {
    /// Each problem, with its caret display (text output).
    Each,
    /// Nothing per input: each record holds its error (JSON output).
    Nothing,
    /// One line at the end, counting the invalid inputs (`--quiet`).
    Summary,
}

impl Say {
    /// [`Summary`](Self::Summary) with `--quiet`; otherwise
    /// [`Nothing`](Self::Nothing) for JSON records and
    /// [`Each`](Self::Each) for text.
    pub fn of(quiet: bool, json: bool) -> Say {
        match (quiet, json) {
            (true, _) => Say::Summary,
            (false, true) => Say::Nothing,
            (false, false) => Say::Each,
        }
    }
}

/// Standard error for what a command says about its inputs: buffered (a
/// few writes for a whole run, however many invalid inputs), with the
/// count of inputs and of invalid ones for `--quiet`'s summary.
///
/// When stdout and stderr reach the same place (a terminal, `2>&1`),
/// stdout is flushed before each message and the message after it, so
/// that each message follows its input's record; when stderr alone is a
/// terminal, each message is flushed as it is written.
pub struct Diagnostics {
    err: BufWriter<io::StderrLock<'static>>,
    say: Say,
    /// Flush stdout before a message and the message after it.
    in_order: bool,
    /// Flush each message.
    prompt: bool,
    inputs: u64,
    invalid: u64,
    first_invalid: Option<u64>,
    /// The inputs are arguments, not lines of stdin.
    arguments: bool,
    iri_hint_given: bool,
}

impl Diagnostics {
    /// Diagnostics as `say` asks, about inputs given as arguments (or,
    /// when `arguments` is false, as lines of stdin).
    pub fn new(say: Say, arguments: bool) -> Self {
        let in_order = same_place();
        Diagnostics {
            err: BufWriter::with_capacity(64 * 1024, io::stderr().lock()),
            say,
            in_order,
            prompt: in_order || io::stderr().is_terminal(),
            inputs: 0,
            invalid: 0,
            first_invalid: None,
            arguments,
            iri_hint_given: false,
        }
    }

    /// Counts one more input.
    pub fn input(&mut self) {
        self.inputs += 1;
    }

    /// The number of the current input, from 1.
    pub fn current(&self) -> u64 {
        self.inputs
    }

    /// Counts the current input as invalid, and shows `error` (its
    /// message and caret display) when each problem is shown.
    pub fn invalid(&mut self, records: &mut Records, error: &dyn Display) -> io::Result<()> {
        self.count_invalid();
        self.each(records, |err| writeln!(err, "peguri: {error}"))
    }

    /// Counts the current input as invalid, its error shown elsewhere.
    pub fn count_invalid(&mut self) {
        self.invalid += 1;
        self.first_invalid.get_or_insert(self.inputs);
    }

    /// Writes what `write` writes when each problem is shown, in order
    /// with the records as the streams allow.
    pub fn each(
        &mut self,
        records: &mut Records,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        if self.say != Say::Each {
            return Ok(());
        }
        self.write_in_order(records, write)
    }

    /// Writes what `write` writes, after the records so far when the two
    /// streams reach one place, flushed when someone reads it as it comes.
    fn write_in_order(
        &mut self,
        records: &mut Records,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        if self.in_order {
            records.flush()?;
        }
        write(&mut self.err)?;
        if self.prompt {
            self.err.flush()?;
        }
        Ok(())
    }

    /// Says once, unless quiet, that `--iri` reads `input`, which the URI
    /// grammar refused for its non-ASCII characters.
    pub fn iri_hint(
        &mut self,
        records: &mut Records,
        syntax: &SyntaxArgs,
        input: &str,
    ) -> io::Result<()> {
        if self.iri_hint_given || self.say == Say::Summary || !is_iri_only(syntax, input) {
            return Ok(());
        }
        self.iri_hint_given = true;
        self.write_in_order(records, |err| writeln!(err, "{IRI_HINT}"))
    }

    /// Whether every input counted was valid.
    pub fn all_valid(&self) -> bool {
        self.invalid == 0
    }

    /// `--quiet`'s summary, when some input was invalid: `2,913 invalid
    /// of 50,000; first at line 7`, then `more`'s parts.
    pub fn summary(&self, more: &[String]) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(first) = self.first_invalid {
            parts.push(format!(
                "{} invalid of {}; first at {} {}",
                thousands(self.invalid),
                thousands(self.inputs),
                if self.arguments { "argument" } else { "line" },
                thousands(first)
            ));
        }
        parts.extend(more.iter().cloned());
        (!parts.is_empty()).then(|| parts.join("; "))
    }

    /// Writes `line` (a note about the whole run) on stderr, unless quiet.
    pub fn note(&mut self, records: &mut Records, line: &str) -> io::Result<()> {
        if self.say == Say::Summary {
            return Ok(());
        }
        self.write_in_order(records, |err| writeln!(err, "peguri: {line}"))
    }

    /// Flushes the records, then stderr, ending with `--quiet`'s summary
    /// (with `more`'s parts) when there is one; whether every input was
    /// valid.
    pub fn finish(mut self, mut records: Records, more: &[String]) -> io::Result<bool> {
        records.flush()?;
        if self.say == Say::Summary
            && let Some(summary) = self.summary(more)
        {
            writeln!(self.err, "peguri: {summary}")?;
        }
        self.err.flush()?;
        Ok(self.all_valid())
    }
}

/// `n` with a comma between each group of three digits: `50,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Whether stdout and stderr reach the same place where the order of
/// their lines shows: the same terminal, file or pipe (`2>&1`), not a
/// device that discards them (`/dev/null`).
#[cfg(unix)]
fn same_place() -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let metadata = |fd: std::os::fd::BorrowedFd<'_>| {
        let file = std::fs::File::from(fd.try_clone_to_owned().ok()?);
        file.metadata().ok()
    };
    let (Some(out), Some(err)) = (
        metadata(io::stdout().as_fd()),
        metadata(io::stderr().as_fd()),
    ) else {
        return false;
    };
    let discarded = out.file_type().is_char_device() && !io::stdout().is_terminal();
    out.dev() == err.dev() && out.ino() == err.ino() && !discarded
}

/// Elsewhere, the streams are taken to reach different places when
/// either is not a terminal.
#[cfg(not(unix))]
fn same_place() -> bool {
    io::stdout().is_terminal() && io::stderr().is_terminal()
}
