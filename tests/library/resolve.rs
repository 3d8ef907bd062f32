//! Reference resolution (RFC 3986 section 5): the RFC's own examples, one
//! test each, then the interpretations documented on `Resolver`, then
//! `make_relative`'s ambiguous cases.

use peguri::error::ResolveErrorKind;
use peguri::{Resolver, Uri, UriRef, remove_dot_segments};

/// The base URI of RFC 3986 section 5.4.
const RFC_BASE: &str = "http://a/b/c/d;p?q";

#[track_caller]
fn check(resolver: Resolver, base: &str, reference: &str, expected: &str) {
    let b = Uri::parse(base).unwrap();
    let r = UriRef::parse(reference).unwrap();
    let resolved = resolver.resolve(&b, &r);
    assert_eq!(resolved.as_str(), expected, "{base} + {reference}");
}

#[track_caller]
fn strict(base: &str, reference: &str, expected: &str) {
    check(Resolver::new(), base, reference, expected);
}

/// One named test per row of an RFC table: `name: reference => expected`.
macro_rules! rfc_table {
    ($resolver:expr; $($name:ident: $reference:literal => $expected:literal,)*) => {$(
        #[test]
        fn $name() {
            check($resolver, RFC_BASE, $reference, $expected);
        }
    )*};
}

/// RFC 3986 section 5.4.1, "Normal Examples".
mod normal {
    use super::*;

    rfc_table! { Resolver::new();
        scheme_g_h: "g:h" => "g:h",
        g: "g" => "http://a/b/c/g",
        dot_slash_g: "./g" => "http://a/b/c/g",
        g_slash: "g/" => "http://a/b/c/g/",
        slash_g: "/g" => "http://a/g",
        network_g: "//g" => "http://g",
        query_y: "?y" => "http://a/b/c/d;p?y",
        g_query_y: "g?y" => "http://a/b/c/g?y",
        fragment_s: "#s" => "http://a/b/c/d;p?q#s",
        g_fragment_s: "g#s" => "http://a/b/c/g#s",
        g_query_y_fragment_s: "g?y#s" => "http://a/b/c/g?y#s",
        semicolon_x: ";x" => "http://a/b/c/;x",
        g_semicolon_x: "g;x" => "http://a/b/c/g;x",
        g_semicolon_x_query_y_fragment_s: "g;x?y#s" => "http://a/b/c/g;x?y#s",
        empty: "" => "http://a/b/c/d;p?q",
        dot: "." => "http://a/b/c/",
        dot_slash: "./" => "http://a/b/c/",
        dot_dot: ".." => "http://a/b/",
        dot_dot_slash: "../" => "http://a/b/",
        dot_dot_slash_g: "../g" => "http://a/b/g",
        dot_dot_twice: "../.." => "http://a/",
        dot_dot_twice_slash: "../../" => "http://a/",
        dot_dot_twice_g: "../../g" => "http://a/g",
    }
}

/// RFC 3986 section 5.4.2, "Abnormal Examples".
mod abnormal {
    use super::*;

    rfc_table! { Resolver::new();
        three_up_g: "../../../g" => "http://a/g",
        four_up_g: "../../../../g" => "http://a/g",
        slash_dot_g: "/./g" => "http://a/g",
        slash_dot_dot_g: "/../g" => "http://a/g",
        g_dot: "g." => "http://a/b/c/g.",
        dot_g: ".g" => "http://a/b/c/.g",
        g_dot_dot: "g.." => "http://a/b/c/g..",
        dot_dot_g: "..g" => "http://a/b/c/..g",
        dot_dot_dot_g: "./../g" => "http://a/b/g",
        dot_g_dot: "./g/." => "http://a/b/c/g/",
        g_dot_h: "g/./h" => "http://a/b/c/g/h",
        g_dot_dot_h: "g/../h" => "http://a/b/c/h",
        g_param_dot_y: "g;x=1/./y" => "http://a/b/c/g;x=1/y",
        g_param_dot_dot_y: "g;x=1/../y" => "http://a/b/c/y",
        query_keeps_dot: "g?y/./x" => "http://a/b/c/g?y/./x",
        query_keeps_dot_dot: "g?y/../x" => "http://a/b/c/g?y/../x",
        fragment_keeps_dot: "g#s/./x" => "http://a/b/c/g#s/./x",
        fragment_keeps_dot_dot: "g#s/../x" => "http://a/b/c/g#s/../x",
        http_g_strict: "http:g" => "http:g",
    }

