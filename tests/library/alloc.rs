//! Parsing a borrowed URI allocates nothing: the generated recognizer keeps
//! its records in a small `Copy` struct and the layout is plain spans.
//!
//! The counting allocator below is the one `unsafe` block of this test
//! binary (the library itself forbids `unsafe`); it forwards to the system
//! allocator and counts the calls made on the current thread.

use crate::common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use peguri::{Uri, UriRef};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: the thread-local may be gone while a thread shuts down.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds the
// `GlobalAlloc` contract; counting touches only a thread-local `Cell`.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations `f` makes on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (ALLOCATIONS.with(Cell::get) - before, value)
}

#[track_caller]
fn assert_no_allocation(input: &str) {
    let (n, parsed) = allocations(|| UriRef::parse(input).map(|u| u.path().len()));
    assert!(parsed.is_ok(), "{input:?} should parse");
    assert_eq!(n, 0, "parsing {input:?} allocated {n} times");
}

#[test]
fn parsing_a_borrowed_uri_does_not_allocate() {
    let cases = [
        "http://user:pass@example.com:8080/over/there/index.dtb?type=animal&name=narwhal#nose",
        "https://www.sec.gov/edgar.shtml",
        "file:///Users/isaacs/dev/tapjs/tapjs/node_modules/ts-node/esm.mjs",
        "node:url",
        "urn:example:animal:ferret:nose",
        "mailto:John.Doe@example.com",
        "http://[2001:db8::7]/c=GB?objectClass?one",
        "ldap://[::ffff:192.0.2.1]:389/",
        "http://[v7.host]/",
        "http://192.0.2.16:80/",
        "http://1.2.3.4.5/",
        "//example.com/a%20b",
        "../a/./b?c#d",
        "",
        "#",
    ];
    for input in cases {
        assert_no_allocation(input);
    }
    let (n, uri) = allocations(|| Uri::parse("http://a/b/c/d;p?q").map(|u| u.scheme().len()));
    assert_eq!((n, uri.ok()), (0, Some(4)));
}

#[test]
fn parsing_the_corpus_does_not_allocate() {
    let Some(dir) = common::shared_file("corpus") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("readable corpus directory")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let (mut parsed, mut total) = (0usize, 0usize);
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable corpus file");
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        for line in text.lines().filter(|l| !l.is_empty()) {
            // Only valid input takes the allocation-free path; a rejected
            // input is re-parsed by pest for its error message.
            if UriRef::parse(line).is_err() {
                continue;
            }
            let (n, _) = allocations(|| UriRef::parse(line).map(|u| u.path().len()));
            assert_eq!(n, 0, "parsing {line:?} allocated {n} times");
            parsed += 1;
            total += n;
        }
    }
    eprintln!("corpus: {parsed} URIs parsed with {total} allocations");
}

#[test]
fn errors_do_allocate_their_message() {
    // The counter works: a rejected input builds a rich `ParseError`.
    let (n, result) = allocations(|| UriRef::parse("http://a b").is_err());
    assert!(result);
    assert!(n > 0);
}

/// The allocations a value owns: its string if owned, or its vector and
/// each owned non-empty member (an empty `String` owns none; a borrowed
/// one borrows from the URI).
fn owned(value: &peguri::template::Value<'_>) -> usize {
    use peguri::template::Value;
    use std::borrow::Cow;
    let text = |s: &Cow<'_, str>| usize::from(matches!(s, Cow::Owned(o) if !o.is_empty()));
    match value {
        Value::String(s) => text(s),
        Value::List(items) => 1 + items.iter().map(text).sum::<usize>(),
        Value::Map(pairs) => 1 + pairs.iter().map(|(k, v)| text(k) + text(v)).sum::<usize>(),
    }
}

#[test]
fn matching_a_template_allocates_only_the_values() {
    use peguri::template::{TemplateSet, UriTemplate, Value};

    let template = UriTemplate::parse("/v1/users/{id}/repos/{repo}{/path*}{?q,tags*}").unwrap();
    let mut set = TemplateSet::new();
    set.insert(UriTemplate::parse("/v1/users/{id}").unwrap())
        .unwrap();
    set.insert(template.clone()).unwrap();
    set.insert(UriTemplate::parse("/v1/orgs/{org}").unwrap())
        .unwrap();
    for uri in [
        "/v1/users/42/issues",
        "/v1/users/4%FF/repos/x",
        "/v1/users/4/repos/x?q=1&q=2",
        "/v2/x",
    ] {
        let (n, found) = allocations(|| template.match_uri(uri));
        assert!(found.is_none(), "{uri}");
        assert_eq!(n, 0, "no match on {uri:?} allocated {n} times");
        let (n, found) = allocations(|| set.match_uri(uri).map(|m| m.index()));
        assert_eq!((n, found), (0, None), "{uri}");
    }
    for uri in [
        "/v1/users/42/repos/peguri/a/b?tags=x&q=y%20z",
        "/v1/users/42/repos/peguri?a=1&b=",
        "/v1/users/42/repos/peguri",
        "/v1/users/42/repos/",
    ] {
        let (n, found) = allocations(|| template.match_uri(uri));
        let found = found.expect(uri);
        let values: usize = found.iter().map(|(_, v)| owned(v)).sum();
        // Only a value that held a triplet is copied: `y%20z`.
        let decoded = usize::from(uri.contains("%20"));
        let lists = found
            .iter()
            .filter(|(_, v)| !matches!(v, Value::String(_)))
            .count();
        assert_eq!(values, lists + decoded, "{uri}: {found:?}");
        // One vector for the captures, and the values' own.
        assert_eq!(n, 1 + values, "{uri}: {found:?}");
        let (n, chosen) = allocations(|| set.match_uri(uri));
        assert_eq!(chosen.map(|m| m.into_variables()), Some(found), "{uri}");
        assert_eq!(n, 1 + values, "{uri}");
    }
}
