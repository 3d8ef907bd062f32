//! RFC 3986 Appendix B as a test oracle: for every valid URI reference,
//! strict parsing (`UriRef::parse`) and lenient splitting (`split_lenient`)
//! agree on all five components. Checked on the shared vectors and on
//! generated references; arbitrary strings check that splitting is total
//! and loses nothing.

use crate::common;

use common::{ExpectedFailures, Tally, is_false, shared_records, str_field};
use peguri::UriRef;
use peguri::split::split_lenient;
use proptest::prelude::*;

/// The five components of a strict parse, the authority as its text.
fn strict(uri: &UriRef<'_>) -> [Option<String>; 5] {
    [
        uri.scheme().map(str::to_owned),
        uri.authority().map(|a| a.as_str().to_owned()),
        Some(uri.path().to_owned()),
        uri.query().map(str::to_owned),
        uri.fragment().map(str::to_owned),
    ]
}

fn lenient(input: &str) -> [Option<String>; 5] {
    let parts = split_lenient(input);
    [
        parts.scheme().map(str::to_owned),
        parts.authority().map(str::to_owned),
        Some(parts.path().to_owned()),
        parts.query().map(str::to_owned),
        parts.fragment().map(str::to_owned),
    ]
}

/// `Ok` when `input` is a valid URI reference and both agree.
fn agree(input: &str) -> Result<(), String> {
    let uri = UriRef::parse(input).map_err(|e| format!("strict parse failed: {e}"))?;
    let (s, l) = (strict(&uri), lenient(input));
    if s == l {
        Ok(())
    } else {
        Err(format!("strict {s:?} but lenient {l:?}"))
    }
}

/// Rules naming a whole URI reference (the rest name one component).
const REFERENCE_RULES: &[&str] = &["URI-reference", "URI", "absolute-URI", "relative-ref"];

#[test]
fn strict_and_lenient_agree_on_shared_valid_vectors() {
    let Some(records) = shared_records("testdata/valid.json") else {
        return;
    };
    let mut tally = Tally::new("valid.json", ExpectedFailures::load("split"));
    let mut checked = 0;
    for record in &records {
        let (Some(input), Some(rule)) = (str_field(record, "input"), str_field(record, "rule"))
        else {
            tally.leave_out();
            continue;
        };
        // Component-level records, RFC 6874 zone IDs (not RFC 3986) and
        // records the collector's own RFC check flags are not references
        // the strict parser must accept.
        if !REFERENCE_RULES.contains(&rule)
            || str_field(record, "spec") == Some("RFC6874")
            || is_false(record, "rfc3986_conformant")
        {
            tally.leave_out();
            continue;
        }
        checked += 1;
        tally.record(input, agree(input));
    }
    assert!(checked > 600, "only {checked} references checked");
    tally.finish();
}

#[test]
fn agreement_on_rfc_examples() {
    // RFC 3986 section 1.1.2 and 5.4 examples.
    for input in [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "tel:+1-816-555-1212",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "g;x?y#s",
        "//g",
        "?y",
        "#s",
        "",
        "../../../g",
        "./g:h",
    ] {
        assert_eq!(agree(input), Ok(()), "{input:?}");
    }
}

/// The agreement check itself can fail: a split that differs is caught.
#[test]
fn disagreement_is_detected() {
    // Valid but with a different split would be a bug; invalid input is an
    // error, not a silent pass.
    assert!(agree("http://a b").is_err());
    let uri = UriRef::parse("a:b").unwrap();
    assert_ne!(strict(&uri), lenient("a:c"));
}

// ---------------------------------------------------------------------------
// Generated valid references, built from the grammar's components.
// ---------------------------------------------------------------------------

/// `unreserved / pct-encoded / sub-delims`, as a regex for proptest.
const UNRESERVED_SUB: &str = "([A-Za-z0-9._~!$&'()*+,;=-]|%[0-9A-Fa-f]{2})";

