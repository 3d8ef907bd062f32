//! Python bindings of peguri: the extension module `peguri._peguri`.
//!
//! The object API ([`UriReference`], [`PyUriTemplate`], the `parse*`
//! functions and the exceptions) lives here; the Arrow batch functions in
//! [`batch`], over the Arrow C Data Interface of [`ffi`]. The Python package
//! `peguri` (in `peguri/`) re-exports them with a typed surface.

#![deny(unsafe_code)]

use std::borrow::Cow;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use peguri::reference::{Family, MaybeRelative};
use peguri::template::{UriTemplate, Value};
use peguri::{Iri, IriRef, IriRefBuf, Reference, Resolver, Uri, UriRef, UriRefBuf};
use pyo3::IntoPyObjectExt;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

/// The extension's Rust allocations (Arrow results above all) go to
/// mimalloc on Linux; see `Cargo.toml`.
#[cfg(all(target_os = "linux", not(target_env = "musl")))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod batch;
mod cast;
mod derived;
mod guard;
mod pieces;
mod registry;
// The Arrow C Data Interface is the one place that needs `unsafe`.
#[allow(unsafe_code)]
pub mod ffi;

pyo3::create_exception!(
    peguri,
    ParseError,
    PyValueError,
    "The text is not a URI (or IRI) reference; str() is the caret display."
);
pyo3::create_exception!(
    peguri,
    ResolveError,
    PyValueError,
    "A reference cannot be resolved or made relative."
);
pyo3::create_exception!(
    peguri,
    BuildError,
    PyValueError,
    "A replacement RFC 3986 forbids (a component that is not valid there)."
);
pyo3::create_exception!(
    peguri,
    IdnaError,
    PyValueError,
    "UTS 46 ToASCII rejected a host."
);
pyo3::create_exception!(
    peguri,
    TemplateError,
    PyValueError,
    "An invalid URI template, or one too ambiguous to match."
);

/// A parsed reference of one of the four rules, owned. URIs and IRIs are
/// kept as their reference types; `absolute` records that the rule required
/// a scheme (`URI`, `IRI`), which `replace` keeps.
#[derive(Clone)]
enum Inner {
    Uri(UriRefBuf),
    Iri(IriRefBuf),
}

/// A URI or IRI reference (RFC 3986, RFC 3987), parsed, immutable. `==`
/// and `hash` are those of the text (RFC 3986 section 6.2.1).
#[pyclass(frozen, freelist = 64, module = "peguri", name = "UriReference")]
pub struct UriReference {
    inner: Inner,
    absolute: bool,
}

/// The accessors, on an IRI reference view (every URI reference is one).
impl UriReference {
    fn view(&self) -> IriRef<'_> {
        match &self.inner {
            Inner::Uri(u) => IriRef::from(UriRef::from(u)),
            Inner::Iri(i) => IriRef::from(i),
        }
    }

    fn as_str(&self) -> &str {
        match &self.inner {
            Inner::Uri(u) => u.as_str(),
            Inner::Iri(i) => i.as_str(),
        }
    }

    fn iri(&self) -> bool {
        matches!(self.inner, Inner::Iri(_))
    }

    fn from_uri(uri: UriRefBuf, absolute: bool) -> Self {
        UriReference {
            inner: Inner::Uri(uri),
            absolute,
        }
    }

    fn from_iri(iri: IriRefBuf, absolute: bool) -> Self {
        UriReference {
            inner: Inner::Iri(iri),
            absolute,
        }
    }
}

/// `error` with the option or function its message suggests named as
/// Python's keyword argument or function, not the library's.
fn for_python(error: peguri::ParseError) -> peguri::ParseError {
    use peguri::error::Hint;
    let words = match error.hint() {
        Some(Hint::AllowZoneId) => "allow it with allow_zone_id=True",
        Some(Hint::ReadAsReference { iri: false }) => "peguri.parse reads it",
        Some(Hint::ReadAsReference { iri: true }) => "peguri.parse_iri_ref reads it",
        // The others name no option of the library.
        _ => return error,
    };
    error.with_hint_words(words)
}

/// A Python `ParseError` carrying the library's error as attributes.
fn parse_error(py: Python<'_>, e: &peguri::ParseError) -> PyErr {
    // Messages name Python's keywords and functions, not Rust's.
    let e = &for_python(e.clone());
    let err = ParseError::new_err(e.to_string());
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail short of
    // memory exhaustion, which raises anyway.
    let _ = value.setattr("offset", e.offset());
    let _ = value.setattr("column", e.column());
    let _ = value.setattr("expected", e.expected().collect::<Vec<_>>());
    // The library's names, as the CLI's JSON gives them.
    let _ = value.setattr("kind", e.kind().as_str());
    let _ = value.setattr("component", e.component().map(|c| c.as_str()));
    let _ = value.setattr("message", e.message().to_string());
    err
}

