//! A program over the library built from an edited `uri.pest`, which
//! `tests/library/grammar_edit.rs` builds and runs: the edit widens
//! `pchar` (and the rules `build.rs` requires to follow it) with `' '`
//! and `'{'`, and drops `path_empty` from `hier_part`, so that `s:` is no
//! longer a URI though every component of it is valid: the grammar's
//! rules no longer fit together as the builder assumes.
//!
//! It calls the builder, the setters, normalization, resolution, the
//! percent-encoding functions and the conversions on many inputs, each
//! call under `catch_unwind`, and checks what the edit should change.
//! It prints every panic and every unexpected answer, and exits with 1 if
//! there was any.

use std::panic::{AssertUnwindSafe, catch_unwind};

use peguri::pct::{self, EncodeSet};
use peguri::{Component, Iri, IriBuf, IriRef, Resolver, Uri, UriBuf, UriBuilder, UriRef, UriRefBuf};
use peguri::error::BuildErrorKind;

/// The panics and the wrong answers seen so far.
#[derive(Default)]
struct Report {
    calls: usize,
    problems: Vec<String>,
}

impl Report {
    /// Runs `call` (named `what`), recording a panic.
    fn run(&mut self, what: &str, call: impl FnOnce()) {
        self.calls += 1;
        if catch_unwind(AssertUnwindSafe(call)).is_err() {
            self.problems.push(format!("panicked: {what}"));
        }
    }

    /// Records a wrong answer unless `ok`.
    fn expect(&mut self, what: &str, ok: bool, got: impl std::fmt::Debug) {
        self.calls += 1;
        if !ok {
            self.problems.push(format!("unexpected: {what}: got {got:?}"));
        }
    }
}

const INPUTS: &[&str] = &[
    "",
    "s:",
    "s:a",
    "s:a b",
    "s:/a b/{c}/../d",
    "s://h",
    "s://h/a b",
    "http://u@H.example:80/a b/./c/../{d}?q r#f{",
    "http://1.2.3.4x/",
    "http://[::1]:8/",
    "http://[v1.x]/",
    "a b",
    "a:b c",
    "./a:b",
    "//h/p q",
    "?q",
    "#f",
    ".",
    "..",
    "/..//x",
    "http://h/%7e%41%20",
    "http://bücher.example/ä ö",
];

const TEXTS: &[&str] = &[
    "", "a", "a b", "{", "a:b", "a/b", "/a b", "//x", ".", "..", "%", "%2", "%20", "[::1]",
    "1.2.3.4", "1.2.3.4{", "u:p@h:1", "ä", "?", "#", "@", ":",
];

fn parses(report: &mut Report) {
    for &input in INPUTS {
        report.run(&format!("parse {input:?}"), || {
            let _ = UriRef::parse(input).map(|r| (r.scheme(), r.path(), r.authority().map(|a| a.host())));
            let _ = Uri::parse(input);
            let _ = IriRef::parse(input);
            let _ = Iri::parse(input).map(|i| i.to_uri());
            let _ = UriRefBuf::parse(input).map(|r| r.normalize());
            let _ = UriRefBuf::from_path(input);
        });
    }
}

fn resolution(report: &mut Report) {
    let bases: Vec<UriBuf> = ["s:a", "s:/a/b", "http://h/a/b", "http://h", "s://h/{x}/y z"]
        .iter()
        .filter_map(|&b| UriBuf::parse(b).ok())
        .collect();
    for base in &bases {
        for &input in INPUTS {
            let Ok(reference) = UriRef::parse(input) else {
                continue;
            };
            report.run(&format!("resolve {input:?} against {base}"), || {
                let _ = reference.resolve_against(base);
                let _ = Resolver::new().resolve(base, &reference);
                let _ = Resolver::new().non_strict(true).resolve(base, &reference);
                let _ = reference.is_same_document(base);
                if let Ok(target) = Uri::try_from(reference) {
                    let _ = base.make_relative(&target);
                }
            });
        }
    }
}

fn builder(report: &mut Report) {
    for &text in TEXTS {
        report.run(&format!("build with {text:?}"), || {
            let _ = UriBuilder::new().scheme(text).build();
            let _ = UriBuilder::new().authority(text).build();
            let _ = UriBuilder::new().host(text).userinfo(text).port_str(text).build();
            let _ = UriBuilder::new().host_unencoded(text).build();
            let _ = UriBuilder::new().userinfo_unencoded(text).host("h").build();
            let _ = UriBuilder::new().path(text).build();
            let _ = UriBuilder::new().scheme("s").path(text).build_uri();
            let _ = UriBuilder::new().scheme("s").host("h").path(text).build();
            let _ = UriBuilder::new().path_unencoded(text).build();
            let _ = UriBuilder::new().push_segment(text).build();
            let _ = UriBuilder::new().query(text).fragment(text).build();
            let _ = UriBuilder::new().query_unencoded(text).fragment_unencoded(text).build();
            let _ = UriBuilder::new().append_pair(text, text).build();
        });
    }
}

