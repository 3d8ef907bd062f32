//! Data-driven tests over the shared IRI vectors, `iri.json` (RFC 3987).
//!
//! Checked kinds:
//! - `validity`: every asserted `valid_iri`, `valid_iri_reference`,
//!   `valid_uri` and `valid_uri_reference`;
//! - `parse`: validity and the asserted components;
//! - `iri-to-uri`: [`IriRef::to_uri`] (section 3.1), whose result must also
//!   parse as a URI reference;
//! - `iri-to-uri-idna`: [`IriRef::to_uri_idna`] (section 3.1 with UTS 46
//!   ToASCII for the host; feature `idna`), whose result must also parse as
//!   a URI reference; a record that expects an error expects ToASCII to
//!   fail;
//! - `uri-to-iri-normalize`: `to_iri` (section 3.2) on inputs that
//!   are otherwise already normal.
//!
//! Left out, as they belong to IRI normalization and resolution:
//! `iri-normalize` and `iri-resolve-then-normalize`. Any other disagreement
//! is listed, with its reason, in `tests/expected_failures/iri.txt`.

use crate::common;

use common::{ExpectedFailures, Tally, shared_records, str_field};
use peguri::{Iri, IriRef, Normalizer, Resolver, Uri, UriRef};
use serde_json::Value;

/// Whether a string parses as some rule.
type Parses = fn(&str) -> bool;

/// Each validity flag a record may assert, and the parse that checks it.
const VALIDITY: [(&str, Parses); 4] = [
    ("valid_iri", |s| Iri::parse(s).is_ok()),
    ("valid_iri_reference", |s| IriRef::parse(s).is_ok()),
    ("valid_uri", |s| Uri::parse(s).is_ok()),
    ("valid_uri_reference", |s| UriRef::parse(s).is_ok()),
];

const COMPONENTS: [&str; 7] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

fn check_validity(input: &str, record: &Value) -> Result<(), String> {
    let mut asserted = 0;
    for (flag, parses) in VALIDITY {
        let Some(expected) = record.get(flag).and_then(Value::as_bool) else {
            continue;
        };
        asserted += 1;
        if parses(input) != expected {
            return Err(format!("{flag} should be {expected}"));
        }
    }
    if asserted == 0 {
        return Err("the record asserts no validity flag".to_owned());
    }
    Ok(())
}

fn component<'a>(iri: &IriRef<'a>, name: &str) -> Option<&'a str> {
    let authority = iri.authority();
    match name {
        "scheme" => iri.scheme(),
        "userinfo" => authority.and_then(|a| a.userinfo()),
        "host" => authority.map(|a| a.host_str()),
        "port" => authority.and_then(|a| a.port()),
        "path" => Some(iri.path()),
        "query" => iri.query(),
        "fragment" => iri.fragment(),
        _ => None,
    }
}

fn check_parse(input: &str, record: &Value) -> Result<(), String> {
    check_validity(input, record)?;
    let iri = IriRef::parse(input).map_err(|e| e.to_string())?;
    for name in COMPONENTS {
        let Some(expected) = record.get(name) else {
            continue;
        };
        let got = component(&iri, name);
        if got != expected.as_str() {
            return Err(format!("{name}: got {got:?}, expected {expected}"));
        }
    }
    Ok(())
}

fn check_to_uri(input: &str, record: &Value) -> Result<(), String> {
    let expected = record.get("expected").and_then(Value::as_str);
    let iri = IriRef::parse(input).map_err(|e| format!("not an IRI reference: {e}"))?;
    let uri = iri.to_uri();
    UriRef::parse(uri.as_str()).map_err(|e| format!("to_uri gave no URI reference: {e}"))?;
    match expected {
        Some(expected) if uri.as_str() == expected => Ok(()),
        Some(expected) => Err(format!(
            "to_uri gave {:?}, expected {expected:?}",
            uri.as_str()
        )),
        None => Err(format!(
            "the source expects an error ({}), to_uri gave {:?}",
            str_field(record, "error").unwrap_or("no reason given"),
            uri.as_str()
        )),
    }
}

#[cfg(feature = "idna")]
fn check_to_uri_idna(input: &str, record: &Value) -> Result<(), String> {
    let expected = record.get("expected").and_then(Value::as_str);
    let iri = IriRef::parse(input).map_err(|e| format!("not an IRI reference: {e}"))?;
    match (iri.to_uri_idna(), expected) {
        (Ok(uri), Some(expected)) if uri.as_str() == expected => {
            UriRef::parse(uri.as_str())
                .map_err(|e| format!("to_uri_idna gave no URI reference: {e}"))?;
            Ok(())
        }
        (Ok(uri), Some(expected)) => Err(format!(
            "to_uri_idna gave {:?}, expected {expected:?}",
            uri.as_str()
        )),
        (Ok(uri), None) => Err(format!(
            "the source expects an error ({}), to_uri_idna gave {:?}",
            str_field(record, "error").unwrap_or("no reason given"),
            uri.as_str()
        )),
        (Err(_), None) => Ok(()),
        (Err(e), Some(expected)) => Err(format!("to_uri_idna failed ({e}), expected {expected:?}")),
    }
}