fn build_error(py: Python<'_>, e: &peguri::error::BuildError) -> PyErr {
    let err = BuildError::new_err(e.to_string());
    let value = err.value(py);
    let _ = value.setattr("component", e.component().as_str());
    let _ = value.setattr("offset", e.offset());
    err
}

fn resolve_error(e: &peguri::error::ResolveError) -> PyErr {
    ResolveError::new_err(e.to_string())
}

/// Why a base or a target without a scheme cannot be used: the base of a
/// resolution must be a URI (the library's types refuse another), and so
/// must the base and the target of `relative_to`.
#[derive(Clone, Copy)]
enum NoScheme {
    Resolving,
    RelativeBase,
    RelativeTarget,
}

impl NoScheme {
    /// The `ResolveError` for `text`: the message, then `text` with a caret
    /// under its start.
    fn error(self, text: &str) -> PyErr {
        let message = match self {
            NoScheme::Resolving => {
                "cannot resolve against a relative reference: a base URI must start with a \
                 scheme (RFC 3986 section 5.2.1)"
            }
            NoScheme::RelativeBase => {
                "cannot make a reference relative to a relative reference: a base URI must \
                 start with a scheme (RFC 3986 section 5.2.1)"
            }
            NoScheme::RelativeTarget => {
                "cannot make a reference to a relative reference: the target must start with a \
                 scheme"
            }
        };
        let excerpt = peguri::error::Excerpt::around(text, 0..0);
        ResolveError::new_err(format!("{message}\n{excerpt}"))
    }
}

/// `reference` as a URI, or the error that says it has no scheme.
fn uri_of<'a>(reference: &'a UriRefBuf, why: NoScheme) -> PyResult<Uri<'a>> {
    Uri::try_from(UriRef::from(reference)).map_err(|r| why.error(r.as_str()))
}

/// `reference` as an IRI, or the error that says it has no scheme.
fn iri_of(reference: IriRef<'_>, why: NoScheme) -> PyResult<Iri<'_>> {
    Iri::try_from(reference).map_err(|r| why.error(r.as_str()))
}

/// A scheme as a Python `str`: the schemes of most URLs as one shared
/// (interned) `str` each, which a getter returns without making a new one,
/// others made from the text.
fn scheme_str<'py>(py: Python<'py>, scheme: &str) -> Bound<'py, PyString> {
    match scheme {
        "https" => intern!(py, "https").clone(),
        "http" => intern!(py, "http").clone(),
        "file" => intern!(py, "file").clone(),
        "mailto" => intern!(py, "mailto").clone(),
        "urn" => intern!(py, "urn").clone(),
        "data" => intern!(py, "data").clone(),
        _ => PyString::new(py, scheme),
    }
}

/// The rule a reference is parsed with.
#[derive(Clone, Copy)]
enum Rule {
    UriRef,
    Uri,
    IriRef,
    Iri,
}

/// Text from Python: a `str` as UTF-8, or, for a `str` that holds a lone
/// surrogate (as `surrogateescape` decoding makes for bytes that are not
/// UTF-8), its bytes with each surrogate encoded as UTF-8 would encode it,
/// which no UTF-8 decoder accepts.
enum Text<'a> {
    Utf8(&'a str),
    NotUtf8(Vec<u8>),
}

fn text_of<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Text<'a>> {
    if let Ok(text) = s.to_str() {
        return Ok(Text::Utf8(text));
    }
    let bytes = s.call_method1("encode", ("utf-8", "surrogatepass"))?;
    Ok(Text::NotUtf8(bytes.extract()?))
}

/// The argument `what` as a `str`, or a `TypeError` naming it.
fn expect_str<'a, 'py>(
    value: &'a Bound<'py, PyAny>,
    what: &str,
) -> PyResult<&'a Bound<'py, PyString>> {
    value.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!("{what} must be a str, not {}", type_name(value)))
    })
}

/// The Python type name of `value`, for messages.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "object".to_owned())
}

/// Parses a `str` by `rule`; one that is not UTF-8 raises `ParseError`
/// with the kind `invalid_utf8` at its first lone surrogate.
fn parse_text(py: Python<'_>, text: &Bound<'_, PyString>, rule: Rule) -> PyResult<UriReference> {
    parse_text_with(py, text, rule, false)
}

