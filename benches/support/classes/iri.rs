//! The `iri` class: generated IRI references, and corpus lines whose
//! letters are replaced by non-ASCII ones.

use super::generator::{Rng, port};
use super::invalid::valid_lines;
use super::{Class, Dropped, Kind};

const IRI_HOSTS: &[&str] = &[
    "bücher.example",
    "例え.テスト",
    "пример.испытание",
    "παράδειγμα.δοκιμή",
    "مثال.إختبار",
    "中文.中国",
    "münchen.de",
    "straße.example",
    "example.com",
    "192.0.2.1",
    "日本.jp",
    "ñandú.ar",
];

const IRI_WORDS: &[&str] = &[
    "Dürst",
    "naïve",
    "café",
    "Ελληνικά",
    "κείμενο",
    "статья",
    "привет",
    "日本語",
    "ページ",
    "中文",
    "مرحبا",
    "ملف",
    "Größe",
    "ação",
    "한국어",
    "index.html",
    "docs",
    "a%20b",
    "Ünïcödé",
    "Ωμέγα",
];

const IRI_QUERY_VALUES: &[&str] = &[
    "café",
    "😀",
    "α",
    "名前",
    "値",
    "🎉🎉",
    "привет",
    "x%20y",
    "\u{E000}",
    "ü&v=ö",
    "👍🏽",
];

/// The first and last characters of `ucschar`'s ranges (RFC 3987), bidi
/// marks and a byte order mark: allowed wherever a letter is.
const UCSCHAR_EDGES: &[&str] = &[
    "\u{A0}",
    "\u{D7FF}",
    "\u{F900}",
    "\u{FDCF}",
    "\u{FDF0}",
    "\u{FFEF}",
    "\u{10000}",
    "\u{1FFFD}",
    "\u{20000}",
    "\u{E1000}",
    "\u{EFFFD}",
    "\u{200E}",
    "\u{202E}",
    "\u{FEFF}",
];

/// The first and last characters of `iprivate`'s ranges: query only.
const IPRIVATE_EDGES: &[&str] = &[
    "\u{E000}",
    "\u{F8FF}",
    "\u{F0000}",
    "\u{FFFFD}",
    "\u{100000}",
    "\u{10FFFD}",
];

fn iri_reference(rng: &mut Rng) -> String {
    let mut path = String::new();
    for _ in 0..1 + rng.below(4) {
        path.push('/');
        path.push_str(rng.pick(IRI_WORDS));
        if rng.one_in(20) {
            path.push_str(rng.pick(UCSCHAR_EDGES));
        }
    }
    let mut tail = String::new();
    if rng.one_in(2) {
        tail.push_str(&format!(
            "?{}={}",
            rng.pick(&["q", "名前", "emoji", "s"]),
            rng.pick(IRI_QUERY_VALUES)
        ));
        if rng.one_in(10) {
            tail.push_str(rng.pick(IPRIVATE_EDGES));
        }
        if rng.one_in(3) {
            tail.push_str(&format!("&emoji={}", rng.pick(&["😀", "🚀", "❤️"])));
        }
    }
    if rng.one_in(4) {
        tail.push_str(&format!(
            "#{}",
            rng.pick(&["Überblick", "章節", "τέλος", "раздел-2", "top", "ملخص"])
        ));
    }
    match rng.below(8) {
        0 => format!("..{path}{tail}"),
        1 => format!("{}{tail}", &path[1..]),
        2 => format!("{path}{tail}"),
        3 => format!(
            "urn:{}:{}{tail}",
            rng.pick(&["isbn", "名前", "x"]),
            rng.pick(IRI_WORDS)
        ),
        _ => {
            let userinfo = if rng.one_in(10) {
                "usér:pässwörd@"
            } else {
                ""
            };
            format!(
                "{}://{userinfo}{}{}{path}{tail}",
                rng.pick(&["http", "https", "ftp"]),
                rng.pick(IRI_HOSTS),
                port(rng)
            )
        }
    }
}

/// Non-ASCII letters that replace ASCII letters in corpus lines.
const IRI_LETTERS: &[&str] = &[
    "é", "ü", "ñ", "ø", "ß", "å", "ç", "α", "β", "λ", "ω", "ж", "д", "я", "ы", "中", "字", "ا",
    "ب", "ş", "ł", "ő",
];

/// A corpus line with some letters after the scheme replaced by non-ASCII
/// letters (not inside triplets).
fn iri_from_line(rng: &mut Rng, line: &str, scheme_len: usize) -> String {
    let bytes = line.as_bytes();
    let mut out = String::with_capacity(line.len() * 2);
    out.push_str(&line[..scheme_len]);
    let mut i = scheme_len;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' && i + 2 < bytes.len() {
            out.push_str(&line[i..i + 3]);
            i += 3;
            continue;
        }
        if b.is_ascii_alphabetic() && rng.one_in(6) {
            out.push_str(rng.pick(IRI_LETTERS));
        } else {
            out.push(char::from(b));
        }
        i += 1;
    }
    out
}

/// How many generated candidates the `iri` class starts from (and as many
/// corpus lines with letters replaced).
pub const IRI_GENERATED: usize = 5_000;

/// `iri`: 5,000 generated IRI references (Latin with diacritics, Greek,
/// Cyrillic, CJK, Arabic, Hangul; emoji and private-use characters in
/// queries; the first and last characters of the `ucschar` and `iprivate`
/// ranges now and then; in hosts, userinfo, paths, queries and fragments;
/// absolute and relative) and 5,000 valid ASCII corpus lines without IP literals whose
/// letters after the scheme are replaced by non-ASCII letters one time in
/// six. Candidates that peguri `IriRef::parse`, fluent-uri `IriRef::parse`,
/// oxiri `IriRef::parse` or iri-string `IriReferenceStr::new` rejects are
/// dropped (kept in `dropped`).
pub fn iri(corpus: &[String]) -> Class {
    let mut rng = Rng::new(0xa54f_f53a_5f1d_36f1);
    let mut candidates: Vec<String> = (0..IRI_GENERATED)
        .map(|_| iri_reference(&mut rng))
        .collect();
    let lines = valid_lines(&mut rng, corpus, IRI_GENERATED, |l| !l.contains('['));
    for line in lines {
        let scheme_len = peguri::UriRef::parse(line)
            .ok()
            .and_then(|u| u.scheme().map(|s| s.len() + 1))
            .unwrap_or(0);
        candidates.push(iri_from_line(&mut rng, line, scheme_len));
    }
    let mut class = Class::new("iri", Kind::IriRef, Vec::new());
    for s in candidates {
        let rejected: Vec<&str> = [
            ("peguri", peguri::IriRef::parse(&s).is_ok()),
            ("fluent-uri", fluent_uri::IriRef::parse(s.as_str()).is_ok()),
            ("oxiri", oxiri::IriRef::parse(s.as_str()).is_ok()),
            (
                "iri-string",
                iri_string::types::IriReferenceStr::new(s.as_str()).is_ok(),
            ),
        ]
        .into_iter()
        .filter(|&(_, ok)| !ok)
        .map(|(name, _)| name)
        .collect();
        if rejected.is_empty() {
            class.inputs.push(s);
        } else {
            let why = format!("rejected by {}", rejected.join(" and "));
            class.dropped.push(Dropped { input: s, why });
        }
    }
    class
}
