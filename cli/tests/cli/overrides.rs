//! Rule overrides in every command that takes a grammar, `grammar diff`
//! with different entry rules and with variants (attribution to the
//! smallest sets), the coverage report's forms, and `rules --json`.

use serde_json::Value;

use crate::lab::{crate_file, json_lines, run, temp_file, text};

/// RFC 6874 as an override of `uri.pest`: `IP-literal` alone, and the
/// two rules it adds.
const ZONE: &str = r#"// RFC 6874 as an override of uri.pest.

// IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture  ) "]"
/// RFC 6874's IP literal.
IP_literal = { "[" ~ (IPv6addrz | IPv6address | IPvFuture) ~ "]" }

// ZoneID = 1*( unreserved / pct-encoded )
/// An IPv6 zone identifier.
ZoneID = @{ (unreserved | pct_encoded)+ }

// IPv6addrz = IPv6address "%25" ZoneID
/// An IPv6 address with a zone identifier.
IPv6addrz = ${ IPv6address ~ "%25" ~ ZoneID }
"#;

const ZONED: &str = "http://[fe80::1%25en0]/";

#[test]
fn an_override_replaces_rules_in_every_command() {
    let zone = temp_file("zone.pest", ZONE);
    let zone = zone.to_str().unwrap();
    let uri = crate_file("uri.pest");
    // tree: the built-in grammar and a file, each with the override.
    for base in [vec![], vec!["--grammar", uri.as_str()]] {
        let mut args = vec!["tree", "--override", zone];
        args.extend(&base);
        args.push(ZONED);
        let out = run(&args, b"");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        let tree = text(&out.stdout);
        assert!(
            tree.contains("          IP_literal 7..22 \"[fe80::1%25en0]\"\n            IPv6addrz 8..21 \"fe80::1%25en0\"\n"),
            "{tree}"
        );
    }
    // Without it, uri.pest rejects the zone.
    let out = run(&["tree", "--grammar", &uri, ZONED], b"");
    assert_eq!(out.status.code(), Some(1));
    // rules: the rule in place, with the override's comments and source;
    // the new rules at the end.
    let out = run(
        &["rules", "--json", "--grammar", &uri, "--override", zone],
        b"",
    );
    let rules = json_lines(&out);
    let names: Vec<&str> = rules.iter().map(|r| r["rule"].as_str().unwrap()).collect();
    let at = names.iter().position(|n| *n == "IP_literal").unwrap();
    assert_eq!(names[at - 1], "port");
    assert_eq!(&names[names.len() - 2..], ["ZoneID", "IPv6addrz"]);
    assert_eq!(rules[at]["source"], zone);
    assert_eq!(rules[at]["line"], 5);
    assert_eq!(
        rules[at]["abnf"],
        serde_json::json!(["IP-literal = \"[\" ( IPv6address / IPv6addrz / IPvFuture  ) \"]\""])
    );
    assert_eq!(
        rules[at]["doc"],
        serde_json::json!(["RFC 6874's IP literal."])
    );
    // parse --rule.
    let out = run(
        &[
            "parse",
            "--rule",
            "host",
            "--override",
            zone,
            "[fe80::1%25en0]",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let record: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        record["tree"][0]["children"][0]["children"][0]["rule"],
        "IPv6addrz"
    );
    // grammar coverage.
    let out = run(
        &[
            "grammar",
            "coverage",
            "--json",
            "--grammar",
            &uri,
            "--override",
            zone,
        ],
        format!("{ZONED}\nhttp://h/\n").as_bytes(),
    );
    let report: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    let count = |rule: &str| {
        report["rules"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["rule"] == rule)
            .map(|r| r["inputs"].as_u64().unwrap())
    };
    assert_eq!((count("IPv6addrz"), count("ZoneID")), (Some(1), Some(1)));
    // grammar diff: NEW with the override keeps Appendix A's rule names,
    // so its components are compared, the host's kind included.
    let inputs = temp_file("zoned.txt", &format!("{ZONED}\nhttp://[::1]/\nhttp://h/\n"));
    let out = run(
        &[
            "grammar",
            "diff",
            "--json",
            &uri,
            &uri,
            "--override",
            zone,
            inputs.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let records = json_lines(&out);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["change"], "became-valid");
    let new = &records[0]["new"]["components"];
    assert_eq!(
        (new["host"].as_str(), new["host_kind"].as_str()),
        (Some("[fe80::1%25en0]"), Some("ipv6"))
    );
    let summary = text(&out.stderr);
    assert!(
        summary.contains(&format!("new {uri} with {zone})")),
        "{summary}"
    );
    assert!(!summary.contains("not compared"), "{summary}");
    for path in [std::path::PathBuf::from(zone), inputs] {
        std::fs::remove_file(path).unwrap();
    }
}

#[test]
fn override_errors_name_the_file_and_line() {
    let broken = temp_file(
        "broken-override.pest",
        "// fine\nIP_literal = { \"[\" ~ IPv6address ~ \"]\" }\n\nbroken = { ~ \"x\" }\n",
    );
    let out = run(
        &["tree", "--override", broken.to_str().unwrap(), "a:b"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "--> {}:4:12: expected expression",
            broken.display()
        )),
        "{err}"
    );
    let undefined = temp_file(
        "undefined-override.pest",
        "IP_literal = { \"[\" ~ IPv6addres ~ \"]\" }\n",
    );
    let out = run(&["rules", "--override", undefined.to_str().unwrap()], b"");
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "--> {}:1:22: rule IPv6addres is undefined",
            undefined.display()
        )),
        "{err}"
    );
    let twice = temp_file("twice-override.pest", "a = { \"x\" }\na = { \"y\" }\n");
    let out = run(&["rules", "--override", twice.to_str().unwrap()], b"");
    assert!(
        text(&out.stderr).contains("has two rules named \"a\""),
        "{}",
        text(&out.stderr)
    );
    for path in [broken, undefined, twice] {
        std::fs::remove_file(path).unwrap();
    }
}

