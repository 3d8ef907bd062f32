//! peguri and fluent-uri, both strict RFC 3986 parsers, agree on which
//! strings are URI references and on their components.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let ours = peguri::UriRef::parse(input);
    let theirs = fluent_uri::UriRef::parse(input);
    match (ours, theirs) {
        (Ok(o), Ok(t)) => {
            assert_eq!(o.scheme(), t.scheme().map(|s| s.as_str()), "scheme of {input:?}");
            assert_eq!(o.path(), t.path().as_str(), "path of {input:?}");
            assert_eq!(o.query(), t.query().map(|q| q.as_str()), "query of {input:?}");
            assert_eq!(o.fragment(), t.fragment().map(|f| f.as_str()), "fragment of {input:?}");
            match (o.authority(), t.authority()) {
                (None, None) => {}
                (Some(oa), Some(ta)) => {
                    assert_eq!(oa.userinfo(), ta.userinfo().map(|u| u.as_str()), "userinfo of {input:?}");
                    assert_eq!(oa.host_str(), ta.host(), "host of {input:?}");
                    assert_eq!(oa.port(), ta.port().map(|p| p.as_str()), "port of {input:?}");
                }
                (oa, ta) => panic!("authority of {input:?}: {oa:?} vs {:?}", ta.map(|a| a.as_str().to_owned())),
            }
        }
        (Err(_), Err(_)) => {}
        (o, t) => panic!("{input:?}: peguri valid={}, fluent-uri valid={}", o.is_ok(), t.is_ok()),
    }
});
