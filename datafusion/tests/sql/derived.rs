//! The functions that read inside a component, through SQL, over each of
//! the four string types (as a column and as a literal), row by row
//! against the library: `uri_query_param` with `plus_as_space`,
//! `uri_query_params`, `uri_query_param_names`,
//! `uri_remove_query_params`, `uri_decode`, `uri_path_extension`,
//! `uri_subdomain`.

use std::borrow::Cow;

use datafusion::arrow::array::{Array, ArrayRef};
use datafusion::arrow::compute::concat;
use datafusion::arrow::datatypes::DataType;
use datafusion::prelude::SessionContext;
use peguri::{pct, PublicSuffixList, UriRef, UriRefBuf};
use peguri_arrow::column::StringColumn;

use crate::common;
use common::{column, context, error, register_strings, StringType, STRING_TYPES};

/// Rows that exercise each function: pairs with and without `=`, repeats,
/// `+`, percent-encoding (also not UTF-8), empty pieces, hosts with and
/// without a subdomain, extensions, invalid rows and NULL.
const ROWS: &[Option<&str>] = &[
    Some("http://h/?a=1&b=x+y&a=2&flag&e="),
    Some("https://www.shop.example.co.uk/path/Report.PDF?utm_source=newsletter-with-a-long-name&id=a-value-longer-than-twelve#frag"),
    None,
    Some("http://h/a b?a=1"),
    Some("http://h/?caf%C3%A9=cr%C3%A8me+br%C3%BBl%C3%A9e&k=%FF&first+name=Jo"),
    Some("http://h/?a=1;b=2&&c=3&"),
    Some("http://example.com/archive.tar.gz"),
    Some("http://h/?"),
    Some("../g?y=1#s"),
    Some("mailto:someone@example.com?subject=hi%20there"),
    Some(""),
    Some("http://0x7f.1/index.html?utm_medium=x&fbclid=1"),
    Some("https://a.b.me.github.io/.htaccess?%75tm_campaign=%2B"),
    Some("http://co.uk/dir.d/"),
    Some("%zz+100%"),
];

/// The rows of the corpus beside ROWS, when it is there: the first 3,000
/// lines, every kind of URL the world writes.
fn rows() -> Vec<Option<String>> {
    let mut rows: Vec<Option<String>> = ROWS.iter().map(|r| r.map(str::to_owned)).collect();
    if let Some(lines) = common::corpus_lines() {
        rows.extend(lines.into_iter().take(3_000).map(Some));
    }
    rows
}

/// Runs `sql` and returns its one column as one array.
async fn result(ctx: &SessionContext, sql: &str) -> ArrayRef {
    let batches = ctx
        .sql(sql)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .collect()
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    let arrays: Vec<&dyn Array> = batches.iter().map(|b| b.column(0).as_ref()).collect();
    concat(&arrays).expect("one array")
}

fn strings(array: &dyn Array) -> Vec<Option<String>> {
    let column = StringColumn::try_new(array).expect("strings");
    (0..column.len())
        .map(|i| column.get(i).map(str::to_owned))
        .collect()
}

/// A value of a row, as the tests compare them.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    Text(String),
    List(Vec<String>),
    Pairs(Vec<(String, String)>),
}

