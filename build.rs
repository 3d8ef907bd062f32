//! Compiles the crate's grammars into Rust with the generator
//! (`peguri-codegen`, in `codegen/`), and writes the tables of the URI
//! grammar's rules that the library reads, from the one configuration
//! below:
//!
//! - `uri.pest`, `iri.pest` and `rfc6874.pest` (zones for URIs and IRIs),
//!   read as one grammar as pest_derive reads them, into
//!   `$OUT_DIR/uri_grammar.rs`: every typed parse, its errors and the
//!   character-class tables come from it. First the grammar is checked
//!   against what the library assumes of it
//!   (`peguri_codegen::invariants::URI`); an edit that breaks an
//!   assumption stops the build, naming it;
//! - the typed entries by `Syntax` (their rules' names as the RFCs spell
//!   them, their matchers and error passes, pest_derive's rules for them)
//!   and the component rules' error passes by name, into
//!   `$OUT_DIR/syntax_names.rs`, `$OUT_DIR/uri_dispatch.rs` and
//!   `$OUT_DIR/pest_entries.rs`;
//! - the rules each component comes from, and the rules `uri.pest` and
//!   `iri.pest` transcribe from RFC 3986 and RFC 3987, into
//!   `$OUT_DIR/rule_lists.rs`;
//! - `split.pest` (Appendix B) into `$OUT_DIR/split_grammar.rs`;
//! - with the feature `template`, `rfc6570.pest` (URI Templates) into
//!   `$OUT_DIR/template_grammar.rs`;
//! - with the feature `schemes`, each scheme's grammar in `schemes/`
//!   (`schemes/urn.pest`...) read with `uri.pest` as one grammar, into
//!   `$OUT_DIR/scheme_<name>.rs`, with the RFC and section each rule cites
//!   above it (`citation`). The rules a scheme takes unchanged from
//!   `uri.pest` are compiled once, in the URI grammar's code, which the
//!   scheme's code calls (`peguri_codegen::Import`);
//! - with the feature `expose-internals`, `tests/codegen/sample.pest`, a
//!   grammar that uses every construct the generator supports, for the
//!   generator's tests against pest_derive (`tests/library/codegen.rs`).

use std::fmt::Write as _;
use std::ops::Range;
use std::path::Path;

use peguri_codegen::{Config, Grammar, Import, invariants};

/// The URI grammar files, in the order pest_derive reads them.
const URI_GRAMMARS: &[&str] = &["uri.pest", "iri.pest", "rfc6874.pest"];

