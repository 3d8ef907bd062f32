//! Typed parsing never runs pest_derive's parser: every parse, every error,
//! the IRI mapping, splitting, extraction, percent-encoding, the builder
//! and templates run on the code `build.rs` generates from the grammars.
//! pest_derive stays the reference engine (trees, `parse_rule`, the tests
//! that prove the engines agree), and the crate counts every run of it.
//!
//! This file holds one test, so nothing else in its process runs pest.

use peguri::pct::{self, EncodeSet};
use peguri::report::Report;
use peguri::split::split_lenient;
use peguri::template::{UriTemplate, Value};
use peguri::{
    IriRef, IriRefBuf, ParseOptions, Uri, UriBuf, UriBuilder, UriRef, UriRefBuf, extract::extract,
    lint::lint,
};

const INPUTS: &[&str] = &[
    "http://user@example.com:8080/p/./a/../b?q=1#f",
    "//[::1]:80/x",
    "//[v1.fe]",
    "//1.2.3.4/",
    "a:b",
    "../g;x?y#s",
    "",
    // Invalid, each kind of error: inside a component, at the end, in the
    // scheme, in an IP literal, a bad triplet, a zone identifier.
    "http://h/a b",
    "http://h:80x",
    "1a:b",
    "http://[1:12345::]/",
    "http://[::1",
    "http://[v1x]/",
    "http://[fe80::1%25en0]/",
    "a%zz",
    "a:b#c#d",
    "http://é/",
];

const IRIS: &[&str] = &[
    "http://résumé.example/Dürst?λ=1#ß",
    "http://[::g]/",
    "/\u{E000}",
    "ü:x",
];

#[test]
fn typed_parsing_never_runs_pest() {
    let before = peguri::__engines::pest_calls();
    let zones = ParseOptions::new().allow_zone_id(true);
    for &input in INPUTS {
        let results = [
            UriRef::parse(input).map(|u| u.to_string()),
            UriRef::parse_relative(input).map(|u| u.to_string()),
            Uri::parse(input).map(|u| u.to_string()),
            Uri::parse_absolute(input).map(|u| u.to_string()),
            UriRefBuf::parse(input).map(|u| u.to_string()),
            UriBuf::parse(input).map(|u| u.to_string()),
            peguri::UriRef::parse_with(input, &zones).map(|u| u.to_string()),
            IriRef::parse(input).map(|i| i.to_uri().to_string()),
        ];
        for result in results {
            if let Err(e) = result {
                // Render everything an error can show.
                let _ = (e.to_string(), e.expected().count(), e.column());
            }
        }
        if let Ok(uri) = UriRef::parse(input) {
            let _ = uri.normalize();
            let _ = lint(&uri);
            let _ = uri.to_iri();
            let _ = uri.authority().map(|a| a.host());
            if let Ok(base) = Uri::parse("http://a/b/c/d;p?q") {
                let _ = uri.resolve_against(&base);
            }
        }
        let _ = serde_json::to_string(&Report::parse(input));
        let _ = split_lenient(input);
    }
    for &input in IRIS {
        if let Ok(iri) = IriRefBuf::parse(input) {
            let _ = iri.to_uri();
            let _ = iri.borrow().normalize();
        }
    }
    let _ = extract("see http://example.com/a, <b:c> and \"//d/e\" or Re:https://f/");
    for component in [
        EncodeSet::PathSegment,
        EncodeSet::Query,
        EncodeSet::Fragment,
        EncodeSet::Userinfo,
        EncodeSet::RegName,
    ] {
        let _ = pct::validate("a%2g b", component);
        let _ = pct::encode("a b/ü", component);
    }
    let _ = UriBuilder::new()
        .scheme("http")
        .host("[::1]")
        .port(80)
        .path("/a b")
        .build();
    let _ = UriBuilder::new().scheme("1x").build();
    let template = UriTemplate::parse("/users/{id}{?fields*}").expect("a valid template");
    let _ = template.expand(&[("id", Value::from("42"))]);
    let _ = UriTemplate::parse("{x:10000}");
    assert_eq!(
        peguri::__engines::pest_calls(),
        before,
        "typed parsing ran pest_derive's parser"
    );

    // The counter does count: the reference engine runs pest.
    let _ = peguri::grammar::parse_rule("IPv6address", "::1");
    assert!(peguri::__engines::pest_calls() > before);
}
