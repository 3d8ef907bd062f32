//! `tel` (RFC 3966 section 3), by `schemes/tel.pest`, with section 3's
//! rules on the parameters (each at most once, in a given order), and
//! tel URI comparison (section 4).

use core::ops::Range;

use super::error::Kind;
use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind as RefKind, Reference, Storage};
use crate::syntax::compiled::scheme::tel as compiled;
use alloc::{boxed::Box, string::String, vec::Vec};

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        ("telephone_uri", "a tel URI, \"tel:\" telephone-subscriber"),
        (
            "telephone_subscriber",
            "a global number (\"+\" and digits) or a local number",
        ),
        ("global_number", "a global number, \"+\" and digits"),
        ("global_number_digits", "a global number, \"+\" and digits"),
        ("local_number", "a local number"),
        ("local_number_digits", "a local number"),
        ("par", "a parameter"),
        ("parameter", "a parameter"),
        (
            "context",
            "';phone-context=' (a local number needs one, section 5.1.5)",
        ),
        ("extension", "';ext='"),
        ("isdn_subaddress", "';isub='"),
        ("phonedigit", "a digit or visual separator"),
        (
            "phonedigit_hex",
            "a hex digit, '*', '%23' ('#') or visual separator",
        ),
        ("number_sign", "'%23' ('#')"),
        ("descriptor", "a domain name or a global number"),
        ("pname", "a parameter name"),
        ("pvalue", "a parameter value"),
        ("paramchar", "a parameter value character"),
    ],
    limits: rule_words![(
        "reserved_pname",
        "isub, ext and phone-context are not other parameters; each comes once, before them",
    )],
};

/// The order section 3 requires, in words.
const ORDER: &str =
    "isub or ext first, then phone-context, then the other parameters in lexicographical order";

/// A tel URI (RFC 3966): its number, global or local, and its parameters,
/// as written.
///
/// ```
/// use peguri::scheme::Tel;
///
/// let uri = peguri::UriRef::parse("tel:863-1234;phone-context=+1-914-555")?;
/// let tel = Tel::parse(&uri)?;
/// assert_eq!(tel.number(), "863-1234");
/// assert!(!tel.is_global());
/// assert_eq!(tel.phone_context(), Some("+1-914-555"));
/// assert_eq!(tel.digits(), "8631234");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tel<'a> {
    text: &'a str,
    number: Range<usize>,
    global: bool,
    parameters: Vec<(Range<usize>, Option<Range<usize>>)>,
}

