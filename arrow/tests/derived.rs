//! The kernels that read inside a component: every query pair, their keys,
//! a URI without some of them, percent-decoding, the path's extension and
//! the host's subdomain. Each on every input type (with NULLs, invalid
//! rows, slices and dictionaries) in both layouts, checked row by row
//! against the library's own API, and over the shared corpus.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::builder::{ListBuilder, StringBuilder, StringDictionaryBuilder};
use arrow_array::cast::AsArray;
use arrow_array::types::Int32Type;
use arrow_array::{Array, ArrayRef, LargeStringArray, ListArray, StringArray, StringViewArray};
use arrow_schema::DataType;
use peguri::{pct, UriRef, UriRefBuf};
use peguri_arrow::column::{Layout, StringColumn};
use peguri_arrow::{KeyPatterns, Keys};

const ROWS: &[Option<&str>] = &[
    Some("http://h/?a=1&b=x+y&a=2&flag&e="),
    Some("https://www.example.co.uk/path/Report.PDF?utm_source=newsletter-with-a-long-name&id=a-value-longer-than-twelve#frag"),
    None,
    Some("http://h/a b?a=1"),
    Some("http://h/?caf%C3%A9=cr%C3%A8me+br%C3%BBl%C3%A9e&k=%FF&first+name=Jo"),
    Some("http://h/?a=1;b=2&&c=3&"),
    Some("http://h/p"),
    Some("http://h/?"),
    Some("../g?y=1#s"),
    Some("mailto:someone@example.com?subject=hi%20there"),
    Some(""),
    Some("http://0x7f.1/index.html?utm_medium=x"),
    Some("https://a.b.shop.example.com/archive.tar.gz?utm_campaign=%2B"),
    Some("http://h/?a=1&b=x+y&a=2&flag&e="),
    Some("%zz"),
];

/// The rows as every input type, each with its name, and sliced.
fn inputs(rows: &[Option<&str>]) -> Vec<(String, ArrayRef)> {
    let unsliced = |rows: &[Option<&str>]| -> Vec<(String, ArrayRef)> {
        let mut dictionary = StringDictionaryBuilder::<Int32Type>::new();
        for row in rows {
            dictionary.append_option(*row);
        }
        vec![
            (
                "Utf8".to_owned(),
                Arc::new(StringArray::from(rows.to_vec())) as ArrayRef,
            ),
            (
                "LargeUtf8".to_owned(),
                Arc::new(LargeStringArray::from(rows.to_vec())),
            ),
            (
                "Utf8View".to_owned(),
                Arc::new(StringViewArray::from(rows.to_vec())),
            ),
            (
                "Dictionary(Int32, Utf8)".to_owned(),
                Arc::new(dictionary.finish()),
            ),
        ]
    };
    let mut all = unsliced(rows);
    let mut padded = vec![Some("http://before/?z=0"), None];
    padded.extend_from_slice(rows);
    padded.push(Some("http://after/?z=9"));
    all.extend(
        unsliced(&padded)
            .into_iter()
            .map(|(name, array)| (format!("{name}, sliced"), array.slice(2, rows.len()))),
    );
    all
}

/// The rows of any string column.
fn texts(array: &dyn Array) -> Vec<Option<String>> {
    let column = StringColumn::try_new(array).unwrap();
    (0..column.len())
        .map(|i| column.get(i).map(str::to_owned))
        .collect()
}

/// Each list of a list column of strings, NULL as `None`.
fn string_lists(list: &ListArray) -> Vec<Option<Vec<String>>> {
    (0..list.len())
        .map(|row| {
            list.is_valid(row).then(|| {
                texts(list.value(row).as_ref())
                    .into_iter()
                    .map(|s| s.expect("no NULL item"))
                    .collect()
            })
        })
        .collect()
}

/// Each list of `(key, value)` pairs of a `query_params` column.
fn pair_lists(list: &ListArray) -> Vec<Option<Vec<(String, String)>>> {
    (0..list.len())
        .map(|row| {
            list.is_valid(row).then(|| {
                let pairs = list.value(row);
                let pairs = pairs.as_struct();
                let keys = texts(pairs.column_by_name("key").unwrap().as_ref());
                let values = texts(pairs.column_by_name("value").unwrap().as_ref());
                keys.into_iter()
                    .zip(values)
                    .map(|(k, v)| (k.unwrap(), v.unwrap()))
                    .collect()
            })
        })
        .collect()
}

fn parsed(row: Option<&str>) -> Option<UriRef<'_>> {
    UriRef::parse(row?).ok()
}

