//! The kernels on every input type.
