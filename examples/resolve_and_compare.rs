//! Resolve links against a base, go back to the shortest reference, and
//! compare URIs by their normal form.
//!
//! ```sh
//! cargo run --example resolve_and_compare
//! ```

use std::collections::HashMap;
use std::error::Error;

use peguri::{Resolver, Uri, UriBuf, UriRef, UriRefBuf};

fn main() -> Result<(), Box<dyn Error>> {
    // A base has a scheme: it is a `Uri`, so resolving cannot fail.
    // `UriRef::parse("../x")` parses; `Uri::parse("../x")` is an error.
    let base = UriBuf::parse("http://a/b/c/d;p?q")?;
    // RFC 3986 section 5.4.1's examples, and what they resolve to.
    let examples = [
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        ("..", "http://a/b/"),
        ("../../../g", "http://a/g"),
    ];
    for (link, expected) in examples {
        let reference = UriRef::parse(link)?;
        let target = reference.resolve_against(&base);
        assert_eq!(target, expected);
        // And back: the shortest reference from the base to the target.
        let relative = base.make_relative(&target)?;
        println!("{link:<12} -> {:<20} back: {relative}", target.as_str());
        assert_eq!(relative.resolve_against(&base), target);
    }

    // RFC 3986 section 5.2's strict rule keeps a scheme that repeats the
    // base's; the non-strict rule (section 5.4.2) reads `http:g` as `g`.
    let lenient = Resolver::new().non_strict(true);
    let old_style = UriRef::parse("http:g")?;
    println!("http:g strict: {}", old_style.resolve_against(&base));
    println!("http:g non-strict: {}", lenient.resolve(&base, &old_style));

    // Equivalence (section 6): `==` compares text; `normalize` and
    // `equivalent` apply case, percent-encoding, dot-segment and
    // scheme-based normalization.
    let a = Uri::parse("HTTP://Example.COM:80/%7euser/./index.html")?;
    let b = Uri::parse("http://example.com/~user/index.html")?;
    assert_ne!(a, b);
    assert!(a.equivalent(&b));
    println!("{a} normalizes to {}", a.normalize());

    // Normal forms as map keys: one entry per resource.
    let mut visits: HashMap<UriRefBuf, u32> = HashMap::new();
    for uri in [&a, &b] {
        *visits.entry(uri.normalize().into()).or_default() += 1;
    }
    assert_eq!(visits.len(), 1);
    Ok(())
}
