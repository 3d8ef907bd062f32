//! The batch functions over where an invalid row's error is, the pieces
//! that span or trim components, and each row without some of its parts:
//! `peguri-arrow`'s kernels, as `arrow_*` functions of the extension.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use peguri::PublicSuffixList;
use peguri_arrow::column::Layout;
use pyo3::prelude::*;

use crate::batch::{ArrowArray, layout, map_chunks};

/// The byte offset of each row's parse error (UInt64); NULL where valid.
#[pyfunction]
fn error_offset(py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| Ok(Arc::new(peguri_arrow::error_offset(a)?)))
}

/// The column (characters from 1) of each row's parse error (UInt64);
/// NULL where valid.
#[pyfunction]
fn error_column(py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| Ok(Arc::new(peguri_arrow::error_column(a)?)))
}

/// A kernel of one string column to one string column.
type Kernel = fn(&dyn Array, Layout) -> Result<ArrayRef, ArrowError>;

/// `kernel` over the chunks of `urls`, strings laid out as `views` says.
fn run(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    views: bool,
    kernel: Kernel,
) -> PyResult<ArrowArray> {
    map_chunks(py, urls, move |a| kernel(a, layout(views)))
}

/// The query and fragment as written after `?` (`#fragment` without a
/// query); NULL with neither.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn query_and_fragment(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    views: bool,
) -> PyResult<ArrowArray> {
    run(py, urls, views, peguri_arrow::query_and_fragment)
}

/// The path and all that follows it.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn path_query_and_fragment(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    views: bool,
) -> PyResult<ArrowArray> {
    run(py, urls, views, peguri_arrow::path_query_and_fragment)
}

/// The host without a leading `www.`.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn host_without_www(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    run(py, urls, views, peguri_arrow::host_without_www)
}

/// The last label of a registered name.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn top_level_domain(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    run(py, urls, views, peguri_arrow::top_level_domain)
}

/// The label of the registrable domain before its public suffix.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn registrable_label(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    let list = PublicSuffixList::built_in();
    map_chunks(py, urls, move |a| {
        peguri_arrow::registrable_label(a, &list, layout(views))
    })
}

/// Each row without its host's leading `www.`.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn remove_www(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    run(py, urls, views, peguri_arrow::remove_www)
}

/// Each row without its query.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn remove_query(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    run(py, urls, views, peguri_arrow::remove_query)
}

/// Each row without its fragment.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn remove_fragment(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    run(py, urls, views, peguri_arrow::remove_fragment)
}

/// Each row without its query and its fragment.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn remove_query_and_fragment(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    views: bool,
) -> PyResult<ArrowArray> {
    run(py, urls, views, peguri_arrow::remove_query_and_fragment)
}

/// Adds this module's functions to the extension module, as `arrow_*`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let functions = [
        wrap_pyfunction!(error_offset, m)?,
        wrap_pyfunction!(error_column, m)?,
        wrap_pyfunction!(query_and_fragment, m)?,
        wrap_pyfunction!(path_query_and_fragment, m)?,
        wrap_pyfunction!(host_without_www, m)?,
        wrap_pyfunction!(top_level_domain, m)?,
        wrap_pyfunction!(registrable_label, m)?,
        wrap_pyfunction!(remove_www, m)?,
        wrap_pyfunction!(remove_query, m)?,
        wrap_pyfunction!(remove_fragment, m)?,
        wrap_pyfunction!(remove_query_and_fragment, m)?,
    ];
    for f in functions {
        let name: String = f.getattr("__name__")?.extract()?;
        m.add(format!("arrow_{name}"), f)?;
    }
    Ok(())
}
