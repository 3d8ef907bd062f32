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

use peguri::error::Hint;
use peguri::query::QueryPairs;
use peguri::reference::{Family, MaybeRelative};
use peguri::scheme::SyntaxReport;
use peguri::{Authority, Component, IriRef, ParseError, PublicSuffixList, Reference, UriRef};
use serde::ser::{SerializeMap, Serializer};

use crate::json::{Extended, Invalid, Members};

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
                peguri::error::Quoted::new(s)
            )),
        }
    }
}

/// A column of `--fields`.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// The error's kind ([`peguri::ParseErrorKind::as_str`]).
    Kind,
    /// The component the error is in.
    ErrorComponent,
    /// The host's public suffix, by the Public Suffix List.
    PublicSuffix,
    /// The host's registrable domain, by the Public Suffix List.
    RegistrableDomain,
    /// The value of a key of the query: the field's name,
    /// `query_param:KEY`.
    QueryParam(Box<str>),
}

/// What `query_param:KEY` starts with.
const QUERY_PARAM: &str = "query_param:";

impl Field {
    /// Every field, in the order the usage error lists them: the input,
    /// its validity and rule, the components in order with the host's
    /// kind after the host, the mapped URI, the error and its parts, and
    /// the fields derived from the components.
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
                Field::Kind,
                Field::ErrorComponent,
                Field::PublicSuffix,
                Field::RegistrableDomain,
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

    /// The fields `--psl` adds, last, to a record that does not name them.
    pub const SITE: &'static [Field] = &[Field::PublicSuffix, Field::RegistrableDomain];

    /// The field's name in `--fields`, a JSON object and a TSV header.
    pub fn name(&self) -> &str {
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
            Field::Kind => "kind",
            Field::ErrorComponent => "component",
            Field::PublicSuffix => PUBLIC_SUFFIX,
            Field::RegistrableDomain => REGISTRABLE_DOMAIN,
            Field::QueryParam(name) => name,
        }
    }

    /// The place of the field in [`Row::verbatim`], for a field that is
    /// a text of a valid reference.
    fn verbatim_place(&self) -> Option<usize> {
        Some(match self {
            Field::Input => 0,
            Field::Valid => 1,
            Field::Rule => 2,
            Field::HostKind => 3,
            Field::Component(c) => 4 + Component::ALL.iter().position(|x| x == c)?,
            _ => return None,
        })
    }

    /// Whether the field reads the Public Suffix List.
    pub fn needs_public_suffix_list(&self) -> bool {
        matches!(self, Field::PublicSuffix | Field::RegistrableDomain)
    }

    /// The first field that `fields` names twice, if any.
    pub fn duplicate(fields: &[Field]) -> Option<&Field> {
        fields
            .iter()
            .enumerate()
            .find(|(i, f)| fields[..*i].contains(f))
            .map(|(_, f)| f)
    }
}

