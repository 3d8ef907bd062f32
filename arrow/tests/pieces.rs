//! The kernels that span or trim components (`query_and_fragment`,
//! `path_query_and_fragment`, `host_without_www`, `top_level_domain`,
//! `registrable_label`) and those that remove parts of each row
//! (`remove_www`, `remove_query`, `remove_fragment`,
//! `remove_query_and_fragment`): on every input type, row by row against
//! the library's components joined again by RFC 3986 section 5.3, and on
//! the examples ClickHouse documents for its functions of the same
//! meaning.

use std::sync::Arc;

use arrow_array::builder::StringDictionaryBuilder;
use arrow_array::cast::AsArray;
use arrow_array::types::Int32Type;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use arrow_schema::ArrowError;
use peguri::{Host, UriRef};
use peguri_arrow::column::Layout;

/// Rows with and without each part: userinfo, port, `www.` in any case,
/// empty query and fragment, IP hosts, relative references, a host of one
/// label, a trailing dot, invalid rows and NULLs.
const ROWS: &[Option<&str>] = &[
    Some("http://user:pw@www.example.com:8080/a/b?q=1&r=2#frag"),
    Some("https://WWW.Example.CO.UK/"),
    Some("http://www./p"),
    Some("http://www2.example.com/"),
    Some("http://h/p?#"),
    Some("http://h/p#only-a-fragment-that-is-long"),
    Some("http://h?q"),
    Some("http://[2001:db8::7]:80/x?y"),
    Some("http://127.0.0.1/"),
    Some("http://1.2.3.4.5/"),
    Some("http://localhost./"),
    Some("http:///p"),
    Some("../g?y#s"),
    Some("mailto:someone@www.example.com?subject=hi"),
    Some(""),
    Some("http://h/a b"),
    None,
    Some("https://a-long-host-name.www.example.org/a-long-path?a-long-query=1#a-long-fragment"),
];

/// The rows as each string type the kernels take, and as a slice.
fn inputs(rows: &[Option<&str>]) -> Vec<(&'static str, ArrayRef)> {
    let mut dictionary = StringDictionaryBuilder::<Int32Type>::new();
    for row in rows {
        dictionary.append_option(*row);
    }
    let mut padded = vec![Some("http://before/")];
    padded.extend_from_slice(rows);
    padded.push(None);
    let sliced: ArrayRef = Arc::new(StringViewArray::from(padded));
    vec![
        ("Utf8", Arc::new(StringArray::from(rows.to_vec()))),
        ("LargeUtf8", Arc::new(LargeStringArray::from(rows.to_vec()))),
        ("Utf8View", Arc::new(StringViewArray::from(rows.to_vec()))),
        ("Dictionary(Int32, Utf8)", Arc::new(dictionary.finish())),
        ("Utf8View, sliced", sliced.slice(1, rows.len())),
    ]
}

/// The rows of a string result in either layout.
fn texts(array: &dyn Array) -> Vec<Option<String>> {
    let owned = |s: Option<&str>| s.map(str::to_owned);
    match array.data_type() {
        arrow_schema::DataType::Utf8View => array.as_string_view().iter().map(owned).collect(),
        arrow_schema::DataType::LargeUtf8 => array.as_string::<i64>().iter().map(owned).collect(),
        _ => array.as_string::<i32>().iter().map(owned).collect(),
    }
}

type Kernel = fn(&dyn Array, Layout) -> Result<ArrayRef, ArrowError>;

/// Checks `kernel` against `expected` (of each row's text) on every input
/// type and both layouts.
fn check(what: &str, kernel: Kernel, expected: impl Fn(&str) -> Option<String>) {
    let want: Vec<Option<String>> = ROWS.iter().map(|row| row.and_then(&expected)).collect();
    for (name, array) in inputs(ROWS) {
        for layout in [Layout::View, Layout::Plain] {
            let got = texts(kernel(array.as_ref(), layout).unwrap().as_ref());
            assert_eq!(got, want, "{what} over {name}, {layout:?}");
        }
    }
}

