//! `dangerous-scheme`: references that run script when followed, which
//! HTML sanitizers remove from links (the OWASP Cross Site Scripting
//! Prevention Cheat Sheet, the OWASP Java HTML Sanitizer, DOMPurify).

use super::{Code, Collector, Finding, Severity};
use crate::syntax::layout::offset_in;
use crate::types::parsed::Parsed;
use alloc::format;

/// The media types of a `data:` URL that a browser renders as a document,
/// or runs as script: HTML, XHTML, SVG and XML documents (which can hold
/// scripts), and the JavaScript MIME types (the WHATWG MIME Sniffing
/// Standard, "JavaScript MIME type") and VBScript's.
pub(super) const SCRIPTABLE_MEDIA_TYPES: &[&str] = &[
    "text/html",
    "application/xhtml+xml",
    "image/svg+xml",
    "text/xml",
    "application/xml",
    "application/ecmascript",
    "application/javascript",
    "application/x-ecmascript",
    "application/x-javascript",
    "text/ecmascript",
    "text/javascript",
    "text/javascript1.0",
    "text/javascript1.1",
    "text/javascript1.2",
    "text/javascript1.3",
    "text/javascript1.4",
    "text/javascript1.5",
    "text/jscript",
    "text/livescript",
    "text/x-ecmascript",
    "text/x-javascript",
    "text/vbscript",
    "text/vbs",
];

/// The language a reference of `scheme` runs its text as: `javascript:`
/// and `vbscript:` (in any case).
pub(super) fn script_language(scheme: &str) -> Option<&'static str> {
    if scheme.eq_ignore_ascii_case("javascript") {
        Some("JavaScript")
    } else if scheme.eq_ignore_ascii_case("vbscript") {
        Some("VBScript")
    } else {
        None
    }
}

/// A `javascript:` or `vbscript:` reference, or a `data:` URL whose media
/// type is one of [`SCRIPTABLE_MEDIA_TYPES`].
pub(super) fn lint_dangerous_scheme(uri: &Parsed<'_>, findings: &mut Collector) {
    let Some(scheme) = uri.scheme() else {
        return;
    };
    let text = uri.as_str();
    let start = offset_in(text, scheme);
    let Some(language) = script_language(scheme) else {
        if scheme.eq_ignore_ascii_case("data") {
            lint_data(uri, start + scheme.len() + 1, findings);
        }
        return;
    };
    findings.add(Code::DangerousScheme, || Finding {
        code: Code::DangerousScheme,
        severity: Severity::Warning,
        section: "7",
        span: start..start + scheme.len(),
        message: format!(
            "a {}: reference runs its text as {language} in the page that follows it, and HTML \
             sanitizers remove such links (RFC 3986 section 7; OWASP Cross Site Scripting \
             Prevention Cheat Sheet)",
            scheme.to_ascii_lowercase()
        ),
    });
}

/// A `data:` URL read as the Fetch Standard's `data:` URL processor reads
/// it: its media type is the text after `data:` up to the first `,` (the
/// fragment left out; no `,`, no URL), and its essence the part before
/// the first `;`, compared without regard to case and without decoding
/// (`text%2Fhtml` is no media type, and is read as `text/plain`).
fn lint_data(uri: &Parsed<'_>, after_colon: usize, findings: &mut Collector) {
    let text = uri.as_str();
    let end = uri.fragment().map_or(text.len(), |fragment| {
        offset_in(text, fragment).saturating_sub(1)
    });
    let Some(body) = text.get(after_colon..end) else {
        return;
    };
    let Some(comma) = body.find(',') else {
        return;
    };
    let media_type = &body[..comma];
    let essence = media_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim_matches(|c: char| c.is_ascii_whitespace());
    let Some(known) = SCRIPTABLE_MEDIA_TYPES
        .iter()
        .find(|known| known.eq_ignore_ascii_case(essence))
    else {
        return;
    };
    let span_start = after_colon + offset_in(media_type, essence);
    findings.add(Code::DangerousScheme, || Finding {
        code: Code::DangerousScheme,
        severity: Severity::Warning,
        section: "7",
        span: span_start..span_start + essence.len(),
        message: format!(
            "a data: URL of media type {known} is a document or script a browser renders from \
             the link itself, which can run script (Fetch Standard, data: URL processor); HTML \
             sanitizers allow data: URLs only for images and media (RFC 3986 section 7; OWASP \
             Cross Site Scripting Prevention Cheat Sheet)"
        ),
    });
}
