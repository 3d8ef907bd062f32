//! The normalization and equivalence examples of RFC 3986 sections 6.2.2
//! and 6.2.3, one test each, then peguri's documented choices.

use std::collections::HashMap;

use peguri::{Normalizer, UriRef, UriRefBuf};

#[track_caller]
fn norm(input: &str) -> String {
    UriRef::parse(input)
        .expect("valid input")
        .normalize()
        .into_string()
}

#[track_caller]
fn norm_syntax(input: &str) -> String {
    Normalizer::syntax()
        .normalize(&UriRef::parse(input).expect("valid input"))
        .into_string()
}

#[track_caller]
fn equiv(a: &str, b: &str) -> bool {
    UriRef::parse(a)
        .expect("valid a")
        .equivalent(&UriRef::parse(b).expect("valid b"))
}

// --- RFC 3986 section 6.2.2 -------------------------------------------------

/// 6.2.2: "example://a/b/c/%7Bfoo%7D" and
/// "eXAMPLE://a/./b/../b/%63/%7bfoo%7d" are equivalent by syntax-based
/// normalization.
#[test]
fn rfc_6_2_2_example_equivalence() {
    let a = "example://a/b/c/%7Bfoo%7D";
    let b = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d";
    assert_eq!(norm_syntax(b), a);
    assert_eq!(norm_syntax(a), a);
    assert!(equiv(a, b));
}

/// 6.2.2.1: "%3a" versus "%3A" are the same; uppercase is the normal form.
#[test]
fn rfc_6_2_2_1_percent_hex_case() {
    assert_eq!(norm_syntax("%3a"), "%3A");
    assert_eq!(norm_syntax("%3A"), "%3A");
    assert!(equiv("s:%3a", "s:%3A"));
}

/// 6.2.2.1: <HTTP://www.EXAMPLE.com/> is equivalent to
/// <http://www.example.com/>.
#[test]
fn rfc_6_2_2_1_scheme_and_host_case() {
    assert_eq!(
        norm_syntax("HTTP://www.EXAMPLE.com/"),
        "http://www.example.com/"
    );
    assert!(equiv("HTTP://www.EXAMPLE.com/", "http://www.example.com/"));
}

/// 6.2.2.1: other components are case-sensitive; only scheme and host fold.
#[test]
fn rfc_6_2_2_1_other_components_keep_case() {
    assert_eq!(
        norm_syntax("http://User@h/Path?Query#Frag"),
        "http://User@h/Path?Query#Frag"
    );
    assert!(!equiv("http://h/a", "http://h/A"));
}

/// 6.2.2.2: ALPHA (%41-%5A and %61-%7A) is decoded.
#[test]
fn rfc_6_2_2_2_alpha_decoded() {
    assert_eq!(norm_syntax("/%41%5A%61%7A"), "/AZaz");
}

/// 6.2.2.2: DIGIT (%30-%39) is decoded.
#[test]
fn rfc_6_2_2_2_digit_decoded() {
    assert_eq!(norm_syntax("/%30%39"), "/09");
}

/// 6.2.2.2: hyphen (%2D), period (%2E), underscore (%5F), tilde (%7E).
#[test]
fn rfc_6_2_2_2_marks_decoded() {
    assert_eq!(norm_syntax("/a%2Db%2Ec%5Fd%7Ee"), "/a-b.c_d~e");
}

/// 6.2.2.2 (and 2.2): reserved characters stay encoded.
#[test]
fn rfc_6_2_2_2_reserved_not_decoded() {
    assert_eq!(
        norm_syntax("http://h/a%2Fb?c%26d#%3A"),
        "http://h/a%2Fb?c%26d#%3A"
    );
    assert!(!equiv("http://h/a%2Fb", "http://h/a/b"));
}

/// 6.2.2.3 with the 5.2.4 example "/a/b/c/./../../g" -> "/a/g".
#[test]
fn rfc_6_2_2_3_dot_segments_first_example() {
    assert_eq!(norm_syntax("http://h/a/b/c/./../../g"), "http://h/a/g");
}

/// 6.2.2.3 with the 5.2.4 example "mid/content=5/../6" -> "mid/6".
#[test]
fn rfc_6_2_2_3_dot_segments_second_example() {
    assert_eq!(norm_syntax("s:mid/content=5/../6"), "s:mid/6");
    // The same path as a relative reference keeps its meaning too.
    assert_eq!(norm_syntax("mid/content=5/../6"), "mid/6");
}

