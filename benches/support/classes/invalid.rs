//! The `invalid` class: valid corpus lines with one thing broken, fixed
//! invalid inputs, and long inputs with an error near their end.

use super::generator::{Rng, host, path_abempty, port, query_fragment, uri_reference};
use super::{Class, Dropped, Kind, fluent_accepts, peguri_accepts};

/// `n` lines drawn at random from `corpus` (repeats allowed) that are ASCII,
/// valid URI references, and pass `keep`; fewer if there are none.
pub(super) fn valid_lines<'a>(
    rng: &mut Rng,
    corpus: &'a [String],
    n: usize,
    keep: impl Fn(&str) -> bool,
) -> Vec<&'a str> {
    let mut lines = Vec::with_capacity(n);
    let mut attempts = 0;
    while lines.len() < n && attempts < 20 * n && !corpus.is_empty() {
        attempts += 1;
        let line = corpus[rng.below(corpus.len())].as_str();
        if line.is_ascii() && keep(line) && peguri_accepts(line) {
            lines.push(line);
        }
    }
    lines
}

/// Characters that RFC 3986 allows nowhere, one of which is inserted into a
/// valid corpus line: space, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`,
/// `}`, control characters, non-ASCII characters, `%` followed by a
/// non-hex character, a stray `[`.
const FORBIDDEN: &[&str] = &[
    " ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "\u{0}", "\t", "\u{1b}", "\u{7f}", "é",
    "中", "\u{a0}", "😀", "%g", "%z", "%/", "%%", "%-", "[",
];

/// Malformed pieces for generated invalid inputs, each with the place it
/// goes: a host, a port, a scheme, or anywhere in a path, query or fragment.
const BAD_HOSTS: &[&str] = &[
    "[1:12345::]",
    "[1::2::3]",
    "[1:2:3]",
    "[::1",
    "[:::]",
    "[1:2:3:4:5:6:7:8:9]",
    "[1:2:3:4:5:6:7::8]",
    "[::ffff:1.2.3]",
    "[::ffff:256.1.1.1]",
    "[::ffff:01.2.3.4]",
    "[g::1]",
    "[]",
    "[v.x]",
    "[v7.]",
    "[vz.x]",
    "[fe80::1%eth0]",
    "[fe80::1%25eth0]",
    "[::1]]",
    "[::1]x",
    "h]",
    "a@b@c",
    "[1.2.3.4]",
    "[::1:]",
    "[:1::]",
    "[1:2:3:4:5:6:7:1.2.3.4]",
    "[1:2:3:4:5:6::1.2.3.4]",
    "[::1:2:3:4:5:6:7:8]",
    "[1:2:3:4:5:6:7:8::]",
    "[::ffff:1.2.3.04]",
    "[0000:0:0:0:0:0:0:00001]",
    "[v1.]",
    "[::%31]",
    "[::1]@h",
];

const BAD_PORTS: &[&str] = &[
    ":8a", ":-1", ":80:80", ": 80", ":0x50", ":8080a", ":+1", ":8 ",
];

const BAD_SCHEMES: &[&str] = &[
    "1http", "-a", "+x", "ht tp", "", "h_t", ".x", "9", "h~t", "h%74",
];

const BAD_TEXT: &[&str] = &[
    "%g0", "%%", "%2G", "#a#b", " ", "<x>", "{a}", "a|b", "\\", "^", "`", "\"q\"", "[x]", "\u{1}",
    "ü",
];

/// Endings that make a valid reference invalid: an incomplete triplet.
const BAD_ENDS: &[&str] = &["%", "%2", "%E4%BD%A0%", "%e"];

/// Hand-written invalid inputs, first in the `invalid` class.
pub const INVALID_FIXED: &[&str] = &[
    "http://[1:12345::]/",
    "http://[1::2::3]/",
    "http://[1:2:3]/",
    "http://h:8a/",
    "1http://x",
    "http://a b",
    "http://example.com/%zz",
    "a%4",
    "http://[::1",
    "//[v7.]/",
    "http://a@b@c/",
    "#a#b",
    ":x",
    "http://h/<script>",
    "http://h/a\\b",
    "http://h/\u{e9}",
];

/// How many generated candidates the `invalid` class starts from (and as
/// many corpus lines with an inserted character).
pub const INVALID_GENERATED: usize = 10_000;

/// `invalid`: 16 hand-written invalid inputs ([`INVALID_FIXED`]), 10,000
/// generated ones (malformed IP literals, bad
/// ports, bad schemes, bad triplets and forbidden characters spliced into
/// valid references of every shape) and 10,000 valid corpus lines with one
/// forbidden character inserted at a pseudo-random position. Candidates
/// that peguri or fluent-uri accepts are dropped (kept in `dropped`).
pub fn invalid(corpus: &[String]) -> Class {
    let mut rng = Rng::new(0x510e_527f_ade6_82d1);
    let mut candidates: Vec<String> = INVALID_FIXED.iter().map(|&s| s.to_owned()).collect();
    for _ in 0..INVALID_GENERATED {
        let s = match rng.below(5) {
            0 => format!(
                "{}://{}{}{}",
                rng.pick(&["http", "https", "ldap", "ftp"]),
                rng.pick(BAD_HOSTS),
                port(&mut rng),
                path_abempty(&mut rng)
            ),
            1 => format!(
                "http://{}{}{}{}",
                host(&mut rng),
                rng.pick(BAD_PORTS),
                path_abempty(&mut rng),
                query_fragment(&mut rng, 3, 5)
            ),
            2 => format!(
                "{}://{}{}",
                rng.pick(BAD_SCHEMES),
                host(&mut rng),
                path_abempty(&mut rng)
            ),
            3 if rng.one_in(3) => format!("{}{}", uri_reference(&mut rng), rng.pick(BAD_ENDS)),
            _ => {
                let mut s = uri_reference(&mut rng);
                let at = rng.below(s.len() + 1);
                s.insert_str(at, rng.pick(BAD_TEXT));
                s
            }
        };
        candidates.push(s);
    }
    for line in valid_lines(&mut rng, corpus, INVALID_GENERATED, |_| true) {
        let mut s = line.to_owned();
        let at = rng.below(s.len() + 1);
        s.insert_str(at, rng.pick(FORBIDDEN));
        candidates.push(s);
    }
    let mut class = Class::new("invalid", Kind::Invalid, Vec::new());
    for s in candidates {
        let accepted: Vec<&str> = [
            ("peguri", peguri_accepts(&s)),
            ("fluent-uri", fluent_accepts(&s)),
        ]
        .into_iter()
        .filter(|&(_, ok)| ok)
        .map(|(name, _)| name)
        .collect();
        if accepted.is_empty() {
            class.inputs.push(s);
        } else {
            let why = format!("accepted by {}", accepted.join(" and "));
            class.dropped.push(Dropped { input: s, why });
        }
    }
    class
}

/// A valid URI of `len` bytes (`super::long_uri`) with one forbidden
/// character (a space) 8 bytes before its end, in the query.
pub fn long_invalid_uri(len: usize) -> String {
    let mut s = super::super::long_uri(len);
    let at = s.len() - 8;
    s.replace_range(at..at + 1, " ");
    s
}