/// The row's components joined again (RFC 3986 section 5.3), leaving out
/// the query, the fragment, or both, and with `host` for the host.
fn recompose(uri: &UriRef<'_>, host: Option<&str>, query: bool, fragment: bool) -> String {
    let mut out = String::new();
    if let Some(scheme) = uri.scheme() {
        out += scheme;
        out += ":";
    }
    if let Some(authority) = uri.authority() {
        out += "//";
        if let Some(userinfo) = authority.userinfo() {
            out += userinfo;
            out += "@";
        }
        out += host.unwrap_or(authority.host_str());
        if let Some(port) = authority.port() {
            out += ":";
            out += port;
        }
    }
    out += uri.path();
    if let Some(q) = uri.query().filter(|_| query) {
        out += "?";
        out += q;
    }
    if let Some(f) = uri.fragment().filter(|_| fragment) {
        out += "#";
        out += f;
    }
    out
}

/// The row as a URI reference, if it is one.
fn parsed(text: &str) -> Option<UriRef<'_>> {
    UriRef::parse(text).ok()
}

/// The host's name without a leading `www.` label, when something follows.
fn without_www(host: &str) -> Option<&str> {
    let (first, rest) = host.split_once('.')?;
    (first.eq_ignore_ascii_case("www") && !rest.is_empty()).then_some(rest)
}

#[test]
fn removals_are_the_components_joined_without_the_part() {
    check("remove_query", peguri_arrow::remove_query, |text| {
        parsed(text).map(|u| recompose(&u, None, false, true))
    });
    check("remove_fragment", peguri_arrow::remove_fragment, |text| {
        parsed(text).map(|u| recompose(&u, None, true, false))
    });
    check(
        "remove_query_and_fragment",
        peguri_arrow::remove_query_and_fragment,
        |text| parsed(text).map(|u| recompose(&u, None, false, false)),
    );
    check("remove_www", peguri_arrow::remove_www, |text| {
        let uri = parsed(text)?;
        let host = uri.authority().and_then(|a| without_www(a.host_str()));
        Some(recompose(&uri, host, true, true))
    });
}

#[test]
fn pieces_are_the_components_with_their_delimiters() {
    check(
        "query_and_fragment",
        peguri_arrow::query_and_fragment,
        |text| {
            let uri = parsed(text)?;
            match (uri.query(), uri.fragment()) {
                (Some(q), Some(f)) => Some(format!("{q}#{f}")),
                (Some(q), None) => Some(q.to_owned()),
                (None, Some(f)) => Some(format!("#{f}")),
                (None, None) => None,
            }
        },
    );
    check(
        "path_query_and_fragment",
        peguri_arrow::path_query_and_fragment,
        |text| {
            let uri = parsed(text)?;
            let whole = recompose(&uri, None, true, true);
            let before = recompose(&uri, None, false, false).len() - uri.path().len();
            Some(whole[before..].to_owned())
        },
    );
    check("host_without_www", peguri_arrow::host_without_www, |text| {
        let host = parsed(text)?.authority()?.host_str();
        Some(without_www(host).unwrap_or(host).to_owned())
    });
    check("top_level_domain", peguri_arrow::top_level_domain, |text| {
        let Host::RegName(name) = parsed(text)?.authority()?.host() else {
            return None;
        };
        let labels: Vec<&str> = name.split('.').collect();
        let last = match labels.as_slice() {
            [.., last, ""] | [.., last] => *last,
            [] => return None,
        };
        (!last.is_empty() && !last.chars().all(|c| c.is_ascii_digit())).then(|| last.to_owned())
    });
}

