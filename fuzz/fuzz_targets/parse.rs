//! Parsing never panics, in any grammar; a valid input displays as itself
//! and its components concatenate back to it; an error points inside the
//! input and renders. IRIs map to URIs that parse; templates and the
//! builder's checks never panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::{IriRef, ParseOptions, Uri, UriRef};

fn recompose(uri: &UriRef<'_>) -> String {
    let mut s = String::new();
    if let Some(scheme) = uri.scheme() {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(a) = uri.authority() {
        s.push_str("//");
        if let Some(u) = a.userinfo() {
            s.push_str(u);
            s.push('@');
        }
        s.push_str(a.host_str());
        if let Some(p) = a.port() {
            s.push(':');
            s.push_str(p);
        }
    }
    s.push_str(uri.path());
    if let Some(q) = uri.query() {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = uri.fragment() {
        s.push('#');
        s.push_str(f);
    }
    s
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    match UriRef::parse(input) {
        Ok(uri) => {
            assert_eq!(uri.to_string(), input);
            assert_eq!(recompose(&uri), input);
            assert_eq!(uri.segments().count() > 0, !uri.path().is_empty());
            if let Some(a) = uri.authority() {
                let _ = (a.host(), a.port_u16());
            }
        }
        Err(e) => {
            assert!(e.offset() <= input.len());
            assert!(input.is_char_boundary(e.offset()));
            let _ = e.to_string();
        }
    }
    let _ = Uri::parse(input);
    let _ = Uri::parse_absolute(input);
    let _ = UriRef::parse_relative(input);
    if let Err(e) = UriRef::parse_with(input, &ParseOptions::new().allow_zone_id(true)) {
        assert!(input.is_char_boundary(e.offset()));
        let _ = (e.to_string(), e.expected().count());
    }
    match IriRef::parse(input) {
        Ok(iri) => {
            assert_eq!(iri.to_string(), input);
            let uri = iri.to_uri();
            assert!(UriRef::parse(uri.as_str()).is_ok(), "{input:?} maps to {uri}");
        }
        Err(e) => {
            assert!(input.is_char_boundary(e.offset()));
            let _ = e.to_string();
        }
    }
    if let Err(e) = peguri::template::UriTemplate::parse(input) {
        assert!(e.offset() <= input.len());
    }
    let _ = peguri::UriBuilder::new().host(input).path(input).query(input).build();
});