impl FromStr for Field {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        if let Some(key) = s.strip_prefix(QUERY_PARAM) {
            if key.is_empty() {
                return Err("query_param needs a key: query_param:KEY".to_owned());
            }
            return Ok(Field::QueryParam(s.into()));
        }
        Field::all().find(|f| f.name() == s).ok_or_else(|| {
            let names: Vec<String> = Field::all()
                .map(|f| f.name().to_owned())
                .chain([format!("{QUERY_PARAM}KEY")])
                .collect();
            format!(
                "unknown field \"{}\" (known: {})",
                peguri::error::Quoted::new(s),
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

impl<'a> View<'a> {
    /// The view of a valid reference of either family.
    fn of<F: Family>(reference: &Reference<&'a str, F, MaybeRelative>) -> Self {
        View {
            input: reference.as_str(),
            rule: reference.rule(),
            scheme: reference.scheme(),
            authority: reference.authority(),
        }
    }
}

impl<'a> Parsed<'a> {
    fn is_valid(&self) -> bool {
        !matches!(self, Parsed::Invalid { .. })
    }

    fn view(&self) -> Option<View<'a>> {
        match self {
            Parsed::Uri(uri) => Some(View::of(uri)),
            Parsed::IriRef { iri, .. } => Some(View::of(iri)),
            Parsed::Invalid { .. } => None,
        }
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

/// The names of the fields of the Public Suffix List (`--psl`).
const PUBLIC_SUFFIX: &str = "public_suffix";
const REGISTRABLE_DOMAIN: &str = "registrable_domain";

/// A value of one field for one input: absent (`null`), text, a number, a
/// boolean or an authority (an object in JSON, its text in TSV).
pub(crate) enum Value<'a> {
    Null,
    Text(&'a str),
    /// Text of a valid reference: the grammars admit no character a TSV
    /// cell escapes in a URI or an IRI (no control character, no
    /// backslash), so it is written as it is.
    Verbatim(&'a str),
    Owned(String),
    Number(usize),
    Bool(bool),
    Authority(Authority<'a>),
}

/// A TSV cell for null: PostgreSQL's and MySQL's `\N`, which no text cell
/// holds (a backslash in text is written `\\`), so that an absent
/// component and an empty one differ.
pub const TSV_NULL: &str = "\\N";

impl Value<'_> {
    /// The text of a text cell, or the cell itself for the others.
    fn cell(&self) -> Result<&str, Cell<'_>> {
        match self {
            Value::Null => Err(Cell::Ready(TSV_NULL)),
            Value::Text(t) => Ok(t),
            Value::Verbatim(t) => Err(Cell::Verbatim(t)),
            Value::Owned(t) => Ok(t),
            Value::Number(n) => Err(Cell::Number(*n)),
            Value::Bool(b) => Err(Cell::Ready(if *b { "true" } else { "false" })),
            Value::Authority(a) => Err(Cell::Verbatim(a.as_str())),
        }
    }

    /// Writes the TSV cell, as `Display` shows it, a run of plain text at
    /// a time.
    pub(crate) fn write_tsv(&self, out: &mut impl Write) -> io::Result<()> {
        match self.cell() {
            Ok(text) => tsv_pieces(text, |piece| out.write_all(piece.as_bytes())),
            Err(Cell::Ready(text)) => out.write_all(text.as_bytes()),
            Err(Cell::Verbatim(text)) => {
                debug_assert!(
                    tsv_pieces(text, |piece| (piece == text).then_some(()).ok_or(())).is_ok()
                );
                out.write_all(text.as_bytes())
            }
            Err(Cell::Number(n)) => write!(out, "{n}"),
        }
    }
}

/// A TSV cell that is no text to escape.
enum Cell<'a> {
    Ready(&'static str),
    Verbatim(&'a str),
    Number(usize),
}

impl fmt::Display for Value<'_> {
    /// TSV cell: null is `\N`; tabs, line breaks, backslashes and other
    /// control characters are escaped as PostgreSQL's text format reads
    /// them (`\t`, `\n`, `\r`, `\\`, `\x1B`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cell() {
            Ok(text) => tsv_pieces(text, |piece| f.write_str(piece)),
            Err(Cell::Ready(text) | Cell::Verbatim(text)) => f.write_str(text),
            Err(Cell::Number(n)) => write!(f, "{n}"),
        }
    }
}

/// Passes `text` to `emit` as a TSV cell writes it: runs of characters
/// written as they are, and between them the escape of each tab, line
/// break, backslash and other control character (C0, DEL and C1, which a
/// terminal would act on: their UTF-8 bytes, `\x1B`, `\xC2\x9B`).
fn tsv_pieces<E>(text: &str, mut emit: impl FnMut(&str) -> Result<(), E>) -> Result<(), E> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let bytes = text.as_bytes();
    // Most cells hold nothing to escape: one pass without a branch per
    // byte (which the compiler vectorizes) says so. 0xC2 may start a C1
    // control.
    let plain = bytes.iter().fold(true, |plain, &b| {
        plain & (b >= 0x20) & (b != 0x7F) & (b != b'\\') & (b != 0xC2)
    });
    if plain {
        return emit(text);
    }
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        // A C1 control is U+0080 to U+009F: 0xC2 then 0x80 to 0x9F.
        let c1 = byte == 0xC2 && matches!(bytes.get(i + 1), Some(0x80..=0x9F));
        if !(byte < 0x20 || byte == 0x7F || byte == b'\\' || c1) {
            i += 1;
            continue;
        }
        emit(&text[start..i])?;
        let width = if c1 { 2 } else { 1 };
        match byte {
            b'\t' => emit("\\t")?,
            b'\n' => emit("\\n")?,
            b'\r' => emit("\\r")?,
            b'\\' => emit("\\\\")?,
            _ => {
                for &b in &bytes[i..i + width] {
                    let escape = [
                        b'\\',
                        b'x',
                        HEX[usize::from(b >> 4)],
                        HEX[usize::from(b & 15)],
                    ];
                    emit(std::str::from_utf8(&escape).unwrap_or_default())?;
                }
            }
        }
        i += width;
        start = i;
    }
    emit(&text[start..])
}

impl serde::Serialize for Value<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => s.serialize_none(),
            Value::Text(t) | Value::Verbatim(t) => s.serialize_str(t),
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

impl<'a> From<Cow<'a, str>> for Value<'a> {
    fn from(text: Cow<'a, str>) -> Self {
        match text {
            Cow::Borrowed(text) => Value::Text(text),
            Cow::Owned(text) => Value::Owned(text),
        }
    }
}

