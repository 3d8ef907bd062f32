//! The generator's pieces: the xorshift generator, and the rules of
//! RFC 3986's grammar each drawn at random (hosts, segments, paths,
//! queries, whole references), which the classes are built from.

use super::{Class, Kind};

/// The xorshift generator of [`super::generated`], with helpers.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..m`.
    pub fn below(&mut self, m: usize) -> usize {
        usize::try_from(self.next() % m as u64).unwrap_or(0)
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<'a, T: ?Sized>(&mut self, items: &[&'a T]) -> &'a T {
        items[self.below(items.len())]
    }
}

pub(super) const WORDS: &[&str] = &[
    "www",
    "example",
    "docs",
    "api",
    "v1",
    "index.html",
    "search",
    "user",
    "images",
    "node_modules",
    "lib",
    "src",
    "main.rs",
    "2024",
    "~me",
    "item-42",
    "a",
    "b",
    "c",
    "g",
    "x_y",
    "README.md",
];

/// Pieces of a path segment (`pchar`): unreserved, triplets in both cases,
/// sub-delims, ":" and "@".
const SEGMENT_BITS: &[&str] = &[
    "a%20b",
    "%2F",
    "%2f",
    "%C3%A9",
    "%e2%82%ac",
    "!",
    "$",
    "&",
    "'",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    ":",
    "@",
    "-",
    ".",
    "_",
    "~",
    ";p=1",
    "x=y",
    "@v2",
    "a:b",
    "%41",
];

fn hex_digit(rng: &mut Rng) -> char {
    const HEX: &[u8] = b"0123456789abcdefABCDEF";
    char::from(HEX[rng.below(HEX.len())])
}

/// A decimal octet without leading zeros (`dec-octet`).
fn dec_octet(rng: &mut Rng) -> String {
    match rng.below(5) {
        0 => rng.below(10).to_string(),
        1 => (10 + rng.below(90)).to_string(),
        2 => (100 + rng.below(100)).to_string(),
        3 => (200 + rng.below(50)).to_string(),
        _ => (250 + rng.below(6)).to_string(),
    }
}

fn ipv4(rng: &mut Rng) -> String {
    format!(
        "{}.{}.{}.{}",
        dec_octet(rng),
        dec_octet(rng),
        dec_octet(rng),
        dec_octet(rng)
    )
}

/// One to four hex digits (`h16`), either case.
fn h16(rng: &mut Rng) -> String {
    if rng.one_in(4) {
        return "0".to_owned();
    }
    (0..1 + rng.below(4)).map(|_| hex_digit(rng)).collect()
}

/// An `IPv6address` in one of RFC 4291's text forms: 8 groups; "::" at the
/// start, middle or end; an IPv4 tail; "::" and "::1".
pub fn ipv6_address(rng: &mut Rng) -> String {
    match rng.below(16) {
        0 => return "::".to_owned(),
        1 => return "::1".to_owned(),
        2 => return format!("::ffff:{}", ipv4(rng)),
        3 => return format!("64:ff9b::{}", ipv4(rng)),
        _ => {}
    }
    let ipv4_tail = rng.one_in(6);
    // Units: h16 groups, the IPv4 tail counting two.
    if rng.one_in(4) {
        // No "::": 8 units.
        let groups = if ipv4_tail { 6 } else { 8 };
        let mut parts: Vec<String> = (0..groups).map(|_| h16(rng)).collect();
        if ipv4_tail {
            parts.push(ipv4(rng));
        }
        return parts.join(":");
    }
    // "::" stands for one or more groups: at most 7 units around it.
    let total = rng.below(8);
    let right_min = if ipv4_tail { 2 } else { 0 };
    if total < right_min {
        return format!("::{}", ipv4(rng));
    }
    let left = match rng.below(3) {
        0 => 0,                                // "::" at the start
        1 => total - right_min,                // "::" at the end (or before the IPv4)
        _ => rng.below(total - right_min + 1), // anywhere
    };
    let right = total - left;
    let left: Vec<String> = (0..left).map(|_| h16(rng)).collect();
    let mut right_parts: Vec<String> = (0..right - right_min).map(|_| h16(rng)).collect();
    if ipv4_tail {
        right_parts.push(ipv4(rng));
    }
    format!("{}::{}", left.join(":"), right_parts.join(":"))
}

