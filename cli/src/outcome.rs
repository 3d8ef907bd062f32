//! How a command ends, and the exit code each ending gives.

use std::io;
use std::process::ExitCode;

use clap::Args;

/// How a command ended, other than by an I/O error.
pub enum Outcome {
    /// Every input was valid.
    Success,
    /// Some input was invalid (exit 1).
    Invalid,
    /// The command could not run as asked (exit 2), with the reason.
    Usage(String),
    /// The question has no answer, an input being invalid (exit 2, as
    /// `cmp` exits; the errors are already on stderr).
    Trouble,
}

const EXIT_INVALID: u8 = 1;
const EXIT_USAGE: u8 = 2;

impl Outcome {
    /// [`Success`](Self::Success) when every input was valid,
    /// [`Invalid`](Self::Invalid) otherwise.
    pub fn from_validity(all_valid: bool) -> Outcome {
        if all_valid {
            Outcome::Success
        } else {
            Outcome::Invalid
        }
    }

    /// The exit code of a command that ended with `result`; a usage
    /// problem or an I/O error is said on stderr first.
    pub fn exit_code(result: io::Result<Outcome>) -> ExitCode {
        match result {
            Ok(Outcome::Success) => ExitCode::SUCCESS,
            Ok(Outcome::Invalid) => ExitCode::from(EXIT_INVALID),
            Ok(Outcome::Usage(message)) => {
                eprintln!("peguri: {message}");
                ExitCode::from(EXIT_USAGE)
            }
            Ok(Outcome::Trouble) => ExitCode::from(EXIT_USAGE),
            // A closed pipe (`| head`) is the reader's choice, not an error.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("peguri: {e}");
                ExitCode::from(EXIT_INVALID)
            }
        }
    }
}

/// `--exit-zero`, on the commands whose exit code says something about
/// their inputs.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct ExitArgs {
    /// Exit 0 whatever the inputs hold (invalid ones, warnings, a file
    /// that cannot be read), for scripts under `set -o pipefail` that want
    /// the output only; a usage error still exits 2.
    #[arg(long)]
    pub exit_zero: bool,
}

impl ExitArgs {
    /// `result`, an ending caused by the inputs made a success with
    /// `--exit-zero`; a usage problem and an I/O error stay as they are.
    pub fn apply(self, result: io::Result<Outcome>) -> io::Result<Outcome> {
        match result {
            Ok(Outcome::Invalid | Outcome::Trouble) if self.exit_zero => Ok(Outcome::Success),
            other => other,
        }
    }
}
