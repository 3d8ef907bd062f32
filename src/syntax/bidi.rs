//! The characters peguri names itself, outside the grammars.

/// The bidirectional formatting characters. RFC 3987 section 4.1: "IRIs
/// MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE,
/// RLE, LRO, RLO, and PDF)"; section 3.2 leaves them percent-encoded when
/// converting a URI to an IRI. The grammar's `ucschar` admits them, so this
/// list is the one place where peguri names characters itself. It adds the
/// isolates LRI, RLI, FSI and PDI (U+2066 to U+2069), which Unicode 6.3
/// introduced after RFC 3987 and which are bidi formatting characters for
/// the same reason.
pub(crate) const BIDI_FORMATTING: [char; 11] = [
    '\u{200E}', // LEFT-TO-RIGHT MARK
    '\u{200F}', // RIGHT-TO-LEFT MARK
    '\u{202A}', // LEFT-TO-RIGHT EMBEDDING
    '\u{202B}', // RIGHT-TO-LEFT EMBEDDING
    '\u{202C}', // POP DIRECTIONAL FORMATTING
    '\u{202D}', // LEFT-TO-RIGHT OVERRIDE
    '\u{202E}', // RIGHT-TO-LEFT OVERRIDE
    '\u{2066}', // LEFT-TO-RIGHT ISOLATE
    '\u{2067}', // RIGHT-TO-LEFT ISOLATE
    '\u{2068}', // FIRST STRONG ISOLATE
    '\u{2069}', // POP DIRECTIONAL ISOLATE
];
