//! `peguri resolve` and `peguri relative`: RFC 3986 section 5 on the
//! command line (RFC 3987 section 6.5 with `--iri`).

use std::fmt::Display;
use std::io::{self, Write};

use clap::Args;
use peguri::{Iri, Resolver, Uri};
use serde::Serialize;

use crate::common::{IriHint, Lines, Reference, SyntaxArgs};
use crate::outcome::Outcome;
use crate::stream::StreamArgs;

/// Resolve references against a base URI (RFC 3986 section 5.2); print
/// one URI per line.
///
/// With no REF arguments, reads one reference per line from stdin. One
/// line per input: the resolved URI, or `<invalid>` for an invalid
/// reference (its error goes to stderr); with --json, one object per
/// input, the error in it and not on stderr. Exit code: 0 when every input is valid, 1 when any is invalid
/// (or the base is; then nothing is read), 2 for usage errors.
#[derive(Args)]
#[command(
    after_help = "Example:\n  peguri resolve http://a/b/c/d ../g ?y '#s'\n  peguri resolve https://example.com/docs/ < links.txt\n  peguri resolve --iri 'http://例え.jp/文書/' ../画像.png"
)]
pub struct ResolveArgs {
    /// Resolve a reference whose scheme equals the base's as if it had
    /// none (the backward-compatible rule of RFC 3986 section 5.2.2).
    #[arg(long)]
    non_strict: bool,
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Print one JSON object per input: `{"input", "valid": true,
    /// "resolved"}` or `{"input", "valid": false, "error"}`; for an
    /// invalid or relative base, one object `{"base", "valid": false,
    /// "error"}` and nothing else.
    #[arg(long)]
    json: bool,
    /// Say nothing on stderr about each invalid reference; end with one
    /// line counting them.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    stream: StreamArgs,
    /// The base URI (it must have a scheme).
    base: String,
    /// References to resolve; stdin is read when none is given.
    references: Vec<String>,
}

/// Print, for each target URI, the shortest reference that resolves to
/// it against the base; one per line.
///
/// With no TARGET arguments, reads one target per line from stdin. One
/// line per input: the reference, or `<invalid>` for an invalid target
/// or one that no reference reaches (the error goes to stderr); with
/// --json, one object per input. Exit code: 0 when every input is
/// valid, 1 when any is invalid, 2 for usage errors.
#[derive(Args)]
#[command(after_help = "Example:\n  peguri relative http://a/b/c/d http://a/b/e http://a/x")]
pub struct RelativeArgs {
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Print one JSON object per input: `{"input", "valid": true,
    /// "relative"}` or `{"input", "valid": false, "error"}`; for an
    /// invalid or relative base, one object `{"base", "valid": false,
    /// "error"}` and nothing else.
    #[arg(long)]
    json: bool,
    /// Say nothing on stderr about each invalid target or one without a
    /// reference; end with one line counting them.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    stream: StreamArgs,
    /// The base URI (it must have a scheme).
    base: String,
    /// Target URIs; stdin is read when none is given.
    targets: Vec<String>,
}

/// A base parsed with the command's grammar, which has a scheme.
#[derive(Clone, Copy)]
enum Base<'a> {
    Uri(Uri<'a>),
    Iri(Iri<'a>),
}

/// Why a base or a target without a scheme cannot be used, in the words of
/// the command's operation: `{"offset", "column", "expected", "message"}`
/// as a parse error's object, and the message with the text and a caret.
struct NoScheme<'a> {
    text: &'a str,
    message: &'static str,
}

impl<'a> NoScheme<'a> {
    fn base(text: &'a str, making_relative: bool) -> Self {
        let message = if making_relative {
            "cannot make a reference relative to a relative reference: a base URI must start \
             with a scheme (RFC 3986 section 5.2.1)"
        } else {
            "cannot resolve against a relative reference: a base URI must start with a scheme \
             (RFC 3986 section 5.2.1)"
        };
        NoScheme { text, message }
    }

    fn target(text: &'a str) -> Self {
        NoScheme {
            text,
            message: "cannot make a reference to a relative reference: the target must start \
                      with a scheme",
        }
    }
}

impl Display for NoScheme<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let excerpt = peguri::error::Excerpt::around(self.text, 0..0);
        write!(f, "{}\n{excerpt}", self.message)
    }
}

impl Serialize for NoScheme<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("NoScheme", 4)?;
        st.serialize_field("offset", &0)?;
        st.serialize_field("column", &1)?;
        st.serialize_field("expected", &[] as &[&str])?;
        st.serialize_field("message", self.message)?;
        st.end()
    }
}

/// Parses the base; on failure reports it on stderr (with `--json`, also
/// as `{"base", "valid": false, "error"}` on stdout) and gives `None`.
fn parse_base<'a>(
    syntax: &SyntaxArgs,
    json: bool,
    base: &'a str,
    making_relative: bool,
) -> io::Result<Option<Base<'a>>> {
    let parsed = match syntax.parse(base) {
        Ok(parsed) => parsed,
        Err(err) => {
            refuse_base(json, base, &err)?;
            IriHint::default().after_error(syntax, base);
            return Ok(None);
        }
    };
    // A base has a scheme; a relative one is refused in the words of the
    // command's operation.
    let with_scheme = match parsed {
        Reference::Uri(b) => Uri::try_from(b).ok().map(Base::Uri),
        Reference::IriRef(b) => Iri::try_from(b).ok().map(Base::Iri),
    };
    if with_scheme.is_none() {
        refuse_base(json, base, &NoScheme::base(base, making_relative))?;
    }
    Ok(with_scheme)
}

