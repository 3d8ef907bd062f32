//! Compiles the crate's grammars into Rust with the generator
//! (`peguri-codegen`, in `codegen/`):
//!
//! - `uri.pest`, `iri.pest` and `rfc6874.pest` (zones for URIs and IRIs),
//!   read as one grammar as
//!   pest_derive reads them, into `$OUT_DIR/uri_grammar.rs`: every typed
//!   parse, its errors and the character-class tables come from it;
//! - `split.pest` (Appendix B) into `$OUT_DIR/split_grammar.rs`;
//! - with the feature `template`, `rfc6570.pest` (URI Templates) into
//!   `$OUT_DIR/template_grammar.rs`;
//! - with the feature `expose-internals`, `tests/codegen/sample.pest`, a
//!   grammar that uses every construct the generator supports, for the
//!   generator's tests against pest_derive (`tests/library/codegen.rs`).

use std::path::Path;

use peguri_codegen::Config;

/// The URI grammar files, in the order pest_derive reads them.
const URI_GRAMMARS: &[&str] = &["uri.pest", "iri.pest", "rfc6874.pest"];

/// Where the components are: each record field and the rules (of RFC 3986,
/// RFC 6874 and RFC 3987) whose matches fill it.
const URI_RECORD: &[(&str, &[&str])] = &[
    ("scheme", &["scheme"]),
    (
        "authority",
        &[
            "authority",
            "authority_6874",
            "iauthority",
            "iauthority_6874",
        ],
    ),
    ("userinfo", &["userinfo", "iuserinfo"]),
    ("host", &["host", "host_6874", "ihost", "ihost_6874"]),
    ("ipv6", &["IPv6address"]),
    ("ipvfuture", &["IPvFuture"]),
    // The version digits of an IPvFuture: the only `HEXDIG` tokens.
    ("version", &["HEXDIG"]),
    ("ipv4", &["IPv4address"]),
    ("zone", &["ZoneID"]),
    ("port", &["port"]),
    (
        "path",
        &[
            "path_abempty",
            "path_absolute",
            "path_noscheme",
            "path_rootless",
            "path_empty",
            "ipath_abempty",
            "ipath_absolute",
            "ipath_noscheme",
            "ipath_rootless",
            "ipath_empty",
        ],
    ),
    ("query", &["query", "iquery"]),
    ("fragment", &["fragment", "ifragment"]),
];

/// The typed parse entries of each grammar, anchored and (for the layout of
/// the longest valid prefix, which errors describe) unanchored.
const URI_ENTRIES: &[&str] = &[
    "URI_reference_entry",
    "URI_entry",
    "absolute_URI_entry",
    "relative_ref_entry",
    "URI_reference",
    "URI",
    "absolute_URI",
    "relative_ref",
    "URI_reference_6874_entry",
    "URI_6874_entry",
    "absolute_URI_6874_entry",
    "relative_ref_6874_entry",
    "URI_reference_6874",
    "URI_6874",
    "absolute_URI_6874",
    "relative_ref_6874",
    "IRI_reference_entry",
    "IRI_entry",
    "absolute_IRI_entry",
    "irelative_ref_entry",
    "IRI_reference",
    "IRI",
    "absolute_IRI",
    "irelative_ref",
    "IRI_reference_6874_entry",
    "IRI_6874_entry",
    "absolute_IRI_6874_entry",
    "irelative_ref_6874_entry",
    "IRI_reference_6874",
    "IRI_6874",
    "absolute_IRI_6874",
    "irelative_ref_6874",
];

/// Rules matched anywhere, without records: what error descriptions,
/// `extract` and the IRI mapping ask about a piece of text.
const URI_QUIET: &[&str] = &[
    "scheme",
    "URI",
    "IRI",
    "IPv6address",
    "IPv6addrz",
    "IPvFuture",
    "IPv4address",
    "ucschar",
    "iprivate",
    "path_noscheme",
    "ipath_noscheme",
];

/// Rules with an error pass: the anchored typed entries, the component
/// rules that `pct::validate` and the builder check text against, and the
/// IP literal rules error descriptions look into.
const URI_TRACKED: &[&str] = &[
    "URI_reference_entry",
    "URI_entry",
    "absolute_URI_entry",
    "relative_ref_entry",
    "URI_reference_6874_entry",
    "URI_6874_entry",
    "absolute_URI_6874_entry",
    "relative_ref_6874_entry",
    "IRI_reference_entry",
    "IRI_entry",
    "absolute_IRI_entry",
    "irelative_ref_entry",
    "IRI_reference_6874_entry",
    "IRI_6874_entry",
    "absolute_IRI_6874_entry",
    "irelative_ref_6874_entry",
    "scheme_entry",
    "authority_entry",
    "userinfo_entry",
    "host_entry",
    "port_entry",
    "reg_name_entry",
    "segment_entry",
    "path_entry",
    "query_entry",
    "fragment_entry",
    "IP_literal_entry",
    "IPv6address_entry",
    "IPvFuture_entry",
    "IPvFuture",
    // The same components in the zone and IRI grammars, for the setters
    // of references parsed with them and the builder's options.
    "authority_6874_entry",
    "host_6874_entry",
    "IP_literal_6874_entry",
    "iauthority_entry",
    "iuserinfo_entry",
    "ihost_entry",
    "isegment_entry",
    "iquery_entry",
    "ifragment_entry",
    "iauthority_6874_entry",
    "ihost_6874_entry",
];