    rfc_table! { Resolver::new().non_strict(true);
        http_g_non_strict: "http:g" => "http://a/b/c/g",
    }
}

/// RFC 3986 section 5.2.4's own examples, and the routine's edge cases.
#[test]
fn remove_dot_segments_rfc_examples() {
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
}

#[test]
fn remove_dot_segments_edges() {
    for (input, expected) in [
        ("", ""),
        (".", ""),
        ("..", ""),
        ("/.", "/"),
        ("/..", "/"),
        ("../a", "a"),
        ("./a", "a"),
        ("/a/..", "/"),
        ("a/..", "/"),
        ("a/../b", "/b"),
        ("/a/b/..", "/a/"),
        ("//a/../b", "//b"),
        ("/a//../b", "/a/b"),
        (".a/..b/...", ".a/..b/..."),
        ("/%2E/%2e%2E/x", "/%2E/%2e%2E/x"),
    ] {
        assert_eq!(remove_dot_segments(input), expected, "{input:?}");
    }
}

/// Interpretation: a base with a fragment is used without it (5.2.1).
#[test]
fn base_fragment_is_ignored() {
    strict(
        "http://example.com/#title1",
        "foo",
        "http://example.com/foo",
    );
    strict("http://a/b#f", "", "http://a/b");
    strict("http://a/b#f", "#g", "http://a/b#g");
}

/// Interpretation: a base has a scheme. A relative reference is no base:
/// it becomes one only through the conversion that checks for a scheme.
#[test]
fn a_base_has_a_scheme() {
    for base in ["a/b", "//example.com/x", "", "#f", "../.."] {
        let b = UriRef::parse(base).unwrap();
        assert!(Uri::try_from(b).is_err(), "{base:?}");
        assert!(Uri::parse(base).is_err(), "{base:?}");
    }
    let b = Uri::try_from(UriRef::parse("http://a/b").unwrap()).unwrap();
    assert_eq!(
        UriRef::parse("g").unwrap().resolve_against(&b),
        "http://a/g"
    );
}

/// Interpretation: 5.4.2, not Errata 4547: unmatched ".." segments go.
#[test]
fn extra_dot_dot_segments_are_dropped() {
    strict(RFC_BASE, "../../../../../x/../../y", "http://a/y");
    strict("foo:/a", "../../b", "foo:/b");
}

/// Interpretation: "%2E" and "%2e" are not dot segments in resolution.
#[test]
fn percent_encoded_dot_is_not_a_dot_segment() {
    strict(RFC_BASE, "%2E%2E/g", "http://a/b/c/%2E%2E/g");
    strict(RFC_BASE, "%2e/g", "http://a/b/c/%2e/g");
    strict(RFC_BASE, "/a/%2E%2E/b", "http://a/a/%2E%2E/b");
}

/// Interpretation: the base path is copied untouched when the reference
/// has no path.
#[test]
fn base_path_kept_for_empty_query_and_fragment_references() {
    let base = "http://a/b/../c/./d?q";
    strict(base, "", "http://a/b/../c/./d?q");
    strict(base, "?y", "http://a/b/../c/./d?y");
    strict(base, "#s", "http://a/b/../c/./d?q#s");
    // A path in the reference does go through remove_dot_segments.
    strict(base, "e", "http://a/c/e");
}

/// Interpretation: no authority + a path starting with "//" gets "/.".
#[test]
fn authorityless_double_slash_path_gets_dot_prefix() {
    strict("m:/", ".//p", "m:/.//p");
    strict("f:/a", ".//g", "f:/.//g");
    strict("f:/a/", "..//g", "f:/.//g");
    strict("x:", ".///C:::", "x:/.//C:::");
    strict("s:/x", "s:/..//y", "s:/.//y");
    // With an authority, "//" paths are fine as they are.
    strict("http://h/a", ".//g", "http://h//g");
    let resolved = UriRef::parse(".//p")
        .unwrap()
        .resolve_against(&Uri::parse("m:/").unwrap());
    assert!(resolved.authority().is_none());
    assert_eq!(resolved.path(), "/.//p");
    assert_eq!(remove_dot_segments(resolved.path()), "//p");
}