/// An input as its fields read it: parsed, with the view of a valid one
/// made once for all its fields.
struct Row<'r, 'a> {
    parsed: &'r Parsed<'a>,
    view: Option<View<'a>>,
}

impl<'r, 'a> Row<'r, 'a> {
    fn new(parsed: &'r Parsed<'a>) -> Self {
        Row {
            parsed,
            view: parsed.view(),
        }
    }

    /// For a valid input, the text of each field that is a text of the
    /// reference, by its [`Field::verbatim_place`]: written as it is in
    /// TSV (see [`Value::Verbatim`]), without building its value.
    fn verbatim(&self) -> Option<[Option<&'a str>; VERBATIM_FIELDS]> {
        let v = self.view.as_ref()?;
        let a = v.authority;
        let mut texts = [None; VERBATIM_FIELDS];
        texts[0] = Some(v.input);
        texts[1] = Some("true");
        texts[2] = Some(v.rule);
        texts[3] = a.map(|a| a.host().kind());
        for (text, component) in texts[4..].iter_mut().zip(Component::ALL) {
            *text = match component {
                Component::Scheme => v.scheme,
                Component::Authority => a.map(|a| a.as_str()),
                Component::Userinfo => a.and_then(|a| a.userinfo()),
                Component::Host => a.map(|a| a.host_str()),
                Component::Port => a.and_then(|a| a.port()),
                other => self.parsed.component(other),
            };
        }
        Some(texts)
    }
}

/// How many fields [`Row::verbatim`] gives: the input, its validity,
/// rule and host kind, and the components.
const VERBATIM_FIELDS: usize = 4 + Component::ALL.len();

