//! The two readings of a URL (`peguri::whatwg`, feature `whatwg`): one
//! input per cause, with both readings, the differences, the cause codes
//! and the message; spellings of one meaning that must not be reported;
//! the JSON view and the `whatwg-differs` finding; properties over
//! generated input; and the shared corpus against `docs/whatwg.md`.

use std::collections::BTreeMap;

use peguri::Component;
use peguri::UriRef;
use peguri::report::Report;
use peguri::whatwg::{Cause, Comparison, compare, compare_bytes};
use proptest::prelude::*;

use crate::common;

/// The RFC 3986 reading in one line: its components, or its error.
fn rfc3986_reading(comparison: &Comparison<'_>) -> String {
    let uri = match comparison.rfc3986() {
        Ok(uri) => uri,
        Err(e) => return format!("error at {}: {}", e.offset(), e.message()),
    };
    let mut parts = Vec::new();
    if let Some(scheme) = uri.scheme() {
        parts.push(format!("scheme {scheme:?}"));
    }
    if let Some(authority) = uri.authority() {
        if let Some(userinfo) = authority.userinfo() {
            parts.push(format!("userinfo {userinfo:?}"));
        }
        let host = authority.host();
        parts.push(format!("host {:?} ({})", host.as_str(), host.kind()));
        if let Some(port) = authority.port() {
            parts.push(format!("port {port:?}"));
        }
    }
    parts.push(format!("path {:?}", uri.path()));
    if let Some(query) = uri.query() {
        parts.push(format!("query {query:?}"));
    }
    if let Some(fragment) = uri.fragment() {
        parts.push(format!("fragment {fragment:?}"));
    }
    parts.join(", ")
}

/// The WHATWG reading in one line: the URL, or its error.
fn whatwg_reading(comparison: &Comparison<'_>) -> String {
    match comparison.whatwg() {
        Ok(url) => url.as_str().to_owned(),
        Err(e) => format!("error: {e}"),
    }
}

/// Checks one input's comparison: both readings, the differing
/// components, the cause codes and the first cause's message.
#[track_caller]
fn check(
    input: &str,
    rfc3986: &str,
    whatwg: &str,
    differs: &[&str],
    causes: &[&str],
    message: &str,
) {
    let comparison = compare(input);
    assert_eq!(
        rfc3986_reading(&comparison),
        rfc3986,
        "RFC 3986 reading of {input:?}"
    );
    assert_eq!(
        whatwg_reading(&comparison),
        whatwg,
        "WHATWG reading of {input:?}"
    );
    // As JSON shows them: the components, or validity alone.
    let names: Vec<&str> = if comparison.validity_differs() {
        vec!["validity"]
    } else {
        comparison
            .differences()
            .iter()
            .map(|c| c.as_str())
            .collect()
    };
    assert_eq!(names, differs, "differences of {input:?}");
    assert_eq!(
        serde_json::to_value(&comparison).unwrap()["differs"],
        serde_json::json!(differs)
    );
    let codes: Vec<&str> = comparison
        .causes()
        .iter()
        .map(|e| e.cause.as_str())
        .collect();
    assert_eq!(codes, causes, "causes of {input:?}");
    assert_eq!(
        comparison.causes()[0].message,
        message,
        "message for {input:?}"
    );
}

/// One `#[test]` per case, and the list of the causes they show.
macro_rules! cause_cases {
    ($($name:ident: $input:expr, $rfc:expr, $whatwg:expr, $differs:expr, $causes:expr, $message:expr;)*) => {
        $(
            #[test]
            fn $name() {
                check($input, $rfc, $whatwg, &$differs, &$causes, $message);
            }
        )*

        /// The cause codes the cases above show.
        const SHOWN: &[&[&str]] = &[$(&$causes),*];
    };
}

