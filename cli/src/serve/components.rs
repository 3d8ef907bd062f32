//! The components of a parse that is not one of the typed entry points
//! (`URI-reference`, `URI`, `absolute-URI`, `relative-ref` with the
//! built-in grammar): an edited grammar's, or a rule such as
//! `IRI-reference` or `URI-reference-6874`. They are derived from the
//! parse tree as `grammar diff` derives them (the first match of the rules
//! the library records for each component), so wherever a grammar keeps
//! Appendix A's rule names; and drawn as `peguri explain` draws them.

use std::ops::Range;

use peguri::UriRef;
use serde_json::{Map, Value, json};

use crate::lab::diff::{DerivedField, derive_fields};

/// The components of a parse, derived from its tree: `{"valid": true,
/// "derived": true, "scheme", "authority": null | {"userinfo", "host",
/// "host_kind", "port"}, "path", "path_rule", "query", "fragment",
/// "not_in_grammar": [...]}` (the shape of `peguri parse`'s components,
/// with what the grammar has no rules for listed), and the diagram. `None`
/// when the tree holds none of the component rules.
pub fn derived<'a, N: AsRef<str>>(
    input: &'a str,
    names: &[String],
    nodes: impl IntoIterator<Item = (N, pest::Span<'a>)>,
) -> Option<(Value, Option<String>)> {
    let fields = derive_fields(names, nodes);
    if fields.iter().all(|f| f.found.is_none()) {
        return None;
    }
    let field = |name: &str| fields.iter().find(|f| f.name == name);
    let text = |name: &str| json!(field(name).and_then(|f| f.found.as_ref()).map(|(t, _)| *t));
    let mut components = Map::new();
    components.insert("valid".into(), json!(true));
    components.insert("derived".into(), json!(true));
    components.insert("scheme".into(), text("scheme"));
    let authority = field("authority").and_then(|f| f.found.as_ref()).map(|_| {
        json!({
            "userinfo": text("userinfo"),
            "host": text("host"),
            "host_kind": text("host_kind"),
            "port": text("port"),
        })
    });
    components.insert("authority".into(), authority.unwrap_or(Value::Null));
    for name in ["path", "path_rule", "query", "fragment"] {
        components.insert(name.into(), text(name));
    }
    let missing: Vec<&str> = fields
        .iter()
        .filter(|f| !f.in_grammar)
        .map(|f| f.name)
        .collect();
    components.insert("not_in_grammar".into(), json!(missing));
    let diagram = diagram(input, &Spans::of(&fields));
    Some((Value::Object(components), diagram))
}

/// The byte ranges of the components a diagram draws.
struct Spans {
    scheme: Option<Range<usize>>,
    authority: Option<Range<usize>>,
    userinfo: Option<Range<usize>>,
    host: Option<Range<usize>>,
    port: Option<Range<usize>>,
    path: Option<Range<usize>>,
    query: Option<Range<usize>>,
    fragment: Option<Range<usize>>,
}