#[test]
fn diff_compares_two_entry_rules() {
    // RFC 6874's way before overrides: the rules restated under new names.
    let uri = crate_file("uri.pest");
    let renamed = temp_file(
        "renamed.pest",
        "URI_reference_bis = { URI_bis | relative_ref }\nURI_bis = { scheme ~ \":\" ~ hier_part ~ (\"?\" ~ query)? ~ (\"#\" ~ fragment ~ (\"#\" ~ fragment)*)? }\n",
    );
    let new = format!("{uri}+{}", renamed.display());
    let inputs = "http://h/#a#b\nhttp://h/\n";
    let out = run(&["grammar", "diff", &uri, &new], inputs.as_bytes());
    assert_eq!(
        out.status.code(),
        Some(0),
        "one rule for both: the same rule"
    );
    let out = run(
        &[
            "grammar",
            "diff",
            "--json",
            "--old-rule",
            "URI-reference",
            "--new-rule",
            "URI_reference_bis",
            &uri,
            &new,
        ],
        inputs.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let records = json_lines(&out);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["input"], "http://h/#a#b");
    assert_eq!(records[0]["change"], "became-valid");
    assert!(
        text(&out.stderr)
            .starts_with("2 inputs, 1 differ (old rule URI_reference, new rule URI_reference_bis;"),
        "{}",
        text(&out.stderr)
    );
    let out = run(
        &[
            "grammar",
            "diff",
            "--new-rule",
            "URI_reference_bis",
            &uri,
            &uri,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("has no rule \"URI_reference_bis\""));
    std::fs::remove_file(renamed).unwrap();
}

/// A file named `name` in a directory of this test process's own: a
/// variant is named after its file.
fn named_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("peguri-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Relaxations of `pchar` (so of segments, queries and fragments), each a
/// variant of the built-in grammar.
fn relaxation(name: &str, extra: &str) -> std::path::PathBuf {
    named_file(
        &format!("{name}.pest"),
        &format!(
            "// pchar, and {extra} too\npchar = @{{ unreserved | pct_encoded | sub_delims | \":\" | \"@\" | {extra} }}\n"
        ),
    )
}

const RELAXED: &str = "\
http://h/a\\b
http://h/a b
http://h/a\\b c
http://h/?%zz
http://h/ok
http://a b/
http://h/p#a\\b
";

#[test]
fn variants_attribute_each_input_to_the_smallest_sets_that_flip_it() {
    let backslash = relaxation("backslash", "\"\\\\\"");
    let space = relaxation("space", "\" \"");
    let percent = relaxation("percent", "\"%\"");
    let inputs = temp_file("relaxed.txt", RELAXED);
    let variants = [
        "--variant",
        backslash.to_str().unwrap(),
        "--variant",
        space.to_str().unwrap(),
        "--variant",
        percent.to_str().unwrap(),
    ];
    let mut args = vec!["grammar", "diff"];
    args.extend(variants);
    args.push(inputs.to_str().unwrap());
    let out = run(&args, b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let summary = text(&out.stdout);
    let totals: Vec<&str> = summary
        .lines()
        .filter(|l| l.starts_with("         ") && l.trim_start().starts_with(char::is_numeric))
        .collect();
    assert_eq!(
        totals,
        [
            "         2  backslash",
            "         1  space",
            "         1  percent",
            "         1  backslash + space",
            "         0",
        ],
        "{summary}"
    );
    assert!(
        summary.contains("flipped by no set: 1 stay valid, 1 stay invalid; 0 stopped"),
        "{summary}"
    );
    assert!(summary.contains("(8 grammars: the base and every set of variants)"));
    // JSON: one record per flipped input, with its smallest sets.
    let mut json_args = args.clone();
    json_args.insert(2, "--json");
    let out = run(&json_args, b"");
    let records = json_lines(&out);
    let sets: Vec<(&str, Value)> = records
        .iter()
        .map(|r| (r["input"].as_str().unwrap(), r["sets"].clone()))
        .collect();
    assert_eq!(
        sets,
        [
            ("http://h/a\\b", serde_json::json!([["backslash"]])),
            ("http://h/a b", serde_json::json!([["space"]])),
            (
                "http://h/a\\b c",
                serde_json::json!([["backslash", "space"]])
            ),
            ("http://h/?%zz", serde_json::json!([["percent"]])),
            ("http://h/p#a\\b", serde_json::json!([["backslash"]])),
        ]
    );
    assert_eq!(
        records[0]["error"]["message"],
        "invalid character '\\\\' in path"
    );
    // --group-by error: each total split by component and character.
    let mut grouped = args.clone();
    grouped.extend(["--group-by", "error"]);
    let out = run(&grouped, b"");
    let summary = text(&out.stdout);
    assert!(
        summary.contains("         2  backslash\n                 1  fragment '\\\\'\n")
            && summary.contains("                 1  path '\\\\'\n"),
        "{summary}"
    );
    assert!(
        summary.contains("                 1  query 'z'\n"),
        "{summary}"
    );
    for path in [backslash, space, percent, inputs] {
        std::fs::remove_file(&path).unwrap();
        // The variants' directory, once the last test using it is done.
        let _ = path.parent().map(std::fs::remove_dir);
    }
}

#[test]
fn variants_that_change_a_rule_in_the_same_place_are_refused() {
    let uri_pchar = "pchar = @{ unreserved | pct_encoded | sub_delims | \":\" }\n";
    let no_at = named_file("no-at.pest", uri_pchar);
    let other = named_file(
        "other-at.pest",
        "pchar = @{ unreserved | pct_encoded | sub_delims | \":\" | \"@@\" }\n",
    );
    let out = run(
        &[
            "grammar",
            "diff",
            "--variant",
            no_at.to_str().unwrap(),
            "--variant",
            other.to_str().unwrap(),
        ],
        b"http://h/a@b\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("the variants no-at + other-at cannot be combined: no-at and other-at change the rule pchar in the same place"),
        "{}",
        text(&out.stderr)
    );
    let nine: Vec<String> = (0..9)
        .flat_map(|_| ["--variant".to_owned(), no_at.to_str().unwrap().to_owned()])
        .collect();
    let mut args = vec!["grammar", "diff"];
    args.extend(nine.iter().map(String::as_str));
    let out = run(&args, b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("9 variants given; at most 8"));
    for path in [no_at, other] {
        std::fs::remove_file(&path).unwrap();
        let _ = path.parent().map(std::fs::remove_dir);
    }
}

const SMALL: &str = "http://a/b?q#f\nhttp://1.2.3.4/\nmailto:x@y\n../a\nbad uri\n";

#[test]
fn coverage_writes_markdown_csv_and_json() {
    let a = temp_file("cover-a.txt", "http://a/b?q#f\nhttp://1.2.3.4/\n");
    let b = temp_file("cover-b.txt", "mailto:x@y\n../a\nbad uri\n");
    let files = [a.to_str().unwrap(), b.to_str().unwrap()];
    let report = |format: &str| {
        let mut args = vec!["grammar", "coverage", "--format", format, "--by-file"];
        args.extend(files);
        let out = run(&args, b"");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let markdown = report("markdown");
    let a_name = a.file_name().unwrap().to_str().unwrap();
    let b_name = b.file_name().unwrap().to_str().unwrap();
    for part in [
        "# Coverage of `URI_reference` by 5 inputs\n".to_owned(),
        format!("Valid inputs per file: `{a_name}` 2, `{b_name}` 2.\n"),
        format!("| rule | matches | inputs | % of valid | `{a_name}` | `{b_name}` | example |\n|---|---:|---:|---:|---:|---:|---|\n"),
        format!("| `ALPHA` | 21 | 4 | 100.0 | 2 | 2 | {}:1 |\n", a.display()),
        "### `dec_octet choice 1`\n\nReordered: the PEG tries the ABNF's alternatives in the order 5, 4, 3, 2, 1.\n".to_owned(),
        format!("| 1 | `DIGIT` | (5) `DIGIT` | 4 | 1 | 25.0 | 1 | 0 | {}:2 |\n", a.display()),
        "| 2 | `%x31-39 DIGIT` | (4) `'1'..'9' ~ DIGIT` | 0 | 0 | 0.0 | 0 | 0 |  |\n".to_owned(),
        "## Rules never used (12)\n".to_owned(),
        "## Alternatives never used in rules that are used (31)\n".to_owned(),
        "| `hier_part choice 1` | 2 | `path-absolute` | (2) `path_absolute` |\n".to_owned(),
        "## Alternatives in rules never used (38)\n\n`HEXDIG` (7), `userinfo` (4), `IP_literal` (2)".to_owned(),
    ] {
        assert!(markdown.contains(&part), "no {part:?} in\n{markdown}");
    }
    // A choice is in the table with `|` escaped.
    assert!(markdown.contains("`IPv4address ~ !(unreserved \\| pct_encoded \\| sub_delims)`"));
    let csv = report("csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "kind,rule,choice,abnf_number,abnf,pest_number,pest,status,matches,inputs,percent,example,inputs {a_name},inputs {b_name}"
        )
    );
    assert!(
        lines.contains(&format!("rule,ALPHA,,,,,,used,21,4,100.0,{}:1,2,2", a.display()).as_str())
    );
    assert!(lines.contains(&"rule,port,,,,,,never-used,0,0,0.0,,0,0"));
    assert!(lines.contains(&"alternative,dec_octet,1,5,\"\"\"25\"\" %x30-35\",1,\"\"\"25\"\" ~ '0'..'5'\",never-used,0,0,0.0,,0,0"));
    assert!(lines.contains(&"alternative,IPv6address,1,9,\"[ *6( h16 \"\":\"\" ) h16 ] \"\"::\"\"\",9,\"((h16 ~ \"\":\"\" ~ !\"\":\"\"){0, 6} ~ h16)? ~ \"\"::\"\"\",in-unused-rule,0,0,0.0,,0,0"));
    let json = report("json");
    let value: Value = serde_json::from_str(json.trim()).unwrap();
    let alpha = value["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["rule"] == "ALPHA")
        .unwrap();
    assert_eq!(alpha["percent"], 100.0);
    assert_eq!(alpha["example"], format!("{}:1", a.display()));
    assert_eq!(alpha["by_file"][a.to_str().unwrap()], 2);
    let dec = value["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["rule"] == "dec_octet")
        .unwrap();
    assert_eq!(dec["reordered"], true);
    assert_eq!(dec["alternatives"][0]["abnf_alternative"], 5);
    assert_eq!(dec["alternatives"][0]["abnf"], "\"25\" %x30-35");
    // --json is --format json.
    let mut args = vec!["grammar", "coverage", "--json", "--by-file"];
    args.extend(files);
    assert_eq!(text(&run(&args, b"").stdout), json);
    // The text form has the percentages and examples too.
    let out = run(&["grammar", "coverage"], SMALL.as_bytes());
    let shown = text(&out.stdout);
    assert!(
        shown.contains("\n        21         4  100.0%  ALPHA (-:1)\n"),
        "{shown}"
    );
    for path in [a, b] {
        std::fs::remove_file(path).unwrap();
    }
}

#[test]
fn rules_json_gives_each_rule_its_pest_text_and_abnf() {
    let out = run(&["rules", "--json"], b"");
    assert_eq!(out.status.code(), Some(0));
    let rules = json_lines(&out);
    let dec = rules.iter().find(|r| r["rule"] == "dec_octet").unwrap();
    assert_eq!(dec["kind"], "atomic");
    assert_eq!(dec["source"], "uri.pest (built in)");
    assert_eq!(
        dec["abnf"],
        serde_json::json!([
            "dec-octet = DIGIT                 ; 0-9",
            "          / %x31-39 DIGIT         ; 10-99",
            "          / \"1\" 2DIGIT            ; 100-199",
            "          / \"2\" %x30-34 DIGIT     ; 200-249",
            "          / \"25\" %x30-35          ; 250-255"
        ])
    );
    assert!(
        dec["body"]
            .as_str()
            .unwrap()
            .starts_with("\"25\" ~ '0'..'5'\n  | \"2\" ~ '0'..'4' ~ DIGIT")
    );
    assert!(
        dec["pest"]
            .as_str()
            .unwrap()
            .starts_with("dec_octet = @{\n")
    );
    let line = dec["line"].as_u64().unwrap() as usize;
    let uri = std::fs::read_to_string(crate_file("uri.pest")).unwrap();
    assert!(
        uri.lines()
            .nth(line - 1)
            .unwrap()
            .starts_with("dec_octet = @{")
    );
    // Every rule `rules` lists in text is in the JSON, in order.
    let listed = text(&run(&["rules"], b"").stdout);
    let names: Vec<&str> = listed.lines().filter(|l| !l.starts_with(' ')).collect();
    let json_names: Vec<&str> = rules.iter().map(|r| r["rule"].as_str().unwrap()).collect();
    assert_eq!(names, json_names);
}