cause_cases! {
    // Scheme confusion.
    scheme_relative: "//evil.example/x",
        r#"host "evil.example" (reg-name), path "/x""#,
        "error: relative URL without a base",
        ["validity"], ["scheme-relative"],
        "a network-path reference: RFC 3986 reads the host \"evil.example\" and takes the \
         scheme from the base URI; WHATWG rejects it without a base URL, and with one takes \
         the base's scheme";
    relative_reference: "evil.example/x",
        r#"path "evil.example/x""#,
        "error: relative URL without a base",
        ["validity"], ["relative-reference"],
        "a reference without a scheme: RFC 3986 reads the path \"evil.example/x\", relative to \
         a base URI; WHATWG rejects it without a base URL";
    tab_or_newline: "java\nscript:alert(1)",
        r"error at 4: invalid character '\n' in path",
        "javascript:alert(1)",
        ["validity"], ["tab-or-newline"],
        "WHATWG removes every tab, CR and LF ('\\n' at byte 4) and reads \
         \"javascript:alert(1)\"; RFC 3986 allows none";
    tab_in_host: "http://good.exa\tmple/",
        "error at 15: invalid character '\\t' in host",
        "http://good.example/",
        ["validity"], ["tab-or-newline"],
        "WHATWG removes every tab, CR and LF ('\\t' at byte 15) and reads \
         \"http://good.example/\"; RFC 3986 allows none";
    c0_space_trimmed: "\u{1} javascript:alert(1)",
        r"error at 0: invalid character '\u{1}' in path",
        "javascript:alert(1)",
        ["validity"], ["c0-space-trimmed"],
        "WHATWG removes the leading and trailing C0 controls and spaces (U+0001, U+0020) and \
         reads \"javascript:alert(1)\"; RFC 3986 allows none";
    // Slash confusion.
    missing_slashes: "http:evil.example/x",
        r#"scheme "http", path "evil.example/x""#,
        "http://evil.example/x",
        ["host", "path"], ["missing-slashes"],
        "WHATWG reads a \"http\" URL with no slash after the scheme as if it had two: it reads \
         the host \"evil.example\"; RFC 3986 reads an authority only after \"//\"";
    one_slash: "http:/evil.example/",
        r#"scheme "http", path "/evil.example/""#,
        "http://evil.example/",
        ["host", "path"], ["missing-slashes"],
        "WHATWG reads a \"http\" URL with one slash after the scheme as if it had two: it reads \
         the host \"evil.example\"; RFC 3986 reads an authority only after \"//\"";
    extra_slashes: "http:///evil.example/",
        r#"scheme "http", host "" (reg-name), path "/evil.example/""#,
        "http://evil.example/",
        ["host", "path"], ["extra-slashes"],
        "WHATWG skips all 3 slashes after the scheme of a \"http\" URL and reads the host \
         \"evil.example\"; RFC 3986 reads an empty host after \"//\" and the rest as the path";
    empty_host: "http://:80/",
        r#"scheme "http", host "" (reg-name), port "80", path "/""#,
        "error: empty host",
        ["validity"], ["empty-host"],
        "RFC 3986 reads the authority \":80\" with an empty host; WHATWG requires a host in a \
         \"http\" URL, and rejects it";
    missing_host: "http:",
        r#"scheme "http", path """#,
        "error: empty host",
        ["validity"], ["empty-host"],
        "RFC 3986 reads no authority; WHATWG requires a host in a \"http\" URL, and rejects it";
    userinfo_without_host: "foo://user@/x",
        r#"scheme "foo", userinfo "user", host "" (reg-name), path "/x""#,
        "error: empty host",
        ["validity"], ["empty-host"],
        "RFC 3986 reads the authority \"user@\" with an empty host; WHATWG requires a host \
         where there is userinfo or a port, and rejects it";
    // Backslash confusion.
    backslash: r"http://evil.example\@good.example/",
        r"error at 19: invalid character '\\' in host",
        "http://evil.example/@good.example/",
        ["validity"], ["backslash"],
        "WHATWG reads \"\\\" as \"/\" before the query of a \"http\" URL, so it reads the host \
         \"evil.example\" and the path \"/@good.example/\"; RFC 3986 allows no \"\\\"";
    backslashes_after_scheme: r"https:\\evil.example/",
        r"error at 6: invalid character '\\' in path",
        "https://evil.example/",
        ["validity"], ["backslash"],
        "WHATWG reads \"\\\" as \"/\" before the query of a \"https\" URL, so it reads the host \
         \"evil.example\" and the path \"/\"; RFC 3986 allows no \"\\\"";
    // URL-encoded data confusion.
    host_percent_decoded: "http://a%2Cb.example/",
        r#"scheme "http", host "a%2Cb.example" (reg-name), path "/""#,
        "http://a,b.example/",
        ["host"], ["host-percent-decoded"],
        "WHATWG percent-decodes the host \"a%2Cb.example\" to \"a,b.example\"; RFC 3986 decodes \
         only the triplets of unreserved characters (section 6.2.2.2), so to it the names differ";
    host_decoded_to_a_forbidden_character: "http://a%25b.example/",
        r#"scheme "http", host "a%25b.example" (reg-name), path "/""#,
        "error: invalid international domain name",
        ["validity"], ["host-percent-decoded"],
        "WHATWG percent-decodes the host \"a%25b.example\" to \"a%b.example\", and a host may \
         not hold '%', so it rejects it; RFC 3986 reads a registered name";
    host_decoded_to_bytes: "http://%FF.example/",
        r#"scheme "http", host "%FF.example" (reg-name), path "/""#,
        "error: invalid international domain name",
        ["validity"], ["host-percent-decoded"],
        "WHATWG percent-decodes the host \"%FF.example\", and its octets are not UTF-8, so it \
         rejects it; RFC 3986 reads a registered name";
    fragment_in_host: "http://evil.example%23.good.example/",
        r#"scheme "http", host "evil.example%23.good.example" (reg-name), path "/""#,
        "error: invalid international domain name",
        ["validity"], ["delimiter-in-host"],
        "WHATWG percent-decodes the host \"evil.example%23.good.example\" to \
         \"evil.example#.good.example\", where '#' would start a fragment, and rejects it; RFC \
         3986 reads a registered name with '#' percent-encoded";
    query_in_host: "http://good.example%3F.evil.example/",
        r#"scheme "http", host "good.example%3F.evil.example" (reg-name), path "/""#,
        "error: invalid international domain name",
        ["validity"], ["delimiter-in-host"],
        "WHATWG percent-decodes the host \"good.example%3F.evil.example\" to \
         \"good.example?.evil.example\", where '?' would start a query, and rejects it; RFC \
         3986 reads a registered name with '?' percent-encoded";
    bad_percent_encoding: "http://h/%zz",
        "error at 10: expected a hex digit after '%'",
        "http://h/%zz",
        ["validity"], ["bad-percent-encoding"],
        "RFC 3986 allows \"%\" only before two hex digits; WHATWG keeps a \"%\" that starts no \
         triplet as it is: \"http://h/%zz\"";
    ipv4_hex_and_shorthand: "http://0x7f.1/",
        r#"scheme "http", host "0x7f.1" (reg-name), path "/""#,
        "http://127.0.0.1/",
        ["host"], ["ipv4-number-forms"],
        "WHATWG reads the host \"0x7f.1\" as the IPv4 address 127.0.0.1 (numbers in decimal, \
         octal or hexadecimal, fewer than four parts, a trailing dot); RFC 3986 reads a \
         registered name, which a resolver looks up";
    ipv4_octal: "http://0177.0.0.1/",
        r#"scheme "http", host "0177.0.0.1" (reg-name), path "/""#,
        "http://127.0.0.1/",
        ["host"], ["ipv4-number-forms"],
        "WHATWG reads the host \"0177.0.0.1\" as the IPv4 address 127.0.0.1 (numbers in \
         decimal, octal or hexadecimal, fewer than four parts, a trailing dot); RFC 3986 reads \
         a registered name, which a resolver looks up";
    ipv4_one_number: "http://2130706433/",
        r#"scheme "http", host "2130706433" (reg-name), path "/""#,
        "http://127.0.0.1/",
        ["host"], ["ipv4-number-forms"],
        "WHATWG reads the host \"2130706433\" as the IPv4 address 127.0.0.1 (numbers in \
         decimal, octal or hexadecimal, fewer than four parts, a trailing dot); RFC 3986 reads \
         a registered name, which a resolver looks up";
    ipv4_out_of_range: "http://1.2.3.256/",
        r#"scheme "http", host "1.2.3.256" (reg-name), path "/""#,
        "error: invalid IPv4 address",
        ["validity"], ["ipv4-number-forms"],
        "WHATWG reads a host that ends in a number as an IPv4 address (decimal, octal, \
         hexadecimal, fewer than four parts), and \"1.2.3.256\" is no valid one; RFC 3986 reads \
         it as a registered name";
    // Scheme mixup.
    windows_drive_letter: "file://C:/x",
        r#"scheme "file", host "C" (reg-name), port "", path "/x""#,
        "file:///C:/x",
        ["host", "path"], ["windows-drive-letter"],
        "WHATWG reads \"C:\" as a Windows drive letter in a file URL, which starts the path \
         \"/C:/x\" and which \"..\" never removes; RFC 3986 reads the path \"/x\" and the host \
         \"c\"";
    drive_letter_and_dot_segments: "file:///C:/../x",
        r#"scheme "file", host "" (reg-name), path "/C:/../x""#,
        "file:///C:/x",
        ["path"], ["windows-drive-letter"],
        "WHATWG reads \"C:\" as a Windows drive letter in a file URL, which starts the path \
         \"/C:/x\" and which \"..\" never removes; RFC 3986 reads the path \"/x\"";
    file_authority: "file://user@host/x",
        r#"scheme "file", userinfo "user", host "host" (reg-name), path "/x""#,
        "error: invalid international domain name",
        ["validity"], ["file-authority"],
        "RFC 3986 reads the authority \"user@host\" with userinfo; WHATWG allows neither \
         userinfo nor a port in a file URL, reads them as part of the host, and rejects it";
    opaque_path: "mailto:a/../b",
        r#"scheme "mailto", path "a/../b""#,
        "mailto:a/../b",
        ["path"], ["opaque-path"],
        "WHATWG keeps the opaque path \"a/../b\" (a path after the scheme that does not start \
         with \"/\") as written; RFC 3986 normalization removes its dot-segments: \"/b\"";
    // The rest.
    last_at_sign: "http://a@evil.example@good.example/",
        "error at 21: invalid character '@' in host",
        "http://a%40evil.example@good.example/",
        ["validity"], ["last-at-sign"],
        "WHATWG ends the userinfo at the last \"@\" of the authority and percent-encodes the \
         others: the user is \"a%40evil.example\" and it reads the host \"good.example\"; RFC \
         3986 allows no \"@\" in userinfo";
    port_out_of_range: "http://h:65536/",
        r#"scheme "http", host "h" (reg-name), port "65536", path "/""#,
        "error: invalid port number",
        ["validity"], ["port-out-of-range"],
        "RFC 3986 allows a port of any number of digits (\"65536\"); WHATWG rejects a port \
         above 65535";
    ipvfuture: "http://[v1.x]/",
        r#"scheme "http", host "[v1.x]" (ipvfuture), path "/""#,
        "error: invalid IPv6 address",
        ["validity"], ["ipvfuture"],
        "RFC 3986 reads the IPvFuture literal \"[v1.x]\"; WHATWG knows only IPv6 literals and \
         rejects it";
    idna_mapping_full_width: "http://ＥＸＡＭＰＬＥ。com/",
        "error at 7: invalid character 'Ｅ' in host (non-ASCII characters must be \
         percent-encoded)",
        "http://example.com/",
        ["validity"], ["idna-mapping"],
        "the host \"ＥＸＡＭＰＬＥ。com\" is not ASCII: WHATWG maps it with UTS 46 ToASCII, \
         which folds full-width forms, other dots and case, reading \"example.com\"; RFC 3986 \
         allows only ASCII (an IRI's host, RFC 3987, is mapped by ToASCII)";
    idna_mapping_case: "http://BÜCHER.example/",
        "error at 8: invalid character 'Ü' in host (non-ASCII characters must be \
         percent-encoded)",
        "http://xn--bcher-kva.example/",
        ["validity"], ["idna-mapping"],
        "the host \"BÜCHER.example\" is not ASCII: WHATWG maps it with UTS 46 ToASCII, which \
         folds full-width forms, other dots and case, reading \"xn--bcher-kva.example\"; RFC \
         3986 allows only ASCII (an IRI's host, RFC 3987, is mapped by ToASCII)";
    idna_punycode: "http://bücher.example/",
        "error at 8: invalid character 'ü' in host (non-ASCII characters must be \
         percent-encoded)",
        "http://xn--bcher-kva.example/",
        ["validity"], ["idna-mapping"],
        "the host \"bücher.example\" is not ASCII: WHATWG encodes it with Punycode (UTS 46 \
         ToASCII), reading \"xn--bcher-kva.example\"; RFC 3986 allows only ASCII (an IRI's \
         host, RFC 3987, is mapped by ToASCII)";
    idna_mapping_to_nothing: "http://%C2%AD/",
        r#"scheme "http", host "%C2%AD" (reg-name), path "/""#,
        "error: empty host",
        ["validity"], ["idna-mapping"],
        "WHATWG maps the host \"%C2%AD\" with UTS 46 ToASCII to nothing (it drops characters \
         such as U+00AD SOFT HYPHEN), and rejects the empty host; RFC 3986 reads a registered \
         name";
    idna_rejected: "http://xn--a.example/",
        r#"scheme "http", host "xn--a.example" (reg-name), path "/""#,
        "error: invalid international domain name",
        ["validity"], ["idna-rejected"],
        "WHATWG maps every special URL's host with UTS 46 ToASCII, which rejects \
         \"xn--a.example\"; RFC 3986 reads a registered name";
    lenient_idna: "http://a_b.%C3%BC/",
        r#"scheme "http", host "a_b.%C3%BC" (reg-name), path "/""#,
        "http://a_b.xn--tda/",
        ["host"], ["lenient-idna"],
        "ToASCII as RFC 3987 section 3.1 applies it (STD3 rules, hyphens, DNS lengths) finds \
         no ASCII form for the host \"a_b.%C3%BC\"; WHATWG's ToASCII leaves those checks out \
         and reads \"a_b.xn--tda\"";
    encoded_by_whatwg: "http://h/a b",
        "error at 10: invalid character ' ' in path",
        "http://h/a%20b",
        ["validity"], ["encoded-by-whatwg"],
        "invalid character ' ' in path: RFC 3986 rejects it; WHATWG percent-encodes it as \
         \"%20\": \"http://h/a%20b\"";
    non_ascii_encoded_by_whatwg: "http://h/é",
        "error at 9: invalid character 'é' in path (non-ASCII characters must be \
         percent-encoded)",
        "http://h/%C3%A9",
        ["validity"], ["encoded-by-whatwg"],
        "invalid character 'é' in path (non-ASCII characters must be percent-encoded): RFC \
         3986 allows only ASCII; WHATWG percent-encodes 'é' as UTF-8, \"%C3%A9\": \
         \"http://h/%C3%A9\"";
    kept_by_whatwg: "http://h/a|b",
        "error at 10: invalid character '|' in path",
        "http://h/a|b",
        ["validity"], ["kept-by-whatwg"],
        "invalid character '|' in path: RFC 3986 rejects it; WHATWG keeps it as it is: \
         \"http://h/a|b\"";
    backslash_kept_in_a_query: r"http://h/?a\b",
        r"error at 11: invalid character '\\' in query",
        r"http://h/?a\b",
        ["validity"], ["kept-by-whatwg"],
        "invalid character '\\\\' in query: RFC 3986 rejects it; WHATWG keeps it as it is: \
         \"http://h/?a\\\\b\"";
    several_causes: " http://h/a\tb%zz",
        "error at 0: invalid character ' ' in path",
        "http://h/ab%zz",
        ["validity"], ["tab-or-newline", "c0-space-trimmed", "bad-percent-encoding"],
        "WHATWG removes every tab, CR and LF ('\\t' at byte 11) and reads \"http://h/ab%zz\"; \
         RFC 3986 allows none";
}

