//! The records `peguri parse` writes: URI (or IRI) references to JSON
//! Lines (or TSV), the hot loop.
//!
//! Nothing here depends on clap or on the rest of the command line, so the
//! benchmark can run this exact code.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;
use std::time::{Duration, Instant};

use peguri::scheme::SyntaxReport;
use peguri::{Authority, Component, IriRef, ParseError, PublicSuffixList, UriRef};
use serde::ser::{SerializeMap, SerializeStruct, Serializer};

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
            _ => Err(format!(
                "unknown format \"{}\" (expected json or tsv)",
                peguri::Quoted::new(s)
            )),
        }
    }
}

/// A column of `--fields`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Input,
    Valid,
    Rule,
    /// A component, under the name [`Component::as_str`] gives it.
    Component(Component),
    HostKind,
    Uri,
    UriError,
    Error,
    Offset,
    Column,
}

impl Field {
    /// Every field, in the order the usage error lists them: the input,
    /// its validity and rule, the components in order with the host's
    /// kind after the host, the mapped URI, and the error.
    fn all() -> impl Iterator<Item = Field> {
        let components = Component::ALL.into_iter().flat_map(|c| {
            let kind = (c == Component::Host).then_some(Field::HostKind);
            std::iter::once(Field::Component(c)).chain(kind)
        });
        [Field::Input, Field::Valid, Field::Rule]
            .into_iter()
            .chain(components)
            .chain([
                Field::Uri,
                Field::UriError,
                Field::Error,
                Field::Offset,
                Field::Column,
            ])
    }

    /// The columns `--format tsv --iri` prints when `--fields` is not
    /// given: [`TSV_DEFAULT`](Self::TSV_DEFAULT) and the mapped URI.
    pub const TSV_DEFAULT_IRI: &'static [Field] = &[
        Field::Input,
        Field::Valid,
        Field::Component(Component::Scheme),
        Field::Component(Component::Userinfo),
        Field::Component(Component::Host),
        Field::HostKind,
        Field::Component(Component::Port),
        Field::Component(Component::Path),
        Field::Component(Component::Query),
        Field::Component(Component::Fragment),
        Field::Rule,
        Field::Error,
        Field::Uri,
    ];

    /// The columns `--format tsv` prints when `--fields` is not given: the
    /// input, its validity, the components but the authority with the
    /// host's kind, then the rule and the error message.
    pub const TSV_DEFAULT: &'static [Field] = Self::TSV_DEFAULT_IRI.split_at(12).0;

    /// The field's name in `--fields`, a JSON object and a TSV header.
    pub fn name(self) -> &'static str {
        match self {
            Field::Input => "input",
            Field::Valid => "valid",
            Field::Rule => "rule",
            Field::Component(c) => c.as_str(),
            Field::HostKind => "host_kind",
            Field::Uri => "uri",
            Field::UriError => "uri_error",
            Field::Error => "error",
            Field::Offset => "offset",
            Field::Column => "column",
        }
    }

    /// The first field that `fields` names twice, if any.
    pub fn duplicate(fields: &[Field]) -> Option<Field> {
        fields
            .iter()
            .enumerate()
            .find(|(i, f)| fields[..*i].contains(f))
            .map(|(_, f)| *f)
    }
}

impl FromStr for Field {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Field::all().find(|f| f.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Field::all().map(Field::name).collect();
            format!(
                "unknown field \"{}\" (known: {})",
                peguri::Quoted::new(s),
                names.join(", ")
            )
        })
    }
}

