//! Extraction never panics, in any mode the first byte picks (plain text,
//! HTML or Markdown; URIs or IRIs; each leniency; rejected candidates or
//! not): what it yields comes in order, never overlaps, lies on
//! character boundaries, is never empty, has the line and column of its
//! start; each URI parses by the grammar its position asks for, and each
//! rejected candidate does not; in plain text, a candidate is its span's
//! text with line-break whitespace removed; and `rejected(true)` only adds
//! the rejected candidates. Its time is linear in the text: libFuzzer's
//! `-timeout` catches a slow input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::extract::{Delimiter, Extracted, Extractor, Markup};
use peguri::{Iri, IriRef, ParseOptions, Uri, UriRef};

/// Counts lines and columns forward from the last offset asked for, by
/// characters: `\n`, `\r\n` and `\r` end a line.
struct Position<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
    column: usize,
}

impl Position<'_> {
    fn at(&mut self, offset: usize) -> (usize, usize) {
        let bytes = self.text.as_bytes();
        for (k, c) in self.text[self.offset..offset].char_indices() {
            match c {
                // In `\r\n`, the `\n` ends the line.
                '\r' if bytes.get(self.offset + k + 1) == Some(&b'\n') => {}
                '\r' | '\n' => {
                    self.line += 1;
                    self.column = 1;
                }
                _ => self.column += 1,
            }
        }
        self.offset = offset;
        (self.line, self.column)
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let (iri, relative, any_scheme) = (mode & 1 != 0, mode & 2 != 0, mode & 4 != 0);
    let zone_id = mode & 8 != 0;
    let markup = match (mode >> 4) & 3 {
        1 => Markup::Html,
        2 => Markup::Markdown,
        _ => Markup::Text,
    };
    let extractor = Extractor::new()
        .iri(iri)
        .relative_when_delimited(relative)
        .any_scheme_undelimited(any_scheme)
        .allow_zone_id(zone_id)
        .markup(markup);
    let options = ParseOptions::new().allow_zone_id(zone_id);
    let all = extractor.rejected(true).extract(text);
    let mut last_end = 0;
    let mut position = Position {
        text,
        offset: 0,
        line: 1,
        column: 1,
    };
    for found in &all {
        let span = found.span.clone();
        assert!(span.start >= last_end && span.start < span.end, "{found:?} in {text:?}");
        last_end = span.end;
        let shown = text.get(span.clone()).expect("a span lies on character boundaries");
        assert!(!found.uri.is_empty(), "{found:?} in {text:?}");
        assert_eq!((found.line, found.column), position.at(span.start), "{found:?} in {text:?}");
        if markup == Markup::Text {
            let squeezed: String = shown.chars().filter(|c| !c.is_whitespace()).collect();
            let uri: String = found.uri.chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(squeezed, uri, "{text:?}");
        }
        let uri = &*found.uri;
        let reference = match found.delimiter {
            Delimiter::Bare => false,
            Delimiter::Angle | Delimiter::AngleUrl | Delimiter::Quotes => relative,
            _ => true,
        };
        let parses = match (iri, reference) {
            (false, false) => Uri::parse_with(uri, &options).is_ok(),
            (false, true) => UriRef::parse_with(uri, &options).is_ok(),
            (true, false) => Iri::parse_with(uri, &options).is_ok(),
            (true, true) => IriRef::parse_with(uri, &options).is_ok(),
        };
        assert_eq!(
            parses,
            found.error.is_none(),
            "{found:?} in {text:?} ({extractor:?})"
        );
    }
    let without: Vec<Extracted<'_>> = extractor.rejected(false).extract(text);
    let valid: Vec<&Extracted<'_>> = all.iter().filter(|e| e.error.is_none()).collect();
    assert_eq!(without.iter().collect::<Vec<_>>(), valid, "{text:?}");
});