/// [`parse_text`], with RFC 6874 zone identifiers allowed when `zones`.
fn parse_text_with(
    py: Python<'_>,
    text: &Bound<'_, PyString>,
    rule: Rule,
    zones: bool,
) -> PyResult<UriReference> {
    match text_of(text)? {
        Text::Utf8(text) => parse_zoned(py, text, rule, zones),
        Text::NotUtf8(bytes) => {
            let error = match rule {
                Rule::UriRef | Rule::Uri => UriRef::parse_bytes(&bytes).err(),
                Rule::IriRef | Rule::Iri => IriRef::parse_bytes(&bytes).err(),
            };
            Err(match error {
                Some(e) => parse_error(py, &e),
                None => PyValueError::new_err("a str with a lone surrogate is not UTF-8"),
            })
        }
    }
}

/// `text` parsed as `rule`, with RFC 6874 zone identifiers allowed when
/// `zones`.
fn parse_zoned(py: Python<'_>, text: &str, rule: Rule, zones: bool) -> PyResult<UriReference> {
    if zones {
        let options = peguri::ParseOptions::new().allow_zone_id(true);
        return match rule {
            Rule::UriRef => UriRef::parse_with(text, &options)
                .map(|u| UriReference::from_uri(u.to_owned(), false)),
            Rule::Uri => peguri::Uri::parse_with(text, &options)
                .map(|u| UriReference::from_uri(u.to_owned().into(), true)),
            Rule::IriRef => IriRef::parse_with(text, &options)
                .map(|i| UriReference::from_iri(i.to_owned(), false)),
            Rule::Iri => peguri::Iri::parse_with(text, &options)
                .map(|i| UriReference::from_iri(i.to_owned().into(), true)),
        }
        .map_err(|e| parse_error(py, &e));
    }
    let text = text.to_owned();
    match rule {
        Rule::UriRef => UriRefBuf::parse(text)
            .map(|u| UriReference::from_uri(u, false))
            .map_err(|e| parse_error(py, &e)),
        Rule::Uri => peguri::UriBuf::parse(text)
            .map(|u| UriReference::from_uri(u.into(), true))
            .map_err(|e| parse_error(py, &e)),
        Rule::IriRef => IriRefBuf::parse(text)
            .map(|i| UriReference::from_iri(i, false))
            .map_err(|e| parse_error(py, &e)),
        Rule::Iri => peguri::IriBuf::parse(text)
            .map(|i| UriReference::from_iri(i.into(), true))
            .map_err(|e| parse_error(py, &e)),
    }
}

/// A reference given as a `UriReference` or as text, parsed as an IRI
/// reference when `iri` (the other side's family) and as a URI reference
/// otherwise.
fn coerce(py: Python<'_>, value: &Bound<'_, PyAny>, iri: bool) -> PyResult<UriReference> {
    if let Ok(r) = value.cast::<UriReference>() {
        let r = r.get();
        return Ok(UriReference {
            inner: r.inner.clone(),
            absolute: r.absolute,
        });
    }
    if let Ok(s) = value.cast::<PyString>() {
        let rule = if iri { Rule::IriRef } else { Rule::UriRef };
        return parse_text(py, s, rule);
    }
    Err(PyTypeError::new_err(format!(
        "expected a str or a UriReference, not {}",
        type_name(value)
    )))
}

#[pymethods]
impl UriReference {
    /// Parses `text` as a URI reference (the same as `peguri.parse`).
    #[new]
    fn py_new(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Self> {
        parse_text(py, expect_str(text, "text")?, Rule::UriRef)
    }

    /// The rule the text matched: `URI`, `relative-ref`, `IRI` or
    /// `irelative-ref`, each one shared (interned) `str`.
    #[getter]
    fn rule<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        let rule = match &self.inner {
            Inner::Uri(u) => u.rule(),
            Inner::Iri(i) => i.rule(),
        };
        match rule {
            "URI" => intern!(py, "URI").clone(),
            "relative-ref" => intern!(py, "relative-ref").clone(),
            "IRI" => intern!(py, "IRI").clone(),
            "irelative-ref" => intern!(py, "irelative-ref").clone(),
            other => PyString::new(py, other),
        }
    }

    /// Whether this is an IRI (parsed with `parse_iri` or `parse_iri_ref`).
    #[getter]
    fn is_iri(&self) -> bool {
        matches!(self.inner, Inner::Iri(_))
    }