#[cfg(feature = "psl")]
#[test]
fn registrable_label_is_the_registrable_domain_up_to_its_first_dot() {
    let list = peguri::PublicSuffixList::built_in();
    let want: Vec<Option<String>> = ROWS
        .iter()
        .map(|row| {
            let uri = UriRef::parse((*row)?).ok()?;
            let domain = uri.registrable_domain()?;
            Some(domain.split('.').next()?.to_owned())
        })
        .collect();
    for (name, array) in inputs(ROWS) {
        for layout in [Layout::View, Layout::Plain] {
            let got = peguri_arrow::registrable_label(array.as_ref(), &list, layout).unwrap();
            assert_eq!(texts(got.as_ref()), want, "{name}, {layout:?}");
        }
    }
    let urls = StringArray::from(vec![
        "https://news.clickhouse.com.tr/",
        "http://WWW.Example.CO.UK/",
        "http://github.io/",
        "http://127.0.0.1/",
    ]);
    let got = peguri_arrow::registrable_label(&urls, &list, Layout::Plain).unwrap();
    let got = texts(got.as_ref());
    assert_eq!(
        got[..2],
        [Some("clickhouse".into()), Some("example".into())]
    );
    assert_eq!(got[2..], [None, None]);
}

/// ClickHouse's documented examples, for the rows that are URI references.
#[test]
fn clickhouse_examples_give_the_same_text() {
    let cases: [(Kernel, &str, Option<&str>); 9] = [
        (
            peguri_arrow::remove_www,
            "http://www.example.com/path?query=value#fragment",
            Some("http://example.com/path?query=value#fragment"),
        ),
        (
            peguri_arrow::remove_query,
            "http://example.com/path?query=value&param=123#fragment",
            Some("http://example.com/path#fragment"),
        ),
        (
            peguri_arrow::remove_fragment,
            "http://example.com/path?query=value#fragment123",
            Some("http://example.com/path?query=value"),
        ),
        (
            peguri_arrow::remove_query_and_fragment,
            "http://example.com/path?query=value&param=123#fragment",
            Some("http://example.com/path"),
        ),
        (
            peguri_arrow::query_and_fragment,
            "https://example.com/path?page=1#29390",
            Some("page=1#29390"),
        ),
        (
            peguri_arrow::path_query_and_fragment,
            "https://example.com/top/news.html?page=2#comments",
            Some("/top/news.html?page=2#comments"),
        ),
        (
            peguri_arrow::host_without_www,
            "http://paul@www.example.com:80/",
            Some("example.com"),
        ),
        (
            peguri_arrow::top_level_domain,
            "svn+ssh://www.some.svn-hosting.com:80/repo/trunk",
            Some("com"),
        ),
        // Where ClickHouse gives '' for an IPv4 address, NULL.
        (peguri_arrow::top_level_domain, "http://192.168.0.1/", None),
    ];
    for (kernel, input, want) in cases {
        let out = kernel(&StringArray::from(vec![input]), Layout::Plain).unwrap();
        assert_eq!(texts(out.as_ref()), [want.map(str::to_owned)], "{input}");
    }
}

/// Long pieces of the row are views into the input; a removal in the
/// middle is new text.
#[test]
fn pieces_point_into_the_input() {
    let row = "https://a-long-host-name.example.org/a-long-path?a-long-query=1#a-long-fragment";
    let input = StringViewArray::from(vec![row]);
    let buffer = input.data_buffers()[0].as_ptr() as usize;
    let range = buffer..buffer + row.len();
    for kernel in [
        peguri_arrow::remove_fragment as Kernel,
        peguri_arrow::path_query_and_fragment,
        peguri_arrow::query_and_fragment,
    ] {
        let out = kernel(&input, Layout::View).unwrap();
        let view = out.as_string_view();
        let view = arrow_data::ByteView::from(view.views()[0]);
        let at = view.buffer_index as usize;
        let data = out.as_string_view().data_buffers()[at].as_ptr() as usize;
        assert!(range.contains(&(data + view.offset as usize)));
    }
}
