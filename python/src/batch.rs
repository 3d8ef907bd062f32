//! The Arrow batch functions of `peguri.arrow`: Arrow arrays in and out
//! through the PyCapsule interface, the work done by `peguri-arrow`'s
//! kernels (shared with the SQL functions) with the GIL released.

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::builder::StringViewBuilder;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, cast::AsArray};
use arrow_schema::{ArrowError, DataType};
use peguri::{Component, PublicSuffixList, UriRef};
use peguri_arrow::Base;
use peguri_arrow::column::{Layout, StringColumn, Substrings, unpack_dictionary};
use pyo3::exceptions::{PyImportError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::guard::guard;
use crate::{cast, ffi};

/// An Arrow array made by peguri, readable by any Arrow library through
/// `__arrow_c_array__` (pyarrow, Polars, DuckDB...), with no dependency on
/// pyarrow.
#[pyclass(frozen, module = "peguri.arrow", name = "ArrowArray")]
pub struct ArrowArray {
    array: ArrayRef,
}

#[pymethods]
impl ArrowArray {
    /// The `(schema, array)` capsules of the Arrow PyCapsule interface.
    /// A `requested_schema` whose type differs from the array's only in
    /// the layout of its strings (`string`, `large_string`,
    /// `string_view`, also inside a struct or a list) is honoured; any
    /// other is left to the consumer, as the protocol allows.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let requested = requested_schema.as_ref().and_then(ffi::requested_type);
        let array = match requested {
            Some(to) => py
                .detach(|| guard(|| cast::to_type(&self.array, &to)))?
                .unwrap_or_else(|| self.array.clone()),
            None => self.array.clone(),
        };
        ffi::export(py, array.as_ref())
    }

    /// The array as a pandas Series, through pyarrow
    /// (`pyarrow.array(self).to_pandas(**options)`: `types_mapper=pd.ArrowDtype`
    /// keeps the Arrow type). An `ImportError` says what to install when
    /// pyarrow or pandas is missing.
    #[pyo3(signature = (**options))]
    fn to_pandas<'py>(
        slf: &Bound<'py, Self>,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let missing = |what: &str| {
            PyImportError::new_err(format!(
                "ArrowArray.to_pandas() needs {what}: pip install pyarrow pandas"
            ))
        };
        if py.import("pandas").is_err() {
            return Err(missing("pandas"));
        }
        let pyarrow = py.import("pyarrow").map_err(|_| missing("pyarrow"))?;
        pyarrow
            .call_method1("array", (slf,))?
            .call_method("to_pandas", (), options)
    }

    /// The Arrow type, as Arrow's Rust implementation writes it.
    #[getter]
    fn data_type(&self) -> String {
        self.array.data_type().to_string()
    }

    /// The number of NULLs.
    #[getter]
    fn null_count(&self) -> usize {
        self.array.null_count()
    }

    fn __len__(&self) -> usize {
        self.array.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<peguri.arrow.ArrowArray {} of {} rows>",
            self.array.data_type(),
            self.array.len()
        )
    }
}

