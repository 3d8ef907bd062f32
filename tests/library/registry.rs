//! The IANA URI Schemes registry: the copy built in, registry files read
//! at run time and their errors, near-miss suggestions, and the lints that
//! read a registry.

use crate::common::shared_file;

use peguri::UriRef;
use peguri::error::SchemeRegistryErrorKind;
use peguri::lint::{Code, Severity, lint, lint_with_registry};
use peguri::scheme::{SchemeRegistry, SchemeStatus, registration};

/// IANA's header, as `uri-schemes-1.csv` has it.
const HEADER: &str =
    "URI Scheme,Template,Description,Status,Well-Known URI Support,Reference,Notes";

#[test]
fn the_built_in_registry_holds_each_status() {
    let registry = SchemeRegistry::built_in();
    let count = |status| registry.iter().filter(|s| s.status() == status).count();
    assert_eq!(count(SchemeStatus::Permanent), 88);
    assert_eq!(count(SchemeStatus::Provisional), 95);
    assert_eq!(count(SchemeStatus::Historical), 3);
    assert!(
        registry
            .iter()
            .zip(registry.iter().skip(1))
            .all(|(a, b)| a.name() < b.name()),
        "sorted by name, each once"
    );
    let historical: Vec<(&str, &str)> = registry
        .iter()
        .filter(|s| s.status() == SchemeStatus::Historical)
        .map(|s| (s.name(), s.reference()))
        .collect();
    assert_eq!(
        historical,
        [
            ("mailserver", "[RFC6196]"),
            ("prospero", "[RFC4157]"),
            ("wais", "[RFC4156]")
        ]
    );
}

/// Every permanent scheme of the shared snapshot of IANA's table is built
/// in, with its description and reference.
#[test]
fn the_built_in_registry_holds_the_shared_permanent_table() {
    let Some(path) = shared_file("spec/iana-uri-schemes-permanent.csv") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    // The shared file is IANA's older format, one file per status and no
    // Status column: read with that column added.
    let mut lines = text.lines();
    let header = lines.next().unwrap().trim_end();
    assert_eq!(header, "URI Scheme,Template,Description,Reference");
    let rows: Vec<String> = lines
        .map(|line| {
            let (name_template_description, reference) = split_before_reference(line.trim_end());
            format!("{name_template_description},Permanent,{reference}")
        })
        .collect();
    let converted = format!(
        "URI Scheme,Template,Description,Status,Reference\n{}\n",
        rows.join("\n")
    );
    let shared = SchemeRegistry::parse(&converted).unwrap();
    assert_eq!(shared.len(), 88);
    for scheme in &shared {
        let built_in = registration(scheme.name())
            .unwrap_or_else(|| panic!("{} is not built in", scheme.name()));
        assert_eq!(built_in, scheme, "{}", scheme.name());
    }
}

/// `name,template,description` and the reference (the last field, which
/// may be quoted and hold a comma).
fn split_before_reference(line: &str) -> (&str, &str) {
    let cut = match line.strip_suffix('"') {
        Some(open) => open.rfind('"').unwrap(),
        None => line.rfind(',').unwrap() + 1,
    };
    (&line[..cut - 1], &line[cut..])
}

#[test]
fn a_registry_file_in_ianas_format_is_read() {
    let text = format!(
        "{HEADER}\r\n\
         acct,,acct,Permanent,,[RFC7565],\r\n\
         \r\n\
         coap+tcp,,\"coap+tcp (see [reviewer notes])\",Permanent,[RFC8323],[RFC8323],\r\n\
         shttp (OBSOLETE),,Secure Hypertext Transfer Protocol,Permanent,,[RFC2660],\"Obsoleted \
         by\nnothing\"\r\n\
         web+ap,prov/web+ap,web+ap,Provisional,,[Someone],\r\n\
         Grd,historic/grd,grd,historical,,[Someone_Else],\r\n"
    );
    let registry = SchemeRegistry::parse(&text).unwrap();
    let names: Vec<&str> = registry.iter().map(|s| s.name()).collect();
    assert_eq!(names, ["acct", "coap+tcp", "Grd", "shttp", "web+ap"]);
    let coap = registry.get("COAP+TCP").unwrap();
    assert_eq!(coap.description(), "coap+tcp (see [reviewer notes])");
    assert_eq!(coap.reference(), "[RFC8323]");
    let shttp = registry.get("shttp").unwrap();
    assert!(shttp.is_obsolete());
    assert_eq!(shttp.status(), SchemeStatus::Permanent);
    let grd = registry.get("grd").unwrap();
    assert_eq!(grd.status(), SchemeStatus::Historical);
    assert_eq!(grd.template(), Some("historic/grd"));
    assert!(registry.get("acct").unwrap().template().is_none());
}