/// The rows of a result column of strings, of lists of strings or of lists
/// of `{key, value}` structs.
fn values(array: &dyn Array) -> Vec<Option<Value>> {
    match array.data_type() {
        DataType::List(_) => {
            let list = array
                .as_any()
                .downcast_ref::<datafusion::arrow::array::ListArray>();
            let list = list.expect("a list");
            (0..list.len())
                .map(|row| {
                    list.is_valid(row).then(|| {
                        let items = list.value(row);
                        match items.data_type() {
                            DataType::Struct(_) => {
                                let pairs = items
                                    .as_any()
                                    .downcast_ref::<datafusion::arrow::array::StructArray>()
                                    .expect("structs");
                                let keys = strings(pairs.column_by_name("key").unwrap().as_ref());
                                let values =
                                    strings(pairs.column_by_name("value").unwrap().as_ref());
                                Value::Pairs(
                                    keys.into_iter()
                                        .zip(values)
                                        .map(|(k, v)| (k.unwrap(), v.unwrap()))
                                        .collect(),
                                )
                            }
                            _ => Value::List(
                                strings(items.as_ref())
                                    .into_iter()
                                    .map(Option::unwrap)
                                    .collect(),
                            ),
                        }
                    })
                })
                .collect()
        }
        _ => strings(array)
            .into_iter()
            .map(|v| v.map(Value::Text))
            .collect(),
    }
}

/// `SELECT expr FROM t ORDER BY n` over a column of `rows` of each string
/// type, and `SELECT expr` with each row as a literal of the type (the
/// first 40), where `expr` is `template` with `{}` replaced by the column
/// or the literal: every row is `expected` of the row.
async fn check(template: &str, expected: impl Fn(Option<&str>) -> Option<Value>) {
    let ctx = context();
    let rows = rows();
    let inputs: Vec<Option<&str>> = rows.iter().map(|r| r.as_deref()).collect();
    let want: Vec<Option<Value>> = inputs.iter().map(|r| expected(*r)).collect();
    for string_type in STRING_TYPES {
        register_strings(&ctx, "t", string_type, &[("u", inputs.clone())]);
        let sql = format!("SELECT {} FROM t ORDER BY n", template.replace("{}", "u"));
        let got = values(result(&ctx, &sql).await.as_ref());
        for (i, (got, want)) in got.iter().zip(&want).enumerate() {
            assert_eq!(
                got, want,
                "{sql} over {string_type:?}, row {i}: {:?}",
                inputs[i]
            );
        }
        assert_eq!(got.len(), want.len());
        for (input, want) in inputs.iter().zip(&want).take(40) {
            let sql = format!(
                "SELECT {}",
                template.replace("{}", &string_type.literal(*input))
            );
            let got = values(result(&ctx, &sql).await.as_ref());
            assert_eq!(got, std::slice::from_ref(want), "{sql}");
        }
    }
}

fn text(value: Option<Cow<'_, str>>) -> Option<Value> {
    value.map(|v| Value::Text(v.into_owned()))
}

fn parsed(row: Option<&str>) -> Option<UriRef<'_>> {
    UriRef::parse(row?).ok()
}

fn library_pairs(row: Option<&str>, plus_as_space: bool) -> Option<Vec<(String, String)>> {
    Some(
        parsed(row)?
            .query_pairs()
            .plus_as_space(plus_as_space)
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect(),
    )
}

#[tokio::test]
async fn uri_query_param_with_plus_as_space() {
    for (flag, plus_as_space) in [("", false), (", false", false), (", true", true)] {
        for key in ["a", "b", "first name", "café", "flag", "utm_source", "none"] {
            check(&format!("uri_query_param({{}}, '{key}'{flag})"), |row| {
                let pairs = library_pairs(row, plus_as_space)?;
                let (_, value) = pairs.into_iter().find(|(k, _)| k == key)?;
                Some(Value::Text(value))
            })
            .await;
        }
    }
    let ctx = context();
    let one = |sql: &'static str| {
        let ctx = &ctx;
        async move { column(ctx, sql).await }
    };
    assert_eq!(
        one("SELECT uri_query_param('http://h/?q=a+b', 'q', true)").await,
        [Some("a b".to_owned())]
    );
    assert_eq!(
        one("SELECT uri_query_param('http://h/?q=a+b', 'q')").await,
        [Some("a+b".to_owned())]
    );
    assert_eq!(
        one("SELECT uri_query_param('http://h/?first+name=Jo', 'first name', true)").await,
        [Some("Jo".to_owned())]
    );
    assert_eq!(
        one("SELECT uri_query_param('http://h/?q=a+b', 'q', NULL)").await,
        [None]
    );
}

