//! The component diagram: golden tests (exact text) for the two URIs of
//! RFC 3986 section 3's picture (a URI and a URN) and the shapes a diagram
//! must handle, then invariants over the shared vectors and generated
//! references.

use crate::common;

use common::{shared_records, str_field};
use peguri::explain::Explainer;
use peguri::{IriRef, IriRefBuf, UriRef, UriRefBuf};

/// The diagram a default explainer draws.
fn explain(uri: &UriRef<'_>) -> String {
    Explainer::new().explain(uri)
}
use proptest::prelude::*;

/// The expected text starts after the raw string's first newline.
#[track_caller]
fn golden_with(explainer: Explainer, input: &str, iri: bool, expected: &str) {
    let expected = expected.strip_prefix('\n').unwrap_or(expected);
    let diagram = if iri {
        let iri = IriRef::parse(input).unwrap_or_else(|e| panic!("{input:?} must parse: {e}"));
        explainer.explain(&iri)
    } else {
        let uri = UriRef::parse(input).unwrap_or_else(|e| panic!("{input:?} must parse: {e}"));
        explainer.explain(&uri)
    };
    assert_eq!(diagram, expected, "diagram of {input:?}:\n{diagram}");
}

#[track_caller]
fn golden_uri(input: &str, expected: &str) {
    golden_with(Explainer::new(), input, false, expected);
}

#[track_caller]
fn golden_iri(input: &str, expected: &str) {
    golden_with(Explainer::new(), input, true, expected);
}

#[track_caller]
fn golden_ascii(input: &str, expected: &str) {
    golden_with(Explainer::new().ascii(true), input, false, expected);
}

#[test]
fn picture_abc() {
    golden_uri(
        "abc://username:password@example.com:123/path/file?key=value#fragid1",
        r"
                       hierarchical part
         ┌─────────────────────┴─────────────────────┐
                       authority               path
           ┌───────────────┴───────────────┐┌───┴────┐
     abc://username:password@example.com:123/path/file?key=value#fragid1
     └┬┘   └───────┬───────┘ └────┬────┘ └┬┘           └───┬───┘ └──┬──┘
scheme name user information     host    port            query   fragment
",
    );
}

#[test]
fn picture_urn() {
    golden_uri(
        "urn:example:animal:ferret:nose",
        r"
            hierarchical part
        ┌───────────┴────────────┐
                   path
        ┌───────────┴────────────┐
    urn:example:animal:ferret:nose
    └┬┘
scheme name
",
    );
}

#[test]
fn rfc_example() {
    golden_uri(
        "foo://example.com:8042/over/there?name=ferret#nose",
        r"
              hierarchical part
        ┌─────────────┴─────────────┐
             authority        path
          ┌──────┴───────┐┌────┴────┐
    foo://example.com:8042/over/there?name=ferret#nose
    └┬┘   └────┬────┘ └┬─┘            └────┬────┘ └┬─┘
scheme name   host    port               query  fragment
",
    );
}

#[test]
fn ipv6_host_with_port_and_query() {
    golden_uri(
        "ldap://[2001:db8::7]:389/c=GB?objectClass?one",
        r"
            hierarchical part
         ┌──────────┴───────────┐
               authority     path
           ┌───────┴───────┐┌─┴─┐
    ldap://[2001:db8::7]:389/c=GB?objectClass?one
    └┬─┘   └─────┬─────┘ └┬┘      └──────┬──────┘
scheme name     host     port          query
",
    );
}

#[test]
fn ipvfuture_host() {
    golden_uri(
        "http://[v7.fe80::a+en1]/",
        r"
          hierarchical part
         ┌────────┴────────┐
              authority   path
           ┌──────┴───────┐┴
    http://[v7.fe80::a+en1]/
    └┬─┘   └──────┬───────┘
scheme name      host
",
    );
}

#[test]
fn ipv4_host() {
    golden_uri(
        "http://192.0.2.16:80/",
        r"
        hierarchical part
         ┌──────┴───────┐
             authority path
           ┌─────┴─────┐┴
    http://192.0.2.16:80/
    └┬─┘   └───┬────┘ ┬┘
scheme name   host   port
",
    );
}

