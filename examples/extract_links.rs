//! Find the URIs in text, Markdown or HTML, as a link checker does.
//!
//! ```sh
//! cargo run --example extract_links
//! ```
//!
//! Each URI is printed with its line and column; a candidate that is no
//! URI is reported with the reason.

use std::error::Error;

use peguri::extract::{Extractor, Markup};

const SAMPLE: &str = "\
See <https://www.rfc-editor.org/rfc/rfc3986#appendix-C>, the [guide](https://example.com/docs/guide/)
and [its translation](https://例え.jp/ガイド), or write to mailto:uri@example.org.
The mirror at http://example.com/a%2 is broken.
";

fn main() -> Result<(), Box<dyn Error>> {
    // Markdown's links, IRIs too (non-ASCII text), and the rejected
    // candidates with their errors.
    let extractor = Extractor::new()
        .markup(Markup::Markdown)
        .iri(true)
        .rejected(true);
    let name = "sample.md";
    let mut found_uris = Vec::new();
    let mut broken = 0;
    for found in extractor.extract(SAMPLE) {
        match &found.error {
            None => {
                println!("{name}:{}:{}: {}", found.line, found.column, found.uri);
                found_uris.push(found.uri.clone());
            }
            Some(error) => {
                broken += 1;
                println!(
                    "{name}:{}:{}: not a URI: {} ({})",
                    found.line,
                    found.column,
                    found.uri,
                    error.message()
                );
            }
        }
    }
    // A candidate that is no URI is reported, never cut short into one.
    assert_eq!(
        found_uris,
        [
            "https://www.rfc-editor.org/rfc/rfc3986#appendix-C",
            "https://example.com/docs/guide/",
            "https://例え.jp/ガイド",
            "mailto:uri@example.org",
        ]
    );
    assert_eq!(broken, 1);
    Ok(())
}