/// Why the base cannot be used: on stderr, and with `--json` as one object
/// on stdout, `{"base", "valid": false, "error"}` (the error as `parse`
/// writes it), so that a reader of stdout learns why nothing follows.
fn refuse_base(json: bool, base: &str, error: &(impl Serialize + Display)) -> io::Result<()> {
    if json {
        struct Refused<'a, E>(&'a str, &'a E);
        impl<E: Serialize> Serialize for Refused<'_, E> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeStruct;
                let mut st = s.serialize_struct("Refused", 3)?;
                st.serialize_field("base", self.0)?;
                st.serialize_field("valid", &false)?;
                st.serialize_field("error", self.1)?;
                st.end()
            }
        }
        let mut out = crate::common::stdout();
        serde_json::to_writer(&mut out, &Refused(base, error))?;
        out.write_all(b"\n")?;
        out.flush()?;
    }
    crate::common::report(error);
    Ok(())
}

/// `peguri resolve [--non-strict] [--iri] [--allow-zone-id] [--json] BASE [REF...]`.
pub fn resolve(args: &ResolveArgs) -> io::Result<Outcome> {
    let resolver = Resolver::new().non_strict(args.non_strict);
    let Some(base) = parse_base(&args.syntax, args.json, &args.base, false)? else {
        return Ok(Outcome::Invalid);
    };
    let arguments = !args.references.is_empty();
    let mut lines = Lines::new(args.json, args.syntax, args.stream, args.quiet, arguments);
    crate::input::for_each_input_bytes(&args.references, |line| {
        let input = match args.syntax.text(line) {
            Ok(input) => input,
            Err(bad) => return lines.invalid(&bad.shown, &bad.error),
        };
        let reference = match args.syntax.parse(input) {
            Ok(reference) => reference,
            Err(error) => return lines.invalid(input, &error),
        };
        // The resolved text, and whether it is the base's document
        // (section 4.4): the same text, fragments aside.
        let (resolved, same) = match (base, reference) {
            (Base::Uri(base), Reference::Uri(r)) => {
                let u = resolver.resolve(&base, &r);
                let same = without_fragment(u.as_str(), u.fragment())
                    == without_fragment(base.as_str(), base.fragment());
                (u.into_string(), same)
            }
            (Base::Iri(base), Reference::IriRef(r)) => {
                let i = resolver.resolve(&base, &r);
                let same = without_fragment(i.as_str(), i.fragment())
                    == without_fragment(base.as_str(), base.fragment());
                (i.into_string(), same)
            }
            _ => unreachable!("the base and the references follow the same grammar"),
        };
        lines.valid_with(input, "resolved", &resolved, ("same_document", same))
    })?;
    Ok(Outcome::from_validity(lines.finish()?))
}

/// A reference's text without its fragment (and `#`), given the fragment
/// its parse found.
fn without_fragment<'t>(text: &'t str, fragment: Option<&str>) -> &'t str {
    fragment.map_or(text, |f| &text[..text.len() - f.len() - 1])
}

/// `peguri relative [--iri] [--allow-zone-id] [--json] BASE TARGET...`.
pub fn relative(args: &RelativeArgs) -> io::Result<Outcome> {
    let Some(base) = parse_base(&args.syntax, args.json, &args.base, true)? else {
        return Ok(Outcome::Invalid);
    };
    let arguments = !args.targets.is_empty();
    let mut lines = Lines::new(args.json, args.syntax, args.stream, args.quiet, arguments);
    crate::input::for_each_input_bytes(&args.targets, |line| {
        let input = match args.syntax.text(line) {
            Ok(input) => input,
            Err(bad) => return lines.invalid(&bad.shown, &bad.error),
        };
        let target = match args.syntax.parse(input) {
            Ok(target) => target,
            Err(error) => return lines.invalid(input, &error),
        };
        let relative = match (base, target) {
            (Base::Uri(base), Reference::Uri(t)) => match Uri::try_from(t) {
                Ok(t) => base.make_relative(&t).map(|r| r.into_string()),
                Err(_) => return lines.invalid(input, &NoScheme::target(input)),
            },
            (Base::Iri(base), Reference::IriRef(t)) => match Iri::try_from(t) {
                Ok(t) => base.make_relative(&t).map(|r| r.into_string()),
                Err(_) => return lines.invalid(input, &NoScheme::target(input)),
            },
            _ => unreachable!("the base and the targets follow the same grammar"),
        };
        match relative {
            Ok(relative) => lines.valid(input, "relative", &relative),
            Err(error) => lines.invalid(input, &error),
        }
    })?;
    Ok(Outcome::from_validity(lines.finish()?))
}