/// One input, parsed: a URI reference, an IRI reference (with its mapped
/// URI, computed when asked for), or an error.
pub enum Parsed<'a> {
    Uri(UriRef<'a>),
    IriRef { iri: IriRef<'a>, idna: bool },
    Invalid { input: &'a str, error: ParseError },
}

/// What the records and the counts read of a valid input, whichever kind
/// it is; the other components come from [`Parsed::component`].
struct View<'a> {
    input: &'a str,
    rule: &'static str,
    scheme: Option<&'a str>,
    authority: Option<Authority<'a>>,
}

impl<'a> Parsed<'a> {
    fn is_valid(&self) -> bool {
        !matches!(self, Parsed::Invalid { .. })
    }

    fn view(&self) -> Option<View<'a>> {
        Some(match self {
            Parsed::Uri(u) => View {
                input: u.as_str(),
                rule: u.rule(),
                scheme: u.scheme(),
                authority: u.authority(),
            },
            Parsed::IriRef { iri: i, .. } => View {
                input: i.as_str(),
                rule: i.rule(),
                scheme: i.scheme(),
                authority: i.authority(),
            },
            Parsed::Invalid { .. } => return None,
        })
    }

    /// The text of one component of a valid input, `None` when it is
    /// absent (or the input is invalid).
    fn component(&self, component: Component) -> Option<&'a str> {
        match self {
            Parsed::Uri(u) => u.component(component),
            Parsed::IriRef { iri, .. } => iri.component(component),
            Parsed::Invalid { .. } => None,
        }
    }

    /// The URI an IRI maps to (RFC 3987 section 3.1, with IDNA when
    /// asked), or why there is none.
    fn mapped_uri(&self) -> Option<Result<String, String>> {
        let Parsed::IriRef { iri, idna } = self else {
            return None;
        };
        if *idna {
            return Some(
                iri.to_uri_idna()
                    .map(|u| u.into_string())
                    .map_err(|e| e.to_string()),
            );
        }
        Some(Ok(iri.to_uri().into_string()))
    }
}

impl Parsed<'_> {
    /// The input checked against its scheme's own syntax: `None` for an
    /// invalid input, a relative reference or a scheme without a grammar.
    fn scheme_syntax(&self) -> Option<SyntaxReport<'_>> {
        match self {
            Parsed::Uri(uri) => SyntaxReport::of(uri),
            Parsed::IriRef { iri, .. } => SyntaxReport::of(iri),
            Parsed::Invalid { .. } => None,
        }
    }
}

/// The name of the member `--scheme-syntax` adds.
const SCHEME_SYNTAX: &str = "scheme_syntax";

/// The names of the members `--psl` adds.
const PUBLIC_SUFFIX: &str = "public_suffix";
const REGISTRABLE_DOMAIN: &str = "registrable_domain";

/// What `--psl` adds to a line: the host's public suffix and registrable
/// domain by `list`, `None` (`null`) for an invalid input, a reference
/// without an authority, an IP host, and a host the list gives none for.
struct Site<'a> {
    public_suffix: Option<Cow<'a, str>>,
    registrable_domain: Option<Cow<'a, str>>,
}

impl<'a> Site<'a> {
    fn of(parsed: &Parsed<'a>, list: &PublicSuffixList) -> Self {
        let host = parsed
            .view()
            .and_then(|view| view.authority)
            .map(|authority| authority.host());
        Site {
            public_suffix: host.as_ref().and_then(|h| list.public_suffix(h)),
            registrable_domain: host.as_ref().and_then(|h| list.registrable_domain(h)),
        }
    }
}

/// Ends the JSON object in `object` (as serde_json writes it, compact or
/// pretty) with one more member, `name`, whose value is `value`. JSON
/// text holds a line break only between tokens (one in a string is
/// written `\n`), so re-indenting a pretty value is adding two spaces
/// after each.
fn push_member(
    object: &mut Vec<u8>,
    name: &str,
    value: &impl serde::Serialize,
    pretty: bool,
) -> io::Result<()> {
    let close: &[u8] = if pretty { b"\n}" } else { b"}" };
    debug_assert!(object.ends_with(close) && object.len() > close.len());
    object.truncate(object.len() - close.len());
    let key = serde_json::to_string(name)?;
    if pretty {
        let text = serde_json::to_string_pretty(value)?;
        write!(object, ",\n  {key}: {}\n}}", text.replace('\n', "\n  "))
    } else {
        write!(object, ",{key}:")?;
        serde_json::to_writer(&mut *object, value)?;
        object.push(b'}');
        Ok(())
    }
}

