//! RFC 6874 IPv6 zone identifiers: opt-in with
//! `ParseOptions::allow_zone_id`, rejected (with a message naming the
//! option) by strict RFC 3986 parsing.

use crate::common;

use std::net::Ipv6Addr;

use common::{ExpectedFailures, Tally, shared_records, str_field};
use peguri::{Host, ParseOptions, Uri, UriRef, grammar};
use serde_json::Value;

const ZONES: ParseOptions = ParseOptions::new().allow_zone_id(true);

#[test]
fn zone_is_carried_raw_and_decoded() {
    let uri = peguri::UriRef::parse_with("http://[fe80::a%25en%31]:8080/p", &ZONES).unwrap();
    let authority = uri.authority().unwrap();
    assert_eq!(authority.host_str(), "[fe80::a%25en%31]");
    assert_eq!(authority.port(), Some("8080"));
    assert_eq!(uri.path(), "/p");
    let Host::Ipv6 { addr, text, zone } = authority.host() else {
        panic!("not an IPv6 host");
    };
    assert_eq!(addr, "fe80::a".parse::<Ipv6Addr>().unwrap());
    assert_eq!(text, "[fe80::a%25en%31]");
    let zone = zone.unwrap();
    assert_eq!(zone.as_str(), "en%31");
    assert_eq!(zone.decoded(), "en1");
}

#[test]
fn addresses_without_zone_have_none() {
    for options in [ParseOptions::new(), ZONES] {
        let uri = peguri::UriRef::parse_with("http://[::1]/", &options).unwrap();
        assert!(matches!(
            uri.authority().unwrap().host(),
            Host::Ipv6 { zone: None, .. }
        ));
    }
}

/// Normalization lowercases the address, keeps the zone's case, and
/// normalizes the zone's triplets like any other component's; the result
/// parses again (in zone mode) to the same components.
#[test]
fn zoned_references_normalize() {
    let cases = [
        (
            "HTTP://[FE80::A%25Eth0]:80/%7e",
            "http://[fe80::a%25Eth0]/~",
            "Eth0",
        ),
        ("//[::1%25%4c%6f%2f]", "//[::1%25Lo%2F]", "Lo%2F"),
        ("s://[::1%25lo]", "s://[::1%25lo]", "lo"),
    ];
    for (input, expected, zone) in cases {
        let uri = peguri::UriRef::parse_with(input, &ZONES).unwrap();
        let normal = uri.normalize();
        assert_eq!(normal, expected, "{input}");
        let Host::Ipv6 { zone: Some(z), .. } = normal.authority().unwrap().host() else {
            panic!("{input}: no zone after normalizing");
        };
        assert_eq!(z.as_str(), zone, "{input}");
        let again = peguri::UriRef::parse_with(normal.as_str(), &ZONES).unwrap();
        assert_eq!(again.normalize(), normal, "{input}: not idempotent");
        assert!(uri.equivalent(&again), "{input}");
    }
}

#[test]
fn strict_parsing_rejects_a_zone_and_names_the_option() {
    let input = "http://[fe80::a%25en1]/";
    for err in [
        UriRef::parse(input).unwrap_err(),
        Uri::parse(input).unwrap_err(),
        peguri::UriRef::parse_with(input, &ParseOptions::new()).unwrap_err(),
    ] {
        assert_eq!(err.offset(), 15);
        assert!(err.message().to_string().contains("RFC 6874"), "{err}");
        assert!(err.message().to_string().contains("allow_zone_id"), "{err}");
    }
}

#[test]
fn zone_syntax_errors() {
    let err = peguri::UriRef::parse_with("http://[fe80::1%25]/", &ZONES).unwrap_err();
    assert_eq!(err.offset(), 18);
    assert!(
        err.message()
            .to_string()
            .starts_with("expected a zone identifier after '%25'"),
        "{err}"
    );
    let err = peguri::UriRef::parse_with("http://[fe80::1%en0]/", &ZONES).unwrap_err();
    assert_eq!(err.offset(), 15);
    assert!(err.message().to_string().contains("'%25'"), "{err}");
    let err = peguri::UriRef::parse_with("http://[fe80::1%25e n]/", &ZONES).unwrap_err();
    assert_eq!(err.message(), "invalid character ' ' in zone identifier");
    // Zone mode does not relax anything else.
    assert!(peguri::UriRef::parse_with("http://h/a b", &ZONES).is_err());
    assert!(absolute_with("http://[::1%25lo]/#f", &ZONES).is_err());
}

