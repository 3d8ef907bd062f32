//! Lenient splitting (RFC 3986 Appendix B): the five components of any
//! string, as the appendix's regular expression finds them, without
//! validating anything.
//!
//! The splitter is a second, small pest grammar, `split.pest`, transcribed
//! group by group from the expression
//!
//! ```text
//! ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//!  12            3  4          5       6  7        8 9
//! ```
//!
//! No regular expression engine is involved. Every string matches, so
//! [`split_lenient`] cannot fail.
//!
//! ```
//! use peguri::UriRef;
//! use peguri::split::split_lenient;
//!
//! // Invalid input still splits.
//! let parts = split_lenient("http://exa mple.com/a b?q=1 2#frag");
//! assert_eq!(parts.authority(), Some("exa mple.com"));
//! assert_eq!(parts.path(), "/a b");
//!
//! // Valid input splits as the strict parser reads it.
//! let input = "foo://example.com:8042/over/there?name=ferret#nose";
//! let (parts, uri) = (split_lenient(input), UriRef::parse(input)?);
//! assert_eq!(parts.scheme(), uri.scheme());
//! assert_eq!(parts.authority(), uri.authority().map(|a| a.as_str()));
//! assert_eq!(parts.path(), uri.path());
//! assert_eq!(parts.query(), uri.query());
//! assert_eq!(parts.fragment(), uri.fragment());
//! # Ok::<_, peguri::ParseError>(())
//! ```
//!
//! It is also a test oracle: for every string that [`UriRef::parse`]
//! accepts, the strict parser and the lenient splitter agree on all five
//! components (`tests/library/split.rs` checks this on the shared vectors and on
//! generated references).
//!
//! # Rationale
//!
//! - *`.` is any character.* Group 9 (`.*`) takes line breaks too. Most
//!   regular expression engines exclude `\n` from `.` by default and would
//!   then not match a fragment holding one; the appendix says every string
//!   matches, so pest's `ANY` is the faithful reading.
//! - *Absent and empty differ*, as for [`UriRef`]: a group that did not take
//!   part in the match is `None`.
//!
//! [`UriRef::parse`]: crate::UriRef::parse
//! [`UriRef`]: crate::UriRef

use core::fmt;

use crate::syntax::compiled::split as compiled;
use alloc::string::String;

/// The text of `split.pest`, as compiled into this crate.
///
/// ```
/// assert!(peguri::split::SPLIT_GRAMMAR.contains("split_reference"));
/// ```
pub const SPLIT_GRAMMAR: &str = include_str!("../../split.pest");

/// The five components of a string, as RFC 3986 Appendix B splits it.
///
/// Nothing is validated: `http://a b/c d` splits as readily as a valid URI.
/// Absent components are `None`; present but empty ones `Some("")`. The
/// path is always present.
///
/// ```
/// let parts = peguri::split::split_lenient("http://www.ics.uci.edu/pub/ietf/uri/#Related");
/// assert_eq!(parts.scheme(), Some("http"));
/// assert_eq!(parts.authority(), Some("www.ics.uci.edu"));
/// assert_eq!(parts.path(), "/pub/ietf/uri/");
/// assert_eq!(parts.query(), None);
/// assert_eq!(parts.fragment(), Some("Related"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SplitComponents<'a> {
    input: &'a str,
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// Splits any string into scheme, authority, path, query and fragment
/// exactly as the regular expression of RFC 3986 Appendix B does. It never
/// fails and never validates.
///
/// ```
/// use peguri::split::split_lenient;
///
/// // Not a valid URI (a space, a scheme starting with a digit), split anyway.
/// let parts = split_lenient("1a://a b/c?d#e#f");
/// assert_eq!(parts.scheme(), Some("1a"));
/// assert_eq!(parts.authority(), Some("a b"));
/// assert_eq!(parts.path(), "/c");
/// assert_eq!(parts.query(), Some("d"));
/// assert_eq!(parts.fragment(), Some("e#f"));
///
/// // A '/' before the first ':' means there is no scheme.
/// assert_eq!(split_lenient("a/b:c").scheme(), None);
/// // Absent differs from empty.
/// assert_eq!(split_lenient("//").authority(), Some(""));
/// assert_eq!(split_lenient("/").authority(), None);
/// ```
pub fn split_lenient(input: &str) -> SplitComponents<'_> {
    let mut parts = SplitComponents::whole_path(input);
    // `split_reference` matches every string (each group is optional or a
    // `*` repetition, and the last takes `ANY*`), so the parse always
    // succeeds; `tests/library/split.rs` checks it on arbitrary strings. Were it
    // ever to fail (or the input be 4 GiB long, more than the compiled
    // code's spans hold), the whole input as the path keeps the function
    // total.
    let mut rec = compiled::Rec::default();
    if compiled::match_split_reference(input.as_bytes(), &mut rec).is_some() {
        let text = |slot: crate::syntax::runtime::Slot| slot.get().map(|(a, b)| &input[a..b]);
        parts.scheme = text(rec.scheme);
        parts.authority = text(rec.authority);
        parts.path = text(rec.path).unwrap_or(input);
        parts.query = text(rec.query);
        parts.fragment = text(rec.fragment);
    }
    parts
}

