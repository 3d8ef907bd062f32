//! Reading URIs one per line, with bounded memory.

use std::io::{self, BufRead};

/// Calls `f` on each line of `reader` without its line ending (`\n` or
/// `\r\n`), dropping a UTF-8 byte order mark on the first line. Memory stays
/// bounded by the longest line. Invalid UTF-8 is replaced (and so reported
/// as invalid, since U+FFFD is not allowed in a URI).
pub fn for_each_line(
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

/// Calls `f` on each argument, or on each line of stdin when there are none.
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
