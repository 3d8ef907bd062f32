//! The Arrow batch functions of `peguri.arrow`: Arrow arrays in and out
//! through the PyCapsule interface, the work done by `peguri-arrow`'s
//! kernels with the GIL released.

use arrow_array::ArrayRef;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

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

/// Imports any Arrow object and gives it back as one array: the import and
/// export paths without a kernel, for tests.
#[pyfunction]
fn _roundtrip(obj: &Bound<'_, PyAny>) -> PyResult<Vec<ArrowArray>> {
    Ok(ffi::import(obj)?
        .into_iter()
        .map(|array| ArrowArray { array })
        .collect())
}

/// Adds the batch functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ArrowArray>()?;
    m.add_function(wrap_pyfunction!(_roundtrip, m)?)?;
    Ok(())
}
