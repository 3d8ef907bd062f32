//! ABNF (RFC 5234) executed as written: every alternative at once, not a
//! PEG's first match. peguri checks its pest transcription of RFC 3986
//! Appendix A (`uri.pest`) against the ABNF it transcribes with this crate,
//! and `peguri grammar generate` writes test strings with it.
//!
//! - **Reading**: [`Grammar::from_abnf`] and [`Grammar::from_abnf_files`]
//!   read ABNF with the [`abnf`](https://crates.io/crates/abnf) crate
//!   (repetitions, case-insensitive and `%s` strings, `%b`/`%d`/`%x` values
//!   and ranges, prose, `=/`), add RFC 5234's core rules a grammar calls
//!   ([`CORE_RULES`]), and apply delta files as RFC 3987 and RFC 6874
//!   amend RFC 3986. RFC 3986 Appendix A ([`RFC3986_APPENDIX_A`]) and the
//!   RFC 3987 and RFC 6874 deltas ([`RFC3987_RFC6874_DELTAS`]) are built
//!   in: [`Grammar::rfc3986`], [`Grammar::rfc3987`],
//!   [`Grammar::rfc3987_6874`].
//! - **Recognizing**: [`Recognizer`] is an Earley recognizer over the
//!   grammar compiled to productions of character-set terminals, with
//!   Aycock and Horspool's handling of empty derivations. It answers
//!   whether a rule derives a whole string, and whether one top-level
//!   alternative does (where several do, the ABNF is ambiguous).
//! - **Generating**: [`Generator`] writes strings that cover every
//!   alternative reachable from a rule, and near-valid strings, each one
//!   mutation away from a valid one; bounded and deterministic for a seed.
//!   It works on any [`Grammar`], so the CLI also generates from pest's
//!   AST converted to one.
//!
//! ## Why a recognizer of its own
//!
//! The Earley crates on crates.io do not fit. `earlgrey` (0.4) re-runs
//! prediction and completion over a whole state set until nothing changes,
//! scans every rule for each prediction, builds a parse forest for every
//! input, and takes the input as string tokens matched by named closures:
//! ABNF's `%x` ranges and repetitions would all have to be lowered to its
//! rules by hand, and each state set costs time quadratic in its size,
//! where a differential run wants a million strings. This crate's
//! recognizer takes about 20 µs for a 20-character IRI reference in a
//! release build. `gearley` (0.0.4) and `earley-omnitool` (0.0.6) say
//! they are work in progress; `tiny-earley` (0.2) is undocumented and
//! pulls in a C lexer (`c_lexer_logos`) and rayon. The `gll` crate
//! generates its parsers at build time, from a grammar of its own
//! notation. So this crate lowers the `abnf` crate's AST to plain
//! productions itself and runs a small Earley recognizer on them
//! (`src/recognize.rs`), tested against hand-written grammars with empty,
//! left- and right-recursive, ambiguous and bounded-repetition rules.
//!
//! ```
//! use peguri_abnf::{Grammar, Recognizer};
//!
//! let grammar = Grammar::rfc3986();
//! let recognizer = Recognizer::new(&grammar).unwrap();
//! let uri = grammar.find_rule("URI").unwrap();
//! assert!(recognizer.recognize(uri, "foo://example.com:8042/over/there?name=ferret#nose"));
//! assert!(!recognizer.recognize(uri, "//example.com"));
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod generate;
mod grammar;
mod read;
mod recognize;

pub use generate::{
    Candidate, Choices, Coverage, FromBytes, Generator, MAX_BOUNDED_ROUNDS, MAX_DEPTH, Missing,
    Options, Plan, Seeded, Summary, Verdict,
};
pub use grammar::{CharSet, Error, Expr, Grammar, Names, Rule};
pub use read::{CORE_RULES, MAX_NESTING, RFC3987_UNCHANGED};
pub use recognize::{MAX_REPEAT_EXPANSION, MAX_SYMBOLS, Recognizer};

/// RFC 3986 Appendix A, the collected ABNF for URI, as the repository keeps
/// it (`abnf/rfc3986-appendix-a.abnf`).
///
/// ```
/// assert!(peguri_abnf::RFC3986_APPENDIX_A.contains("URI-reference = URI / relative-ref"));
/// ```
pub const RFC3986_APPENDIX_A: &str = include_str!("../rfc3986-appendix-a.abnf");

/// What RFC 3987 (IRIs, section 2.2) and RFC 6874 (IPv6 zone identifiers)
/// change in [`RFC3986_APPENDIX_A`], as the repository keeps it
/// (`abnf/rfc3987-6874-deltas.abnf`).
///
/// ```
/// assert!(peguri_abnf::RFC3987_RFC6874_DELTAS.contains("IPv6addrz"));
/// ```
pub const RFC3987_RFC6874_DELTAS: &str = include_str!("../rfc3987-6874-deltas.abnf");

/// The rules of [`RFC3987_RFC6874_DELTAS`] that are RFC 6874's.
///
/// ```
/// assert!(peguri_abnf::RFC6874_RULES.contains(&"ZoneID"));
/// ```
pub const RFC6874_RULES: [&str; 3] = ["IP-literal", "ZoneID", "IPv6addrz"];

impl Grammar {
    /// RFC 3986 Appendix A, with the core rules it calls.
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::rfc3986();
    /// assert_eq!(grammar.rule_names().count(), 36 + 3);
    /// ```
    pub fn rfc3986() -> Grammar {
        built_in(&[("rfc3986-appendix-a.abnf", RFC3986_APPENDIX_A)])
    }

    /// RFC 3986 Appendix A with RFC 3987's IRI rules (section 2.2), without
    /// RFC 6874's zone identifiers.
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::rfc3987();
    /// assert!(grammar.find_rule("IRI-reference").is_some());
    /// assert!(grammar.find_rule("ZoneID").is_none());
    /// ```
    pub fn rfc3987() -> Grammar {
        let deltas: String = RFC3987_RFC6874_DELTAS
            .split_inclusive('\n')
            .take_while(|line| !line.starts_with("; RFC 6874"))
            .collect();
        built_in(&[
            ("rfc3986-appendix-a.abnf", RFC3986_APPENDIX_A),
            ("rfc3987-6874-deltas.abnf (RFC 3987)", &deltas),
        ])
    }

    /// RFC 3986 Appendix A with both deltas: RFC 3987's IRI rules, and
    /// RFC 6874's `IP-literal`, which URIs and IRIs both use.
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::rfc3987_6874();
    /// let literal = grammar.find_rule("IP-literal").unwrap();
    /// assert_eq!(
    ///     grammar.rule(literal).expr.to_string(),
    ///     "\"[\" ( IPv6address / IPv6addrz / IPvFuture ) \"]\""
    /// );
    /// ```
    pub fn rfc3987_6874() -> Grammar {
        built_in(&[
            ("rfc3986-appendix-a.abnf", RFC3986_APPENDIX_A),
            ("rfc3987-6874-deltas.abnf", RFC3987_RFC6874_DELTAS),
        ])
    }
}

/// A grammar built into the crate; its files are fixed, and the tests
/// read each.
fn built_in(files: &[(&str, &str)]) -> Grammar {
    match Grammar::from_abnf_files(files) {
        Ok(grammar) => grammar,
        Err(e) => panic!("the built-in ABNF does not read: {e}"),
    }
}
