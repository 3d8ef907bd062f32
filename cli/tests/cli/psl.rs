//! `parse --psl`: the host's public suffix and registrable domain on each
//! line, by the built-in list, its ICANN section alone, or a list file
//! loaded at run time; and the errors for a file that cannot be read or
//! is no list.

use std::path::PathBuf;
use std::process::Output;

use serde_json::{Value, json};

use crate::common::run_peguri;

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

fn json_lines(out: &Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect()
}

/// `(public_suffix, registrable_domain)` of each line.
fn sites(out: &Output) -> Vec<(Value, Value)> {
    json_lines(out)
        .into_iter()
        .map(|line| {
            (
                line["public_suffix"].clone(),
                line["registrable_domain"].clone(),
            )
        })
        .collect()
}

/// A file in the temporary directory holding `text`, named after the test.
fn list_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("peguri-psl-{}-{name}.dat", std::process::id()));
    std::fs::write(&path, text).expect("the list file is written");
    path
}

#[test]
fn parse_psl_adds_public_suffix_and_registrable_domain_to_each_line() {
    let cases = [
        (
            "https://www.example.co.uk/a",
            json!("co.uk"),
            json!("example.co.uk"),
        ),
        (
            "https://shop.example.co.uk/",
            json!("co.uk"),
            json!("example.co.uk"),
        ),
        (
            "HTTP://WWW.Example.COM/",
            json!("com"),
            json!("example.com"),
        ),
        // The private section is in by default.
        (
            "https://me.github.io/",
            json!("github.io"),
            json!("me.github.io"),
        ),
        // No rule: the last label (the default rule `*`).
        (
            "http://printer.internal-name/",
            json!("internal-name"),
            json!("printer.internal-name"),
        ),
        // A-labels match the list's U-labels and stay A-labels.
        (
            "http://www.xn--85x722f.xn--55qx5d.cn/",
            json!("xn--55qx5d.cn"),
            json!("xn--85x722f.xn--55qx5d.cn"),
        ),
        (
            "http://www.b%C3%BCcher.de/",
            json!("de"),
            json!("bücher.de"),
        ),
        // A host that is itself a public suffix has no registrable domain.
        ("http://co.uk/", json!("co.uk"), Value::Null),
        ("http://.example.com/", Value::Null, Value::Null),
        ("http://192.0.2.1:8080/", Value::Null, Value::Null),
        ("http://[2001:db8::1]/", Value::Null, Value::Null),
        ("mailto:joe@example.com", Value::Null, Value::Null),
        ("/relative/path", Value::Null, Value::Null),
        // Invalid input: null, as "scheme_syntax" is.
        ("http://www.example.com/a b", Value::Null, Value::Null),
    ];
    let mut args = vec!["parse", "--psl"];
    args.extend(cases.iter().map(|c| c.0));
    let out = run_peguri(&args, b"");
    // One input is invalid: the exit code is RFC 3986's.
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), cases.len());
    for ((line, raw), (input, suffix, domain)) in lines.iter().zip(text.lines()).zip(&cases) {
        assert_eq!(line["input"], *input);
        assert_eq!(line["public_suffix"], *suffix, "{input}");
        assert_eq!(line["registrable_domain"], *domain, "{input}");
        // The two members come last, in this order.
        let end = format!(",\"public_suffix\":{suffix},\"registrable_domain\":{domain}}}");
        assert!(raw.ends_with(&end), "{raw}");
    }
    assert_eq!(lines.last().unwrap()["valid"], false);
}

#[test]
fn parse_psl_reads_stdin_and_keeps_the_rest_of_each_line() {
    let input = b"https://www.example.co.uk/p?q#f\nnot a uri\n";
    let plain = json_lines(&run_peguri(&["parse"], input));
    let out = run_peguri(&["parse", "--psl"], input);
    let with_psl = json_lines(&out);
    assert_eq!(with_psl.len(), 2);
    for (mut line, plain) in with_psl.into_iter().zip(plain) {
        let object = line.as_object_mut().unwrap();
        assert!(object.remove("public_suffix").is_some());
        assert!(object.remove("registrable_domain").is_some());
        assert_eq!(line, plain);
    }
    // Without --psl, no line has the members.
    let out = run_peguri(&["parse"], input);
    assert!(!stdout(&out).contains("public_suffix"));
}

