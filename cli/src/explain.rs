//! `peguri explain`: the component diagram of each URI reference.

use std::borrow::Cow;
use std::io::{self, Write};

use clap::Args;
use peguri::explain::Explainer;

use crate::common::{Reference, SyntaxArgs};
use crate::outcome::Outcome;
use crate::stream::{Diagnostics, Records, Say, StreamArgs};

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
/// (pipe them to `less -S`). An invalid input is drawn up to its error:
/// the components the grammar read before it, then a caret under it with
/// the message. With no URI arguments, reads one per line from stdin.
/// Exit code: 0 when every input is valid, 1 when any is invalid, 2 for
/// usage errors.
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
    /// (RFC 3966 section 3), and the parts of sip, tag, acct, xmpp, sms,
    /// about, cid, mid, ftp, ldap, ni, nih, news and nntp URIs
    /// (docs/schemes.md). A reference that breaks its scheme's syntax is
    /// drawn without them.
    #[arg(long)]
    scheme_parts: bool,
    #[command(flatten)]
    syntax: SyntaxArgs,
    #[command(flatten)]
    stream: StreamArgs,
    /// URI references to draw; stdin is read when none is given.
    uris: Vec<String>,
}

/// Prints the diagram of each input (arguments, or stdin lines when there
/// are none), a blank line between two diagrams; an invalid input's
/// diagram ends with the caret under its error.
pub fn run(args: &ExplainArgs) -> io::Result<Outcome> {
    let syntax = &args.syntax;
    // Columns as a terminal draws them; a control character, which has no
    // width, is drawn as U+FFFD.
    let explainer = Explainer::new()
        .ascii(args.ascii)
        .scheme_parts(args.scheme_parts)
        .char_width(|c| unicode_width::UnicodeWidthChar::width(c).unwrap_or(1));
    crate::input::note_file_arguments("explain", &args.uris);
    let mut out = Records::new(args.stream);
    let mut diagnostics = Diagnostics::new(Say::Each, !args.uris.is_empty());
    crate::input::for_each_input_bytes(&args.uris, |line| {
        if diagnostics.current() > 0 {
            out.write_all(b"\n")?;
        }
        diagnostics.input();
        let (input, parsed) = match syntax.text(line) {
            Ok(input) => (Cow::Borrowed(input), syntax.parse(input)),
            Err(bad) => (Cow::Owned(bad.shown), Err(bad.error)),
        };
        match parsed {
            Ok(Reference::Uri(uri)) => out.write_all(explainer.explain(&uri).as_bytes())?,
            Ok(Reference::IriRef(iri)) => out.write_all(explainer.explain(&iri).as_bytes())?,
            Err(error) => {
                out.write_all(explainer.explain_error(&input, &error).as_bytes())?;
                out.end_record()?;
                // The diagram shows the error: only the count remains.
                diagnostics.count_invalid();
                return diagnostics.iri_hint(&mut out, syntax, &input);
            }
        }
        out.end_record()
    })?;
    Ok(Outcome::from_validity(diagnostics.finish(out, &[])?))
}