/// The library's pairs of a row: `query_pairs()`, `+` read as asked.
fn library_pairs(row: Option<&str>, plus_as_space: bool) -> Option<Vec<(String, String)>> {
    let uri = parsed(row)?;
    Some(
        uri.query_pairs()
            .plus_as_space(plus_as_space)
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect(),
    )
}

/// Runs `check` on every input type in both layouts.
fn each_input(rows: &[Option<&str>], mut check: impl FnMut(&str, &dyn Array, Layout)) {
    for (name, input) in inputs(rows) {
        for layout in [Layout::View, Layout::Plain] {
            check(&name, input.as_ref(), layout);
        }
    }
}

#[test]
fn query_params_are_the_librarys_pairs_row_by_row() {
    for plus_as_space in [false, true] {
        let want: Vec<_> = ROWS
            .iter()
            .map(|r| library_pairs(*r, plus_as_space))
            .collect();
        each_input(ROWS, |name, input, layout| {
            let out = peguri_arrow::query_params(input, plus_as_space, layout).unwrap();
            assert_eq!(
                pair_lists(&out),
                want,
                "{name}, {layout:?}, {plus_as_space}"
            );
            if layout == Layout::View {
                assert_eq!(
                    out.data_type(),
                    &DataType::List(peguri_arrow::query_params_item())
                );
            }
            let names = peguri_arrow::query_param_names(input, plus_as_space, layout).unwrap();
            let want_names: Vec<_> = want
                .iter()
                .map(|pairs| {
                    pairs
                        .as_ref()
                        .map(|p| p.iter().map(|(k, _)| k.clone()).collect())
                })
                .collect();
            assert_eq!(string_lists(&names), want_names, "{name}, {layout:?}");
            out.to_data().validate_full().unwrap();
            names.to_data().validate_full().unwrap();
        });
    }
    // What they are, for three rows.
    let out =
        peguri_arrow::query_params(&StringArray::from(ROWS.to_vec()), true, Layout::Plain).unwrap();
    let pairs = pair_lists(&out);
    let owned = |pairs: &[(&str, &str)]| -> Option<Vec<(String, String)>> {
        Some(
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        )
    };
    assert_eq!(
        pairs[0],
        owned(&[
            ("a", "1"),
            ("b", "x y"),
            ("a", "2"),
            ("flag", ""),
            ("e", "")
        ])
    );
    assert_eq!(
        pairs[4],
        owned(&[
            ("café", "crème brûlée"),
            ("k", "\u{FFFD}"),
            ("first name", "Jo")
        ])
    );
    assert_eq!(pairs[5], owned(&[("a", "1;b=2"), ("c", "3")]));
    assert_eq!(
        (pairs[6].as_deref(), pairs[7].as_deref()),
        (Some(&[][..]), Some(&[][..]))
    );
    assert_eq!((&pairs[2], &pairs[3]), (&None, &None));
}

#[test]
fn query_param_with_reads_plus_as_asked() {
    for plus_as_space in [false, true] {
        for key in [
            "a",
            "b",
            "first name",
            "first+name",
            "café",
            "flag",
            "k",
            "none",
        ] {
            let want: Vec<Option<String>> = ROWS
                .iter()
                .map(|row| {
                    library_pairs(*row, plus_as_space)?
                        .into_iter()
                        .find(|(k, _)| k == key)
                        .map(|(_, v)| v)
                })
                .collect();
            each_input(ROWS, |name, input, layout| {
                let out =
                    peguri_arrow::query_param_with(input, key, plus_as_space, layout).unwrap();
                assert_eq!(texts(&out), want, "{name}, {key}, {plus_as_space}");
            });
        }
    }
    let urls = StringArray::from(vec!["http://h/?q=a+b"]);
    let rfc = peguri_arrow::query_param(&urls, "q", Layout::Plain).unwrap();
    assert_eq!(texts(&rfc), [Some("a+b".to_owned())]);
}

/// The library's answer for one row: the URI through `QueryEditor`, or
/// the row itself when no key matches.
fn library_without(row: Option<&str>, keys: &[&str], plus_as_space: bool) -> Option<String> {
    let row = row?;
    let mut uri = UriRefBuf::parse(row).ok()?;
    let patterns = KeyPatterns::new(keys);
    uri.edit_query()
        .plus_as_space(plus_as_space)
        .retain(|pair| !patterns.matches(&pair.key_bytes()));
    let found = uri.into_string();
    // Nothing removed: the row as it was, byte for byte.
    let any = parsed(Some(row))
        .map(|u| {
            u.query_pairs()
                .plus_as_space(plus_as_space)
                .raw()
                .any(|p| patterns.matches(&p.key_bytes()))
        })
        .unwrap_or(false);
    if !any {
        assert_eq!(found, row);
    }
    Some(found)
}