/// The value of `field` for the input of `row`; `psl` is the list the
/// site fields read (`None` only when no field reads it).
fn field_value<'a>(row: &Row<'a, '_>, field: &Field, psl: Option<&PublicSuffixList>) -> Value<'a> {
    let text = |t: Option<&'a str>| t.map_or(Value::Null, Value::Text);
    let parsed = row.parsed;
    match parsed {
        Parsed::Invalid { input, error } => match field {
            Field::Input => Value::Text(input),
            Field::Valid => Value::Bool(false),
            Field::Error => Value::Owned(error.message().to_string()),
            Field::Offset => Value::Number(error.offset()),
            Field::Column => Value::Number(error.column()),
            Field::Kind => Value::Text(error.kind().as_str()),
            Field::ErrorComponent => text(error.component().map(Component::as_str)),
            _ => Value::Null,
        },
        valid => {
            let Some(v) = &row.view else {
                return Value::Null;
            };
            let text = |t: Option<&'a str>| t.map_or(Value::Null, Value::Verbatim);
            let authority = v.authority;
            match field {
                Field::Input => Value::Verbatim(v.input),
                Field::Valid => Value::Bool(true),
                Field::Rule => Value::Verbatim(v.rule),
                // An object in JSON, as in the whole record.
                Field::Component(Component::Authority) => {
                    authority.map_or(Value::Null, Value::Authority)
                }
                Field::Component(c) => text(valid.component(*c)),
                Field::HostKind => text(authority.map(|a| a.host().kind())),
                Field::Uri => match valid.mapped_uri() {
                    Some(Ok(uri)) => Value::Owned(uri),
                    _ => Value::Null,
                },
                // Why a valid IRI has no URI (IDNA), as the whole object
                // says; a valid IRI whose IDNA mapping fails says why in
                // "error" too.
                Field::UriError | Field::Error => match valid.mapped_uri() {
                    Some(Err(e)) => Value::Owned(e),
                    _ => Value::Null,
                },
                Field::Offset | Field::Column | Field::Kind | Field::ErrorComponent => Value::Null,
                Field::PublicSuffix | Field::RegistrableDomain => {
                    let (Some(list), Some(authority)) = (psl, authority) else {
                        return Value::Null;
                    };
                    let host = authority.host();
                    let site = if *field == Field::PublicSuffix {
                        list.public_suffix(&host)
                    } else {
                        list.registrable_domain(&host)
                    };
                    site.map_or(Value::Null, Value::from)
                }
                Field::QueryParam(name) => {
                    let key = &name[QUERY_PARAM.len()..];
                    query_value(valid.component(Component::Query), key)
                        .map_or(Value::Null, Value::from)
                }
            }
        }
    }
}

/// The value of `key` in `query`, as SQL's `uri_query_param` and
/// Python's `query_param` read it: the percent-decoded value of the first
/// `&`-separated pair whose percent-decoded key is `key` (`+` stays `+`),
/// `""` for a key without `=`, `None` when no pair has the key or there
/// is no query.
fn query_value<'a>(query: Option<&'a str>, key: &str) -> Option<Cow<'a, str>> {
    QueryPairs::new(query?)
        .raw()
        .find(|pair| pair.key() == key)
        .map(|pair| pair.value().unwrap_or(Cow::Borrowed("")))
}

/// An input restricted to some fields, serialized as a JSON object, with
/// `"scheme_syntax"`, then `"public_suffix"` and `"registrable_domain"`
/// (those of them `fields` does not name), last when asked for.
struct Selected<'r, 'a> {
    parsed: &'r Parsed<'a>,
    fields: &'r [Field],
    psl: Option<&'r PublicSuffixList>,
    /// The members the options add after the fields.
    added: Added<'r, 'a>,
}

impl serde::Serialize for Selected<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        let row = Row::new(self.parsed);
        for field in self.fields {
            let value = field_value(&row, field, self.psl);
            map.serialize_entry(field.name(), &value)?;
        }
        self.added.write(&mut map)?;
        map.end()
    }
}

/// The members the options add last to a record: `"scheme_syntax"`, then
/// the site fields of `--psl` that the record does not hold already.
struct Added<'r, 'a> {
    parsed: &'r Parsed<'a>,
    scheme_syntax: bool,
    /// The fields `--psl` adds that the record does not name.
    site: &'r [Field],
    psl: Option<&'r PublicSuffixList>,
}

impl Members for Added<'_, '_> {
    fn write<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        if self.scheme_syntax {
            map.serialize_entry(SCHEME_SYNTAX, &self.parsed.scheme_syntax())?;
        }
        if !self.site.is_empty() {
            let row = Row::new(self.parsed);
            for field in self.site {
                let value = field_value(&row, field, self.psl);
                map.serialize_entry(field.name(), &value)?;
            }
        }
        Ok(())
    }
}

/// The whole object for an input: the JSON contract's, as the library
/// writes it.
struct Whole<'r, 'a>(&'r Parsed<'a>);