/// Without IDNA, only the records whose host is ASCII (or not a
/// registered name) can be checked: [`IriRef::to_uri`] gives them the same.
#[cfg(not(feature = "idna"))]
fn check_to_uri_idna(input: &str, record: &Value) -> Result<(), String> {
    check_to_uri(input, record)
}

#[cfg(not(feature = "idna"))]
fn host_is_ascii(input: &str) -> bool {
    match IriRef::parse(input) {
        Ok(iri) => iri.authority().is_none_or(|a| {
            a.host_str().is_ascii() || !matches!(a.host(), peguri::Host::RegName(_))
        }),
        Err(_) => false,
    }
}

#[cfg(feature = "idna")]
fn host_is_ascii(_: &str) -> bool {
    true
}

fn check_uri_to_iri(input: &str, record: &Value) -> Result<(), String> {
    let expected = str_field(record, "expected").ok_or("no expected value")?;
    let uri = UriRef::parse(input).map_err(|e| format!("not a URI reference: {e}"))?;
    let shown = uri.to_iri();
    IriRef::parse(shown.as_str()).map_err(|e| format!("to_iri gave no IRI reference: {e}"))?;
    if shown == expected {
        Ok(())
    } else {
        Err(format!("to_iri gave {shown:?}, expected {expected:?}"))
    }
}

/// The peers' IRI normalization (fluent-uri's `normalize`, iri-string's
/// `normalize`) is syntax-based: RFC 3987 5.3.2 without scheme-based steps.
const IRI_NORMALIZER: Normalizer = Normalizer::syntax();

fn check_iri_normalize(input: &str, record: &Value) -> Result<(), String> {
    let expected = str_field(record, "expected").ok_or("no expected value")?;
    let iri = IriRef::parse(input).map_err(|e| format!("not an IRI reference: {e}"))?;
    let normal = IRI_NORMALIZER.normalize(&iri);
    let again = IRI_NORMALIZER.normalize(&normal.borrow());
    if normal != expected {
        Err(format!(
            "normalized to {:?}, expected {expected:?}",
            normal.as_str()
        ))
    } else if again != normal {
        Err(format!(
            "not idempotent: {:?} then {:?}",
            normal.as_str(),
            again.as_str()
        ))
    } else {
        Ok(())
    }
}

fn check_resolve_then_normalize(base: &str, reference: &str, record: &Value) -> Result<(), String> {
    let expected = str_field(record, "expected").ok_or("no expected value")?;
    let base = Iri::parse(base).map_err(|e| format!("base: {e}"))?;
    let reference = IriRef::parse(reference).map_err(|e| format!("reference: {e}"))?;
    let resolved = Resolver::new().resolve(&base, &reference);
    let normal = IRI_NORMALIZER.normalize(&resolved);
    if normal == expected {
        Ok(())
    } else {
        Err(format!("gave {:?}, expected {expected:?}", normal.as_str()))
    }
}

#[test]
fn iri_json() {
    let Some(records) = shared_records("testdata/iri.json") else {
        return;
    };
    let mut tally = Tally::new("iri.json", ExpectedFailures::load("iri"));
    for record in &records {
        let kind = str_field(record, "kind").unwrap_or_default();
        let Some(input) = str_field(record, "input") else {
            // Resolution records have a base and a reference instead.
            let (Some(base), Some(reference)) =
                (str_field(record, "base"), str_field(record, "reference"))
            else {
                tally.leave_out();
                continue;
            };
            let key = format!("{kind} {base} + {reference}");
            let outcome = match kind {
                "iri-resolve-then-normalize" => {
                    check_resolve_then_normalize(base, reference, record)
                }
                _ => {
                    tally.leave_out();
                    continue;
                }
            };
            tally.record(&key, outcome);
            continue;
        };
        let key = format!("{kind} {input}");
        let outcome = match kind {
            "validity" => check_validity(input, record),
            "parse" => check_parse(input, record),
            "iri-to-uri" => check_to_uri(input, record),
            "iri-to-uri-idna" if host_is_ascii(input) => check_to_uri_idna(input, record),
            "uri-to-iri-normalize" => check_uri_to_iri(input, record),
            "iri-normalize" => check_iri_normalize(input, record),
            _ => {
                tally.leave_out();
                continue;
            }
        };
        tally.record(&key, outcome);
    }
    tally.finish();
}
