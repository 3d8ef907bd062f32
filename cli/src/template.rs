//! `peguri template`: expands URI Templates (RFC 6570) with variables
//! given on the command line.

use std::collections::BTreeMap;
use std::io::{self, Write};

use clap::Args;
use peguri::Excerpt;
use peguri::template::{UriTemplate, Value};

use crate::Outcome;

#[derive(Args)]
pub struct TemplateArgs {
    /// Templates to expand; stdin is read, one per line, when none is given.
    templates: Vec<String>,
    /// A string variable (repeatable).
    #[arg(long = "var", value_name = "NAME=VALUE")]
    vars: Vec<String>,
    /// Appends one item to a list variable (repeat for more items, in
    /// order).
    #[arg(long = "list", value_name = "NAME=ITEM")]
    lists: Vec<String>,
    /// Appends one (key, value) pair to an associative array variable
    /// (repeat for more pairs, in order).
    #[arg(long = "map", value_name = "NAME=KEY=VALUE")]
    maps: Vec<String>,
    /// Variables as one JSON object: strings, arrays of strings, objects
    /// of strings (numbers and booleans are taken as their text, null as
    /// undefined). The options above add to it and replace its names.
    #[arg(long, value_name = "JSON")]
    json: Option<String>,
}

/// The kind of value a command-line option gave a name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    String,
    List,
    Map,
}

impl Kind {
    fn option(self) -> &'static str {
        match self {
            Kind::String => "--var",
            Kind::List => "--list",
            Kind::Map => "--map",
        }
    }
}

/// The variables the options give, or a usage error.
fn variables(args: &TemplateArgs) -> Result<BTreeMap<String, Value<'static>>, String> {
    let mut vars = BTreeMap::new();
    if let Some(json) = &args.json {
        let parsed: BTreeMap<String, Option<Value<'static>>> =
            serde_json::from_str(json).map_err(|e| format!("--json: {e}"))?;
        vars.extend(parsed.into_iter().filter_map(|(k, v)| Some((k, v?))));
    }
    let mut kinds: BTreeMap<String, Kind> = BTreeMap::new();
    let mut claim = |name: &str, kind: Kind, vars: &mut BTreeMap<String, Value<'static>>| {
        match kinds.insert(name.to_owned(), kind) {
            Some(previous) if previous != kind => Err(format!(
                "variable {name:?} is given by both {} and {}",
                previous.option(),
                kind.option()
            )),
            Some(_) => Ok(()),
            None => {
                // The first option for a name replaces what --json gave it.
                vars.remove(name);
                Ok(())
            }
        }
    };
    let split = |option: &str, given: &str| -> Result<(String, String), String> {
        match given.split_once('=') {
            Some((name, rest)) if !name.is_empty() => Ok((name.to_owned(), rest.to_owned())),
            _ => Err(format!("{option} {given:?}: expected NAME=...")),
        }
    };
    for given in &args.vars {
        let (name, value) = split("--var", given)?;
        claim(&name, Kind::String, &mut vars)?;
        if vars.contains_key(&name) {
            return Err(format!("variable {name:?} is given twice by --var"));
        }
        vars.insert(name, Value::from(value));
    }
    for given in &args.lists {
        let (name, item) = split("--list", given)?;
        claim(&name, Kind::List, &mut vars)?;
        match vars.entry(name).or_insert_with(|| Value::List(Vec::new())) {
            Value::List(items) => items.push(item.into()),
            _ => unreachable!("a name claimed by --list holds a list"),
        }
    }
    for given in &args.maps {
        let (name, pair) = split("--map", given)?;
        let Some((key, value)) = pair.split_once('=') else {
            return Err(format!("--map {given:?}: expected NAME=KEY=VALUE"));
        };
        claim(&name, Kind::Map, &mut vars)?;
        match vars.entry(name).or_insert_with(|| Value::Map(Vec::new())) {
            Value::Map(pairs) => pairs.push((key.to_owned().into(), value.to_owned().into())),
            _ => unreachable!("a name claimed by --map holds a map"),
        }
    }
    Ok(vars)
}

/// Expands each template, one line each. An invalid template is reported
/// on stderr with a caret, and its output line is the marker
/// [`INVALID`](crate::common::INVALID) (an empty line is what an empty
/// template expands to).
pub fn run(args: &TemplateArgs) -> io::Result<Outcome> {
    let vars = match variables(args) {
        Ok(vars) => vars,
        Err(message) => return Ok(Outcome::Usage(message)),
    };
    let mut out = crate::stdout();
    let mut all_valid = true;
    crate::for_each_input(&args.templates, |template| {
        let expanded = UriTemplate::parse(template).and_then(|t| t.expand(&vars));
        match expanded {
            Ok(uri) => writeln!(out, "{uri}"),
            Err(e) => {
                all_valid = false;
                writeln!(out, "{}", crate::common::INVALID)?;
                // Keep stdout and stderr in order for a reader of both.
                out.flush()?;
                // The window around the spot, control characters replaced.
                let excerpt = Excerpt::around(template, e.offset()..e.offset());
                eprintln!("invalid URI Template: {e}\n{excerpt}");
                Ok(())
            }
        }
    })?;
    out.flush()?;
    Ok(crate::outcome(all_valid))
}