// --- RFC 3986 section 6.2.3 -------------------------------------------------

/// 6.2.3: "http://example.com" is equivalent to "http://example.com/".
#[test]
fn rfc_6_2_3_empty_path_is_root() {
    assert_eq!(norm("http://example.com"), "http://example.com/");
    assert!(equiv("http://example.com", "http://example.com/"));
}

/// 6.2.3: "http://example.com:/" is equivalent to "http://example.com/".
#[test]
fn rfc_6_2_3_empty_port() {
    assert_eq!(norm("http://example.com:/"), "http://example.com/");
    assert!(equiv("http://example.com:/", "http://example.com/"));
}

/// 6.2.3: "http://example.com:80/" is equivalent to "http://example.com/".
#[test]
fn rfc_6_2_3_default_port() {
    assert_eq!(norm("http://example.com:80/"), "http://example.com/");
    assert!(equiv("http://example.com:80/", "http://example.com/"));
}

/// 6.2.3: the four forms are all equivalent, with "http://example.com/" as
/// the normal form.
#[test]
fn rfc_6_2_3_four_forms_one_normal_form() {
    let forms = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for a in forms {
        assert_eq!(norm(a), "http://example.com/");
        for b in forms {
            assert!(equiv(a, b), "{a} and {b}");
        }
    }
}

/// 6.2.3: "http://example.com/?" cannot be assumed equivalent to any of the
/// examples above; an empty query delimiter is never removed.
#[test]
fn rfc_6_2_3_empty_query_kept() {
    assert_eq!(norm("http://example.com/?"), "http://example.com/?");
    for b in [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ] {
        assert!(!equiv("http://example.com/?", b), "{b}");
    }
}

/// 6.2.3: delimiters within userinfo are significant.
#[test]
fn rfc_6_2_3_userinfo_delimiters_significant() {
    assert!(!equiv(
        "http://user@example.com/",
        "http://user:@example.com/"
    ));
    assert!(!equiv("http://@example.com/", "http://example.com/"));
}

/// 6.2.3: two URIs that differ only by the suffix "#" are different.
#[test]
fn rfc_6_2_3_fragment_suffix_significant() {
    assert_eq!(norm("http://example.com/#"), "http://example.com/#");
    assert!(!equiv("http://example.com/#", "http://example.com/"));
}

// --- peguri's documented choices --------------------------------------------

#[test]
fn syntax_normalization_leaves_default_port_and_empty_path() {
    assert_eq!(
        norm_syntax("http://example.com:80"),
        "http://example.com:80"
    );
}

#[test]
fn percent_triplets_in_reg_name_are_uppercased_and_host_lowercased_after_decoding() {
    assert_eq!(
        norm_syntax("http://%c3%A9X%45.COM/"),
        "http://%C3%A9xe.com/"
    );
    assert_eq!(norm_syntax("HTTP://%45XAMPLE.%43Om"), "http://example.com");
}

#[test]
fn ip_literals_lowercased_not_compressed() {
    assert_eq!(
        norm_syntax("http://[2001:0DB8:0:0::1]/"),
        "http://[2001:0db8:0:0::1]/"
    );
    assert_eq!(norm_syntax("http://[vA.B:C]/"), "http://[va.b:c]/");
}

#[test]
fn encoded_dots_are_dot_segments() {
    assert_eq!(norm_syntax("http://a/b/c/%2E/%2E./%2e%2E/d"), "http://a/d");
    // Only the path-segment step: the encoded dots are still recognized.
    let only_paths = Normalizer::none().path_segments(true);
    let uri = UriRef::parse("http://a/b/%2e%2E/c").unwrap();
    assert_eq!(only_paths.normalize(&uri), "http://a/c");
}

#[test]
fn rootless_uri_paths_get_remove_dot_segments_literally() {
    assert_eq!(norm_syntax("foo:a/../b"), "foo:/b");
    assert_eq!(norm_syntax("foo:./a/b"), "foo:a/b");
}

#[test]
fn path_that_would_start_with_double_slash_keeps_a_dot() {
    assert_eq!(norm_syntax("s:/a/..//b"), "s:/.//b");
    assert_eq!(norm_syntax("s:/.//b"), "s:/.//b");
    assert_eq!(norm_syntax("/.//b"), "/.//b");
    // With an authority, no dot is needed.
    assert_eq!(norm_syntax("s://h/.//b"), "s://h//b");
}

