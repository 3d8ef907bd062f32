//! Input classes for the per-class benchmarks: the shared corpus,
//! generated valid references, IPv6 hosts, percent-encoding, short
//! references, invalid inputs and IRIs.
//!
//! Every class is built from a fixed seed (the xorshift of
//! [`super::generated`], no `rand`), so two builds give the same inputs in
//! the same order. Each builder checks its inputs against peguri and its
//! peers: the valid classes assert that peguri and fluent-uri both accept
//! every input (a failure is a bug in the generator, or in a parser); the
//! `invalid` and `iri` classes leave out the candidates a parser disagrees
//! on and keep them in [`Class::dropped`], with the reason. Nothing here
//! prints.
//!
//! Used by `benches/classes.rs`, `examples/class_report.rs`,
//! `examples/alloc_report.rs` and `tests/library/classes.rs`.

use std::collections::HashSet;

use super::{Parse, fluent_uri, len, peguri_fast};

// --- the classes -------------------------------------------------------------

/// What a class holds, which decides the parsers it is timed with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// URI references (the corpus may hold a few invalid lines).
    Uri,
    /// Inputs that every parser rejects: the error is built and read.
    Invalid,
    /// IRI references.
    IriRef,
}

impl Kind {
    /// The parsers a class of this kind is timed with, peguri first.
    pub fn parsers(self) -> &'static [(&'static str, Parse)] {
        match self {
            Kind::Uri => URI_PARSERS,
            Kind::Invalid => INVALID_PARSERS,
            Kind::IriRef => IRI_PARSERS,
        }
    }
}

/// A candidate left out of a class because a parser disagreed.
#[derive(Clone, Debug)]
pub struct Dropped {
    pub input: String,
    /// The parsers that went the unexpected way, e.g. "accepted by fluent-uri".
    pub why: String,
}

/// One input class.
#[derive(Clone, Debug)]
pub struct Class {
    pub name: &'static str,
    pub kind: Kind,
    pub inputs: Vec<String>,
    /// Candidates left out because a parser disagreed (`invalid`, `iri`).
    pub dropped: Vec<Dropped>,
}

impl Class {
    fn new(name: &'static str, kind: Kind, inputs: Vec<String>) -> Self {
        Class {
            name,
            kind,
            inputs,
            dropped: Vec::new(),
        }
    }

    /// The parsers this class is timed with, peguri first.
    pub fn parsers(&self) -> &'static [(&'static str, Parse)] {
        self.kind.parsers()
    }

    /// Total input bytes.
    pub fn bytes(&self) -> usize {
        self.inputs.iter().map(String::len).sum()
    }
}

/// The class names, in report order.
pub const NAMES: &[&str] = &[
    "corpus",
    "http",
    "generated",
    "ipv6",
    "pct",
    "short",
    "invalid",
    "iri",
];

/// Every class, in [`NAMES`] order. The corpus is read once.
pub fn all() -> Vec<Class> {
    let (lines, _) = super::corpus();
    NAMES
        .iter()
        .filter_map(|name| build(name, &lines))
        .collect()
}

/// The class called `name` (one of [`NAMES`]), built from `corpus` (the
/// lines of [`super::corpus`]) where it needs one.
pub fn build(name: &str, corpus: &[String]) -> Option<Class> {
    Some(match name {
        "corpus" => Class::new("corpus", Kind::Uri, corpus.to_vec()),
        "http" => http(corpus),
        "generated" => generated(),
        "ipv6" => ipv6(),
        "pct" => pct(),
        "short" => short(),
        "invalid" => invalid(corpus),
        "iri" => iri(corpus),
        _ => return None,
    })
}

// --- the parsers, per kind ---------------------------------------------------

const URI_PARSERS: &[(&str, Parse)] = &[
    ("peguri", peguri_fast),
    ("fluent-uri", fluent_uri),
    ("oxiri", super::oxiri),
];

const INVALID_PARSERS: &[(&str, Parse)] = &[
    ("peguri", peguri_with_error),
    ("fluent-uri", fluent_uri_with_error),
];

const IRI_PARSERS: &[(&str, Parse)] = &[
    ("peguri", peguri_iri),
    ("fluent-uri", fluent_uri_iri),
    ("oxiri", oxiri_iri),
    ("iri-string", iri_string_iri),
];

/// peguri's `UriRef::parse`; on failure the error's offset is read, so an
/// error built lazily is paid for.
pub fn peguri_with_error(line: &str) -> usize {
    match peguri::UriRef::parse(line) {
        Ok(_) => peguri_fast(line),
        Err(e) => e.offset().wrapping_add(1),
    }
}

/// fluent-uri's `UriRef::parse`, reading the error's index on failure.
pub fn fluent_uri_with_error(line: &str) -> usize {
    match fluent_uri::UriRef::parse(line) {
        Ok(_) => fluent_uri(line),
        Err(e) => e.index().wrapping_add(1),
    }
}

/// peguri's `IriRef::parse`, reading the components.
pub fn peguri_iri(line: &str) -> usize {
    match peguri::IriRef::parse(line) {
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

/// fluent-uri's `IriRef::parse`, reading the components.
pub fn fluent_uri_iri(line: &str) -> usize {
    match fluent_uri::IriRef::parse(line) {
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

/// oxiri's `IriRef::parse` (oxiri does not split the authority).
pub fn oxiri_iri(line: &str) -> usize {
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

/// iri-string's `IriReferenceStr::new`; the authority's components are
/// found lazily, on reading.
pub fn iri_string_iri(line: &str) -> usize {
    match iri_string::types::IriReferenceStr::new(line) {
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

fn peguri_accepts(s: &str) -> bool {
    peguri::UriRef::parse(s).is_ok()
}

fn fluent_accepts(s: &str) -> bool {
    fluent_uri::UriRef::parse(s).is_ok()
}

#[track_caller]
fn assert_valid(class: &str, s: &str) {
    assert!(
        peguri_accepts(s) && fluent_accepts(s),
        "{class}: {s:?} should be a valid URI reference (peguri: {}, fluent-uri: {})",
        peguri_accepts(s),
        fluent_accepts(s),
    );
}

// --- the generator's pieces --------------------------------------------------

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
fn ipv_future(rng: &mut Rng) -> String {
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
fn host(rng: &mut Rng) -> String {
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

fn port(rng: &mut Rng) -> &'static str {
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

fn path_abempty(rng: &mut Rng) -> String {
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

fn query_fragment(rng: &mut Rng, q_in: usize, f_in: usize) -> String {
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
fn uri_reference(rng: &mut Rng) -> String {
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

// --- generated ---------------------------------------------------------------

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

// --- invalid -----------------------------------------------------------------

/// `n` lines drawn at random from `corpus` (repeats allowed) that are ASCII,
/// valid URI references, and pass `keep`; fewer if there are none.
fn valid_lines<'a>(
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
    let mut s = super::long_uri(len);
    let at = s.len() - 8;
    s.replace_range(at..at + 1, " ");
    s
}

// --- iri ---------------------------------------------------------------------

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
