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
//! Used by `benches/classes.rs`, `benches/tools/class_report.rs`,
//! `benches/tools/alloc_report.rs` and `tests/library/classes.rs`.

use super::{Parse, fluent_uri, len, peguri_fast};

mod generator;
mod invalid;
mod iri;
mod valid;

// Each of the benchmarks, tools and tests that include the support module
// uses a different part of what the classes export.
#[allow(unused_imports)]
pub use generator::{IPV6_FORMS, Rng, http, ipv6_address, ipv6_forms};
#[allow(unused_imports)]
pub use invalid::{INVALID_FIXED, INVALID_GENERATED, invalid, long_invalid_uri};
#[allow(unused_imports)]
pub use iri::{IRI_GENERATED, iri};
#[allow(unused_imports)]
pub use valid::{GENERATED, IPV6, PCT, SHORT, SHORT_MAX, generated, ipv6, pct, pct_encode, short};

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
