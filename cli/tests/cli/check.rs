//! `peguri check`: `dangerous-scheme`, and `--whatwg` with relative
//! references, with and without `--base`.

use crate::common;

use std::process::Output;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 stdout")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 stderr")
}

/// Links that run script are warnings, with the span of what runs.
#[test]
fn dangerous_schemes_are_warnings() {
    let out = common::run_peguri(
        &[
            "check",
            "javascript:alert(1)",
            "data:text/html;base64,PHNjcmlwdD4=",
            "data:image/png;base64,iVBORw0KGgo=",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "javascript:alert(1): warning[dangerous-scheme]\n\
         data:text/html;base64,PHNjcmlwdD4=: warning[dangerous-scheme]\n\
         data:image/png;base64,iVBORw0KGgo=: no findings\n"
    );
    assert!(
        stderr(&out).contains(
            "warning[dangerous-scheme]: a javascript: reference runs its text as JavaScript"
        ),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("  javascript:alert(1)\n  ^^^^^^^^^^\n"));
    assert!(stderr(&out).contains("  data:text/html;base64,PHNjcmlwdD4=\n       ^^^^^^^^^\n"));
    let out = common::run_peguri(&["check", "--json", "vbscript:msgbox(1)"], b"");
    let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let finding = &record["findings"][0];
    assert_eq!(
        (&finding["code"], &finding["severity"], &finding["section"]),
        (
            &serde_json::json!("dangerous-scheme"),
            &serde_json::json!("warning"),
            &serde_json::json!("7")
        )
    );
    assert_eq!((&finding["start"], &finding["end"]), (&0.into(), &8.into()));
}

/// A relative reference has no WHATWG reading without a base: it gets no
/// warning, and one note at the end counts those not compared.
#[test]
fn whatwg_leaves_relative_references_to_a_note() {
    let input = b"a/b\n//h/x\nhttp:///evil.example/\n../c\n";
    let out = common::run_peguri(&["check", "--whatwg"], input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "a/b: no findings\n//h/x: no findings\nhttp:///evil.example/: warning[whatwg-differs]\n\
         ../c: no findings\n"
    );
    let said = stderr(&out);
    assert!(said.ends_with(
        "peguri: 3 relative references were not compared with the WHATWG URL Standard, which \
         reads one only against a base URL (--base URL)\n"
    ));
    assert_eq!(said.matches("relative").count(), 1, "{said}");
    // With --json, the note is all stderr holds; with --quiet, it joins
    // the summary.
    let out = common::run_peguri(&["check", "--whatwg", "--json"], input);
    assert!(stderr(&out).starts_with("peguri: 3 relative references"));
    assert_eq!(stderr(&out).lines().count(), 1);
    let out = common::run_peguri(&["check", "--whatwg", "--quiet"], input);
    assert_eq!(
        stderr(&out),
        "peguri: 1 with a warning, the first at line 3; 3 relative references were not \
         compared with the WHATWG URL Standard, which reads one only against a base URL \
         (--base URL)\n"
    );
    let out = common::run_peguri(&["check", "--whatwg"], b"https://a/\n");
    assert_eq!((out.status.code(), stderr(&out)), (Some(0), String::new()));
}

/// With `--base`, a relative reference is resolved against it and the
/// URL it resolves to is compared; the finding covers the reference and
/// names the URL.
#[test]
fn whatwg_compares_relative_references_against_the_base() {
    let out = common::run_peguri(
        &["check", "--whatwg", "--base", "https://example.com/docs/"],
        b"a/b\n//h:65536/x\n//h:443/\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "a/b: no findings\n//h:65536/x: warning[port-out-of-range], warning[whatwg-differs]\n\
         //h:443/: no findings\n"
    );
    let said = stderr(&out);
    assert!(
        said.contains(
            "warning[whatwg-differs]: against the base, this reference is \
             \"https://h:65536/x\", and the WHATWG URL Standard rejects this reference"
        ),
        "{said}"
    );
    assert!(said.contains("\n  //h:65536/x\n  ^^^^^^^^^^^\n"), "{said}");
    assert!(!said.contains("not compared"), "{said}");
    // The base must be an absolute URI, and goes with --whatwg.
    for args in [
        &["check", "--whatwg", "--base", "docs/", "a"][..],
        &["check", "--whatwg", "--base", "http://a b/", "a"],
        &["check", "--base", "http://a/", "a"],
    ] {
        let out = common::run_peguri(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("--base"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}
