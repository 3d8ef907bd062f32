//! `peguri match`: which URI Template (RFC 6570) each URI matches, and the
//! variables whose expansion gives it.

use std::io::{self, Write};

use clap::Args;
use peguri::error::Excerpt;
use peguri::template::{Captures, TemplateSet, UriTemplate};
use peguri::{ParseError, UriRef};
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::common::for_the_command_line;
use crate::outcome::Outcome;
use crate::stream::{Records, StreamArgs};

/// Match URIs against URI Templates (RFC 6570, the reverse of
/// `template`): for each URI, the template it matches and the
/// variables whose expansion gives it, percent-decoded.
///
/// One JSON object per URI: `{"uri", "matched": true, "template",
/// "variables": {...}}` (lists and associative arrays as JSON arrays
/// and objects) or `{"uri", "matched": false}`; an input that is not a
/// URI reference gets `{"uri", "matched": false, "valid": false,
/// "error": {...}}` (the JSON holds the error: nothing goes to stderr
/// about each input). With several templates, a URI gets the one with the most literal
/// text, then the fewest variables, then the first given. Query
/// parameters may come in any order. With no URI arguments, reads one
/// URI per line from stdin. Exit code: 0 when every URI matched, 1 when
/// any did not or was not a URI reference, 2
/// for usage errors and for an invalid or ambiguous template (the
/// reason is shown; a template such as `{a}{b}` could give the same
/// URI from different values, so it is refused rather than guessed).
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri match -t 'file:///{+path}' -t 'search://emails{?query,start,end}' \\\n      \
    'search://emails?start=1&query=pest' 'file:///docs/a.md'\n  \
    peguri match -t '/users/{id}' -t '/users/{id}/repos{/path*}' < access-paths.txt\n  \
    peguri match -t '/users/{id}' -t '/users/me' /users/me /users/42")]
pub struct MatchArgs {
    /// A URI Template to match against (repeatable). With several, each
    /// URI gets the one with the most literal text, then the fewest
    /// variables, then the first given.
    #[arg(
        short = 't',
        long = "template",
        value_name = "TEMPLATE",
        required = true
    )]
    templates: Vec<String>,
    #[command(flatten)]
    stream: StreamArgs,
    /// URIs to match; stdin is read, one per line, when none is given.
    uris: Vec<String>,
}

/// One output line: `template` and `variables` only for a match, `valid`
/// and `error` only for an input that is no URI reference.
struct Line<'a> {
    uri: &'a str,
    matched: bool,
    template: Option<&'a str>,
    variables: Option<&'a Captures<'a>>,
    error: Option<&'a ParseError>,
}

impl Serialize for Line<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("uri", self.uri)?;
        map.serialize_entry("matched", &self.matched)?;
        if let Some(template) = self.template {
            map.serialize_entry("template", template)?;
        }
        if let Some(variables) = self.variables {
            map.serialize_entry("variables", variables)?;
        }
        if let Some(error) = self.error {
            map.serialize_entry("valid", &false)?;
            map.serialize_entry("error", error)?;
        }
        map.end()
    }
}

/// `what: message`, then the template's window with a caret under
/// `offset`, as every input is shown.
fn at_fault(what: &str, message: &str, template: &str, offset: usize) -> String {
    format!(
        "{what}: {message}\n{}",
        Excerpt::around(template, offset..offset)
    )
}

/// Matches each URI against the templates: one JSON object per URI. An
/// invalid or ambiguous template is a usage error, reported before any
/// URI is read.
pub fn run(args: &MatchArgs) -> io::Result<Outcome> {
    let mut set = TemplateSet::new();
    for text in &args.templates {
        let template = match UriTemplate::parse(text) {
            Ok(template) => template,
            Err(e) => {
                let message = at_fault("invalid URI Template", &e.to_string(), text, e.offset());
                return Ok(Outcome::Usage(message));
            }
        };
        if let Err(e) = set.insert(template) {
            let message = at_fault("ambiguous URI Template", &e.to_string(), text, e.offset());
            return Ok(Outcome::Usage(message));
        }
    }
    let mut out = Records::new(args.stream);
    let mut all_matched = true;
    crate::input::for_each_input(&args.uris, |uri| {
        // A template matches URI references: an input that is none is
        // reported as every command reports it, not as "no template".
        if let Err(error) = UriRef::parse(uri) {
            all_matched = false;
            let error = for_the_command_line(error);
            let line = Line {
                uri,
                matched: false,
                template: None,
                variables: None,
                error: Some(&error),
            };
            serde_json::to_writer(&mut out, &line)?;
            out.write_all(b"\n")?;
            return out.end_record();
        }
        let found = set.match_uri(uri);
        all_matched &= found.is_some();
        let line = Line {
            uri,
            matched: found.is_some(),
            template: found.as_ref().map(|m| m.template().as_str()),
            variables: found.as_ref().map(|m| m.variables()),
            error: None,
        };
        serde_json::to_writer(&mut out, &line)?;
        out.write_all(b"\n")?;
        out.end_record()
    })?;
    out.flush()?;
    Ok(Outcome::from_validity(all_matched))
}
