//! The records of a CSV file as IANA writes its registries (RFC 4180):
//! fields separated by `,`, records by CRLF or LF, a field in double
//! quotes may hold `,`, line breaks and `""` for a quote.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// One record: its fields, and the line (1-based) it starts on.
pub(super) struct Record<'a> {
    pub(super) line: usize,
    pub(super) fields: Vec<Cow<'a, str>>,
}

/// What makes text no CSV.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Malformed {
    /// A quoted field without its closing quote.
    UnclosedQuote,
    /// A quote inside an unquoted field, or text after a quoted field's
    /// closing quote.
    StrayQuote,
}

/// Reads the records of `text` from byte `start`, which begins line
/// `line`. Empty lines between records are skipped.
pub(super) struct Records<'a> {
    text: &'a str,
    at: usize,
    line: usize,
}

impl<'a> Records<'a> {
    pub(super) fn new(text: &'a str, start: usize, line: usize) -> Self {
        Records {
            text,
            at: start,
            line,
        }
    }

    /// The next record, or where and why the text stops being CSV.
    pub(super) fn next_record(&mut self) -> Option<Result<Record<'a>, (usize, Malformed)>> {
        let bytes = self.text.as_bytes();
        // Empty lines.
        while self.at < bytes.len() && matches!(bytes[self.at], b'\n' | b'\r') {
            if bytes[self.at] == b'\n' {
                self.line += 1;
            }
            self.at += 1;
        }
        if self.at >= bytes.len() {
            return None;
        }
        let line = self.line;
        let mut fields = Vec::new();
        loop {
            let (field, end) = match self.field() {
                Ok(read) => read,
                Err(malformed) => return Some(Err((line, malformed))),
            };
            fields.push(field);
            self.at = end;
            match bytes.get(self.at) {
                Some(b',') => self.at += 1,
                Some(b'\r') if bytes.get(self.at + 1) == Some(&b'\n') => {
                    self.at += 2;
                    self.line += 1;
                    break;
                }
                Some(b'\n' | b'\r') => {
                    self.at += 1;
                    self.line += 1;
                    break;
                }
                None => break,
                // A field ends only before a separator or the end.
                Some(_) => return Some(Err((line, Malformed::StrayQuote))),
            }
        }
        Some(Ok(Record { line, fields }))
    }

    /// The field at `self.at`, unquoted, and the byte after it.
    fn field(&mut self) -> Result<(Cow<'a, str>, usize), Malformed> {
        let text = self.text;
        let bytes = text.as_bytes();
        let start = self.at;
        if bytes.get(start) != Some(&b'"') {
            let end = bytes[start..]
                .iter()
                .position(|b| matches!(b, b',' | b'\n' | b'\r'))
                .map_or(bytes.len(), |n| start + n);
            if bytes[start..end].contains(&b'"') {
                return Err(Malformed::StrayQuote);
            }
            return Ok((Cow::Borrowed(&text[start..end]), end));
        }
        let mut value = String::new();
        let mut from = start + 1;
        loop {
            let Some(quote) = bytes[from..].iter().position(|&b| b == b'"') else {
                return Err(Malformed::UnclosedQuote);
            };
            let quote = from + quote;
            let part = &text[from..quote];
            self.line += part.matches('\n').count();
            if bytes.get(quote + 1) == Some(&b'"') {
                value.push_str(part);
                value.push('"');
                from = quote + 2;
                continue;
            }
            let field = if value.is_empty() {
                Cow::Borrowed(part)
            } else {
                value.push_str(part);
                Cow::Owned(value)
            };
            return Ok((field, quote + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each record's line and fields.
    type Read = Vec<(usize, Vec<String>)>;

    fn all(text: &str) -> Result<Read, (usize, Malformed)> {
        let mut records = Records::new(text, 0, 1);
        let mut out = Vec::new();
        while let Some(record) = records.next_record() {
            let record = record?;
            out.push((
                record.line,
                record.fields.into_iter().map(Cow::into_owned).collect(),
            ));
        }
        Ok(out)
    }

    fn fields(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| String::from(*s)).collect()
    }

    #[test]
    fn quoted_fields_hold_separators_quotes_and_lines() {
        let text = "a,\"b, c\",\"say \"\"hi\"\"\"\r\nx,\"two\nlines\",\n\ny,,z";
        let read = all(text).unwrap();
        assert_eq!(read[0], (1, fields(&["a", "b, c", "say \"hi\""])));
        assert_eq!(read[1], (2, fields(&["x", "two\nlines", ""])));
        assert_eq!(read[2], (5, fields(&["y", "", "z"])));
    }

    #[test]
    fn malformed_records_name_their_line() {
        assert_eq!(all("a\nb,\"c\n"), Err((2, Malformed::UnclosedQuote)));
        assert_eq!(all("a\n\nb\"c,d"), Err((3, Malformed::StrayQuote)));
        assert_eq!(all("\"a\"b,c"), Err((1, Malformed::StrayQuote)));
    }
}