impl<'a> SplitComponents<'a> {
    /// Every component absent, the whole input the path: the start of a
    /// split, and its result should the grammar ever not match.
    fn whole_path(input: &'a str) -> Self {
        SplitComponents {
            input,
            scheme: None,
            authority: None,
            path: input,
            query: None,
            fragment: None,
        }
    }

    /// The input that was split.
    ///
    /// ```
    /// assert_eq!(peguri::split::split_lenient("a b").as_str(), "a b");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    /// Regex group 2: the scheme, without its `:`, if group 1 matched.
    ///
    /// ```
    /// assert_eq!(peguri::split::split_lenient("mailto:x@y").scheme(), Some("mailto"));
    /// assert_eq!(peguri::split::split_lenient(":x").scheme(), None);
    /// ```
    pub fn scheme(&self) -> Option<&'a str> {
        self.scheme
    }

    /// Regex group 4: the authority, without `//`, if group 3 matched.
    ///
    /// ```
    /// assert_eq!(peguri::split::split_lenient("file:///etc").authority(), Some(""));
    /// assert_eq!(peguri::split::split_lenient("file:/etc").authority(), None);
    /// ```
    pub fn authority(&self) -> Option<&'a str> {
        self.authority
    }

    /// Regex group 5: the path, always present, possibly empty.
    ///
    /// ```
    /// assert_eq!(peguri::split::split_lenient("http://h?q").path(), "");
    /// assert_eq!(peguri::split::split_lenient("a/b:c").path(), "a/b:c");
    /// ```
    pub fn path(&self) -> &'a str {
        self.path
    }

    /// Regex group 7: the query, without `?`, if group 6 matched.
    ///
    /// ```
    /// assert_eq!(peguri::split::split_lenient("?").query(), Some(""));
    /// assert_eq!(peguri::split::split_lenient("#?").query(), None);
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.query
    }

    /// Regex group 9: the fragment, without `#`, if group 8 matched. It
    /// takes everything after the first `#`, line breaks included.
    ///
    /// ```
    /// assert_eq!(peguri::split::split_lenient("a#b#c").fragment(), Some("b#c"));
    /// assert_eq!(peguri::split::split_lenient("a").fragment(), None);
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment
    }

    /// Puts the components back together with their delimiters, as RFC 3986
    /// section 5.3 recomposes a reference. The groups of Appendix B cover
    /// the whole input, so this always gives back [`as_str`](Self::as_str).
    ///
    /// ```
    /// let parts = peguri::split::split_lenient("s://a/p?q#f");
    /// assert_eq!(parts.recompose(), "s://a/p?q#f");
    /// ```
    pub fn recompose(&self) -> String {
        let mut out = String::with_capacity(self.input.len());
        if let Some(scheme) = self.scheme {
            out.push_str(scheme);
            out.push(':');
        }
        if let Some(authority) = self.authority {
            out.push_str("//");
            out.push_str(authority);
        }
        out.push_str(self.path);
        if let Some(query) = self.query {
            out.push('?');
            out.push_str(query);
        }
        if let Some(fragment) = self.fragment {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }
}

impl fmt::Display for SplitComponents<'_> {
    /// Shows the input that was split.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