#[tokio::test]
async fn uri_query_params() {
    for (flag, plus_as_space) in [("", false), (", true", true)] {
        check(&format!("uri_query_params({{}}{flag})"), |row| {
            library_pairs(row, plus_as_space).map(Value::Pairs)
        })
        .await;
    }
    let ctx = context();
    let shown = column(
        &ctx,
        "SELECT uri_query_params('http://h/?a=1&b=x+y&a=2&flag', true)",
    )
    .await;
    assert_eq!(
        shown,
        [Some(
            "[{key: a, value: 1}, {key: b, value: x y}, {key: a, value: 2}, {key: flag, value: }]"
                .to_owned()
        )]
    );
    let shown = column(&ctx, "SELECT uri_query_params('http://h/p')").await;
    assert_eq!(shown, [Some("[]".to_owned())]);
    // The pairs unnest into rows, and their fields are named. (The order
    // of rows across partitions is the plan's; the order within a row is
    // shown above.)
    register_strings(
        &ctx,
        "t",
        StringType::Utf8View,
        &[("u", vec![Some("http://h/?a=1&b=2"), Some("http://h/?a=3")])],
    );
    let mut keys = column(
        &ctx,
        "SELECT p['key'] || '=' || p['value'] FROM (SELECT unnest(uri_query_params(u)) AS p FROM t)",
    )
    .await;
    keys.sort();
    assert_eq!(
        keys,
        [
            Some("a=1".to_owned()),
            Some("a=3".to_owned()),
            Some("b=2".to_owned())
        ]
    );
}

#[tokio::test]
async fn uri_query_param_names() {
    for (flag, plus_as_space) in [("", false), (", true", true)] {
        check(&format!("uri_query_param_names({{}}{flag})"), |row| {
            library_pairs(row, plus_as_space)
                .map(|pairs| Value::List(pairs.into_iter().map(|(k, _)| k).collect()))
        })
        .await;
    }
    let ctx = context();
    let shown = column(
        &ctx,
        "SELECT extractURLParameterNames('http://h/?utm_source=a&id=7&id=8')",
    )
    .await;
    assert_eq!(shown, [Some("[utm_source, id, id]".to_owned())]);
}

/// The library's answer: the row through `QueryEditor::retain`, keys
/// matched as `KeyPatterns` reads them.
fn library_without(row: Option<&str>, keys: &[&str], plus_as_space: bool) -> Option<Value> {
    let mut uri = UriRefBuf::parse(row?).ok()?;
    let patterns = peguri_arrow::KeyPatterns::new(keys);
    uri.edit_query()
        .plus_as_space(plus_as_space)
        .retain(|pair| !patterns.matches(&pair.key_bytes()));
    Some(Value::Text(uri.into_string()))
}