/// `http`: the corpus lines whose scheme is `http` or `https` (in any
/// case), the URLs the fastest hand-written parsers are tuned for.
pub fn http(corpus: &[String]) -> Class {
    let inputs = corpus
        .iter()
        .filter(|line| {
            let head = line.as_bytes().get(..8).unwrap_or(line.as_bytes());
            head.to_ascii_lowercase().starts_with(b"http://")
                || head.to_ascii_lowercase().starts_with(b"https://")
        })
        .cloned()
        .collect();
    Class::new("http", Kind::Uri, inputs)
}

/// The nine forms of RFC 3986 section 3.2.2's `IPv6address`, and the
/// compressed addresses seen most, as patterns: `h` stands for an `h16`
/// and `V` for an IPv4 address. The name is the pattern, `h` written as
/// it reads in the addresses seen most.
pub const IPV6_FORMS: &[(&str, &str)] = &[
    ("1:2:3:4:5:6:7:8 (form 1)", "h:h:h:h:h:h:h:h"),
    ("1:2:3:4:5:6:1.2.3.4 (form 1)", "h:h:h:h:h:h:V"),
    ("::2:3:4:5:6:7:8 (form 2)", "::h:h:h:h:h:h:h"),
    ("1::3:4:5:6:7:8 (form 3)", "h::h:h:h:h:h:h"),
    ("1:2::4:5:6:7:8 (form 4)", "h:h::h:h:h:h:h"),
    ("1:2:3::5:6:7:8 (form 5)", "h:h:h::h:h:h:h"),
    ("1:2:3:4::6:7:8 (form 6)", "h:h:h:h::h:h:h"),
    ("::ffff:1.2.3.4 (form 6)", "::ffff:V"),
    ("64:ff9b::1.2.3.4 (form 7)", "64:ff9b::V"),
    ("1:2:3:4:5::7:8 (form 7)", "h:h:h:h:h::h:h"),
    ("::1 (form 8)", "::1"),
    ("a::b (form 8)", "h::h"),
    ("1:2:3:4:5:6::8 (form 8)", "h:h:h:h:h:h::h"),
    ("a:: (form 9)", "h::"),
    (":: (form 9)", "::"),
];

/// One class per entry of [`IPV6_FORMS`]: 2,000 references `http://[`
/// address `]/`, each `h` and `V` drawn anew.
pub fn ipv6_forms() -> Vec<Class> {
    let mut rng = Rng::new(0xbb67_ae85_84ca_a73b);
    IPV6_FORMS
        .iter()
        .map(|&(name, pattern)| {
            let inputs = (0..2_000)
                .map(|_| {
                    let mut address = String::new();
                    for c in pattern.chars() {
                        match c {
                            'h' => address.push_str(&h16(&mut rng)),
                            'V' => address.push_str(&ipv4(&mut rng)),
                            c => address.push(c),
                        }
                    }
                    format!("http://[{address}]/")
                })
                .collect();
            Class::new(name, Kind::Uri, inputs)
        })
        .collect()
}

/// An `IPvFuture`: "v", hex digits, ".", unreserved / sub-delims / ":".
pub(super) fn ipv_future(rng: &mut Rng) -> String {
    const TAILS: &[&str] = &[
        "abc",
        "a:b",
        "x!$&'()*+,;=:-._~",
        "host",
        "1.2",
        "zone:1",
        "Q",
    ];
    let version: String = (0..1 + rng.below(2)).map(|_| hex_digit(rng)).collect();
    let v = if rng.one_in(3) { "V" } else { "v" };
    format!("{v}{version}.{}", rng.pick(TAILS))
}