/// `{"input", "scheme", "authority", "path", "query", "fragment"}`, absent
/// components as `null`: the object `peguri split` prints.
///
/// ```
/// let json = serde_json::to_string(&peguri::split::split_lenient("a:?")).unwrap();
/// assert_eq!(
///     json,
///     r#"{"input":"a:?","scheme":"a","authority":null,"path":"","query":"","fragment":null}"#
/// );
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for SplitComponents<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("SplitComponents", 6)?;
        s.serialize_field("input", self.input)?;
        s.serialize_field("scheme", &self.scheme)?;
        s.serialize_field("authority", &self.authority)?;
        s.serialize_field("path", self.path)?;
        s.serialize_field("query", &self.query)?;
        s.serialize_field("fragment", &self.fragment)?;
        s.end()
    }
}

/// pest_derive's parser of `split.pest`: the reference engine the compiled
/// one is tested against.
#[cfg(any(test, feature = "expose-internals"))]
pub(crate) mod reference {
    use super::SplitComponents;
    use pest::iterators::Pair;

    mod generated {
        // pest_derive adds undocumented items; the rules take their docs from
        // the `///` lines in split.pest.
        #![allow(missing_docs)]

        /// The parser pest derives from `split.pest` (RFC 3986 Appendix B): the
        /// reference engine the compiled one is tested against.
        #[derive(pest_derive::Parser)]
        #[grammar = "../split.pest"]
        pub struct SplitParser;
    }

    pub(crate) use generated::{Rule, SplitParser};

