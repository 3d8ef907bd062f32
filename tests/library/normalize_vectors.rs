//! Data-driven tests over `../shared/testdata/normalize.json`.
//!
//! Each kind is checked with the peguri operation that matches what the
//! source asserted:
//!
//! - `syntax`: [`normalize_syntax`] (6.2.2 and the empty port of 3.2.3);
//! - `case`, `percent-encoding`, `path-segments`: a [`Normalizer`] with only
//!   that step of 6.2.2 switched on;
//! - `percent-encoding-case`: only the uppercasing of triplet hex digits
//!   (the case step, on a reference without scheme or host);
//! - `remove_dot_segments`: RFC 3986 5.2.4 on a bare path, checked through
//!   the path-segment step on a URI that carries that path;
//! - `scheme`: [`normalize`] (6.2.2 and 6.2.3);
//! - `equivalence`, `equivalence-scheme`: [`equivalent`];
//!   `equivalence-syntax`: equality of [`normalize_syntax`] forms.
//!
//! A record whose note says the source writes IPv6 literals in RFC 5952's
//! canonical text is checked with that opt-in step switched on
//! ([`Normalizer::ipv6_canonical`]).
//!
//! A record with `component` asserts only that component, so only that
//! component of the result is compared; a bare component (`LOCALHOST`, a
//! scheme `htTp`, an authority) is put into a reference first.
//!
//! Records flagged `rfc3986_plain_6_2_2: false` or `rfc3986_conformant:
//! false` (the collector's own check found them outside RFC 3986) and the
//! kind `syntax-preserving-authorityless-relative-path` (an iri-string
//! operation that is not RFC 3986 normalization) are left out. Known
//! disagreements with peguri's documented choices are listed, with
//! reasons, in `tests/expected_failures/normalize.txt`.

use crate::common;

use peguri::{Normalizer, ParseOptions, UriRef, UriRefBuf};
use serde_json::Value;

fn key(record: &Value) -> String {
    let input = common::str_field(record, "input").unwrap_or_default();
    let kind = common::str_field(record, "kind").unwrap_or_default();
    match (
        common::str_field(record, "other"),
        common::str_field(record, "component"),
    ) {
        (Some(other), _) => format!("{kind} {input} <> {other}"),
        (None, Some(component)) => format!("{kind}/{component} {input}"),
        (None, None) => format!("{kind} {input}"),
    }
}

/// The operation a kind names.
fn normalizer_for(kind: &str) -> Option<Normalizer> {
    Some(match kind {
        "syntax" => Normalizer::syntax(),
        "scheme" => Normalizer::new(),
        "case" | "percent-encoding-case" => Normalizer::none().case(true),
        "percent-encoding" => Normalizer::none().percent_encoding(true),
        "path-segments" | "remove_dot_segments" => Normalizer::none().path_segments(true),
        _ => return None,
    })
}

/// Parses `text` as a reference that holds `component`, wrapping a bare
/// component as needed. Returns the reference text used.
fn as_reference(text: &str, component: Option<&str>) -> Result<UriRefBuf, String> {
    let parsed = parse_reference(text);
    let ok = |r: &UriRefBuf| match component {
        Some("scheme") => r.scheme().is_some(),
        Some("authority" | "host" | "userinfo" | "port") => r.authority().is_some(),
        _ => true,
    };
    if let Ok(r) = &parsed {
        if ok(r) {
            return Ok(r.clone());
        }
    }
    let wrapped = match component {
        Some("scheme") => format!("{text}:"),
        Some("authority" | "host" | "userinfo" | "port") => format!("//{text}"),
        _ => return parsed.map_err(|e| e.to_string()),
    };
    parse_reference(&wrapped).map_err(|e| e.to_string())
}

/// Parses strictly or, for text that only RFC 6874 makes valid (an IPv6
/// zone identifier), with zone identifiers allowed: normalization records
/// take their input as valid, and peguri normalizes zoned references too.
fn parse_reference(text: &str) -> Result<UriRefBuf, peguri::ParseError> {
    text.parse::<UriRefBuf>().or_else(|strict| {
        UriRef::parse_with(text, &ParseOptions::new().allow_zone_id(true))
            .map(|r| r.to_owned())
            .map_err(|_| strict)
    })
}

