//! `peguri parse`: URI references to JSON Lines (or TSV), the hot loop.
//!
//! Nothing here depends on clap, so the benchmark can run this exact code.

use std::collections::HashMap;
use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;
use std::time::{Duration, Instant};

use peguri::{Report, UriRef};
use serde::ser::{SerializeMap, Serializer};

/// Which reports to print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Filter {
    #[default]
    All,
    OnlyValid,
    OnlyInvalid,
}

/// Output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    #[default]
    Json,
    Tsv,
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "json" => Ok(Format::Json),
            "tsv" => Ok(Format::Tsv),
            _ => Err(format!("unknown format {s:?} (expected json or tsv)")),
        }
    }
}

/// A column of `--fields`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Input,
    Valid,
    Rule,
    Scheme,
    Authority,
    Userinfo,
    Host,
    HostKind,
    Port,
    Path,
    Query,
    Fragment,
    Error,
    Offset,
    Column,
}

impl Field {
    const ALL: [(&'static str, Field); 15] = [
        ("input", Field::Input),
        ("valid", Field::Valid),
        ("rule", Field::Rule),
        ("scheme", Field::Scheme),
        ("authority", Field::Authority),
        ("userinfo", Field::Userinfo),
        ("host", Field::Host),
        ("host_kind", Field::HostKind),
        ("port", Field::Port),
        ("path", Field::Path),
        ("query", Field::Query),
        ("fragment", Field::Fragment),
        ("error", Field::Error),
        ("offset", Field::Offset),
        ("column", Field::Column),
    ];

    /// The columns `--format tsv` prints when `--fields` is not given.
    pub const TSV_DEFAULT: [Field; 10] = [
        Field::Input,
        Field::Valid,
        Field::Scheme,
        Field::Userinfo,
        Field::Host,
        Field::HostKind,
        Field::Port,
        Field::Path,
        Field::Query,
        Field::Fragment,
    ];

    pub fn name(self) -> &'static str {
        Field::ALL
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("?", |(n, _)| n)
    }
}

impl FromStr for Field {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Field::ALL
            .iter()
            .find(|(name, _)| *name == s)
            .map(|(_, f)| *f)
            .ok_or_else(|| {
                let names: Vec<&str> = Field::ALL.iter().map(|(n, _)| *n).collect();
                format!("unknown field {s:?} (known: {})", names.join(", "))
            })
    }
}

/// A value of one field for one report: absent (`null`), text, a number or
/// a boolean.
enum Value<'a> {
    Null,
    Text(&'a str),
    Owned(String),
    Number(usize),
    Bool(bool),
}

impl fmt::Display for Value<'_> {
    /// TSV cell: null is empty; tabs, newlines and backslashes are escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Value::Null => return Ok(()),
            Value::Text(t) => *t,
            Value::Owned(t) => t.as_str(),
            Value::Number(n) => return write!(f, "{n}"),
            Value::Bool(b) => return write!(f, "{b}"),
        };
        for c in text.chars() {
            match c {
                '\t' => f.write_str("\\t")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\\' => f.write_str("\\\\")?,
                c => write!(f, "{c}")?,
            }
        }
        Ok(())
    }
}

impl serde::Serialize for Value<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => s.serialize_none(),
            Value::Text(t) => s.serialize_str(t),
            Value::Owned(t) => s.serialize_str(t),
            Value::Number(n) => s.serialize_u64(*n as u64),
            Value::Bool(b) => s.serialize_bool(*b),
        }
    }
}

fn field_value<'a>(report: &'a Report<'_>, field: Field) -> Value<'a> {
    let text = |t: Option<&'a str>| t.map_or(Value::Null, Value::Text);
    match report {
        Report::Valid(components) => {
            let uri: UriRef<'a> = components.uri();
            let authority = uri.authority();
            match field {
                Field::Input => Value::Text(uri.as_str()),
                Field::Valid => Value::Bool(true),
                Field::Rule => Value::Text(uri.rule()),
                Field::Scheme => text(uri.scheme()),
                Field::Authority => text(authority.map(|a| a.as_str())),
                Field::Userinfo => text(authority.and_then(|a| a.userinfo())),
                Field::Host => text(authority.map(|a| a.host_str())),
                Field::HostKind => text(authority.map(|a| a.host().kind())),
                Field::Port => text(authority.and_then(|a| a.port())),
                Field::Path => Value::Text(uri.path()),
                Field::Query => text(uri.query()),
                Field::Fragment => text(uri.fragment()),
                Field::Error | Field::Offset | Field::Column => Value::Null,
            }
        }
        Report::Invalid { input, error } => match field {
            Field::Input => Value::Text(input),
            Field::Valid => Value::Bool(false),
            Field::Error => Value::Owned(error.message().to_string()),
            Field::Offset => Value::Number(error.offset()),
            Field::Column => Value::Number(error.column()),
            _ => Value::Null,
        },
    }
}

/// A report restricted to some fields, serialized as a JSON object.
struct Selected<'r, 'a> {
    report: &'r Report<'a>,
    fields: &'r [Field],
}

impl serde::Serialize for Selected<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.fields.len()))?;
        for &field in self.fields {
            map.serialize_entry(field.name(), &field_value(self.report, field))?;
        }
        map.end()
    }
}