/// Where the components are: each component, by the name the JSON
/// components view gives it, and the rules (of RFC 3986, RFC 6874 and
/// RFC 3987) whose first match is it. The library exposes it as
/// `grammar::COMPONENT_RULES`.
const URI_COMPONENTS: &[(&str, &[&str])] = &[
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

/// What the record keeps besides the components: the rules inside a host
/// that say what kind of host it is, and its parts.
const URI_HOST_PARTS: &[(&str, &[&str])] = &[
    ("ipv6", &["IPv6address"]),
    ("ipvfuture", &["IPvFuture"]),
    // The version digits of an IPvFuture: the only `HEXDIG` tokens.
    ("version", &["HEXDIG"]),
    ("ipv4", &["IPv4address"]),
    ("zone", &["ZoneID"]),
];

/// The grammars a typed parse follows: each variant of
/// `syntax::entry::Grammar`, whether its rules are RFC 3987's, and the
/// suffix of its rules (RFC 6874's zones).
const GRAMMARS: [(&str, bool, &str); 4] = [
    ("Rfc3986", false, ""),
    ("Rfc6874", false, "_6874"),
    ("Rfc3987", true, ""),
    ("Rfc3987Zones", true, "_6874"),
];

/// The entries a typed parse starts from: each variant of
/// `syntax::entry::Entry` and its rule in RFC 3986 and in RFC 3987. A
/// grammar's rule adds the grammar's suffix; its anchored form (`SOI ~
/// rule ~ EOI`) adds `_entry`.
const ENTRIES: [(&str, &str, &str); 4] = [
    ("UriReference", "URI_reference", "IRI_reference"),
    ("Uri", "URI", "IRI"),
    ("AbsoluteUri", "absolute_URI", "absolute_IRI"),
    ("RelativeRef", "relative_ref", "irelative_ref"),
];

/// The component rules whose error pass (on their anchored form) the
/// library asks for by name: what the builder and `pct::validate` check
/// text against, and the IP literal rules error descriptions look into.
const COMPONENT_CHECKS: &[&str] = &[
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "reg_name",
    "path",
    "segment",
    "query",
    "fragment",
    "IP_literal",
    "IPv6address",
    "IPvFuture",
    // The same components in the zone and IRI grammars, for the setters
    // of references parsed with them and the builder's options.
    "authority_6874",
    "host_6874",
    "IP_literal_6874",
    "iauthority",
    "iuserinfo",
    "ihost",
    "isegment",
    "iquery",
    "ifragment",
    "iauthority_6874",
    "ihost_6874",
];

/// Rules with an error pass besides the typed entries and the component
/// checks: an IPvFuture inside an IP literal, where error descriptions
/// look for the spot it fails at.
const URI_TRACKED: &[&str] = &["IPvFuture"];

/// Rules matched anywhere, without records: what error descriptions,
/// `extract` and the IRI mapping ask about a piece of text.
const URI_QUIET: &[&str] = &[
    "scheme",
    "IPv6address",
    "IPv6addrz",
    "IPvFuture",
    "IPv4address",
    "ucschar",
    "iprivate",
    "path_noscheme",
    "ipath_noscheme",
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

/// The module the URI grammar's code is in (`syntax::compiled`), whose
/// functions the scheme grammars' code calls for the rules they take
/// unchanged from `uri.pest`.
const URI_MODULE: &str = "crate::syntax::compiled::uri";

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

/// A scheme's grammar (feature `schemes`): its file in `schemes/`, read
/// after `uri.pest` as one grammar, and what the library reads of it
/// (`text::scheme`).
struct SchemeGrammar {
    /// The module name: `schemes/<name>.pest` into `scheme_<name>.rs`.
    name: &'static str,
    /// Rules matched from the start of the input, with records and an
    /// error pass: the anchored `*_entry` rules the library checks text
    /// against.
    entries: &'static [&'static str],
    /// Record fields, each filled by the rule of its name.
    record: &'static [&'static str],
    /// Rules matched anywhere, without records: what the typed views walk
    /// a list with.
    quiet: &'static [&'static str],
    /// Character classes: a name and its rule.
    classes: &'static [(&'static str, &'static str)],
}