#[test]
fn remove_query_params_is_the_query_editor_row_by_row() {
    let key_sets: &[&[&str]] = &[
        &["a"],
        &["utm_*"],
        &["utm_*", "id", "flag"],
        &["*"],
        &["first name", "k"],
        &["first+name"],
        &["zzz"],
        &[],
    ];
    for plus_as_space in [false, true] {
        for keys in key_sets {
            let want: Vec<_> = ROWS
                .iter()
                .map(|r| library_without(*r, keys, plus_as_space))
                .collect();
            let patterns = KeyPatterns::new(keys.iter());
            each_input(ROWS, |name, input, layout| {
                let out = peguri_arrow::remove_query_params(
                    input,
                    Keys::Same(&patterns),
                    plus_as_space,
                    layout,
                )
                .unwrap();
                assert_eq!(texts(&out), want, "{name}, {keys:?}, {plus_as_space}");
                // The same keys given per row, as a list column.
                let mut lists = ListBuilder::new(StringBuilder::new());
                for _ in 0..input.len() {
                    for key in *keys {
                        lists.values().append_value(key);
                    }
                    lists.append(true);
                }
                let lists = lists.finish();
                let out = peguri_arrow::remove_query_params(
                    input,
                    Keys::PerRow(&lists),
                    plus_as_space,
                    layout,
                )
                .unwrap();
                assert_eq!(texts(&out), want, "{name}, {keys:?} per row");
            });
        }
    }
    let cut = |url: &str, keys: &[&str]| {
        peguri_arrow::without_query_params(url, &KeyPatterns::new(keys), false).map(Cow::into_owned)
    };
    // The other pairs keep their text, order and separators.
    assert_eq!(
        cut("http://h/p?b=%41&utm_source=x&&c=3&utm_id#f", &["utm_*"]).as_deref(),
        Some("http://h/p?b=%41&&c=3#f")
    );
    assert_eq!(
        cut("http://h/p?utm_source=x&utm_medium=y#f", &["utm_*"]).as_deref(),
        Some("http://h/p#f")
    );
    assert_eq!(
        cut("http://h/p?utm_source", &["utm_source"]).as_deref(),
        Some("http://h/p")
    );
    assert_eq!(
        cut("http://h/p?%75tm_source=x&id=1", &["utm_source"]).as_deref(),
        Some("http://h/p?id=1")
    );
}

#[test]
fn keys_per_row_follow_their_rows() {
    let urls = StringArray::from(vec![
        Some("http://h/?a=1&b=2"),
        Some("http://h/?a=1&b=2"),
        Some("http://h/?a=1&b=2"),
        None,
        Some("http://h/?a=1&b=2"),
    ]);
    let mut lists = ListBuilder::new(StringBuilder::new());
    lists.values().append_value("a");
    lists.append(true);
    lists.values().append_value("b");
    lists.values().append_null();
    lists.append(true);
    lists.append(false);
    lists.values().append_value("a");
    lists.append(true);
    lists.append(true);
    let lists = lists.finish();
    let out = peguri_arrow::remove_query_params(&urls, Keys::PerRow(&lists), false, Layout::View)
        .unwrap();
    let want = [
        Some("http://h/?b=2"),
        Some("http://h/?a=1"),
        None,
        None,
        Some("http://h/?a=1&b=2"),
    ];
    assert_eq!(texts(&out), want.map(|s| s.map(str::to_owned)));
    let short = StringArray::from(vec!["x"]);
    let err = peguri_arrow::remove_query_params(&urls, Keys::PerRow(&short), false, Layout::View)
        .unwrap_err();
    assert!(
        err.to_string().contains("5 URLs and 1 lists of keys"),
        "{err}"
    );
    let err = peguri_arrow::remove_query_params(
        &StringArray::from(vec!["x"]),
        Keys::PerRow(&short),
        false,
        Layout::View,
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("a list of strings per row, not Utf8"),
        "{err}"
    );
}