fn arrow_err(e: ArrowError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The layout of the strings a function returns: plain columns unless
/// views are asked for.
fn layout(views: bool) -> Layout {
    if views { Layout::View } else { Layout::Plain }
}

/// Joins the results of several chunks into one array. Plain string
/// results that a `string` column cannot hold together (past 2 GiB) are
/// joined as `large_string`.
fn concat(outputs: Vec<ArrayRef>) -> Result<ArrayRef, ArrowError> {
    if outputs.len() == 1 {
        return Ok(outputs.into_iter().next().expect("one output"));
    }
    let refs: Vec<&dyn Array> = outputs.iter().map(|c| c.as_ref()).collect();
    let plain = refs
        .iter()
        .all(|a| matches!(a.data_type(), DataType::Utf8 | DataType::LargeUtf8));
    if plain && refs.iter().any(|a| a.data_type() != refs[0].data_type()) {
        return concat_large(&refs);
    }
    match arrow_select::concat::concat(&refs) {
        Err(ArrowError::OffsetOverflowError(_)) if plain => concat_large(&refs),
        result => result,
    }
}

/// Plain string columns joined as one `large_string` column.
fn concat_large(refs: &[&dyn Array]) -> Result<ArrayRef, ArrowError> {
    let large: Vec<LargeStringArray> = refs
        .iter()
        .map(|a| match a.data_type() {
            DataType::Utf8 => a.as_string::<i32>().iter().collect(),
            _ => a.as_string::<i64>().clone(),
        })
        .collect();
    let refs: Vec<&dyn Array> = large.iter().map(|a| a as &dyn Array).collect();
    arrow_select::concat::concat(&refs)
}

/// The chunks of `obj` as one array: kernels of two inputs need rows that
/// line up, and one output array is what `__arrow_c_array__` offers.
fn one_array(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let chunks = ffi::import(obj)?;
    if chunks.is_empty() {
        // A stream without batches: no rows.
        return Ok(Arc::new(arrow_array::StringArray::from(Vec::<&str>::new())));
    }
    py.detach(|| guard(|| concat(chunks)))?.map_err(arrow_err)
}

/// Runs `kernel` on each chunk of `obj` with the GIL released, and joins
/// the results into one array.
fn map_chunks<F>(py: Python<'_>, obj: &Bound<'_, PyAny>, kernel: F) -> PyResult<ArrowArray>
where
    F: Fn(&dyn Array) -> Result<ArrayRef, ArrowError> + Send + Sync,
{
    let chunks = ffi::import(obj)?;
    if chunks.is_empty() {
        // An empty stream: run the kernel on an empty array of strings for
        // an empty result of the right type.
        let empty = arrow_array::StringArray::from(Vec::<&str>::new());
        let array = guard(|| kernel(&empty))?.map_err(arrow_err)?;
        return Ok(ArrowArray { array });
    }
    let array = py.detach(|| {
        guard(|| {
            let outputs = chunks
                .iter()
                .map(|c| kernel(c.as_ref()))
                .collect::<Result<Vec<_>, _>>()?;
            concat(outputs)
        })
    })?;
    Ok(ArrowArray {
        array: array.map_err(arrow_err)?,
    })
}

/// The struct of every field `peguri parse --json` prints: valid, rule,
/// the components, host_kind and the error's offset, column and message.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn parse(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| {
        Ok(Arc::new(peguri_arrow::parse(a, layout(views))?))
    })
}

/// The struct of `valid` and the seven components.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn components(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| {
        Ok(Arc::new(peguri_arrow::components(a, layout(views))?))
    })
}

/// Whether each row is a URI reference (NULL for NULL).
#[pyfunction]
fn is_valid(py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| Ok(Arc::new(peguri_arrow::is_valid(a)?)))
}

/// Whether each row is valid under its scheme's own syntax; NULL for NULL,
/// an invalid row, no scheme or a scheme without a grammar.
#[pyfunction]
fn scheme_valid(py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| Ok(Arc::new(peguri_arrow::scheme_valid(a)?)))
}

/// The parse error of each row, NULL where it is valid.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn error(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| peguri_arrow::error(a, layout(views)))
}

/// A component of a URI reference, as `peguri.Component` names it: the
/// library's `peguri::Component`, one member each.
#[pyclass(eq, eq_int, frozen, hash, module = "peguri", name = "Component")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::upper_case_acronyms)]
pub enum PyComponent {
    SCHEME,
    AUTHORITY,
    USERINFO,
    HOST,
    PORT,
    PATH,
    QUERY,
    FRAGMENT,
}

impl From<PyComponent> for Component {
    fn from(component: PyComponent) -> Self {
        match component {
            PyComponent::SCHEME => Component::Scheme,
            PyComponent::AUTHORITY => Component::Authority,
            PyComponent::USERINFO => Component::Userinfo,
            PyComponent::HOST => Component::Host,
            PyComponent::PORT => Component::Port,
            PyComponent::PATH => Component::Path,
            PyComponent::QUERY => Component::Query,
            PyComponent::FRAGMENT => Component::Fragment,
        }
    }
}

#[pymethods]
impl PyComponent {
    /// The component's name as RFC 3986 writes it, lowercase: its field's
    /// name in ``parse``'s struct.
    #[getter]
    fn value(&self) -> &'static str {
        Component::from(*self).as_str()
    }
}

/// A component given by a caller: a ``peguri.Component``, or its name.
pub struct WhichComponent(Component);

impl<'py> FromPyObject<'_, 'py> for WhichComponent {
    type Error = PyErr;

    fn extract(which: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(component) = which.cast::<PyComponent>() {
            return Ok(WhichComponent((*component.get()).into()));
        }
        let Ok(name) = which.extract::<&str>() else {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "a component is a peguri.Component or its name (str), not {}",
                which
                    .get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            )));
        };
        Component::ALL
            .into_iter()
            .find(|c| c.as_str() == name)
            .map(WhichComponent)
            .ok_or_else(|| {
                let names: Vec<&str> = Component::ALL.iter().map(|c| c.as_str()).collect();
                PyValueError::new_err(format!(
                    "no component named {:?}; the components are {}",
                    peguri::error::Quoted::new(name).to_string(),
                    names.join(", ")
                ))
            })
    }
}

