//! The Arrow PyCapsule interface: arrays in through `__arrow_c_array__` or
//! `__arrow_c_stream__`, arrays out as a pair of capsules. The crate's only
//! `unsafe` code, each block on the C Data Interface's contract.
//!
//! The C Data Interface hands over buffers and says nothing of what is in
//! them: every array imported here goes through
//! [`peguri_arrow::column::validate`] (offsets, views, dictionary keys,
//! UTF-8) before anything reads it, and a producer's malformed data is a
//! `ValueError` that says what is wrong and where.

use std::ffi::CStr;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi, from_ffi_and_data_type, to_ffi};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{
    Array, ArrayRef, BooleanArray, NullArray, StructArray, make_array, new_empty_array,
};
use arrow_data::ArrayData;
use arrow_schema::{ArrowError, DataType};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyCapsuleMethods, PyTuple};

use crate::guard::guard;

const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";
const STREAM: &CStr = c"arrow_array_stream";

/// Data a producer handed over that is not valid Arrow data.
fn invalid(e: ArrowError) -> PyErr {
    let message = match e {
        ArrowError::InvalidArgumentError(message) | ArrowError::CDataInterface(message) => message,
        other => other.to_string(),
    };
    PyValueError::new_err(format!("the Arrow input is not valid: {message}"))
}

/// A one-column table or record batch (a struct of one field) stands for
/// its column, so that DuckDB relations and Polars frames work as well as
/// arrays and series. A NULL struct row is a NULL row of the column.
fn unwrap_column(array: ArrayRef) -> PyResult<ArrayRef> {
    let DataType::Struct(fields) = array.data_type() else {
        return Ok(array);
    };
    if fields.len() != 1 {
        return Err(PyTypeError::new_err(format!(
            "expected one column of strings, got a table of {} columns",
            fields.len()
        )));
    }
    let structs = array
        .as_any()
        .downcast_ref::<StructArray>()
        .ok_or_else(|| PyTypeError::new_err("a struct type that is not a StructArray"))?;
    let column = structs.column(0);
    match structs.nulls() {
        // Where the struct is NULL, so is its column.
        Some(nulls) if nulls.null_count() > 0 => {
            let null_rows = BooleanArray::new(!nulls.inner(), None);
            arrow_select::nullif::nullif(column.as_ref(), &null_rows).map_err(invalid)
        }
        _ => Ok(column.clone()),
    }
}

/// An imported array, checked, as one column.
fn checked(data: ArrayData) -> PyResult<ArrayRef> {
    if data.is_empty() {
        // arrow-rs imports the text buffer of an empty array as empty,
        // whatever its offsets say (a slice of no rows starts past 0):
        // nothing of it is read, so any empty array of the type will do.
        return unwrap_column(new_empty_array(data.data_type()));
    }
    peguri_arrow::column::validate(&data).map_err(invalid)?;
    unwrap_column(make_array(data))
}

/// Whether arrays of `data_type` hold no value at all: `Null`, or a struct
/// of one `Null` field. Such a column is made here, all NULL, rather than
/// imported: Polars' `Null` dtype exports a buffer where the format has
/// none, which arrow-rs refuses.
fn all_null(data_type: &DataType) -> bool {
    match data_type {
        DataType::Null => true,
        DataType::Struct(fields) => fields.len() == 1 && fields[0].data_type() == &DataType::Null,
        _ => false,
    }
}

/// The chunks of an Arrow object: one for `__arrow_c_array__`, each batch
/// of `__arrow_c_stream__` (preferred when both exist: it covers chunked
/// data without copying). Each is checked before it is returned.
pub fn import(obj: &Bound<'_, PyAny>) -> PyResult<Vec<ArrayRef>> {
    if obj.hasattr("__arrow_c_stream__")? {
        let capsule = obj.call_method0("__arrow_c_stream__")?;
        return import_stream(capsule.cast::<PyCapsule>()?);
    }
    if obj.hasattr("__arrow_c_array__")? {
        let pair = obj.call_method0("__arrow_c_array__")?;
        let pair = pair.cast::<PyTuple>()?;
        let schema = pair.get_item(0)?;
        let array = pair.get_item(1)?;
        let schema = schema.cast::<PyCapsule>()?;
        let array = array.cast::<PyCapsule>()?;
        let schema_ptr = schema.pointer_checked(Some(SCHEMA))?;
        let array_ptr = array.pointer_checked(Some(ARRAY))?;
        // SAFETY: the capsules are named as the PyCapsule interface requires,
        // so they point at an `ArrowSchema` and an `ArrowArray`. The array
        // is moved out, leaving a released one for the capsule's destructor;
        // the schema is only borrowed (its capsule releases it).
        let (ffi_array, ffi_schema) = unsafe {
            let ffi_array = std::ptr::replace(
                array_ptr.as_ptr().cast::<FFI_ArrowArray>(),
                FFI_ArrowArray::empty(),
            );
            (ffi_array, &*schema_ptr.as_ptr().cast::<FFI_ArrowSchema>())
        };
        let data_type = DataType::try_from(ffi_schema).map_err(invalid)?;
        if all_null(&data_type) {
            return Ok(vec![std::sync::Arc::new(NullArray::new(ffi_array.len()))]);
        }
        // SAFETY: `ffi_array` is the producer's array of the schema's type
        // (the C Data Interface's contract); what its buffers hold is
        // checked by `checked` before it is read.
        let data = guard(|| unsafe { from_ffi(ffi_array, ffi_schema) })?.map_err(invalid)?;
        return Ok(vec![checked(data)?]);
    }
    Err(PyTypeError::new_err(
        "expected an Arrow array or stream (an object with __arrow_c_array__ or __arrow_c_stream__)",
    ))
}

