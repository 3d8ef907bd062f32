//! The CLI beyond the JSON contract: bulk options (`--stats`, filters,
//! `--fields`, TSV, `--pretty`) and grammar experimentation (`rules`, `tree`,
//! `parse --rule`, `--grammar`).

use crate::common;

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
        r#"{"input":"10.0.0.1","valid":true,"rule":"IPv4address","tree":[{"rule":"IPv4address","start":0,"end":8,"text":"10.0.0.1","text_cut":false,"children":[]}]}"#
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
    assert_eq!(text(&out.stdout), "http\th\t8\t\n\\N\tx\t\\N\t\\N\n");
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

/// A file of the crate (a grammar), by its path.
fn crate_file(name: &str) -> String {
    format!("{}/../{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `text` in a fresh temporary file.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("peguri-test-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn grammar_in_several_files() {
    let uri = crate_file("uri.pest");
    let iri = crate_file("iri.pest");
    let joined = format!("{uri}+{iri}");
    for args in [
        vec![
            "tree",
            "--grammar",
            &uri,
            "--grammar",
            &iri,
            "--rule",
            "IRI",
        ],
        vec!["tree", "--grammar", &joined, "--rule", "iri"],
    ] {
        let mut args = args.clone();
        args.push("http://bücher.example/ä");
        let out = run(&args, b"");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(text(&out.stdout).contains("        ireg_name 7..22 \"bücher.example\"\n"));
    }
    // An IRI variant: private-use characters allowed in the fragment too.
    let variant = temp_file(
        "my-iri.pest",
        &std::fs::read_to_string(&iri).unwrap().replace(
            r#"ifragment = @{ (ipchar | "/" | "?")* }"#,
            r#"ifragment = @{ (ipchar | iprivate | "/" | "?")* }"#,
        ),
    );
    let variant = variant.to_str().unwrap();
    let input = "http://h/#\u{E000}";
    let out = run(
        &[
            "parse",
            "--rule",
            "IRI",
            "--grammar",
            &uri,
            "--grammar",
            &iri,
            input,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let out = run(
        &[
            "parse",
            "--rule",
            "IRI",
            "--grammar",
            &uri,
            "--grammar",
            variant,
            input,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // `rules` takes the same list.
    let out = run(&["rules", "--grammar", &uri, "--grammar", variant], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stdout)
            .contains("\nifragment\n    ifragment      = *( ipchar / \"/\" / \"?\" )\n")
    );
}

#[test]
fn grammar_errors_name_the_file_and_line() {
    let uri = crate_file("uri.pest");
    let iri = std::fs::read_to_string(crate_file("iri.pest")).unwrap();
    let at = iri
        .lines()
        .position(|l| l.starts_with("ipchar = "))
        .unwrap();
    let broken = temp_file(
        "broken-iri.pest",
        &iri.replace("ipchar = @{", "ipchar = @{ ~"),
    );
    let broken = broken.to_str().unwrap();
    for args in [
        vec![
            "tree",
            "--grammar",
            &uri,
            "--grammar",
            broken,
            "--rule",
            "IRI",
            "a:b",
        ],
        vec!["rules", "--grammar", &uri, "--grammar", broken],
        vec![
            "parse",
            "--rule",
            "IRI",
            "--grammar",
            &uri,
            "--grammar",
            broken,
            "a:b",
        ],
    ] {
        let out = run(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains("does not compile"), "{err}");
        // The line of iri.pest, not of the two files joined.
        let place = format!("--> {broken}:{}:", at + 1);
        assert!(err.contains(&place), "{place} missing: {err}");
    }
    // A rule the second file uses but neither defines: the second file's line.
    let undefined = temp_file("undefined.pest", "\nx = { y }\n");
    let undefined = undefined.to_str().unwrap();
    let out = run(&["rules", "--grammar", &format!("{uri}+{undefined}")], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains(&format!("--> {undefined}:2:7")), "{err}");
}

#[test]
fn every_listed_rule_is_accepted_in_any_spelling() {
    let out = run(&["rules"], b"");
    let listing = text(&out.stdout);
    let rules: Vec<&str> = listing.lines().filter(|l| !l.starts_with(' ')).collect();
    assert!(
        rules.contains(&"URI_reference_entry")
            && rules.contains(&"IRI")
            && rules.contains(&"ZoneID")
    );
    for rule in rules {
        let out = run(&["tree", "--rule", rule], b"");
        assert_ne!(out.status.code(), Some(2), "{rule}: {}", text(&out.stderr));
    }
    for rule in [
        "uri-REFERENCE",
        "ipv6address",
        "URI_reference_entry",
        "Path-Abempty",
    ] {
        let out = run(&["parse", "--rule", rule, "--only-valid", "/a"], b"");
        assert_ne!(out.status.code(), Some(2), "{rule}: {}", text(&out.stderr));
    }
    // The typed rules keep the components, whatever the spelling.
    let out = run(&["parse", "--rule", "uri-reference", "http://h"], b"");
    assert!(text(&out.stdout).contains(r#""host":"h""#));
    // An unknown name gets the closest.
    let out = run(&["parse", "--rule", "shceme", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "peguri: the built-in grammar has no rule \"shceme\"; did you mean \"scheme\"? (`peguri rules` lists them)\n"
    );
    let grammar = crate_file("uri.pest");
    let out = run(
        &["tree", "--grammar", &grammar, "--rule", "ipv6adress", "::1"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("has no rule \"ipv6adress\"; did you mean \"IPv6address\"?")
    );
    let out = run(
        &[
            "tree",
            "--grammar",
            &grammar,
            "--rule",
            "IPV6ADDRESS",
            "::1",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
}

/// Gap: `tree` had no `--allow-zone-id`, though the error for a zone names
/// the flag. It parses with the rule's RFC 6874 form.
#[test]
fn tree_allow_zone_id() {
    let out = run(
        &["tree", "--allow-zone-id", "http://[fe80::1%25eth0]/"],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let tree = text(&out.stdout);
    assert!(tree.starts_with("URI_reference_6874 0..24 "), "{tree}");
    assert!(tree.contains("ZoneID 18..22 \"eth0\""), "{tree}");
    let out = run(
        &[
            "tree",
            "--allow-zone-id",
            "--rule",
            "IPv6addrz",
            "fe80::1%25x",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // A rule without an RFC 6874 form is the rule itself.
    let out = run(&["tree", "--allow-zone-id", "--rule", "path", "/a"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run(&["tree", "http://[fe80::1%25eth0]/"], b"");
    assert_eq!(out.status.code(), Some(1));
}

/// A node's text is cut after 100 characters, so that a tree as deep as
/// its input stays in proportion to it.
#[test]
fn tree_cuts_long_node_text() {
    let input = format!("http://h/{}", "a".repeat(200));
    let out = run(&["tree", &input], b"");
    let first = text(&out.stdout).lines().next().unwrap().to_owned();
    assert_eq!(
        first,
        format!("URI_reference 0..209 \"http://h/{}\"…", "a".repeat(91))
    );
    let out = run(&["tree", "--format", "json", &input], b"");
    let tree: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(tree["tree"][0]["text_cut"], true);
    assert_eq!(
        tree["tree"][0]["text"].as_str().unwrap().chars().count(),
        100
    );
}
