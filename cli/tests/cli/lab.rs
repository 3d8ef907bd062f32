//! The grammar lab: `peguri grammar diff` on real variants of uri.pest, and
//! `peguri grammar coverage` counts on a small fixed input.

use crate::common;

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

pub(crate) fn run(args: &[&str], stdin: &[u8]) -> Output {
    common::run_peguri(args, stdin)
}

pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

pub(crate) fn json_lines(out: &Output) -> Vec<Value> {
    text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A file of the crate (a grammar), by its path.
pub(crate) fn crate_file(name: &str) -> String {
    format!("{}/../{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A copy of a crate file with `from` replaced by `to` (exactly once), in a
/// fresh temporary file.
pub(crate) fn variant(file: &str, name: &str, from: &str, to: &str) -> PathBuf {
    let original = std::fs::read_to_string(crate_file(file)).unwrap();
    assert_eq!(
        original.matches(from).count(),
        1,
        "{file} has {from:?} once"
    );
    temp_file(name, &original.replace(from, to))
}

pub(crate) fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("peguri-lab-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// Lines as they come in real corpora: http(s) and file URLs, an app
/// scheme, a relative reference, some invalid lines; three have a `_` in
/// what would be the scheme.
const CORPUS: &str = "\
https://www.example.com/index.html
http://user@example.org:8080/a/b?q=1#top
file:///home/jo/notes.txt
https://cdn.example.net/img/logo_small.png?v=2
my_app://open?item=42
mailto:jo@example.com
../images/a_b.png
https://a_b.example.com/
git_ssh:host/repo.git
http://example.com/a b
\"https://quoted.example/\"
ms_settings:network
tel:+1-555-0100
";

#[test]
fn diff_finds_the_lines_an_underscore_in_schemes_changes() {
    let uri = crate_file("uri.pest");
    let edited = variant(
        "uri.pest",
        "underscore.pest",
        r#"scheme = @{ ALPHA ~ (ALPHA | DIGIT | "+" | "-" | ".")* }"#,
        r#"scheme = @{ ALPHA ~ (ALPHA | DIGIT | "+" | "-" | "." | "_")* }"#,
    );
    let edited = edited.to_str().unwrap();
    let out = run(
        &["grammar", "diff", "--json", &uri, edited],
        CORPUS.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let records = json_lines(&out);
    let changed: Vec<(&str, &str)> = records
        .iter()
        .map(|r| (r["input"].as_str().unwrap(), r["change"].as_str().unwrap()))
        .collect();
    assert_eq!(
        changed,
        [
            ("my_app://open?item=42", "became-valid"),
            ("git_ssh:host/repo.git", "became-valid"),
            ("ms_settings:network", "became-valid"),
        ]
    );
    let first = &records[0];
    assert_eq!(first["source"], "-");
    assert_eq!(first["line"], 5);
    assert_eq!(first["old"]["valid"], false);
    assert_eq!(first["old"]["error"]["offset"], 6);
    assert_eq!(first["new"]["valid"], true);
    let components = &first["new"]["components"];
    assert_eq!(components["scheme"], "my_app");
    assert_eq!(components["host"], "open");
    assert_eq!(components["host_kind"], "reg-name");
    assert_eq!(components["path_rule"], "path_abempty");
    assert_eq!(components["query"], "item=42");
    assert_eq!(components["fragment"], Value::Null);
    // The summary, on stderr with --json, on stdout without.
    let summary = text(&out.stderr);
    assert!(
        summary.starts_with("13 inputs, 3 differ (rule URI_reference; old "),
        "{summary}"
    );
    assert!(
        summary.contains(
            "\nbecame valid:                        3\n  -:5: \"my_app://open?item=42\"\n"
        ),
        "{summary}"
    );
    assert!(
        summary.contains("\nbecame invalid:                      0\n"),
        "{summary}"
    );
    let out = run(
        &["grammar", "diff", "--examples", "1", &uri, edited],
        CORPUS.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let summary = text(&out.stdout);
    assert!(
        summary.contains("  ... and 2 more (--json lists every one)\n"),
        "{summary}"
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn diff_reports_ipv4_without_its_end_of_host_lookahead() {
    let uri = crate_file("uri.pest");
    let edited = variant(
        "uri.pest",
        "ipv4.pest",
        "  | IPv4address ~ !(unreserved | pct_encoded | sub_delims)\n",
        "  | IPv4address\n",
    );
    let edited = edited.to_str().unwrap();
    let input =
        "http://1.2.3.4/\nhttp://1.2.3.4.5/\n//1.2.3.4.in-addr.arpa/x\nhttp://example.com/\n";
    let out = run(
        &["grammar", "diff", "--json", &uri, edited],
        input.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let records = json_lines(&out);
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0]["input"], "http://1.2.3.4.5/");
    assert_eq!(records[0]["change"], "became-invalid");
    assert_eq!(records[0]["old"]["components"]["host"], "1.2.3.4.5");
    assert_eq!(records[0]["old"]["components"]["host_kind"], "reg-name");
    assert_eq!(records[0]["new"]["error"]["offset"], 14);
    assert_eq!(records[1]["input"], "//1.2.3.4.in-addr.arpa/x");
    // With the host rule itself.
    let out = run(
        &["grammar", "diff", "--rule", "host", &uri, edited],
        b"1.2.3.4.5\n1.2.3.4\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let summary = text(&out.stdout);
    assert!(
        summary.starts_with("2 inputs, 1 differ (rule host; "),
        "{summary}"
    );
    assert!(
        summary.contains("  -:1: \"1.2.3.4.5\"\n      old: valid; new: invalid at byte 7: "),
        "{summary}"
    );
}

#[test]
fn diff_compares_components_and_error_offsets() {
    let uri = crate_file("uri.pest");
    // No IPv4address in host: an IPv4 host is read as a name.
    let no_ipv4 = variant(
        "uri.pest",
        "no-ipv4.pest",
        "  | IPv4address ~ !(unreserved | pct_encoded | sub_delims)\n  | reg_name\n",
        "  | reg_name\n",
    );
    let out = run(
        &["grammar", "diff", "--json", &uri, no_ipv4.to_str().unwrap()],
        b"http://10.0.0.1:80/\nhttp://h/\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let records = json_lines(&out);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["change"], "components");
    assert_eq!(records[0]["fields"], serde_json::json!(["host_kind"]));
    assert_eq!(records[0]["old"]["components"]["host_kind"], "ipv4");
    assert_eq!(records[0]["new"]["components"]["host_kind"], "reg-name");
    // `^` allowed in pchar: the error moves to the space.
    let caret = variant(
        "uri.pest",
        "caret.pest",
        r#"pchar = @{ unreserved | pct_encoded | sub_delims | ":" | "@" }"#,
        r#"pchar = @{ unreserved | pct_encoded | sub_delims | ":" | "@" | "^" }"#,
    );
    let out = run(
        &["grammar", "diff", &uri, caret.to_str().unwrap()],
        b"http://h/a^b c\nhttp://h/a^b\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let summary = text(&out.stdout);
    assert!(
        summary.contains("\nbecame valid:                        1\n"),
        "{summary}"
    );
    assert!(summary.contains("\nerror offset changed:                1\n  -:1: \"http://h/a^b c\"\n      byte 10 -> byte 12 "), "{summary}");
}

#[test]
fn diff_of_equal_grammars_and_of_grammars_in_several_files() {
    let uri = crate_file("uri.pest");
    let out = run(&["grammar", "diff", &uri, &uri], CORPUS.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("13 inputs, 0 differ"));
    // Inputs from files, named in the records.
    let file = temp_file("inputs.txt", CORPUS);
    let file = file.to_str().unwrap();
    let out = run(&["grammar", "diff", &uri, &uri, file, file], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("26 inputs, 0 differ"));
    // An IRI variant: uri.pest+iri.pest against uri.pest+edited iri.pest.
    let iri = crate_file("iri.pest");
    let edited = variant(
        "iri.pest",
        "my-iri.pest",
        r#"ifragment = @{ (ipchar | "/" | "?")* }"#,
        r#"ifragment = @{ (ipchar | iprivate | "/" | "?")* }"#,
    );
    let old = format!("{uri}+{iri}");
    let new = format!("{uri}+{}", edited.to_str().unwrap());
    let input = "http://bücher.example/#\u{E000}\nhttp://bücher.example/?\u{E000}\n";
    let out = run(
        &[
            "grammar",
            "diff",
            "--json",
            "--rule",
            "IRI-reference",
            &old,
            &new,
            "-",
        ],
        input.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let records = json_lines(&out);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["line"], 1);
    assert_eq!(records[0]["new"]["components"]["host"], "bücher.example");
    assert_eq!(records[0]["new"]["components"]["fragment"], "\u{E000}");
}

#[test]
fn diff_usage_errors() {
    let uri = crate_file("uri.pest");
    let broken = variant(
        "uri.pest",
        "broken.pest",
        "\nURI = { scheme ~",
        "\nURI = { scheme ~ ~",
    );
    let broken = broken.to_str().unwrap();
    let line = std::fs::read_to_string(crate_file("uri.pest"))
        .unwrap()
        .lines()
        .position(|l| l.starts_with("URI = "))
        .unwrap()
        + 1;
    let out = run(&["grammar", "diff", &uri, broken], b"a:b\n");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("does not compile"), "{err}");
    assert!(err.contains(&format!("--> {broken}:{line}:")), "{err}");
    assert!(out.stdout.is_empty());
    let out = run(&["grammar", "diff", "--rule", "hots", &uri, &uri], b"a\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("has no rule \"hots\"; did you mean \"host\"?"));
    let out = run(&["grammar", "diff", &uri, &uri, "/no/such/file"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("/no/such/file"));
}

#[test]
fn pathological_grammars_stop_with_a_message() {
    // Exponential backtracking: `t` is parsed again for every `e` level.
    let backtracking = temp_file(
        "backtracking.pest",
        "e = { t ~ \"+\" ~ e | t }\nt = { \"(\" ~ e ~ \")\" | \"a\" }\n",
    );
    let nested = temp_file("nested.pest", "e = { \"(\" ~ e ~ \")\" | \"a\" }\n");
    let deep = format!("{}a{}\n", "(".repeat(40), ")".repeat(40));
    let started = std::time::Instant::now();
    let out = run(
        &[
            "grammar",
            "diff",
            "--json",
            "--rule",
            "e",
            nested.to_str().unwrap(),
            backtracking.to_str().unwrap(),
        ],
        format!("a\n(a)\n{deep}").as_bytes(),
    );
    assert!(
        started.elapsed().as_secs() < 30,
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(out.status.code(), Some(1));
    let records = json_lines(&out);
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0]["change"], "stopped");
    assert_eq!(records[0]["old"]["valid"], true);
    assert_eq!(records[0]["new"]["stopped"], "call-limit");
    let message = records[0]["new"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("stopped at pest's call limit ("),
        "{message}"
    );
    assert!(
        message.ends_with("): the grammar backtracks too much for it"),
        "{message}"
    );
    // Recursion deeper than the stack budget.
    let very_deep = format!("{}a{}\n", "(".repeat(400_000), ")".repeat(400_000));
    let out = run(
        &[
            "grammar",
            "coverage",
            "--grammar",
            nested.to_str().unwrap(),
            "--rule",
            "e",
            "--max-input-bytes",
            "1000000",
        ],
        format!("(a)\n{very_deep}").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(
        report.starts_with("2 inputs: 1 valid (counted), 0 invalid, 1 stopped;"),
        "{report}"
    );
    assert!(
        report.contains("… (800001 bytes)\": stopped at the stack budget (128 MiB): the grammar recurses too deeply for this input\n"),
        "{report}"
    );
}

/// Issue: counting took about 570 bytes of memory per input byte (5.6 GB
/// for a 10 MB line). An input longer than --max-input-bytes (256 KiB by
/// default, about 150 MB to count) is stopped before it is parsed.
#[test]
fn coverage_stops_an_input_longer_than_its_length_limit() {
    let long = format!("http://h/{}\n", "a".repeat(256 << 10));
    let out = run(
        &["grammar", "coverage"],
        format!("http://h/\n{long}").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(
        report.starts_with("2 inputs: 1 valid (counted), 0 invalid, 1 stopped;"),
        "{report}"
    );
    assert!(
        report.contains(
            "… (262153 bytes)\": stopped at the length limit (262144 bytes; --max-input-bytes raises it): the input is longer\n"
        ),
        "{report}"
    );
    // The limit is the flag's.
    let out = run(
        &["grammar", "coverage", "--json", "--max-input-bytes", "9"],
        b"http://h/\nhttp://h/a\n",
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (report["valid"].as_u64(), report["stopped"].as_u64()),
        (Some(1), Some(1))
    );
}

/// Five lines: a URI with every component but a port, an IPv4 host, a
/// URI without authority, a relative path, and an invalid line.
const SMALL: &str = "http://a/b?q#f\nhttp://1.2.3.4/\nmailto:x@y\n../a\nbad uri\n";

/// `(matches, inputs)` of a rule in a coverage report.
fn rule_counts(report: &Value, rule: &str) -> (u64, u64) {
    let entry = report["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["rule"] == rule)
        .unwrap_or_else(|| panic!("no rule {rule}"));
    (
        entry["matches"].as_u64().unwrap(),
        entry["inputs"].as_u64().unwrap(),
    )
}

/// The matches of each alternative of a rule's first choice.
fn alternative_counts(report: &Value, rule: &str) -> Vec<u64> {
    let choice = report["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["rule"] == rule && c["choice"] == 1)
        .unwrap_or_else(|| panic!("no choice in {rule}"));
    choice["alternatives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["matches"].as_u64().unwrap())
        .collect()
}

#[test]
fn coverage_counts_on_a_small_input() {
    let uri = crate_file("uri.pest");
    let out = run(
        &["grammar", "coverage", "--json", "--grammar", &uri],
        SMALL.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(report["rule"], "URI_reference");
    assert_eq!(
        (
            report["inputs"].as_u64(),
            report["valid"].as_u64(),
            report["invalid"].as_u64()
        ),
        (Some(5), Some(4), Some(1))
    );
    for (rule, counts) in [
        ("URI_reference", (4, 4)),
        ("URI", (3, 3)),
        ("relative_ref", (1, 1)),
        ("authority", (2, 2)),
        ("IPv4address", (1, 1)),
        ("dec_octet", (4, 1)),
        // http, a, b, q, f; http; mailto, x, y; a
        ("ALPHA", (21, 4)),
        // b, q, f; x, @, y; a
        ("pchar", (7, 3)),
        // the two dots of `..`
        ("segment_nz_nc", (1, 1)),
        ("port", (0, 0)),
        ("IPv6address", (0, 0)),
    ] {
        assert_eq!(rule_counts(&report, rule), counts, "{rule}");
    }
    // "//" authority path-abempty / path-absolute / path-rootless / path-empty
    assert_eq!(alternative_counts(&report, "hier_part"), [2, 0, 1, 0]);
    assert_eq!(alternative_counts(&report, "URI_reference"), [3, 1]);
    // IP-literal / IPv4address (with its lookahead) / reg-name
    assert_eq!(alternative_counts(&report, "host"), [0, 1, 1]);
    assert_eq!(alternative_counts(&report, "dec_octet"), [0, 0, 0, 0, 4]);
    assert_eq!(alternative_counts(&report, "pchar"), [6, 0, 0, 0, 1]);
    // ALPHA DIGIT "-" "." "_" "~": h t t p a b q f h t t p m a i l t o x y a, `..`
    assert_eq!(
        alternative_counts(&report, "unreserved"),
        [7, 0, 0, 2, 0, 0]
    );
    let unused: Vec<&str> = report["unused_rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        unused,
        [
            "HEXDIG",
            "userinfo",
            "port",
            "IP_literal",
            "IPvFuture",
            "IPv6address",
            "h16",
            "ls32",
            "path_absolute",
            "path_empty",
            "pct_encoded",
            "sub_delims"
        ]
    );
    let unused_alternatives = report["unused_alternatives"].as_array().unwrap();
    assert!(unused_alternatives.contains(&serde_json::json!(
        {"rule": "hier_part", "choice": 1, "alternative": 2, "text": "path_absolute",
         "abnf_alternative": 2, "abnf": "path-absolute", "in_unused_rule": false}
    )));
    // The alternatives of rules never used are marked as such.
    assert!(
        unused_alternatives
            .iter()
            .any(|a| a["rule"] == "IPv6address"
                && a["alternative"] == 9
                && a["abnf"] == "[ *6( h16 \":\" ) h16 ] \"::\""
                && a["in_unused_rule"] == true)
    );
    // Rules only the entry rules and the IRI rules reach are not counted.
    let path = report["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["rule"] == "path")
        .unwrap();
    assert_eq!(path["reachable"], false);
    assert_eq!(
        report["choices_in_lookaheads"][0],
        serde_json::json!({"rule": "host", "choice": "unreserved | pct_encoded | sub_delims"})
    );
    // The same in text.
    let out = run(
        &["grammar", "coverage", "--grammar", &uri],
        SMALL.as_bytes(),
    );
    let report = text(&out.stdout);
    assert!(
        report.starts_with("5 inputs: 4 valid (counted), 1 invalid, 0 stopped; grammar "),
        "{report}"
    );
    assert!(
        report.contains("\n        21         4  100.0%  ALPHA (-:1)\n"),
        "{report}"
    );
    assert!(report.contains("hier_part choice 1\n         2         2   50.0%   1. \"//\" authority path-abempty  (1) \"//\" ~ authority ~ path_abempty  [-:1]\n         0         0    0.0%   2. path-absolute                (2) path_absolute\n"), "{report}");
    assert!(
        report.contains("\nrules never used (12):\n  HEXDIG, userinfo, port, IP_literal, "),
        "{report}"
    );
    assert!(
        report.contains(
            "\nalternatives never used, in rules that are used (31):\n  ALPHA choice 1: 1. %x41-5A = (1) 'A'..'Z'\n"
        ),
        "{report}"
    );
    assert!(
        report.contains("\n  hier_part choice 1: 2. path-absolute = (2) path_absolute\n"),
        "{report}"
    );
    // Those in rules never used, apart, per rule.
    assert!(
        report.contains("\nalternatives in rules never used (38): HEXDIG 7, userinfo 4, IP_literal 2, IPvFuture 3, IPv6address 9, ls32 2, sub_delims 11\n"),
        "{report}"
    );
    // dec-octet: the ABNF's order, and the order the PEG tries them in.
    assert!(
        report.contains("dec_octet choice 1: the PEG tries the ABNF's alternatives in the order 5, 4, 3, 2, 1\n         4         1   25.0%   1. DIGIT              (5) DIGIT  [-:2]\n         0         0    0.0%   2. %x31-39 DIGIT      (4) '1'..'9' ~ DIGIT\n"),
        "{report}"
    );
}

#[test]
fn coverage_of_the_built_in_grammar_and_of_several_files() {
    // Without --grammar: the built-in grammar, the same counts.
    let out = run(&["grammar", "coverage", "--json"], SMALL.as_bytes());
    let report: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(rule_counts(&report, "ALPHA"), (21, 4));
    assert_eq!(report["grammar"][1], "iri.pest (built in)");
    // An IRI grammar from two files.
    let grammar = format!("{}+{}", crate_file("uri.pest"), crate_file("iri.pest"));
    let out = run(
        &[
            "grammar",
            "coverage",
            "--json",
            "--grammar",
            &grammar,
            "--rule",
            "iri-reference",
        ],
        "http://bücher.example/ä?\u{E000}\n".as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(rule_counts(&report, "ucschar"), (2, 1));
    assert_eq!(rule_counts(&report, "iprivate"), (1, 1));
    assert_eq!(alternative_counts(&report, "iunreserved"), [13, 2]);
}

#[test]
fn lab_help_has_examples() {
    for command in ["diff", "coverage"] {
        let out = run(&["grammar", command, "--help"], b"");
        assert_eq!(out.status.code(), Some(0));
        assert!(
            text(&out.stdout).contains("Examples:"),
            "grammar {command} --help"
        );
    }
}

#[test]
fn coverage_accepts_what_the_grammar_accepts() {
    // The rewritten grammar must match exactly what uri.pest matches: the
    // shared vectors' URI-level inputs, counted both ways.
    let mut inputs = Vec::new();
    for file in ["testdata/valid.json", "testdata/invalid.json"] {
        let Some(records) = common::shared_records(file) else {
            return;
        };
        for record in records {
            let rule = record["rule"].as_str().unwrap_or("URI-reference");
            let input = record["input"].as_str().unwrap_or("");
            if ["URI", "URI-reference", "absolute-URI", "relative-ref"].contains(&rule)
                && !input.contains(['\n', '\r'])
            {
                inputs.push(input.to_owned());
            }
        }
    }
    let valid = inputs
        .iter()
        .filter(|i| peguri::UriRef::parse(i).is_ok())
        .count();
    let out = run(
        &[
            "grammar",
            "coverage",
            "--json",
            "--grammar",
            &crate_file("uri.pest"),
        ],
        format!("{}\n", inputs.join("\n")).as_bytes(),
    );
    let report: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(report["inputs"].as_u64(), Some(inputs.len() as u64));
    assert_eq!(report["valid"].as_u64(), Some(valid as u64));
    assert_eq!(report["stopped"].as_u64(), Some(0));
}

/// `grammar diff --json` writes what `peguri parse` writes: `host_kind`
/// as `reg-name`, `ipv4`, `ipv6` or `ipvfuture`, and for an entry rule of
/// `peguri parse` the error `parse` gives (its message names the
/// component) where the built-in grammar fails at the same spot, where it
/// wrote `reg_name` and pest's general words.
#[test]
fn diff_json_writes_host_kinds_and_errors_as_parse_does() {
    let uri = crate_file("uri.pest");
    let caret = variant(
        "uri.pest",
        "caret-14.pest",
        r#"pchar = @{ unreserved | pct_encoded | sub_delims | ":" | "@" }"#,
        r#"pchar = @{ unreserved | pct_encoded | sub_delims | ":" | "@" | "^" }"#,
    );
    let caret = caret.to_str().unwrap();
    let inputs = "http://h/a^b\nhttp://1.2.3.4/^\nhttp://[::1]/^\nhttp://[v1.x]/^\n";
    let out = run(
        &["grammar", "diff", "--json", &uri, caret],
        inputs.as_bytes(),
    );
    let records = json_lines(&out);
    let kinds: Vec<&str> = records
        .iter()
        .map(|r| r["new"]["components"]["host_kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["reg-name", "ipv4", "ipv6", "ipvfuture"]);
    // The old grammar's error is the one `peguri parse` prints.
    let parse = run(&["parse", "http://h/a^b"], b"");
    let parsed: Value = serde_json::from_slice(&parse.stdout).unwrap();
    let mut old_error = records[0]["old"]["error"].clone();
    // With the rules that reached the error, from the grammar's trace.
    let chain = old_error.as_object_mut().unwrap().remove("chain").unwrap();
    assert_eq!(
        chain,
        serde_json::json!([
            "segment",
            "path_abempty",
            "hier_part",
            "URI",
            "URI_reference"
        ])
    );
    assert_eq!(old_error, parsed["error"]);
    assert_eq!(
        records[0]["old"]["error"]["message"],
        "invalid character '^' in path"
    );
    // The summary's words are the same.
    let out = run(&["grammar", "diff", &uri, caret], inputs.as_bytes());
    assert!(
        text(&out.stdout).contains(
            "      old: invalid at byte 10: invalid character '^' in path (in segment ← path-abempty ← hier-part ← URI ← URI-reference); new: valid"
        ),
        "{}",
        text(&out.stdout)
    );
}

/// An IRI with a zone identifier parses through `iauthority_6874` and
/// `ihost_6874`: `grammar diff` finds its components there, as the
/// library records them (`peguri::grammar::COMPONENT_RULES`), and
/// compares them.
#[test]
fn diff_compares_the_components_of_a_zone_identifier_iri() {
    let [uri, iri, rfc6874] = ["uri.pest", "iri.pest", "rfc6874.pest"].map(crate_file);
    let original = std::fs::read_to_string(&rfc6874).unwrap();
    // A zone identifier may also follow a bare `%`, as browsers take it;
    // and `ihost_6874` has no IPv4address: an IPv4 host is read as a name.
    let edits = [
        (
            r#"IPv6addrz = ${ IPv6address ~ "%25" ~ ZoneID }"#,
            r#"IPv6addrz = ${ IPv6address ~ ("%25" | "%") ~ ZoneID }"#,
        ),
        (
            "  | IPv4address ~ !(iunreserved | pct_encoded | sub_delims)\n",
            "",
        ),
    ];
    let edited = edits.iter().fold(original, |text, (from, to)| {
        assert_eq!(
            text.matches(from).count(),
            1,
            "rfc6874.pest has {from:?} once"
        );
        text.replace(from, to)
    });
    let edited = temp_file("zone-6874.pest", &edited);
    let old = format!("{uri}+{iri}+{rfc6874}");
    let new = format!("{uri}+{iri}+{}", edited.to_str().unwrap());
    let inputs = "http://[fe80::1%en0]:8080/bücher\nhttp://10.0.0.1/\n\
                  http://[fe80::1%25en0]/bücher\nhttp://bücher.example/\n";
    let out = run(
        &[
            "grammar",
            "diff",
            "--json",
            "--rule",
            "IRI-reference-6874",
            &old,
            &new,
        ],
        inputs.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let records = json_lines(&out);
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0]["change"], "became-valid");
    assert_eq!(
        records[0]["new"]["components"],
        serde_json::json!({
            "scheme": "http",
            "authority": "[fe80::1%en0]:8080",
            "userinfo": null,
            "host": "[fe80::1%en0]",
            "host_kind": "ipv6",
            "port": "8080",
            "path": "/bücher",
            "path_rule": "ipath_abempty",
            "query": null,
            "fragment": null,
        })
    );
    assert_eq!(records[1]["input"], "http://10.0.0.1/");
    assert_eq!(records[1]["change"], "components");
    assert_eq!(records[1]["fields"], serde_json::json!(["host_kind"]));
    assert_eq!(records[1]["old"]["components"]["host"], "10.0.0.1");
    assert_eq!(records[1]["old"]["components"]["host_kind"], "ipv4");
    assert_eq!(records[1]["new"]["components"]["host_kind"], "reg-name");
}

/// URNs as a corpus holds them: RFC 8141's examples, r-, q- and
/// f-components, and two that RFC 8141 refuses (an NID of one character,
/// one of 33).
const URNS: &str = "\
urn:example:a123,z456
urn:example:foo-bar-baz-qux?+CCResolve:cc=uk
urn:example:weather?=op=map&lat=39.56#x
urn:a:b
urn:abcdefghijabcdefghijabcdefghijabc:x
";

/// `--scheme urn`: the built-in uri.pest and urn grammar, from
/// `urn_entry`; `--grammar` takes the scheme grammar's file in place of
/// the built-in one, and gives the same counts for the same file.
#[test]
fn coverage_of_a_scheme_grammar() {
    let out = run(
        &["grammar", "coverage", "--json", "--scheme", "urn"],
        URNS.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(report["rule"], "urn_entry");
    assert_eq!(
        report["grammar"],
        serde_json::json!(["uri.pest (built in)", "schemes/urn.pest (built in)"])
    );
    assert_eq!(
        (report["valid"].as_u64(), report["invalid"].as_u64()),
        (Some(3), Some(2))
    );
    assert_eq!(rule_counts(&report, "NID"), (3, 3));
    assert_eq!(rule_counts(&report, "r_component"), (1, 1));
    assert_eq!(rule_counts(&report, "q_component"), (1, 1));
    assert_eq!(rule_counts(&report, "f_component"), (1, 1));
    let file = crate_file("schemes/urn.pest");
    let from_file = run(
        &[
            "grammar",
            "coverage",
            "--json",
            "--scheme",
            "URN",
            "--grammar",
            &file,
        ],
        URNS.as_bytes(),
    );
    let from_file: Value = serde_json::from_str(&text(&from_file.stdout)).unwrap();
    assert_eq!(from_file["rules"], report["rules"]);
    assert_eq!(from_file["grammar"][1], file.as_str());
    // A scheme without a grammar is a usage error that names those with one.
    let out = run(&["grammar", "coverage", "--scheme", "gopher"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("no grammar for the scheme \"gopher\" (it has: http, https"),
        "{err}"
    );
}

/// `--scheme ldap` starts from `ldap_entry`, whose coverage counts the
/// rules of the URL's text (the DN and the filter are matched decoded, by
/// entries of their own, and so are not counted here).
#[test]
fn coverage_of_the_ldap_grammar() {
    let urls = "\
ldap://ldap1.example.net:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)
LDAP://ldap1.example.com/c=GB?objectClass?ONE
ldap:///??sub??!e-bindname=cn=Manager%2cdc=example%2cdc=com
ldap://u@h/
";
    let out = run(
        &["grammar", "coverage", "--json", "--scheme", "ldap"],
        urls.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(report["rule"], "ldap_entry");
    assert_eq!(
        report["grammar"],
        serde_json::json!(["uri.pest (built in)", "schemes/ldap.pest (built in)"])
    );
    assert_eq!(
        (report["valid"].as_u64(), report["invalid"].as_u64()),
        (Some(3), Some(1))
    );
    assert_eq!(rule_counts(&report, "scope").0, 3);
    assert_eq!(rule_counts(&report, "critical").0, 1);
}

/// `--scheme urn` with RFC 8141's NID bound raised from 32 characters to
/// 33: the NID of 33 characters becomes valid, nothing else changes.
#[test]
fn diff_of_a_scheme_grammar_and_an_edited_copy() {
    let edited = variant(
        "schemes/urn.pest",
        "urn-33.pest",
        "!(ldh{33})",
        "!(ldh{34})",
    );
    let inputs = temp_file("urns.txt", URNS);
    let urn = crate_file("schemes/urn.pest");
    let out = run(
        &[
            "grammar",
            "diff",
            "--json",
            "--scheme",
            "urn",
            &urn,
            edited.to_str().unwrap(),
            inputs.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0]["line"], 5);
    assert_eq!(lines[0]["change"], "became-valid");
    assert_eq!(lines[0]["old"]["error"]["offset"], 36);
    let same = run(
        &[
            "grammar",
            "diff",
            "--scheme",
            "urn",
            &urn,
            &urn,
            inputs.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(same.status.code(), Some(0), "{}", text(&same.stdout));
    for path in [edited, inputs] {
        std::fs::remove_file(path).unwrap();
    }
}