fn pchar_run(extra: &str, min: usize, max: usize) -> BoxedStrategy<String> {
    let re = if extra.is_empty() {
        format!("{UNRESERVED_SUB}{{{min},{max}}}")
    } else {
        format!(
            "({UNRESERVED_SUB}|[{extra}]){{{min},{max}}}",
            extra = regex_escape_class(extra)
        )
    };
    proptest::string::string_regex(&re).unwrap().boxed()
}

fn regex_escape_class(chars: &str) -> String {
    chars
        .chars()
        .flat_map(|c| match c {
            '[' | ']' | '\\' | '^' | '-' => vec!['\\', c],
            _ => vec![c],
        })
        .collect()
}

fn scheme() -> impl Strategy<Value = String> {
    "[A-Za-z][A-Za-z0-9+.-]{0,6}"
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        pchar_run("", 0, 8),
        (0u8..=255, 0u8..=255, 0u8..=255, 0u8..=255)
            .prop_map(|(a, b, c, d)| format!("{a}.{b}.{c}.{d}")),
        any::<[u16; 8]>().prop_map(|g| format!("[{}]", std::net::Ipv6Addr::from(g))),
        "\\[v[0-9a-f]{1,2}\\.[a-z:]{1,4}\\]",
    ]
}

fn authority() -> impl Strategy<Value = String> {
    (
        proptest::option::of(pchar_run(":", 0, 6)),
        host(),
        proptest::option::of("[0-9]{0,5}"),
    )
        .prop_map(|(userinfo, host, port)| {
            let mut out = String::new();
            if let Some(u) = userinfo {
                out.push_str(&u);
                out.push('@');
            }
            out.push_str(&host);
            if let Some(p) = port {
                out.push(':');
                out.push_str(&p);
            }
            out
        })
}

fn segment(min: usize) -> BoxedStrategy<String> {
    pchar_run(":@", min, 5)
}

/// `*( "/" segment )`
fn path_abempty() -> impl Strategy<Value = String> {
    proptest::collection::vec(segment(0), 0..4)
        .prop_map(|segs| segs.iter().map(|s| format!("/{s}")).collect())
}

/// A path for a reference without an authority: absolute, rootless (with a
/// scheme) or noscheme (without), or empty.
fn path_without_authority(has_scheme: bool) -> BoxedStrategy<String> {
    let first = if has_scheme {
        segment(1)
    } else {
        // segment-nz-nc: no ':'
        pchar_run("@", 1, 5)
    };
    let rest = path_abempty();
    prop_oneof![
        // path-absolute: "/" [ segment-nz *( "/" segment ) ]
        proptest::option::of((segment(1), path_abempty())).prop_map(|p| match p {
            Some((first, rest)) => format!("/{first}{rest}"),
            None => "/".to_owned(),
        }),
        (first, rest).prop_map(|(f, r)| format!("{f}{r}")),
        Just(String::new()),
    ]
    .boxed()
}

fn query_or_fragment() -> impl Strategy<Value = Option<String>> {
    proptest::option::of(pchar_run(":@/?", 0, 8))
}

/// A URI reference, valid by construction from RFC 3986's rules.
fn uri_reference() -> impl Strategy<Value = String> {
    (
        proptest::option::of(scheme()),
        proptest::option::of(authority()),
    )
        .prop_flat_map(|(scheme, authority)| {
            let path = match authority {
                Some(_) => path_abempty().boxed(),
                None => path_without_authority(scheme.is_some()),
            };
            (
                Just(scheme),
                Just(authority),
                path,
                query_or_fragment(),
                query_or_fragment(),
            )
        })
        .prop_map(|(scheme, authority, path, query, fragment)| {
            let mut out = String::new();
            if let Some(s) = scheme {
                out.push_str(&s);
                out.push(':');
            }
            if let Some(a) = authority {
                out.push_str("//");
                out.push_str(&a);
            }
            out.push_str(&path);
            if let Some(q) = query {
                out.push('?');
                out.push_str(&q);
            }
            if let Some(f) = fragment {
                out.push('#');
                out.push_str(&f);
            }
            out
        })
}