#[test]
fn relative_references_keep_leading_dot_dot() {
    assert_eq!(norm_syntax("../a/./b"), "../a/b");
    assert_eq!(norm_syntax("../../a/b/../c"), "../../a/c");
    assert_eq!(norm_syntax(".."), "..");
    assert_eq!(norm_syntax("./../a"), "../a");
}

#[test]
fn relative_references_never_become_empty() {
    assert_eq!(norm_syntax("a/b/.."), "a/");
    assert_eq!(norm_syntax("."), "./");
    assert_eq!(norm_syntax("a/./b/./.."), "a/");
    assert_eq!(norm_syntax(""), "");
    assert_eq!(norm_syntax("?q"), "?q");
}

#[test]
fn relative_references_keep_dot_before_colon_or_empty_segment() {
    assert_eq!(norm_syntax("./a:b"), "./a:b");
    assert_eq!(norm_syntax("x/y/../a:b"), "x/a:b");
    assert_eq!(norm_syntax("./x/../a:b"), "x/../a:b");
    assert_eq!(norm_syntax("././a:b"), "./a:b");
    assert_eq!(norm_syntax(".//b"), ".//b");
}

/// `b/../x` was normalized to `x`, but against `s:` the two
/// resolve to `s:/x` and `s:x`; `a/..` became `./`, but against
/// `mailto:joe` the two resolve to `mailto:/` and `mailto:`. Against a
/// base whose path has no `/`, a `..` that removes the first segment
/// leaves a root, so the first segment is never cancelled.
#[test]
fn normalizing_relative_references_keeps_their_meaning() {
    for (reference, normal) in [
        ("b/../x", "b/../x"),
        ("a/..", "a/.."),
        ("a/../../b", "a/../../b"),
        ("../../a/../b", "../../a/../b"),
        ("a/./..", "a/.."),
        ("x/..//b", "x/..//b"),
        ("a/b/../x", "a/x"),
        ("a/../x/../y", "a/../y"),
    ] {
        assert_eq!(norm_syntax(reference), normal, "{reference}");
        for base in ["s:", "mailto:joe", "s:p/q", "http://h", "http://h/d/e"] {
            let base = peguri::Uri::parse(base).unwrap();
            let resolve = |r: &str| {
                let resolved = UriRef::parse(r).unwrap().resolve_against(&base);
                resolved.normalize().into_string()
            };
            assert_eq!(
                resolve(reference),
                resolve(normal),
                "{reference} against {base}"
            );
        }
    }
    let resolve = |base: &str, r: &str| {
        UriRef::parse(r)
            .unwrap()
            .resolve_against(&peguri::Uri::parse(base).unwrap())
            .into_string()
    };
    assert_eq!(resolve("s:", "b/../x"), "s:/x");
    assert_eq!(resolve("s:", &norm_syntax("b/../x")), "s:/x");
    assert_eq!(resolve("mailto:joe", "a/.."), "mailto:/");
    assert_eq!(resolve("mailto:joe", &norm_syntax("a/..")), "mailto:/");
}

#[test]
fn absolute_path_references_get_remove_dot_segments() {
    assert_eq!(norm_syntax("/a/../../b"), "/b");
    assert_eq!(norm_syntax("//h/a/./b/.."), "//h/a/");
}

#[test]
fn scheme_based_port_compared_as_number() {
    assert_eq!(norm("http://h:0080/"), "http://h/");
    assert_eq!(norm("https://h:443"), "https://h/");
    assert_eq!(norm("https://h:80/"), "https://h:80/");
    assert_eq!(norm("ftp://h:21"), "ftp://h");
}

#[test]
fn non_http_schemes_keep_empty_path() {
    assert_eq!(norm("ftp://h"), "ftp://h");
    assert_eq!(norm("foo://h"), "foo://h");
}

#[test]
fn normalization_is_idempotent_on_examples() {
    for input in [
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        "a/..",
        "s:/a/..//b",
        "HTTP://H:80",
        "../x/./y/..",
    ] {
        let once = norm(input);
        assert_eq!(norm(&once), once, "{input}");
    }
}

