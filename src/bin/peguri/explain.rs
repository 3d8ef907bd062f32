//! `peguri explain`: the component diagram of each URI reference.

use std::io::{self, BufWriter, Write};

use peguri::{Explainer, Iri, UriRef};

/// Prints the diagram of each input (arguments, or stdin lines when there
/// are none), a blank line between two diagrams; an invalid input gets the
/// caret error on stderr instead. Returns whether all inputs were valid.
pub(crate) fn run(uris: &[String], ascii: bool, iri: bool) -> io::Result<bool> {
    let explainer = Explainer::new().ascii(ascii);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_valid = true;
    let mut first = true;
    crate::for_each_input(uris, |input| {
        let diagram = if iri {
            Iri::parse(input).map(|iri| explainer.explain_iri(&iri))
        } else {
            UriRef::parse(input).map(|uri| explainer.explain(&uri))
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
                Ok(())
            }
        }
    })?;
    out.flush()?;
    Ok(all_valid)
}