    #[getter]
    fn scheme<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        self.view().scheme().map(|scheme| scheme_str(py, scheme))
    }

    #[getter]
    fn has_scheme(&self) -> bool {
        self.view().has_scheme()
    }

    #[getter]
    fn authority(&self) -> Option<&str> {
        self.view_str(|v| v.authority().map(|a| a.as_str()))
    }

    #[getter]
    fn userinfo(&self) -> Option<&str> {
        self.view_str(|v| v.authority().and_then(|a| a.userinfo()))
    }

    #[getter]
    fn host(&self) -> Option<&str> {
        self.view_str(|v| v.authority().map(|a| a.host_str()))
    }

    /// `reg-name`, `ipv4`, `ipv6` or `ipvfuture`; `None` without authority.
    #[getter]
    fn host_kind(&self) -> Option<&'static str> {
        self.view().authority().map(|a| a.host().kind())
    }

    /// The host percent-decoded (a registered name; IP literals as written).
    #[getter]
    fn host_decoded(&self) -> Option<String> {
        self.view()
            .authority()
            .map(|a| a.host().decoded().into_owned())
    }

    #[getter]
    fn port(&self) -> Option<&str> {
        self.view_str(|v| v.authority().and_then(|a| a.port()))
    }

    /// The port as a number, `None` when absent, empty or over 65535.
    #[getter]
    fn port_number(&self) -> Option<u16> {
        self.view().authority().and_then(|a| a.port_u16())
    }

    #[getter]
    fn path(&self) -> &str {
        self.view_str(|v| Some(v.path())).unwrap_or_default()
    }

    #[getter]
    fn segments(&self) -> Vec<&str> {
        self.view().segments().collect()
    }

    /// The path segments percent-decoded.
    #[getter]
    fn segments_decoded(&self) -> Vec<String> {
        self.view()
            .segments()
            .decoded()
            .map(|s| s.into_owned())
            .collect()
    }

    #[getter]
    fn query(&self) -> Option<&str> {
        self.view_str(|v| v.query())
    }

    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.view_str(|v| v.fragment())
    }

    /// The public suffix of the host by the Public Suffix List built in
    /// (both its ICANN and its private section), lowercase; `None`
    /// without an authority, for an IP host or a reg-name that reads as
    /// one (`0x7f.1`, `127.1`: RFC 3986 section 7.4), and for a host with
    /// an empty label (a leading dot). An IRI's U-labels are matched through their
    /// IDNA mapping and come back as U-labels.
    #[getter]
    fn public_suffix(&self) -> Option<Cow<'_, str>> {
        self.view().public_suffix()
    }

    /// The registrable domain of the host (its public suffix and the label
    /// before it, lowercase): the site to group URLs by. `None` where
    /// `public_suffix` is, and for a host that is itself a public suffix.
    #[getter]
    fn registrable_domain(&self) -> Option<Cow<'_, str>> {
        self.view().registrable_domain()
    }

    /// The subdomain of the host: the labels before its registrable
    /// domain, lowercase (`"a.b"` for `a.b.example.co.uk`); `""` for a
    /// host that is its registrable domain; `None` where
    /// `registrable_domain` is.
    #[getter]
    fn subdomain(&self) -> Option<Cow<'_, str>> {
        self.view().subdomain()
    }

    /// The query's `key=value` pairs, percent-decoded; a key without `=`
    /// has the value `None`. `+` stays `+` unless `plus_as_space`, which
    /// reads it as a space, as HTML forms write it.
    #[pyo3(signature = (*, plus_as_space = false))]
    fn query_pairs(&self, plus_as_space: bool) -> Vec<(String, Option<String>)> {
        self.view()
            .query_pairs()
            .plus_as_space(plus_as_space)
            .raw()
            .map(|p| (p.key().into_owned(), p.value().map(|v| v.into_owned())))
            .collect()
    }

    /// Resolves `reference` against this base (RFC 3986 section 5.2; RFC
    /// 3987 section 6.5 when either is an IRI). `strict=False` drops a
    /// reference's scheme that equals the base's (section 5.2.2).
    #[pyo3(signature = (reference, strict = true))]
    fn resolve(
        &self,
        py: Python<'_>,
        reference: &Bound<'_, PyAny>,
        strict: bool,
    ) -> PyResult<UriReference> {
        let reference = coerce(py, reference, self.iri())?;
        let resolver = Resolver::new().non_strict(!strict);
        Ok(match (&self.inner, &reference.inner) {
            (Inner::Uri(b), Inner::Uri(r)) => {
                let base = uri_of(b, NoScheme::Resolving)?;
                UriReference::from_uri(resolver.resolve(&base, r).into(), true)
            }
            _ => {
                let base = iri_of(self.view(), NoScheme::Resolving)?;
                UriReference::from_iri(resolver.resolve(&base, &reference.view()).into(), true)
            }
        })
    }

    /// The shortest reference that resolves against `base` to this one.
    fn relative_to(&self, py: Python<'_>, base: &Bound<'_, PyAny>) -> PyResult<UriReference> {
        let base = coerce(py, base, self.iri())?;
        match (&base.inner, &self.inner) {
            (Inner::Uri(b), Inner::Uri(t)) => {
                let base = uri_of(b, NoScheme::RelativeBase)?;
                let target = uri_of(t, NoScheme::RelativeTarget)?;
                base.make_relative(&target)
                    .map(|u| UriReference::from_uri(u, false))
                    .map_err(|e| resolve_error(&e))
            }
            _ => {
                let base = iri_of(base.view(), NoScheme::RelativeBase)?;
                let target = iri_of(self.view(), NoScheme::RelativeTarget)?;
                base.make_relative(&target)
                    .map(|i| UriReference::from_iri(i, false))
                    .map_err(|e| resolve_error(&e))
            }
        }
    }

    /// The normal form (RFC 3986 sections 6.2.2 and 6.2.3; RFC 3987
    /// section 5.3.2 for IRIs), of the same rule.
    fn normalize(&self) -> UriReference {
        match &self.inner {
            Inner::Uri(u) => UriReference::from_uri(u.normalize(), self.absolute),
            Inner::Iri(i) => UriReference::from_iri(i.normalize(), self.absolute),
        }
    }

    /// Whether both have the same normal form.
    fn equivalent(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let other = coerce(py, other, self.iri())?;
        Ok(match (&self.inner, &other.inner) {
            (Inner::Uri(a), Inner::Uri(b)) => a.equivalent(b),
            _ => self.view().normalize().as_str() == other.view().normalize().as_str(),
        })
    }

    /// A copy with components replaced through the library's setters, in
    /// the order scheme, authority, userinfo, host, port, path, query,
    /// fragment. `None` removes an optional component. Raises
    /// `BuildError` for what RFC 3986 forbids.
    #[pyo3(signature = (**components))]
    fn replace(
        &self,
        py: Python<'_>,
        components: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<UriReference> {
        let mut edits: [Option<Option<String>>; 8] = Default::default();
        if let Some(components) = components {
            for (key, value) in components.iter() {
                let key: String = key.extract()?;
                let index = REPLACEABLE.iter().position(|k| *k == key).ok_or_else(|| {
                    PyTypeError::new_err(format!("replace() got an unknown component {key:?}"))
                })?;
                edits[index] = Some(replacement(py, &key, &value)?);
            }
        }
        let mut out = UriReference {
            inner: self.inner.clone(),
            absolute: self.absolute,
        };
        let result = match &mut out.inner {
            Inner::Uri(u) => apply_edits(u, &edits),
            Inner::Iri(i) => apply_edits(i, &edits),
        };
        result.map_err(|e| build_error(py, &e))?;
        if out.absolute && !out.view().has_scheme() {
            return Err(BuildError::new_err(
                "a URI (or IRI) has a scheme: parse it with parse() to remove it",
            ));
        }
        Ok(out)
    }

    /// The URI of an IRI (RFC 3987 section 3.1): non-ASCII characters
    /// percent-encoded, and with `idna=True` a non-ASCII registered name
    /// converted by UTS 46 ToASCII. A URI maps to itself.
    #[pyo3(signature = (*, idna = false))]
    fn to_uri(&self, idna: bool) -> PyResult<UriReference> {
        match &self.inner {
            Inner::Uri(u) => Ok(UriReference::from_uri(u.clone(), self.absolute)),
            Inner::Iri(i) if idna => i
                .to_uri_idna()
                .map(|u| UriReference::from_uri(u, self.absolute))
                .map_err(|e| IdnaError::new_err(e.to_string())),
            Inner::Iri(i) => Ok(UriReference::from_uri(i.to_uri(), self.absolute)),
        }
    }

    /// The reference checked against its scheme's own syntax (the schemes
    /// with a grammar are those `peguri schemes` marks, docs/schemes.md):
    /// `None` without a scheme or for another scheme; otherwise a
    /// dict `{"scheme", "spec", "valid", "error", "parts"}`, `error` being
    /// `{"offset", "message"}` (the offset in bytes into the whole text)
    /// or `None`, `parts` what the scheme's syntax holds or `None`.
    fn scheme_syntax<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let view = self.view();
        let Some(report) = peguri::scheme::SyntaxReport::of(&view) else {
            return Ok(None);
        };
        // The object of the JSON contract, read by Python's json so that
        // its members keep their order and numbers their type.
        let text = serde_json::to_string(&report).map_err(|e| {
            PyValueError::new_err(format!("the scheme's parts do not serialize: {e}"))
        })?;
        let json = py.import("json")?;
        Ok(Some(json.call_method1("loads", (text,))?))
    }

    /// The IRI a URI shows as (RFC 3987 section 3.2): percent-encoded UTF-8
    /// decoded where the IRI grammar allows the characters.
    fn to_iri(&self) -> UriReference {
        match &self.inner {
            Inner::Uri(u) => UriReference::from_iri(u.to_iri(), self.absolute),
            Inner::Iri(i) => UriReference::from_iri(i.clone(), self.absolute),
        }
    }

    fn __str__(&self) -> &str {
        self.as_str()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, self.as_str()).repr()?;
        Ok(format!("UriReference({text})"))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> Py<PyAny> {
        let py = other.py();
        match other.cast::<UriReference>() {
            Ok(o) => (o.get().as_str() == self.as_str())
                .into_py_any(py)
                .expect("a bool"),
            Err(_) => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.as_str().hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let name = match (self.iri(), self.absolute) {
            (false, false) => "parse",
            (false, true) => "parse_uri",
            (true, false) => "parse_iri_ref",
            (true, true) => "parse_iri",
        };
        let module = py.import("peguri._peguri")?;
        Ok((module.getattr(name)?, PyTuple::new(py, [self.as_str()])?))
    }
}