fn import_stream(capsule: &Bound<'_, PyCapsule>) -> PyResult<Vec<ArrayRef>> {
    let ptr = capsule.pointer_checked(Some(STREAM))?;
    // SAFETY: a capsule named `arrow_array_stream` points at an
    // `ArrowArrayStream`; `from_raw` moves it out and marks the original
    // released, so the capsule's destructor does nothing more.
    let mut stream = unsafe { FFI_ArrowArrayStream::from_raw(ptr.as_ptr().cast()) };
    let (Some(get_schema), Some(get_next)) = (stream.get_schema, stream.get_next) else {
        return Err(PyValueError::new_err("the Arrow stream is released"));
    };
    let mut schema = FFI_ArrowSchema::empty();
    // SAFETY: the stream is live (it has its callbacks) and `schema` is a
    // valid place for the producer to write to.
    if unsafe { get_schema(&mut stream, &mut schema) } != 0 {
        return Err(stream_error(&mut stream));
    }
    let data_type = DataType::try_from(&schema).map_err(invalid)?;
    let mut chunks = Vec::new();
    loop {
        let mut array = FFI_ArrowArray::empty();
        // SAFETY: as for `get_schema`.
        if unsafe { get_next(&mut stream, &mut array) } != 0 {
            return Err(stream_error(&mut stream));
        }
        if array.is_released() {
            break;
        }
        if all_null(&data_type) {
            chunks.push(std::sync::Arc::new(NullArray::new(array.len())) as ArrayRef);
            continue;
        }
        // SAFETY: the producer wrote an array of the stream's type; what
        // its buffers hold is checked by `checked` before it is read.
        let data = guard(|| unsafe { from_ffi_and_data_type(array, data_type.clone()) })?
            .map_err(invalid)?;
        chunks.push(checked(data)?);
    }
    Ok(chunks)
}

fn stream_error(stream: &mut FFI_ArrowArrayStream) -> PyErr {
    let message = stream
        .get_last_error
        // SAFETY: the callback returns null or a C string that lives until
        // the next call on the stream.
        .map(|f| unsafe { f(stream) })
        .filter(|p| !p.is_null())
        .map(|p| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
        .unwrap_or_else(|| "unknown error".to_owned());
    PyValueError::new_err(format!("Arrow stream: {message}"))
}

/// The type a consumer asks for through `requested_schema`, if it is a
/// schema capsule of a type Arrow's Rust implementation knows.
pub fn requested_type(requested_schema: &Bound<'_, PyAny>) -> Option<DataType> {
    let capsule = requested_schema.cast::<PyCapsule>().ok()?;
    let ptr = capsule.pointer_checked(Some(SCHEMA)).ok()?;
    // SAFETY: a capsule named `arrow_schema` points at an `ArrowSchema`,
    // owned by the capsule and only borrowed here.
    let schema = unsafe { &*ptr.as_ptr().cast::<FFI_ArrowSchema>() };
    DataType::try_from(schema).ok()
}

/// An array as the `(schema, array)` capsules of `__arrow_c_array__`. The
/// capsules own the exported structs; a consumer that moves them out marks
/// them released, and dropping a released struct does nothing.
pub fn export<'py>(py: Python<'py>, array: &dyn Array) -> PyResult<Bound<'py, PyTuple>> {
    let (ffi_array, ffi_schema) = to_ffi(&array.to_data()).map_err(invalid)?;
    let schema = PyCapsule::new_with_value(py, ffi_schema, SCHEMA)?;
    let array = PyCapsule::new_with_value(py, ffi_array, ARRAY)?;
    PyTuple::new(py, [schema.into_any(), array.into_any()])
}