/// The character classes `pct` encodes with: a name, the rule, and the
/// text before the character (a scheme's later characters follow a letter).
const URI_CLASSES: &[(&str, &str, &str)] = &[
    ("UNRESERVED", "unreserved", ""),
    ("HEXDIG", "HEXDIG", ""),
    ("ALPHA", "ALPHA", ""),
    ("SCHEME_TAIL", "scheme", "a"),
    ("SEGMENT", "segment", ""),
    ("QUERY", "query", ""),
    ("FRAGMENT", "fragment", ""),
    ("USERINFO", "userinfo", ""),
    ("REG_NAME", "reg_name", ""),
];

/// The class templates add: what `+` and `#` expansions keep.
const TEMPLATE_CLASSES: &[(&str, &str, &str)] = &[("RESERVED", "reserved", "")];

/// The runtime the generated code imports from.
const RUNTIME: &str = "crate::syntax::runtime";

const SPLIT_RECORD: &[(&str, &[&str])] = &[
    ("scheme", &["split_scheme"]),
    ("authority", &["split_authority"]),
    ("path", &["split_path"]),
    ("query", &["split_query"]),
    ("fragment", &["split_fragment"]),
];

/// The template rules `text::template` walks a template with.
const TEMPLATE_QUIET: &[&str] = &[
    "URI_Template",
    "literals",
    "expression",
    "operator",
    "varname",
    "max_length",
];

/// The sample grammar `tests/library/codegen.rs` checks the generator on.
const SAMPLE_RECORD: &[(&str, &[&str])] = &[
    ("word", &["word"]),
    ("num", &["num"]),
    ("pair", &["pair"]),
    ("tagged", &["tagged"]),
    ("hex", &["hex"]),
    ("runs", &["runs"]),
    ("runs1", &["runs1"]),
    ("wide", &["wide"]),
    ("groups", &["groups"]),
    ("script", &["script"]),
];
const SAMPLE_ENTRIES: &[&str] = &[
    "top",
    "list_entry",
    "look_entry",
    "counted_entry",
    "runs_entry",
    "wide_entry",
    "groups_entry",
    "script_entry",
    "undo_entry",
];

fn read(files: &[&str]) -> String {
    let mut text = String::new();
    for file in files {
        println!("cargo:rerun-if-changed={file}");
        let part =
            std::fs::read_to_string(file).unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
        text.push_str(&part);
        text.push('\n');
    }
    text
}

fn generate(files: &[&str], out: &str, config: Config<'_>) {
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let text = read(files);
    match peguri_codegen::generate(&text, &config) {
        Ok(code) => {
            let path = Path::new(&dir).join(out);
            std::fs::write(&path, code)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        }
        Err(message) => {
            eprintln!(
                "error: cannot generate code from {}:\n{message}",
                files.join(" + ")
            );
            std::process::exit(1);
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let template = std::env::var_os("CARGO_FEATURE_TEMPLATE").is_some();
    let mut classes = URI_CLASSES.to_vec();
    if template {
        classes.extend_from_slice(TEMPLATE_CLASSES);
    }
    generate(
        URI_GRAMMARS,
        "uri_grammar.rs",
        Config {
            record: URI_RECORD,
            entries: URI_ENTRIES,
            quiet: URI_QUIET,
            tracked: URI_TRACKED,
            classes: &classes,
            runtime: RUNTIME,
        },
    );
    generate(
        &["split.pest"],
        "split_grammar.rs",
        Config {
            record: SPLIT_RECORD,
            entries: &["split_reference"],
            runtime: RUNTIME,
            ..Config::default()
        },
    );
    if template {
        generate(
            &["rfc6570.pest"],
            "template_grammar.rs",
            Config {
                quiet: TEMPLATE_QUIET,
                runtime: RUNTIME,
                ..Config::default()
            },
        );
    }
    // Only the generator's tests read it, and they enable the feature.
    if std::env::var_os("CARGO_FEATURE_EXPOSE_INTERNALS").is_some() {
        generate(
            &["tests/codegen/sample.pest"],
            "sample_grammar.rs",
            Config {
                record: SAMPLE_RECORD,
                entries: SAMPLE_ENTRIES,
                tracked: SAMPLE_ENTRIES,
                runtime: "peguri::__engines::runtime",
                ..Config::default()
            },
        );
    }
}