/// Every cause but the two that stand for "another reason" has a case
/// above; those two are what is left when a future `url` rejects or
/// accepts something new.
#[test]
fn every_cause_has_a_case() {
    for cause in Cause::ALL {
        if matches!(cause, Cause::Rfc3986Rejects | Cause::WhatwgRejects) {
            continue;
        }
        assert!(
            SHOWN.iter().any(|codes| codes.contains(&cause.as_str())),
            "no case shows {cause}"
        );
    }
}

/// Spellings of one meaning, each with why: the WHATWG URL differs from
/// the input as written or from its RFC 3986 normal form, and yet no
/// component differs. The last ones are
/// lines of the shared corpus.
const SAME_MEANING: &[(&str, &str)] = &[
    ("HTTP://H:80/a/./b", "case, default port, dot-segment"),
    (
        "http://example.com",
        "an empty path is / after a special scheme's host",
    ),
    ("ftp://h", "an empty path is / for ftp too"),
    ("https://example.com:443/", "the default port"),
    ("http://h:0080/", "the default port with leading zeros"),
    ("ssh://h:22/", "ssh's default port, which WHATWG keeps"),
    (
        "http://%65xample.com/",
        "a triplet of an unreserved character",
    ),
    (
        "http://%31%32%37.0.0.1/",
        "decoded, the digits are an IPv4address to RFC 3986 too",
    ),
    (
        "http://ex%EF%BC%8Eample.com/",
        "a full-width dot, mapped by ToASCII on both sides",
    ),
    (
        "http://b%C3%BCcher.example/",
        "a percent-encoded IDN, mapped by ToASCII on both sides",
    ),
    (
        "http://%C3%9C.example/",
        "an uppercase non-ASCII letter, folded on both sides",
    ),
    (
        "http://a%C2%ADb.example/",
        "a soft hyphen, dropped by ToASCII on both sides",
    ),
    (
        "http://h/?a'b",
        "WHATWG percent-encodes ' in a special URL's query",
    ),
    ("http://@h/", "empty userinfo"),
    ("http://u:@h/", "an empty password"),
    (
        "http://a;b:c=d@h/",
        "WHATWG percent-encodes ; and = in userinfo",
    ),
    (
        "http://[2001:DB8:0:0:0:0:0:1]/",
        "one IPv6 address, two texts",
    ),
    (
        "file://localhost/etc/passwd",
        "localhost is the local machine in a file URL",
    ),
    (
        "file:/etc/passwd",
        "no authority is the local machine in a file URL",
    ),
    (
        "foo://EXAMPLE.com/a/../b",
        "an opaque host's case, a dot-segment",
    ),
    (
        "foo://0X7F.1/",
        "not special: an opaque host, no IPv4 number forms",
    ),
    (
        "foo:/a/..//x",
        "WHATWG serializes the path //x with /. in front",
    ),
    ("http://h/a/%2e%2E/b", "percent-encoded dot-segments"),
    (
        "https://life4news.ru:443/",
        "a corpus line: the default port",
    ),
    (
        "http://Slovar-Vocab.com/english/merriam-websters-vocab/provenance-7676042.html",
        "a corpus line: the host's case",
    ),
    (
        "file://CODE_OF_CONDUCT.md",
        "a corpus line: the host's case, file's empty path",
    ),
    ("file://benchmark", "a corpus line: file's empty path"),
    ("https://file://node.gypi", "a corpus line: an empty port"),
];