/// 5.2.3: a base with an authority and an empty path merges as "/".
#[test]
fn merge_with_authority_and_empty_path() {
    strict("http://a", "g", "http://a/g");
    strict("http://a?q", "./g/../h", "http://a/h");
    strict("http://a", "..", "http://a/");
    strict("http://a", "?y", "http://a?y");
}

/// 5.2.3 on a base without an authority: rootless and empty paths.
#[test]
fn merge_without_authority() {
    strict("foo:a/b", "c", "foo:a/c");
    strict("foo:bar", "baz", "foo:baz");
    strict("foo:bar", "?baz", "foo:bar?baz");
    strict("urn:", "ab", "urn:ab");
    strict("mailto:x@y", "z@w", "mailto:z@w");
}

/// Absent and empty components stay distinct through resolution.
#[test]
fn empty_query_and_fragment_survive() {
    strict(RFC_BASE, "?", "http://a/b/c/d;p?");
    strict(RFC_BASE, "#", "http://a/b/c/d;p?q#");
    strict(RFC_BASE, "g?#", "http://a/b/c/g?#");
    strict("http://a/b", "//", "http://");
}

#[test]
fn non_strict_is_off_by_default_and_case_insensitive() {
    let lenient = Resolver::new().non_strict(true);
    assert!(!Resolver::default().is_non_strict());
    check(lenient, RFC_BASE, "HTTP:g", "http://a/b/c/g");
    check(lenient, RFC_BASE, "other:g", "other:g");
    check(
        lenient,
        "http://auth/path",
        "http:path2",
        "http://auth/path2",
    );
    check(
        Resolver::new(),
        "http://auth/path",
        "http:path2",
        "http:path2",
    );
}

#[test]
fn resolve_against_is_the_strict_resolver() {
    let base = peguri::Uri::parse(RFC_BASE).unwrap();
    let r = UriRef::parse("../g").unwrap();
    assert_eq!(r.resolve_against(&base), Resolver::new().resolve(&base, &r));
}

/// `normalize()`, `resolve_against()` and `make_relative()` are
/// methods of every URI type, owned ones included, and the base of
/// `resolve_against` is a `Uri`, so a relative base is impossible and
/// resolution cannot fail.
#[test]
fn methods_on_every_uri_type() {
    use peguri::{Iri, IriRef, IriRefBuf, UriBuf, UriRefBuf};
    let base = Uri::parse("http://a/b/c/d").unwrap();
    let base_buf = UriBuf::parse("http://a/b/c/d").unwrap();
    let target = UriRef::parse("http://a/b/x/./y").unwrap();
    let expected = "http://a/b/x/y";
    assert_eq!(
        UriRef::parse("../x/./y").unwrap().resolve_against(&base),
        expected
    );
    assert_eq!(
        UriRefBuf::parse("../x/./y").unwrap().resolve_against(&base),
        expected
    );
    assert_eq!(
        Uri::parse("http://a/b/x/./y")
            .unwrap()
            .resolve_against(&base),
        expected
    );
    assert_eq!(
        UriBuf::parse("http://a/b/x/./y")
            .unwrap()
            .resolve_against(&base_buf.borrow()),
        expected
    );
    let resolved = target.resolve_against(&base);
    for relative in [
        base.make_relative(&resolved).unwrap(),
        base_buf.make_relative(&resolved).unwrap(),
        base.make_relative(&resolved.borrow()).unwrap(),
        base.to_owned().make_relative(&resolved).unwrap(),
    ] {
        assert_eq!(relative, "../x/y");
    }
    assert_eq!(
        UriRef::parse("HTTP://A/%7e").unwrap().normalize(),
        "http://a/~"
    );
    assert_eq!(
        UriRefBuf::parse("HTTP://A/%7e").unwrap().normalize(),
        "http://a/~"
    );
    let normal: UriBuf = Uri::parse("HTTP://A/%7e").unwrap().normalize();
    assert_eq!(normal, "http://a/~");
    assert_eq!(
        UriBuf::parse("HTTP://A/%7e").unwrap().normalize(),
        "http://a/~"
    );
    let iri_base = Iri::parse("http://ä/b/c").unwrap();
    assert_eq!(
        IriRef::parse("ö").unwrap().resolve_against(&iri_base),
        "http://ä/b/ö"
    );
    assert_eq!(
        IriRefBuf::parse("ö").unwrap().resolve_against(&iri_base),
        "http://ä/b/ö"
    );
    assert_eq!(
        iri_base
            .make_relative(&Iri::parse("http://ä/ö").unwrap())
            .unwrap(),
        "/ö"
    );
    assert_eq!(
        iri_base
            .to_owned()
            .make_relative(&Iri::parse("http://ä/b/").unwrap())
            .unwrap(),
        "."
    );
    assert_eq!(
        IriRefBuf::parse("HTTP://Ä/%C3%B6").unwrap().normalize(),
        "http://Ä/ö"
    );
    // With a lenient resolver.
    let lenient = peguri::Resolver::new().non_strict(true);
    assert_eq!(
        lenient.resolve(&base, &UriRef::parse("http:g").unwrap()),
        "http://a/b/c/g"
    );
}