fn setters(report: &mut Report) {
    for &input in INPUTS {
        let Ok(start) = UriRefBuf::parse(input) else {
            continue;
        };
        for &text in TEXTS {
            report.run(&format!("setters on {input:?} with {text:?}"), || {
                let mut r = start.clone();
                let _ = r.set_scheme(Some(text));
                let _ = r.set_scheme(None);
                let _ = r.set_authority(Some(text));
                let _ = r.set_userinfo(Some(text));
                let _ = r.set_userinfo_unencoded(text);
                let _ = r.set_host(text);
                let _ = r.set_host_unencoded(text);
                let _ = r.set_port_str(Some(text));
                let _ = r.set_path(text);
                let _ = r.set_path_unencoded(text);
                let _ = r.push_segment(text);
                let _ = r.set_query(Some(text));
                r.set_query_unencoded(text);
                let _ = r.set_fragment(Some(text));
                r.set_fragment_unencoded(text);
                r.edit_query().append(text, text).set(text, "v").remove(text);
                let _ = r.set_authority(None);
                let _ = r.normalize();
                if let Ok(mut iri) = IriBuf::parse("http://h/ä") {
                    let _ = iri.set_path(text);
                    let _ = iri.set_host(text);
                    let _ = iri.set_query(Some(text));
                }
            });
        }
    }
}

fn percent_encoding(report: &mut Report) {
    for &text in TEXTS {
        report.run(&format!("pct on {text:?}"), || {
            for set in [
                EncodeSet::PathSegment,
                EncodeSet::Query,
                EncodeSet::Fragment,
                EncodeSet::Userinfo,
                EncodeSet::RegName,
            ] {
                let encoded = pct::encode(text, set);
                let _ = pct::validate(&encoded, set);
                let _ = pct::validate(text, set);
            }
            let _ = pct::decode_utf8(text);
            let _ = pct::normalize_triplets(text);
        });
    }
}

fn file_paths(report: &mut Report) {
    for path in ["/a b/{c}", "/tmp/x", "/", "//srv/share"] {
        report.run(&format!("file path {path:?}"), || {
            if let Ok(uri) = UriBuf::from_file_path(path) {
                let _ = uri.to_file_path();
            }
            let _ = UriBuf::from_windows_path(path);
        });
    }
}

/// What the edit changes, checked: the widened characters are accepted
/// everywhere `pchar` is, and the builder and the setters report the
/// disagreement on `s:` as an error.
fn expectations(report: &mut Report) {
    let spaced = UriRef::parse("http://h/a b{").map(|r| r.path().to_owned());
    report.expect("a path with ' ' and '{' parses", spaced.as_deref() == Ok("/a b{"), &spaced);
    let encoded = pct::encode("a b{", EncodeSet::PathSegment);
    report.expect("' ' and '{' stay unencoded in a segment", encoded == "a b{", &encoded);
    let built = UriBuilder::new().path("a b").build().map(|r| r.to_string());
    report.expect("the builder takes 'a b' as a relative path", built.as_deref() == Ok("a b"), &built);
    let normal = UriRef::parse("HTTP://H/a b/../{c").map(|r| r.normalize().to_string());
    report.expect(
        "normalization keeps the new characters",
        normal.as_deref() == Ok("http://h/{c"),
        &normal,
    );
    let base = UriBuf::parse("http://h/x/y").expect("a URI");
    let resolved = UriRef::parse("a b").map(|r| r.resolve_against(&base).to_string());
    report.expect(
        "resolution keeps the new characters",
        resolved.as_deref() == Ok("http://h/x/a b"),
        &resolved,
    );
    report.expect("`s:` is no longer a URI", Uri::parse("s:").is_err(), Uri::parse("s:"));
    let err = UriBuilder::new().scheme("s").build().map(|r| r.to_string());
    report.expect(
        "building `s:` is a disagreement on the path",
        err.as_ref().is_err_and(|e| {
            e.component() == Component::Path
                && e.kind() == BuildErrorKind::GrammarDisagreement { rule: "segment" }
        }),
        &err,
    );
    let mut uri = UriBuf::parse("s:/a").expect("a URI");
    let set = uri.set_path("");
    report.expect(
        "setting an empty path on `s:/a` is refused, the URI unchanged",
        set.is_err_and(|e| matches!(e.kind(), BuildErrorKind::GrammarDisagreement { .. }))
            && uri == "s:/a",
        (&uri, set),
    );
}

fn main() {
    let mut report = Report::default();
    // The panics are counted, not printed as they happen.
    std::panic::set_hook(Box::new(|_| {}));
    parses(&mut report);
    resolution(&mut report);
    builder(&mut report);
    setters(&mut report);
    percent_encoding(&mut report);
    file_paths(&mut report);
    expectations(&mut report);
    println!("{} calls, {} problems", report.calls, report.problems.len());
    for problem in &report.problems {
        println!("{problem}");
    }
    std::process::exit(i32::from(!report.problems.is_empty()));
}
