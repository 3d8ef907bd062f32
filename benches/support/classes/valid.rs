//! The valid classes made by the generator: `generated`, `ipv6`, `pct` and
//! `short`.

use std::collections::HashSet;

use super::generator::{Rng, WORDS, ipv_future, ipv6_address, port, query_fragment, uri_reference};
use super::{Class, Kind, assert_valid};

/// How many inputs the `generated` class has.
pub const GENERATED: usize = 26_000;

/// `generated`: 26,000 valid URI references covering RFC 3986's
/// productions: URIs with and without an authority, userinfo, IPv4
/// addresses, reg-names (sub-delims, triplets, empty, IPv4 look-alikes),
/// ports (empty too), every path production, queries, fragments, relative
/// references of every shape, dot segments, and a few IP literals (1 in 40
/// authorities).
pub fn generated() -> Class {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let inputs: Vec<String> = (0..GENERATED).map(|_| uri_reference(&mut rng)).collect();
    for s in &inputs {
        assert_valid("generated", s);
    }
    Class::new("generated", Kind::Uri, inputs)
}

// --- ipv6 --------------------------------------------------------------------

/// How many inputs the `ipv6` class has.
pub const IPV6: usize = 10_000;

/// `ipv6`: URLs whose host is an IPv6 literal (see [`ipv6_address`]), with
/// userinfo, ports, paths, queries and fragments now and then; 1 in 10 is an
/// IPvFuture literal instead (`[v7.abc]`).
pub fn ipv6() -> Class {
    const SCHEMES: &[&str] = &["http", "https", "ldap", "coap", "ws", "ftp", "telnet"];
    let mut rng = Rng::new(0x6a09_e667_f3bc_c909);
    let inputs: Vec<String> = (0..IPV6)
        .map(|_| {
            let address = if rng.one_in(10) {
                ipv_future(&mut rng)
            } else {
                ipv6_address(&mut rng)
            };
            let start = if rng.one_in(12) {
                "//".to_owned()
            } else {
                format!("{}://", rng.pick(SCHEMES))
            };
            let userinfo = if rng.one_in(10) { "user@" } else { "" };
            let path = match rng.below(4) {
                0 => String::new(),
                1 => "/".to_owned(),
                _ => (0..1 + rng.below(3))
                    .map(|_| format!("/{}", rng.pick(WORDS)))
                    .collect(),
            };
            format!(
                "{start}{userinfo}[{address}]{}{path}{}",
                port(&mut rng),
                query_fragment(&mut rng, 3, 10)
            )
        })
        .collect();
    for s in &inputs {
        assert_valid("ipv6", s);
    }
    Class::new("ipv6", Kind::Uri, inputs)
}

// --- pct ---------------------------------------------------------------------

/// Words to percent-encode: several scripts, and reserved characters.
const PCT_WORDS: &[&str] = &[
    "你好",
    "日本語",
    "über",
    "naïve café",
    "Ελληνικά",
    "привет",
    "مرحبا",
    "😀",
    "a b",
    "100%",
    "a/b",
    "what?",
    "#1",
    "&=+",
    "Größe",
    "ação",
    "한국어",
    "שלום",
];

