//! No panic crosses into Python: the Rust work of every entry point runs
//! under [`guard`].

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// Runs `f`, turning a panic into a `RuntimeError` instead of letting it
/// unwind into Python: every entry point of the module runs its Rust work
/// through this.
pub fn guard<T>(f: impl FnOnce() -> T) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        PyRuntimeError::new_err(format!(
            "internal error in peguri (a bug: please report it): {}",
            peguri::error::Quoted::new(&what)
        ))
    })
}