/// Strings rich in the delimiters the appendix splits on.
fn delimiter_soup() -> impl Strategy<Value = String> {
    "[:/?#a@\\[\\]% \n\t.é]{0,24}"
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(512, "tests/proptest-regressions/library/split.txt"))]

    #[test]
    fn generated_references_parse_and_agree(input in uri_reference()) {
        prop_assert_eq!(agree(&input), Ok(()), "{:?}", input);
    }

    #[test]
    fn split_is_total_and_lossless(input in prop_oneof![any::<String>(), delimiter_soup()]) {
        let parts = split_lenient(&input);
        prop_assert_eq!(parts.recompose(), input.as_str());
        // Each group stops where the expression says it does.
        if let Some(s) = parts.scheme() {
            prop_assert!(!s.is_empty() && !s.contains([':', '/', '?', '#']));
        }
        if let Some(a) = parts.authority() {
            prop_assert!(!a.contains(['/', '?', '#']));
        }
        prop_assert!(!parts.path().contains(['?', '#']));
        if let Some(q) = parts.query() {
            prop_assert!(!q.contains('#'));
        }
        // A valid reference splits as it parses.
        if UriRef::parse(&input).is_ok() {
            prop_assert_eq!(agree(&input), Ok(()));
        }
    }
}

/// The splitter against what the sources themselves assert for scheme,
/// path, query and fragment (Appendix B does not split the authority), on
/// every whole-reference record, valid or lenient.
#[test]
fn split_matches_source_assertions() {
    let Some(records) = shared_records("testdata/valid.json") else {
        return;
    };
    let mut tally = Tally::new("valid.json", ExpectedFailures::load("split_sources"));
    for record in &records {
        let (Some(input), Some(rule)) = (str_field(record, "input"), str_field(record, "rule"))
        else {
            tally.leave_out();
            continue;
        };
        if !REFERENCE_RULES.contains(&rule) {
            tally.leave_out();
            continue;
        }
        let parts = split_lenient(input);
        let got = [
            ("scheme", parts.scheme()),
            ("path", Some(parts.path())),
            ("query", parts.query()),
            ("fragment", parts.fragment()),
        ];
        let mut problems = Vec::new();
        for (field, value) in got {
            // A key is present only when some source asserts it.
            let Some(expected) = record.get(field) else {
                continue;
            };
            if expected.as_str() != value {
                problems.push(format!(
                    "{field}: source says {expected}, split gives {value:?}"
                ));
            }
        }
        let outcome = if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        };
        tally.record(input, outcome);
    }
    tally.finish();
}

/// The compiled `split.pest` and pest_derive's parser split alike.
fn engines_agree(input: &str) -> Result<(), String> {
    fn parts(p: peguri::split::SplitComponents<'_>) -> [Option<&str>; 5] {
        [
            p.scheme(),
            p.authority(),
            Some(p.path()),
            p.query(),
            p.fragment(),
        ]
    }
    let compiled = parts(peguri::split::split_lenient(input));
    let pest = parts(peguri::__engines::split_with_pest(input));
    if compiled == pest {
        Ok(())
    } else {
        Err(format!("{input:?}: compiled {compiled:?}, pest {pest:?}"))
    }
}

#[test]
fn split_engines_agree_on_edges() {
    for input in [
        "",
        ":",
        "a:",
        "//",
        "?",
        "#",
        "a/b:c",
        "a:b//c?d#e#f",
        "\n#\n",
        "é:ü//ö?ä#ß",
        "::",
        "a?b:c",
    ] {
        engines_agree(input).unwrap();
    }
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(2000, "tests/proptest-regressions/library/split.txt"))]

    #[test]
    fn split_engines_agree(input in "[a:/?#@é\\n ]{0,16}") {
        prop_assert!(engines_agree(&input).is_ok(), "{}", engines_agree(&input).unwrap_err());
    }
}
