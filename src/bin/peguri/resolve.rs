//! `peguri resolve` and `peguri relative`: RFC 3986 section 5 on the
//! command line.

use std::io::{self, BufWriter, Write};

use peguri::{Iri, Resolver, UriRef, make_relative};

/// Parses the base; on failure reports it and gives `None`.
fn parse_base(base: &str) -> Option<UriRef<'_>> {
    match UriRef::parse(base) {
        Ok(b) if b.is_absolute() => Some(b),
        Ok(b) => {
            // Let the library say why a relative base cannot be used.
            if let Err(err) = peguri::resolve(&b, &b) {
                eprintln!("{err}");
            }
            None
        }
        Err(err) => {
            eprintln!("{err}");
            None
        }
    }
}

/// [`parse_base`] for an IRI base.
fn parse_iri_base(base: &str) -> Option<Iri<'_>> {
    match Iri::parse(base) {
        Ok(b) if b.is_absolute() => Some(b),
        Ok(b) => {
            if let Err(err) = b.resolve_against(&b) {
                eprintln!("{err}");
            }
            None
        }
        Err(err) => {
            eprintln!("{err}");
            None
        }
    }
}

/// Runs `f` on each input (the arguments, or stdin lines when there are
/// none), writing its answer as one line of stdout, or its error to stderr.
/// Returns whether every input was valid.
fn each_input(
    inputs: &[String],
    mut f: impl FnMut(&str) -> Result<String, String>,
) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_valid = true;
    let mut emit = |input: &str, out: &mut BufWriter<io::StdoutLock<'_>>| -> io::Result<()> {
        match f(input) {
            Ok(line) => {
                out.write_all(line.as_bytes())?;
                out.write_all(b"\n")
            }
            Err(message) => {
                all_valid = false;
                // Keep stdout and stderr in order for a reader of both.
                out.flush()?;
                eprintln!("{message}");
                Ok(())
            }
        }
    };
    crate::for_each_input(inputs, |input| emit(input, &mut out))?;
    out.flush()?;
    Ok(all_valid)
}

/// `peguri resolve [--non-strict] [--iri] BASE [REF...]`.
pub fn resolve(non_strict: bool, iri: bool, base: &str, references: &[String]) -> io::Result<bool> {
    let resolver = Resolver::new().non_strict(non_strict);
    if iri {
        let Some(base) = parse_iri_base(base) else {
            return Ok(false);
        };
        return each_input(references, |input| {
            let r = Iri::parse(input).map_err(|e| e.to_string())?;
            let resolved = resolver.resolve_iri(&base, &r).map_err(|e| e.to_string())?;
            Ok(resolved.into_string())
        });
    }
    let Some(base) = parse_base(base) else {
        return Ok(false);
    };
    each_input(references, |input| {
        let r = UriRef::parse(input).map_err(|e| e.to_string())?;
        let resolved = resolver.resolve(&base, &r).map_err(|e| e.to_string())?;
        Ok(resolved.into_string())
    })
}

/// `peguri relative BASE TARGET...`.
pub fn relative(base: &str, targets: &[String]) -> io::Result<bool> {
    let Some(base) = parse_base(base) else {
        return Ok(false);
    };
    each_input(targets, |input| {
        let t = UriRef::parse(input).map_err(|e| e.to_string())?;
        let r = make_relative(&base, &t).map_err(|e| e.to_string())?;
        Ok(r.into_string())
    })
}