#[test]
fn spellings_of_one_meaning_are_no_difference() {
    for (input, why) in SAME_MEANING {
        let comparison = compare(input);
        let url = comparison
            .whatwg()
            .unwrap_or_else(|e| panic!("{input:?}: {e}"));
        assert!(comparison.rfc3986().is_ok(), "{input:?} is a URI");
        let normal = UriRef::parse(input).unwrap().normalize();
        assert!(
            url.as_str() != *input || url.as_str() != normal.as_str(),
            "{input:?} is spelled alike in both readings ({why})"
        );
        assert_eq!(comparison.differences(), [], "{input:?} ({why})");
        assert!(comparison.causes().is_empty(), "{input:?} ({why})");
        assert!(comparison.finding().is_none(), "{input:?} ({why})");
    }
}

#[test]
fn inputs_both_reject_are_no_difference() {
    for input in [
        "http://a b/",
        r"\\evil.example",
        "http://[::1",
        "http://h:8a/",
    ] {
        let comparison = compare(input);
        assert!(
            comparison.rfc3986().is_err() && comparison.whatwg().is_err(),
            "{input:?}"
        );
        assert!(!comparison.differs(), "{input:?}");
        assert!(comparison.causes().is_empty(), "{input:?}");
    }
}

#[test]
fn bytes_that_are_not_utf8() {
    let comparison = compare_bytes(b"http://h/a\xFFb");
    assert_eq!(comparison.input(), "http://h/a\u{FFFD}b");
    let error = comparison.rfc3986().unwrap_err();
    assert_eq!(error.offset(), 10);
    assert!(
        error
            .message()
            .to_string()
            .starts_with("invalid UTF-8: byte 0xFF")
    );
    assert_eq!(whatwg_reading(&comparison), "http://h/a%EF%BF%BDb");
    assert!(comparison.validity_differs());
    assert!(comparison.differences().is_empty());
    assert_eq!(comparison.causes()[0].cause, Cause::EncodedByWhatwg);
    // Valid UTF-8 reads as `compare` reads it.
    assert_eq!(
        compare_bytes(b"http://0x7f.1/").differences(),
        [Component::Host]
    );
}