#[test]
fn decode_is_the_librarys_percent_decoding() {
    let rows: Vec<Option<&str>> = ROWS
        .iter()
        .copied()
        .chain([
            Some("100%"),
            Some("a%2Bb+c"),
            Some("%E2%82%AC%20%"),
            Some("%C3"),
        ])
        .collect();
    for plus_as_space in [false, true] {
        let want: Vec<Option<String>> = rows
            .iter()
            .map(|row| {
                let row = (*row)?;
                let octets = if plus_as_space {
                    pct::decode_form(row)
                } else {
                    pct::decode(row)
                };
                Some(String::from_utf8_lossy(&octets).into_owned())
            })
            .collect();
        each_input(&rows, |name, input, layout| {
            let out = peguri_arrow::decode(input, plus_as_space, layout).unwrap();
            assert_eq!(texts(&out), want, "{name}, {plus_as_space}");
        });
    }
    let decode = |text: &str, plus_as_space| {
        texts(
            &peguri_arrow::decode(&StringArray::from(vec![text]), plus_as_space, Layout::View)
                .unwrap(),
        )
        .remove(0)
        .unwrap()
    };
    assert_eq!(decode("a%2Bb+c", false), "a+b+c");
    assert_eq!(decode("a%2Bb+c", true), "a+b c");
    assert_eq!(decode("%E2%82%AC%20%", false), "€ %");
    assert_eq!(decode("%C3", false), "\u{FFFD}");
}

/// The extension of a path's last segment as the kernel documents it,
/// written again here from the segments the library gives.
fn expected_extension(row: Option<&str>) -> Option<String> {
    let uri = parsed(row)?;
    let last = uri.segments().next_back()?;
    let (stem, extension) = last.rsplit_once('.')?;
    let fits = !stem.is_empty()
        && !stem.ends_with('.')
        && (1..=10).contains(&extension.len())
        && extension.chars().all(|c| c.is_ascii_alphanumeric());
    fits.then(|| extension.to_ascii_lowercase())
}

#[test]
fn path_extension_of_the_last_segment() {
    let rows: Vec<Option<&str>> = ROWS
        .iter()
        .copied()
        .chain([
            Some("https://h/.htaccess"),
            Some("https://h/a..b"),
            Some("https://h/dir.d/"),
            Some("https://h/file.abcdefghijk"),
            Some("https://h/file.abcdefghij"),
            Some("https://h/file.tx-t"),
            Some("https://h/a%2Etxt"),
            Some("https://h/a.txt%20"),
            Some("photo.JPEG"),
            Some("https://h/p.html;v=1"),
        ])
        .collect();
    let want: Vec<Option<String>> = rows.iter().map(|r| expected_extension(*r)).collect();
    each_input(&rows, |name, input, layout| {
        let out = peguri_arrow::path_extension(input, layout).unwrap();
        assert_eq!(texts(&out), want, "{name}");
    });
    let out = texts(
        &peguri_arrow::path_extension(&StringArray::from(rows.clone()), Layout::Plain).unwrap(),
    );
    let at = |url: &str| out[rows.iter().position(|r| *r == Some(url)).unwrap()].clone();
    assert_eq!(at(ROWS[1].unwrap()).as_deref(), Some("pdf"));
    assert_eq!(at(ROWS[12].unwrap()).as_deref(), Some("gz"));
    assert_eq!(at("https://h/.htaccess"), None);
    assert_eq!(at("https://h/a..b"), None);
    assert_eq!(at("https://h/dir.d/"), None);
    assert_eq!(at("https://h/file.abcdefghijk"), None);
    assert_eq!(
        at("https://h/file.abcdefghij").as_deref(),
        Some("abcdefghij")
    );
    assert_eq!(at("photo.JPEG").as_deref(), Some("jpeg"));
    assert_eq!(at("https://h/p.html;v=1"), None);
}

