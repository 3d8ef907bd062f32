//! The syntax layer: the grammar, the component layout, the engines that
//! fill it, and parse errors. Everything above it parses through
//! [`parse::parse`].
//!
//! Bottom up: the vocabulary (`entry`), the layout, the runtime of the
//! generated code and the code itself (`compiled`), the engine that turns
//! its records into a layout, diagnosis (errors in words), and the one
//! parse function. pest_derive's parser (`derived`, feature `pest`) is the
//! reference engine: parse trees and any-rule parsing; its pairs walker
//! (`walk`, feature `expose-internals`) serves the tests that prove the
//! engines agree.

pub(crate) mod bidi;
pub(crate) mod compiled;
pub(crate) mod component;
#[cfg(feature = "pest")]
pub(crate) mod derived;
pub(crate) mod diagnose;
pub(crate) mod engine;
pub(crate) mod entry;
pub(crate) mod error;
pub(crate) mod excerpt;
pub mod grammar;
pub(crate) mod layout;
pub(crate) mod parse;
pub mod pct;
#[cfg(feature = "pest")]
pub(crate) mod recorder;
pub mod runtime;
#[cfg(feature = "pest")]
pub(crate) mod trace;
#[cfg(feature = "pest")]
pub(crate) mod tracer;
#[cfg(feature = "expose-internals")]
pub(crate) mod walk;