/// `rfc3986` is exactly the object `peguri parse` prints (the library's
/// `Report`), valid or not.
#[test]
fn json_holds_both_readings() {
    for input in [
        "http://u:p@0x7f.1:8080/a?q#f",
        "http://h/a b",
        "//h",
        "file:///x",
        "foo://H/",
    ] {
        let text = serde_json::to_string(&compare(input)).unwrap();
        let at = |key: &str| text.find(&format!("\"{key}\":")).unwrap_or(usize::MAX);
        let keys = ["input", "rfc3986", "whatwg", "differs", "causes"];
        assert!(
            keys.windows(2).all(|w| at(w[0]) < at(w[1])),
            "keys in order: {text}"
        );
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["input"], input);
        assert_eq!(
            json["rfc3986"],
            serde_json::to_value(Report::parse(input)).unwrap()
        );
    }
    let json = serde_json::to_value(compare("http://u:p@0x7f.1:8080/a?q#f")).unwrap();
    assert_eq!(
        json["whatwg"],
        serde_json::json!({
            "href": "http://u:p@127.0.0.1:8080/a?q#f",
            "scheme": "http",
            "authority": {"userinfo": "u:p", "host": "127.0.0.1", "host_kind": "ipv4", "port": "8080"},
            "path": "/a",
            "query": "q",
            "fragment": "f",
        })
    );
    assert_eq!(json["differs"], serde_json::json!(["host"]));
    assert_eq!(json["causes"][0]["code"], "ipv4-number-forms");
    let json = serde_json::to_value(compare("//h")).unwrap();
    assert_eq!(
        json["whatwg"],
        serde_json::json!({"error": "relative URL without a base"})
    );
    let kinds = [
        ("file:///x", Some("empty")),
        ("foo://H/", Some("opaque")),
        ("http://[::1]/", Some("ipv6")),
        ("http://h/", Some("domain")),
        ("mailto:a", None),
    ];
    for (input, kind) in kinds {
        let json = serde_json::to_value(compare(input)).unwrap();
        assert_eq!(
            json["whatwg"]["authority"]["host_kind"].as_str(),
            kind,
            "{input:?}"
        );
    }
}

