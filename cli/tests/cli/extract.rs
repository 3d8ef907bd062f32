//! `peguri extract`: candidates taken whole or rejected, `--rejected`,
//! `--markup html|markdown`, lines and columns, run as a user would. The
//! first tests of the command are in `extras.rs`.

use crate::common;

use std::process::Output;

fn peguri(args: &[&str], stdin: &str) -> Output {
    common::run_peguri(args, stdin.as_bytes())
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    stdout(output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// The error object `peguri parse` prints for `input`.
fn parse_error(input: &str) -> serde_json::Value {
    let out = peguri(&["parse", input], "");
    assert_eq!(out.status.code(), Some(1), "{input:?} is invalid");
    json_lines(&out)[0]["error"].clone()
}

/// Each input is one candidate that is not a URI: nothing is printed
/// (no shorter URI the grammar matched), and `--rejected` prints the
/// whole candidate with the error `peguri parse` gives for it, and exits
/// 1.
#[test]
fn a_candidate_is_never_cut_short() {
    for (text, candidate, start) in [
        ("see http://example.com/a%2\n", "http://example.com/a%2", 4),
        ("http://[fe80::1%25eth0]/\n", "http://[fe80::1%25eth0]/", 0),
        ("http://ex_ample.com:80x/\n", "http://ex_ample.com:80x/", 0),
        ("<http://exa mple.com/>\n", "http://exa mple.com/", 1),
    ] {
        let out = peguri(&["extract", "--plain"], text);
        assert_eq!(out.status.code(), Some(0), "{text:?}");
        assert_eq!(stdout(&out), "", "{text:?}");
        let out = peguri(&["extract", "--rejected"], text);
        assert_eq!(out.status.code(), Some(1), "{text:?}");
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 1, "{text:?}");
        let line = &lines[0];
        assert_eq!(line["uri"], candidate);
        assert_eq!(line["valid"], false);
        assert_eq!(line["start"], start);
        assert_eq!(line["end"], start + candidate.len());
        assert_eq!(
            (line["line"].as_u64(), line["column"].as_u64()),
            (Some(1), Some(start as u64 + 1))
        );
        assert_eq!(line["error"], parse_error(candidate), "{text:?}");
    }
    // The error names the command's flag, which `extract` has.
    let out = peguri(&["extract", "--rejected"], "http://[fe80::1%25eth0]/\n");
    let message = json_lines(&out)[0]["error"]["message"].clone();
    assert!(
        message.as_str().unwrap().ends_with("--allow-zone-id"),
        "{message}"
    );
    let out = peguri(
        &["extract", "--plain", "--allow-zone-id"],
        "http://[fe80::1%25eth0]/\n",
    );
    assert_eq!(stdout(&out), "http://[fe80::1%25eth0]/\n");
}

/// Candidates that used to be dropped silently are reported with
/// `--rejected`, in order among the URIs, with the exact JSON shape.
#[test]
fn rejected_candidates_are_reported() {
    let text =
        "Links:\n  <https://example.com/%zz> and <http://[::1/>,\n  and <http://ok.example/>.\n";
    let out = peguri(&["extract"], text);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "{\"uri\":\"http://ok.example/\",\"valid\":true,\"start\":62,\"end\":80,\"line\":3,\"column\":8}\n"
    );
    let out = peguri(&["extract", "--rejected"], text);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        concat!(
            r#"{"uri":"https://example.com/%zz","valid":false,"error":{"offset":21,"column":22,"expected":["hex digit"],"message":"expected a hex digit after '%'","kind":"invalid_percent_encoding","component":"path"},"start":10,"end":33,"line":2,"column":4}"#,
            "\n",
            r#"{"uri":"http://[::1/","valid":false,"error":{"offset":11,"column":12,"expected":["IPv6 address"],"message":"invalid character '/' in IPv6 address","kind":"invalid_ipv6_address","component":"host"},"start":40,"end":52,"line":2,"column":34}"#,
            "\n",
            r#"{"uri":"http://ok.example/","valid":true,"start":62,"end":80,"line":3,"column":8}"#,
            "\n",
        )
    );
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
    // With --plain, the URIs on stdout, the rejected candidates on
    // stderr, each as FILE:LINE:COLUMN and the error with its caret.
    let out = peguri(&["extract", "--plain", "--rejected"], text);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "http://ok.example/\n");
    assert_eq!(
        stderr(&out),
        "peguri: -:2:4: invalid URI: expected a hex digit after '%' at byte 21 (column 22)\n  \
         https://example.com/%zz\n                       ^\n\
         peguri: -:2:34: invalid URI: invalid character '/' in IPv6 address at byte 11 (column 12)\n  \
         http://[::1/\n             ^\n"
    );
    // Nothing rejected: exit 0.
    let out = peguri(&["extract", "--rejected"], "<http://ok.example/>\n");
    assert_eq!(out.status.code(), Some(0));
}

