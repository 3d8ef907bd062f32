//! Reading a URI Template never panics: an error's offset lies in the
//! template; a template read holds at most `MAX_VARIABLES` variables, and
//! its ambiguity, if any, names expressions of it. Expanding it with every
//! variable set to `x` never panics either, and when the template is
//! matchable its expansion matches it, one template alone or in a set.
//! Reading is linear in the template (but for a sort of the names):
//! libFuzzer's `-timeout` catches a slow input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::template::{TemplateSet, UriTemplate, Value, MAX_VARIABLES};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let template = match UriTemplate::parse(text) {
        Ok(template) => template,
        Err(err) => {
            assert!(err.offset() <= text.len(), "{err} in {text:?}");
            let _ = err.to_string();
            return;
        }
    };
    assert_eq!(template.as_str(), text);
    let names: Vec<&str> = template.variable_names().collect();
    assert!(names.len() <= MAX_VARIABLES);
    let values: Vec<(&str, Value)> = names.iter().map(|&n| (n, Value::from("x"))).collect();
    let expanded = template.expand(&values[..]);
    match template.matchability() {
        Err(ambiguity) => {
            let _ = ambiguity.to_string();
            assert!(text.contains(ambiguity.expression()), "{ambiguity:?}");
            let at = ambiguity.offset();
            assert_eq!(text.get(at..at + ambiguity.expression().len()), Some(ambiguity.expression()));
            if let (Some(other), Some(at)) = (ambiguity.other(), ambiguity.other_offset()) {
                assert_eq!(text.get(at..at + other.len()), Some(other));
            }
            assert!(TemplateSet::new().insert(template).is_err());
        }
        Ok(()) => {
            let Ok(uri) = expanded else {
                return;
            };
            assert!(template.is_match(&uri), "{text:?} does not match its expansion {uri:?}");
            let mut set = TemplateSet::new();
            set.insert(template).expect("a matchable template goes into a set");
            assert!(set.match_uri(&uri).is_some(), "{text:?}: the set does not match {uri:?}");
        }
    }
});