/// The scheme grammars, by module name.
const SCHEME_GRAMMARS: &[SchemeGrammar] = &[
    SchemeGrammar {
        name: "http",
        entries: &["http_entry", "https_entry"],
        record: &[],
        quiet: &[],
        classes: &[],
    },
    SchemeGrammar {
        name: "ws",
        entries: &["ws_entry", "wss_entry"],
        record: &[],
        quiet: &[],
        classes: &[],
    },
    SchemeGrammar {
        name: "file",
        entries: &["file_entry"],
        record: &[],
        quiet: &[],
        classes: &[],
    },
    SchemeGrammar {
        name: "mailto",
        entries: &[
            "mailto_entry",
            "addr_spec_entry",
            "address_field_entry",
            "address_list_entry",
        ],
        record: &["to_text", "hfields"],
        quiet: &[
            "hfname",
            "hfvalue",
            "addr_text",
            "addr_spec",
            "local_part",
            "address",
            "mailbox",
            "name_addr",
            "display_name",
            "CFWS",
        ],
        classes: &[],
    },
    SchemeGrammar {
        name: "urn",
        entries: &["urn_entry"],
        record: &["NID", "NSS", "r_component", "q_component", "f_component"],
        quiet: &[],
        classes: &[],
    },
    SchemeGrammar {
        name: "data",
        entries: &["data_entry", "base64_entry"],
        record: &["mediatype", "type_2045", "subtype", "base64", "data"],
        quiet: &["parameter", "attribute"],
        classes: &[],
    },
    // tel.pest holds RFC 5724's sms URIs too, whose recipients are
    // RFC 3966's telephone-subscriber.
    SchemeGrammar {
        name: "tel",
        entries: &["tel_entry", "sms_entry"],
        record: &[
            "global_number",
            "global_number_digits",
            "local_number_digits",
            "sms_hier_part",
            "sms_fields",
        ],
        quiet: &[
            "par",
            "context",
            "pname",
            "sms_recipient",
            "sms_field_name",
            "escaped_value",
        ],
        classes: &[("VISUAL_SEPARATOR", "visual_separator")],
    },
    SchemeGrammar {
        name: "geo",
        entries: &[
            "geo_entry",
            "latitude_entry",
            "longitude_entry",
            "altitude_entry",
        ],
        record: &["coord_a", "coord_b", "coord_c", "crslabel", "uval"],
        quiet: &["parameter", "pname"],
        classes: &[],
    },
    SchemeGrammar {
        name: "ftp",
        entries: &["ftp_entry"],
        record: &[
            "user", "password", "ftp_host", "ftp_port", "fpath", "ftptype",
        ],
        quiet: &["fsegment"],
        classes: &[],
    },
    SchemeGrammar {
        name: "ldap",
        entries: &["ldap_entry", "dn_entry", "filter_entry"],
        record: &[
            "host",
            "port",
            "dn",
            "attributes",
            "scope",
            "filter_4516",
            "extensions",
        ],
        quiet: &["selector", "extension", "critical", "extype"],
        classes: &[],
    },
    SchemeGrammar {
        name: "ni",
        entries: &["ni_entry", "nih_entry", "base64url_entry"],
        record: &["authority", "alg", "val", "query", "hval", "checkdigit"],
        quiet: &[],
        classes: &[],
    },
    SchemeGrammar {
        name: "coap",
        entries: &[
            "coap_entry",
            "coaps_entry",
            "coap_tcp_entry",
            "coaps_tcp_entry",
            "coap_ws_entry",
            "coaps_ws_entry",
        ],
        record: &[],
        quiet: &[],
        classes: &[],
    },
    SchemeGrammar {
        name: "rtsp",
        entries: &["rtsp_entry", "rtsps_entry"],
        record: &[],
        quiet: &[],
        classes: &[],
    },
    SchemeGrammar {
        name: "news",
        entries: &[
            "news_entry",
            "nntp_entry",
            "msg_id_entry",
            "wildmat_entry",
            "newsgroup_name_entry",
        ],
        record: &[
            "authority",
            "article",
            "newsgroups",
            "group",
            "article_number",
        ],
        quiet: &[],
        classes: &[],
    },
    SchemeGrammar {
        name: "sip",
        entries: &["sip_entry", "sips_entry"],
        record: &[
            "user",
            "password",
            "host_3261",
            "port_3261",
            "uri_parameters",
            "headers",
        ],
        quiet: &["uri_parameter", "pname", "hname", "hvalue"],
        classes: &[],
    },
    SchemeGrammar {
        name: "tag",
        entries: &["tag_entry"],
        record: &["authorityName", "year", "month", "day", "specific"],
        quiet: &[],
        classes: &[],
    },
    SchemeGrammar {
        name: "acct",
        entries: &["acct_entry"],
        record: &["userpart", "host"],
        quiet: &[],
        classes: &[],
    },
    SchemeGrammar {
        name: "xmpp",
        entries: &["xmpp_entry"],
        record: &["authxmpp", "pathxmpp", "querycomp"],
        quiet: &["nodeid", "host", "querytype", "pair", "key"],
        classes: &[],
    },
    SchemeGrammar {
        name: "about",
        entries: &["about_entry"],
        record: &["about_token"],
        quiet: &[],
        classes: &[],
    },
    SchemeGrammar {
        name: "cid",
        entries: &["cid_entry", "mid_entry", "addr_spec_entry"],
        record: &["message_id", "content_id"],
        quiet: &[],
        classes: &[],
    },
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
    ("user", &["user"]),
    ("user1", &["user1"]),
    ("place", &["place"]),
    ("octet", &["octet"]),
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
    "login_entry",
    "peek_entry",
    "login1_entry",
    "octet_entry",
];

