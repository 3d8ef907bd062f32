//! Check URIs against their scheme's own syntax (feature `schemes`), and
//! read the parts a scheme defines: a mailto URI's recipients, a URN's
//! namespace, a data URL's bytes, a tel URI's number, a geo URI's
//! coordinates.
//!
//! ```sh
//! cargo run --example scheme_syntax
//! ```
//!
//! RFC 3986 accepts each of these inputs; the scheme's RFC may not. A
//! program of your own needs peguri's feature `schemes` for this.

use std::error::Error;

use peguri::UriRef;
use peguri::scheme::{self, Parts};

fn main() -> Result<(), Box<dyn Error>> {
    let inputs = [
        "mailto:chris@example.com,pat@example.com?subject=caf%C3%A9",
        "urn:ietf:rfc:3986",
        "data:text/plain;charset=utf-8;base64,SGVsbG8=",
        "tel:+1-201-555-0123;ext=42",
        "geo:48.2010,16.3695;u=40",
        "https://example.com/",
        // Valid for RFC 3986, not for their schemes' RFCs.
        "http://",
        "urn:a:b",
        "geo:91,0",
        // No grammar for this scheme: RFC 3986 alone applies.
        "ftp://ftp.example.com/pub/",
    ];
    let mut breaking = Vec::new();
    for input in inputs {
        let uri = UriRef::parse(input)?;
        print!("{input}\n    ");
        match scheme::parts(&uri) {
            None => println!("no grammar for this scheme"),
            Some(Err(error)) => {
                // The error cites the RFC and section, and has the offset.
                println!(
                    "breaks its scheme's syntax at byte {}: {error}",
                    error.offset()
                );
                breaking.push(input);
            }
            Some(Ok(Parts::Mailto(mailto))) => {
                let to: Vec<&str> = mailto.to().iter().map(|a| a.as_str()).collect();
                println!("mail to {to:?}, subject {:?}", mailto.header("subject"))
            }
            Some(Ok(Parts::Urn(urn))) => {
                println!("URN of namespace {:?}: {:?}", urn.nid(), urn.nss())
            }
            Some(Ok(Parts::Data(data))) => println!(
                "{} bytes of {:?}: {:?}",
                data.data().len(),
                data.mime_type(),
                String::from_utf8_lossy(data.data())
            ),
            Some(Ok(Parts::Tel(tel))) => {
                println!(
                    "phone number {:?}, extension {:?}",
                    tel.number(),
                    tel.extension()
                )
            }
            Some(Ok(Parts::Geo(geo))) => println!(
                "coordinates {:?}, uncertainty {:?} m",
                geo.coordinates(),
                geo.uncertainty()
            ),
            Some(Ok(parts)) => println!("a valid {} URI", parts.scheme().name()),
        }
    }
    assert_eq!(breaking, ["http://", "urn:a:b", "geo:91,0"]);
    Ok(())
}