#[test]
fn parse_psl_goes_with_fields_pretty_scheme_syntax_and_iri() {
    let out = run_peguri(
        &[
            "parse",
            "--psl",
            "--fields",
            "host",
            "https://a.b.example.co.uk/",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        json_lines(&out),
        [
            json!({"host": "a.b.example.co.uk", "public_suffix": "co.uk",
                "registrable_domain": "example.co.uk"})
        ]
    );

    let out = run_peguri(
        &[
            "parse",
            "--psl",
            "--pretty",
            "--scheme-syntax",
            "http://WWW.Example.COM/",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.ends_with(
            "  \"public_suffix\": \"com\",\n  \"registrable_domain\": \"example.com\"\n}\n"
        ),
        "{text}"
    );
    let syntax = text
        .find("\"scheme_syntax\"")
        .expect("scheme_syntax is there");
    assert!(syntax < text.find("\"public_suffix\"").unwrap(), "{text}");
    let object: Value = serde_json::from_str(&text).expect("one JSON object");
    assert_eq!(object["scheme_syntax"]["valid"], true);

    // An IRI's U-labels give U-labels.
    let out = run_peguri(
        &["parse", "--psl", "--iri", "http://www.食狮.公司.cn/"],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(sites(&out), [(json!("公司.cn"), json!("食狮.公司.cn"))]);
}

#[test]
fn parse_psl_icann_only_leaves_the_private_section_out() {
    let inputs = [
        "https://me.github.io/",
        "https://foo.blogspot.com/",
        "https://www.example.co.uk/",
    ];
    let mut args = vec!["parse", "--psl", "--psl-icann-only"];
    args.extend(inputs);
    let out = run_peguri(&args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        sites(&out),
        [
            (json!("io"), json!("github.io")),
            (json!("com"), json!("blogspot.com")),
            (json!("co.uk"), json!("example.co.uk")),
        ]
    );
}

#[test]
fn parse_psl_file_applies_the_rules_of_a_list_loaded_at_run_time() {
    // A list whose rules differ from the built-in one's: `example` and a
    // wildcard under it with an exception, and a private rule.
    let path = list_file(
        "rules",
        "// ===BEGIN ICANN DOMAINS===\n\
         example\n\
         *.example\n\
         !www.example\n\
         // ===END ICANN DOMAINS===\n\
         // ===BEGIN PRIVATE DOMAINS===\n\
         hosting.example.org\n\
         // ===END PRIVATE DOMAINS===\n",
    );
    let file = path.to_str().unwrap();
    let inputs = [
        "http://a.b.c.example/",
        "http://a.www.example/",
        "http://me.hosting.example.org/",
        "http://www.example.co.uk/",
    ];
    let mut args = vec!["parse", "--psl", "--psl-file", file];
    args.extend(inputs);
    let out = run_peguri(&args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        sites(&out),
        [
            (json!("c.example"), json!("b.c.example")),
            (json!("example"), json!("www.example")),
            (
                json!("hosting.example.org"),
                json!("me.hosting.example.org")
            ),
            // `co.uk` is no rule of this list: the default rule `*`.
            (json!("uk"), json!("co.uk")),
        ]
    );
    // With its ICANN section alone.
    let out = run_peguri(
        &[
            "parse",
            "--psl",
            "--psl-icann-only",
            "--psl-file",
            file,
            inputs[2],
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(sites(&out), [(json!("org"), json!("example.org"))]);
    std::fs::remove_file(path).unwrap();
}

#[test]
fn parse_psl_file_that_cannot_be_read_is_a_usage_error_naming_it() {
    let missing =
        std::env::temp_dir().join(format!("peguri-psl-{}-missing.dat", std::process::id()));
    let missing = missing.to_str().unwrap();
    let out = run_peguri(&["parse", "--psl", "--psl-file", missing, "http://h/"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let message = stderr(&out);
    assert!(
        message.starts_with(&format!(
            "peguri: cannot read public suffix list \"{missing}\": "
        )),
        "{message}"
    );

    // Not UTF-8.
    let path = list_file("binary", "");
    std::fs::write(&path, b"// ===BEGIN ICANN DOMAINS===\ncom\n\xFF\n").unwrap();
    let file = path.to_str().unwrap();
    let out = run_peguri(&["parse", "--psl", "--psl-file", file, "http://h/"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        stderr(&out).starts_with(&format!(
            "peguri: cannot read public suffix list \"{file}\": "
        )),
        "{}",
        stderr(&out)
    );
    std::fs::remove_file(path).unwrap();
}

#[test]
fn parse_psl_file_that_is_no_list_is_a_usage_error_naming_the_line() {
    let cases = [
        (
            "empty-label",
            "// ===BEGIN ICANN DOMAINS===\ncom\na..com\n",
            "line 3 of the list: the rule \"a..com\" has an empty label",
        ),
        (
            "exception",
            "// ===BEGIN ICANN DOMAINS===\nuk\n!uk\n",
            "line 3 of the list: the exception rule \"!uk\"",
        ),
        (
            "no-section",
            "com\nuk\n",
            "the list has no rule in a section",
        ),
    ];
    for (name, text, expected) in cases {
        let path = list_file(name, text);
        let file = path.to_str().unwrap();
        let out = run_peguri(&["parse", "--psl", "--psl-file", file, "http://h/"], b"");
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(out.stdout.is_empty(), "{name}");
        let message = stderr(&out);
        let prefix = format!("peguri: public suffix list \"{file}\": ");
        assert!(message.starts_with(&prefix), "{name}: {message}");
        assert!(
            message[prefix.len()..].starts_with(expected),
            "{name}: {message}"
        );
        assert_eq!(message.lines().count(), 1, "{name}: {message}");
        std::fs::remove_file(path).unwrap();
    }
}

#[test]
fn parse_psl_flags_that_do_not_fit_are_usage_errors() {
    for args in [
        &["parse", "--psl-file", "list.dat", "http://h/"][..],
        &["parse", "--psl-icann-only", "http://h/"],
        &["parse", "--psl", "--rule", "host", "example.com"],
    ] {
        let out = run_peguri(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(stderr(&out).contains("--psl"), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn version_names_the_built_in_list() {
    let long = stdout(&run_peguri(&["--version"], b""));
    let list = peguri::PublicSuffixList::built_in_version();
    assert_eq!(
        long,
        format!(
            "peguri {} (Public Suffix List {list})\n",
            env!("CARGO_PKG_VERSION")
        )
    );
    let short = stdout(&run_peguri(&["-V"], b""));
    assert_eq!(short, format!("peguri {}\n", env!("CARGO_PKG_VERSION")));
}