#[test]
fn finding_spans_the_differing_components() {
    let finding = |input: &str| compare(input).finding().unwrap();
    let f = finding("http://u@0x7f.1:8080/p");
    assert_eq!(f.code, "whatwg-differs");
    assert_eq!(f.severity, peguri::lint::Severity::Warning);
    assert_eq!(f.section, "7");
    assert_eq!(f.span, 9..15);
    assert!(f.message.starts_with(
        "the WHATWG URL Standard reads the host differently (ipv4-number-forms: WHATWG reads \
         the host \"0x7f.1\""
    ));
    // The host that is part of the path to RFC 3986, and the path.
    assert_eq!(finding("http:evil.example/x").span, 5..19);
    assert_eq!(finding("http:///evil.example/").span, 7..21);
    // WHATWG rejects the reference: all of it.
    let f = finding("http://h:65536/");
    assert_eq!(f.span, 0..15);
    assert_eq!(
        f.message,
        "the WHATWG URL Standard rejects this reference (port-out-of-range: RFC 3986 allows a \
         port of any number of digits (\"65536\"); WHATWG rejects a port above 65535)"
    );
    // RFC 3986 rejects it: nothing to lint.
    assert!(compare(r"http://a\b/").finding().is_none());
}

#[test]
fn names_and_codes() {
    for cause in Cause::ALL {
        assert_eq!(Cause::from_name(cause.as_str()), Some(cause));
        let code = cause.as_str();
        assert!(
            code.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        );
    }
    let names: Vec<&str> = Component::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(
        names,
        [
            "scheme",
            "authority",
            "userinfo",
            "host",
            "port",
            "path",
            "query",
            "fragment"
        ]
    );
    assert_eq!(
        peguri::lint::Code::from_name("whatwg-differs"),
        Some(peguri::lint::Code::WhatwgDiffers)
    );
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Comparison<'static>>();
}

