//! The syntax layer: the grammar, the component layout, the engines that
//! fill it, and parse errors. Everything above it parses through here.

pub(crate) mod engine;
pub(crate) mod error;
pub mod grammar;
pub(crate) mod layout;
pub mod pct;
pub(crate) mod walk;