fn scheme(rng: &mut Rng) -> String {
    const SCHEMES: &[&str] = &[
        "http", "https", "ftp", "file", "urn", "mailto", "tel", "ldap", "news", "a", "x-y", "z+w",
        "svn+ssh", "coap.tcp", "h2", "HTTP", "web+app", "git", "ws",
    ];
    if rng.one_in(10) {
        const FIRST: &[u8] = b"abcxyzABCXYZ";
        const REST: &[u8] = b"az09AZ+-.";
        let mut s = String::new();
        s.push(char::from(FIRST[rng.below(FIRST.len())]));
        for _ in 0..rng.below(8) {
            s.push(char::from(REST[rng.below(REST.len())]));
        }
        return s;
    }
    rng.pick(SCHEMES).to_owned()
}

fn userinfo(rng: &mut Rng) -> String {
    const USERINFO: &[&str] = &[
        "user",
        "user:pass",
        "a%20b:c",
        "!$&'()*+,;=",
        "",
        ":",
        "~me.x_y-z",
        "john.doe",
        "u:p:q",
        "%75ser",
        "anonymous:",
    ];
    rng.pick(USERINFO).to_owned()
}

/// A `reg-name` (dotted words, sub-delims, triplets, empty, or names that
/// only look like IPv4 addresses) or an IPv4 address.
pub(super) fn host(rng: &mut Rng) -> String {
    const NAMES: &[&str] = &[
        "example.com",
        "www.example.org",
        "sub.domain.co.uk",
        "localhost",
        "a",
        "",
        "1.2.3.4.5",
        "256.1.1.1",
        "01.2.3.4",
        "1.2.3",
        "a!b$c&d'e(f)g*h+i,j;k=l",
        "%65xample.com",
        "ex%2Dample.NET",
        "xn--bcher-kva.example",
        "EXAMPLE.COM.",
        "a-b_c~d.e",
    ];
    match rng.below(8) {
        0 | 1 => ipv4(rng),
        2 => (0..1 + rng.below(4))
            .map(|_| rng.pick(WORDS).replace('~', "-"))
            .collect::<Vec<_>>()
            .join("."),
        _ => rng.pick(NAMES).to_owned(),
    }
}

pub(super) fn port(rng: &mut Rng) -> &'static str {
    const PORTS: &[&str] = &[
        ":", ":80", ":8080", ":0", ":65535", ":99999", ":443", ":00080",
    ];
    if rng.one_in(3) { rng.pick(PORTS) } else { "" }
}

/// A `segment`: empty, a dot segment, a word, or pchar pieces.
fn segment(rng: &mut Rng) -> String {
    match rng.below(12) {
        0 => String::new(),
        1 => ".".to_owned(),
        2 => "..".to_owned(),
        3..=6 => rng.pick(WORDS).to_owned(),
        _ => {
            let mut s = String::new();
            for _ in 0..1 + rng.below(3) {
                if rng.one_in(2) {
                    s.push_str(rng.pick(WORDS));
                } else {
                    s.push_str(rng.pick(SEGMENT_BITS));
                }
            }
            s
        }
    }
}

/// A non-empty segment (`segment-nz`).
fn segment_nz(rng: &mut Rng) -> String {
    let s = segment(rng);
    if s.is_empty() {
        rng.pick(WORDS).to_owned()
    } else {
        s
    }
}

/// A non-empty segment without ":" (`segment-nz-nc`).
fn segment_nz_nc(rng: &mut Rng) -> String {
    let s = segment_nz(rng);
    if s.contains(':') {
        s.replace(':', "%3A")
    } else {
        s
    }
}

/// `*( "/" segment )`, up to `max` segments.
fn more_segments(rng: &mut Rng, max: usize) -> String {
    let mut s = String::new();
    for _ in 0..rng.below(max + 1) {
        s.push('/');
        s.push_str(&segment(rng));
    }
    s
}