impl Spans {
    fn of(fields: &[DerivedField<'_>]) -> Self {
        let span = |name: &str| {
            fields
                .iter()
                .find(|f| f.name == name)
                .and_then(|f| f.found.as_ref())
                .map(|(_, range)| range.clone())
        };
        Spans {
            scheme: span("scheme"),
            authority: span("authority"),
            userinfo: span("userinfo"),
            host: span("host"),
            port: span("port"),
            path: span("path"),
            query: span("query"),
            fragment: span("fragment"),
        }
    }
}

/// The diagram `peguri explain` draws for components at `spans` of
/// `input`, or `None` where they are not laid out as RFC 3986 lays out a
/// reference (each one after its delimiter, in order, the whole input
/// covered) or the input is empty.
///
/// The library draws the diagram of a parsed reference. So a stand-in
/// reference is made of the same shape: each component replaced by as
/// many characters of its own class (`a`, or `0` in the port), the
/// delimiters of RFC 3986 between them. The stand-in is parsed with the
/// library, and drawn only if its components have exactly the lengths of
/// the grammar's (so the same positions); the drawing's input line is
/// then replaced by the input. A diagram counts one column per character,
/// and so does the stand-in, character for character.
fn diagram(input: &str, spans: &Spans) -> Option<String> {
    let columns = |range: &Range<usize>| -> Option<Range<usize>> {
        let start = input.get(..range.start)?.chars().count();
        Some(start..start + input.get(range.clone())?.chars().count())
    };
    let columns_of = |range: &Option<Range<usize>>| match range {
        Some(range) => columns(range).map(Some),
        None => Some(None),
    };
    let shape = Spans {
        scheme: columns_of(&spans.scheme)?,
        authority: columns_of(&spans.authority)?,
        userinfo: columns_of(&spans.userinfo)?,
        host: columns_of(&spans.host)?,
        port: columns_of(&spans.port)?,
        path: columns_of(&spans.path)?,
        query: columns_of(&spans.query)?,
        fragment: columns_of(&spans.fragment)?,
    };
    let stand_in = stand_in(&shape, input.chars().count())?;
    let uri = UriRef::parse(&stand_in).ok()?;
    let len = |range: &Option<Range<usize>>| range.as_ref().map(Range::len);
    let authority = uri.authority();
    let same = uri.scheme().map(str::len) == len(&shape.scheme)
        && authority.as_ref().map(|a| a.as_str().len()) == len(&shape.authority)
        && authority.as_ref().and_then(|a| a.userinfo()).map(str::len) == len(&shape.userinfo)
        && authority.as_ref().map(|a| a.host_str().len()) == len(&shape.host)
        && authority.as_ref().and_then(|a| a.port()).map(str::len) == len(&shape.port)
        && Some(uri.path().len()) == len(&shape.path).or(Some(0))
        && uri.query().map(str::len) == len(&shape.query)
        && uri.fragment().map(str::len) == len(&shape.fragment);
    if !same {
        return None;
    }
    let drawn = peguri::explain::Explainer::new().explain(&uri);
    let shown: String = input.chars().map(shown_as).collect();
    let mut lines: Vec<String> = drawn.lines().map(str::to_owned).collect();
    let line = lines.iter().position(|l| l.trim_start() == stand_in)?;
    let indent = lines[line].len() - stand_in.len();
    lines[line] = format!("{:indent$}{shown}", "");
    let mut diagram = lines.join("\n");
    diagram.push('\n');
    Some(diagram)
}

/// The stand-in reference of [`diagram`], for components at `shape` (in
/// characters) of an input of `total` characters.
fn stand_in(shape: &Spans, total: usize) -> Option<String> {
    if total == 0 {
        return None;
    }
    let mut text = String::new();
    // `text` is ASCII: its length in bytes is its length in characters.
    let fill = |text: &mut String, range: &Range<usize>, c: char| -> Option<()> {
        (range.start == text.len()).then(|| text.extend(std::iter::repeat_n(c, range.len())))
    };
    if let Some(scheme) = &shape.scheme {
        fill(&mut text, scheme, 'a')?;
        text.push(':');
    }
    match &shape.authority {
        Some(authority) => {
            text.push_str("//");
            (authority.start == text.len()).then_some(())?;
            if let Some(userinfo) = &shape.userinfo {
                fill(&mut text, userinfo, 'a')?;
                text.push('@');
            }
            fill(&mut text, shape.host.as_ref()?, 'a')?;
            if let Some(port) = &shape.port {
                text.push(':');
                fill(&mut text, port, '0')?;
            }
            (authority.end == text.len()).then_some(())?;
        }
        None if shape.userinfo.is_some() || shape.host.is_some() || shape.port.is_some() => {
            return None;
        }
        None => {}
    }
    let path = shape.path.clone().unwrap_or(text.len()..text.len());
    (path.start == text.len()).then_some(())?;
    // After an authority a path is empty or starts with `/`.
    if shape.authority.is_some() && !path.is_empty() {
        text.push('/');
        fill(&mut text, &(path.start + 1..path.end), 'a')?;
    } else {
        fill(&mut text, &path, 'a')?;
    }
    if let Some(query) = &shape.query {
        text.push('?');
        fill(&mut text, query, 'a')?;
    }
    if let Some(fragment) = &shape.fragment {
        text.push('#');
        fill(&mut text, fragment, 'a')?;
    }
    (text.len() == total).then_some(text)
}

/// `c` as the diagram shows it: a control or bidirectional formatting
/// character, which would move or hide what follows it, as U+FFFD (as the
/// library's diagrams and excerpts show them), one column each.
fn shown_as(c: char) -> char {
    let bidi = matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
    if c.is_control() || bidi {
        '\u{FFFD}'
    } else {
        c
    }
}