/// One component of each row, NULL where absent or invalid.
#[pyfunction]
#[pyo3(signature = (urls, which, *, views = false))]
fn component(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    which: WhichComponent,
    views: bool,
) -> PyResult<ArrowArray> {
    let which = which.0;
    map_chunks(py, urls, move |a| {
        peguri_arrow::component(a, which, layout(views))
    })
}

/// The port of each row as a number (UInt16).
#[pyfunction]
fn port_number(py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| Ok(Arc::new(peguri_arrow::port_number(a)?)))
}

/// Each reference resolved against `base`: one base (a str) or one per row
/// (an Arrow array as long as the references); the references are an
/// array, or one `str` resolved against each base of an array.
#[pyfunction]
#[pyo3(signature = (base, references, *, views = false))]
fn resolve(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    references: &Bound<'_, PyAny>,
    views: bool,
) -> PyResult<ArrowArray> {
    if let (Ok(base), Err(_)) = (base.cast::<PyString>(), references.cast::<PyString>()) {
        // A base that is not UTF-8 (a lone surrogate) is no URI: every row
        // resolves to NULL, as against any other invalid base.
        let base = base.to_str().unwrap_or(" ").to_owned();
        return map_chunks(py, references, move |a| {
            peguri_arrow::resolve(Base::Scalar(&base), a, layout(views))
        });
    }
    let (bases, references) = two_columns(py, base, references, "resolve(base, references)")?;
    let array = py
        .detach(|| {
            guard(|| {
                peguri_arrow::resolve(
                    Base::Array(bases.as_ref()),
                    references.as_ref(),
                    layout(views),
                )
            })
        })?
        .map_err(arrow_err)?;
    Ok(ArrowArray { array })
}

/// The normal form of each row (RFC 3986 section 6).
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn normalize(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| peguri_arrow::normalize(a, layout(views)))
}

/// `text` as a column of `rows` rows, each a view of one shared copy of
/// it; a `str` that is not UTF-8 (a lone surrogate) is no URI, so its rows
/// are NULL, as an invalid URI's results are.
fn repeated(text: &Bound<'_, PyString>, rows: usize) -> PyResult<ArrayRef> {
    let Ok(text) = text.to_str() else {
        return Ok(Arc::new(StringArray::new_null(rows)));
    };
    let len = u32::try_from(text.len())
        .map_err(|_| PyValueError::new_err("a str of more than 4 GiB is no URI to compare"))?;
    let mut out = StringViewBuilder::with_capacity(rows);
    let block = out.append_block(text.as_bytes().into());
    for _ in 0..rows {
        out.try_append_view(block, 0, len).map_err(arrow_err)?;
    }
    Ok(Arc::new(out.finish()))
}

/// The two sides of a function of two columns, either of which may be one
/// `str` for every row (repeated to the other's length); `what` names the
/// function and its arguments for the error when both are `str`.
fn two_columns(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    what: &str,
) -> PyResult<(ArrayRef, ArrayRef)> {
    match (a.cast::<PyString>(), b.cast::<PyString>()) {
        (Ok(_), Ok(_)) => Err(PyTypeError::new_err(format!(
            "{what}: at least one argument must be an Arrow array (a column); for two single \
             URIs, use peguri.parse()"
        ))),
        (Ok(a), Err(_)) => {
            let b = one_array(py, b)?;
            Ok((repeated(a, b.len())?, b))
        }
        (Err(_), Ok(b)) => {
            let a = one_array(py, a)?;
            let b = repeated(b, a.len())?;
            Ok((a, b))
        }
        (Err(_), Err(_)) => Ok((one_array(py, a)?, one_array(py, b)?)),
    }
}

/// Whether the rows of `a` and `b` have the same normal forms; either may
/// be one `str` for every row.
#[pyfunction]
fn equivalent(py: Python<'_>, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    let (a, b) = two_columns(py, a, b, "equivalent(a, b)")?;
    let array = py
        .detach(|| {
            guard(|| {
                peguri_arrow::equivalent(a.as_ref(), b.as_ref()).map(|a| Arc::new(a) as ArrayRef)
            })
        })?
        .map_err(arrow_err)?;
    Ok(ArrowArray { array })
}

/// The public suffix of each row's host by the Public Suffix List built
/// in (both sections), lowercase.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn public_suffix(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| {
        peguri_arrow::public_suffix(a, &PublicSuffixList::built_in(), layout(views))
    })
}

/// The registrable domain of each row's host by the Public Suffix List
/// built in (both sections), lowercase.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn registrable_domain(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    views: bool,
) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| {
        peguri_arrow::registrable_domain(a, &PublicSuffixList::built_in(), layout(views))
    })
}