/// The part of `r` a record's `component` names.
fn component_of(r: &UriRefBuf, component: Option<&str>) -> Option<String> {
    let a = r.authority();
    match component {
        None => Some(r.as_str().to_owned()),
        Some("scheme") => r.scheme().map(str::to_owned),
        Some("authority") => a.map(|a| a.as_str().to_owned()),
        Some("host") => a.map(|a| a.host_str().to_owned()),
        Some("userinfo") => a.and_then(|a| a.userinfo()).map(str::to_owned),
        Some("port") => a.and_then(|a| a.port()).map(str::to_owned),
        Some("path") => Some(r.path().to_owned()),
        Some("query") => r.query().map(str::to_owned),
        Some("fragment") => r.fragment().map(str::to_owned),
        Some(other) => Some(format!("<unknown component {other}>")),
    }
}

fn check_normal_form(record: &Value) -> Result<(), String> {
    let input = common::str_field(record, "input").ok_or("no input")?;
    let expected = common::str_field(record, "expected").ok_or("no expected")?;
    let kind = common::str_field(record, "kind").ok_or("no kind")?;
    let component = common::str_field(record, "component");
    let normalizer = normalizer_for(kind).ok_or_else(|| format!("unknown kind {kind}"))?;
    let rfc_5952 = common::str_field(record, "note").is_some_and(|n| n.contains("RFC 5952"));
    let normalizer = normalizer.ipv6_canonical(rfc_5952);
    if kind == "remove_dot_segments" {
        return check_bare_path(input, expected, normalizer);
    }
    let reference = as_reference(input, component)?;
    let got = normalizer.normalize(&reference.borrow());
    let want = as_reference(expected, component)?;
    let (got_part, want_part) = (
        component_of(&got, component),
        component_of(&want, component),
    );
    if got_part == want_part {
        Ok(())
    } else {
        Err(format!(
            "normalized to {:?} ({got_part:?}), expected {expected:?} ({want_part:?})",
            got.as_str()
        ))
    }
}

/// 5.2.4 on a bare path: the path is put behind `s://h` (a path starting
/// with `/`) or `s:` (a rootless path), where peguri applies 5.2.4 as it
/// stands, and the result's path is compared.
fn check_bare_path(path: &str, expected: &str, normalizer: Normalizer) -> Result<(), String> {
    let container = if path.starts_with('/') || path.is_empty() {
        format!("s://h{path}")
    } else {
        format!("s:{path}")
    };
    let uri = UriRef::parse(&container).map_err(|e| e.to_string())?;
    let got = normalizer.normalize(&uri);
    if got.path() == expected {
        Ok(())
    } else {
        Err(format!(
            "path became {:?}, expected {expected:?}",
            got.path()
        ))
    }
}

fn check_equivalence(record: &Value) -> Result<(), String> {
    let input = common::str_field(record, "input").ok_or("no input")?;
    let other = common::str_field(record, "other").ok_or("no other")?;
    let kind = common::str_field(record, "kind").ok_or("no kind")?;
    let want = record
        .get("equivalent")
        .and_then(Value::as_bool)
        .ok_or("no equivalent")?;
    let a = UriRef::parse(input).map_err(|e| e.to_string())?;
    let b = UriRef::parse(other).map_err(|e| e.to_string())?;
    let (got, forms) = if kind == "equivalence-syntax" {
        let (na, nb) = (
            Normalizer::syntax().normalize(&a),
            Normalizer::syntax().normalize(&b),
        );
        (na == nb, (na, nb))
    } else {
        (a.equivalent(&b), (a.normalize(), b.normalize()))
    };
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "equivalent = {got}, expected {want} (normal forms {:?} and {:?})",
            forms.0.as_str(),
            forms.1.as_str()
        ))
    }
}

#[test]
fn normalize_json() {
    let Some(records) = common::shared_records("testdata/normalize.json") else {
        return;
    };
    let mut tally = common::Tally::new(
        "normalize.json",
        common::ExpectedFailures::load("normalize"),
    );
    for record in &records {
        let kind = common::str_field(record, "kind").unwrap_or_default();
        if common::is_false(record, "rfc3986_plain_6_2_2")
            || common::is_false(record, "rfc3986_conformant")
            || kind == "syntax-preserving-authorityless-relative-path"
        {
            tally.leave_out();
            continue;
        }
        let outcome = if kind.starts_with("equivalence") {
            check_equivalence(record)
        } else {
            check_normal_form(record)
        };
        tally.record(&key(record), outcome);
    }
    tally.finish();
}