#[test]
fn empty_port() {
    golden_uri(
        "http://h:/p",
        r"
      hierarchical part
            ┌─┴──┐
       authority path
              ┴┐┴┐
       http://h:/p
       └┬─┘   ┬ │
scheme name host port
",
    );
}

#[test]
fn no_authority() {
    golden_uri(
        "mailto:John.Doe@example.com",
        r"
           hierarchical part
          ┌────────┴─────────┐
                  path
          ┌────────┴─────────┐
   mailto:John.Doe@example.com
   └─┬──┘
scheme name
",
    );
}

#[test]
fn relative_reference() {
    golden_uri(
        "../g?y#s",
        r"
relative part
     ┌┴─┐
     path
     ┌┴─┐
     ../g?y#s
          ┬ ┬
     query fragment
",
    );
}

#[test]
fn network_path_reference() {
    golden_uri(
        "//example.com/a",
        r"
 relative part
┌──────┴──────┐
  authority path
  ┌────┴────┐┴┐
//example.com/a
  └────┬────┘
      host
",
    );
}

#[test]
fn empty_query() {
    golden_uri(
        "http://h?",
        r"
     hierarchical part
            ┌┴┐
       authority path
              ┴│
       http://h?
       └┬─┘   ┬ │
scheme name host query
",
    );
}

#[test]
fn empty_query_and_fragment() {
    golden_uri(
        "http://h?#",
        r"
hierarchical part
       ┌┴┐
  authority path
         ┴│
  http://h?#
  └┬─┘   ┬ ││
   │     │ │fragment
   │     │ query
   │     host
   scheme name
",
    );
}

#[test]
fn fragment_only() {
    golden_uri(
        "#frag",
        r"
relative part
      │
     path
      │
      #frag
       └┬─┘
     fragment
",
    );
}

#[test]
fn query_only() {
    golden_uri(
        "?",
        r"
relative part
      │
     path
      │
      ?
       │
     query
",
    );
}

#[test]
fn empty_reference() {
    golden_uri(
        "",
        r"
relative part
      │
     path
      │

",
    );
}

#[test]
fn empty_userinfo() {
    golden_uri(
        "//@h",
        r"
relative part
     ┌┴─┐
authority path
       ┴┐│
     //@h
       │┬
       │host
       user information
",
    );
}

#[test]
fn empty_host_before_path() {
    golden_uri(
        "file:///etc/hosts",
        r"
       hierarchical part
          ┌────┴─────┐
        authority
            │
               path
            ┌───┴────┐
     file:///etc/hosts
     └┬─┘   │
scheme name host
",
    );
}

#[test]
fn empty_host_and_path() {
    golden_uri(
        "file://",
        r"
  hierarchical part
          ┴┐
           path
            │
        authority
            │
     file://
     └┬─┘   │
scheme name host
",
    );
}

#[test]
fn one_character_components() {
    golden_uri(
        "a://b:1",
        r"
     hierarchical part
           ┌─┴─┐
       authority path
             ┌┴┐│
         a://b:1
         ┬   ┬ ┬
scheme name host port
",
    );
}

#[test]
fn iri_width_in_characters() {
    golden_iri(
        "http://bücher.example/straße?q=ä#ß",
        r"
            hierarchical part
         ┌──────────┴──────────┐
             authority     path
           ┌─────┴──────┐┌──┴──┐
    http://bücher.example/straße?q=ä#ß
    └┬─┘   └─────┬──────┘        └┬┘ ┬
scheme name     host          query fragment
",
    );
}

#[test]
fn ascii() {
    golden_ascii(
        "abc://username:password@example.com:123/path/file?key=value#fragid1",
        r"
                       hierarchical part
         .---------------------+---------------------.
                       authority               path
           .---------------+---------------..---+----.
     abc://username:password@example.com:123/path/file?key=value#fragid1
     '+'   '-------+-------' '----+----' '+'           '---+---' '--+--'
scheme name user information     host    port            query   fragment
",
    );
}

#[test]
fn ascii_empty_components() {
    golden_ascii(
        "http://@:/?#",
        r"
hierarchical part
      .-+-.
 authority path
        +.+
 http://@:/?#
 '+-'   ||| ||
  |     ||| |fragment
  |     ||| query
  |     ||port
  |     |host
  |     user information
  scheme name
",
    );
}