impl<'a> Tel<'a> {
    /// Reads `reference` as a tel URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 3966 section 3), or if a
    /// parameter appears twice or out of the order section 3 requires.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tel:7042")?;
    /// let err = peguri::scheme::Tel::parse(&uri).unwrap_err();
    /// assert_eq!(err.offset(), 8);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: RefKind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        Tel::read(reference.view().as_str())
    }

    /// Reads the text of a reference.
    pub(super) fn read(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_tel_entry,
            fail: compiled::fail_tel_entry,
        };
        let rec = entry.check(
            Scheme::Tel,
            &RULES,
            uri,
            &Source::uri(uri),
            Scheme::Tel.cited(),
        )?;
        let global = rec.global_number.is_some();
        // A local number's context may hold global number digits too; the
        // number is the first match of its own kind.
        let number = if global {
            rec.global_number_digits.get()
        } else {
            rec.local_number_digits.get()
        }
        .map(|(a, b)| a..b)
        .unwrap_or_default();
        let mut tel = Tel {
            text: uri,
            number: number.clone(),
            global,
            parameters: Vec::new(),
        };
        // Each parameter starts with `;` and ends where its rule's match
        // does; its name is a pname after the `;`.
        let bytes = uri.as_bytes();
        let mut at = number.end;
        while let Some(end) =
            compiled::quiet_context(bytes, at).or_else(|| compiled::quiet_par(bytes, at))
        {
            let name = at + 1..compiled::quiet_pname(bytes, at + 1).unwrap_or(at + 1);
            let value = (name.end < end).then(|| name.end + 1..end);
            tel.parameters.push((name, value));
            at = end;
        }
        tel.check_parameters()?;
        Ok(tel)
    }

    /// Section 3: "Each parameter name ("pname"), the ISDN subaddress, the
    /// 'extension', and the 'context' MUST NOT appear more than once. The
    /// 'isdn-subaddress' or 'extension' MUST appear first, if present,
    /// followed by the 'context' parameter, if present, followed by any
    /// other parameters in lexicographical order." Names are compared
    /// without regard to case (section 4).
    fn check_parameters(&self) -> Result<(), SchemeError> {
        let rank = |name: &str| match name.to_ascii_lowercase().as_str() {
            "isub" | "ext" => 0,
            "phone-context" => 1,
            _ => 2,
        };
        let cited = Scheme::Tel.cited();
        for (i, (name, _)) in self.parameters.iter().enumerate() {
            let this = &self.text[name.clone()];
            let error = |kind| {
                SchemeError::new(Scheme::Tel, self.text, name.start, cited, kind, Vec::new())
            };
            let mut earlier = self.parameters[..i]
                .iter()
                .map(|(n, _)| &self.text[n.clone()]);
            if earlier.clone().any(|e| e.eq_ignore_ascii_case(this)) {
                return Err(error(Kind::Repeated {
                    what: "the parameter",
                    name: Box::from(this),
                }));
            }
            let Some(before) = earlier.next_back() else {
                continue;
            };
            let in_order = match (rank(before), rank(this)) {
                (2, 2) => before.to_ascii_lowercase() < this.to_ascii_lowercase(),
                (a, b) => a <= b,
            };
            if !in_order {
                return Err(error(Kind::Order {
                    name: Box::from(this),
                    rule: ORDER,
                }));
            }
        }
        Ok(())
    }

    /// The number, as written, without the parameters: `+` and digits for
    /// a global number.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tel:+1-201-555-0123;ext=42")?;
    /// assert_eq!(peguri::scheme::Tel::parse(&uri)?.number(), "+1-201-555-0123");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn number(&self) -> &'a str {
        &self.text[self.number.clone()]
    }

    /// Whether the number is global (starts with `+`, section 5.1.4)
    /// rather than local to a context (section 5.1.5).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tel:+1-201-555-0123")?;
    /// assert!(peguri::scheme::Tel::parse(&uri)?.is_global());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_global(&self) -> bool {
        self.global
    }

    /// The number without its visual separators (`-`, `.`, `(`, `)`,
    /// section 5.1.1): `+12015550123`. A local number's `#`, which the URI
    /// writes `%23` (`#` begins a fragment), is `#` here.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tel:+1-(201)-555.0123")?;
    /// assert_eq!(peguri::scheme::Tel::parse(&uri)?.digits(), "+12015550123");
    /// let uri = peguri::UriRef::parse("tel:*21%23;phone-context=example.com")?;
    /// assert_eq!(peguri::scheme::Tel::parse(&uri)?.digits(), "*21#");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn digits(&self) -> String {
        without_separators(&self.number().replace("%23", "#"))
    }

    /// Every parameter, in order, as its name and its value (`None` for a
    /// name alone), as written: `ext`, `isub` and `phone-context` too.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tel:+1-201-555-0123;ext=42;tsp")?;
    /// let tel = peguri::scheme::Tel::parse(&uri)?;
    /// let parameters: Vec<_> = tel.parameters().collect();
    /// assert_eq!(parameters, [("ext", Some("42")), ("tsp", None)]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn parameters(&self) -> impl Iterator<Item = (&'a str, Option<&'a str>)> + '_ {
        let text = self.text;
        self.parameters
            .iter()
            .map(move |(name, value)| (&text[name.clone()], value.clone().map(|v| &text[v])))
    }

    /// Where the number and each parameter (name to value) are in the
    /// text, for the component diagram.
    pub(crate) fn spans(&self) -> impl Iterator<Item = (&'static str, Range<usize>)> + '_ {
        let parameters = self.parameters.iter().map(|(name, value)| {
            let end = value.as_ref().map_or(name.end, |v| v.end);
            ("parameter", name.start..end)
        });
        core::iter::once(("number", self.number.clone())).chain(parameters)
    }

    /// The value of the parameter of that name (case-insensitive).
    fn parameter(&self, name: &str) -> Option<&'a str> {
        self.parameters()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .and_then(|(_, v)| v)
    }

    /// The context of a local number (`phone-context`).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tel:7042;phone-context=example.com")?;
    /// assert_eq!(peguri::scheme::Tel::parse(&uri)?.phone_context(), Some("example.com"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn phone_context(&self) -> Option<&'a str> {
        self.parameter("phone-context")
    }

    /// The extension (`ext`).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tel:+1-201-555-0123;ext=42")?;
    /// assert_eq!(peguri::scheme::Tel::parse(&uri)?.extension(), Some("42"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn extension(&self) -> Option<&'a str> {
        self.parameter("ext")
    }

    /// Whether two tel URIs are equal by section 4: both global or both
    /// local, the same digits once the visual separators are removed, and
    /// the same parameters in any order; names and values are compared
    /// without regard to case, and a `phone-context` or `ext` of digits
    /// without its visual separators.
    ///
    /// ```
    /// use peguri::scheme::Tel;
    /// use peguri::UriRef;
    ///
    /// let a = UriRef::parse("tel:+1-201-555-0123;ext=42;tsp=a")?;
    /// let b = UriRef::parse("tel:+1.201.555.0123;ext=4-2;TSP=A")?;
    /// assert!(Tel::parse(&a)?.equivalent(&Tel::parse(&b)?));
    /// let c = UriRef::parse("tel:2015550123;phone-context=+1")?;
    /// assert!(!Tel::parse(&a)?.equivalent(&Tel::parse(&c)?));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn equivalent(&self, other: &Tel<'_>) -> bool {
        self.comparison_form() == other.comparison_form()
    }

    /// What [`equivalent`](Self::equivalent) compares: global or not, the
    /// digits, and the parameters sorted by name, lowercase.
    fn comparison_form(&self) -> (bool, String, Vec<(String, Option<String>)>) {
        let mut parameters: Vec<(String, Option<String>)> = self
            .parameters()
            .map(|(name, value)| {
                let name = name.to_ascii_lowercase();
                let value = value.map(|v| {
                    if name == "ext" || (name == "phone-context" && v.starts_with('+')) {
                        without_separators(v)
                    } else {
                        v.to_ascii_lowercase()
                    }
                });
                (name, value)
            })
            .collect();
        parameters.sort();
        (self.global, self.digits(), parameters)
    }
}

/// `text` without the characters of `visual-separator`, hex digits in
/// lowercase.
fn without_separators(text: &str) -> String {
    text.chars()
        .filter(|&c| {
            !u8::try_from(c).is_ok_and(|b| {
                compiled::CLASS_VISUAL_SEPARATOR
                    .get(usize::from(b))
                    .copied()
                    .unwrap_or(false)
            })
        })
        .map(|c| c.to_ascii_lowercase())
        .collect()
}