/// URL-ish text with the characters the two standards treat differently.
const URLISH: &str = "(([hH][tT]{2}[pP][sS]?|file|foo|mailto):)?[/\\\\]{0,4}\
    ([a-z]{0,3}[@:]){0,2}([a-z0-9.]|%[0-9a-fA-F]{2}|[\\[\\]%@\\\\ \t|^é。Ｅ]){0,12}\
    (:[0-9]{0,6})?(/([a-zA-Z.]|%2[eE]|\\.\\.|[\\\\ '|]){0,4}){0,3}(\\?[a-z'%&=\\\\]{0,4})?(#[a-z#]{0,3})?";

proptest! {
    #![proptest_config(crate::seeds::proptest_config(2048, "tests/proptest-regressions/library/whatwg.txt"))]

    /// Any input: no panic, validity alone when one side rejects,
    /// causes only for differences, a finding only for a URI reference
    /// that differs, and `rfc3986` in JSON as `peguri parse` prints it.
    #[test]
    fn comparisons_are_consistent(input in prop_oneof![URLISH, "\\PC{0,16}", "[\\x00-\\x7f]{0,12}"]) {
        let comparison = compare(&input);
        let one_rejects = comparison.rfc3986().is_ok() != comparison.whatwg().is_ok();
        prop_assert_eq!(comparison.validity_differs(), one_rejects);
        if one_rejects {
            prop_assert!(comparison.differences().is_empty());
            prop_assert!(!comparison.causes().is_empty(), "no cause for {:?}", input);
        }
        if !comparison.differs() {
            prop_assert!(comparison.causes().is_empty());
        }
        let finding = comparison.finding();
        prop_assert_eq!(finding.is_some(), comparison.rfc3986().is_ok() && comparison.differs());
        if let Some(finding) = finding {
            prop_assert!(input.get(finding.span.clone()).is_some());
        }
        let json = serde_json::to_value(&comparison).unwrap();
        prop_assert_eq!(&json["rfc3986"], &serde_json::to_value(Report::parse(&input)).unwrap());
    }

    /// Any bytes: no panic, and the RFC 3986 reading is `parse_bytes`'.
    #[test]
    fn bytes_never_panic(input in prop::collection::vec(any::<u8>(), 0..24)) {
        let comparison = compare_bytes(&input);
        prop_assert_eq!(comparison.rfc3986().is_ok(), UriRef::parse_bytes(&input).is_ok());
        let one_rejects = comparison.rfc3986().is_ok() != comparison.whatwg().is_ok();
        prop_assert_eq!(comparison.validity_differs(), one_rejects);
    }

    /// Where both standards read a URL alike, WHATWG's serialization of it
    /// means the same again (when it is a URI).
    #[test]
    fn agreeing_readings_agree_on_the_whatwg_serialization(input in URLISH) {
        let comparison = compare(&input);
        if let (Ok(_), Ok(url), false) = (comparison.rfc3986(), comparison.whatwg(), comparison.differs()) {
            if UriRef::parse(url.as_str()).is_ok() {
                let again = compare(url.as_str());
                prop_assert!(!again.differs(), "{:?} agrees, its href {:?} does not: {:?}", input, url.as_str(), again.causes());
            }
        }
    }
}