#[test]
fn result_components_are_the_computed_ones() {
    let base = Uri::parse("http://u@a:8/b/c?q#f").unwrap();
    let r = UriRef::parse("../d?#").unwrap().resolve_against(&base);
    assert_eq!(r.scheme(), "http");
    assert_eq!(r.authority().unwrap().as_str(), "u@a:8");
    assert_eq!(r.path(), "/d");
    assert_eq!(r.query(), Some(""));
    assert_eq!(r.fragment(), Some(""));
}

#[test]
fn errors_are_send_sync_and_std_errors() {
    fn assert_traits<T: Send + Sync + std::error::Error + 'static>() {}
    assert_traits::<peguri::error::ResolveError>();
}

#[track_caller]
fn relative(base: &str, target: &str) -> String {
    let b = Uri::parse(base).unwrap();
    let t = Uri::parse(target).unwrap();
    let r = b
        .make_relative(&t)
        .unwrap_or_else(|e| panic!("{base} -> {target}: {e}"));
    let back = r.resolve_against(&b);
    assert_eq!(back.as_str(), target, "{base} -> {target} gave {r}");
    r.into_string()
}

#[test]
fn relative_different_scheme_gives_the_target() {
    assert_eq!(relative("http://a/b", "ftp://a/b"), "ftp://a/b");
    // Schemes compare exactly: "HTTP://a/x" is not the string "http://a/x".
    assert_eq!(relative("HTTP://a/b", "http://a/x"), "http://a/x");
}

#[test]
fn relative_different_authority_gives_a_network_path() {
    assert_eq!(relative("http://a/b/c", "http://b/b/c"), "//b/b/c");
    assert_eq!(relative("http://a/b", "http://a:80/b"), "//a:80/b");
    assert_eq!(relative("http:/b", "http://h"), "//h");
}

#[test]
fn relative_paths_climb_with_dot_dot() {
    assert_eq!(relative("http://a/b/c/d", "http://a/b/e"), "../e");
    assert_eq!(relative("http://a/b/c/d", "http://a/b/c/e/f"), "e/f");
    assert_eq!(relative("http://a/b/c/d/e", "http://a/b/c/"), "..");
    assert_eq!(relative("http://a/bbbb/cc/dd/e", "http://a/bbbb/"), "../..");
    // "/b/" is shorter than "../..".
    assert_eq!(relative("http://a/b/c/d/e", "http://a/b/"), "/b/");
    assert_eq!(relative("http://a/b/c/d/e", "http://a/x"), "/x");
    assert_eq!(relative("http://a/b//c", "http://a/b/x"), "../x");
    assert_eq!(relative("foo:a/y/z", "foo:a/b/c"), "../b/c");
}