/// The value of `key` in each row's query (`peguri_arrow::query_param`:
/// the first value of a repeated key, `""` for a key without `=`): one key
/// (a `str`) for every row, or one per row (an Arrow array as long as the
/// URLs).
#[pyfunction]
#[pyo3(signature = (urls, key, *, views = false))]
fn query_param(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    key: &Bound<'_, PyAny>,
    views: bool,
) -> PyResult<ArrowArray> {
    let layout = layout(views);
    if let Ok(key) = key.cast::<PyString>() {
        // A key that is not UTF-8 (a lone surrogate) equals no decoded key,
        // which is always UTF-8: every row is NULL.
        let key = key.to_str().ok().map(str::to_owned);
        return map_chunks(py, urls, move |a| match &key {
            Some(key) => peguri_arrow::query_param(a, key, layout),
            None => Ok(Arc::new(StringArray::new_null(a.len()))),
        });
    }
    let urls = one_array(py, urls)?;
    let keys = one_array(py, key)?;
    let array = py
        .detach(|| guard(|| query_param_rows(urls.as_ref(), keys.as_ref(), layout)))?
        .map_err(arrow_err)?;
    Ok(ArrowArray { array })
}

/// `query_param` with a key per row: [`peguri_arrow::query_value`] of each
/// row's URL and key, NULL where either is NULL.
fn query_param_rows(
    urls: &dyn Array,
    keys: &dyn Array,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    if urls.len() != keys.len() {
        return Err(ArrowError::InvalidArgumentError(format!(
            "query_param: {} URLs and {} keys; give one key (a str) or one per URL",
            urls.len(),
            keys.len()
        )));
    }
    let (urls, keys) = (unpack_dictionary(urls)?, unpack_dictionary(keys)?);
    let (urls, keys) = (
        StringColumn::try_new(urls.as_ref())?,
        StringColumn::try_new(keys.as_ref())?,
    );
    let mut out = Substrings::new(urls, layout);
    for row in 0..urls.len() {
        let value = urls.get(row).zip(keys.get(row)).and_then(|(text, key)| {
            let uri = UriRef::parse(text).ok()?;
            peguri_arrow::query_value(&uri, key)
        });
        match value {
            Some(Cow::Borrowed(piece)) => out.append(row, Some(piece))?,
            Some(Cow::Owned(text)) => out.append_owned(&text)?,
            None => out.append_null(),
        }
    }
    out.finish()
}

/// Each IRI mapped to a URI (RFC 3987 section 3.1, percent-encoding).
#[pyfunction]
#[pyo3(signature = (iris, *, views = false))]
fn iri_to_uri(py: Python<'_>, iris: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    map_chunks(py, iris, |a| peguri_arrow::iri_to_uri(a, layout(views)))
}

/// The finding codes of each row, a list of strings.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn lint(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| {
        Ok(Arc::new(peguri_arrow::lint(a, layout(views))?))
    })
}

/// Imports any Arrow object and gives it back as one array: the import and
/// export paths without a kernel.
#[pyfunction]
fn to_array(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    Ok(ArrowArray {
        array: one_array(py, obj)?,
    })
}

/// Adds the batch functions to the extension module, as `arrow_*`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ArrowArray>()?;
    m.add_class::<PyComponent>()?;
    // The fields of the flat parse record, as (name, kind) pairs: what
    // `peguri.polars` builds its struct type from.
    let fields: Vec<(&str, &str)> = peguri::report::RECORD_FIELDS
        .iter()
        .map(|f| {
            let kind = match f.value {
                peguri::report::RecordValue::Bool => "bool",
                peguri::report::RecordValue::Count => "uint64",
                _ => "string",
            };
            (f.name, kind)
        })
        .collect();
    m.add("RECORD_FIELDS", PyTuple::new(m.py(), fields)?)?;
    let functions = [
        wrap_pyfunction!(parse, m)?,
        wrap_pyfunction!(components, m)?,
        wrap_pyfunction!(is_valid, m)?,
        wrap_pyfunction!(error, m)?,
        wrap_pyfunction!(component, m)?,
        wrap_pyfunction!(port_number, m)?,
        wrap_pyfunction!(resolve, m)?,
        wrap_pyfunction!(normalize, m)?,
        wrap_pyfunction!(equivalent, m)?,
        wrap_pyfunction!(iri_to_uri, m)?,
        wrap_pyfunction!(lint, m)?,
        wrap_pyfunction!(scheme_valid, m)?,
        wrap_pyfunction!(to_array, m)?,
        wrap_pyfunction!(public_suffix, m)?,
        wrap_pyfunction!(registrable_domain, m)?,
        wrap_pyfunction!(query_param, m)?,
    ];
    for f in functions {
        let name: String = f.getattr("__name__")?.extract()?;
        m.add(format!("arrow_{name}"), f)?;
    }
    Ok(())
}