    /// [`split_lenient`](super::split_lenient) with pest_derive's parser, for the tests that prove
    /// the engines agree.
    pub(crate) fn split_with_pest(input: &str) -> SplitComponents<'_> {
        let mut parts = SplitComponents::whole_path(input);
        #[cfg(feature = "expose-internals")]
        crate::syntax::derived::count_pest_call();
        if let Ok(pairs) = <SplitParser as pest::Parser<Rule>>::parse(Rule::split_reference, input)
        {
            for pair in pairs {
                parts.visit(pair);
            }
        }
        parts
    }

    impl<'a> SplitComponents<'a> {
        fn visit(&mut self, pair: Pair<'a, Rule>) {
            let text = pair.as_str();
            match pair.as_rule() {
                Rule::split_scheme => self.scheme = Some(text),
                Rule::split_authority => self.authority = Some(text),
                Rule::split_path => self.path = text,
                Rule::split_query => self.query = Some(text),
                Rule::split_fragment => self.fragment = Some(text),
                _ => {
                    for child in pair.into_inner() {
                        self.visit(child);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::reference::{Rule, SplitParser};
    use super::*;
    use alloc::format;

    /// (input, scheme, authority, path, query, fragment)
    type Case = (
        &'static str,
        Option<&'static str>,
        Option<&'static str>,
        &'static str,
        Option<&'static str>,
        Option<&'static str>,
    );

    #[track_caller]
    fn check(case: Case) {
        let (input, scheme, authority, path, query, fragment) = case;
        let parts = split_lenient(input);
        assert_eq!(
            (
                parts.scheme(),
                parts.authority(),
                parts.path(),
                parts.query(),
                parts.fragment()
            ),
            (scheme, authority, path, query, fragment),
            "split of {input:?}"
        );
        assert_eq!(parts.recompose(), input);
    }

    fn matched(rule: Rule, input: &str) -> Option<&str> {
        <SplitParser as pest::Parser<Rule>>::parse(rule, input)
            .ok()
            .map(|p| p.as_str())
    }

    /// Each rule of split.pest on its own: what it takes, where it stops,
    /// when it fails.
    #[test]
    fn each_rule_of_split_pest() {
        use Rule::*;
        let cases: &[(Rule, &str, Option<&str>)] = &[
            (split_scheme, "ab:c", Some("ab")),
            (split_scheme, "a b?:c", Some("a b")),
            (split_scheme, ":c", None),
            (split_scheme, "", None),
            (split_scheme_part, "a b:c", Some("a b:")),
            (split_scheme_part, "ab/c:", None),
            (split_scheme_part, "ab", None),
            (split_authority, "u@h:1/p", Some("u@h:1")),
            (split_authority, "?q", Some("")),
            (split_authority_part, "//h#f", Some("//h")),
            (split_authority_part, "/h", None),
            (split_path, "/a:b//c?q", Some("/a:b//c")),
            (split_path, "#f", Some("")),
            (split_query, "a?b/c#d", Some("a?b/c")),
            (split_query_part, "?a?b#c", Some("?a?b")),
            (split_query_part, "a?b", None),
            (split_fragment, "a#b?\nc", Some("a#b?\nc")),
            (split_fragment_part, "##", Some("##")),
            (split_fragment_part, "a#", None),
            (split_reference, "", Some("")),
            (split_reference, "s://a/p?q#f", Some("s://a/p?q#f")),
        ];
        for &(rule, input, expected) in cases {
            assert_eq!(matched(rule, input), expected, "{rule:?} on {input:?}");
        }
    }

    #[test]
    fn appendix_b_example() {
        check((
            "http://www.ics.uci.edu/pub/ietf/uri/#Related",
            Some("http"),
            Some("www.ics.uci.edu"),
            "/pub/ietf/uri/",
            None,
            Some("Related"),
        ));
    }

    #[test]
    fn empty_and_lone_delimiters() {
        for case in [
            ("", None, None, "", None, None),
            (":", None, None, ":", None, None),
            ("a:", Some("a"), None, "", None, None),
            ("//", None, Some(""), "", None, None),
            ("///", None, Some(""), "/", None, None),
            ("/", None, None, "/", None, None),
            ("?", None, None, "", Some(""), None),
            ("#", None, None, "", None, Some("")),
            ("?#", None, None, "", Some(""), Some("")),
            ("a:?#", Some("a"), None, "", Some(""), Some("")),
            ("a://?#", Some("a"), Some(""), "", Some(""), Some("")),
        ] {
            check(case);
        }
    }

    #[test]
    fn scheme_group_needs_a_colon_before_any_delimiter() {
        for case in [
            ("a/b:c", None, None, "a/b:c", None, None),
            ("a?b:c", None, None, "a", Some("b:c"), None),
            ("a#b:c", None, None, "a", None, Some("b:c")),
            ("::", None, None, "::", None, None),
            ("a::b", Some("a"), None, ":b", None, None),
            // Lenient: the strict grammar rejects all three schemes.
            ("1a:b", Some("1a"), None, "b", None, None),
            ("a b:c", Some("a b"), None, "c", None, None),
            ("é:ü", Some("é"), None, "ü", None, None),
        ] {
            check(case);
        }
    }

    #[test]
    fn authority_group() {
        for case in [
            ("//a b/c d", None, Some("a b"), "/c d", None, None),
            (
                "http://[::1]:80/p",
                Some("http"),
                Some("[::1]:80"),
                "/p",
                None,
                None,
            ),
            (
                "http://u:p@h:1?x",
                Some("http"),
                Some("u:p@h:1"),
                "",
                Some("x"),
                None,
            ),
            (
                "http://h#f?q",
                Some("http"),
                Some("h"),
                "",
                None,
                Some("f?q"),
            ),
            // `//` only starts an authority at the start of the hier-part.
            ("a/b//c", None, None, "a/b//c", None, None),
            ("a:/b//c", Some("a"), None, "/b//c", None, None),
            ("////a", None, Some(""), "//a", None, None),
        ] {
            check(case);
        }
    }

    #[test]
    fn query_and_fragment_groups() {
        for case in [
            ("?a#b?c#d", None, None, "", Some("a"), Some("b?c#d")),
            ("a??b", None, None, "a", Some("?b"), None),
            ("p?q/r:s", None, None, "p", Some("q/r:s"), None),
        ] {
            check(case);
        }
    }

    #[test]
    fn line_breaks_and_controls_are_ordinary_characters() {
        for case in [
            ("a\nb#c\nd", None, None, "a\nb", None, Some("c\nd")),
            ("s\t:x\r\n", Some("s\t"), None, "x\r\n", None, None),
            (
                "//\0/\0?\0#\0",
                None,
                Some("\0"),
                "/\0",
                Some("\0"),
                Some("\0"),
            ),
        ] {
            check(case);
        }
    }

    #[test]
    fn long_input_does_not_recurse() {
        let input = format!(
            "s://{}/{}?{}#{}",
            "a".repeat(100_000),
            "/".repeat(100_000),
            "?".repeat(10),
            "#".repeat(10)
        );
        let parts = split_lenient(&input);
        assert_eq!(parts.authority().map(str::len), Some(100_000));
        assert_eq!(parts.fragment().map(str::len), Some(10));
        assert_eq!(parts.recompose(), input);
    }
}