/// Issue: a label was moved as far as the least-squares placement took
/// it, "scheme name" 23 columns from its tick here. Labels that cannot
/// stay near their ticks on one line are stacked, each at its tick.
#[test]
fn labels_stay_near_their_ticks() {
    golden_uri(
        "a://b@c:1/d?e#f",
        r"
hierarchical part
    ┌───┴───┐
  authority path
      ┌─┴─┐┴┐
  a://b@c:1/d?e#f
  ┬   ┬ ┬ ┬   ┬ ┬
  │   │ │ │   │ fragment
  │   │ │ │   query
  │   │ │ port
  │   │ host
  │   user information
  scheme name
",
    );
}

/// Stacked labels whose ticks are side by side: each line to a label
/// touches the next label, as no space is left between them.
#[test]
fn stacked_labels_of_adjacent_ticks() {
    golden_uri(
        "//:?#?",
        r"
relative part
     ┌┴┐
authority path
       ┴│
     //:?#?
       │││┬
       │││fragment
       ││query
       │port
       host
",
    );
}

/// Issue: `--ascii` drew corners and ticks with the same `+`.
#[test]
fn ascii_corners_differ_from_ticks() {
    let uri = UriRef::parse("http://example.com/").unwrap();
    let diagram = Explainer::new().ascii(true).explain(&uri);
    assert!(diagram.contains("'+-'   '----+----'"), "{diagram}");
    assert!(diagram.contains(".-----+------."), "{diagram}");
}

/// Issue: widths were counted in characters, and a terminal draws most
/// CJK characters two columns wide. With the terminal's widths the
/// brackets stay under their characters.
#[test]
fn char_width_counts_the_columns_a_terminal_draws() {
    let wide = |c: char| {
        if ('\u{3040}'..='\u{9FFF}').contains(&c) {
            2
        } else {
            1
        }
    };
    golden_with(
        Explainer::new().char_width(wide),
        "http://例え.jp/パス?q=1",
        true,
        r"
       hierarchical part
         ┌─────┴──────┐
         authority path
           ┌──┴──┐┌─┴─┐
    http://例え.jp/パス?q=1
    └┬─┘   └──┬──┘      └┬┘
scheme name  host      query
",
    );
    // Explainers with other width functions draw differently: not equal.
    assert_ne!(Explainer::new().char_width(wide), Explainer::new());
    assert_eq!(
        Explainer::new().char_width(wide),
        Explainer::new().char_width(wide)
    );
}

/// One door for every member of the family: borrowed or owned, URI or
/// IRI, the same diagram for the same text.
#[test]
fn the_explainer_takes_every_reference_type() {
    let text = "http://h/p?q";
    let explainer = Explainer::default();
    assert_eq!(explainer, Explainer::new());
    let diagram = explainer.explain(&UriRef::parse(text).unwrap());
    assert_eq!(explainer.explain(&UriRefBuf::parse(text).unwrap()), diagram);
    assert_eq!(explainer.explain(&IriRef::parse(text).unwrap()), diagram);
    assert_eq!(explainer.explain(&IriRefBuf::parse(text).unwrap()), diagram);
    assert_eq!(
        explainer.explain(&peguri::Uri::parse(text).unwrap()),
        diagram
    );
}

#[test]
fn long_references_are_not_wrapped() {
    let input = format!("http://example.com/{}?q", "a".repeat(500));
    let diagram = explain(&UriRef::parse(&input).unwrap());
    let uri_line = diagram.lines().nth(4).unwrap();
    assert_eq!(uri_line.trim_start(), input);
    assert_eq!(diagram.lines().count(), 7);
}

