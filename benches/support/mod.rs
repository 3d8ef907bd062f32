//! The benchmark corpus: `../shared/corpus/*.txt` when present (one URL a
//! line, BOM stripped, empty lines skipped), otherwise a generated one, so
//! `cargo bench` works from a fresh checkout. [`classes`] builds the input
//! classes of the per-class benchmarks.

#![allow(dead_code)]

use std::path::Path;

pub mod classes;

// --- the parsers: parse one line, read the components ----------------------

pub fn len<S: AsRef<str> + ?Sized>(s: Option<&S>) -> usize {
    s.map_or(0, |s| s.as_ref().len())
}

pub fn peguri_fast(line: &str) -> usize {
    match peguri::UriRef::parse(line) {
        Ok(u) => {
            len(u.scheme())
                + u.authority().map_or(0, |a| a.host_str().len())
                + u.path().len()
                + len(u.query())
                + len(u.fragment())
        }
        Err(_) => 0,
    }
}

pub fn peguri_pest(line: &str) -> usize {
    match peguri::__engines::parse_with_pest(line, "URI-reference") {
        Some(Ok(u)) => {
            len(u.scheme())
                + u.authority().map_or(0, |a| a.host_str().len())
                + u.path().len()
                + len(u.query())
                + len(u.fragment())
        }
        _ => 0,
    }
}

pub fn fluent_uri(line: &str) -> usize {
    match fluent_uri::UriRef::parse(line) {
        Ok(u) => {
            u.scheme().map_or(0, |s| s.as_str().len())
                + u.authority().map_or(0, |a| a.host().len())
                + u.path().as_str().len()
                + u.query().map_or(0, |q| q.as_str().len())
                + u.fragment().map_or(0, |f| f.as_str().len())
        }
        Err(_) => 0,
    }
}

fn iri_string(line: &str) -> usize {
    match iri_string::types::UriReferenceStr::new(line) {
        Ok(u) => {
            len(u.scheme_str())
                + u.authority_components().map_or(0, |a| a.host().len())
                + u.path_str().len()
                + len(u.query_str())
                + len(u.fragment().map(|f| f.as_str()))
        }
        Err(_) => 0,
    }
}

fn oxiri(line: &str) -> usize {
    match oxiri::IriRef::parse(line) {
        Ok(u) => {
            len(u.scheme())
                + len(u.authority())
                + u.path().len()
                + len(u.query())
                + len(u.fragment())
        }
        Err(_) => 0,
    }
}

fn url(line: &str) -> usize {
    match url::Url::parse(line) {
        Ok(u) => {
            u.scheme().len()
                + len(u.host_str())
                + u.path().len()
                + len(u.query())
                + len(u.fragment())
        }
        Err(_) => 0,
    }
}

fn uriparse(line: &str) -> usize {
    match uriparse::URIReference::try_from(line) {
        Ok(u) => {
            u.scheme().map_or(0, |s| s.as_str().len())
                + usize::from(u.authority().is_some())
                + u.path().segments().len()
                + u.query().map_or(0, |q| q.as_str().len())
                + u.fragment().map_or(0, |f| f.as_str().len())
        }
        Err(_) => 0,
    }
}

fn http(line: &str) -> usize {
    match line.parse::<http::Uri>() {
        Ok(u) => len(u.scheme_str()) + len(u.host()) + u.path().len() + len(u.query()),
        Err(_) => 0,
    }
}

/// Parses one line and reads its components (a checksum of their lengths).
pub type Parse = fn(&str) -> usize;

/// The parsers, by the name shown in the report.
pub const PARSERS: &[(&str, Parse)] = &[
    ("peguri", peguri_fast),
    ("peguri-pest", peguri_pest),
    ("fluent-uri", fluent_uri),
    ("iri-string", iri_string),
    ("oxiri", oxiri),
    ("url", url),
    ("uriparse", uriparse),
    ("http", http),
];

// --- the corpus --------------------------------------------------------------

/// The corpus lines and where they came from.
pub fn corpus() -> (Vec<String>, String) {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus"));
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "txt"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut lines = Vec::new();
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        lines.extend(text.lines().filter(|l| !l.is_empty()).map(str::to_owned));
    }
    if lines.is_empty() {
        (
            generated(20_000),
            "a generated corpus of 20,000 URLs".to_owned(),
        )
    } else {
        (lines, format!("{} ({} files)", dir.display(), files.len()))
    }
}

/// `n` varied URLs from a fixed seed: web URLs with ports, queries and
/// fragments, file URLs, URNs, mailto, IP literals and relative references.
pub fn generated(n: usize) -> Vec<String> {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move |m: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        usize::try_from(state % m as u64).unwrap_or(0)
    };
    const WORDS: &[&str] = &[
        "www",
        "example",
        "docs",
        "api",
        "v1",
        "index.html",
        "search",
        "user",
        "images",
        "a%20b",
        "node_modules",
        "lib",
        "src",
        "main.rs",
        "2024",
        "~me",
        "item-42",
    ];
    const HOSTS: &[&str] = &[
        "example.com",
        "www.example.org",
        "sub.domain.co.uk",
        "192.0.2.16",
        "[2001:db8::7]",
        "[::ffff:192.0.2.1]",
        "localhost",
    ];
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let mut path = String::new();
        for _ in 0..next(6) {
            path.push('/');
            path.push_str(WORDS[next(WORDS.len())]);
        }
        let uri = match next(10) {
            0 => format!("file://{path}"),
            1 => format!("urn:isbn:{}", 1000 + next(9000)),
            2 => format!("mailto:{}@{}", WORDS[next(WORDS.len())], HOSTS[next(3)]),
            3 => format!(
                "../{}{path}?{}",
                WORDS[next(WORDS.len())],
                WORDS[next(WORDS.len())]
            ),
            _ => {
                let scheme = if next(2) == 0 { "http" } else { "https" };
                let host = HOSTS[next(HOSTS.len())];
                let port = if next(4) == 0 { ":8080" } else { "" };
                let query = if next(2) == 0 {
                    format!("?q={}&page={}", WORDS[next(WORDS.len())], next(100))
                } else {
                    String::new()
                };
                let fragment = if next(5) == 0 { "#top" } else { "" };
                format!("{scheme}://{host}{port}{path}{query}{fragment}")
            }
        };
        out.push(uri);
    }
    out
}

/// A valid URI of about `len` bytes: a long path and query.
pub fn long_uri(len: usize) -> String {
    let mut s = String::from("http://user@example.com:8080");
    let mut i = 0;
    while s.len() + 40 < len {
        s.push_str(match i % 4 {
            0 => "/segment",
            1 => "/a%20b;p=1",
            2 => "/~user.name_42",
            _ => "/x-y!$&'()*+,=:@",
        });
        i += 1;
    }
    s.push_str("?q=a/b?c");
    while s.len() < len {
        s.push('x');
    }
    s
}
