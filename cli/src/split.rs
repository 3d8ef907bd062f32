//! `peguri split`: the five components of each input as RFC 3986
//! Appendix B splits them, one JSON object per line.

use std::io::{self, Write};

use clap::Args;
use peguri::split::split_lenient;

use crate::outcome::Outcome;
use crate::stream::{Records, StreamArgs};

/// Split each input into its five components as RFC 3986 Appendix B's
/// regular expression does, without validating: one JSON object per
/// line (`input`, `scheme`, `authority`, `path`, `query`, `fragment`;
/// absent components are null).
///
/// With no arguments, reads one input per line from stdin. Exit code: 0
/// (splitting never fails), 2 for usage errors.
#[derive(Args)]
#[command(
    after_help = "Example:\n  peguri split 'http://www.ics.uci.edu/pub/ietf/uri/#Related'\n  peguri split < lines.txt"
)]
pub struct SplitArgs {
    /// Strings to split; stdin is read when none is given.
    uris: Vec<String>,
    #[command(flatten)]
    stream: StreamArgs,
}

/// Prints one JSON object per input. Splitting never fails, so this always
/// reports success.
pub fn run(args: &SplitArgs) -> io::Result<Outcome> {
    let mut out = Records::new(args.stream);
    crate::input::for_each_input(&args.uris, |input| {
        serde_json::to_writer(&mut out, &split_lenient(input))?;
        out.write_all(b"\n")?;
        out.end_record()
    })?;
    out.flush()?;
    Ok(Outcome::Success)
}