/// A value of one field for one input: absent (`null`), text, a number, a
/// boolean or an authority (an object in JSON, its text in TSV).
pub(crate) enum Value<'a> {
    Null,
    Text(&'a str),
    Owned(String),
    Number(usize),
    Bool(bool),
    Authority(Authority<'a>),
}

/// A TSV cell for null: PostgreSQL's and MySQL's `\N`, which no text cell
/// holds (a backslash in text is written `\\`), so that an absent
/// component and an empty one differ.
pub const TSV_NULL: &str = "\\N";

impl fmt::Display for Value<'_> {
    /// TSV cell: null is `\N`; tabs, line breaks, backslashes and other
    /// control characters are escaped as PostgreSQL's text format reads
    /// them (`\t`, `\n`, `\r`, `\\`, `\x1B`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Value::Null => return f.write_str(TSV_NULL),
            Value::Text(t) => *t,
            Value::Owned(t) => t.as_str(),
            Value::Number(n) => return write!(f, "{n}"),
            Value::Bool(b) => return write!(f, "{b}"),
            Value::Authority(a) => a.as_str(),
        };
        for c in text.chars() {
            match c {
                '\t' => f.write_str("\\t")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\\' => f.write_str("\\\\")?,
                // Other control characters, which a terminal would act on:
                // their UTF-8 bytes.
                c if c.is_control() => {
                    for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                        write!(f, "\\x{byte:02X}")?;
                    }
                }
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
            Value::Authority(a) => {
                // The object of the full output.
                let mut map = s.serialize_map(Some(4))?;
                map.serialize_entry("userinfo", &a.userinfo())?;
                map.serialize_entry("host", a.host_str())?;
                map.serialize_entry("host_kind", a.host().kind())?;
                map.serialize_entry("port", &a.port())?;
                map.end()
            }
        }
    }
}

fn field_value<'a>(parsed: &'a Parsed<'_>, field: Field) -> Value<'a> {
    let text = |t: Option<&'a str>| t.map_or(Value::Null, Value::Text);
    match parsed {
        Parsed::Invalid { input, error } => match field {
            Field::Input => Value::Text(input),
            Field::Valid => Value::Bool(false),
            Field::Error => Value::Owned(error.message().to_string()),
            Field::Offset => Value::Number(error.offset()),
            Field::Column => Value::Number(error.column()),
            _ => Value::Null,
        },
        valid => {
            let Some(v) = valid.view() else {
                return Value::Null;
            };
            let authority = v.authority;
            match field {
                Field::Input => Value::Text(v.input),
                Field::Valid => Value::Bool(true),
                Field::Rule => Value::Text(v.rule),
                // An object in JSON, as in the whole record.
                Field::Component(Component::Authority) => {
                    authority.map_or(Value::Null, Value::Authority)
                }
                Field::Component(c) => text(valid.component(c)),
                Field::HostKind => text(authority.map(|a| a.host().kind())),
                Field::Uri => match valid.mapped_uri() {
                    Some(Ok(uri)) => Value::Owned(uri),
                    _ => Value::Null,
                },
                // Why a valid IRI has no URI (IDNA), as the whole object says.
                Field::UriError => match valid.mapped_uri() {
                    Some(Err(e)) => Value::Owned(e),
                    _ => Value::Null,
                },
                // A valid IRI whose IDNA mapping fails says why here.
                Field::Error => match valid.mapped_uri() {
                    Some(Err(e)) => Value::Owned(e),
                    _ => Value::Null,
                },
                Field::Offset | Field::Column => Value::Null,
            }
        }
    }
}

/// An input restricted to some fields, serialized as a JSON object, with
/// `"scheme_syntax"`, then `"public_suffix"` and `"registrable_domain"`,
/// last when asked for.
struct Selected<'r, 'a> {
    parsed: &'r Parsed<'a>,
    fields: &'r [Field],
    scheme_syntax: bool,
    psl: Option<&'r PublicSuffixList>,
}

impl serde::Serialize for Selected<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.fields.len()))?;
        for &field in self.fields {
            map.serialize_entry(field.name(), &field_value(self.parsed, field))?;
        }
        if self.scheme_syntax {
            map.serialize_entry(SCHEME_SYNTAX, &self.parsed.scheme_syntax())?;
        }
        if let Some(list) = self.psl {
            let site = Site::of(self.parsed, list);
            map.serialize_entry(PUBLIC_SUFFIX, &site.public_suffix)?;
            map.serialize_entry(REGISTRABLE_DOMAIN, &site.registrable_domain)?;
        }
        map.end()
    }
}

/// The whole object for an input: the JSON contract's.
struct Whole<'r, 'a>(&'r Parsed<'a>);

