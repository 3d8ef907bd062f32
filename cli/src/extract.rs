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
/// `{"uri", "start", "end"}` per line (byte offsets in the input as given),
/// or the bare URI with `plain`. Finding nothing is not an error.
pub fn run(plain: bool) -> io::Result<bool> {
    let mut bytes = Vec::new();
    io::stdin().lock().read_to_end(&mut bytes)?;
    let text = text_keeping_offsets(bytes);
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

/// The input as text with the same byte offsets: each byte of a sequence
/// that is not UTF-8 becomes a NUL, which no URI holds and which is no
/// delimiter Appendix C knows, so it ends a URI as the bad byte would, and
/// every offset into the text is the offset into the input.
fn text_keeping_offsets(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let bytes = e.into_bytes();
            let mut text = String::with_capacity(bytes.len());
            for chunk in bytes.utf8_chunks() {
                text.push_str(chunk.valid());
                text.extend(std::iter::repeat_n('\0', chunk.invalid().len()));
            }
            text
        }
    }
}
