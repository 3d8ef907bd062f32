//! `peguri normalize` and `peguri equivalent`: RFC 3986 section 6 on the
//! command line.

use std::io::{self, BufWriter, Write};

use peguri::{Iri, Normalizer, UriRef};

/// Prints the normal form of each input, one per line; an invalid input
/// gets the caret error on stderr and an empty line on stdout, so that
/// output lines stay aligned with input lines. Returns whether all inputs
/// were valid.
pub(crate) fn normalize(uris: &[String], syntax_only: bool, iri: bool) -> io::Result<bool> {
    let normalizer = if syntax_only {
        Normalizer::syntax()
    } else {
        Normalizer::new()
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_valid = true;
    let mut emit = |input: &str, out: &mut BufWriter<io::StdoutLock<'_>>| -> io::Result<()> {
        let normal = if iri {
            Iri::parse(input).map(|iri| normalizer.normalize_iri(&iri).into_string())
        } else {
            UriRef::parse(input).map(|uri| normalizer.normalize(&uri).into_string())
        };
        match normal {
            Ok(normal) => out.write_all(normal.as_bytes())?,
            Err(err) => {
                all_valid = false;
                eprintln!("{err}");
            }
        }
        out.write_all(b"\n")
    };
    crate::for_each_input(uris, |input| emit(input, &mut out))?;
    out.flush()?;
    Ok(all_valid)
}

/// Says in words whether `a` and `b` are equivalent (RFC 3986 sections
/// 6.2.2 and 6.2.3) and returns whether they are. Invalid input is an error
/// on stderr and counts as "not equivalent" for the exit code.
pub(crate) fn equivalent(a: &str, b: &str) -> io::Result<bool> {
    let (ua, ub) = match (UriRef::parse(a), UriRef::parse(b)) {
        (Ok(ua), Ok(ub)) => (ua, ub),
        (ra, rb) => {
            for err in [ra.err(), rb.err()].into_iter().flatten() {
                eprintln!("{err}");
            }
            return Ok(false);
        }
    };
    let (na, nb) = (peguri::normalize(&ua), peguri::normalize(&ub));
    let same = na == nb;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if same {
        writeln!(out, "equivalent: both normalize to {na}")?;
    } else {
        writeln!(
            out,
            "not equivalent: {a} normalizes to {na}, {b} normalizes to {nb}"
        )?;
    }
    out.flush()?;
    Ok(same)
}