/// A value of `replace`'s keyword `key`: `None`, a `str`, or for `port`
/// an `int` from 0 to 65535.
fn replacement(py: Python<'_>, key: &str, value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if value.is_none() {
        return Ok(None);
    }
    let is_bool = value.cast::<pyo3::types::PyBool>().is_ok();
    if key == "port"
        && !is_bool
        && let Ok(port) = value.cast::<pyo3::types::PyInt>()
    {
        return match port.extract::<u16>() {
            Ok(port) => Ok(Some(port.to_string())),
            Err(_) => {
                let err = BuildError::new_err(format!(
                    "port must be from 0 to 65535, got {}",
                    port.str()?
                ));
                let _ = err.value(py).setattr("component", "port");
                let _ = err.value(py).setattr("offset", py.None());
                Err(err)
            }
        };
    }
    let Ok(text) = value.cast::<PyString>() else {
        let accepted = if key == "port" {
            "an int, a str or None"
        } else {
            "a str or None"
        };
        return Err(PyTypeError::new_err(format!(
            "replace(): {key} must be {accepted}, not {}",
            type_name(value)
        )));
    };
    match text_of(text)? {
        Text::Utf8(text) => Ok(Some(text.to_owned())),
        Text::NotUtf8(_) => {
            let err = BuildError::new_err(format!(
                "replace(): {key} holds a lone surrogate, which is not UTF-8 text"
            ));
            let _ = err.value(py).setattr("component", key);
            let _ = err.value(py).setattr("offset", py.None());
            Err(err)
        }
    }
}

