//! `unregistered-scheme` and `historical-scheme`: the scheme as the IANA
//! URI Schemes registry (RFC 7595) knows it, or does not.

use super::dangerous::script_language;
use super::{Code, Collector, Finding, Severity};
use crate::syntax::excerpt::Quoted;
use crate::syntax::layout::offset_in;
use crate::text::registry::{SchemeRegistry, SchemeStatus};
use crate::types::parsed::Parsed;
use alloc::format;

/// The registration of the reference's scheme: none (with the scheme it
/// is likely a slip of), or a historical one.
pub(super) fn lint_registration(
    uri: &Parsed<'_>,
    registry: &SchemeRegistry,
    findings: &mut Collector,
) {
    let Some(scheme) = uri.scheme() else {
        return;
    };
    let start = offset_in(uri.as_str(), scheme);
    let span = start..start + scheme.len();
    match registry.get(scheme) {
        Some(entry) if entry.status() == SchemeStatus::Historical => {
            findings.add(Code::HistoricalScheme, || Finding {
                code: Code::HistoricalScheme,
                severity: Severity::Warning,
                section: "3.1",
                span,
                message: format!(
                    "scheme \"{scheme}\" is registered as historical ({}, {}): it is no longer \
                     in common use or recommended, and clients are unlikely to support it \
                     (RFC 3986 section 3.1; RFC 7595 section 5)",
                    Quoted::new(entry.description()),
                    Quoted::new(entry.reference())
                ),
            });
        }
        Some(_) => {}
        // `dangerous-scheme` says what matters about these.
        None if script_language(scheme).is_some() => {}
        None => {
            let (severity, message) = match registry.near_miss(scheme) {
                Some(near) => (
                    Severity::Warning,
                    format!(
                        "scheme \"{scheme}\" is not registered; did you mean \"{}\" ({}, {}), \
                         one typing slip away? (RFC 3986 section 3.1; IANA URI Schemes \
                         registry, RFC 7595)",
                        near.name(),
                        Quoted::new(near.description()),
                        Quoted::new(near.reference())
                    ),
                ),
                None => (
                    Severity::Info,
                    format!(
                        "scheme \"{scheme}\" is not in the IANA URI Schemes registry: only the \
                         applications that define it know what it means (RFC 3986 section \
                         3.1; RFC 7595)"
                    ),
                ),
            };
            findings.add(Code::UnregisteredScheme, || Finding {
                code: Code::UnregisteredScheme,
                severity,
                section: "3.1",
                span,
                message,
            });
        }
    }
}