/// What `parse` accepts, what it prints and how.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// The grammar's leniencies (RFC 6874 zone identifiers).
    pub syntax: peguri::ParseOptions,
    pub filter: Filter,
    pub format: Format,
    pub fields: Option<Vec<Field>>,
    pub pretty: bool,
    pub stats: bool,
}

/// Counts for `--stats`.
#[derive(Default)]
pub struct Stats {
    pub lines: u64,
    pub valid: u64,
    pub bytes: u64,
    host_kinds: [u64; 5],
    schemes: HashMap<String, u64>,
}

const HOST_KINDS: [&str; 5] = ["reg-name", "ipv4", "ipv6", "ipvfuture", "none"];

impl Stats {
    fn count(&mut self, input: &str, report: &Report<'_>) {
        self.lines += 1;
        self.bytes += input.len() as u64;
        let Report::Valid(components) = report else {
            return;
        };
        self.valid += 1;
        let uri = components.uri();
        let kind = uri.authority().map_or("none", |a| a.host().kind());
        if let Some(i) = HOST_KINDS.iter().position(|k| *k == kind) {
            self.host_kinds[i] += 1;
        }
        if let Some(scheme) = uri.scheme() {
            // Schemes are case-insensitive (RFC 3986 3.1); count them lowercased
            // and allocate only for a scheme not seen before.
            match self
                .schemes
                .iter_mut()
                .find(|(k, _)| k.eq_ignore_ascii_case(scheme))
            {
                Some((_, n)) => *n += 1,
                None => {
                    self.schemes.insert(scheme.to_ascii_lowercase(), 1);
                }
            }
        }
    }

    /// The summary, one line per topic.
    pub fn summary(&self, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64().max(1e-9);
        let mut schemes: Vec<(&String, &u64)> = self.schemes.iter().collect();
        schemes.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let shown: Vec<String> = schemes
            .iter()
            .take(10)
            .map(|(s, n)| format!("{s} {n}"))
            .collect();
        let more = schemes.len().saturating_sub(10);
        let hosts: Vec<String> = HOST_KINDS
            .iter()
            .zip(self.host_kinds)
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        format!(
            "lines: {} ({} valid, {} invalid)\nhost kinds: {}\nschemes: {}{}\nthroughput: {:.3} s, {:.0} lines/s, {:.1} MB/s\n",
            self.lines,
            self.valid,
            self.lines - self.valid,
            hosts.join(", "),
            if shown.is_empty() {
                "none".to_owned()
            } else {
                shown.join(", ")
            },
            if more > 0 {
                format!(" (+{more} more)")
            } else {
                String::new()
            },
            secs,
            self.lines as f64 / secs,
            self.bytes as f64 / secs / 1e6,
        )
    }
}

/// Parses each input and writes its report. Returns whether all inputs were
/// valid, and the counts.
pub struct Parser<W: Write> {
    out: W,
    options: ParseOptions,
    stats: Stats,
    started: Instant,
}

impl<W: Write> Parser<W> {
    pub fn new(out: W, options: ParseOptions) -> Self {
        Parser {
            out,
            options,
            stats: Stats::default(),
            started: Instant::now(),
        }
    }

    /// Parses one input and writes its line.
    pub fn line(&mut self, input: &str) -> io::Result<()> {
        let report = Report::parse_with(&self.options.syntax, input);
        if self.options.stats {
            self.stats.count(input, &report);
        } else {
            self.stats.lines += 1;
            self.stats.valid += u64::from(report.is_valid());
        }
        let shown = match self.options.filter {
            Filter::All => true,
            Filter::OnlyValid => report.is_valid(),
            Filter::OnlyInvalid => !report.is_valid(),
        };
        if shown {
            self.write(&report)?;
        }
        Ok(())
    }

    fn write(&mut self, report: &Report<'_>) -> io::Result<()> {
        let out = &mut self.out;
        match (self.options.format, &self.options.fields) {
            (Format::Json, None) if self.options.pretty => {
                serde_json::to_writer_pretty(&mut *out, report)?
            }
            (Format::Json, None) => match report {
                Report::Valid(components) => components.write_json(&mut *out)?,
                Report::Invalid { .. } => serde_json::to_writer(&mut *out, report)?,
            },
            (Format::Json, Some(fields)) => {
                let selected = Selected { report, fields };
                if self.options.pretty {
                    serde_json::to_writer_pretty(&mut *out, &selected)?
                } else {
                    serde_json::to_writer(&mut *out, &selected)?
                }
            }
            (Format::Tsv, fields) => {
                let fields = fields.as_deref().unwrap_or(&Field::TSV_DEFAULT);
                for (i, &field) in fields.iter().enumerate() {
                    if i > 0 {
                        out.write_all(b"\t")?;
                    }
                    write!(out, "{}", field_value(report, field))?;
                }
            }
        }
        out.write_all(b"\n")
    }

    /// Flushes the output; returns whether every input was valid, and the
    /// `--stats` summary if asked for.
    pub fn finish(mut self) -> io::Result<(bool, Option<String>)> {
        self.out.flush()?;
        let all_valid = self.stats.valid == self.stats.lines;
        let summary = self
            .options
            .stats
            .then(|| self.stats.summary(self.started.elapsed()));
        Ok((all_valid, summary))
    }
}
