//! Build a URI from its components, and change the components of an
//! owned one.
//!
//! ```sh
//! cargo run --example build_and_edit
//! ```
//!
//! Raw text must match the component's grammar rule; `_unencoded` text is
//! percent-encoded as the component needs. What RFC 3986 forbids is an
//! error that names the component and the spot, never a silent fix.

use std::error::Error;

use peguri::error::BuildErrorKind;
use peguri::{Component, UriBuf, UriBuilder};

fn main() -> Result<(), Box<dyn Error>> {
    // From components: segments and query values are encoded.
    let uri = UriBuilder::new()
        .scheme("https")
        .host("example.com")
        .port(8443)
        .push_segment("reports")
        .push_segment("2024 Q1")
        .build_uri()?;
    assert_eq!(uri, "https://example.com:8443/reports/2024%20Q1");
    println!("built      {uri}");

    // Setters on an owned reference.
    let mut uri = uri;
    uri.set_port(None)?;
    uri.set_path_unencoded("/search results")?;
    uri.set_query(Some("lang=en"))?;
    uri.set_fragment_unencoded("top");
    println!("edited     {uri}");

    // The query's `key=value` pairs.
    uri.edit_query()
        .append("q", "café & crème")
        .set("lang", "fr");
    assert_eq!(
        uri,
        "https://example.com/search%20results?lang=fr&q=caf%C3%A9%20%26%20cr%C3%A8me#top"
    );
    println!("with query {uri}");
    let pairs: Vec<(String, String)> = uri
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    assert_eq!(pairs[1], ("q".to_owned(), "café & crème".to_owned()));

    // Refused: a port that is not digits, a raw space in a path.
    let err = uri.set_port_str(Some("80a")).unwrap_err();
    assert_eq!(
        err.kind(),
        BuildErrorKind::InvalidChar { ch: 'a', offset: 2 }
    );
    assert_eq!(err.component(), Component::Port);
    println!("refused    {err}");
    let err = uri.set_path("/a b").unwrap_err();
    println!("refused    {err}");
    // A refused change leaves the reference as it was.
    assert_eq!(uri.path(), "/search%20results");

    // Parsed text can be edited too.
    let mut docs = UriBuf::parse("http://docs.example.com/v1/index.html")?;
    docs.set_scheme("https")?;
    docs.set_host("docs.example.org")?;
    assert_eq!(docs, "https://docs.example.org/v1/index.html");
    println!("moved      {docs}");
    Ok(())
}