/// `s` with every byte outside `unreserved` percent-encoded, in upper or
/// lower case hex.
pub fn pct_encode(s: &str, lower: bool) -> String {
    let mut out = String::with_capacity(s.len() * 3);
    for &b in s.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(char::from(b));
        } else if lower {
            out.push_str(&format!("%{b:02x}"));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// How many inputs the `pct` class has.
pub const PCT: usize = 10_000;

/// `pct`: URLs heavy with percent-encoding: encoded UTF-8 words (several
/// scripts) in path segments, queries such as `q=%E4%BD%A0%E5%A5%BD&x=a%20b`,
/// encoded reg-names and userinfo, fragments; hex digits mostly upper case.
pub fn pct() -> Class {
    let mut rng = Rng::new(0xbb67_ae85_84ca_a73b);
    let inputs: Vec<String> = (0..PCT)
        .map(|_| {
            let word = |rng: &mut Rng| {
                let lower = rng.one_in(5);
                pct_encode(rng.pick(PCT_WORDS), lower)
            };
            let host = match rng.below(4) {
                0 => format!(
                    "{}.{}",
                    word(&mut rng),
                    rng.pick(&["jp", "com", "xn--p1ai"])
                ),
                1 => format!("{}.example", word(&mut rng)),
                _ => rng
                    .pick(&["example.com", "www.example.org", "localhost"])
                    .to_owned(),
            };
            let userinfo = if rng.one_in(8) {
                format!("{}:{}@", word(&mut rng), word(&mut rng))
            } else {
                String::new()
            };
            let mut path = String::new();
            for _ in 0..1 + rng.below(4) {
                path.push('/');
                if rng.one_in(4) {
                    path.push_str(rng.pick(WORDS));
                } else {
                    path.push_str(&word(&mut rng));
                }
            }
            let mut query = String::new();
            if !rng.one_in(4) {
                query.push_str("?q=");
                query.push_str(&word(&mut rng));
                for _ in 0..rng.below(3) {
                    query.push_str(&format!("&{}={}", rng.pick(WORDS), word(&mut rng)));
                }
                if rng.one_in(2) {
                    query.push_str("&x=a%20b");
                }
            }
            let fragment = if rng.one_in(5) {
                format!("#{}", word(&mut rng))
            } else {
                String::new()
            };
            let scheme = rng.pick(&["http", "https"]);
            if rng.one_in(6) {
                format!("{}{query}{fragment}", &path[1..])
            } else {
                format!("{scheme}://{userinfo}{host}{path}{query}{fragment}")
            }
        })
        .collect();
    for s in &inputs {
        assert_valid("pct", s);
    }
    Class::new("pct", Kind::Uri, inputs)
}

// --- short -------------------------------------------------------------------

/// How many inputs the `short` class has, at most.
pub const SHORT: usize = 5_000;
/// The longest input of the `short` class, in bytes.
pub const SHORT_MAX: usize = 12;

/// `short`: 5,000 distinct references of 12 bytes or less (`a`, `/x`, `?q`,
/// `#f`, `http://a`, `../g`, `mailto:a@b`, `g;x=1`, `//h`, `a:b`, the empty
/// string...), composed from small pieces of every shape.
pub fn short() -> Class {
    const FIXED: &[&str] = &[
        "",
        "a",
        "/x",
        "?q",
        "#f",
        "http://a",
        "../g",
        "mailto:a@b",
        "g;x=1",
        "//h",
        "a:b",
        "/",
        ".",
        "..",
        "./",
        "?",
        "#",
        "g?y#s",
        "//",
        "///",
        "file:///a",
        "urn:a:b",
        "tel:+1-234",
        "x://[::1]",
        "//[::1]:80",
        "h:80",
        "%20",
        "a%2Fb",
        "~u",
        "*",
    ];
    const SCHEMES: &[&str] = &[
        "a", "h", "x1", "ftp", "http", "urn", "tel", "s+v", "a.b", "z-9",
    ];
    const HOSTS: &[&str] = &["a", "h", "", "1.2.3.4", "[::1]", "x.y", "%41", "h!"];
    const PORTS: &[&str] = &["", ":", ":8", ":80"];
    const SEGMENTS: &[&str] = &[
        "a", "g", "x", "b", ".", "..", "", "g;x=1", "%20", "~u", "a=b", "@", "!", "y'z", "ab",
        "f.txt",
    ];
    const TAILS: &[&str] = &[
        "", "", "", "?q", "?", "#f", "#", "?a=1", "?/?", "#a/b", "?x#y",
    ];
    let mut rng = Rng::new(0x3c6e_f372_fe94_f82b);
    let mut seen: HashSet<String> = HashSet::new();
    let mut inputs = Vec::new();
    let mut push = |s: String, inputs: &mut Vec<String>| {
        if s.len() <= SHORT_MAX && seen.insert(s.clone()) {
            inputs.push(s);
        }
    };
    for s in FIXED {
        push((*s).to_owned(), &mut inputs);
    }
    let mut attempts = 0;
    while inputs.len() < SHORT && attempts < 200_000 {
        attempts += 1;
        let scheme = if rng.one_in(3) {
            format!("{}:", rng.pick(SCHEMES))
        } else {
            String::new()
        };
        let has_authority = rng.one_in(3);
        let mut path = String::new();
        let segments = rng.below(3);
        for i in 0..segments {
            let seg = rng.pick(SEGMENTS);
            if i == 0 && !has_authority && seg.is_empty() && segments > 1 {
                // "//" would start an authority.
                continue;
            }
            if i > 0 || has_authority || rng.one_in(2) {
                path.push('/');
            }
            path.push_str(seg);
        }
        if path.starts_with("//") {
            continue;
        }
        if scheme.is_empty() && !has_authority {
            // path-noscheme: no ":" in the first segment.
            if path
                .split('/')
                .next()
                .is_some_and(|first| first.contains(':'))
            {
                continue;
            }
        }
        let authority = if has_authority {
            let userinfo = if rng.one_in(5) { "u@" } else { "" };
            format!(
                "//{userinfo}{}{}",
                rng.pick(HOSTS),
                if rng.one_in(3) { rng.pick(PORTS) } else { "" }
            )
        } else {
            String::new()
        };
        push(
            format!("{scheme}{authority}{path}{}", rng.pick(TAILS)),
            &mut inputs,
        );
    }
    for s in &inputs {
        assert_valid("short", s);
    }
    Class::new("short", Kind::Uri, inputs)
}
