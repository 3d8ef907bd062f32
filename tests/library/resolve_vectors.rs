//! The shared resolution and relativization vectors
//! (`../shared/testdata/resolve.json`, `relativize.json`), checked against
//! peguri with expected-failures files beside them.

use crate::common;

use common::{ExpectedFailures, Tally, is_false, str_field};
use peguri::{Normalizer, Resolver, Uri, UriRef};

/// The key of a resolve record in `tests/expected_failures/resolve.txt`:
/// the mode (if any), the base and the reference. A space cannot occur in
/// a URI, so the key is unambiguous.
fn resolve_key(mode: Option<&str>, base: &str, reference: &str) -> String {
    match mode {
        Some(mode) => format!("[{mode}] {base} + {reference}"),
        None => format!("{base} + {reference}"),
    }
}

/// Resolves one record: the result, or why there is none (a base that is
/// not a URI, or a reference that does not parse, counts as resolution
/// failing).
fn try_resolve(resolver: Resolver, base: &str, reference: &str) -> Result<String, String> {
    let b = Uri::parse(base).map_err(|e| format!("base: {e}"))?;
    let r = UriRef::parse(reference).map_err(|e| format!("reference: {e}"))?;
    Ok(resolver.resolve(&b, &r).into_string())
}

#[test]
fn resolve_json() {
    let Some(records) = common::shared_records("testdata/resolve.json") else {
        return;
    };
    let mut tally = Tally::new("resolve.json", ExpectedFailures::load("resolve"));
    for record in &records {
        let mode = str_field(record, "mode");
        // iri-string's `resolve_against(..).and_normalize()` is resolution
        // followed by syntax-based normalization (6.2.2).
        let then_normalize = mode == Some("resolve-then-normalize");
        let resolver = match mode {
            None | Some("resolve-then-normalize") => Resolver::new(),
            Some("non-strict") => Resolver::new().non_strict(true),
            // no-path-underflow (erratum 4547), relative-base: options of
            // other libraries that peguri does not have.
            Some(_) => {
                tally.leave_out();
                continue;
            }
        };
        if is_false(record, "rfc3986_conformant") {
            tally.leave_out();
            continue;
        }
        let base = str_field(record, "base").expect("every record has a base");
        let reference = str_field(record, "reference").expect("every record has a reference");
        let key = resolve_key(mode, base, reference);
        let mut got = try_resolve(resolver, base, reference);
        if then_normalize {
            got = got.map(|text| {
                let resolved = UriRef::parse(&text).expect("a resolution result parses");
                Normalizer::syntax().normalize(&resolved).into_string()
            });
        }
        let outcome = match (str_field(record, "expected"), got) {
            (Some(expected), Ok(got)) if got == expected => Ok(()),
            (Some(expected), Ok(got)) => Err(format!("expected {expected:?}, got {got:?}")),
            (Some(expected), Err(e)) => Err(format!("expected {expected:?}, got an error: {e}")),
            (None, Err(_)) => Ok(()),
            (None, Ok(got)) => Err(format!(
                "expected an error ({}), got {got:?}",
                str_field(record, "error").unwrap_or("no reason given")
            )),
        };
        tally.record(&key, outcome);
    }
    tally.finish();
}

/// The key of a relativize record: base and target.
fn relativize_key(base: &str, target: &str) -> String {
    format!("{base} -> {target}")
}

#[test]
fn relativize_json() {
    let Some(records) = common::shared_records("testdata/relativize.json") else {
        return;
    };
    let mut tally = Tally::new("relativize.json", ExpectedFailures::load("relativize"));
    let mut differ = Vec::new();
    for record in &records {
        // "domain-root" is a uriparser option (prefer "/path"), not peguri's.
        if record.get("mode").is_some() {
            tally.leave_out();
            continue;
        }
        let base = str_field(record, "base").expect("every record has a base");
        let target = str_field(record, "target").expect("every record has a target");
        let key = relativize_key(base, target);
        let outcome = check_relativize(base, target, str_field(record, "expected"));
        if let Ok(Some(note)) = &outcome {
            differ.push(format!("{key}: {note}"));
        }
        tally.record(&key, outcome.map(|_| ()));
    }
    if !differ.is_empty() {
        eprintln!(
            "relativize.json: {} answers differ from the vector but resolve back to the target \
             and are no longer:\n  {}",
            differ.len(),
            differ.join("\n  ")
        );
    }
    tally.finish();
}

/// Checks one record. `Ok(None)`: same answer as the vector; `Ok(Some(note))`:
/// a different answer that still resolves back to the target and is not
/// longer than the vector's.
fn check_relativize(
    base: &str,
    target: &str,
    expected: Option<&str>,
) -> Result<Option<String>, String> {
    // A base or target without a scheme has no relative reference: a
    // `Uri` is what `make_relative` takes.
    let parsed = Uri::parse(base)
        .map_err(|e| format!("base: {e}"))
        .and_then(|b| Ok((b, Uri::parse(target).map_err(|e| format!("target: {e}"))?)));
    let got = parsed
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|(b, t)| b.make_relative(t).map_err(|e| e.to_string()));
    let Some(expected) = expected else {
        return match got {
            Err(_) => Ok(None),
            Ok(r) => Err(format!("expected an error, got {:?}", r.as_str())),
        };
    };
    let r = got.map_err(|e| format!("expected {expected:?}, got an error: {e}"))?;
    let back = match &parsed {
        Ok((b, _)) => r.resolve_against(b),
        Err(e) => return Err(e.clone()),
    };
    if back.as_str() != target {
        return Err(format!(
            "{:?} resolves to {:?}, not to the target",
            r.as_str(),
            back.as_str()
        ));
    }
    if r.as_str() == expected {
        return Ok(None);
    }
    if r.as_str().len() > expected.len() {
        return Err(format!(
            "{:?} is longer than the vector's {expected:?}",
            r.as_str()
        ));
    }
    Ok(Some(format!("{:?} instead of {expected:?}", r.as_str())))
}