impl serde::Serialize for Whole<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Parsed::Uri(uri) => uri.components().serialize(s),
            Parsed::IriRef { iri, idna } => {
                let components = iri.components();
                let components = components.idna(*idna);
                components.serialize(s)
            }
            Parsed::Invalid { input, error } => {
                let mut st = s.serialize_struct("Invalid", 3)?;
                st.serialize_field("input", input)?;
                st.serialize_field("valid", &false)?;
                st.serialize_field("error", error)?;
                st.end()
            }
        }
    }
}

/// What `parse` accepts, what it prints and how.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// The grammar's leniencies (RFC 6874 zone identifiers).
    pub syntax: peguri::ParseOptions,
    /// Inputs are IRI references (RFC 3987).
    pub iri: bool,
    /// Map IRIs to URIs with IDNA for the host.
    pub idna: bool,
    /// Inputs are suffix references (RFC 3986 section 4.5).
    pub suffix: bool,
    pub filter: Filter,
    pub format: Format,
    pub fields: Option<Vec<Field>>,
    pub pretty: bool,
    pub stats: bool,
    /// A first TSV line with the column names.
    pub header: bool,
    /// Add `"scheme_syntax"`: the input against its scheme's own syntax.
    pub scheme_syntax: bool,
    /// Add `"public_suffix"` and `"registrable_domain"` by this list.
    pub psl: Option<PublicSuffixList>,
}

impl ParseOptions {
    /// The TSV columns: `--fields`, or the default ones (and `uri` with
    /// `--iri`).
    fn columns(&self) -> &[Field] {
        match (&self.fields, self.iri) {
            (Some(fields), _) => fields,
            (None, false) => Field::TSV_DEFAULT,
            (None, true) => Field::TSV_DEFAULT_IRI,
        }
    }
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
    fn count(&mut self, bytes: usize, parsed: &Parsed<'_>) {
        self.lines += 1;
        self.bytes += bytes as u64;
        let Some(view) = parsed.view() else {
            return;
        };
        self.valid += 1;
        let kind = view.authority.map_or("none", |a| a.host().kind());
        if let Some(i) = HOST_KINDS.iter().position(|k| *k == kind) {
            self.host_kinds[i] += 1;
        }
        if let Some(scheme) = view.scheme {
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
    /// The TSV header is still to be written.
    header: bool,
    /// Some valid IRI could not be mapped to a URI as asked (IDNA).
    unmapped: bool,
    /// Invalid inputs that are IRI references (without `--iri`).
    iri_only: u64,
}

impl<W: Write> Parser<W> {
    pub fn new(out: W, options: ParseOptions) -> Self {
        let header = options.header && options.format == Format::Tsv;
        Parser {
            out,
            options,
            stats: Stats::default(),
            started: Instant::now(),
            header,
            unmapped: false,
            iri_only: 0,
        }
    }

    fn write_header(&mut self) -> io::Result<()> {
        if std::mem::take(&mut self.header) {
            let names: Vec<&str> = self.options.columns().iter().map(|f| f.name()).collect();
            writeln!(self.out, "{}", names.join("\t"))?;
        }
        Ok(())
    }

    /// Parses one input, as the bytes it holds, and writes its line.
    pub fn line(&mut self, line: &[u8]) -> io::Result<()> {
        let (shown, suffixed);
        let parsed = match std::str::from_utf8(line) {
            Ok(input) if self.options.suffix => match UriRef::from_suffix(input) {
                Ok(uri) => {
                    suffixed = uri;
                    self.parse(suffixed.as_str())
                }
                Err(error) => Parsed::Invalid { input, error },
            },
            Ok(input) => self.parse(input),
            Err(_) => {
                // Name the first byte that is not UTF-8, at its offset.
                let error = if self.options.iri {
                    IriRef::parse_bytes(line).err()
                } else {
                    UriRef::parse_bytes(line).err()
                };
                shown = String::from_utf8_lossy(line);
                match error {
                    Some(error) => Parsed::Invalid {
                        input: &shown,
                        error,
                    },
                    None => self.parse(&shown),
                }
            }
        };
        if self.options.idna {
            self.unmapped |= matches!(parsed.mapped_uri(), Some(Err(_)));
        }
        if let Parsed::Invalid { input, .. } = &parsed
            && !self.options.iri
            && !input.is_ascii()
            && peguri::IriRef::parse_with(input, &self.options.syntax).is_ok()
        {
            self.iri_only += 1;
        }
        if self.options.stats {
            self.stats.count(line.len(), &parsed);
        } else {
            self.stats.lines += 1;
            self.stats.valid += u64::from(parsed.is_valid());
        }
        let wanted = match self.options.filter {
            Filter::All => true,
            Filter::OnlyValid => parsed.is_valid(),
            Filter::OnlyInvalid => !parsed.is_valid(),
        };
        if wanted {
            self.write(&parsed)?;
        }
        Ok(())
    }

    fn parse<'a>(&self, input: &'a str) -> Parsed<'a> {
        let parsed = if self.options.iri {
            peguri::IriRef::parse_with(input, &self.options.syntax).map(|iri| Parsed::IriRef {
                iri,
                idna: self.options.idna,
            })
        } else {
            peguri::UriRef::parse_with(input, &self.options.syntax).map(Parsed::Uri)
        };
        parsed.unwrap_or_else(|error| Parsed::Invalid {
            input,
            error: error.for_caller(peguri::Caller::CommandLine),
        })
    }