#[test]
fn every_entry_point_takes_the_option() {
    assert_eq!(
        peguri::Uri::parse_with("ftp://[fe80::2%25wlan0]:21/", &ZONES)
            .unwrap()
            .scheme(),
        "ftp"
    );
    assert!(relative_with("//[::1%25lo]", &ZONES).is_ok());
    assert!(absolute_with("http://[::1%25lo]/?q", &ZONES).is_ok());
    assert!(relative_with("http://[::1%25lo]", &ZONES).is_err());
}

#[test]
fn grammar_rules_of_rfc_6874() {
    assert!(grammar::parse_rule("ZoneID", "en1").is_ok());
    assert!(grammar::parse_rule("ZoneID", "").is_err());
    assert!(grammar::parse_rule("IPv6addrz", "fe80::1%25en0").is_ok());
    assert!(grammar::parse_rule("IPv6addrz", "fe80::1%en0").is_err());
    assert!(grammar::parse_rule("IP_literal_6874", "[::1%25lo]").is_ok());
    // RFC 3986's own IP-literal never accepts a zone.
    assert!(grammar::parse_rule("IP-literal", "[::1%25lo]").is_err());
}

fn is_zone_record(record: &Value) -> bool {
    str_field(record, "spec") == Some("RFC6874")
}

/// Components a record asserts, checked on a zone-mode parse.
fn check_components(uri: &UriRef<'_>, record: &Value) -> Result<(), String> {
    let a = uri.authority();
    let got = |name: &str| match name {
        "scheme" => uri.scheme(),
        "userinfo" => a.and_then(|a| a.userinfo()),
        "host" => a.map(|a| a.host_str()),
        "port" => a.and_then(|a| a.port()),
        "path" => Some(uri.path()),
        "query" => uri.query(),
        "fragment" => uri.fragment(),
        _ => None,
    };
    for name in [
        "scheme", "userinfo", "host", "port", "path", "query", "fragment",
    ] {
        if let Some(want) = record.get(name) {
            if want.as_str() != got(name) {
                return Err(format!("{name}: want {want}, got {:?}", got(name)));
            }
        }
    }
    if let Some(kind) = str_field(record, "host_kind") {
        if a.map(|a| a.host().kind()) != Some(kind) {
            return Err(format!("host_kind: want {kind}"));
        }
    }
    Ok(())
}

fn parse_as<'a>(options: ParseOptions, rule: &str, input: &'a str) -> Result<UriRef<'a>, String> {
    let result = match rule {
        "URI" => peguri::Uri::parse_with(input, &options).map(UriRef::from),
        "absolute-URI" => return absolute_with(input, &options).map(UriRef::from),
        "relative-ref" => return relative_with(input, &options),
        _ => peguri::UriRef::parse_with(input, &options),
    };
    result.map_err(|e| e.to_string())
}

#[test]
fn shared_zone_vectors() {
    for file in ["valid", "invalid", "ipv6"] {
        let Some(records) = shared_records(&format!("testdata/{file}.json")) else {
            return;
        };
        let mut tally = Tally::new(&format!("{file}.json"), ExpectedFailures::load("zone"));
        for record in &records {
            if !is_zone_record(record) {
                tally.leave_out();
                continue;
            }
            let input = str_field(record, "input").unwrap_or_default();
            let rule = str_field(record, "rule").unwrap_or_default();
            let valid = match file {
                "valid" => true,
                "invalid" => false,
                _ => record.get("valid").and_then(Value::as_bool) == Some(true),
            };
            let outcome = if file == "ipv6" {
                // Literal records: RFC 6874's IP-literal in zone mode, and
                // RFC 3986's never accepts a zone.
                let zoned = grammar::parse_rule("IP_literal_6874", input).is_ok();
                let strict = grammar::parse_rule(rule, input).is_ok();
                let as_host =
                    peguri::UriRef::parse_with(&format!("http://{input}/"), &ZONES).is_ok();
                match (zoned == valid, as_host == valid, strict) {
                    (true, true, false) => Ok(()),
                    other => Err(format!(
                        "want valid={valid}, (zone rule ok, as host ok, strict) = {other:?}"
                    )),
                }
            } else {
                let zoned = parse_as(ZONES, rule, input);
                let strict = parse_as(ParseOptions::new(), rule, input);
                match (zoned, strict) {
                    (Ok(uri), Err(_)) if valid => check_components(&uri, record),
                    (Err(_), Err(_)) if !valid => Ok(()),
                    (z, s) => Err(format!(
                        "want valid={valid} in zone mode and invalid in strict mode; zone mode ok={}, strict ok={}",
                        z.is_ok(),
                        s.is_ok()
                    )),
                }
            };
            tally.record(&format!("{rule} {input}"), outcome);
        }
        tally.finish();
    }
}