#[cfg(feature = "psl")]
#[test]
fn subdomain_is_the_librarys_row_by_row() {
    use peguri::PublicSuffixList;
    let rows: Vec<Option<&str>> = ROWS
        .iter()
        .copied()
        .chain([
            Some("http://co.uk/"),
            Some("http://example.com/"),
            Some("http://A.B.Example.COM/"),
            Some("http://www.b%C3%BCcher.de/"),
            Some("http://x.me.github.io/"),
            Some("http://127.1/"),
            Some("http://[::1]/"),
            Some("http://a.b.c.d.e.f.a-registered-name-longer-than-32-bytes.example/"),
        ])
        .collect();
    for list in [
        PublicSuffixList::built_in(),
        PublicSuffixList::built_in().icann_only(),
    ] {
        let want: Vec<Option<String>> = rows
            .iter()
            .map(|row| {
                let host = parsed(*row)?.authority()?.host();
                list.subdomain(&host).map(Cow::into_owned)
            })
            .collect();
        each_input(&rows, |name, input, layout| {
            let out = peguri_arrow::subdomain(input, &list, layout).unwrap();
            assert_eq!(texts(&out), want, "{name}, {list:?}");
        });
    }
    let out = texts(
        &peguri_arrow::subdomain(
            &StringArray::from(rows.clone()),
            &PublicSuffixList::built_in(),
            Layout::Plain,
        )
        .unwrap(),
    );
    let at = |url: &str| out[rows.iter().position(|r| *r == Some(url)).unwrap()].clone();
    assert_eq!(at("http://A.B.Example.COM/").as_deref(), Some("a.b"));
    assert_eq!(at("http://example.com/").as_deref(), Some(""));
    assert_eq!(at("http://x.me.github.io/").as_deref(), Some("x"));
    assert_eq!(at("http://www.b%C3%BCcher.de/").as_deref(), Some("www"));
    assert_eq!(at("http://co.uk/"), None);
    assert_eq!(at("http://127.1/"), None);
    assert_eq!(at("http://0x7f.1/index.html?utm_medium=x"), None);
}

/// A long key or value with nothing to decode points into the input.
#[test]
fn undecoded_pairs_point_into_the_input() {
    let array = StringArray::from(vec![ROWS[1].unwrap()]);
    let out = peguri_arrow::query_params(&array, false, Layout::View).unwrap();
    let pairs = out.value(0);
    let values = pairs.as_struct().column(1).as_string_view();
    assert_eq!(values.value(0), "newsletter-with-a-long-name");
    let input = array.values().as_ptr_range();
    for buffer in values.data_buffers() {
        let start = buffer.as_ptr();
        assert!(input.contains(&start), "a copy, not a view into the input");
    }
}

/// The lines of `../shared/corpus/*.txt`, if present (a failure under
/// `CI=true` when missing; elsewhere a notice).
fn corpus_lines() -> Option<Vec<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    if !dir.exists() {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("{} is missing, and CI=true requires it", dir.display());
        }
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "notice: skipping the corpus checks: {} not found",
            dir.display()
        );
        return None;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut lines = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        lines.extend(
            text.lines()
                .filter(|l| !l.is_empty())
                .map(|l| l.strip_suffix('\r').unwrap_or(l).to_owned()),
        );
    }
    Some(lines)
}

#[test]
fn the_corpus_agrees_with_the_library_row_by_row() {
    let Some(lines) = corpus_lines() else {
        return;
    };
    let rows: Vec<Option<&str>> = lines.iter().map(|l| Some(l.as_str())).collect();
    let array = StringViewArray::from_iter_values(&lines);
    let params = pair_lists(&peguri_arrow::query_params(&array, true, Layout::View).unwrap());
    let keys = KeyPatterns::new(["utm_*", "fbclid", "gclid"]);
    let removed = texts(
        &peguri_arrow::remove_query_params(&array, Keys::Same(&keys), false, Layout::View).unwrap(),
    );
    let decoded = texts(&peguri_arrow::decode(&array, false, Layout::View).unwrap());
    let extensions = texts(&peguri_arrow::path_extension(&array, Layout::View).unwrap());
    #[cfg(feature = "psl")]
    let subdomains = texts(
        &peguri_arrow::subdomain(&array, &peguri::PublicSuffixList::built_in(), Layout::View)
            .unwrap(),
    );
    let (mut with_pairs, mut cut) = (0, 0);
    for (i, row) in rows.iter().enumerate() {
        let pairs = library_pairs(*row, true);
        with_pairs += usize::from(pairs.as_ref().is_some_and(|p| !p.is_empty()));
        assert_eq!(params[i], pairs, "{row:?}");
        let without = library_without(*row, &["utm_*", "fbclid", "gclid"], false);
        cut += usize::from(without.as_deref() != *row && without.is_some());
        assert_eq!(removed[i], without, "{row:?}");
        let line = row.unwrap();
        assert_eq!(
            decoded[i].as_deref(),
            Some(&*pct::decode_lossy(line)),
            "{line}"
        );
        assert_eq!(extensions[i], expected_extension(*row), "{line}");
        #[cfg(feature = "psl")]
        {
            let sub = parsed(*row).and_then(|u| u.subdomain().map(Cow::into_owned));
            assert_eq!(subdomains[i], sub, "{line}");
        }
    }
    assert!(
        with_pairs > 1000 && cut > 0,
        "{with_pairs} rows with pairs, {cut} cut"
    );
}
