//! Data-driven tests over the shared vectors collected from other
//! implementations' suites: `valid.json`, `invalid.json` and `ipv6.json`.
//!
//! Records marked `"rfc3986_conformant": false` or `"spec": "RFC6874"` are
//! left out (the first are not RFC 3986, the second need the zone-ID
//! extension). Any other disagreement must be listed, with its reason, in
//! `tests/expected_failures/<file>.txt`.

use crate::common;

use std::net::Ipv6Addr;

use common::{ExpectedFailures, Tally, is_false, shared_records, str_field};
use peguri::{Host, Uri, UriRef, grammar};
use serde_json::Value;

const COMPONENTS: [&str; 7] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

fn left_out(record: &Value) -> bool {
    is_false(record, "rfc3986_conformant") || str_field(record, "spec") == Some("RFC6874")
}

/// Parses `input` as `rule`, returning the reference whose components can
/// be compared, when the rule has components.
fn parse_as<'a>(rule: &str, input: &'a str) -> Result<Option<UriRef<'a>>, String> {
    let to_err = |e: peguri::ParseError| e.to_string();
    match rule {
        "URI-reference" => UriRef::parse(input).map(Some).map_err(to_err),
        "URI" => Uri::parse(input).map(|u| Some(u.into())).map_err(to_err),
        "absolute-URI" => Uri::parse_absolute(input)
            .map(|u| Some(u.into()))
            .map_err(to_err),
        "relative-ref" => UriRef::parse_relative(input).map(Some).map_err(to_err),
        other => grammar::parse_rule(other, input)
            .map(|_| None)
            .map_err(to_err),
    }
}

fn component<'a>(uri: &UriRef<'a>, name: &str) -> Option<&'a str> {
    let authority = uri.authority();
    match name {
        "scheme" => uri.scheme(),
        "userinfo" => authority.and_then(|a| a.userinfo()),
        "host" => authority.map(|a| a.host_str()),
        "port" => authority.and_then(|a| a.port()),
        "path" => Some(uri.path()),
        "query" => uri.query(),
        "fragment" => uri.fragment(),
        _ => None,
    }
}

fn check_components(uri: &UriRef<'_>, record: &Value) -> Result<(), String> {
    for name in COMPONENTS {
        let Some(expected) = record.get(name) else {
            continue;
        };
        let got = component(uri, name);
        if expected.as_str() != got {
            return Err(format!("{name}: expected {expected}, got {got:?}"));
        }
    }
    if let Some(kind) = str_field(record, "host_kind") {
        let got = uri.authority().map(|a| a.host().kind());
        if got != Some(kind) {
            return Err(format!("host_kind: expected {kind}, got {got:?}"));
        }
    }
    Ok(())
}

fn check_valid(record: &Value) -> Result<(), String> {
    let input = str_field(record, "input").ok_or("record without input")?;
    let rule = str_field(record, "rule").ok_or("record without rule")?;
    match parse_as(rule, input)? {
        Some(uri) => check_components(&uri, record),
        None if matches!(rule, "authority" | "host") => {
            // Component rules with asserted parts: read them through a
            // network-path reference.
            let text = format!("//{input}");
            let uri = UriRef::parse(&text).map_err(|e| e.to_string())?;
            let mut rest = record.clone();
            if let Some(map) = rest.as_object_mut() {
                map.remove("path");
            }
            check_components(&uri, &rest)
        }
        None => Ok(()),
    }
}

/// Runs `check` on every record of `testdata/<file>.json` that is not left
/// out, keyed `"<rule> <input>"`, against `tests/expected_failures/<file>.txt`.
fn check_file(file: &str, check: impl Fn(&Value) -> Result<(), String>) {
    let Some(records) = shared_records(&format!("testdata/{file}.json")) else {
        return;
    };
    let mut tally = Tally::new(&format!("{file}.json"), ExpectedFailures::load(file));
    for record in &records {
        if left_out(record) {
            tally.leave_out();
            continue;
        }
        let key = format!(
            "{} {}",
            str_field(record, "rule").unwrap_or("?"),
            str_field(record, "input").unwrap_or("?")
        );
        tally.record(&key, check(record));
    }
    tally.finish();
}

#[test]
fn valid_vectors() {
    check_file("valid", check_valid);
}

fn check_invalid(record: &Value) -> Result<(), String> {
    let input = str_field(record, "input").unwrap_or_default();
    let rule = str_field(record, "rule").unwrap_or_default();
    match parse_as(rule, input) {
        Ok(_) => Err(format!(
            "accepted, but invalid because: {}",
            str_field(record, "why").unwrap_or("?")
        )),
        Err(_) => Ok(()),
    }
}

#[test]
fn invalid_vectors() {
    check_file("invalid", check_invalid);
}

fn ipv6_value(text: &str) -> Option<Ipv6Addr> {
    let groups: Vec<u16> = text
        .split(':')
        .map(|g| u16::from_str_radix(g, 16))
        .collect::<Result<_, _>>()
        .ok()?;
    let groups: [u16; 8] = groups.try_into().ok()?;
    Some(Ipv6Addr::from(groups))
}

fn check_ipv6(record: &Value) -> Result<(), String> {
    let input = str_field(record, "input").ok_or("record without input")?;
    let rule = str_field(record, "rule").ok_or("record without rule")?;
    let valid = record.get("valid").and_then(Value::as_bool) == Some(true);
    let accepted = grammar::parse_rule(rule, input).is_ok();
    if accepted != valid {
        return Err(format!(
            "expected valid={valid}, the grammar says {accepted}"
        ));
    }
    // The host as a whole URI sees it too, and its value must match.
    let literal = if rule == "IP-literal" {
        input.to_owned()
    } else {
        format!("[{input}]")
    };
    let text = format!("http://{literal}/");
    let parsed = UriRef::parse(&text);
    // `[v7.host]` is no IPv6 address but a valid IP literal all the same:
    // as a host, only the kind the rule names counts.
    let kind = match rule {
        "IPv6address" => Some("ipv6"),
        "IPvFuture" => Some("ipvfuture"),
        _ => None,
    };
    let host_kind = parsed
        .as_ref()
        .ok()
        .and_then(|u| u.authority())
        .map(|a| a.host().kind());
    let accepted_as_host = host_kind.is_some() && (kind.is_none() || host_kind == kind);
    if accepted_as_host != valid {
        return Err(format!(
            "as a URI host: expected valid={valid}, host kind {host_kind:?}"
        ));
    }
    if let (Some(expected), Ok(uri)) = (str_field(record, "value"), &parsed) {
        let want = ipv6_value(expected).ok_or("unreadable value")?;
        match uri.authority().map(|a| a.host()) {
            Some(Host::Ipv6 { addr, .. }) if addr == want => {}
            other => return Err(format!("value: expected {want}, got {other:?}")),
        }
    }
    Ok(())
}

#[test]
fn ipv6_vectors() {
    check_file("ipv6", check_ipv6);
}