/// One typed entry of one grammar.
struct Syntax {
    /// The variants of `Grammar` and `Entry`.
    grammar: &'static str,
    entry: &'static str,
    /// Its rule, as the `.pest` files name it.
    rule: String,
}

impl Syntax {
    /// Every typed entry, grammar by grammar.
    fn all() -> Vec<Syntax> {
        let mut out = Vec::new();
        for (grammar, iri, suffix) in GRAMMARS {
            for (entry, uri_rule, iri_rule) in ENTRIES {
                let base = if iri { iri_rule } else { uri_rule };
                out.push(Syntax {
                    grammar,
                    entry,
                    rule: format!("{base}{suffix}"),
                });
            }
        }
        out
    }

    /// The pattern that matches it: `(Grammar::Rfc3986, Entry::Uri)`.
    fn pattern(&self) -> String {
        format!("(Grammar::{}, Entry::{})", self.grammar, self.entry)
    }

    /// Its rule's name as the RFC spells it: RFC 6874 changes no rule
    /// name, so its entries are named as RFC 3986's or RFC 3987's.
    fn rfc_name(&self) -> String {
        self.rule.trim_end_matches("_6874").replace('_', "-")
    }
}

/// The files joined in order, each followed by a newline, as pest_derive
/// reads them, and the lines (from 1) each takes in the text.
fn read(files: &[&str]) -> (String, Vec<Range<usize>>) {
    let mut text = String::new();
    let mut lines = Vec::new();
    let mut start = 1;
    for file in files {
        println!("cargo:rerun-if-changed={file}");
        let part =
            std::fs::read_to_string(file).unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
        text.push_str(&part);
        text.push('\n');
        let end = start + part.matches('\n').count() + 1;
        lines.push(start..end);
        start = end;
    }
    (text, lines)
}

