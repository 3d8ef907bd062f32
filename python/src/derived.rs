//! The batch functions of `peguri.arrow` that read inside a component:
//! every query pair and key, a URL without some of its pairs,
//! percent-decoding, the path's extension and the host's subdomain. Each
//! is a `peguri-arrow` kernel, as the SQL function of the same name.

use std::sync::Arc;

use arrow_array::ArrayRef;
use peguri::PublicSuffixList;
use peguri_arrow::{KeyPatterns, Keys};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyCFunction, PyList, PyString, PyTuple};

use crate::batch::{ArrowArray, arrow_err, layout, map_chunks, one_array};
use crate::guard::guard;

/// Every pair of each row's query, a list of `{key, value}` structs.
#[pyfunction]
#[pyo3(signature = (urls, *, plus_as_space = false, views = false))]
fn query_params(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    plus_as_space: bool,
    views: bool,
) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| {
        Ok(Arc::new(peguri_arrow::query_params(a, plus_as_space, layout(views))?) as ArrayRef)
    })
}

/// The key of every pair of each row's query, a list of strings.
#[pyfunction]
#[pyo3(signature = (urls, *, plus_as_space = false, views = false))]
fn query_param_names(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    plus_as_space: bool,
    views: bool,
) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| {
        Ok(Arc::new(peguri_arrow::query_param_names(
            a,
            plus_as_space,
            layout(views),
        )?) as ArrayRef)
    })
}

/// The keys a caller gives: one `str`, a list or tuple of `str` (the
/// same for every row), or `None` for an Arrow array of a list per row.
fn key_list(keys: &Bound<'_, PyAny>) -> PyResult<Option<Vec<String>>> {
    // A key that is not UTF-8 (a lone surrogate) names no decoded key,
    // which is always UTF-8: it is left out.
    if let Ok(key) = keys.cast::<PyString>() {
        return Ok(Some(
            key.to_str().ok().map(str::to_owned).into_iter().collect(),
        ));
    }
    let items: Vec<Bound<'_, PyAny>> = if let Ok(list) = keys.cast::<PyList>() {
        list.iter().collect()
    } else if let Ok(tuple) = keys.cast::<PyTuple>() {
        tuple.iter().collect()
    } else {
        return Ok(None);
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let Ok(key) = item.cast::<PyString>() else {
            let kind = item
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default();
            return Err(PyTypeError::new_err(format!(
                "remove_query_params: keys[{i}] is {kind}, not a str"
            )));
        };
        if let Ok(key) = key.to_str() {
            out.push(key.to_owned());
        }
    }
    Ok(Some(out))
}

/// Each row without the query pairs of `keys`: one `str`, a list or tuple
/// of them (a key ending in `*` a prefix), or an Arrow list array of keys
/// per row.
#[pyfunction]
#[pyo3(signature = (urls, keys, *, plus_as_space = false, views = false))]
fn remove_query_params(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    keys: &Bound<'_, PyAny>,
    plus_as_space: bool,
    views: bool,
) -> PyResult<ArrowArray> {
    let layout = layout(views);
    if let Some(keys) = key_list(keys)? {
        let keys = KeyPatterns::new(keys);
        return map_chunks(py, urls, move |a| {
            peguri_arrow::remove_query_params(a, Keys::Same(&keys), plus_as_space, layout)
        });
    }
    let urls = one_array(py, urls)?;
    let keys = one_array(py, keys)?;
    let array = py
        .detach(|| {
            guard(|| {
                peguri_arrow::remove_query_params(
                    urls.as_ref(),
                    Keys::PerRow(keys.as_ref()),
                    plus_as_space,
                    layout,
                )
            })
        })?
        .map_err(arrow_err)?;
    Ok(ArrowArray { array })
}

/// Each row percent-decoded.
#[pyfunction]
#[pyo3(signature = (texts, *, plus_as_space = false, views = false))]
fn decode(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    plus_as_space: bool,
    views: bool,
) -> PyResult<ArrowArray> {
    map_chunks(py, texts, |a| {
        peguri_arrow::decode(a, plus_as_space, layout(views))
    })
}

/// The extension of the last segment of each row's path, lowercase.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn path_extension(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| peguri_arrow::path_extension(a, layout(views)))
}

/// The subdomain of each row's host by the Public Suffix List built in
/// (both sections), lowercase.
#[pyfunction]
#[pyo3(signature = (urls, *, views = false))]
fn subdomain(py: Python<'_>, urls: &Bound<'_, PyAny>, views: bool) -> PyResult<ArrowArray> {
    map_chunks(py, urls, |a| {
        peguri_arrow::subdomain(a, &PublicSuffixList::built_in(), layout(views))
    })
}

/// This module's functions, for `batch::register` to add as `arrow_*`.
pub(crate) fn functions<'py>(m: &Bound<'py, PyModule>) -> PyResult<Vec<Bound<'py, PyCFunction>>> {
    Ok(vec![
        wrap_pyfunction!(query_params, m)?,
        wrap_pyfunction!(query_param_names, m)?,
        wrap_pyfunction!(remove_query_params, m)?,
        wrap_pyfunction!(decode, m)?,
        wrap_pyfunction!(path_extension, m)?,
        wrap_pyfunction!(subdomain, m)?,
    ])
}
