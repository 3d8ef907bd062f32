//! Parse a URI reference and read its components.
//!
//! ```sh
//! cargo run --example parse_components
//! ```

use std::error::Error;

use peguri::{Component, Host, UriRef};

fn main() -> Result<(), Box<dyn Error>> {
    let input = "https://jo@example.com:8443/docs/a%20b/?lang=en&q=caf%C3%A9#intro";
    let uri = UriRef::parse(input)?;

    // Each component as written, `None` when absent: `http://h?` has an
    // empty query, `http://h` none.
    for component in Component::ALL {
        println!("{:<10} {:?}", component.as_str(), uri.component(component));
    }

    // The authority, typed: the host is a registered name or an IP address.
    if let Some(authority) = uri.authority() {
        match authority.host() {
            Host::RegName(name) => println!("host is the registered name {name:?}"),
            Host::Ipv4 { addr, .. } => println!("host is the IPv4 address {addr}"),
            Host::Ipv6 { addr, .. } => println!("host is the IPv6 address {addr}"),
            Host::IpvFuture { version, .. } => println!("host is an IPvFuture literal, v{version}"),
        }
        println!("port       {:?} (as a number)", uri.port_u16());
        println!(
            "port or the scheme's default {:?}",
            uri.port_or_known_default()
        );
    }

    // The path's segments, still percent-encoded, and decoded.
    let segments: Vec<&str> = uri.segments().collect();
    println!("segments   {segments:?}");
    let decoded: Vec<String> = uri.segments().decoded().map(|s| s.into_owned()).collect();
    println!("decoded    {decoded:?}");

    // The query's `key=value` pairs, percent-decoded.
    for (key, value) in uri.query_pairs() {
        println!("query pair {key:?} = {value:?}");
    }

    // A reference keeps its text exactly: `==` compares it.
    assert_eq!(uri, input);

    // A text that is no URI reference: the error names the spot, the
    // component and the reason, and displays the input with a caret.
    let error = UriRef::parse("http://example.com/a b").unwrap_err();
    assert_eq!(error.offset(), 20);
    assert_eq!(error.component(), Some(Component::Path));
    println!("{error}");
    Ok(())
}
