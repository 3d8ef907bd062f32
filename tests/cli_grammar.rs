//! The CLI beyond the JSON contract: bulk options (`--stats`, filters,
//! `--fields`, TSV, `--pretty`) and grammar experimentation (`rules`, `tree`,
//! `parse --rule`, `--grammar`).

mod common;

use std::path::PathBuf;
use std::process::Output;

fn run(args: &[&str], stdin: &[u8]) -> Output {
    common::run_peguri(args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A copy of uri.pest with one rule changed, in a fresh temporary file.
fn edited_grammar(name: &str, from: &str, to: &str) -> PathBuf {
    let grammar = peguri::grammar::GRAMMAR;
    assert!(
        grammar.contains(from),
        "uri.pest no longer contains {from:?}"
    );
    let path = std::env::temp_dir().join(format!("peguri-test-{}-{name}.pest", std::process::id()));
    std::fs::write(&path, grammar.replace(from, to)).unwrap();
    path
}

#[test]
fn tree_prints_rules_spans_and_text() {
    let out = run(&["tree", "http://u@h:1/p?q"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        r#"URI_reference 0..16 "http://u@h:1/p?q"
  URI 0..16 "http://u@h:1/p?q"
    scheme 0..4 "http"
    hier_part 5..14 "//u@h:1/p"
      authority 7..12 "u@h:1"
        userinfo 7..8 "u"
        host 9..10 "h"
          reg_name 9..10 "h"
        port 11..12 "1"
      path_abempty 12..14 "/p"
    query 15..16 "q"
"#
    );
}

#[test]
fn tree_json_and_rule() {
    let out = run(
        &[
            "tree",
            "--rule",
            "IPv4address",
            "--format",
            "json",
            "10.0.0.1",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout).trim_end(),
        r#"{"input":"10.0.0.1","valid":true,"rule":"IPv4address","tree":[{"rule":"IPv4address","start":0,"end":8,"text":"10.0.0.1","children":[]}]}"#
    );
    let out = run(&["tree", "a b"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("invalid character ' ' in path"));
    assert!(
        text(&out.stderr).contains("\n   ^"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn rules_lists_every_rule_with_its_abnf() {
    let out = run(&["rules"], b"");
    assert_eq!(out.status.code(), Some(0));
    let listing = text(&out.stdout);
    for rule in peguri::grammar::APPENDIX_A_RULES {
        assert!(listing.lines().any(|l| l == *rule), "{rule} not listed");
    }
    assert!(listing.contains("\n    URI-reference = URI / relative-ref\n"));
    assert!(listing.contains("\n    dec-octet = DIGIT                 ; 0-9\n"));
}

#[test]
fn parse_with_any_rule() {
    let out = run(&["parse", "--rule", "IPv6address", "::1", "1::2::3"], b"");
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[0]["tree"][0]["rule"], "IPv6address");
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["error"]["offset"], 4);
    // The URI-level rules keep the components contract.
    let out = run(&["parse", "--rule", "absolute-URI", "a:b#c"], b"");
    assert_eq!(out.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(value["valid"], false);
    let out = run(&["parse", "--rule", "no-such-rule", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn grammar_file_changes_acceptance() {
    let edited = edited_grammar(
        "underscore",
        r#"scheme = @{ ALPHA ~ (ALPHA | DIGIT | "+" | "-" | ".")* }"#,
        r#"scheme = @{ ALPHA ~ (ALPHA | DIGIT | "+" | "-" | "." | "_")* }"#,
    );
    let edited = edited.to_str().unwrap();
    // The built-in grammar rejects `_` in a scheme...
    let out = run(&["tree", "my_scheme:x"], b"");
    assert_eq!(out.status.code(), Some(1));
    // ...the edited copy accepts it, with no rebuild.
    let out = run(&["tree", "--grammar", edited, "my_scheme:x"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("    scheme 0..9 \"my_scheme\"\n"));
    let out = run(
        &[
            "parse",
            "--rule",
            "scheme",
            "--grammar",
            edited,
            "my_scheme",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains(r#""valid":true"#));
    let out = run(&["parse", "--rule", "scheme", "my_scheme"], b"");
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["rules", "--grammar", edited], b"");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn broken_grammar_is_a_clear_error() {
    let broken = edited_grammar("broken", "URI = { scheme ~", "URI = { scheme ~ ~");
    let broken = broken.to_str().unwrap();
    for args in [
        vec!["tree", "--grammar", broken, "a:b"],
        vec!["rules", "--grammar", broken],
        vec!["parse", "--rule", "URI", "--grammar", broken, "a:b"],
    ] {
        let out = run(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains("does not compile"), "{err}");
        assert!(err.contains("-->"), "position missing: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn stats_and_filters() {
    let input = b"http://a/\nhttps://[::1]/\nbad uri\nftp://1.2.3.4\n/rel\n";
    let out = run(&["parse", "--stats", "--only-invalid"], input);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1);
    assert!(stdout.contains(r#""input":"bad uri""#));
    let stats = text(&out.stderr);
    assert!(stats.contains("lines: 5 (4 valid, 1 invalid)"), "{stats}");
    assert!(
        stats.contains("host kinds: reg-name 1, ipv4 1, ipv6 1, ipvfuture 0, none 1"),
        "{stats}"
    );
    assert!(stats.contains("schemes: ftp 1, http 1, https 1"), "{stats}");
    assert!(stats.contains("lines/s"), "{stats}");
    let out = run(&["parse", "--only-valid"], input);
    assert_eq!(text(&out.stdout).lines().count(), 4);
}

#[test]
fn fields_tsv_and_pretty() {
    let out = run(
        &[
            "parse",
            "--format",
            "tsv",
            "--fields",
            "scheme,host,port,query",
            "http://h:8/?",
            "//x",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "http\th\t8\t\n\tx\t\t\n");
    let out = run(&["parse", "--fields", "input,valid,offset", "a b"], b"");
    assert_eq!(
        text(&out.stdout).trim(),
        r#"{"input":"a b","valid":false,"offset":1}"#
    );
    let out = run(&["parse", "--fields", "nope", "a"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["parse", "--pretty", "a:b"], b"");
    assert!(text(&out.stdout).starts_with("{\n  \"input\": \"a:b\",\n"));
}

#[test]
fn every_subcommand_help_has_an_example() {
    for command in [
        "parse",
        "tree",
        "rules",
        "resolve",
        "relative",
        "normalize",
        "equivalent",
        "split",
        "extract",
        "check",
    ] {
        let out = run(&[command, "--help"], b"");
        assert_eq!(out.status.code(), Some(0));
        assert!(text(&out.stdout).contains("Example"), "{command} --help");
    }
}

#[test]
fn corpus_streams_with_stats() {
    let Some(path) = common::shared_file("corpus/kasztp.txt") else {
        return;
    };
    let input = std::fs::read(path).unwrap();
    let out = run(&["parse", "--stats"], &input);
    assert_eq!(text(&out.stdout).lines().count(), 48_010);
    let stats = text(&out.stderr);
    assert!(stats.starts_with("lines: 48010 ("), "{stats}");
}