impl serde::Serialize for Whole<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Parsed::Uri(uri) => uri.components().serialize(s),
            Parsed::IriRef { iri, idna } => iri.components().idna(*idna).serialize(s),
            Parsed::Invalid { input, error } => Invalid { input, error }.serialize(s),
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
    /// Add `"public_suffix"` and `"registrable_domain"` last (`--psl`),
    /// when the fields do not name them.
    pub site_members: bool,
    /// The list the site fields read: needed with `site_members`, or a
    /// field `public_suffix` or `registrable_domain`.
    pub psl: Option<PublicSuffixList>,
    /// Flush each record as it is written (a terminal, `--line-buffered`).
    pub flush_each: bool,
}

impl ParseOptions {
    /// The fields a record has, those `--psl` adds aside: `--fields`, or
    /// the default TSV columns (and `uri` with `--iri`).
    fn columns(&self) -> &[Field] {
        match (&self.fields, self.iri) {
            (Some(fields), _) => fields,
            (None, false) => Field::TSV_DEFAULT,
            (None, true) => Field::TSV_DEFAULT_IRI,
        }
    }

    /// The fields `--psl` adds last: those of [`Field::SITE`] that the
    /// fields asked for do not name (all of them for the whole object).
    fn site_fields(&self) -> Vec<Field> {
        if !self.site_members {
            return Vec::new();
        }
        let named = |field: &&Field| match (&self.fields, self.format) {
            (None, Format::Json) => false,
            _ => self.columns().contains(field),
        };
        Field::SITE.iter().filter(|f| !named(f)).cloned().collect()
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
    /// The fields `--psl` adds last ([`ParseOptions::site_fields`]).
    site: Vec<Field>,
    /// The TSV columns, each with its [`Field::verbatim_place`].
    tsv: Vec<(Field, Option<usize>)>,
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
        let site = options.site_fields();
        let tsv = options
            .columns()
            .iter()
            .chain(&site)
            .map(|field| (field.clone(), field.verbatim_place()))
            .collect();
        Parser {
            out,
            site,
            tsv,
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
            let names: Vec<&str> = self.tsv.iter().map(|(field, _)| field.name()).collect();
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
            error: for_the_command_line(error),
        })
    }

    fn write(&mut self, parsed: &Parsed<'_>) -> io::Result<()> {
        self.write_header()?;
        let out = &mut self.out;
        let psl = self.options.psl.as_ref();
        let added = Added {
            parsed,
            scheme_syntax: self.options.scheme_syntax,
            site: &self.site,
            psl,
        };
        match (self.options.format, &self.options.fields) {
            (Format::Json, None) if self.options.scheme_syntax || !self.site.is_empty() => {
                let whole = Extended {
                    object: &Whole(parsed),
                    more: added,
                };
                out.write_all(&crate::json::to_vec(&whole, self.options.pretty)?)?;
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
                    psl,
                    added,
                };
                out.write_all(&crate::json::to_vec(&selected, self.options.pretty)?)?;
            }
            (Format::Tsv, _) => {
                let row = Row::new(parsed);
                let verbatim = row.verbatim();
                for (i, (field, place)) in self.tsv.iter().enumerate() {
                    if i > 0 {
                        out.write_all(b"\t")?;
                    }
                    match (&verbatim, place) {
                        (Some(texts), Some(place)) => {
                            let text = texts[*place].unwrap_or(TSV_NULL);
                            out.write_all(text.as_bytes())?
                        }
                        _ => field_value(&row, field, psl).write_tsv(&mut *out)?,
                    }
                }
            }
        }
        out.write_all(b"\n")?;
        if self.options.flush_each {
            out.flush()?;
        }
        Ok(())
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

/// `error` with the options and ways in it suggests named as this
/// command's flags, not the library's methods.
pub fn for_the_command_line(error: ParseError) -> ParseError {
    let words = match error.hint() {
        Some(Hint::AllowZoneId) => "allow it with --allow-zone-id",
        Some(Hint::ReadAsReference { iri: false }) => "parsing without --rule reads it",
        Some(Hint::ReadAsReference { iri: true }) => {
            "parsing with --iri and without --rule reads it"
        }
        // The others name no option of the library.
        _ => return error,
    };
    error.with_hint_words(words)
}