    fn write(&mut self, parsed: &Parsed<'_>) -> io::Result<()> {
        self.write_header()?;
        let out = &mut self.out;
        match (self.options.format, &self.options.fields) {
            (Format::Json, None) if self.options.scheme_syntax || self.options.psl.is_some() => {
                let pretty = self.options.pretty;
                let mut object = if pretty {
                    serde_json::to_vec_pretty(&Whole(parsed))?
                } else {
                    serde_json::to_vec(&Whole(parsed))?
                };
                if self.options.scheme_syntax {
                    push_member(&mut object, SCHEME_SYNTAX, &parsed.scheme_syntax(), pretty)?;
                }
                if let Some(list) = &self.options.psl {
                    let site = Site::of(parsed, list);
                    push_member(&mut object, PUBLIC_SUFFIX, &site.public_suffix, pretty)?;
                    push_member(
                        &mut object,
                        REGISTRABLE_DOMAIN,
                        &site.registrable_domain,
                        pretty,
                    )?;
                }
                out.write_all(&object)?;
            }
            (Format::Json, None) if self.options.pretty => {
                serde_json::to_writer_pretty(&mut *out, &Whole(parsed))?
            }
            (Format::Json, None) => match parsed {
                Parsed::Uri(uri) => uri.components().write_json(&mut *out)?,
                _ => serde_json::to_writer(&mut *out, &Whole(parsed))?,
            },
            (Format::Json, Some(fields)) => {
                let selected = Selected {
                    parsed,
                    fields,
                    scheme_syntax: self.options.scheme_syntax,
                    psl: self.options.psl.as_ref(),
                };
                if self.options.pretty {
                    serde_json::to_writer_pretty(&mut *out, &selected)?
                } else {
                    serde_json::to_writer(&mut *out, &selected)?
                }
            }
            (Format::Tsv, _) => {
                for (i, &field) in self.options.columns().iter().enumerate() {
                    if i > 0 {
                        out.write_all(b"\t")?;
                    }
                    write!(out, "{}", field_value(parsed, field))?;
                }
            }
        }
        out.write_all(b"\n")
    }

    /// Flushes the output; returns whether every input was valid, and the
    /// `--stats` summary if asked for, with a hint at `--iri` when invalid
    /// inputs are IRI references.
    pub fn finish(mut self) -> io::Result<(bool, Option<String>)> {
        self.write_header()?;
        self.out.flush()?;
        let all_valid = self.stats.valid == self.stats.lines && !self.unmapped;
        let mut summary = self
            .options
            .stats
            .then(|| self.stats.summary(self.started.elapsed()));
        if self.iri_only > 0 {
            let text = summary.get_or_insert_with(String::new);
            text.push_str(&format!(
                "hint: {} invalid input{} IRI reference{} (RFC 3987), which may hold non-ASCII characters; --iri reads IRIs\n",
                self.iri_only,
                if self.iri_only == 1 { " is an" } else { "s are" },
                if self.iri_only == 1 { "" } else { "s" },
            ));
        }
        Ok((all_valid, summary))
    }
}
