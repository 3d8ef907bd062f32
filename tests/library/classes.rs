//! The benchmark input classes (`benches/support/classes.rs`) are what their
//! docs say: the sizes, the shapes they cover, short inputs short, and the
//! same inputs on every build. The builders themselves check that peguri
//! and its peers accept (or reject) every input.

use crate::support;

use std::collections::HashSet;
use std::sync::OnceLock;

use peguri::{Host, UriRef};
use support::classes::{self, Class, Kind};

fn corpus() -> &'static [String] {
    static CORPUS: OnceLock<Vec<String>> = OnceLock::new();
    CORPUS.get_or_init(|| support::corpus().0)
}

/// The class called `name`, built once; the tests build theirs in parallel.
fn class(name: &str) -> &'static Class {
    static CLASSES: [OnceLock<Class>; 8] = [const { OnceLock::new() }; 8];
    let i = classes::NAMES
        .iter()
        .position(|&n| n == name)
        .unwrap_or_else(|| panic!("no class {name}"));
    CLASSES[i].get_or_init(|| classes::build(name, corpus()).expect("a class of NAMES builds"))
}

#[test]
fn every_class_builds() {
    assert_eq!(classes::NAMES.len(), 8);
    for &name in classes::NAMES {
        let c = class(name);
        assert_eq!(c.name, name);
        assert!(!c.inputs.is_empty(), "{name} is empty");
    }
    assert!(classes::build("nothing", corpus()).is_none());
}

#[test]
fn sizes() {
    assert_eq!(class("generated").inputs.len(), classes::GENERATED);
    assert_eq!(class("ipv6").inputs.len(), classes::IPV6);
    assert_eq!(class("pct").inputs.len(), classes::PCT);
    assert_eq!(class("short").inputs.len(), classes::SHORT);
    // Kept and dropped add up to the candidates (the corpus half needs the
    // corpus or the generated stand-in, which is never empty).
    let invalid = class("invalid");
    assert_eq!(
        invalid.inputs.len() + invalid.dropped.len(),
        classes::INVALID_FIXED.len() + 2 * classes::INVALID_GENERATED
    );
    let iri = class("iri");
    assert_eq!(
        iri.inputs.len() + iri.dropped.len(),
        2 * classes::IRI_GENERATED
    );
}

#[test]
fn the_builds_are_deterministic() {
    assert_eq!(classes::ipv6().inputs, class("ipv6").inputs);
    assert_eq!(classes::short().inputs, class("short").inputs);
}

#[test]
fn short_inputs_are_short_and_distinct() {
    let short = &class("short").inputs;
    assert!(short.iter().all(|s| s.len() <= classes::SHORT_MAX));
    assert_eq!(short.iter().collect::<HashSet<_>>().len(), short.len());
    for s in [
        "",
        "a",
        "/x",
        "?q",
        "#f",
        "http://a",
        "../g",
        "mailto:a@b",
        "g;x=1",
        "//h",
        "a:b",
    ] {
        assert!(short.iter().any(|t| t == s), "{s:?} is missing");
    }
}