/// The keyword arguments of `replace`, in the order they are applied.
const REPLACEABLE: [&str; 8] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "path",
    "query",
    "fragment",
];

/// Applies `replace`'s edits, in [`REPLACEABLE`]'s order, to an owned
/// reference of either family.
fn apply_edits<F: Family>(
    r: &mut Reference<String, F, MaybeRelative>,
    edits: &[Option<Option<String>>; 8],
) -> Result<(), peguri::error::BuildError> {
    let [
        scheme,
        authority,
        userinfo,
        host,
        port,
        path,
        query,
        fragment,
    ] = edits;
    if let Some(v) = scheme {
        r.set_scheme(v.as_deref())?;
    }
    if let Some(v) = authority {
        r.set_authority(v.as_deref())?;
    }
    if let Some(v) = userinfo {
        r.set_userinfo(v.as_deref())?;
    }
    if let Some(v) = host {
        match v {
            Some(h) => r.set_host(h)?,
            None => r.set_authority(None)?,
        }
    }
    if let Some(v) = port {
        r.set_port_str(v.as_deref())?;
    }
    if let Some(v) = path {
        r.set_path(v.as_deref().unwrap_or(""))?;
    }
    if let Some(v) = query {
        r.set_query(v.as_deref())?;
    }
    if let Some(v) = fragment {
        r.set_fragment(v.as_deref())?;
    }
    Ok(())
}

impl UriReference {
    /// A component of the view, as a slice of `self`'s own text (the view
    /// is a fresh value whose slices borrow that text).
    fn view_str<'s>(&'s self, get: impl FnOnce(IriRef<'s>) -> Option<&'s str>) -> Option<&'s str> {
        get(self.view())
    }
}

