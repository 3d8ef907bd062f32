//! Where property tests keep the seeds of their failures.

/// proptest's configuration for the property tests of this binary: `cases`
/// cases, and the seeds of past failures in `seeds`, a file of the one
/// folder that holds them, `tests/proptest-regressions/`, named after the
/// test's source file (`tests/library/builder.rs` keeps its seeds in
/// `tests/proptest-regressions/library/builder.txt`). proptest replays
/// those seeds before new cases, and appends a new failure's seed there.
///
/// The path is relative to the package's root, the working directory
/// `cargo test` runs a test binary in. `tests/library/repository.rs`
/// checks that every property test names its file and every seed file is
/// named.
pub fn proptest_config(cases: u32, seeds: &'static str) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct(seeds),
        )),
        ..proptest::test_runner::Config::default()
    }
}