/// The path production a parsed reference's path matches (RFC 3986 3.3).
fn path_kind(u: &UriRef<'_>) -> &'static str {
    let path = u.path();
    if u.authority().is_some() {
        "path-abempty"
    } else if path.starts_with('/') {
        "path-absolute"
    } else if path.is_empty() {
        "path-empty"
    } else if u.scheme().is_some() {
        "path-rootless"
    } else {
        "path-noscheme"
    }
}

#[test]
fn generated_covers_the_productions() {
    let mut seen = HashSet::new();
    for s in &class("generated").inputs {
        let u = UriRef::parse(s).expect("generated inputs parse");
        seen.insert(u.rule());
        seen.insert(path_kind(&u));
        if let Some(a) = u.authority() {
            seen.insert("authority");
            seen.insert(match a.host() {
                Host::RegName("") => "empty reg-name",
                Host::RegName(_) => "reg-name",
                Host::Ipv4 { .. } => "IPv4",
                Host::Ipv6 { .. } => "IPv6",
                _ => "IPvFuture",
            });
            if a.userinfo().is_some() {
                seen.insert("userinfo");
            }
            match a.port() {
                Some("") => seen.insert("empty port"),
                Some(_) => seen.insert("port"),
                None => false,
            };
        }
        if u.query().is_some() {
            seen.insert("query");
        }
        if u.fragment().is_some() {
            seen.insert("fragment");
        }
        if s.contains('%') {
            seen.insert("pct-encoded");
        }
        if u.segments().any(|seg| seg == "." || seg == "..") {
            seen.insert("dot segment");
        }
        if s.is_empty() {
            seen.insert("empty reference");
        }
    }
    for want in [
        "URI",
        "relative-ref",
        "path-abempty",
        "path-absolute",
        "path-empty",
        "path-rootless",
        "path-noscheme",
        "authority",
        "reg-name",
        "empty reg-name",
        "IPv4",
        "IPv6",
        "userinfo",
        "port",
        "empty port",
        "query",
        "fragment",
        "pct-encoded",
        "dot segment",
        "empty reference",
    ] {
        assert!(seen.contains(want), "no generated input has {want}");
    }
}

#[test]
fn ipv6_hosts_are_ip_literals_of_every_form() {
    let hosts: Vec<String> = class("ipv6")
        .inputs
        .iter()
        .map(|s| {
            let u = UriRef::parse(s).expect("ipv6 inputs parse");
            u.authority().expect("an authority").host_str().to_owned()
        })
        .collect();
    assert!(hosts.iter().all(|h| h.starts_with('[') && h.ends_with(']')));
    let has = |f: &dyn Fn(&str) -> bool| hosts.iter().any(|h| f(&h[1..h.len() - 1]));
    assert!(has(&|h| h == "::"));
    assert!(has(&|h| h == "::1"));
    assert!(has(&|h| h.starts_with("::ffff:") && h.contains('.')));
    assert!(has(&|h| h.starts_with("::") && h.len() > 3));
    assert!(has(&|h| h.ends_with("::") && h.len() > 3));
    assert!(has(&|h| !h.starts_with(':')
        && !h.ends_with(':')
        && h.contains("::")));
    assert!(has(&|h| h.split(':').count() == 8 && !h.contains("::")));
    assert!(has(&|h| h.starts_with(['v', 'V'])));
    assert!(has(
        &|h| h.bytes().any(|b| b.is_ascii_uppercase()) && h.bytes().any(|b| b.is_ascii_lowercase())
    ));
}

#[test]
fn invalid_inputs_are_rejected_by_everyone() {
    let invalid = class("invalid");
    assert_eq!(invalid.kind, Kind::Invalid);
    // The builder dropped the candidates someone accepts; check a sample.
    for s in invalid.inputs.iter().step_by(97) {
        assert!(UriRef::parse(s).is_err(), "{s:?}");
        assert!(fluent_uri::UriRef::parse(s.as_str()).is_err(), "{s:?}");
    }
    for s in classes::INVALID_FIXED {
        assert!(invalid.inputs.iter().any(|t| t == s), "{s:?} is missing");
    }
    for s in ["[1:12345::]", "[1::2::3]", "[1:2:3]", ":8a", "1http://"] {
        let n = invalid.inputs.iter().filter(|t| t.contains(s)).count();
        assert!(n > 10, "{n} inputs like {s:?}");
    }
}

#[test]
fn iris_have_non_ascii_in_every_component() {
    let iri = class("iri");
    assert_eq!(iri.kind, Kind::IriRef);
    let mut seen = HashSet::new();
    for s in &iri.inputs {
        let u = peguri::IriRef::parse(s).expect("iri inputs parse");
        if u.authority().is_some_and(|a| !a.host_str().is_ascii()) {
            seen.insert("host");
        }
        if !u.path().is_ascii() {
            seen.insert("path");
        }
        if u.query().is_some_and(|q| !q.is_ascii()) {
            seen.insert("query");
        }
        if u.fragment().is_some_and(|f| !f.is_ascii()) {
            seen.insert("fragment");
        }
        for c in s.chars() {
            seen.insert(match c {
                '\u{370}'..='\u{3ff}' => "Greek",
                '\u{400}'..='\u{4ff}' => "Cyrillic",
                '\u{600}'..='\u{6ff}' => "Arabic",
                '\u{4e00}'..='\u{9fff}' => "CJK",
                '\u{1f300}'..='\u{1faff}' => "emoji",
                '\u{c0}'..='\u{17f}' => "Latin",
                _ => continue,
            });
        }
    }
    for want in [
        "host", "path", "query", "fragment", "Greek", "Cyrillic", "Arabic", "CJK", "emoji", "Latin",
    ] {
        assert!(seen.contains(want), "no IRI has {want}");
    }
}

#[test]
fn the_long_invalid_input_fails_near_its_end() {
    for size in [1_000, 10_000] {
        let input = classes::long_invalid_uri(size);
        assert_eq!(input.len(), size);
        let err = UriRef::parse(&input).expect_err("a space near the end");
        assert_eq!(err.offset(), size - 8);
        let err = fluent_uri::UriRef::parse(input.as_str()).expect_err("a space");
        assert_eq!(err.index(), size - 8);
    }
}
