//! `peguri explain`: the component diagram of each URI reference.

use std::io::{self, Write};

use clap::Args;
use peguri::Explainer;

use crate::common::{IriHint, Reference, SyntaxArgs};
use crate::outcome::Outcome;

/// Draw each URI reference with a labelled bracket under or over each
/// component.
///
/// Scheme, user information, host, port, query and fragment are below
/// the reference; authority, path and the hierarchical (or relative)
/// part above it. An empty component is marked with `│` where it would
/// start; an absent one is not drawn. Each label stays within two
/// columns of its tick: the labels of a crowded row are stacked, each
/// at its tick. Widths are the columns a terminal draws (two for most
/// CJK characters). Lines are not wrapped: a long URI gives long lines
/// (pipe them to `less -S`). With no URI arguments, reads one per line
/// from stdin. Exit code: 0 when every input is valid, 1 when any is
/// invalid (its error goes to stderr), 2 for usage errors.
#[derive(Args)]
#[command(
    after_help = "Example:\n  peguri explain 'abc://username:password@example.com:123/path/file?key=value#fragid1'\n  peguri explain --ascii 'http://[::1]:8080/'\n  peguri explain --iri 'http://bücher.example/straße'\n  peguri explain --scheme-parts 'urn:example:animal:ferret:nose'"
)]
pub struct ExplainArgs {
    /// Draw with ASCII instead of box-drawing characters: corners `.`
    /// (above) and `'` (below), lines `-`, ticks `+`, markers `|`.
    #[arg(long)]
    ascii: bool,
    /// Also draw, below, the parts the scheme's own syntax defines: a
    /// URN's NID and NSS (RFC 8141 section 2), a data URL's media type
    /// and data (RFC 2397 section 3), a tel URI's number and parameters
    /// (RFC 3966 section 3). A reference that breaks its scheme's syntax
    /// is drawn without them.
    #[arg(long)]
    scheme_parts: bool,
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// URI references to draw; stdin is read when none is given.
    uris: Vec<String>,
}

/// Prints the diagram of each input (arguments, or stdin lines when there
/// are none), a blank line between two diagrams; an invalid input gets the
/// caret error on stderr instead.
pub fn run(args: &ExplainArgs) -> io::Result<Outcome> {
    let syntax = &args.syntax;
    // Columns as a terminal draws them; the reference holds no control
    // character, which has no width.
    let explainer = Explainer::new()
        .ascii(args.ascii)
        .scheme_parts(args.scheme_parts)
        .char_width(|c| unicode_width::UnicodeWidthChar::width(c).unwrap_or(1));
    let mut out = crate::common::stdout();
    let mut all_valid = true;
    let mut first = true;
    let mut hint = IriHint::default();
    crate::input::for_each_input_bytes(&args.uris, |line| {
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
                crate::common::report(&err);
                if let Ok(input) = text {
                    hint.after_error(syntax, input);
                }
                Ok(())
            }
        }
    })?;
    out.flush()?;
    Ok(Outcome::from_validity(all_valid))
}
