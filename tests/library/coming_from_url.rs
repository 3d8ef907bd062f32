//! A program written with the `url` crate's habits, as a user moving from
//! it writes one with `docs/coming-from-url.md` at hand: a base parsed
//! once, links joined to it, the host and port read, the query's pairs
//! read as `(key, value)` tuples, and an owned URI given to a function
//! that takes a borrowed one.

use std::collections::BTreeMap;
use std::error::Error;

use peguri::{Uri, UriBuf, UriRef};

/// What a crawler keeps of a link: where to connect and what it asks for.
#[derive(Debug, PartialEq)]
struct Target {
    host: String,
    port: u16,
    params: BTreeMap<String, String>,
}

/// Written for a borrowed URI, as a library function would be.
fn target_of(uri: &Uri<'_>) -> Option<Target> {
    let host = uri.host_str()?.to_owned();
    let port = uri.port_u16().or(uri.port_or_known_default())?;
    let mut params = BTreeMap::new();
    for (k, v) in uri.query_pairs() {
        params.insert(k.into_owned(), v.into_owned());
    }
    Some(Target { host, port, params })
}

#[test]
fn a_crawler_written_with_url_habits() -> Result<(), Box<dyn Error>> {
    // `Url::parse`, for the base.
    let base = UriBuf::parse("https://example.com/docs/guide/")?;
    // `base.join(link)`: parse the link, resolve it against the base.
    let link = UriRef::parse("../api/search?q=caf%C3%A9&page=2&debug")?.resolve_against(&base);
    assert_eq!(
        link.as_str(),
        "https://example.com/docs/api/search?q=caf%C3%A9&page=2&debug"
    );
    assert_eq!(link.scheme(), "https");
    assert_eq!(link.host_str(), Some("example.com"));
    assert_eq!(link.port_u16(), None);
    assert_eq!(link.port_or_known_default(), Some(443));
    assert_eq!(link.path(), "/docs/api/search");
    assert_eq!(
        link.segments().collect::<Vec<_>>(),
        ["docs", "api", "search"]
    );
    // `&UriBuf` where a `&Uri` is wanted: its borrowed form.
    let target = target_of(&link.borrow()).expect("a host and a port");
    assert_eq!(target.host, "example.com");
    assert_eq!(target.port, 443);
    assert_eq!(
        target.params.into_iter().collect::<Vec<_>>(),
        [
            ("debug".to_owned(), String::new()),
            ("page".to_owned(), "2".to_owned()),
            ("q".to_owned(), "café".to_owned()),
        ]
    );
    // `url.set_query(..)` and `url.make_relative(..)`.
    let mut next = link.clone();
    next.set_query(Some("q=rust&page=3"))?;
    assert_eq!(base.make_relative(&next)?, "../api/search?q=rust&page=3");
    // A port given explicitly is read as written.
    let local = Uri::parse("http://127.0.0.1:8080/")?;
    assert_eq!(target_of(&local).map(|t| t.port), Some(8080));
    // No authority: no host, as `url` says for `mailto:`.
    let mail = Uri::parse("mailto:joe@example.com")?;
    assert_eq!(mail.host_str(), None);
    assert_eq!(target_of(&mail), None);
    Ok(())
}

/// A function that takes any URI type, borrowed or owned, needs no
/// conversion at the call.
#[test]
fn a_generic_function_takes_owned_and_borrowed_uris() -> Result<(), Box<dyn Error>> {
    fn host<'a>(uri: impl Into<Uri<'a>>) -> Option<&'a str> {
        uri.into().host_str()
    }
    let owned = UriBuf::parse("http://a.example/")?;
    let borrowed = Uri::parse("http://b.example/")?;
    assert_eq!(host(&owned), Some("a.example"));
    assert_eq!(host(borrowed), Some("b.example"));
    Ok(())
}