/// Parses a URI reference (RFC 3986 section 4.1). With `allow_zone_id`, an IPv6
/// literal may hold an RFC 6874 zone identifier (`[fe80::1%25en0]`).
#[pyfunction]
#[pyo3(signature = (text, *, allow_zone_id = false))]
fn parse(py: Python<'_>, text: &Bound<'_, PyAny>, allow_zone_id: bool) -> PyResult<UriReference> {
    parse_text_with(py, expect_str(text, "text")?, Rule::UriRef, allow_zone_id)
}

/// Parses a URI (RFC 3986 section 3): a reference with a scheme. With `allow_zone_id`, an IPv6
/// literal may hold an RFC 6874 zone identifier (`[fe80::1%25en0]`).
#[pyfunction]
#[pyo3(signature = (text, *, allow_zone_id = false))]
fn parse_uri(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    allow_zone_id: bool,
) -> PyResult<UriReference> {
    parse_text_with(py, expect_str(text, "text")?, Rule::Uri, allow_zone_id)
}

/// Parses an IRI reference (RFC 3987 section 2.2). With `allow_zone_id`, an IPv6
/// literal may hold an RFC 6874 zone identifier (`[fe80::1%25en0]`).
#[pyfunction]
#[pyo3(signature = (text, *, allow_zone_id = false))]
fn parse_iri_ref(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    allow_zone_id: bool,
) -> PyResult<UriReference> {
    parse_text_with(py, expect_str(text, "text")?, Rule::IriRef, allow_zone_id)
}

/// Parses an IRI (RFC 3987 section 2.2). With `allow_zone_id`, an IPv6
/// literal may hold an RFC 6874 zone identifier (`[fe80::1%25en0]`).
#[pyfunction]
#[pyo3(signature = (text, *, allow_zone_id = false))]
fn parse_iri(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    allow_zone_id: bool,
) -> PyResult<UriReference> {
    parse_text_with(py, expect_str(text, "text")?, Rule::Iri, allow_zone_id)
}

/// Whether `text` is a URI reference, without building an object; `False`
/// for a str that is not UTF-8 (one with a lone surrogate).
#[pyfunction]
fn is_valid(text: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(match text_of(expect_str(text, "text")?)? {
        Text::Utf8(text) => UriRef::parse(text).is_ok(),
        Text::NotUtf8(_) => false,
    })
}

self_cell::self_cell!(
    /// A template's text and the template parsed from it.
    struct OwnedTemplate {
        owner: String,
        #[covariant]
        dependent: UriTemplate,
    }
);

/// A URI template (RFC 6570), parsed once, when made.
#[pyclass(frozen, module = "peguri", name = "UriTemplate")]
pub struct PyUriTemplate {
    template: OwnedTemplate,
}

impl PyUriTemplate {
    fn template(&self) -> &UriTemplate<'_> {
        self.template.borrow_dependent()
    }

    fn text(&self) -> &str {
        self.template.borrow_owner()
    }
}

/// What a template variable may be, for messages.
const TEMPLATE_VALUES: &str =
    "a str, int or float, a list or tuple of them, a dict of str to them, or None";

/// A scalar template value (a `str`, `int` or `float`, not a `bool`) as its
/// text; the error says which variable holds what.
fn template_scalar(name: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = value.cast::<PyString>() {
        return match text_of(s)? {
            Text::Utf8(text) => Ok(text.to_owned()),
            Text::NotUtf8(_) => Err(TemplateError::new_err(format!(
                "UriTemplate.expand: variable {} holds a lone surrogate, which is not UTF-8 text",
                peguri::error::Quoted::new(name)
            ))),
        };
    }
    let number =
        value.cast::<pyo3::types::PyInt>().is_ok() || value.cast::<pyo3::types::PyFloat>().is_ok();
    if number && value.cast::<pyo3::types::PyBool>().is_err() {
        return Ok(value.str()?.to_string());
    }
    Err(PyTypeError::new_err(format!(
        "UriTemplate.expand: variable {} is {}; a value is {TEMPLATE_VALUES}",
        peguri::error::Quoted::new(name),
        type_name(value)
    )))
}

