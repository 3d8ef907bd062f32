//! URI Templates (RFC 6570): expand a template with values, match URIs
//! against templates, and route a URI to the best of many.
//!
//! ```sh
//! cargo run --example uri_templates
//! ```

use std::error::Error;

use peguri::template::{TemplateSet, UriTemplate, Value};

fn main() -> Result<(), Box<dyn Error>> {
    // Expansion: each operator encodes its values its own way.
    let search = UriTemplate::parse("https://example.com/search{?q,lang,tags*}{#section}")?;
    let uri = search.expand(&[
        ("q", Value::from("café crème")),
        ("tags", Value::list(["rust", "uri"])),
        ("section", Value::from("results")),
    ])?;
    assert_eq!(
        uri,
        "https://example.com/search?q=caf%C3%A9%20cr%C3%A8me&tags=rust&tags=uri#results"
    );
    println!("expanded   {uri}");

    // Matching: the values whose expansion is the URI, decoded.
    let found = search.match_uri(&uri).ok_or("no match")?;
    for (name, value) in found.iter() {
        println!("matched    {name} = {value:?}");
    }
    assert_eq!(found.get("q"), Some(&Value::from("café crème")));
    assert_eq!(search.expand(&found)?, uri);

    // Routing: the most specific template that matches.
    let mut routes = TemplateSet::new();
    for template in [
        "/users/{user}",
        "/users/{user}/repos/{repo}{?page}",
        "/users/me/repos/{repo}",
        "/static/{+path}",
    ] {
        routes.insert(UriTemplate::parse(template)?)?;
    }
    // Each request, and the index of the template it is routed to.
    let requests = [
        ("/users/42/repos/peguri?page=3", Some(1)),
        ("/users/me/repos/peguri", Some(2)),
        ("/static/css/site.css", Some(3)),
        ("/nowhere", None),
    ];
    for (request, expected) in requests {
        let route = routes.match_uri(request);
        assert_eq!(route.as_ref().map(|r| r.index()), expected);
        match route {
            Some(route) => println!(
                "{request:<30} -> {} {:?}",
                route.template(),
                route.variables().iter().collect::<Vec<_>>()
            ),
            None => println!("{request:<30} -> no route"),
        }
    }
    Ok(())
}
