//! `peguri.scheme_info`: a scheme's entry in the IANA URI Schemes
//! registry, the copy built into peguri.

use peguri::scheme::SchemeRegistry;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::{Text, expect_str, text_of};

/// The IANA URI Schemes registry's entry of a scheme name (`"http"`, in
/// any case) or of a URI's scheme: a dict of `name`, `status`
/// (`"permanent"`, `"provisional"` or `"historical"`), `description`,
/// `reference` and `template` (`None` when the reference is an RFC), as
/// SQL's `uri_scheme_info` gives them. `None` when the registry does not
/// list it, for a relative reference, and for text that is not a URI
/// reference.
#[pyfunction]
pub(crate) fn scheme_info<'py>(
    py: Python<'py>,
    scheme_or_uri: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let Text::Utf8(text) = text_of(expect_str(scheme_or_uri, "scheme_or_uri")?)? else {
        return Ok(None);
    };
    let Some(entry) = peguri_arrow::registration_of(SchemeRegistry::built_in(), text) else {
        return Ok(None);
    };
    let info = PyDict::new(py);
    info.set_item("name", entry.name())?;
    info.set_item("status", entry.status().as_str())?;
    info.set_item("description", entry.description())?;
    info.set_item("reference", entry.reference())?;
    info.set_item("template", entry.template())?;
    Ok(Some(info))
}