/// Resolution carries a zoned authority over (its layout moves with it),
/// to the components a fresh parse finds.
#[test]
fn zoned_bases_resolve() {
    let base = peguri::Uri::parse_with("http://[fe80::1%25eth0]:8080/a/b?q", &ZONES).unwrap();
    for (reference, expected) in [
        ("c/../d", "http://[fe80::1%25eth0]:8080/a/d"),
        ("?x#f", "http://[fe80::1%25eth0]:8080/a/b?x#f"),
        ("//[::2%25lo]/p", "http://[::2%25lo]/p"),
    ] {
        let reference = peguri::UriRef::parse_with(reference, &ZONES).unwrap();
        let resolved = reference.resolve_against(&base);
        assert_eq!(resolved, expected);
        let reparsed = peguri::Uri::parse_with(resolved.as_str(), &ZONES).unwrap();
        assert_eq!(reparsed.authority(), resolved.authority());
        assert_eq!(reparsed.path(), resolved.path());
        let Host::Ipv6 {
            zone: Some(zone), ..
        } = resolved.authority().unwrap().host()
        else {
            panic!("{expected}: the zone was lost");
        };
        assert!(expected.contains(&format!("%25{}]", zone.as_str())));
    }
}

/// `--iri --allow-zone-id` silently dropped the zone flag. IRIs
/// take zone identifiers through `ParseOptions` as URIs do (RFC 3987's
/// `ihost` uses the `IP-literal` that RFC 6874 updates).
#[test]
fn iri_allow_zone_id() {
    let zones = ParseOptions::new().allow_zone_id(true);
    let iri = peguri::IriRef::parse_with("http://[fe80::a%25en1]/Dürst", &zones).unwrap();
    let authority = iri.authority().unwrap();
    assert_eq!(authority.host_str(), "[fe80::a%25en1]");
    let Host::Ipv6 { zone, .. } = authority.host() else {
        panic!("an IPv6 host")
    };
    assert_eq!(zone.unwrap().as_str(), "en1");
    assert_eq!(iri.path(), "/Dürst");
    assert_eq!(iri.to_uri(), "http://[fe80::a%25en1]/D%C3%BCrst");
    assert!(iri_relative_with("//[::1%25lo]/ä", &zones).is_ok());
    assert!(iri_absolute_with("http://[::1%25lo]/ä#f", &zones).is_err());
    // Without the switch, the error names it, as for URIs.
    let err = peguri::IriRef::parse("http://[fe80::a%25en1]/").unwrap_err();
    assert!(err.message().to_string().contains("allow_zone_id"), "{err}");
    // With it, a zone error is described as for URIs.
    let err = peguri::IriRef::parse_with("http://[fe80::a%25]/ä", &zones).unwrap_err();
    assert_eq!(err.rule(), "IRI-reference");
    assert_eq!(err.offset(), 18);
    assert_eq!(
        err.message(),
        "expected a zone identifier after '%25' (letters, digits, '-', '.', '_', '~' or percent-encoded octets)"
    );
    // Resolution and normalization keep the zone.
    let base = peguri::Iri::parse_with("http://[FE80::A%25En1]/a/b", &zones).unwrap();
    let resolved = peguri::IriRef::parse_with("../ö", &zones)
        .unwrap()
        .resolve_against(&base);
    assert_eq!(resolved, "http://[FE80::A%25En1]/ö");
    assert_eq!(resolved.borrow().normalize(), "http://[fe80::a%25En1]/ö");
}

/// A zone identifier is ASCII in IRIs too (`ihost` takes RFC 3986's
/// `IP-literal`): IRI normalization decodes no triplet of it into a
/// non-ASCII character, which would not parse back.
#[test]
fn iri_normalization_keeps_a_zones_triplets() {
    let zones = ParseOptions::new().allow_zone_id(true);
    let iri = peguri::IriRef::parse_with("m://[::1%25%D9%89%7e]/%D9%89", &zones).unwrap();
    let normal = iri.normalize();
    assert_eq!(normal, "m://[::1%25%D9%89~]/ى");
    assert_eq!(
        peguri::IriRef::parse_with(normal.as_str(), &zones).unwrap(),
        normal
    );
}