#[tokio::test]
async fn uri_remove_query_params() {
    for (keys, sql_keys) in [
        (&["utm_*", "fbclid"][..], "['utm_*', 'fbclid']"),
        (&["a"][..], "'a'"),
        (&["a", "first name"][..], "make_array('a', 'first name')"),
        (&["*"][..], "['*']"),
        (&[][..], "arrow_cast(make_array(), 'List(Utf8)')"),
    ] {
        for (flag, plus_as_space) in [("", false), (", true", true)] {
            check(
                &format!("uri_remove_query_params({{}}, {sql_keys}{flag})"),
                |row| library_without(row, keys, plus_as_space),
            )
            .await;
        }
    }
    let ctx = context();
    let cut = |sql: String| {
        let ctx = &ctx;
        async move { column(ctx, &sql).await }
    };
    let url = "'https://h/p?b=%41&utm_source=x&&c=3&fbclid=1#f'";
    assert_eq!(
        cut(format!(
            "SELECT uri_remove_query_params({url}, ['utm_*', 'fbclid'])"
        ))
        .await,
        [Some("https://h/p?b=%41&&c=3#f".to_owned())]
    );
    assert_eq!(
        cut(format!(
            "SELECT cutURLParameter({url}, ['utm_*', 'fbclid'])"
        ))
        .await,
        [Some("https://h/p?b=%41&&c=3#f".to_owned())]
    );
    assert_eq!(
        cut("SELECT uri_remove_query_params('https://h/p?utm_id=1#f', 'utm_id')".to_owned()).await,
        [Some("https://h/p#f".to_owned())]
    );
    assert_eq!(
        cut("SELECT uri_remove_query_params('https://h/p?a=1', NULL)".to_owned()).await,
        [None]
    );
    // Keys of every list type, and of string views.
    for keys in [
        "arrow_cast(make_array('a'), 'LargeList(Utf8)')",
        "arrow_cast(make_array('a'), 'FixedSizeList(1, Utf8)')",
        "arrow_cast(make_array('a'), 'List(Utf8View)')",
        "make_array(arrow_cast('a', 'Dictionary(Int32, Utf8)'))",
        "arrow_cast('a', 'Utf8View')",
    ] {
        assert_eq!(
            cut(format!(
                "SELECT uri_remove_query_params('https://h/p?a=1&b=2', {keys})"
            ))
            .await,
            [Some("https://h/p?b=2".to_owned())],
            "{keys}"
        );
    }
}

/// Keys per row: a column of lists, and a column of single keys.
#[tokio::test]
async fn uri_remove_query_params_with_keys_per_row() {
    let ctx = context();
    for string_type in STRING_TYPES {
        register_strings(
            &ctx,
            "t",
            string_type,
            &[
                (
                    "u",
                    vec![
                        Some("http://h/?a=1&b=2"),
                        Some("http://h/?a=1&b=2"),
                        None,
                        Some("http://h/?a=1&b=2"),
                        Some("a b"),
                    ],
                ),
                ("k", vec![Some("a"), Some("b"), Some("a"), None, Some("a")]),
            ],
        );
        let want = [
            Some("http://h/?b=2".to_owned()),
            Some("http://h/?a=1".to_owned()),
            None,
            None,
            None,
        ];
        for sql in [
            "SELECT uri_remove_query_params(u, k) FROM t ORDER BY n",
            "SELECT uri_remove_query_params(u, CASE WHEN k IS NULL THEN NULL ELSE make_array(k) END) FROM t ORDER BY n",
        ] {
            assert_eq!(column(&ctx, sql).await, want, "{sql} over {string_type:?}");
        }
        let sql = "SELECT uri_remove_query_params('http://h/?a=1&b=2', k) FROM t ORDER BY n";
        assert_eq!(
            column(&ctx, sql).await,
            [
                Some("http://h/?b=2".to_owned()),
                Some("http://h/?a=1".to_owned()),
                Some("http://h/?b=2".to_owned()),
                None,
                Some("http://h/?b=2".to_owned()),
            ],
            "{sql} over {string_type:?}"
        );
    }
}

#[tokio::test]
async fn uri_decode() {
    for (flag, plus_as_space) in [("", false), (", true", true)] {
        check(&format!("uri_decode({{}}{flag})"), |row| {
            let row = row?;
            let octets = if plus_as_space {
                pct::decode_form(row)
            } else {
                pct::decode(row)
            };
            Some(Value::Text(String::from_utf8_lossy(&octets).into_owned()))
        })
        .await;
    }
    let ctx = context();
    for (sql, want) in [
        ("SELECT uri_decode('caf%C3%A9+cr%C3%A8me')", "café+crème"),
        (
            "SELECT uri_decode('caf%C3%A9+cr%C3%A8me', true)",
            "café crème",
        ),
        ("SELECT decodeURLComponent('a%2Bb%20100%')", "a+b 100%"),
        ("SELECT uri_decode('a%FFb')", "a\u{FFFD}b"),
    ] {
        assert_eq!(column(&ctx, sql).await, [Some(want.to_owned())], "{sql}");
    }
}