fn write(out: &str, code: &str) {
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let path = Path::new(&dir).join(out);
    std::fs::write(&path, code).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// Stops the build with the generator's message about `files`.
fn fail(files: &[&str], message: &str) -> ! {
    eprintln!(
        "error: cannot generate code from {}:\n{message}",
        files.join(" + ")
    );
    std::process::exit(1);
}

fn parse(files: &[&str], text: &str) -> Grammar {
    Grammar::parse(text).unwrap_or_else(|message| fail(files, &message))
}

fn generate(files: &[&str], grammar: &Grammar, out: &str, config: Config<'_>) {
    match grammar.generate(&config) {
        Ok(code) => write(out, &code),
        Err(message) => fail(files, &message),
    }
}

/// Compiles a grammar of its own.
fn compile(files: &[&str], out: &str, config: Config<'_>) {
    let (text, _) = read(files);
    generate(files, &parse(files, &text), out, config);
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let template = std::env::var_os("CARGO_FEATURE_TEMPLATE").is_some();
    let expose_internals = std::env::var_os("CARGO_FEATURE_EXPOSE_INTERNALS").is_some();
    let syntaxes = Syntax::all();
    let record: Vec<(&str, &[&str])> = URI_COMPONENTS
        .iter()
        .chain(URI_HOST_PARTS)
        .copied()
        .collect();
    let entries: Vec<&str> = syntaxes.iter().map(|s| s.rule.as_str()).collect();
    let anchored = |rule: &str| format!("{rule}_entry");
    let tracked: Vec<String> = syntaxes
        .iter()
        .map(|s| anchored(&s.rule))
        .chain(COMPONENT_CHECKS.iter().map(|rule| anchored(rule)))
        .chain(URI_TRACKED.iter().map(|&rule| rule.to_owned()))
        .collect();
    let tracked: Vec<&str> = tracked.iter().map(String::as_str).collect();
    let mut classes = URI_CLASSES.to_vec();
    if template {
        classes.extend_from_slice(TEMPLATE_CLASSES);
    }
    let (text, lines) = read(URI_GRAMMARS);
    let uri = parse(URI_GRAMMARS, &text);
    if let Err(broken) = uri.check_invariants(invariants::URI) {
        eprintln!(
            "error: the grammar {} breaks what the library relies on:\n\n{broken}\n\n\
             (docs/grammar.md, \"Editing uri.pest\", says what to run after an edit. To try \
             a grammar without building the library, `peguri tree --grammar FILE`, `peguri \
             grammar diff` and `peguri serve` load it at run time.)",
            URI_GRAMMARS.join(" + ")
        );
        std::process::exit(1);
    }
    // The scheme grammars call the URI grammar's code for the rules they
    // take unchanged from `uri.pest`, so it is generated after them, with
    // those functions exported.
    let mut exports = Vec::new();
    if std::env::var_os("CARGO_FEATURE_SCHEMES").is_some() {
        for scheme in SCHEME_GRAMMARS {
            exports.extend(compile_scheme(scheme, &uri));
        }
        exports.sort();
        exports.dedup();
    }
    generate(
        URI_GRAMMARS,
        &uri,
        "uri_grammar.rs",
        Config {
            record: &record,
            entries: &entries,
            quiet: URI_QUIET,
            tracked: &tracked,
            classes: &classes,
            // The pairs walker (`syntax::walk`, there with the feature)
            // reads pest's tree into the same record.
            rule_slots: expose_internals,
            runtime: RUNTIME,
            exports: &exports,
            ..Config::default()
        },
    );
    write("syntax_names.rs", &syntax_names(&syntaxes));
    write("uri_dispatch.rs", &uri_dispatch(&syntaxes));
    write("pest_entries.rs", &pest_entries(&syntaxes));
    write("rule_lists.rs", &rule_lists(&uri, &lines));
    compile(
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
        compile(
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
    if expose_internals {
        compile(
            &["tests/codegen/sample.pest"],
            "sample_grammar.rs",
            Config {
                record: SAMPLE_RECORD,
                entries: SAMPLE_ENTRIES,
                tracked: SAMPLE_ENTRIES,
                rule_slots: true,
                runtime: "peguri::__engines::runtime",
                ..Config::default()
            },
        );
    }
}

/// Compiles a scheme's grammar with `uri.pest`, and adds the citations of
/// its rules. The rules it takes unchanged from `uri.pest` are the URI
/// grammar's (`uri`, compiled into [`URI_MODULE`]): the code calls that
/// module's functions for them; the functions it calls are returned, for
/// the URI grammar's code to export.
fn compile_scheme(scheme: &SchemeGrammar, uri: &Grammar) -> Vec<peguri_codegen::Export> {
    let file = format!("schemes/{}.pest", scheme.name);
    let files = ["uri.pest", file.as_str()];
    let (text, lines) = read(&files);
    let grammar = parse(&files, &text);
    let record: Vec<(&str, &[&str])> = scheme
        .record
        .iter()
        .map(|rule| (*rule, std::slice::from_ref(rule)))
        .collect();
    let classes: Vec<(&str, &str, &str)> = scheme
        .classes
        .iter()
        .map(|&(name, rule)| (name, rule, ""))
        .collect();
    let config = Config {
        record: &record,
        entries: scheme.entries,
        quiet: scheme.quiet,
        tracked: scheme.entries,
        classes: &classes,
        // The engine tests read the records by rule (`__engines`).
        rule_slots: std::env::var_os("CARGO_FEATURE_EXPOSE_INTERNALS").is_some(),
        runtime: RUNTIME,
        import: Some(Import {
            grammar: uri,
            module: URI_MODULE,
        }),
        exports: &[],
    };
    let generated = grammar
        .compile(&config)
        .unwrap_or_else(|message| fail(&files, &message));
    let mut code = generated.code;
    let own = text
        .lines()
        .skip(lines[1].start - 1)
        .collect::<Vec<_>>()
        .join("\n");
    code.push_str(&citations(&file, &own));
    write(&format!("scheme_{}.rs", scheme.name), &code);
    generated.imports
}

/// `citation(rule)`: the RFC and section each rule of a scheme's grammar
/// cites in the comment block above it, on a line `// RFC <number>
/// section <section>` (or `Appendix <appendix>`).
fn citations(file: &str, text: &str) -> String {
    let mut code = format!(
        "\n/// The RFC and the section (or appendix) each rule of `{file}` cites above\n\
         /// it.\n\
         pub(crate) fn citation(rule: &str) -> Option<&'static (&'static str, &'static str)> {{\n    \
         Some(match rule {{\n"
    );
    let mut cited: Option<(String, String)> = None;
    for line in text.lines() {
        let line = line.trim_end();
        if let Some(comment) = line.strip_prefix("//") {
            if cited.is_none() {
                cited = cite(comment.trim_start());
            }
            continue;
        }
        if let Some((name, _)) = line.split_once(" = ") {
            let name = name.trim();
            if let Some((spec, section)) = cited.take() {
                if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    let _ = writeln!(code, "        {name:?} => &({spec:?}, {section:?}),");
                }
            }
        }
        cited = None;
    }
    code.push_str("        _ => return None,\n    })\n}\n");
    code
}

/// `RFC 8141 section 2...` as `("RFC 8141", "2")`, `RFC 5234 Appendix
/// B.1` as `("RFC 5234", "Appendix B.1")`.
fn cite(comment: &str) -> Option<(String, String)> {
    let rest = comment.strip_prefix("RFC ")?;
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    if digits == 0 {
        return None;
    }
    let spec = format!("RFC {}", &rest[..digits]);
    let rest = &rest[digits..];
    let (prefix, rest) = if let Some(rest) = rest.strip_prefix(" section ") {
        ("", rest)
    } else {
        ("Appendix ", rest.strip_prefix(" Appendix ")?)
    };
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
        .unwrap_or(rest.len());
    let section = rest[..end].trim_end_matches('.');
    (!section.is_empty()).then(|| (spec, format!("{prefix}{section}")))
}

const HEADER: &str = "// @generated by build.rs from its tables of the URI grammar. Do not edit.\n";

/// `Syntax::rfc_name`, for `syntax::entry`.
fn syntax_names(syntaxes: &[Syntax]) -> String {
    let mut code = String::from(HEADER);
    code.push_str(
        "\nimpl Syntax {\n    \
         /// The rule's name as its RFC spells it. RFC 6874 changes no rule\n    \
         /// name, so its entries are named as RFC 3986's (or RFC 3987's).\n    \
         pub(crate) const fn rfc_name(self) -> &'static str {\n        \
         match (self.grammar, self.entry) {\n",
    );
    for syntax in syntaxes {
        let _ = writeln!(
            code,
            "            {} => {:?},",
            syntax.pattern(),
            syntax.rfc_name()
        );
    }
    code.push_str("        }\n    }\n}\n");
    code
}

/// The typed entries' matchers and error passes by `Syntax`, and the
/// component rules' error passes by name, for `syntax::compiled`.
fn uri_dispatch(syntaxes: &[Syntax]) -> String {
    let mut code = String::from(HEADER);
    code.push_str(
        "\nuse super::Fail;\n\
         use super::uri::{self as generated, Rec};\n\
         use crate::syntax::entry::{Entry, Grammar, Syntax};\n\n\
         /// A typed entry's recognizer: the end of the longest prefix of `s`\n\
         /// the rule matches (unanchored), its records in `rec`.\n\
         pub(crate) type Matcher = fn(&[u8], &mut Rec) -> Option<usize>;\n\n\
         /// The recognizer of `syntax`'s rule.\n\
         #[inline]\n\
         pub(crate) fn matcher(syntax: Syntax) -> Matcher {\n    \
         match (syntax.grammar, syntax.entry) {\n",
    );
    for syntax in syntaxes {
        let _ = writeln!(
            code,
            "        {} => generated::match_{},",
            syntax.pattern(),
            syntax.rule
        );
    }
    code.push_str(
        "    }\n}\n\n\
         /// Why all of `s` is not `syntax`'s rule, as pest reports it: `None` if\n\
         /// it is.\n\
         pub(crate) fn failure(syntax: Syntax, s: &[u8]) -> Option<Fail> {\n    \
         match (syntax.grammar, syntax.entry) {\n",
    );
    for syntax in syntaxes {
        let _ = writeln!(
            code,
            "        {} => generated::fail_{}_entry(s),",
            syntax.pattern(),
            syntax.rule
        );
    }
    code.push_str(
        "    }\n}\n\n\
         /// Why all of `s` is not the component rule `rule`: `Some(None)` if it\n\
         /// is, `Some(Some(failure))` if it is not, `None` for a rule without an\n\
         /// error pass.\n\
         pub(crate) fn component_failure(rule: &str, s: &[u8]) -> Option<Option<Fail>> {\n    \
         Some(match rule {\n",
    );
    for rule in COMPONENT_CHECKS {
        let _ = writeln!(code, "        {rule:?} => generated::fail_{rule}_entry(s),");
    }
    code.push_str("        _ => return None,\n    })\n}\n");
    code
}

/// pest_derive's anchored and unanchored rules by `Syntax`, for
/// `syntax::derived`.
fn pest_entries(syntaxes: &[Syntax]) -> String {
    let mut code = String::from(HEADER);
    code.push_str(
        "\n/// The anchored and unanchored rules of a typed entry.\n\
         pub(crate) fn entry_rules(syntax: Syntax) -> (Rule, Rule) {\n    \
         match (syntax.grammar, syntax.entry) {\n",
    );
    for syntax in syntaxes {
        let _ = writeln!(
            code,
            "        {} => (Rule::{}_entry, Rule::{}),",
            syntax.pattern(),
            syntax.rule,
            syntax.rule
        );
    }
    code.push_str("    }\n}\n");
    code
}

/// The rule lists `syntax::grammar` publishes, from the URI grammar and
/// the lines of its files.
fn rule_lists(uri: &Grammar, lines: &[Range<usize>]) -> String {
    let mut code = String::from(HEADER);
    code.push_str(
        "\n/// Each component and the rules whose first match is it.\n\
         pub(crate) const COMPONENT_RULES: &[(&str, &[&str])] = &[\n",
    );
    for (component, rules) in URI_COMPONENTS {
        let _ = writeln!(code, "    ({component:?}, &{rules:?}),");
    }
    code.push_str("];\n");
    for (name, file, what) in [
        ("APPENDIX_A_RULES", "uri.pest", "RFC 3986 Appendix A"),
        ("RFC3987_RULES", "iri.pest", "RFC 3987 section 2.2"),
    ] {
        let at = URI_GRAMMARS.iter().position(|f| *f == file);
        let in_file = &lines[at.expect("a file of the URI grammar")];
        let rules: Vec<&str> = uri
            .abnf_rules()
            .iter()
            .filter(|(_, line)| in_file.contains(line))
            .map(|(rule, _)| rule.as_str())
            .collect();
        let _ = writeln!(
            code,
            "\n/// The rules `{file}` transcribes from {what}, in its order.\n\
             pub(crate) const {name}: &[&str] = &{rules:?};"
        );
    }
    code
}
