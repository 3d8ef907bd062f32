//! Extraction never panics, in any mode the first byte picks: the URIs
//! found come in order, never overlap, lie on character boundaries, are
//! their spans' text with whitespace removed, and parse (as a URI, or an
//! IRI with `iri`; a reference with `relative_when_delimited`). Its time
//! is linear in the text: libFuzzer's `-timeout` catches a slow input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::extract::{Delimiter, Extractor};
use peguri::{Iri, IriRef, Uri, UriRef};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let (iri, relative, any_scheme) = (mode & 1 != 0, mode & 2 != 0, mode & 4 != 0);
    let extractor = Extractor::new()
        .iri(iri)
        .relative_when_delimited(relative)
        .any_scheme_undelimited(any_scheme);
    let mut last_end = 0;
    for found in extractor.extract(text) {
        let span = found.span.clone();
        assert!(span.start >= last_end && span.start < span.end, "{found:?} in {text:?}");
        last_end = span.end;
        let shown = text.get(span.clone()).expect("a span lies on character boundaries");
        let squeezed: String = shown.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(squeezed, found.uri, "{text:?}");
        let uri = &*found.uri;
        let delimited = found.delimiter != Delimiter::Bare;
        let parses = match (iri, relative && delimited) {
            (false, false) => Uri::parse(uri).is_ok(),
            (false, true) => UriRef::parse(uri).is_ok(),
            (true, false) => Iri::parse(uri).is_ok(),
            (true, true) => IriRef::parse(uri).is_ok(),
        };
        assert!(parses, "{uri:?} found in {text:?} ({extractor:?})");
    }
});
