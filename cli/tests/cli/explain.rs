//! `peguri explain`, run as a user would.

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

const PICTURE: &str = r"
                       hierarchical part
         ┌─────────────────────┴─────────────────────┐
                       authority               path
           ┌───────────────┴───────────────┐┌───┴────┐
     abc://username:password@example.com:123/path/file?key=value#fragid1
     └┬┘   └───────┬───────┘ └────┬────┘ └┬┘           └───┬───┘ └──┬──┘
scheme name user information     host    port            query   fragment

            hierarchical part
        ┌───────────┴────────────┐
                   path
        ┌───────────┴────────────┐
    urn:example:animal:ferret:nose
    └┬┘
scheme name
";

#[test]
fn both_uris_of_the_picture() {
    let out = peguri(
        &[
            "explain",
            "abc://username:password@example.com:123/path/file?key=value#fragid1",
            "urn:example:animal:ferret:nose",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), PICTURE.strip_prefix('\n').unwrap());
    assert_eq!(stderr(&out), "");
    // docs/cli.md shows this output.
    assert!(include_str!("../../../docs/cli.md").contains(PICTURE.strip_prefix('\n').unwrap()));
}

#[test]
fn stdin_lines_when_no_argument() {
    let out = peguri(
        &["explain"],
        "abc://username:password@example.com:123/path/file?key=value#fragid1\r\nurn:example:animal:ferret:nose\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), PICTURE.strip_prefix('\n').unwrap());
}

#[test]
fn invalid_input_is_drawn_up_to_its_error_with_exit_code_1() {
    let out = peguri(&["explain", "http://example.com/a b", "a:b"], "");
    assert_eq!(out.status.code(), Some(1));
    // The diagram holds the error: nothing more on stderr.
    assert_eq!(stderr(&out), "");
    assert_eq!(
        stdout(&out).split("\n\n").next(),
        Some(
            r"        hierarchical part
         ┌──────┴──────┐
           authority path
           ┌────┴────┐┴┐
    http://example.com/a b
    └┬─┘   └────┬────┘
scheme name    host
                        ^ invalid character ' ' in path"
        )
    );
    // The valid input is still drawn.
    assert!(stdout(&out).contains("\n      a:b\n"), "{}", stdout(&out));
}

/// An IPv6 address without its brackets: the host and the empty port the
/// grammar read, and the hint.
#[test]
fn an_unbracketed_ipv6_address_is_drawn_with_the_hint() {
    let out = peguri(&["explain", "--ascii", "http://2001:db8::1/"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        r"     hierarchical part
          .--+--.
          authority
            .-+-.
     http://2001:db8::1/
     '+-'   '+-' |
scheme name host port
                 ^ invalid character 'd' in port; an IPv6 address as the host goes in brackets: [2001:db8::1] (RFC 3986 section 3.2.2)
"
    );
}

#[test]
fn ascii_draws_corners_ticks_and_lines_apart() {
    let out = peguri(&["explain", "--ascii", "http://h:/p?"], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        r"       hierarchical part
             .-+--.
        authority path
               +.+.
        http://h:/p?
        '+-'   + |  |
scheme name host port query
"
    );
}

/// Issue: `explain` counted characters, and a terminal draws most CJK
/// characters two columns wide: the brackets after them drifted.
#[test]
fn widths_are_terminal_columns() {
    let out = peguri(&["explain", "--iri", "http://例え.jp/パス?q=1"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        r"       hierarchical part
         ┌─────┴──────┐
         authority path
           ┌──┴──┐┌─┴─┐
    http://例え.jp/パス?q=1
    └┬─┘   └──┬──┘      └┬┘
scheme name  host      query
"
    );
}

/// Issue: in `a://b@c:1/d?e#f` "scheme name" was 23 columns from its
/// tick. Labels that do not fit near their ticks are stacked.
#[test]
fn labels_stay_near_their_ticks() {
    let out = peguri(&["explain", "a://b@c:1/d?e#f"], "");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[4], "  a://b@c:1/d?e#f", "{text}");
    assert_eq!(lines[5], "  ┬   ┬ ┬ ┬   ┬ ┬", "{text}");
    assert_eq!(lines.last(), Some(&"  scheme name"), "{text}");
}

#[test]
fn iri_mode_counts_characters() {
    let out = peguri(&["explain", "--iri", "http://bücher.example/"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("\n    http://bücher.example/\n    └┬─┘   └─────┬──────┘\n"));
    // Without --iri the same text is not a URI.
    let out = peguri(&["explain", "http://bücher.example/"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).ends_with(
        "\n             ^ invalid character 'ü' in host (non-ASCII characters must be percent-encoded)\n"
    ));
    assert!(stderr(&out).starts_with("hint: this input is an IRI reference"));
}

#[test]
fn help_says_lines_are_not_wrapped() {
    let out = peguri(&["explain", "--help"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("Lines are not wrapped"));
}
