//! `peguri extract`: the URIs in the text on stdin (RFC 3986 Appendix C).

use std::io::{self, BufWriter, Read, Write};

use serde::ser::{Serialize, SerializeStruct, Serializer};

/// `{"uri", "start", "end"}`, in that order.
struct Found<'a>(&'a peguri::Extracted<'a>);

impl Serialize for Found<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Found", 3)?;
        s.serialize_field("uri", &*self.0.uri)?;
        s.serialize_field("start", &self.0.span.start)?;
        s.serialize_field("end", &self.0.span.end)?;
        s.end()
    }
}

/// Reads all of stdin and prints each URI found: a JSON object
/// `{"uri", "start", "end"}` per line (byte offsets in the input), or the
/// bare URI with `plain`. Input that is not UTF-8 is read with U+FFFD in
/// place of bad bytes; offsets then refer to that text. Finding nothing is
/// not an error.
pub fn run(plain: bool) -> io::Result<bool> {
    let mut bytes = Vec::new();
    io::stdin().lock().read_to_end(&mut bytes)?;
    let text = String::from_utf8_lossy(&bytes);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for found in peguri::extract(&text) {
        if plain {
            writeln!(out, "{}", found.uri)?;
        } else {
            serde_json::to_writer(&mut out, &Found(&found))?;
            out.write_all(b"\n")?;
        }
    }
    out.flush()?;
    Ok(true)
}