/// What every diagram must satisfy: the reference on its own line,
/// indented; nothing but glyphs outside the label lines; glyphs only over
/// or under the reference's columns (or just past its end, for an empty
/// component there); a label for each component present and no other.
#[track_caller]
fn check_invariants(uri: &UriRef<'_>) {
    let input = uri.as_str();
    let diagram = explain(uri);
    let lines: Vec<&str> = diagram.lines().collect();
    assert!(diagram.ends_with('\n'), "{input:?}");
    // The last such line: an upper label can read like the reference
    // ("path"), a lower one cannot (its component needs a delimiter).
    let uri_row = lines
        .iter()
        .rposition(|l| l.trim_start() == input && l.len() > input.len() || *l == input)
        .unwrap_or_else(|| panic!("no reference line for {input:?}:\n{diagram}"));
    // An empty reference's line is empty: its indent was trimmed.
    let indent = if input.is_empty() {
        lines[uri_row + 1..]
            .iter()
            .chain(&lines[..uri_row])
            .filter(|l| l.chars().all(|c| " │".contains(c)))
            .map(|l| l.len() - l.trim_start().len())
            .min()
            .unwrap_or(0)
    } else {
        lines[uri_row].len() - input.len()
    };
    let width = input.chars().count();
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(*line, line.trim_end(), "trailing space in {input:?}");
        let is_glyphs = line.chars().all(|c| " ┌┐└┘─┬┴│".contains(c));
        if i != uri_row && is_glyphs {
            for (column, c) in line.chars().enumerate() {
                if c != ' ' {
                    assert!(
                        (indent..=indent + width).contains(&column),
                        "glyph outside the reference in {input:?}:\n{diagram}"
                    );
                }
            }
        }
    }
    let authority = uri.authority();
    let expected = [
        ("scheme name", uri.scheme().is_some()),
        (
            "user information",
            authority.and_then(|a| a.userinfo()).is_some(),
        ),
        ("host", authority.is_some()),
        ("port", authority.and_then(|a| a.port()).is_some()),
        ("authority", authority.is_some()),
        ("path", true),
        ("query", uri.query().is_some()),
        ("fragment", uri.fragment().is_some()),
        ("hierarchical part", uri.scheme().is_some()),
        ("relative part", uri.scheme().is_none()),
    ];
    // A line from a tick to a stacked label can touch a label.
    let label_lines: String = lines
        .iter()
        .enumerate()
        .filter(|&(i, l)| i != uri_row && l.chars().any(char::is_alphabetic))
        .map(|(_, l)| format!(" {} ", l.replace('│', " ")))
        .collect();
    for (label, present) in expected {
        // "host" must not be found inside another label.
        let found = label_lines.contains(&format!(" {label} "));
        assert_eq!(found, present, "label {label:?} in {input:?}:\n{diagram}");
    }
}

#[test]
fn shared_vectors_draw_consistently() {
    let Some(records) = shared_records("testdata/valid.json") else {
        return;
    };
    let mut drawn = 0;
    for record in &records {
        let Some(input) = str_field(record, "input") else {
            continue;
        };
        if let Ok(uri) = UriRef::parse(input) {
            check_invariants(&uri);
            drawn += 1;
        }
    }
    assert!(drawn > 100, "only {drawn} vectors drawn");
}

fn uri_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex(
        "([a-z][a-z0-9+.-]{0,3}:)?(//([a-z0-9:]{0,4}@)?(\\[::[0-9a-f]{1,4}\\]|\\[v1\\.x\\]|[a-z0-9.]{0,6})(:[0-9]{0,3})?)?(/?[a-z0-9@]{0,4}(/[a-z0-9:@]{0,4}){0,3})(\\?[a-z=&/?]{0,5})?(#[a-z?]{0,4})?",
    )
    .expect("a valid regex")
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(256, "tests/proptest-regressions/library/explain.txt"))]

    #[test]
    fn generated_references_draw_consistently(input in uri_like()) {
        if let Ok(uri) = UriRef::parse(&input) {
            check_invariants(&uri);
        }
    }
}

/// The diagram of an input that does not parse: the components the
/// grammar matched before the error, the input, and the caret with the
/// message.
#[track_caller]
fn golden_error(input: &str, expected: &str) {
    let expected = expected.strip_prefix('\n').unwrap_or(expected);
    let error = UriRef::parse(input).expect_err("invalid");
    let diagram = Explainer::new().explain_error(input, &error);
    assert_eq!(diagram, expected, "diagram of {input:?}:\n{diagram}");
}