/// Every setter of a reference parsed with zone identifiers keeps them:
/// each used to check the new text against the grammar without zones and
/// panic ("checked components did not parse").
#[test]
fn setters_of_a_reference_parsed_with_zones_keep_its_zone() {
    let zones = ParseOptions::new().allow_zone_id(true);
    let mut uri = peguri::Uri::parse_with("http://u@[fe80::1%25eth0]:80/a?q#f", &zones)
        .unwrap()
        .to_owned();
    uri.set_scheme("https").unwrap();
    uri.set_port(Some(8443)).unwrap();
    uri.set_path("/x/y").unwrap();
    uri.push_segment("z").unwrap();
    uri.set_query(Some("k=v")).unwrap();
    uri.edit_query().append("a", "b");
    uri.set_fragment(None).unwrap();
    uri.set_userinfo(None).unwrap();
    assert_eq!(uri, "https://[fe80::1%25eth0]:8443/x/y/z?k=v&a=b");
    // The host may be set to another zone, or to none.
    uri.set_host("[fe80::2%25wlan0]").unwrap();
    assert_eq!(uri.authority().unwrap().host_str(), "[fe80::2%25wlan0]");
    uri.set_authority(Some("[::1%25lo]:1")).unwrap();
    assert_eq!(uri, "https://[::1%25lo]:1/x/y/z?k=v&a=b");
    uri.set_host("example.com").unwrap();
    assert_eq!(uri, "https://example.com:1/x/y/z?k=v&a=b");
    // Without the option, a zone is refused, not panicked on.
    let mut strict = peguri::UriBuf::parse("http://h/").unwrap();
    assert!(strict.set_host("[fe80::1%25eth0]").is_err());
    assert_eq!(strict, "http://h/");
}

/// The builder takes a zone when its options allow one.
#[test]
fn the_builder_takes_a_zone_when_asked() {
    let zones = ParseOptions::new().allow_zone_id(true);
    let uri = peguri::UriBuilder::with_options(zones)
        .scheme("http")
        .host("[fe80::1%25eth0]")
        .build_uri()
        .unwrap();
    assert_eq!(uri, "http://[fe80::1%25eth0]");
    let uri = peguri::UriBuilder::with_options(zones)
        .authority("[fe80::1%25eth0]:8080")
        .build()
        .unwrap();
    assert_eq!(uri.authority().unwrap().port(), Some("8080"));
    let err = peguri::UriBuilder::new()
        .host("[fe80::1%25eth0]")
        .build()
        .unwrap_err();
    assert_eq!(err.component(), peguri::Component::Host);
}

/// serde reads a zoned reference through `serde_zone_id`, and the plain
/// deserialization refuses it, as parsing does.
#[test]
fn serde_reads_zones_through_serde_zone_id() {
    #[derive(serde::Deserialize, serde::Serialize)]
    struct Peer {
        #[serde(with = "peguri::reference::serde_zone_id")]
        uri: peguri::UriRefBuf,
        #[serde(with = "peguri::reference::serde_zone_id")]
        iri: peguri::IriBuf,
    }
    let json = r#"{"uri":"//[fe80::1%25eth0]/","iri":"http://[::1%25lo]/ä"}"#;
    let peer: Peer = serde_json::from_str(json).unwrap();
    assert_eq!(peer.uri.authority().unwrap().host_str(), "[fe80::1%25eth0]");
    assert_eq!(serde_json::to_string(&peer).unwrap(), json);
    assert!(serde_json::from_str::<peguri::UriRefBuf>(r#""//[fe80::1%25eth0]/""#).is_err());
}

/// `relative-ref` with options: a reference without a scheme. No
/// `relative-ref` reads as a `URI` (its first segment holds no `:`), so a
/// `URI-reference` without a scheme is exactly a `relative-ref`.
fn relative_with<'a>(input: &'a str, options: &ParseOptions) -> Result<UriRef<'a>, String> {
    match UriRef::parse_with(input, options) {
        Ok(uri) if uri.is_relative() => Ok(uri),
        Ok(_) => Err(format!("{input:?} has a scheme")),
        Err(e) => Err(e.to_string()),
    }
}

/// `absolute-URI` with options: a `URI` without a fragment.
fn absolute_with<'a>(input: &'a str, options: &ParseOptions) -> Result<peguri::Uri<'a>, String> {
    match peguri::Uri::parse_with(input, options) {
        Ok(uri) if uri.fragment().is_none() => Ok(uri),
        Ok(_) => Err(format!("{input:?} has a fragment")),
        Err(e) => Err(e.to_string()),
    }
}

/// `irelative-ref` with options, as [`relative_with`].
fn iri_relative_with<'a>(
    input: &'a str,
    options: &ParseOptions,
) -> Result<peguri::IriRef<'a>, String> {
    match peguri::IriRef::parse_with(input, options) {
        Ok(iri) if iri.is_relative() => Ok(iri),
        Ok(_) => Err(format!("{input:?} has a scheme")),
        Err(e) => Err(e.to_string()),
    }
}

/// `absolute-IRI` with options, as [`absolute_with`].
fn iri_absolute_with<'a>(
    input: &'a str,
    options: &ParseOptions,
) -> Result<peguri::Iri<'a>, String> {
    match peguri::Iri::parse_with(input, options) {
        Ok(iri) if iri.fragment().is_none() => Ok(iri),
        Ok(_) => Err(format!("{input:?} has a fragment")),
        Err(e) => Err(e.to_string()),
    }
}