/// Each error names its line (the line a row starts on) and says what is
/// wrong in the file's terms.
#[test]
fn bad_registry_files_get_an_error_with_the_line() {
    let cases: &[(&str, SchemeRegistryErrorKind, Option<usize>, &str)] = &[
        (
            "",
            SchemeRegistryErrorKind::NoHeader,
            None,
            "the registry has no header row: IANA's CSV starts with \"URI Scheme,Template,\
             Description,Status,...\"",
        ),
        (
            "# a comment\n\n",
            SchemeRegistryErrorKind::NoHeader,
            None,
            "the registry has no header row: IANA's CSV starts with \"URI Scheme,Template,\
             Description,Status,...\"",
        ),
        (
            "URI Scheme,Template,Description,Reference\nhttp,,Hypertext,[RFC9110]\n",
            SchemeRegistryErrorKind::MissingColumn,
            Some(1),
            "line 1 of the registry: the header has no \"Status\" column (IANA's CSV has \"URI \
             Scheme\" and \"Status\"; its older files without \"Status\", one for each status, \
             are not read)",
        ),
        (
            "# comment\nScheme,Status\n",
            SchemeRegistryErrorKind::MissingColumn,
            Some(2),
            "line 2 of the registry: the header has no \"URI Scheme\" column (IANA's CSV has \
             \"URI Scheme\" and \"Status\"; its older files without \"Status\", one for each \
             status, are not read)",
        ),
        (
            "URI Scheme,Status,Reference\nhttp,Permanent,[RFC9110]\nftp,Permanent\n",
            SchemeRegistryErrorKind::FieldCount,
            Some(3),
            "line 3 of the registry: 2 fields where the header has 3",
        ),
        (
            "URI Scheme,Status,Reference\nhttp,Permanent,\"[RFC9110]\nftp,Permanent,x\n",
            SchemeRegistryErrorKind::UnclosedQuote,
            Some(2),
            "line 2 of the registry: a quoted field has no closing quote",
        ),
        (
            "URI Scheme,Status,Reference\nhttp,Permanent,\"a\"b\n",
            SchemeRegistryErrorKind::StrayQuote,
            Some(2),
            "line 2 of the registry: a quote inside an unquoted field, or text after a closing \
             quote (RFC 4180: a field with a quote is quoted, and its quotes doubled)",
        ),
        (
            "URI Scheme,Status\n,Permanent\n",
            SchemeRegistryErrorKind::InvalidName,
            Some(2),
            "line 2 of the registry: a row has no scheme name",
        ),
        (
            "URI Scheme,Status\n1http,Permanent\n",
            SchemeRegistryErrorKind::InvalidName,
            Some(2),
            "line 2 of the registry: \"1http\" is not a scheme name: it starts with '1', not a \
             letter (RFC 3986 section 3.1)",
        ),
        (
            "URI Scheme,Status\nhttp,Permanent\n\"a\nb\",Permanent\nx_y,Permanent\n",
            SchemeRegistryErrorKind::InvalidName,
            Some(3),
            "line 3 of the registry: \"a\\u{a}b\" is not a scheme name: '\\n' at byte 1 is not a \
             letter, digit, '+', '-' or '.' (RFC 3986 section 3.1)",
        ),
        (
            "URI Scheme,Status\nhttp,Permanent\nftp,Deprecated\n",
            SchemeRegistryErrorKind::UnknownStatus,
            Some(3),
            "line 3 of the registry: the status \"Deprecated\" is not Permanent, Provisional or \
             Historical",
        ),
        (
            "URI Scheme,Status\nhttp,Permanent\nftp,Permanent\nHttp,Provisional\n",
            SchemeRegistryErrorKind::Duplicate,
            Some(4),
            "line 4 of the registry: \"Http\" is listed already, on line 2",
        ),
    ];
    for (text, kind, line, message) in cases {
        let err = SchemeRegistry::parse(text).unwrap_err();
        assert_eq!(err.kind(), *kind, "{text:?}");
        assert_eq!(err.line(), *line, "{text:?}");
        assert_eq!(err.to_string(), *message, "{text:?}");
    }
}

/// A name one typing slip from exactly one registered scheme gets it as
/// a suggestion; anything else gets none.
#[test]
fn near_misses_are_close_and_unambiguous() {
    let registry = SchemeRegistry::built_in();
    let cases: &[(&str, Option<&str>)] = &[
        ("htp", Some("http")),
        ("HTP", Some("http")),
        ("mailt", Some("mailto")),
        ("maitlo", Some("mailto")),
        ("htttp", Some("http")),
        ("htto", Some("http")),
        ("htps", Some("https")),
        ("mialto", Some("mailto")),
        ("telnte", Some("telnet")),
        ("gopger", Some("gopher")),
        // Registered: nothing to suggest.
        ("http", None),
        ("sftp", None),
        // Two slips, or a key far away.
        ("hxxp", None),
        ("htpps", None),
        ("gemini", None),
        // Too short to judge, or only near a name of three letters.
        ("ht", None),
        ("ftpp", None),
        ("tell", None),
        // Secure variants, not typos (`imaps` is also `maps` with an `i`
        // before it).
        ("imaps", None),
        ("nntps", None),
        ("simap", None),
        // Historical schemes are not suggested.
        ("wias", None),
        // One key from `irc6`.
        ("irc7", Some("irc6")),
        // One slip from two names: `stuns` (a key next to `s`) and `stun`
        // (one letter too many).
        ("stunz", None),
    ];
    for (typed, expected) in cases {
        assert_eq!(
            registry.near_miss(typed).map(|s| s.name()),
            *expected,
            "{typed}"
        );
    }
}

