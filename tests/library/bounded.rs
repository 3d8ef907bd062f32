//! Work on hostile input, run with a time-out far above what it takes:
//! the tests that show an operation stays linear (or n log n) give it an
//! input where a quadratic one would take minutes, and fail at the time-out
//! rather than hang.

use std::sync::mpsc;
use std::time::Duration;

/// The time-out of the tests here: one to three orders of magnitude above
/// what each input takes in a debug build on a loaded 2-core machine, and
/// far below what the quadratic versions took.
pub const TIME_OUT: Duration = Duration::from_secs(30);

/// Runs `work` on a thread of its own and returns its result, or panics
/// naming `what` when it takes longer than [`TIME_OUT`] (the thread is
/// left to finish: the test has failed).
#[track_caller]
pub fn within<T: Send + 'static>(what: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(work());
    });
    match receive.recv_timeout(TIME_OUT) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what} took more than {TIME_OUT:?}")
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what} panicked"),
    }
}