/// An HTML page with `--markup html`: the hrefs (relative ones included)
/// with their lines and columns, no `/a` for the end tags, nothing from
/// the script or the comment; the file named in each object.
#[test]
fn an_html_page() {
    let page = "<html><body>\n\
                <!-- <a href=\"/old\">old</a> -->\n\
                <p><a href=\"../index.html\">Home</a> | <a href='guide.html#start'>Guide</a></p>\n\
                <script>if (a </a/.test(b)) {}</script>\n\
                <p>See <a href=\"https://example.com/?a=1&amp;b=2\">this</a> or http://bare.example/.</p>\n\
                </body></html>\n";
    let dir = std::env::temp_dir().join(format!("peguri-extract-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("page.html");
    std::fs::write(&file, page).unwrap();
    let file = file.to_str().unwrap();
    let out = peguri(&["extract", "--markup", "html", file], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let found: Vec<(String, u64, u64)> = json_lines(&out)
        .iter()
        .map(|f| {
            assert_eq!(f["file"], file);
            assert_eq!(f["valid"], true);
            (
                f["uri"].as_str().unwrap().to_owned(),
                f["line"].as_u64().unwrap(),
                f["column"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected = [
        ("../index.html", 3, 13),
        ("guide.html#start", 3, 48),
        ("https://example.com/?a=1&b=2", 5, 17),
        ("http://bare.example/", 5, 63),
    ];
    let expected: Vec<(String, u64, u64)> = expected
        .iter()
        .map(|&(u, l, c)| (u.to_owned(), l, c))
        .collect();
    assert_eq!(found, expected);
    // The offsets cover the value as written.
    let third = &json_lines(&out)[2];
    let (start, end) = (
        third["start"].as_u64().unwrap() as usize,
        third["end"].as_u64().unwrap() as usize,
    );
    assert_eq!(&page[start..end], "https://example.com/?a=1&amp;b=2");
    // As plain text, even the end tags give nothing, and the relative
    // hrefs are not taken.
    let out = peguri(&["extract", "--plain", file], "");
    assert_eq!(
        stdout(&out),
        "https://example.com/?a=1&amp;b=2\nhttp://bare.example/\n"
    );
}

/// A Markdown page with `--markup markdown`: inline links and images, a
/// reference definition, an autolink; not the link in a code span, nor
/// the fenced code's URL. A destination with a space is rejected.
#[test]
fn a_markdown_page() {
    let page = "# Guide\n\n\
                Read [the introduction](../guide/intro.md), then ![logo](img/logo.png).\n\
                Use `[x](http://code.example/)`, see <https://auto.example/>.\n\n\
                ```\nhttp://fenced.example/\n```\n\n\
                ![Diagram](<img/my diagram.svg>)\n\n\
                [ref]: https://ref.example.com/page \"Title\"\n";
    let out = peguri(&["extract", "--markup", "markdown", "--plain"], page);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "../guide/intro.md\nimg/logo.png\nhttps://auto.example/\nhttps://ref.example.com/page\n"
    );
    let out = peguri(&["extract", "--markup", "markdown", "--rejected"], page);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    let rejected: Vec<&serde_json::Value> = lines.iter().filter(|f| f["valid"] == false).collect();
    assert_eq!(rejected.len(), 1);
    assert_eq!(rejected[0]["uri"], "img/my diagram.svg");
    assert_eq!(
        (rejected[0]["line"].as_u64(), rejected[0]["column"].as_u64()),
        (Some(10), Some(13))
    );
    assert_eq!(
        rejected[0]["error"]["message"],
        "invalid character ' ' in path"
    );
}

/// `--markup` takes `text`, `html` or `markdown`; anything else is a
/// usage error. A file that cannot be read exits 2 even when candidates
/// were rejected.
#[test]
fn markup_values_and_exit_codes() {
    let out = peguri(
        &["extract", "--markup", "text", "--plain"],
        "<a href=\"/x\">\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
    let out = peguri(&["extract", "--markup", "xml"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid value 'xml'"),
        "{}",
        stderr(&out)
    );
    let missing = std::env::temp_dir().join(format!("peguri-missing-{}.txt", std::process::id()));
    let out = peguri(
        &["extract", "--rejected", missing.to_str().unwrap(), "-"],
        "<http://a/%zz>\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(json_lines(&out)[0]["valid"], false);
}
