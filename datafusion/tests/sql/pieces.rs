//! The functions that give pieces spanning or trimming components and URIs
//! without some of their parts, through SQL over each of the four string
//! types (as a column and as a literal), row by row against the library's
//! components, and their ClickHouse aliases.

use crate::common;

use common::{column, context, register_strings, STRING_TYPES};
use peguri::{Host, UriRef};

/// Rows with and without each part, invalid rows and NULL.
const ROWS: &[Option<&str>] = &[
    Some("http://user:pw@www.example.com:8080/a/b?q=1&r=2#frag"),
    Some("https://WWW.Example.CO.UK/"),
    Some("http://www./p"),
    Some("http://h/p?#"),
    Some("http://h/p#only-a-fragment"),
    Some("http://h?q"),
    Some("http://[2001:db8::7]:80/x?y"),
    Some("http://127.0.0.1/"),
    Some("http://localhost./"),
    Some("https://shop.example.co.uk/a-path-longer-than-twelve?and=a-query#and-a-fragment"),
    Some("../g?y#s"),
    Some("mailto:someone@example.com"),
    Some(""),
    Some("http://h/a b"),
    None,
];

/// `SELECT function(u)` over [`ROWS`] for each string type, as a column
/// and as literals, against `expected` of each row.
async fn check(function: &str, expected: impl Fn(&UriRef<'_>) -> Option<String>) {
    let want: Vec<Option<String>> = ROWS
        .iter()
        .map(|row| UriRef::parse((*row)?).ok().and_then(|u| expected(&u)))
        .collect();
    let ctx = context();
    for string_type in STRING_TYPES {
        register_strings(&ctx, "t", string_type, &[("u", ROWS.to_vec())]);
        let sql = format!("SELECT {function}(u) FROM t ORDER BY n");
        assert_eq!(column(&ctx, &sql).await, want, "{sql} over {string_type:?}");
        for (row, want) in ROWS.iter().zip(&want) {
            let sql = format!("SELECT {function}({})", string_type.literal(*row));
            assert_eq!(
                column(&ctx, &sql).await,
                std::slice::from_ref(want),
                "{sql}"
            );
        }
    }
}

/// The URI's components joined again (RFC 3986 section 5.3), with `host`
/// for the host, and the query and the fragment only if asked for.
fn recompose(uri: &UriRef<'_>, host: Option<&str>, query: bool, fragment: bool) -> String {
    let mut out = String::new();
    if let Some(scheme) = uri.scheme() {
        out = format!("{scheme}:");
    }
    if let Some(a) = uri.authority() {
        let userinfo = a.userinfo().map(|u| format!("{u}@")).unwrap_or_default();
        let port = a.port().map(|p| format!(":{p}")).unwrap_or_default();
        out += &format!("//{userinfo}{}{port}", host.unwrap_or(a.host_str()));
    }
    out += uri.path();
    if let Some(q) = uri.query().filter(|_| query) {
        out += &format!("?{q}");
    }
    if let Some(f) = uri.fragment().filter(|_| fragment) {
        out += &format!("#{f}");
    }
    out
}

/// The host without a leading `www.` label, when something follows it.
fn without_www(host: &str) -> Option<&str> {
    let (first, rest) = host.split_once('.')?;
    (first.eq_ignore_ascii_case("www") && !rest.is_empty()).then_some(rest)
}

#[tokio::test]
async fn uri_query_and_fragment() {
    check("uri_query_and_fragment", |u| {
        match (u.query(), u.fragment()) {
            (Some(q), Some(f)) => Some(format!("{q}#{f}")),
            (Some(q), None) => Some(q.to_owned()),
            (None, Some(f)) => Some(format!("#{f}")),
            (None, None) => None,
        }
    })
    .await;
}

#[tokio::test]
async fn uri_path_query_and_fragment() {
    check("uri_path_query_and_fragment", |u| {
        let whole = recompose(u, None, true, true);
        let before = recompose(u, None, false, false).len() - u.path().len();
        Some(whole[before..].to_owned())
    })
    .await;
}

#[tokio::test]
async fn uri_host_without_www() {
    check("uri_host_without_www", |u| {
        let host = u.authority()?.host_str();
        Some(without_www(host).unwrap_or(host).to_owned())
    })
    .await;
}

#[tokio::test]
async fn uri_top_level_domain() {
    check("uri_top_level_domain", |u| {
        let Host::RegName(name) = u.authority()?.host() else {
            return None;
        };
        let last = name.trim_end_matches('.').rsplit('.').next()?;
        let numeric = last.chars().all(|c| c.is_ascii_digit());
        (!numeric).then(|| last.to_owned())
    })
    .await;
}

#[tokio::test]
async fn uri_registrable_label() {
    check("uri_registrable_label", |u| {
        Some(u.registrable_domain()?.split('.').next()?.to_owned())
    })
    .await;
}

#[tokio::test]
async fn uri_remove_www() {
    check("uri_remove_www", |u| {
        let host = u.authority().and_then(|a| without_www(a.host_str()));
        Some(recompose(u, host, true, true))
    })
    .await;
}

#[tokio::test]
async fn uri_remove_query() {
    check("uri_remove_query", |u| {
        Some(recompose(u, None, false, true))
    })
    .await;
}

#[tokio::test]
async fn uri_remove_fragment() {
    check("uri_remove_fragment", |u| {
        Some(recompose(u, None, true, false))
    })
    .await;
}

#[tokio::test]
async fn uri_remove_query_and_fragment() {
    check("uri_remove_query_and_fragment", |u| {
        Some(recompose(u, None, false, false))
    })
    .await;
}

/// ClickHouse's names are aliases, and give ClickHouse's documented
/// examples.
#[tokio::test]
async fn clickhouse_names_give_its_examples() {
    let ctx = context();
    for (alias, input, want) in [
        (
            "cutWWW",
            "http://www.example.com/path?query=value#fragment",
            "http://example.com/path?query=value#fragment",
        ),
        (
            "cutQueryString",
            "http://example.com/path?query=value&param=123#fragment",
            "http://example.com/path#fragment",
        ),
        (
            "cutFragment",
            "http://example.com/path?query=value#fragment123",
            "http://example.com/path?query=value",
        ),
        (
            "cutQueryStringAndFragment",
            "http://example.com/path?query=value&param=123#fragment",
            "http://example.com/path",
        ),
        (
            "queryStringAndFragment",
            "https://example.com/path?page=1#29390",
            "page=1#29390",
        ),
        (
            "pathFull",
            "https://example.com/top/news.html?page=2#comments",
            "/top/news.html?page=2#comments",
        ),
        (
            "domainWithoutWWW",
            "http://paul@www.example.com:80/",
            "example.com",
        ),
        (
            "topLevelDomain",
            "svn+ssh://www.some.svn-hosting.com:80/repo/trunk",
            "com",
        ),
        (
            "firstSignificantSubdomain",
            "https://news.clickhouse.com.tr/",
            "clickhouse",
        ),
        ("port", "http://paul@www.example.com:8080/", "8080"),
    ] {
        let sql = format!("SELECT {alias}('{input}')");
        assert_eq!(column(&ctx, &sql).await, [Some(want.to_owned())], "{sql}");
    }
}
