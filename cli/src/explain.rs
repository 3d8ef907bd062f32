//! `peguri explain`: the component diagram of each URI reference.

use std::io::{self, Write};

use peguri::Explainer;

use crate::common::{IriHint, Reference, SyntaxArgs};

/// Prints the diagram of each input (arguments, or stdin lines when there
/// are none), a blank line between two diagrams; an invalid input gets the
/// caret error on stderr instead. Returns whether all inputs were valid.
pub(crate) fn run(uris: &[String], ascii: bool, syntax: &SyntaxArgs) -> io::Result<bool> {
    // Columns as a terminal draws them; the reference holds no control
    // character, which has no width.
    let explainer = Explainer::new()
        .ascii(ascii)
        .char_width(|c| unicode_width::UnicodeWidthChar::width(c).unwrap_or(1));
    let mut out = crate::common::stdout();
    let mut all_valid = true;
    let mut first = true;
    let mut hint = IriHint::default();
    crate::input::for_each_input_bytes(uris, |line| {
        let text = syntax.text(line);
        let diagram = match &text {
            Ok(input) => syntax.parse(input).map(|parsed| match parsed {
                Reference::Uri(uri) => explainer.explain(&uri),
                Reference::IriRef(iri) => explainer.explain_iri(&iri),
            }),
            Err(bad) => Err(bad.error.clone()),
        };
        match diagram {
            Ok(diagram) => {
                if !first {
                    out.write_all(b"\n")?;
                }
                first = false;
                out.write_all(diagram.as_bytes())
            }
            Err(err) => {
                all_valid = false;
                // Keep stdout and stderr in order for a terminal.
                out.flush()?;
                eprintln!("{err}");
                if let Ok(input) = text {
                    hint.after_error(syntax, input);
                }
                Ok(())
            }
        }
    })?;
    out.flush()?;
    Ok(all_valid)
}
