//! The IANA URI Schemes registry on the command line: `schemes --all`,
//! `check`'s `unregistered-scheme` and `historical-scheme`, `--registry
//! FILE` for both, and the errors for a file that cannot be read or is no
//! registry.

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

/// A file in the temporary directory holding `text`, named after the test.
fn registry_file(name: &str, text: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("peguri-registry-{}-{name}.csv", std::process::id()));
    std::fs::write(&path, text).expect("the registry file is written");
    path
}

/// A registry in IANA's current format.
const CURRENT: &str = "URI Scheme,Template,Description,Status,Well-Known URI Support,Reference,Notes\n\
    http,,Hypertext Transfer Protocol,Permanent,[RFC8615],\"[RFC9110, Section 4.2.1]\",\n\
    ipfs,prov/ipfs,ipfs,Provisional,,[Juan_Benet],\n\
    gopher,,The Gopher Protocol,Historical,,[RFC4266],\n";

#[test]
fn schemes_all_lists_the_registry_beside_what_peguri_knows() {
    let out = run_peguri(&["schemes", "--all", "--json"], b"");
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert!(lines.len() > 186, "{}", lines.len());
    let names: Vec<&str> = lines.iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert!(names.windows(2).all(|w| w[0] < w[1]), "sorted, each once");
    let find = |name: &str| lines.iter().find(|l| l["name"] == name).unwrap().clone();
    assert_eq!(
        find("urn"),
        json!({
            "name": "urn", "document": "RFC 8141 section 2", "grammar": true,
            "default_port": null, "status": "permanent", "description": "Uniform Resource Names",
            "reference": "[RFC2141][IANA registry urn-namespaces]", "template": null,
        })
    );
    assert_eq!(find("git")["status"], "provisional");
    assert_eq!(find("git")["template"], "prov/git");
    assert_eq!(find("git")["default_port"], 9418);
    assert_eq!(find("prospero")["status"], "historical");
    assert_eq!(find("prospero")["document"], Value::Null);
    // Known to peguri, not registered.
    assert_eq!(find("postgres")["status"], Value::Null);
    assert_eq!(find("postgres")["default_port"], 5432);

    // The table: a header, aligned columns, `-` where there is nothing.
    let table = stdout(&run_peguri(&["schemes", "--all"], b""));
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(rows.len(), lines.len() + 1);
    let header = rows[0];
    assert!(header.starts_with("NAME "), "{header}");
    let column = |name: &str| header.find(name).unwrap();
    let row = |name: &str| {
        *rows
            .iter()
            .find(|r| r.starts_with(&format!("{name} ")))
            .unwrap()
    };
    let wais = row("wais");
    assert_eq!(&wais[column("STATUS")..column("STATUS") + 10], "historical");
    assert_eq!(
        &wais[column("REFERENCE")..column("REFERENCE") + 9],
        "[RFC4156]"
    );
    assert_eq!(
        &wais[column("DESCRIPTION")..],
        "Wide Area Information Servers"
    );
    let postgres = row("postgres");
    assert_eq!(&postgres[column("STATUS")..column("STATUS") + 2], "- ");
    assert_eq!(&postgres[column("PORT")..column("PORT") + 4], "5432");

    // Without --all the output is what it was: the known schemes only.
    let known = json_lines(&run_peguri(&["schemes", "--json"], b""));
    assert!(known.len() < 60);
    assert!(known.iter().all(|l| l.as_object().unwrap().len() == 4));
}