#[test]
fn relative_first_segment_with_colon_gets_dot_slash() {
    assert_eq!(relative("http://ex/x/y", "http://ex/x/q:r"), "./q:r");
    assert_eq!(relative("urn:", "urn:is/bn:foo"), "is/bn:foo");
    assert_eq!(relative("urn:", "urn:isbn:foo"), "./isbn:foo");
    // "/:" is shorter than "./:".
    assert_eq!(
        relative("http://example.com/foo", "http://example.com/:"),
        "/:"
    );
}

#[test]
fn relative_double_slash_paths() {
    assert_eq!(relative("http://h/", "http://h//a"), ".//a");
    assert_eq!(relative("s://ex/a/", "s://ex/a///b"), ".///b");
    assert_eq!(relative("s://ex/a/b", "s://ex/a//b/c"), ".//b/c");
    assert_eq!(relative("s://ex/a/b/c", "s://ex/a//x"), "..//x");
    assert_eq!(relative("t:o/", "t:o//"), ".//");
    // Without an authority such a path is written "/.//", and reached.
    assert_eq!(relative("m:/x", "m:/.//p"), ".//p");
    assert_eq!(relative("m:/a/b/c", "m:/.//p"), "/.//p");
}

#[test]
fn relative_query_and_fragment_only_differences() {
    assert_eq!(relative("http://a/b?q", "http://a/b?r"), "?r");
    assert_eq!(relative("http://a/b?q", "http://a/b?q#f"), "#f");
    assert_eq!(relative("http://a/b?q#g", "http://a/b?q"), "");
    assert_eq!(relative("http://a/b?q", "http://a/b"), "b");
    assert_eq!(relative("http://a/b?q", "http://a/b?"), "?");
    assert_eq!(relative("http://a/b", "http://a/b#"), "#");
    assert_eq!(relative("http://a?q", "http://a"), "//a");
    assert_eq!(relative("x:?foo", "x:"), ".");
}

#[test]
fn relative_empty_last_segment() {
    assert_eq!(relative("http://a/b/c", "http://a/b/"), ".");
    assert_eq!(relative("http://a/b/c?q", "http://a/b/?c"), ".?c");
    assert_eq!(relative("http://a/b/", "http://a/b/c/"), "c/");
    assert_eq!(relative("http://a/b/?q", "http://a/b/"), ".");
    assert_eq!(
        relative("file:/some/dir/..", "file:/some/dir/#blort"),
        ".#blort"
    );
}

#[test]
fn relative_errors() {
    let base = Uri::parse("http://example.com/s").unwrap();
    let err = base
        .make_relative(&Uri::parse("http://example.com/a/../b").unwrap())
        .unwrap_err();
    assert_eq!(err.kind(), ResolveErrorKind::UnreachableTarget);
    assert_eq!(
        err.to_string(),
        "no reference resolves to this target: its path has a dot segment ('.' or '..'), which \
         resolution removes from every path but the base's own (RFC 3986 section 5.2)\n  \
         http://example.com/a/../b\n                       ^"
    );
    for target in [
        "urn:.",
        "http://example.com/.",
        "x:/./y",
        "http://example.com/s/..",
    ] {
        let err = base
            .make_relative(&Uri::parse(target).unwrap())
            .unwrap_err();
        assert_eq!(err.kind(), ResolveErrorKind::UnreachableTarget, "{target}");
    }
}

/// A dot segment in the base's own path is reachable: an empty reference,
/// `?y` or `#s` keeps the base path as it is.
#[test]
fn relative_target_with_the_base_path_keeps_it() {
    assert_eq!(relative("http:.", "http:."), "");
    assert_eq!(relative("http://a/b/../c?q", "http://a/b/../c?q#f"), "#f");
    assert_eq!(relative("http://a/b/../c?q", "http://a/b/../c?r"), "?r");
    let base = Uri::parse("http://a/b/../c?q").unwrap();
    let err = base
        .make_relative(&Uri::parse("http://a/b/../c").unwrap())
        .unwrap_err();
    assert_eq!(err.kind(), ResolveErrorKind::UnreachableTarget);
    assert_eq!(err.offset(), 11);
}