/// A Python value as template variable `name`: `None` is undefined.
fn template_value(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Option<Value<'static>>> {
    if value.is_none() {
        return Ok(None);
    }
    if let Ok(d) = value.cast::<PyDict>() {
        let mut pairs = Vec::with_capacity(d.len());
        for (k, v) in d.iter() {
            if k.cast::<PyString>().is_err() {
                return Err(PyTypeError::new_err(format!(
                    "UriTemplate.expand: variable {} has a key of type {}; a value is {TEMPLATE_VALUES}",
                    peguri::error::Quoted::new(name),
                    type_name(&k)
                )));
            }
            pairs.push((
                template_scalar(name, &k)?.into(),
                template_scalar(name, &v)?.into(),
            ));
        }
        return Ok(Some(Value::Map(pairs)));
    }
    if value.cast::<PyList>().is_ok() || value.cast::<PyTuple>().is_ok() {
        let mut items = Vec::new();
        for item in value.try_iter()? {
            items.push(template_scalar(name, &item?)?.into());
        }
        return Ok(Some(Value::List(items)));
    }
    Ok(Some(Value::String(template_scalar(name, value)?.into())))
}

fn value_to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::List(items) => PyList::new(py, items)?.into_any(),
        Value::Map(pairs) => {
            let d = PyDict::new(py);
            for (k, v) in pairs {
                d.set_item(k, v)?;
            }
            d.into_any()
        }
    })
}

#[pymethods]
impl PyUriTemplate {
    #[new]
    fn new(template: &Bound<'_, PyAny>) -> PyResult<Self> {
        let template = match text_of(expect_str(template, "template")?)? {
            Text::Utf8(text) => text.to_owned(),
            Text::NotUtf8(_) => {
                return Err(TemplateError::new_err(
                    "a template with a lone surrogate is not UTF-8 text",
                ));
            }
        };
        let template = OwnedTemplate::try_new(template, |text| UriTemplate::parse(text))
            .map_err(|e| TemplateError::new_err(e.to_string()))?;
        Ok(PyUriTemplate { template })
    }

    /// The names of the variables, in order of first appearance.
    #[getter]
    fn variable_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for name in self.template().variable_names() {
            if !names.iter().any(|n| n == name) {
                names.push(name.to_owned());
            }
        }
        names
    }

    /// Expands the template (RFC 6570 section 3): a variable is a str, an
    /// int or a float (by its str()), a list or tuple of them, or a dict of
    /// str to them; `None` or missing is undefined. Any other value raises
    /// `TypeError` naming the variable.
    #[pyo3(signature = (**variables))]
    fn expand(&self, variables: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let mut vars: Vec<(String, Value<'static>)> = Vec::new();
        if let Some(variables) = variables {
            for (k, v) in variables.iter() {
                let name: String = k.extract()?;
                if let Some(value) = template_value(&name, &v)? {
                    vars.push((name, value));
                }
            }
        }
        self.template()
            .expand(&vars)
            .map_err(|e| TemplateError::new_err(e.to_string()))
    }

    /// The variables whose expansion gives `uri` (percent-decoded), or
    /// `None` when it does not match. Raises `TemplateError` for a template
    /// too ambiguous to match.
    #[pyo3(name = "match")]
    fn match_<'py>(
        &self,
        py: Python<'py>,
        uri: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let template = self.template();
        template
            .matchability()
            .map_err(|e| TemplateError::new_err(e.to_string()))?;
        // A str that is not UTF-8 is no URI: it matches nothing.
        let Text::Utf8(uri) = text_of(expect_str(uri, "uri")?)? else {
            return Ok(None);
        };
        let Some(found) = template.match_uri(uri) else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        for (name, value) in found.iter() {
            d.set_item(name, value_to_py(py, value)?)?;
        }
        Ok(Some(d))
    }

    fn __str__(&self) -> &str {
        self.text()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, self.text()).repr()?;
        Ok(format!("UriTemplate({text})"))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> Py<PyAny> {
        let py = other.py();
        match other.cast::<PyUriTemplate>() {
            Ok(o) => (o.get().text() == self.text())
                .into_py_any(py)
                .expect("a bool"),
            Err(_) => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.text().hash(&mut hasher);
        hasher.finish()
    }
}

/// The extension module.
#[pymodule]
fn _peguri(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<UriReference>()?;
    m.add_class::<PyUriTemplate>()?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(parse_uri, m)?)?;
    m.add_function(wrap_pyfunction!(parse_iri_ref, m)?)?;
    m.add_function(wrap_pyfunction!(parse_iri, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(registry::scheme_info, m)?)?;
    // The crate's version is the package's: pyproject.toml's [project]
    // version, which a test holds equal to the installed metadata's.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("ResolveError", py.get_type::<ResolveError>())?;
    m.add("BuildError", py.get_type::<BuildError>())?;
    m.add("IdnaError", py.get_type::<IdnaError>())?;
    m.add("TemplateError", py.get_type::<TemplateError>())?;
    batch::register(m)?;
    pieces::register(m)?;
    Ok(())
}