#[test]
fn schemes_all_reads_a_registry_file() {
    let file = registry_file("schemes", CURRENT);
    let out = run_peguri(
        &[
            "schemes",
            "--all",
            "--json",
            "--registry",
            file.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = json_lines(&out);
    let find = |name: &str| lines.iter().find(|l| l["name"] == name).unwrap().clone();
    assert_eq!(find("ipfs")["status"], "provisional");
    assert_eq!(find("gopher")["status"], "historical");
    assert_eq!(find("gopher")["default_port"], 70);
    assert_eq!(find("http")["reference"], "[RFC9110, Section 4.2.1]");
    // Only the file's schemes and peguri's are listed.
    assert!(lines.iter().all(|l| l["name"] != "wais"));
    // --registry goes with --all.
    let out = run_peguri(&["schemes", "--registry", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--all"), "{}", stderr(&out));
}

#[test]
fn check_finds_unregistered_and_historical_schemes() {
    let out = run_peguri(
        &[
            "check",
            "htp://example.com/",
            "slack://open",
            "wais://h/db",
            "https://h/",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "htp://example.com/: warning[unregistered-scheme]\n\
         slack://open: info[unregistered-scheme]\n\
         wais://h/db: warning[historical-scheme]\n\
         https://h/: no findings\n"
    );
    let said = stderr(&out);
    assert!(
        said.contains(
            "warning[unregistered-scheme]: scheme \"htp\" is not registered; did you mean \
             \"http\" (Hypertext Transfer Protocol, [RFC7230, Section 2.7.1]), one typing slip \
             away? (RFC 3986 section 3.1; IANA URI Schemes registry, RFC 7595)\n  \
             htp://example.com/\n  ^^^\n"
        ),
        "{said}"
    );
    // Information alone keeps the exit code 0.
    let out = run_peguri(&["check", "slack://open", "ssh://h"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "slack://open: info[unregistered-scheme]\nssh://h: no findings\n"
    );
    // JSON: severity, section and span of each finding.
    let out = run_peguri(&["check", "--json", "mailt:joe@example.com"], b"");
    let record: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let finding = &record["findings"][0];
    assert_eq!(
        (&finding["code"], &finding["severity"], &finding["section"]),
        (
            &json!("unregistered-scheme"),
            &json!("warning"),
            &json!("3.1")
        )
    );
    assert_eq!((&finding["start"], &finding["end"]), (&json!(0), &json!(5)));
    assert!(
        finding["message"]
            .as_str()
            .unwrap()
            .contains("did you mean \"mailto\"")
    );
}

#[test]
fn check_reads_a_registry_file() {
    let file = registry_file("check", CURRENT);
    let file = file.to_str().unwrap();
    let out = run_peguri(
        &[
            "check",
            "--registry",
            file,
            "ipfs://bafy/",
            "gopher://h/",
            "wais://h/",
        ],
        b"",
    );
    assert_eq!(
        stdout(&out),
        "ipfs://bafy/: no findings\n\
         gopher://h/: warning[historical-scheme]\n\
         wais://h/: info[unregistered-scheme]\n"
    );
    // The built-in registry says otherwise.
    let out = run_peguri(&["check", "ipfs://bafy/", "gopher://h/"], b"");
    assert_eq!(
        stdout(&out),
        "ipfs://bafy/: info[unregistered-scheme]\ngopher://h/: no findings\n"
    );
}

/// A file that cannot be read, or is no registry, is a usage error that
/// names the file and the line, before any input is read.
#[test]
fn bad_registry_files_are_usage_errors_with_the_line() {
    let bad = registry_file(
        "bad",
        "URI Scheme,Template,Description,Status,Reference\nhttp,,HTTP,Permanent,[RFC9110]\n\
         ftp,,FTP,Retired,[RFC959]\n",
    );
    let bad = bad.to_str().unwrap();
    for args in [
        &["check", "--registry", bad, "http://h/"][..],
        &["schemes", "--all", "--registry", bad],
    ] {
        let out = run_peguri(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&out), "");
        assert_eq!(
            stderr(&out),
            format!(
                "peguri: scheme registry \"{bad}\": line 3 of the registry: the status \
                 \"Retired\" is not Permanent, Provisional or Historical\n"
            )
        );
    }
    let old_format = registry_file(
        "old",
        "URI Scheme,Template,Description,Reference\nhttp,,HTTP,[RFC9110]\n",
    );
    let out = run_peguri(
        &[
            "check",
            "--registry",
            old_format.to_str().unwrap(),
            "http://h/",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 1 of the registry: the header has no \"Status\" column"),
        "{}",
        stderr(&out)
    );
    let out = run_peguri(
        &["check", "--registry", "/no/such/registry.csv", "http://h/"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("peguri: cannot read scheme registry \"/no/such/registry.csv\": "),
        "{}",
        stderr(&out)
    );
}
