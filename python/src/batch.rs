//! The Arrow batch functions of `peguri.arrow`: Arrow arrays in and out
//! through the PyCapsule interface, the work done by `peguri-arrow`'s
//! kernels (shared with the SQL functions) with the GIL released.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use peguri_arrow::{Base, Component};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::ffi;

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
    /// `requested_schema` is accepted and ignored: the array is offered in
    /// its own type, as the protocol allows.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = requested_schema;
        ffi::export(py, self.array.as_ref())
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

/// The chunks of `obj` as one array: kernels of two inputs need rows that
/// line up, and one output array is what `__arrow_c_array__` offers.
fn one_array(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let chunks = ffi::import(obj)?;
    match chunks.len() {
        1 => Ok(chunks.into_iter().next().expect("one chunk")),
        0 => Err(PyTypeError::new_err("an Arrow stream without batches")),
        _ => py.detach(|| {
            let refs: Vec<&dyn Array> = chunks.iter().map(|c| c.as_ref()).collect();
            arrow_select::concat::concat(&refs).map_err(arrow_err)
        }),
    }
}

/// Runs `kernel` on each chunk of `obj` with the GIL released, and joins
/// the results into one array.
fn map_chunks<F>(py: Python<'_>, obj: &Bound<'_, PyAny>, kernel: F) -> PyResult<ArrowArray>
where
    F: Fn(&dyn Array) -> Result<ArrayRef, ArrowError> + Send + Sync,
{
    let chunks = ffi::import(obj)?;
    let array = py.detach(|| -> Result<ArrayRef, ArrowError> {
        let outputs = chunks
            .iter()
            .map(|c| kernel(c.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        match outputs.len() {
            1 => Ok(outputs.into_iter().next().expect("one output")),
            _ => {
                let refs: Vec<&dyn Array> = outputs.iter().map(|c| c.as_ref()).collect();
                arrow_select::concat::concat(&refs)
            }
        }
    });
    match array {
        Ok(array) => Ok(ArrowArray { array }),
        // An empty stream: run the kernel on an empty array of strings for
        // an empty result of the right type.
        Err(_) if chunks.is_empty() => {
            let empty = arrow_array::StringArray::from(Vec::<&str>::new());
            let array = kernel(&empty).map_err(arrow_err)?;
            Ok(ArrowArray { array })
        }
        Err(e) => Err(arrow_err(e)),
    }
}

/// The struct of every field `peguri parse --json` prints: valid, rule,
/// the components, host_kind and the error's offset, column and message.
#[pyfunction]
fn parse(py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| Ok(Arc::new(peguri_arrow::parse(a)?)))
}

/// The struct of `valid` and the seven components.
#[pyfunction]
fn components(py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| Ok(Arc::new(peguri_arrow::components(a)?)))
}

/// Whether each row is a URI reference (NULL for NULL).
#[pyfunction]
fn is_valid(py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| Ok(Arc::new(peguri_arrow::is_valid(a)?)))
}

/// The parse error of each row, NULL where it is valid.
#[pyfunction]
fn error(py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| Ok(Arc::new(peguri_arrow::error(a)?)))
}

/// One component of each row, NULL where absent or invalid.
#[pyfunction]
fn component(py: Python<'_>, urls: &Bound<'_, PyAny>, name: &str) -> PyResult<ArrowArray> {
    let which = Component::ALL
        .into_iter()
        .find(|c| c.name() == name)
        .ok_or_else(|| PyValueError::new_err(format!("no component named {name:?}")))?;
    map_chunks(py, urls, move |a| {
        Ok(Arc::new(peguri_arrow::component(a, which)?))
    })
}

/// The port of each row as a number (UInt16).
#[pyfunction]
fn port_number(py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| Ok(Arc::new(peguri_arrow::port_number(a)?)))
}

/// Each reference resolved against `base`: one base (a str) or one per row
/// (an Arrow array as long as the references).
#[pyfunction]
fn resolve(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    references: &Bound<'_, PyAny>,
) -> PyResult<ArrowArray> {
    if let Ok(base) = base.cast::<PyString>() {
        let base = base.to_str()?.to_owned();
        return map_chunks(py, references, move |a| {
            Ok(Arc::new(peguri_arrow::resolve(Base::Scalar(&base), a)?))
        });
    }
    let bases = one_array(py, base)?;
    let references = one_array(py, references)?;
    let array = py
        .detach(|| {
            peguri_arrow::resolve(Base::Array(bases.as_ref()), references.as_ref())
                .map(|a| Arc::new(a) as ArrayRef)
        })
        .map_err(arrow_err)?;
    Ok(ArrowArray { array })
}

/// The normal form of each row (RFC 3986 section 6).
#[pyfunction]
fn normalize(py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| Ok(Arc::new(peguri_arrow::normalize(a)?)))
}

/// Whether the rows of `a` and `b` have the same normal forms.
#[pyfunction]
fn equivalent(py: Python<'_>, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    let a = one_array(py, a)?;
    let b = one_array(py, b)?;
    let array = py
        .detach(|| {
            peguri_arrow::equivalent(a.as_ref(), b.as_ref()).map(|a| Arc::new(a) as ArrayRef)
        })
        .map_err(arrow_err)?;
    Ok(ArrowArray { array })
}

/// Each IRI mapped to a URI (RFC 3987 section 3.1, percent-encoding).
#[pyfunction]
fn iri_to_uri(py: Python<'_>, iris: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, iris, |a| Ok(Arc::new(peguri_arrow::iri_to_uri(a)?)))
}

/// The lint findings of each row, a list of structs.
#[pyfunction]
fn lint(py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| Ok(Arc::new(peguri_arrow::lint(a)?)))
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
        wrap_pyfunction!(to_array, m)?,
    ];
    for f in functions {
        let name: String = f.getattr("__name__")?.extract()?;
        m.add(format!("arrow_{name}"), f)?;
    }
    Ok(())
}
