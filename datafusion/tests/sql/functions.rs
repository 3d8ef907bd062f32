//! Every function through SQL, over each of the four string types (as a
//! column and as a literal): valid input, invalid input and NULL.

use crate::common;

use common::{column, context, error, register_strings, StringType, STRING_TYPES};
use datafusion::prelude::SessionContext;

pub(crate) type Unary<'a> = (Option<&'a str>, Option<&'a str>);
type Binary<'a> = (Option<&'a str>, Option<&'a str>, Option<&'a str>);

fn owned(values: impl IntoIterator<Item = Option<&'static str>>) -> Vec<Option<String>> {
    values.into_iter().map(|v| v.map(str::to_owned)).collect()
}

/// `SELECT expr(u) FROM t` for each string type, where `expr(u)` is
/// `template` with `{}` replaced by the argument: over a column of the
/// inputs, and over each input as a literal.
pub(crate) async fn check_expr(template: &str, cases: &[Unary<'static>]) {
    let ctx = context();
    let inputs: Vec<Option<&str>> = cases.iter().map(|c| c.0).collect();
    let expected = owned(cases.iter().map(|c| c.1));
    for string_type in STRING_TYPES {
        register_strings(&ctx, "t", string_type, &[("u", inputs.clone())]);
        let sql = format!("SELECT {} FROM t ORDER BY n", template.replace("{}", "u"));
        assert_eq!(
            column(&ctx, &sql).await,
            expected,
            "{sql} over {string_type:?}"
        );
        for (input, want) in cases {
            let sql = format!(
                "SELECT {}",
                template.replace("{}", &string_type.literal(*input))
            );
            assert_eq!(column(&ctx, &sql).await, owned([*want]), "{sql}");
        }
    }
}

pub(crate) async fn check_unary(function: &str, cases: &[Unary<'static>]) {
    check_expr(&format!("{function}({{}})"), cases).await
}

/// `function(a, b)` for each string type: both columns, a column and a
/// literal either way, and both literals.
async fn check_binary(function: &str, cases: &[Binary<'static>]) {
    let ctx = context();
    let lefts: Vec<Option<&str>> = cases.iter().map(|c| c.0).collect();
    let rights: Vec<Option<&str>> = cases.iter().map(|c| c.1).collect();
    let expected = owned(cases.iter().map(|c| c.2));
    for string_type in STRING_TYPES {
        register_strings(
            &ctx,
            "t",
            string_type,
            &[("a", lefts.clone()), ("b", rights.clone())],
        );
        let sql = format!("SELECT {function}(a, b) FROM t ORDER BY n");
        assert_eq!(
            column(&ctx, &sql).await,
            expected,
            "{sql} over {string_type:?}"
        );
        for (i, (a, b, want)) in cases.iter().enumerate() {
            let (a, b) = (string_type.literal(*a), string_type.literal(*b));
            for sql in [
                format!("SELECT {function}(a, {b}) FROM t ORDER BY n"),
                format!("SELECT {function}({a}, b) FROM t ORDER BY n"),
            ] {
                let got = column(&ctx, &sql).await;
                assert_eq!(got[i], want.map(str::to_owned), "{sql}, row {i}");
            }
            let sql = format!("SELECT {function}({a}, {b})");
            assert_eq!(column(&ctx, &sql).await, owned([*want]), "{sql}");
        }
    }
}

const LONG: &str = "https://user:password@www.a-rather-long-host-name.example.org:8443/a/path/longer/than/twelve/bytes?key=a-value-longer-than-twelve#a-fragment-longer-than-twelve";

#[tokio::test]
async fn uri_scheme() {
    check_unary(
        "uri_scheme",
        &[
            (Some("http://user@example.com:8080/p?q#f"), Some("http")),
            (Some("HTTP://h"), Some("HTTP")),
            (Some("urn:isbn:0451450523"), Some("urn")),
            (
                Some("chrome-extension-longer-than-twelve://x"),
                Some("chrome-extension-longer-than-twelve"),
            ),
            (Some("//h/p"), None),
            (Some(""), None),
            (Some("http://h/a b"), None),
            (Some("1a:b"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_authority() {
    check_unary(
        "uri_authority",
        &[
            (Some("http://user:pw@h:8080/p"), Some("user:pw@h:8080")),
            (Some("http://[::1]/"), Some("[::1]")),
            (Some("file:///etc"), Some("")),
            (Some("mailto:someone@example.com"), None),
            (Some("http://us er@h/"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_userinfo() {
    check_unary(
        "uri_userinfo",
        &[
            (Some("http://user:pw@h/"), Some("user:pw")),
            (Some("http://@h/"), Some("")),
            (Some("http://h/"), None),
            (Some("mailto:someone@example.com"), None),
            (Some(LONG), Some("user:password")),
            (Some("http://us er@h/"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_host() {
    check_unary(
        "uri_host",
        &[
            (
                Some("http://user@example.com:8080/p?q#f"),
                Some("example.com"),
            ),
            (Some(LONG), Some("www.a-rather-long-host-name.example.org")),
            (Some("http://[::1]:80/"), Some("[::1]")),
            (
                Some("http://[2001:db8::7]/c=GB?objectClass?one"),
                Some("[2001:db8::7]"),
            ),
            (Some("http://127.0.0.1/"), Some("127.0.0.1")),
            (Some("http://[v7.fe80::a+en1]/"), Some("[v7.fe80::a+en1]")),
            (Some("file:///etc/hosts"), Some("")),
            (Some("mailto:x@example.com"), None),
            (Some("relative/path"), None),
            (Some("http://exa mple.com/"), None),
            (Some("http://[::1/"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_port() {
    check_unary(
        "uri_port",
        &[
            (Some("http://h:8080/"), Some("8080")),
            (Some("http://h:/"), Some("")),
            (Some("http://h/"), None),
            (Some("http://h:99999/"), Some("99999")),
            (Some("http://h:8a/"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_port_number() {
    check_unary(
        "uri_port_number",
        &[
            (Some("http://h:8080/"), Some("8080")),
            (Some("http://h:0/"), Some("0")),
            (Some("http://h:65535/"), Some("65535")),
            (Some("http://h:65536/"), None),
            (Some("http://h:/"), None),
            (Some("http://h/"), None),
            (Some("http://h:8a/"), None),
            (None, None),
        ],
    )
    .await;
    let ctx = context();
    let types = column(&ctx, "SELECT arrow_typeof(uri_port_number('http://h:1/'))").await;
    assert_eq!(types, owned([Some("UInt16")]));
}

#[tokio::test]
async fn uri_path() {
    check_unary(
        "uri_path",
        &[
            (Some("http://h/a/b?q"), Some("/a/b")),
            (Some("http://h"), Some("")),
            (Some("a/b/c"), Some("a/b/c")),
            (Some("mailto:x@example.com"), Some("x@example.com")),
            (Some(""), Some("")),
            (Some(LONG), Some("/a/path/longer/than/twelve/bytes")),
            (Some("http://h/%7Euser"), Some("/%7Euser")),
            (Some("http://h/%zz"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_query() {
    check_unary(
        "uri_query",
        &[
            (Some("http://h/?a=1"), Some("a=1")),
            (Some("http://h/?"), Some("")),
            (Some("http://h/"), None),
            (Some("?x#f"), Some("x")),
            (Some(LONG), Some("key=a-value-longer-than-twelve")),
            (Some("http://h/?a b"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_fragment() {
    check_unary(
        "uri_fragment",
        &[
            (Some("http://h/#top"), Some("top")),
            (Some("http://h/#"), Some("")),
            (Some("http://h/"), None),
            (Some(LONG), Some("a-fragment-longer-than-twelve")),
            (Some("http://h/#a#b"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_is_valid() {
    check_unary(
        "uri_is_valid",
        &[
            (Some("http://h/"), Some("true")),
            (Some(""), Some("true")),
            (Some(LONG), Some("true")),
            (Some("http://h/a b"), Some("false")),
            (Some("http://[::1/"), Some("false")),
            (None, None),
        ],
    )
    .await;
}

/// What `uri_error` says: peguri's message alone.
fn error_message(input: &str) -> Option<&'static str> {
    let error = peguri::UriRef::parse(input).unwrap_err();
    Some(Box::leak(error.message().to_string().into_boxed_str()))
}

#[tokio::test]
async fn uri_error() {
    check_unary(
        "uri_error",
        &[
            (Some("http://h/a b"), Some("invalid character ' ' in path")),
            // One cause at another place: the same text.
            (
                Some("http://h/a/longer/path/a b"),
                Some("invalid character ' ' in path"),
            ),
            (
                Some("http://example.com/%zz"),
                error_message("http://example.com/%zz"),
            ),
            (Some("http://[::1/"), error_message("http://[::1/")),
            (Some("/é/ö"), error_message("/é/ö")),
            (Some("http://h/"), None),
            (None, None),
        ],
    )
    .await;
}

/// Where each input of [`uri_error`]'s stops being a URI reference: the
/// byte offset and the column (characters from 1), as the library says.
#[tokio::test]
async fn uri_error_offset() {
    check_unary(
        "uri_error_offset",
        &[
            (Some("http://h/a b"), Some("10")),
            (Some("http://h/a/longer/path/a b"), Some("24")),
            (Some("/é/ö"), Some("1")),
            (Some("http://h/"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_error_column() {
    check_unary(
        "uri_error_column",
        &[
            (Some("http://h/a b"), Some("11")),
            (Some("http://h/a/longer/path/a b"), Some("25")),
            (Some("/é/ö"), Some("2")),
            (Some("http://h/"), None),
            (None, None),
        ],
    )
    .await;
    // The three together are the library's error.
    let ctx = context();
    for input in [
        "http://[::1/",
        "http://example.com/%zz",
        "http://h/?q=a b",
        "/é/ö",
    ] {
        let error = peguri::UriRef::parse(input).unwrap_err();
        let literal = input.replace('\'', "''");
        let sql = format!(
            "SELECT concat(uri_error('{literal}'), ' at byte ', uri_error_offset('{literal}'), \
             ' (column ', uri_error_column('{literal}'), ')')"
        );
        let want = format!(
            "{} at byte {} (column {})",
            error.message(),
            error.offset(),
            error.column()
        );
        assert_eq!(column(&ctx, &sql).await, [Some(want)], "{input}");
    }
}

#[tokio::test]
async fn uri_query_param() {
    check_binary(
        "uri_query_param",
        &[
            (Some("http://h/?a=1&b=2"), Some("b"), Some("2")),
            (Some("http://h/?q=caf%C3%A9"), Some("q"), Some("café")),
            (Some("http://h/?a%20b=c"), Some("a b"), Some("c")),
            (Some("http://h/?flag&x=1"), Some("flag"), Some("")),
            (Some("http://h/?a=1&a=2"), Some("a"), Some("1")),
            (Some("http://h/?x=a+b"), Some("x"), Some("a+b")),
            (Some(LONG), Some("key"), Some("a-value-longer-than-twelve")),
            (Some("http://h/?a=1"), Some("z"), None),
            (Some("http://h/"), Some("a"), None),
            (Some("http://h/?a=1 "), Some("a"), None),
            (None, Some("a"), None),
            (Some("http://h/?a=1"), None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_public_suffix() {
    check_unary(
        "uri_public_suffix",
        &[
            (Some("https://www.example.co.uk/"), Some("co.uk")),
            (Some("HTTPS://WWW.Example.COM/"), Some("com")),
            (Some("http://me.github.io/"), Some("github.io")),
            (Some("http://printer.local-network/"), Some("local-network")),
            (
                Some("http://www.xn--85x722f.xn--55qx5d.cn/"),
                Some("xn--55qx5d.cn"),
            ),
            (Some("http://co.uk/"), Some("co.uk")),
            (Some("http://.example.com/"), None),
            (Some("http://127.0.0.1/"), None),
            (Some("http://[::1]/"), None),
            (Some("/relative"), None),
            (Some("http://h/a b"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_registrable_domain() {
    check_unary(
        "uri_registrable_domain",
        &[
            (Some("https://www.example.co.uk/"), Some("example.co.uk")),
            (
                Some("https://shop.example.co.uk/a?b"),
                Some("example.co.uk"),
            ),
            (Some("HTTPS://WWW.Example.COM/"), Some("example.com")),
            (Some("http://me.github.io/"), Some("me.github.io")),
            (Some(LONG), Some("example.org")),
            (
                Some("http://www.xn--85x722f.xn--55qx5d.cn/"),
                Some("xn--85x722f.xn--55qx5d.cn"),
            ),
            (Some("http://www.b%C3%BCcher.de/"), Some("bücher.de")),
            // Where ClickHouse's cutToFirstSignificantSubdomain, which
            // knows only two-label rules, differs (the API documentation):
            // a rule of four labels, a wildcard, a leading `www.`.
            (Some("https://a.b.pvt.k12.ma.us/"), Some("b.pvt.k12.ma.us")),
            (Some("http://foo.bar.ck/"), Some("foo.bar.ck")),
            (Some("http://www.co.uk/"), Some("www.co.uk")),
            (Some("http://co.uk/"), None),
            (Some("http://.example.com/"), None),
            (Some("http://127.0.0.1/"), None),
            (Some("http://[::1]/"), None),
            (Some("/relative"), None),
            (Some("http://h/a b"), None),
            (None, None),
        ],
    )
    .await;
}

/// The query data users run most: URLs grouped by site, the registrable
/// domain, where hosts would split one site into many.
#[tokio::test]
async fn group_by_registrable_domain() {
    let ctx = context();
    let urls = [
        "https://www.example.co.uk/a",
        "https://shop.example.co.uk/b",
        "https://example.co.uk/",
        "https://news.example.com/x",
        "http://WWW.EXAMPLE.COM/y",
        "http://192.0.2.1/",
    ];
    register_strings(
        &ctx,
        "t",
        StringType::Utf8View,
        &[("u", urls.iter().map(|u| Some(*u)).collect())],
    );
    let sql = "SELECT concat(coalesce(site, 'NULL'), ' ', count(*)) FROM \
               (SELECT uri_registrable_domain(u) AS site FROM t) GROUP BY site ORDER BY site";
    assert_eq!(
        column(&ctx, sql).await,
        owned([
            Some("example.co.uk 3"),
            Some("example.com 2"),
            Some("NULL 1")
        ])
    );
    let hosts = column(&ctx, "SELECT count(DISTINCT uri_host(u)) FROM t").await;
    assert_eq!(hosts, owned([Some("6")]));
}

/// RFC 3986 section 5.4's examples, against its base
/// `http://a/b/c/d;p?q`: 5.4.1 (normal) and 5.4.2 (abnormal; `http:g` by
/// the strict parser).
const RFC_3986_5_4: &[(&str, &str)] = &[
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

const RFC_BASE: &str = "http://a/b/c/d;p?q";

#[tokio::test]
async fn uri_resolve_rfc_3986_examples_with_a_constant_base() {
    let ctx = context();
    let references: Vec<Option<&str>> = RFC_3986_5_4.iter().map(|c| Some(c.0)).collect();
    let expected = owned(RFC_3986_5_4.iter().map(|c| Some(c.1)));
    for string_type in STRING_TYPES {
        register_strings(&ctx, "t", string_type, &[("r", references.clone())]);
        let base = string_type.literal(Some(RFC_BASE));
        let sql = format!("SELECT uri_resolve({base}, r) FROM t ORDER BY n");
        assert_eq!(column(&ctx, &sql).await, expected, "{sql}");
    }
}

#[tokio::test]
async fn uri_resolve() {
    let mut cases: Vec<Binary<'static>> = RFC_3986_5_4
        .iter()
        .map(|(reference, target)| (Some(RFC_BASE), Some(*reference), Some(*target)))
        .collect();
    cases.extend([
        // A base must have a scheme.
        (Some("a/b"), Some("c"), None),
        (Some("//h/p"), Some("q"), None),
        // Invalid either side.
        (Some("http://a/b c"), Some("g"), None),
        (Some(RFC_BASE), Some("g h"), None),
        (None, Some("g"), None),
        (Some(RFC_BASE), None, None),
        // The base's fragment is ignored.
        (Some("http://a/b#frag"), Some("c"), Some("http://a/c")),
    ]);
    check_binary("uri_resolve", &cases).await;
}

#[tokio::test]
async fn uri_normalize() {
    check_unary(
        "uri_normalize",
        &[
            (
                Some("HTTP://Example.COM:80/a/./%7Euser"),
                Some("http://example.com/a/~user"),
            ),
            (Some("http://example.com"), Some("http://example.com/")),
            (
                Some("http://example.com/already/normal/path"),
                Some("http://example.com/already/normal/path"),
            ),
            (
                Some("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"),
                Some("example://a/b/c/%7Bfoo%7D"),
            ),
            (Some("https://h:443"), Some("https://h/")),
            (Some("http://h/a b"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_equivalent() {
    check_binary(
        "uri_equivalent",
        &[
            (
                Some("http://example.com"),
                Some("HTTP://Example.COM:80/"),
                Some("true"),
            ),
            (
                Some("http://example.com/~a"),
                Some("http://example.com/%7Ea"),
                Some("true"),
            ),
            (
                Some("http://example.com/"),
                Some("http://example.com/?"),
                Some("false"),
            ),
            (
                Some("http://example.com/a"),
                Some("http://example.com/b"),
                Some("false"),
            ),
            (Some("http://h/a b"), Some("http://h/"), None),
            (Some("http://h/"), Some("http://h/a b"), None),
            (None, Some("http://h/"), None),
            (Some("http://h/"), None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn iri_to_uri() {
    check_unary(
        "iri_to_uri",
        &[
            (
                Some("http://example.com/Dürst"),
                Some("http://example.com/D%C3%BCrst"),
            ),
            (
                Some("http://résumé.example.org/?sushi=🍣"),
                Some("http://r%C3%A9sum%C3%A9.example.org/?sushi=%F0%9F%8D%A3"),
            ),
            (
                Some("http://example.com/plain/ascii/path"),
                Some("http://example.com/plain/ascii/path"),
            ),
            (Some("red%09rosé"), Some("red%09ros%C3%A9")),
            (Some("http://h/a b"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_lint() {
    check_unary(
        "uri_lint",
        &[
            (
                Some("http://user:hunter2@0x7f.1:25/"),
                Some("[password-in-userinfo, ambiguous-ipv4, foreign-port]"),
            ),
            (
                Some("http://www.bank.example@evil.example/%2e%2e/etc"),
                Some("[deceptive-userinfo, encoded-dot-segment]"),
            ),
            (Some("https://example.com/a/b?c#d"), Some("[]")),
            (Some("http://h/a b"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_whatwg_differs() {
    check_unary(
        "uri_whatwg_differs",
        &[
            (Some("http://0x7f.1/"), Some("[host]")),
            (Some("http:///evil.example/"), Some("[host, path]")),
            (
                Some("http://evil.example\\@good.example/"),
                Some("[validity]"),
            ),
            (Some("//evil.example/"), Some("[validity]")),
            // Two spellings of one meaning.
            (Some("HTTP://H:80/a/./b"), Some("[]")),
            // Both standards reject it.
            (Some("http://a b/"), Some("[]")),
            (None, None),
        ],
    )
    .await;
}

const PARSE_CASES: &[Option<&str>] = &[
    Some("http://user@example.com:8080/p?q#f"),
    Some("//[::1]/x"),
    Some("http://h/a b"),
    Some(LONG),
    None,
];

/// `uri_parse(u)['field']` for each field: the expected values, one per
/// case of [`PARSE_CASES`].
const PARSE_FIELDS: &[(&str, [Option<&str>; 5])] = &[
    (
        "valid",
        [
            Some("true"),
            Some("true"),
            Some("false"),
            Some("true"),
            None,
        ],
    ),
    (
        "rule",
        [Some("URI"), Some("relative-ref"), None, Some("URI"), None],
    ),
    ("scheme", [Some("http"), None, None, Some("https"), None]),
    (
        "userinfo",
        [Some("user"), None, None, Some("user:password"), None],
    ),
    (
        "host",
        [
            Some("example.com"),
            Some("[::1]"),
            None,
            Some("www.a-rather-long-host-name.example.org"),
            None,
        ],
    ),
    (
        "host_kind",
        [Some("reg-name"), Some("ipv6"), None, Some("reg-name"), None],
    ),
    ("port", [Some("8080"), None, None, Some("8443"), None]),
    (
        "path",
        [
            Some("/p"),
            Some("/x"),
            None,
            Some("/a/path/longer/than/twelve/bytes"),
            None,
        ],
    ),
    (
        "query",
        [
            Some("q"),
            None,
            None,
            Some("key=a-value-longer-than-twelve"),
            None,
        ],
    ),
    (
        "fragment",
        [
            Some("f"),
            None,
            None,
            Some("a-fragment-longer-than-twelve"),
            None,
        ],
    ),
    ("error_offset", [None, None, Some("10"), None, None]),
    ("error_column", [None, None, Some("11"), None, None]),
    (
        "error_message",
        [
            None,
            None,
            Some("invalid character ' ' in path"),
            None,
            None,
        ],
    ),
];

#[tokio::test]
async fn uri_parse() {
    for function in ["uri_parse", "uri_parse_strict"] {
        for (field, values) in PARSE_FIELDS {
            let cases: Vec<Unary<'static>> = PARSE_CASES
                .iter()
                .zip(values)
                .filter(|(input, _)| function == "uri_parse" || **input != Some("http://h/a b"))
                .map(|(input, value)| (*input, *value))
                .collect();
            check_expr(&format!("{function}({{}})['{field}']"), &cases).await;
        }
    }
}

#[tokio::test]
async fn uri_parse_struct_is_null_for_null() {
    let ctx = context();
    for string_type in STRING_TYPES {
        let sql = format!("SELECT uri_parse({}) IS NULL", string_type.literal(None));
        assert_eq!(column(&ctx, &sql).await, owned([Some("true")]), "{sql}");
    }
}

#[tokio::test]
async fn uri_parse_strict_quotes_the_input_and_says_why() {
    let ctx = context();
    for string_type in STRING_TYPES {
        register_strings(
            &ctx,
            "t",
            string_type,
            &[(
                "u",
                vec![Some("http://ok/"), None, Some("http://h/it's a b")],
            )],
        );
        let message = error(&ctx, "SELECT uri_parse_strict(u) FROM t").await;
        assert!(
            message.contains(
                "uri_parse_strict: 'http://h/it''s a b' is not a URI reference: \
                 invalid character ' ' in path at byte 13 (column 14)"
            ),
            "{string_type:?}: {message}"
        );
        let literal = string_type.literal(Some("http://h/a b"));
        let message = error(&ctx, &format!("SELECT uri_parse_strict({literal})")).await;
        assert!(
            message
                .contains("'http://h/a b' is not a URI reference: invalid character ' ' in path"),
            "{message}"
        );
    }
}

#[tokio::test]
async fn try_parse_url() {
    let url = "http://user:pw@h.example:8080/p/q?a=1&b=%20&c#frag";
    let ctx = context();
    for string_type in STRING_TYPES {
        register_strings(
            &ctx,
            "t",
            string_type,
            &[
                (
                    "u",
                    vec![Some(url), Some("http://h/a b"), None, Some("rel/path")],
                ),
                (
                    "part",
                    vec![Some("HOST"), Some("HOST"), Some("HOST"), Some("FILE")],
                ),
            ],
        );
        let lit = |s: &str| string_type.literal(Some(s));
        for (part, want) in [
            ("HOST", Some("h.example")),
            ("PATH", Some("/p/q")),
            ("QUERY", Some("a=1&b=%20&c")),
            ("REF", Some("frag")),
            ("PROTOCOL", Some("http")),
            ("FILE", Some("/p/q?a=1&b=%20&c")),
            ("AUTHORITY", Some("user:pw@h.example:8080")),
            ("USERINFO", Some("user:pw")),
            ("host", None),
            ("PORT", None),
        ] {
            let sql = format!("SELECT try_parse_url({}, {})", lit(url), lit(part));
            assert_eq!(column(&ctx, &sql).await, owned([want]), "{sql}");
        }
        for (key, want) in [
            ("a", Some("1")),
            ("b", Some("%20")),
            ("c", None),
            ("z", None),
        ] {
            let sql = format!(
                "SELECT try_parse_url({}, {}, {})",
                lit(url),
                lit("QUERY"),
                lit(key)
            );
            assert_eq!(column(&ctx, &sql).await, owned([want]), "{sql}");
        }
        let sql = format!(
            "SELECT try_parse_url({}, {}, {})",
            lit(url),
            lit("HOST"),
            lit("a")
        );
        assert_eq!(column(&ctx, &sql).await, owned([None]), "{sql}");
        let sql = "SELECT try_parse_url(u, part) FROM t ORDER BY n";
        assert_eq!(
            column(&ctx, sql).await,
            owned([Some("h.example"), None, None, Some("rel/path")]),
            "{sql} over {string_type:?}"
        );
    }
}

/// Each alias gives what the function it names gives.
#[tokio::test]
async fn aliases_are_the_same_functions() {
    let ctx = context();
    let url = "'http://user@Example.com:8080/p%20q?a=1&b=2#f'";
    for (alias, function, args) in [
        ("url_extract_protocol", "uri_scheme", url.to_owned()),
        ("protocol", "uri_scheme", url.to_owned()),
        ("url_extract_host", "uri_host", url.to_owned()),
        ("domain", "uri_host", url.to_owned()),
        ("url_extract_path", "uri_path", url.to_owned()),
        ("path", "uri_path", url.to_owned()),
        ("url_extract_query", "uri_query", url.to_owned()),
        ("queryString", "uri_query", url.to_owned()),
        ("url_extract_fragment", "uri_fragment", url.to_owned()),
        ("fragment", "uri_fragment", url.to_owned()),
        ("url_extract_port", "uri_port_number", url.to_owned()),
        (
            "url_extract_parameter",
            "uri_query_param",
            format!("{url}, 'b'"),
        ),
        (
            "extractURLParameter",
            "uri_query_param",
            format!("{url}, 'b'"),
        ),
        (
            "cutToFirstSignificantSubdomain",
            "uri_registrable_domain",
            url.to_owned(),
        ),
    ] {
        let by_alias = column(&ctx, &format!("SELECT {alias}({args})")).await;
        let by_name = column(&ctx, &format!("SELECT {function}({args})")).await;
        assert_eq!(by_alias, by_name, "{alias} and {function}");
        assert!(by_alias[0].is_some(), "{alias}");
    }
}

/// String results are `Utf8View`, whatever the input type.
#[tokio::test]
async fn string_results_are_utf8_view() {
    let ctx: SessionContext = context();
    for string_type in [
        StringType::Utf8,
        StringType::LargeUtf8,
        StringType::Dictionary,
    ] {
        let sql = format!(
            "SELECT arrow_typeof(uri_host({}))",
            string_type.literal(Some("http://h/"))
        );
        assert_eq!(column(&ctx, &sql).await, owned([Some("Utf8View")]), "{sql}");
    }
}

/// Every registered function is covered by a test in this file or in
/// `derived.rs`, `pieces.rs`, `registry.rs` or `schemes.rs`.
#[test]
fn every_function_is_tested() {
    let source = [
        include_str!("functions.rs"),
        include_str!("derived.rs"),
        include_str!("pieces.rs"),
        include_str!("registry.rs"),
        include_str!("schemes.rs"),
    ]
    .concat();
    for function in peguri_datafusion::scalar_functions() {
        let name = function.name();
        assert!(
            source.contains(&format!("async fn {name}")),
            "no test named after {name}"
        );
    }
}

#[tokio::test]
async fn uri_template_match() {
    check_binary(
        "uri_template_match",
        &[
            (Some("/users/{id}"), Some("/users/42"), Some("{id: 42}")),
            (
                Some("search://emails{?query,start,end}"),
                Some("search://emails?start=1&query=a%20b"),
                Some("{query: a b, start: 1}"),
            ),
            (
                Some("/api{/path*}{?keys*}"),
                Some("/api/a/b%22?x=1"),
                Some(r#"{path: ["a","b\""], keys: {"x":"1"}}"#),
            ),
            (Some("/search{?q}"), Some("/search"), Some("{}")),
            (Some("/users/{id}"), Some("/teams/1"), None),
            (Some("file:///{path}"), Some("file:///a/b"), None),
            (None, Some("/x"), None),
            (Some("/x"), None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_template_match_refuses_invalid_and_ambiguous_templates() {
    let ctx = context();
    assert_eq!(
        error(
            &ctx,
            "SELECT uri_template_match('/files/{name}.{ext}', '/files/a.b')"
        )
        .await,
        "Execution error: uri_template_match: ambiguous URI Template '/files/{name}.{ext}': \
         where `{name}` ends is not known: `.` after it holds only characters `{name}` may \
         hold, and more variable text follows"
    );
    assert_eq!(
        error(&ctx, "SELECT uri_template_match('/x/{a b}', '/x/1')").await,
        "Execution error: uri_template_match: invalid URI Template '/x/{a b}': invalid \
         character ' ' in expression at byte 5"
    );
    // A template that is never used (every URI is NULL) is not checked.
    assert_eq!(
        column(&ctx, "SELECT uri_template_match('{a}{b}', NULL)").await,
        vec![None]
    );
}

/// Input quoted in an error is one line of at most 80 characters, with
/// control and bidirectional formatting characters escaped: no terminal
/// escape, forged log line or reordered text, and no 10 MB message.
#[tokio::test]
async fn errors_quote_input_escaped_and_bounded() {
    let ctx = context();
    let long = format!("http://h/a b{}", "p".repeat(10_000_000));
    for (input, shown) in [
        ("http://h/\u{1b}[2J", "http://h/\\u{1b}[2J"),
        ("http://h/\u{7}", "http://h/\\u{7}"),
        (
            "http://h/a\nforged log line",
            "http://h/a\\u{a}forged log line",
        ),
        ("http://h/\u{202e}evil", "http://h/\\u{202e}evil"),
    ] {
        register_strings(&ctx, "t", StringType::Utf8, &[("u", vec![Some(input)])]);
        let message = error(&ctx, "SELECT uri_parse_strict(u) FROM t").await;
        assert!(
            message.contains(&format!("'{shown}' is not a URI reference")),
            "{message}"
        );
        assert!(
            !message.chars().any(|c| c.is_control() || c == '\u{202e}'),
            "{message:?}"
        );
    }
    register_strings(
        &ctx,
        "t",
        StringType::Utf8,
        &[("u", vec![Some(long.as_str())])],
    );
    let message = error(&ctx, "SELECT uri_parse_strict(u) FROM t").await;
    assert!(message.len() < 400, "{} bytes", message.len());
    assert!(
        message.contains(&format!("… ({} bytes)", long.len())),
        "{message}"
    );

    // A 2 MB template is not quoted whole.
    let template = format!("/{}{{a b}}", "x".repeat(2_000_000));
    register_strings(
        &ctx,
        "t",
        StringType::Utf8,
        &[("u", vec![Some(template.as_str())])],
    );
    let message = error(&ctx, "SELECT uri_template_match(u, '/x') FROM t").await;
    assert!(message.len() < 400, "{} bytes", message.len());
    assert!(message.contains("invalid URI Template '/xxxx"), "{message}");
}

/// A wrong number of arguments, or an argument that is not a string, is a
/// planning error that shows the function's syntax, for every function.
#[tokio::test]
async fn a_wrong_call_names_the_signature() {
    let ctx = context();
    let message = error(&ctx, "SELECT try_parse_url('x')").await;
    assert!(
        message.contains("try_parse_url(url, part[, key]) takes 2 or 3 arguments, got 1"),
        "{message}"
    );
    assert!(!message.contains("Internal error"), "{message}");
    assert!(!message.contains("bug"), "{message}");
    let message = error(&ctx, "SELECT uri_host('a', 'b')").await;
    assert!(
        message.contains("uri_host(uri) takes 1 argument, got 2"),
        "{message}"
    );
    let message = error(&ctx, "SELECT uri_resolve('a')").await;
    assert!(
        message.contains("uri_resolve(base, reference) takes 2 arguments, got 1"),
        "{message}"
    );
    let message = error(&ctx, "SELECT uri_host(1)").await;
    assert!(
        message.contains("uri_host(uri): argument 1 is Int64, not a string"),
        "{message}"
    );
    for function in peguri_datafusion::scalar_functions() {
        let name = function.name();
        let message = error(&ctx, &format!("SELECT {name}('a', 'b', 'c', 'd')")).await;
        assert!(
            message.contains(&format!("{name}(")) && message.contains("got 4"),
            "{message}"
        );
        assert!(!message.contains("Internal error"), "{message}");
    }
}

/// The findings of one row are at most 100 of each code: one 10 MB row
/// of `%00` gives a list of 100, not of 3 million.
#[tokio::test]
async fn uri_lint_lists_at_most_100_findings_of_a_code() {
    let ctx = context();
    let row = format!("http://a/{}", "%00".repeat(10_000_000 / 3));
    register_strings(
        &ctx,
        "t",
        StringType::Utf8,
        &[("u", vec![Some(row.as_str())])],
    );
    let counts = column(&ctx, "SELECT array_length(uri_lint(u)) FROM t").await;
    assert_eq!(counts, vec![Some("100".to_owned())]);
}
