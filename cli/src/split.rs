//! `peguri split`: the five components of each input as RFC 3986
//! Appendix B splits them, one JSON object per line.

use std::io::{self, BufWriter, Write};

use peguri::split_lenient;

/// Prints one JSON object per input. Splitting never fails, so this always
/// reports success.
pub fn run(uris: &[String]) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let emit = |input: &str, out: &mut BufWriter<io::StdoutLock<'_>>| -> io::Result<()> {
        serde_json::to_writer(&mut *out, &split_lenient(input))?;
        out.write_all(b"\n")
    };
    crate::input::for_each_input(uris, |input| emit(input, &mut out))?;
    out.flush()?;
    Ok(true)
}
