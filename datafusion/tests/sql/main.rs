//! The DataFusion functions' tests, one module per concern, in one test
//! binary (each DataFusion test binary takes long to link).

mod common;

mod derived;
mod differential;
mod distributed;
mod functions;
mod pieces;
mod registry;
mod schemes;
mod shell;