pub(super) fn path_abempty(rng: &mut Rng) -> String {
    more_segments(rng, 5)
}

fn path_absolute(rng: &mut Rng) -> String {
    if rng.one_in(5) {
        return "/".to_owned();
    }
    format!("/{}{}", segment_nz(rng), more_segments(rng, 4))
}

fn path_rootless(rng: &mut Rng) -> String {
    format!("{}{}", segment_nz(rng), more_segments(rng, 4))
}

fn path_noscheme(rng: &mut Rng) -> String {
    const DOTTED: &[&str] = &["..", ".", "../..", "./g:h", "../../../g", "./.."];
    if rng.one_in(3) {
        return format!("{}{}", rng.pick(DOTTED), more_segments(rng, 3));
    }
    format!("{}{}", segment_nz_nc(rng), more_segments(rng, 4))
}

/// `query` or `fragment` text (pchar, "/" and "?").
fn query_text(rng: &mut Rng) -> String {
    const QUERIES: &[&str] = &[
        "",
        "q=1",
        "q=a%20b&page=2",
        "/a?b",
        "a=1;b=2",
        "x=%E2%82%AC",
        "key=value&key2=",
        "top",
        "section-2.1",
        "!$&'()*+,;=:@/?",
        "redirect=http://a/b?c",
        "%3Fx",
    ];
    if rng.one_in(4) {
        format!(
            "{}={}&n={}",
            rng.pick(WORDS),
            rng.pick(WORDS),
            rng.below(1000)
        )
    } else {
        rng.pick(QUERIES).to_owned()
    }
}

pub(super) fn query_fragment(rng: &mut Rng, q_in: usize, f_in: usize) -> String {
    let mut s = String::new();
    if rng.one_in(q_in) {
        s.push('?');
        s.push_str(&query_text(rng));
    }
    if rng.one_in(f_in) {
        s.push('#');
        s.push_str(&query_text(rng));
    }
    s
}

/// An authority: optional userinfo, a host (rarely an IP literal), an
/// optional port (possibly empty).
fn authority(rng: &mut Rng) -> String {
    let mut s = String::new();
    if rng.one_in(6) {
        s.push_str(&userinfo(rng));
        s.push('@');
    }
    if rng.one_in(40) {
        s.push('[');
        s.push_str(&ipv6_address(rng));
        s.push(']');
    } else {
        s.push_str(&host(rng));
    }
    s.push_str(port(rng));
    s
}

/// One valid URI reference, of any of RFC 3986's shapes.
pub(super) fn uri_reference(rng: &mut Rng) -> String {
    match rng.below(20) {
        // URI with an authority.
        0..=7 => format!(
            "{}://{}{}{}",
            scheme(rng),
            authority(rng),
            path_abempty(rng),
            query_fragment(rng, 3, 5)
        ),
        // URI without an authority: path-absolute, path-rootless, path-empty.
        8 => format!(
            "{}:{}{}",
            scheme(rng),
            path_absolute(rng),
            query_fragment(rng, 4, 6)
        ),
        9 | 10 => format!(
            "{}:{}{}",
            scheme(rng),
            path_rootless(rng),
            query_fragment(rng, 4, 6)
        ),
        11 => format!("{}:{}", scheme(rng), query_fragment(rng, 2, 2)),
        // Relative references: network-path, absolute-path, relative-path
        // (path-noscheme), and path-empty.
        12 | 13 => format!(
            "//{}{}{}",
            authority(rng),
            path_abempty(rng),
            query_fragment(rng, 4, 6)
        ),
        14 | 15 => format!("{}{}", path_absolute(rng), query_fragment(rng, 3, 5)),
        16..=18 => format!("{}{}", path_noscheme(rng), query_fragment(rng, 3, 5)),
        _ => query_fragment(rng, 2, 2),
    }
}
