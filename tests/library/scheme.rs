//! The scheme knowledge table (RFC 3986 section 6.2.3).

use peguri::scheme::{known_schemes, scheme_info};
use peguri::{Normalizer, UriRef};

/// The schemes the scheme table must know, with the default port their
/// specifications give.
const REQUIRED: &[(&str, u16)] = &[
    ("http", 80),
    ("https", 443),
    ("ws", 80),
    ("wss", 443),
    ("ftp", 21),
    ("ssh", 22),
    ("telnet", 23),
    ("gopher", 70),
    ("ldap", 389),
    ("ldaps", 636),
    ("nntp", 119),
    ("imap", 143),
    ("pop", 110),
    ("rtsp", 554),
    ("rtsps", 322),
    ("news", 119),
    ("sip", 5060),
    ("sips", 5061),
    ("coap", 5683),
    ("coaps", 5684),
    ("coap+tcp", 5683),
    ("coaps+tcp", 5684),
    ("coap+ws", 80),
    ("coaps+ws", 443),
    ("git", 9418),
    ("redis", 6379),
    ("postgres", 5432),
    ("mysql", 3306),
    ("mongodb", 27017),
    ("amqp", 5672),
    ("mqtt", 1883),
];

#[test]
fn required_schemes_have_default_ports_and_a_reference() {
    for &(name, port) in REQUIRED {
        let info = scheme_info(name).unwrap_or_else(|| panic!("{name} missing"));
        assert_eq!(info.name, name);
        assert_eq!(info.default_port, Some(port), "{name}");
        assert!(!info.spec.is_empty(), "{name} cites no specification");
    }
}

#[test]
fn lookup_ignores_case() {
    assert_eq!(scheme_info("HtTpS").map(|s| s.name), Some("https"));
    assert_eq!(scheme_info("MQTT").and_then(|s| s.default_port), Some(1883));
}

#[test]
fn unknown_schemes_are_none() {
    assert!(scheme_info("urn").is_none());
    assert!(scheme_info("").is_none());
    assert!(scheme_info("http2").is_none());
}

#[test]
fn only_the_http_family_treats_an_empty_path_as_root() {
    let roots: Vec<&str> = known_schemes()
        .iter()
        .filter(|s| s.empty_path_is_root)
        .map(|s| s.name)
        .collect();
    assert_eq!(roots, ["http", "https", "ws", "wss"]);
}

#[test]
fn table_is_sorted_without_duplicates_and_lowercase() {
    let names: Vec<&str> = known_schemes().iter().map(|s| s.name).collect();
    assert!(names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
    assert!(
        names
            .iter()
            .all(|n| peguri::grammar::parse_rule("scheme", n).is_ok())
    );
    assert!(names.iter().all(|n| *n == n.to_ascii_lowercase()));
}

#[test]
fn every_default_port_is_dropped_by_scheme_based_normalization() {
    let scheme_only = Normalizer::none().scheme_based(true);
    for info in known_schemes() {
        let Some(port) = info.default_port else {
            continue;
        };
        let input = format!("{}://h:{port}/p", info.name);
        let uri = UriRef::parse(&input).unwrap();
        assert_eq!(
            scheme_only.normalize(&uri),
            format!("{}://h/p", info.name).as_str()
        );
        let other = format!("{}://h:{}/p", info.name, u32::from(port) + 1);
        let uri = UriRef::parse(&other).unwrap();
        assert_eq!(scheme_only.normalize(&uri), other.as_str());
    }
}

#[test]
fn sip_ports_are_not_an_authority() {
    // sip:user@host:5060 has no "//", so there is no authority port to drop.
    let uri = UriRef::parse("sip:alice@atlanta.com:5060").unwrap();
    assert_eq!(
        Normalizer::new().normalize(&uri),
        "sip:alice@atlanta.com:5060"
    );
}