#[tokio::test]
async fn uri_path_extension() {
    check("uri_path_extension({})", |row| {
        let last = parsed(row)?.segments().next_back()?;
        let (stem, extension) = last.rsplit_once('.')?;
        let fits = !stem.is_empty()
            && !stem.ends_with('.')
            && (1..=10).contains(&extension.len())
            && extension.chars().all(|c| c.is_ascii_alphanumeric());
        fits.then(|| Value::Text(extension.to_ascii_lowercase()))
    })
    .await;
    let ctx = context();
    for (url, want) in [
        ("https://h/files/Report.PDF?v=2", Some("pdf")),
        ("https://h/archive.tar.gz#x", Some("gz")),
        ("https://h/.htaccess", None),
        ("https://h/dir.d/", None),
        ("https://h/a..b", None),
        ("https://h/file.abcdefghijk", None),
    ] {
        let sql = format!("SELECT uri_path_extension('{url}')");
        assert_eq!(column(&ctx, &sql).await, [want.map(str::to_owned)], "{sql}");
    }
}

#[tokio::test]
async fn uri_subdomain() {
    let list = PublicSuffixList::built_in();
    check("uri_subdomain({})", |row| {
        let host = parsed(row)?.authority()?.host();
        text(list.subdomain(&host))
    })
    .await;
    let ctx = context();
    for (url, want) in [
        ("https://a.b.Example.co.uk/", Some("a.b")),
        ("https://example.co.uk/", Some("")),
        ("https://x.me.github.io/", Some("x")),
        ("http://co.uk/", None),
        ("http://0x7f.1/", None),
        ("http://127.1/", None),
        ("http://[::1]/", None),
    ] {
        let sql = format!("SELECT uri_subdomain('{url}')");
        assert_eq!(column(&ctx, &sql).await, [want.map(str::to_owned)], "{sql}");
    }
    // Ambiguous IPv4 forms name no site in any of the three functions.
    for function in [
        "uri_public_suffix",
        "uri_registrable_domain",
        "uri_subdomain",
    ] {
        for host in ["0x7f.1", "127.1", "0177.0.0.1", "2130706433"] {
            let sql = format!("SELECT {function}('http://{host}/')");
            assert_eq!(column(&ctx, &sql).await, [None], "{sql}");
        }
    }
}

/// `plus_as_space` is one constant for the whole call: a column, or an
/// argument of another type, is an error that shows the syntax.
#[tokio::test]
async fn plus_as_space_is_a_constant_boolean() {
    let ctx = context();
    register_strings(
        &ctx,
        "t",
        StringType::Utf8,
        &[("u", vec![Some("http://h/?a=1")])],
    );
    let message = error(&ctx, "SELECT uri_decode(u, u = 'x') FROM t").await;
    assert!(
        message.contains("uri_decode(text[, plus_as_space]): plus_as_space must be a constant (true or false), not a column"),
        "{message}"
    );
    let message = error(&ctx, "SELECT uri_query_params(u, 'yes') FROM t").await;
    assert!(
        message
            .contains("uri_query_params(uri[, plus_as_space]): argument 2 is Utf8, not a boolean"),
        "{message}"
    );
    let message = error(&ctx, "SELECT uri_remove_query_params(u, 3) FROM t").await;
    assert!(
        message.contains("argument 2 is Int64, not a list of strings"),
        "{message}"
    );
    let message = error(&ctx, "SELECT uri_query_param(u) FROM t").await;
    assert!(
        message
            .contains("uri_query_param(uri, key[, plus_as_space]) takes 2 or 3 arguments, got 1"),
        "{message}"
    );
    assert!(!message.contains("Internal error"), "{message}");
}