/// `resolve_against`, `Resolver::resolve` and `make_relative` take any
/// type with a scheme as the base, borrowed or owned, without converting
/// it first.
#[test]
// Borrowed as a caller with its values still in use would pass them.
#[allow(clippy::needless_borrows_for_generic_args)]
fn resolution_takes_any_uri_type_as_base() {
    use peguri::{UriBuf, UriRefBuf};
    let reference = UriRef::parse("../g?y").unwrap();
    let expected = "http://a/b/g?y";
    let uri = Uri::parse("http://a/b/c/d").unwrap();
    let owned = UriBuf::parse("http://a/b/c/d").unwrap();
    assert_eq!(reference.resolve_against(&uri), expected);
    assert_eq!(reference.resolve_against(&owned), expected);
    assert_eq!(Resolver::new().resolve(&owned, &reference), expected);
    let owned_reference = UriRefBuf::parse("../g?y").unwrap();
    assert_eq!(Resolver::new().resolve(&uri, &owned_reference), expected);
    let target = Uri::parse(expected).unwrap();
    assert_eq!(uri.make_relative(&target).unwrap(), "../g?y");
    assert_eq!(owned.make_relative(&target).unwrap(), "../g?y");
    assert_eq!(uri.make_relative(&UriBuf::from(target)).unwrap(), "../g?y");
}

/// Section 4.4: a same-document reference resolves to the base itself,
/// fragments aside; the empty reference and `#s` always do.
#[test]
fn same_document_references_of_section_4_4() {
    use peguri::{Iri, IriRef, UriRefBuf};
    let base = Uri::parse("http://a/b/c/d;p?q#f").unwrap();
    let same = |r: &str| UriRef::parse(r).unwrap().is_same_document(&base);
    for r in [
        "",
        "#s",
        "#",
        "d;p?q",
        "./d;p?q#x",
        "../c/d;p?q#x",
        "http://a/b/c/d;p?q",
        "//a/b/c/d;p?q",
    ] {
        assert!(same(r), "{r:?}");
    }
    for r in [
        "?y",
        "d;p",
        "g",
        "../d;p?q",
        "HTTP://a/b/c/d;p?q",
        "http://a/b/c/d;p?q=",
        "https:#s",
    ] {
        assert!(!same(r), "{r:?}");
    }
    // Every type has it, IRIs too.
    assert!(UriRefBuf::parse("#top").unwrap().is_same_document(&base));
    let iri_base = Iri::parse("http://例え.jp/文書?ä").unwrap();
    assert!(IriRef::parse("#目次").unwrap().is_same_document(&iri_base));
    assert!(!IriRef::parse("?ö").unwrap().is_same_document(&iri_base));
}

/// Section 4.5: suffix references are read with http for `www.` and ftp
/// for `ftp.`, and nothing else is guessed.
#[test]
fn suffix_references_of_section_4_5() {
    let read = |text: &str| UriRef::from_suffix(text).map(|u| u.into_string());
    assert_eq!(
        read("www.w3.org/Addressing/").unwrap(),
        "http://www.w3.org/Addressing/"
    );
    assert_eq!(
        read("ftp.is.co.za/rfc/").unwrap(),
        "ftp://ftp.is.co.za/rfc/"
    );
    assert_eq!(read("Www.example.com").unwrap(), "http://Www.example.com");
    assert_eq!(
        read("www.example.com:8080/a?b#c").unwrap(),
        "http://www.example.com:8080/a?b#c"
    );
    for refused in [
        "example.com/x",
        "/path/only",
        "docs/a",
        "",
        "w3.org",
        "wwwexample.com",
    ] {
        let err = UriRef::from_suffix(refused).unwrap_err();
        assert_eq!(
            err.kind(),
            peguri::ParseErrorKind::NotASuffixReference,
            "{refused:?}"
        );
        assert_eq!(err.rule(), "suffix reference");
    }
    let err = UriRef::from_suffix("http://www.example.com/").unwrap_err();
    assert_eq!(err.offset(), 4);
    let err = UriRef::from_suffix("www.example.com/a%zz").unwrap_err();
    assert_eq!(
        (err.offset(), err.kind()),
        (18, peguri::ParseErrorKind::InvalidPercentEncoding)
    );
}
