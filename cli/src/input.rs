//! Reading inputs one per line, as bytes, with bounded memory.

use std::io::{self, BufRead};

/// Calls `f` on each line of `reader` as the bytes it holds, without its
/// line ending (`\n` or `\r\n`), dropping a UTF-8 byte order mark on the
/// first line. Memory stays bounded by the longest line. Nothing is
/// decoded here: a line that is not UTF-8 reaches `f` as it is, so that
/// errors can name its bytes and count offsets in them.
pub fn for_each_line_bytes(
    mut reader: impl BufRead,
    mut f: impl FnMut(&[u8]) -> io::Result<()>,
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
        f(line)?;
    }
}

/// [`for_each_line_bytes`] for the commands that only take text (trees,
/// templates, splitting): a line that is not UTF-8 is read with U+FFFD in
/// place of its bad bytes.
pub fn for_each_line(
    reader: impl BufRead,
    mut f: impl FnMut(&str) -> io::Result<()>,
) -> io::Result<()> {
    for_each_line_bytes(reader, |line| f(&String::from_utf8_lossy(line)))
}

/// Calls `f` on each argument, or on each line of stdin when there are
/// none, as bytes (see [`for_each_line_bytes`]).
pub fn for_each_input_bytes(
    args: &[String],
    mut f: impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    if args.is_empty() {
        for_each_line_bytes(io::stdin().lock(), f)
    } else {
        args.iter().try_for_each(|a| f(a.as_bytes()))
    }
}

/// Calls `f` on each argument, or on each line of stdin when there are
/// none, as text (see [`for_each_line`]).
pub fn for_each_input(
    args: &[String],
    mut f: impl FnMut(&str) -> io::Result<()>,
) -> io::Result<()> {
    if args.is_empty() {
        for_each_line(io::stdin().lock(), f)
    } else {
        args.iter().try_for_each(|a| f(a))
    }
}

/// When an argument names a file that can be read, says so once on
/// stderr before anything is read: arguments are read as references (so
/// `urls.txt` is a valid relative reference), and a file's lines are
/// given on stdin, `peguri COMMAND < FILE`. Nothing when the inputs are
/// the lines of stdin.
pub fn note_file_arguments(command: &str, args: &[String]) {
    let is_readable_file = |arg: &String| {
        std::fs::metadata(arg).is_ok_and(|m| m.is_file()) && std::fs::File::open(arg).is_ok()
    };
    if let Some(file) = args.iter().find(|arg| is_readable_file(arg)) {
        let name = format!("\"{}\"", peguri::error::Quoted::new(file));
        let shell = shell_word(file);
        eprintln!(
            "peguri: note: {name} is read as a URI reference, and it also names a file; \
             to read the file's lines, give it on stdin: peguri {command} < {shell}"
        );
    }
}

/// `word` as a shell reads it back: as it is when it holds only
/// characters no shell treats specially, otherwise in single quotes (a
/// quote in it closed, escaped and reopened), control characters shown
/// escaped as messages show them.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./:@%+=,".contains(&b));
    if plain {
        return word.to_owned();
    }
    let quoted = peguri::error::Quoted::new(word).to_string();
    format!("'{}'", quoted.replace('\'', "'\\''"))
}
