//! The fields of `parse --fields` that combine: the error's `kind` and
//! `component`, `public_suffix` and `registrable_domain` with or without
//! `--psl`, `query_param:KEY`, in JSON and in TSV.

use crate::common;

use std::process::Output;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 stdout")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 stderr")
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

/// `query_param:KEY` reads a query as SQL's `uri_query_param` and
/// Python's `query_param` do (the cases of the Arrow kernel's example):
/// the first value of a repeated key, `""` for a key without `=`, null
/// when absent, when there is no query and for an invalid input;
/// percent-decoded, `+` kept.
#[test]
fn query_param_reads_the_first_value_of_a_key() {
    let inputs = [
        "http://h/?utm_source=mail&id=7",
        "http://h/?id=1&id=2",
        "http://h/?id",
        "http://h/",
        "a b?id=3",
        "http://h/?i%64=caf%C3%A9+x&id=no",
        "http://h/?ids=1&id=",
    ];
    let mut args = vec!["parse", "--fields", "query_param:id,query_param:utm_source"];
    args.extend(inputs);
    let out = common::run_peguri(&args, b"");
    assert_eq!(out.status.code(), Some(1));
    let ids: Vec<serde_json::Value> = json_lines(&out)
        .iter()
        .map(|o| o["query_param:id"].clone())
        .collect();
    assert_eq!(
        ids,
        serde_json::json!(["7", "1", "", null, null, "café+x", ""])
            .as_array()
            .unwrap()
            .clone()
    );
    assert_eq!(json_lines(&out)[0]["query_param:utm_source"], "mail");
    // TSV: the same values, null as \N, the column named as the field.
    args.splice(1..1, ["--format", "tsv", "--header"]);
    let out = common::run_peguri(&args, b"");
    assert_eq!(
        stdout(&out),
        "query_param:id\tquery_param:utm_source\n7\tmail\n1\t\\N\n\t\\N\n\\N\t\\N\n\\N\t\\N\n\
         café+x\t\\N\n\t\\N\n"
    );
    // A key is needed; a field named twice is refused.
    let out = common::run_peguri(&["parse", "--fields", "query_param:", "a:b"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("query_param needs a key: query_param:KEY"));
    let out = common::run_peguri(
        &["parse", "--fields", "query_param:a,query_param:a", "a:b"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(r#"--fields names "query_param:a" twice"#));
}

/// The sites of hosts, as fields, without `--psl` (the list built in) and
/// with it (its options apply); in TSV as in JSON.
#[test]
fn site_fields_combine_with_tsv_with_or_without_psl() {
    let inputs = [
        "https://www.example.co.uk/",
        "https://me.github.io/",
        "http://192.0.2.1/",
        "mailto:a@b",
        "a b",
    ];
    let mut args = vec![
        "parse",
        "--format",
        "tsv",
        "--fields",
        "host,registrable_domain,public_suffix",
    ];
    args.extend(inputs);
    let out = common::run_peguri(&args, b"");
    assert_eq!(
        stdout(&out),
        "www.example.co.uk\texample.co.uk\tco.uk\nme.github.io\tme.github.io\tgithub.io\n\
         192.0.2.1\t\\N\t\\N\n\\N\t\\N\t\\N\n\\N\t\\N\t\\N\n"
    );
    // Counting sites needs no jq.
    let out = common::run_peguri(
        &["parse", "--format", "tsv", "--fields", "registrable_domain"],
        b"https://a.example.com/x\nhttps://b.example.com/y\n",
    );
    assert_eq!(stdout(&out), "example.com\nexample.com\n");
    // --psl adds both columns last, to the default columns or to those
    // named, unless named; --psl-icann-only applies to the fields too.
    let out = common::run_peguri(
        &[
            "parse",
            "--psl",
            "--format",
            "tsv",
            "--header",
            "https://me.github.io/",
        ],
        b"",
    );
    let lines: Vec<String> = stdout(&out).lines().map(str::to_owned).collect();
    assert!(lines[0].ends_with("\trule\terror\tpublic_suffix\tregistrable_domain"));
    assert!(lines[1].ends_with("\tURI\t\\N\tgithub.io\tme.github.io"));
    let out = common::run_peguri(
        &[
            "parse",
            "--psl",
            "--psl-icann-only",
            "--format",
            "tsv",
            "--header",
            "--fields",
            "registrable_domain,host",
            "https://me.github.io/",
        ],
        b"",
    );
    assert_eq!(
        stdout(&out),
        "registrable_domain\thost\tpublic_suffix\ngithub.io\tme.github.io\tio\n"
    );
    // JSON: a named site field where it is named, --psl's others last.
    let out = common::run_peguri(
        &[
            "parse",
            "--psl",
            "--fields",
            "registrable_domain,host",
            "https://me.github.io/",
        ],
        b"",
    );
    assert_eq!(
        stdout(&out),
        "{\"registrable_domain\":\"me.github.io\",\"host\":\"me.github.io\",\"public_suffix\":\"github.io\"}\n"
    );
    let out = common::run_peguri(
        &["parse", "--fields", "public_suffix", "http://h.co.uk/"],
        b"",
    );
    assert_eq!(stdout(&out), "{\"public_suffix\":\"co.uk\"}\n");
}

/// The error's `kind` and `component` are fields, in JSON as in TSV,
/// with the names the whole record's `error` object has.
#[test]
fn kind_and_component_are_fields() {
    let out = common::run_peguri(
        &[
            "parse",
            "--fields",
            "input,kind,component,offset",
            "http://h/",
            "http://2001:db8::1/",
            "%zz",
        ],
        b"",
    );
    assert_eq!(
        json_lines(&out),
        serde_json::json!([
            {"input": "http://h/", "kind": null, "component": null, "offset": null},
            {"input": "http://2001:db8::1/", "kind": "invalid_char", "component": "port", "offset": 12},
            {"input": "%zz", "kind": "invalid_percent_encoding", "component": "path", "offset": 1},
        ])
        .as_array()
        .unwrap()
        .clone()
    );
    let whole = common::run_peguri(&["parse", "%zz"], b"");
    let whole = &json_lines(&whole)[0]["error"];
    assert_eq!(
        (&whole["kind"], &whole["component"]),
        (
            &serde_json::json!("invalid_percent_encoding"),
            &serde_json::json!("path")
        )
    );
    let out = common::run_peguri(
        &[
            "parse",
            "--format",
            "tsv",
            "--fields",
            "kind,component",
            "//[1::2::3]",
            "a:b",
        ],
        b"",
    );
    assert_eq!(stdout(&out), "invalid_ipv6_address\thost\n\\N\t\\N\n");
}

/// TSV cells escape tabs, line breaks, backslashes and control
/// characters (C0, DEL and C1) as PostgreSQL reads them back, and leave
/// other text as it is.
#[test]
fn tsv_cells_escape_what_would_break_a_row() {
    let out = common::run_peguri(
        &["parse", "--format", "tsv", "--fields", "input,error"],
        "a\tb\\c\u{1b}[m\u{7f}\u{9b}é\n".as_bytes(),
    );
    assert_eq!(
        stdout(&out),
        "a\\tb\\\\c\\x1B[m\\x7F\\xC2\\x9Bé\tinvalid character '\\\\t' in path\n"
    );
}
