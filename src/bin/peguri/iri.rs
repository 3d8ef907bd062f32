//! `peguri parse --iri`: IRI references (RFC 3987) as the same JSON objects
//! as URI references, with the mapped URI (section 3.1) as `"uri"`.

use std::io::{self, BufWriter, Write};

use peguri::{Iri, ParseError};
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// The JSON object for one input: the components (and `"uri"`) when it is
/// an IRI reference, the error otherwise.
enum IriReport<'a> {
    Valid(Iri<'a>),
    Invalid { input: &'a str, error: ParseError },
}

impl<'a> IriReport<'a> {
    fn parse(input: &'a str) -> Self {
        match Iri::parse(input) {
            Ok(iri) => IriReport::Valid(iri),
            Err(error) => IriReport::Invalid { input, error },
        }
    }

    fn is_valid(&self) -> bool {
        matches!(self, IriReport::Valid(_))
    }
}

impl Serialize for IriReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            IriReport::Valid(iri) => iri.components().serialize(serializer),
            IriReport::Invalid { input, error } => {
                let mut s = serializer.serialize_struct("Invalid", 3)?;
                s.serialize_field("input", input)?;
                s.serialize_field("valid", &false)?;
                s.serialize_field("error", error)?;
                s.end()
            }
        }
    }
}

/// Prints one JSON object per IRI reference (arguments, or stdin lines when
/// there are none); returns whether all were valid.
pub(crate) fn parse(inputs: &[String]) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_valid = true;
    let mut emit = |input: &str, out: &mut BufWriter<io::StdoutLock<'_>>| -> io::Result<()> {
        let report = IriReport::parse(input);
        all_valid &= report.is_valid();
        serde_json::to_writer(&mut *out, &report)?;
        out.write_all(b"\n")
    };
    crate::for_each_input(inputs, |input| emit(input, &mut out))?;
    out.flush()?;
    Ok(all_valid)
}