/// Lines of the shared corpus by outcome, and by cause, as
/// `benches/tools/whatwg_corpus.rs` counts them.
#[derive(Default, Debug, PartialEq)]
struct CorpusCounts {
    agree: usize,
    differ: usize,
    only_rfc: usize,
    only_whatwg: usize,
    neither: usize,
    causes: BTreeMap<String, usize>,
}

/// The corpus's counts in `docs/whatwg.md` (its tables' `all` and `lines`
/// columns) match a run over `../shared/corpus`, every difference there
/// has a cause, and the lines whose readings agree still agree on their
/// WHATWG serialization.
#[test]
fn corpus_matches_the_docs() {
    let names = [
        "isaacs_files.txt",
        "kasztp.txt",
        "node_files.txt",
        "userbait.txt",
    ];
    let mut counts = CorpusCounts::default();
    let mut unexplained = Vec::new();
    for name in names {
        let Some(path) = common::shared_file(&format!("corpus/{name}")) else {
            return;
        };
        let bytes = std::fs::read(&path).unwrap();
        let bytes = bytes.strip_prefix("\u{FEFF}".as_bytes()).unwrap_or(&bytes);
        for line in bytes.split(|&b| b == b'\n') {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.is_empty() {
                continue;
            }
            let comparison = compare_bytes(line);
            let outcome = match (comparison.rfc3986().is_ok(), comparison.whatwg()) {
                (true, Ok(_)) if comparison.differs() => &mut counts.differ,
                (true, Ok(url)) => {
                    if url.as_str() != comparison.input() && UriRef::parse(url.as_str()).is_ok() {
                        assert!(!compare(url.as_str()).differs(), "{:?}", url.as_str());
                    }
                    &mut counts.agree
                }
                (true, Err(_)) => &mut counts.only_rfc,
                (false, Ok(_)) => &mut counts.only_whatwg,
                (false, Err(_)) => &mut counts.neither,
            };
            *outcome += 1;
            if comparison.differs() && comparison.causes().is_empty() {
                unexplained.push(comparison.input().to_owned());
            }
            for explanation in comparison.causes() {
                *counts
                    .causes
                    .entry(explanation.cause.to_string())
                    .or_default() += 1;
            }
        }
    }
    assert!(
        unexplained.is_empty(),
        "differences without a cause: {unexplained:?}"
    );
    common::notice(&format!("whatwg over the corpus: {counts:?}"));
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/whatwg.md")).unwrap();
    assert_eq!(
        documented(&docs),
        counts,
        "docs/whatwg.md's corpus tables are not current: run the example whatwg_corpus"
    );
}

/// The counts in `docs/whatwg.md`'s corpus tables: the last column of the
/// outcome rows, and the count of each cause row (`| `code` | n |`).
fn documented(docs: &str) -> CorpusCounts {
    let number = |cell: &str| -> usize { cell.trim().replace(',', "").parse().unwrap_or(0) };
    let mut counts = CorpusCounts::default();
    for line in docs.lines() {
        let cells: Vec<&str> = line.trim().trim_matches('|').split(" | ").collect();
        let last = cells.last().map_or(0, |c| number(c));
        match cells.first().map(|c| c.trim()) {
            Some("both accept, same meaning") => counts.agree = last,
            Some("both accept, meanings differ") => counts.differ = last,
            Some("RFC 3986 accepts, WHATWG rejects") => counts.only_rfc = last,
            Some("WHATWG accepts, RFC 3986 rejects") => counts.only_whatwg = last,
            Some("both reject") => counts.neither = last,
            Some(code) if code.starts_with('`') && cells.len() == 3 => {
                let code = code.trim_matches('`');
                if Cause::from_name(code).is_some() && number(cells[1]) > 0 {
                    counts.causes.insert(code.to_owned(), number(cells[1]));
                }
            }
            _ => {}
        }
    }
    counts
}