#[test]
fn unregistered_and_historical_schemes_are_linted_with_a_reference() {
    let findings = |text: &str| lint(&UriRef::parse(text).unwrap()).into_vec();

    let found = findings("htp://example.com/");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].code, Code::UnregisteredScheme);
    assert_eq!(found[0].severity, Severity::Warning);
    assert_eq!((found[0].section, found[0].span.clone()), ("3.1", 0..3));
    assert_eq!(
        found[0].message,
        "scheme \"htp\" is not registered; did you mean \"http\" (Hypertext Transfer Protocol, \
         [RFC7230, Section 2.7.1]), one typing slip away? (RFC 3986 section 3.1; IANA URI \
         Schemes registry, RFC 7595)"
    );

    let found = findings("slack://open?team=T1");
    assert_eq!(found[0].code, Code::UnregisteredScheme);
    assert_eq!(found[0].severity, Severity::Info);
    assert_eq!(
        found[0].to_string(),
        "info[unregistered-scheme]: scheme \"slack\" is not in the IANA URI Schemes registry: \
         only the applications that define it know what it means (RFC 3986 section 3.1; RFC \
         7595)"
    );

    let found = findings("WAIS://h/db");
    assert_eq!(found[0].code, Code::HistoricalScheme);
    assert_eq!(found[0].severity, Severity::Warning);
    assert_eq!(found[0].span, 0..4);
    assert_eq!(
        found[0].message,
        "scheme \"WAIS\" is registered as historical (Wide Area Information Servers, \
         [RFC4156]): it is no longer in common use or recommended, and clients are unlikely \
         to support it (RFC 3986 section 3.1; RFC 7595 section 5)"
    );

    // A script reference gets `dangerous-scheme` alone.
    let codes: Vec<Code> = findings("javascript:alert(1)")
        .iter()
        .map(|f| f.code)
        .collect();
    assert_eq!(codes, [Code::DangerousScheme]);
    // Registered schemes, and references without a scheme, get neither.
    for text in ["https://h/", "urn:isbn:0451450523", "ssh://h", "//h", "a/b"] {
        assert_eq!(findings(text), [], "{text}");
    }
}

/// The lints read the registry they are given: a current file knows what
/// the built-in copy does not, and a registry of its own decides alone.
#[test]
fn lints_read_the_registry_they_are_given() {
    let text = format!(
        "{HEADER}\nhttp,,HTTP,Permanent,,[RFC9110],\nipfs,prov/ipfs,ipfs,Provisional,,[Juan_Benet],\n\
         gopher,,Gopher,Historical,,[RFC4266],\n"
    );
    let registry = SchemeRegistry::parse(&text).unwrap();
    let codes = |uri: &str| -> Vec<&'static str> {
        lint_with_registry(&UriRef::parse(uri).unwrap(), &registry)
            .iter()
            .map(|f| f.code.as_str())
            .collect()
    };
    assert_eq!(codes("ipfs://bafy/"), [] as [&str; 0]);
    assert_eq!(codes("gopher://h/"), ["historical-scheme"]);
    assert_eq!(codes("mailto:a@b"), ["unregistered-scheme"]);
    assert_eq!(codes("https://h/"), ["unregistered-scheme"]);
    // `https` is one slip from `http` (an `s` after it is a secure
    // variant, so no suggestion): information only.
    let found = lint_with_registry(&UriRef::parse("https://h/").unwrap(), &registry);
    assert_eq!(found[0].severity, Severity::Info);
    // The built-in registry is what `lint` reads.
    assert!(lint(&UriRef::parse("ipfs://bafy/").unwrap())[0].code == "unregistered-scheme");
}

#[test]
fn registry_types_are_send_sync_and_serialize() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<SchemeRegistry>();
    send_sync::<peguri::error::SchemeRegistryError>();
    let json = serde_json::to_value(registration("git").unwrap()).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "name": "git",
            "status": "provisional",
            "description": "git",
            "template": "prov/git",
            "reference": "[Dave_Thaler]",
            "obsolete": false,
        })
    );
    assert_eq!(
        serde_json::to_value(SchemeRegistryErrorKind::InvalidName).unwrap(),
        "invalid_name"
    );
}
