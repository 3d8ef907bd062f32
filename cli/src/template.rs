//! `peguri template`: expands URI Templates (RFC 6570) with variables
//! given on the command line.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};

use clap::Args;
use peguri::error::{Excerpt, Quoted};
use peguri::template::{UriTemplate, Value};
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

use crate::common::quoted;
use crate::outcome::Outcome;
use crate::stream::{Diagnostics, Records, Say, StreamArgs};

/// Expand URI Templates (RFC 6570, all four levels), one result per
/// line.
///
/// A string variable is `--var name=value`. A list is built item by
/// item, `--list name=item` once per item; an associative array pair
/// by pair, `--map name=key=value` once per pair (the key ends at the
/// second `=`). `--json` takes them all as one JSON object. With no
/// TEMPLATE arguments, reads one template per line from stdin. Exit
/// code: 0 when every template expands, 1 when any is invalid (the
/// error is shown on stderr and its output line is `<invalid>`), 2 for
/// usage errors.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri template 'https://api.example.com/users/{id}{?fields}' --var id=42 --var fields=name\n  \
    peguri template '{/path*}{?tags*}' --list path=a --list path=b --list tags=x\n  \
    peguri template '{?keys*}' --map keys=semi=';' --map keys=dot=.\n  \
    peguri template '{+base}{/list*}' --json '{\"base\": \"http://h\", \"list\": [\"a\", \"b\"]}'")]
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
    /// of strings (numbers and booleans are taken as their text, as
    /// written: `1.50` stays `1.50`; null as undefined). The options above
    /// add to it and replace its names.
    #[arg(long, value_name = "JSON")]
    json: Option<String>,
    #[command(flatten)]
    stream: StreamArgs,
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
        vars = json_variables(json).map_err(|e| format!("--json: {e}"))?;
    }
    let mut kinds: BTreeMap<String, Kind> = BTreeMap::new();
    let mut claim = |name: &str, kind: Kind, vars: &mut BTreeMap<String, Value<'static>>| {
        match kinds.insert(name.to_owned(), kind) {
            Some(previous) if previous != kind => Err(format!(
                "variable {} is given by both {} and {}",
                quoted(name),
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
            _ => Err(format!("{option} {}: expected NAME=...", quoted(given))),
        }
    };
    for given in &args.vars {
        let (name, value) = split("--var", given)?;
        claim(&name, Kind::String, &mut vars)?;
        if vars.contains_key(&name) {
            return Err(format!(
                "variable {} is given twice by --var",
                quoted(&name)
            ));
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
            return Err(format!("--map {}: expected NAME=KEY=VALUE", quoted(given)));
        };
        claim(&name, Kind::Map, &mut vars)?;
        match vars.entry(name).or_insert_with(|| Value::Map(Vec::new())) {
            Value::Map(pairs) => pairs.push((key.to_owned().into(), value.to_owned().into())),
            _ => unreachable!("a name claimed by --map holds a map"),
        }
    }
    Ok(vars)
}

/// The variables of `--json`, an object: each a string, a number or a
/// boolean (as its text, as written), an array of those (a list), an
/// object of those (an associative array, in its order), or null
/// (undefined, left out).
fn json_variables(json: &str) -> Result<BTreeMap<String, Value<'static>>, String> {
    let Entries(entries) = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let mut vars = BTreeMap::new();
    for (name, raw) in entries {
        let in_value = |e: String| format!("variable {}: {e}", quoted(&name));
        let text = raw.get();
        let value = match text.as_bytes().first() {
            Some(b'n') => {
                vars.remove(&name);
                continue;
            }
            Some(b'[') => {
                let items: Vec<Box<RawValue>> = serde_json::from_str(text)
                    .map_err(|e| e.to_string())
                    .map_err(in_value)?;
                let items = items
                    .iter()
                    .map(|item| json_scalar(item))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(in_value)?;
                Value::List(items)
            }
            Some(b'{') => {
                let Entries(pairs) = serde_json::from_str(text)
                    .map_err(|e| e.to_string())
                    .map_err(in_value)?;
                let pairs = pairs
                    .into_iter()
                    .map(|(key, value)| Ok((Cow::Owned(key), json_scalar(&value)?)))
                    .collect::<Result<Vec<_>, String>>()
                    .map_err(in_value)?;
                Value::Map(pairs)
            }
            _ => Value::String(json_scalar(&raw).map_err(in_value)?),
        };
        vars.insert(name, value);
    }
    Ok(vars)
}

/// A string's text, or a number's or a boolean's as written.
fn json_scalar(raw: &RawValue) -> Result<Cow<'static, str>, String> {
    let text = raw.get();
    match text.as_bytes().first() {
        Some(b'"') => serde_json::from_str(text)
            .map(Cow::Owned)
            .map_err(|e| e.to_string()),
        Some(b'[' | b'{' | b'n') => Err(format!(
            "expected a string, a number or a boolean, not {}",
            Quoted::new(text)
        )),
        _ => Ok(Cow::Owned(text.to_owned())),
    }
}

/// A JSON object's entries in order, each value as its JSON text.
struct Entries(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EntriesVisitor;
        impl<'de> Visitor<'de> for EntriesVisitor {
            type Value = Entries;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        deserializer.deserialize_map(EntriesVisitor)
    }
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
    let mut out = Records::new(args.stream);
    let mut diagnostics = Diagnostics::new(Say::Each, !args.templates.is_empty());
    crate::input::for_each_input(&args.templates, |template| {
        diagnostics.input();
        let expanded = UriTemplate::parse(template).and_then(|t| t.expand(&vars));
        match expanded {
            Ok(uri) => {
                writeln!(out, "{uri}")?;
                out.end_record()
            }
            Err(e) => {
                writeln!(out, "{}", crate::common::INVALID)?;
                out.end_record()?;
                // The window around the spot, control characters replaced.
                let excerpt = Excerpt::around(template, e.offset()..e.offset());
                diagnostics.count_invalid();
                diagnostics.each(&mut out, |err| {
                    writeln!(err, "invalid URI Template: {e}\n{excerpt}")
                })
            }
        }
    })?;
    Ok(Outcome::from_validity(diagnostics.finish(out, &[])?))
}