/// A reference hashes and compares as its text, so its normal form is a
/// map key under which equivalent references meet.
#[test]
fn the_normal_form_is_a_map_key_with_equivalence() {
    let key = |s: &str| UriRef::parse(s).unwrap().normalize();
    let mut map: HashMap<UriRefBuf, i32> = HashMap::new();
    map.insert(key("HTTP://Example.com:80"), 1);
    *map.entry(key("http://example.com/")).or_insert(0) += 1;
    map.insert(key("http://example.com/?"), 10);
    assert_eq!(map.len(), 2);
    assert_eq!(map[&key("http://EXAMPLE.com:/")], 2);
    // Looked up with a `&str`, the normal form's text.
    assert_eq!(map["http://example.com/"], 2);
}

#[test]
fn string_equality_is_the_first_rung() {
    let a = UriRef::parse("http://example.com").unwrap();
    let b = UriRef::parse("http://example.com/").unwrap();
    assert_ne!(a, b);
    assert!(a.equivalent(&b));
}

#[test]
fn normalizer_switches_are_independent() {
    let uri = UriRef::parse("HTTP://H:/a/./%7e").unwrap();
    assert_eq!(Normalizer::none().normalize(&uri), "HTTP://H:/a/./%7e");
    assert_eq!(
        Normalizer::none().case(true).normalize(&uri),
        "http://h:/a/./%7E"
    );
    assert_eq!(
        Normalizer::none().percent_encoding(true).normalize(&uri),
        "HTTP://H:/a/./~"
    );
    assert_eq!(
        Normalizer::none().path_segments(true).normalize(&uri),
        "HTTP://H:/a/%7e"
    );
    assert_eq!(
        Normalizer::none().empty_port(true).normalize(&uri),
        "HTTP://H/a/./%7e"
    );
}

/// `http://[::1]` and `http://[0::1]` are the same address; RFC
/// 5952's canonical text is an opt-in step, with which their normal forms
/// are equal.
#[test]
fn ipv6_equivalence_with_rfc_5952_text() {
    const BY_ADDRESS: Normalizer = Normalizer::new().ipv6_canonical(true);
    let uri = |s| UriRef::parse(s).unwrap();
    assert_eq!(
        BY_ADDRESS.normalize(&uri("http://[::1]")),
        BY_ADDRESS.normalize(&uri("http://[0::1]"))
    );
    assert!(!uri("http://[::1]").equivalent(&uri("http://[0::1]")));
    for (input, canonical) in [
        ("http://[0:0:0:0:0:0:0:1]/", "http://[::1]/"),
        (
            "http://[2001:0DB8:0000:0000:0001:0000:0000:0001]/",
            "http://[2001:db8::1:0:0:1]/",
        ),
        (
            "http://[2001:db8:0:1:1:1:1:1]/",
            "http://[2001:db8:0:1:1:1:1:1]/",
        ),
        (
            "http://[0:0:0:0:0:FFFF:192.0.2.1]/",
            "http://[::ffff:192.0.2.1]/",
        ),
        ("http://[::]/", "http://[::]/"),
        ("http://[v1.X]/", "http://[v1.x]/"),
    ] {
        assert_eq!(BY_ADDRESS.normalize(&uri(input)), canonical, "{input}");
    }
    // A zone keeps its text (and its case).
    let zones = peguri::ParseOptions::new().allow_zone_id(true);
    let zoned = UriRef::parse_with("http://[FE80:0::1%25En0]/", &zones).unwrap();
    assert_eq!(BY_ADDRESS.normalize(&zoned), "http://[fe80::1%25En0]/");
    // Idempotent.
    let once = BY_ADDRESS.normalize(&uri("//[0:0::0001]"));
    assert_eq!(BY_ADDRESS.normalize(&once), once);
}

/// A normal form serializes as its text, and a set of them read back keeps
/// its equality (each text is its own normal form: normalizing is
/// idempotent).
#[test]
fn normal_forms_round_trip_through_serde() {
    let n = UriRef::parse("HTTP://Example.COM:80/%7ea")
        .unwrap()
        .normalize();
    let json = serde_json::to_string(&n).unwrap();
    assert_eq!(json, r#""http://example.com/~a""#);
    let back: UriRefBuf = serde_json::from_str(&json).unwrap();
    assert_eq!(back, n);
    assert_eq!(back.normalize(), back);
}