#[test]
fn error_after_an_unbracketed_ipv6_address() {
    golden_error(
        "http://2001:db8::1/",
        r"
     hierarchical part
          ┌──┴──┐
          authority
            ┌─┴─┐
     http://2001:db8::1/
     └┬─┘   └┬─┘ │
scheme name host port
                 ^ invalid character 'd' in port; an IPv6 address as the host goes in brackets: [2001:db8::1] (RFC 3986 section 3.2.2)
",
    );
}

/// `ht` is a relative path, and the space cannot continue it.
#[test]
fn error_in_a_relative_path() {
    golden_error(
        "ht tp://h/",
        r"
relative part
      ┴┐
     path
      ┴┐
      ht tp://h/
        ^ invalid character ' ' in path
",
    );
}

#[test]
fn error_inside_an_ip_literal_draws_what_precedes_the_host() {
    golden_error(
        "http://[::1::2]/p",
        r"
    http://[::1::2]/p
    └┬─┘
scheme name
               ^ a second '::' in the IPv6 address; '::' may appear only once
",
    );
}

/// Control and bidirectional formatting characters in an invalid input
/// are drawn as U+FFFD, and the caret counts them as one column; an error of a rule that is no typed
/// entry gets the input and the caret alone.
#[test]
fn errors_draw_control_characters_as_replacement_characters() {
    let input = "http://h/\u{1b}[31m\u{202E}";
    let error = UriRef::parse(input).unwrap_err();
    let diagram = Explainer::new().explain_error(input, &error);
    assert!(!diagram.contains(['\u{1b}', '\u{202E}']), "{diagram}");
    let lines: Vec<&str> = diagram.lines().collect();
    let input_line = lines
        .iter()
        .find(|l| l.contains("http://h/\u{FFFD}[31m\u{FFFD}"))
        .unwrap();
    let caret = lines.last().unwrap();
    let at = |line: &str, c: char| line.chars().position(|x| x == c).unwrap();
    assert_eq!(at(caret, '^'), at(input_line, '\u{FFFD}'));
    let rule = peguri::grammar::parse_rule("IPv6address", "1::2::3").unwrap_err();
    let diagram = Explainer::new().explain_error("1::2::3", &rule);
    assert_eq!(diagram.lines().next(), Some("1::2::3"));
    assert_eq!(diagram.lines().count(), 2);
}

/// Over invalid inputs: the caret line is last, under the error's column,
/// with the message; every label drawn is of a component that ends at or
/// before the error.
#[track_caller]
fn check_error_invariants(input: &str) {
    // The input line is trimmed: one of spaces alone cannot be found.
    let Err(error) = UriRef::parse(input) else {
        return;
    };
    if input.trim().is_empty() {
        return;
    }
    let diagram = Explainer::new().explain_error(input, &error);
    let lines: Vec<&str> = diagram.lines().collect();
    let caret = lines.last().expect("a caret line");
    let message = format!("^ {}", error.message());
    assert!(caret.ends_with(&message), "{input:?}:\n{diagram}");
    let input_line = lines
        .iter()
        .rev()
        .find(|l| l.ends_with(input.trim_end()))
        .unwrap_or_else(|| panic!("no input line for {input:?}:\n{diagram}"));
    let indent = input_line.chars().count() - input.trim_end().chars().count();
    let column = input[..error.offset()].chars().count();
    assert_eq!(
        caret.chars().count() - message.chars().count(),
        indent + column,
        "{input:?}:\n{diagram}"
    );
}

#[test]
fn shared_invalid_vectors_draw_to_the_error() {
    let Some(records) = shared_records("testdata/invalid.json") else {
        return;
    };
    let mut drawn = 0;
    for record in &records {
        if let Some(input) = str_field(record, "input") {
            if !input.chars().any(char::is_control) {
                check_error_invariants(input);
                drawn += 1;
            }
        }
    }
    assert!(drawn > 50, "only {drawn} vectors drawn");
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(256, "tests/proptest-regressions/library/explain.txt"))]

    #[test]
    fn generated_invalid_references_draw_to_the_error(
        input in uri_like(),
        at in 0usize..40,
        bad in proptest::sample::select(vec![" ", "%", "%z", "[", "]", "^", "é", "#", ":"]),
    ) {
        let at = at.min(input.len());
        let input = format!("{}{bad}{}", &input[..at], &input[at..]);
        check_error_invariants(&input);
    }
}
