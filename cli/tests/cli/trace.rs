//! Why the grammar rejects an input: `tree --trace` (text and JSON Lines)
//! with the built-in grammar and an edited one, the rule chain in an
//! edited grammar's errors, and the deadline on compiling a grammar.

use std::time::{Duration, Instant};

use serde_json::Value;

use crate::lab::{crate_file, json_lines, run, temp_file, text, variant};

#[test]
fn trace_text_shows_attempts_the_partial_tree_and_the_farthest_failure() {
    let out = run(&["tree", "--trace", "http://a b/"], b"");
    assert_eq!(out.status.code(), Some(1));
    let shown = text(&out.stdout);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(
        lines[0],
        "attempts of URI_reference on \"http://a b/\" (34 in all):"
    );
    for line in [
        "URI_reference 0..8 \"http://a\"",
        "    scheme 0..4 \"http\"",
        "      ALPHA at 4: failed",
        "          reg_name 7..8 \"a\"",
        "EOI at 8: failed",
        "partial tree (where the parse got, rules still open marked):",
        "farthest failure at byte 8 (' '), expected:",
        "  unreserved, percent-encoded octet or sub-delims in reg-name ← host ← authority ← hier-part ← URI ← URI-reference",
        "  ':' in authority ← hier-part ← URI ← URI-reference",
        "  '/' in path-abempty ← hier-part ← URI ← URI-reference",
        "  '?' or '#' in URI ← URI-reference",
        "  end of input after URI-reference",
    ] {
        assert!(lines.contains(&line), "no line {line:?} in\n{shown}");
    }
    // The partial tree: the URI up to the space, as the tree shows it.
    let partial = shown
        .split("rules still open marked):\n")
        .nth(1)
        .and_then(|rest| rest.split("farthest").next())
        .unwrap();
    assert_eq!(
        partial,
        "URI_reference 0..8 \"http://a\"\n  URI 0..8 \"http://a\"\n    scheme 0..4 \"http\"\n    hier_part 5..8 \"//a\"\n      authority 7..8 \"a\"\n        host 7..8 \"a\"\n          reg_name 7..8 \"a\"\n      path_abempty 8..8 \"\"\n"
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("unexpected character ' '; expected unreserved, percent-encoded octet, sub-delims, ':', '/', '?', '#' or end of input at byte 8")
            && err.ends_with("  in reg-name ← host ← authority ← hier-part ← URI ← URI-reference\n"),
        "{err}"
    );
    // A valid input: the attempts, then the tree.
    let out = run(&["tree", "--trace", "--rule", "port", "80"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "attempts of port on \"80\" (5 in all):\nport 0..2 \"80\"\n  DIGIT 0..1 \"8\"\n  DIGIT 1..2 \"0\"\n  DIGIT at 2: failed\nEOI 2..2 \"\"\ntree:\nport 0..2 \"80\"\n"
    );
}

#[test]
fn trace_json_writes_one_line_per_attempt_then_the_outcome() {
    let out = run(
        &["tree", "--trace", "--json", "--rule", "authority", "h:8x"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    let (result, attempts) = lines.split_last().unwrap();
    assert!(attempts.iter().all(|a| a["record"] == "attempt"));
    assert_eq!(
        attempts[0],
        serde_json::json!({"record": "attempt", "rule": "authority", "depth": 0, "start": 0,
                           "end": 3, "matched": true, "in_lookahead": false})
    );
    let failed = attempts
        .iter()
        .find(|a| a["rule"] == "DIGIT" && a["start"] == 3)
        .unwrap();
    assert_eq!(
        (failed["end"].clone(), failed["matched"].clone()),
        (Value::Null, Value::Bool(false))
    );
    assert_eq!(result["record"], "result");
    assert_eq!(result["valid"], false);
    assert_eq!(result["attempts"].as_u64(), Some(attempts.len() as u64));
    assert_eq!(result["failure"]["offset"], 3);
    assert_eq!(
        result["failure"]["chain"],
        serde_json::json!(["port", "authority"])
    );
    assert_eq!(
        result["failure"]["expected"][0],
        serde_json::json!({"expected": "DIGIT", "is_rule": true, "words": "digit",
                           "chain": ["port", "authority"]})
    );
    assert_eq!(
        result["error"]["message"],
        "unexpected character 'x'; expected digit or end of input"
    );
    assert_eq!(
        result["error"]["chain"],
        serde_json::json!(["port", "authority"])
    );
    assert_eq!(result["partial_tree"][0]["rule"], "authority");
    assert_eq!(result["partial_tree"][0]["complete"], true);
    // --max-attempts shows fewer, and counts them all.
    let out = run(
        &[
            "tree",
            "--trace",
            "--json",
            "--max-attempts",
            "2",
            "--rule",
            "authority",
            "h:8x",
        ],
        b"",
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[2]["attempts_shown"], 2);
    assert_eq!(lines[2]["attempts"].as_u64(), Some(attempts.len() as u64));
}

/// `host` without the lookahead that lets `1.2.3.4.5` fall through to
/// `reg-name`.
fn without_lookahead() -> std::path::PathBuf {
    variant(
        "uri.pest",
        "no-lookahead-trace.pest",
        "  | IPv4address ~ !(unreserved | pct_encoded | sub_delims)\n",
        "  | IPv4address\n",
    )
}

#[test]
fn an_edited_grammar_is_traced_and_its_errors_name_the_rules_that_reached_them() {
    let edited = without_lookahead();
    let edited = edited.to_str().unwrap();
    let input = "http://192.168.0.1.example.com/";
    let out = run(&["tree", "--trace", "--grammar", edited, input], b"");
    assert_eq!(out.status.code(), Some(1));
    let shown = text(&out.stdout);
    assert!(
        shown.contains("          IPv4address 7..18 \"192.168.0.1\"\n      path_abempty 18..18 \"\"\nfarthest failure at byte 18 ('.'), expected:\n"),
        "{shown}"
    );
    assert!(
        shown.contains("  '/' in path-abempty ← hier-part ← URI ← URI-reference\n"),
        "{shown}"
    );
    // Without --trace, the error names the rules that reached it.
    let out = run(&["tree", "--grammar", edited, input], b"");
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "unexpected character '.'; expected ':', '/', '?', '#' or end of input at byte 18"
        ) && err.contains("\n  in authority ← hier-part ← URI ← URI-reference\n"),
        "{err}"
    );
    // As JSON (`parse --rule --grammar`): the chain beside the error.
    let out = run(
        &[
            "parse",
            "--rule",
            "URI-reference",
            "--grammar",
            edited,
            input,
        ],
        b"",
    );
    let record: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["error"]["offset"], 18);
    assert_eq!(
        record["error"]["chain"],
        serde_json::json!(["authority", "hier_part", "URI", "URI_reference"])
    );
}

#[test]
fn a_user_rule_fails_where_it_failed_with_its_chain() {
    // pest reports "expected mirror-path at byte 0": it tracks nothing
    // inside an atomic rule.
    let grammar = temp_file(
        "mirror.pest",
        "mirror = { \"mirror:\" ~ mirror_path }\nmirror_path = @{ (\"/\" ~ segment)+ ~ \".git\" }\nsegment = @{ ASCII_ALPHANUMERIC+ }\n",
    );
    let out = run(
        &[
            "parse",
            "--rule",
            "mirror",
            "--grammar",
            grammar.to_str().unwrap(),
            "mirror:/a/b//c.git",
        ],
        b"",
    );
    let record: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        record["error"],
        serde_json::json!({"offset": 12, "column": 13, "expected": ["segment"],
                           "message": "unexpected character '/'; expected segment",
                           "kind": "invalid_char", "component": null,
                           "chain": ["mirror_path", "mirror"]})
    );
    std::fs::remove_file(grammar).unwrap();
}

#[test]
fn the_trace_of_an_edited_grammar_is_bounded() {
    let grammar = temp_file(
        "backtracking-trace.pest",
        "a = { (\"x\" ~ a ~ \"z\" | \"x\" ~ a ~ \"y\" | \"x\") }\n",
    );
    let out = run(
        &[
            "tree",
            "--trace",
            "--rule",
            "a",
            "--grammar",
            grammar.to_str().unwrap(),
            &"x".repeat(30),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("stopped at the call limit (30000 calls for this input)"),
        "{}",
        text(&out.stdout)
    );
    std::fs::remove_file(grammar).unwrap();
}

#[test]
fn compiling_a_grammar_has_a_deadline_on_its_work() {
    // pest_meta's optimizer copies, for each `?`, what it holds once per
    // node beneath it: "a" and 1,000 `?` is 167 million copies, 3 s in a
    // release build, and was compiled four times over.
    let grammar = temp_file(
        "questions.pest",
        &format!("a = {{ \"a\"{} }}\n", "?".repeat(1000)),
    );
    let started = Instant::now();
    let out = run(
        &[
            "tree",
            "--rule",
            "a",
            "--grammar",
            grammar.to_str().unwrap(),
            "a",
        ],
        b"",
    );
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("would take pest_meta's optimizer about 166167000 copies of expression nodes, more than 25000000, the limit on its work (--max-compile-work raises it)")
            && err.contains("rule a nests them 1000 deep"),
        "{err}"
    );
    assert!(took < Duration::from_secs(5), "refused in {took:?}");
    // Every command that compiles a grammar refuses it the same way.
    for args in [
        vec!["rules", "--grammar"],
        vec!["grammar", "coverage", "--grammar"],
    ] {
        let mut args = args;
        args.push(grammar.to_str().unwrap());
        let out = run(&args, b"");
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains("--max-compile-work"), "{args:?}");
    }
    // Within the limit it compiles: 200 `?` is 1.3 million copies.
    let small = temp_file(
        "questions-200.pest",
        &format!("a = {{ \"a\"{} }}\n", "?".repeat(200)),
    );
    let out = run(
        &[
            "tree",
            "--rule",
            "a",
            "--grammar",
            small.to_str().unwrap(),
            "a",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // And the limit can be lowered (or raised) by name.
    let out = run(
        &[
            "tree",
            "--rule",
            "a",
            "--max-compile-work",
            "1000",
            "--grammar",
            small.to_str().unwrap(),
            "a",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("more than 1000, the limit on its work"));
    // The built-in grammar's files are far below it.
    let uri = crate_file("uri.pest");
    let out = run(
        &[
            "tree",
            "--max-compile-work",
            "20000",
            "--grammar",
            &uri,
            "a:b",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for path in [grammar, small] {
        std::fs::remove_file(path).unwrap();
    }
}
