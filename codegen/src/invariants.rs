//! What a library assumes about its grammar, stated as checks the build
//! runs on the grammar before generating code from it: an edited grammar
//! that breaks an assumption fails the build with a message naming the
//! invariant, the rule and what to do, rather than building a library
//! that misbehaves.
//!
//! [`URI`] holds peguri's: what its builder, setters, percent-encoding,
//! normalization and resolution take for granted about `uri.pest`,
//! `iri.pest` and `rfc6874.pest` read as one grammar. Each check asks the
//! grammar itself (interpreted with pest's semantics) about ASCII
//! characters or sample inputs, so an equivalent rewriting of a rule
//! passes and only a change of what the rules accept can fail.
//!
//! ```
//! use peguri_codegen::Grammar;
//! use peguri_codegen::invariants::{Check, Invariant, class};
//!
//! let grammar = Grammar::parse(r#"pchar = @{ 'a'..'z' | ":" } nc = @{ 'a'..'z' | " " }"#)?;
//! let colon_free = Invariant {
//!     name: "nc is pchar without ':'",
//!     why: "the caller escapes a colon in the first segment",
//!     fix: "give `nc` the characters of `pchar` but ':'",
//!     check: Check::ClassIs { rule: class("nc"), like: class("pchar"), without: ":" },
//! };
//! let err = grammar.check_invariants(&[colon_free]).unwrap_err();
//! assert!(err.contains("nc is pchar without ':'"));
//! assert!(err.contains("only `nc` accepts ' '"));
//! # Ok::<(), String>(())
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::net::{Ipv4Addr, Ipv6Addr};

use pest_meta::ast::Rule as AstRule;

use super::Grammar;
use super::interp::Interpreter;

/// A rule's character class: the ASCII characters `c` for which the rule
/// matches all of `after` followed by `c` (the same question the class
/// tables of the generated code answer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    /// The rule.
    pub rule: &'static str,
    /// The text before the character: a scheme's later characters follow
    /// a letter.
    pub after: &'static str,
}

/// The class of `rule` on its own.
pub const fn class(rule: &'static str) -> Class {
    Class { rule, after: "" }
}

/// The class of `rule` after the text `after`.
pub const fn class_after(rule: &'static str, after: &'static str) -> Class {
    Class { rule, after }
}

/// Which of the standard library's address parsers an address rule must
/// agree with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    /// [`Ipv4Addr`]'s `FromStr`.
    V4,
    /// [`Ipv6Addr`]'s `FromStr`.
    V6,
}

/// What an invariant checks.
#[derive(Clone, Copy, Debug)]
pub enum Check {
    /// `rule`'s class is `like`'s without the characters of `without`.
    ClassIs {
        /// The class checked.
        rule: Class,
        /// The class it follows.
        like: Class,
        /// The characters it leaves out.
        without: &'static str,
    },
    /// None of `chars` is in the class.
    Excludes {
        /// The class.
        rule: Class,
        /// The characters it must not hold.
        chars: &'static str,
    },
    /// Every one of `chars` is in the class.
    Includes {
        /// The class.
        rule: Class,
        /// The characters it must hold.
        chars: &'static str,
    },
    /// Every character of `rule`'s class is in `of`'s.
    Within {
        /// The smaller class.
        rule: Class,
        /// The class that holds it.
        of: Class,
    },
    /// The class holds every character of `least` and none outside `most`.
    Between {
        /// The class.
        rule: Class,
        /// The characters it must hold.
        least: &'static str,
        /// The characters it may hold.
        most: &'static str,
    },
    /// Each ASCII uppercase letter of the class has its lowercase letter
    /// in it too.
    Lowercases {
        /// The class.
        rule: Class,
    },
    /// The rule accepts what percent-encoding for it writes: nothing, a
    /// run of its class, and its class around triplets with uppercase and
    /// lowercase hex digits.
    AcceptsEncoded {
        /// The rule.
        rule: &'static str,
    },
    /// The rule accepts each input whole.
    Accepts {
        /// The rule.
        rule: &'static str,
        /// The inputs.
        inputs: &'static [&'static str],
    },
    /// The rule accepts none of the inputs whole.
    Rejects {
        /// The rule.
        rule: &'static str,
        /// The inputs.
        inputs: &'static [&'static str],
    },
    /// None of the rules accepts a non-ASCII character on its own: a
    /// sample from every UTF-8 length, the ends of each included.
    AsciiOnly {
        /// The rules.
        rules: &'static [&'static str],
    },
    /// `host` accepts an IPv4 address followed by any character of
    /// `reg_name`'s class, or by a triplet, whole (as a registered name).
    ReadsOnAsRegName {
        /// The host rule.
        host: &'static str,
        /// Its registered-name rule.
        reg_name: &'static str,
    },
    /// Every sample address the rule accepts, the standard library reads:
    /// addresses of every form, and near misses of each.
    StdReads {
        /// The address rule.
        rule: &'static str,
        /// The parser it must agree with.
        address: Address,
    },
}

impl Check {
    /// The rules the check names.
    fn rules(&self) -> Vec<&'static str> {
        match *self {
            Check::ClassIs { rule, like, .. } => vec![rule.rule, like.rule],
            Check::Within { rule, of } => vec![rule.rule, of.rule],
            Check::Excludes { rule, .. }
            | Check::Includes { rule, .. }
            | Check::Between { rule, .. }
            | Check::Lowercases { rule } => vec![rule.rule],
            Check::AcceptsEncoded { rule }
            | Check::Accepts { rule, .. }
            | Check::Rejects { rule, .. }
            | Check::StdReads { rule, .. } => vec![rule],
            Check::ReadsOnAsRegName { host, reg_name } => vec![host, reg_name],
            Check::AsciiOnly { rules } => rules.to_vec(),
        }
    }
}

/// An assumption about a grammar, with what relies on it and what to do
/// when an edit breaks it.
#[derive(Clone, Copy, Debug)]
pub struct Invariant {
    /// What must hold, in words.
    pub name: &'static str,
    /// The code that relies on it.
    pub why: &'static str,
    /// What to do when an edit breaks it.
    pub fix: &'static str,
    /// How it is checked.
    pub check: Check,
}

impl Grammar {
    /// Checks `invariants` on this grammar.
    ///
    /// # Errors
    ///
    /// One paragraph per invariant that does not hold: its name, the rule
    /// and what the rule accepts that it should not (or the reverse), what
    /// relies on it and what to do.
    pub fn check_invariants(&self, invariants: &[Invariant]) -> Result<(), String> {
        let rules: BTreeMap<&str, &AstRule> =
            self.rules.iter().map(|r| (r.name.as_str(), r)).collect();
        let checker = Checker {
            rules: &rules,
            interpreter: Interpreter::new(&rules),
        };
        let mut out = String::new();
        for invariant in invariants {
            if let Some(problem) = checker.problem(&invariant.check) {
                let _ = write!(
                    out,
                    "{}invariant \"{}\" does not hold: {problem}.\n  It matters because {}.\n  \
                     To fix it: {}.",
                    if out.is_empty() { "" } else { "\n\n" },
                    invariant.name,
                    invariant.why,
                    invariant.fix,
                );
            }
        }
        if out.is_empty() { Ok(()) } else { Err(out) }
    }
}

struct Checker<'g> {
    rules: &'g BTreeMap<&'g str, &'g AstRule>,
    interpreter: Interpreter<'g>,
}

impl Checker<'_> {
    /// What is wrong, if the check fails.
    fn problem(&self, check: &Check) -> Option<String> {
        if let Some(missing) = check
            .rules()
            .into_iter()
            .find(|r| !self.rules.contains_key(r))
        {
            return Some(format!("the grammar has no rule `{missing}`"));
        }
        let accepts = |rule: &str, input: &str| self.interpreter.matches_whole(rule, input);
        match *check {
            Check::ClassIs {
                rule,
                like,
                without,
            } => {
                let (got, mut want) = (self.class(rule), self.class(like));
                for c in without.bytes() {
                    want[usize::from(c)] = false;
                }
                let extra = difference(&got, &want);
                let missing = difference(&want, &got);
                (!extra.is_empty() || !missing.is_empty()).then(|| {
                    let mut parts = Vec::new();
                    if !extra.is_empty() {
                        parts.push(format!("only `{}` accepts {}", rule.rule, list(&extra)));
                    }
                    if !missing.is_empty() {
                        parts.push(format!("only `{}` accepts {}", like.rule, list(&missing)));
                    }
                    parts.join(", and ")
                })
            }
            Check::Excludes { rule, chars } => {
                let got = self.class(rule);
                let found: Vec<u8> = chars.bytes().filter(|&c| got[usize::from(c)]).collect();
                (!found.is_empty())
                    .then(|| format!("`{}` accepts {}", describe(rule), list(&found)))
            }
            Check::Includes { rule, chars } => {
                let got = self.class(rule);
                let missing: Vec<u8> = chars.bytes().filter(|&c| !got[usize::from(c)]).collect();
                (!missing.is_empty())
                    .then(|| format!("`{}` does not accept {}", describe(rule), list(&missing)))
            }
            Check::Within { rule, of } => {
                let extra = difference(&self.class(rule), &self.class(of));
                (!extra.is_empty()).then(|| {
                    format!(
                        "`{}` accepts {}, which `{}` does not",
                        rule.rule,
                        list(&extra),
                        of.rule
                    )
                })
            }
            Check::Between { rule, least, most } => {
                let got = self.class(rule);
                let missing: Vec<u8> = least.bytes().filter(|&c| !got[usize::from(c)]).collect();
                let extra: Vec<u8> = (0..128u8)
                    .filter(|&c| got[usize::from(c)] && !most.as_bytes().contains(&c))
                    .collect();
                if !missing.is_empty() {
                    Some(format!(
                        "`{}` does not accept {}",
                        rule.rule,
                        list(&missing)
                    ))
                } else if !extra.is_empty() {
                    Some(format!("`{}` accepts {}", rule.rule, list(&extra)))
                } else {
                    None
                }
            }
            Check::Lowercases { rule } => {
                let got = self.class(rule);
                let missing: Vec<u8> = (b'A'..=b'Z')
                    .filter(|&c| got[usize::from(c)] && !got[usize::from(c.to_ascii_lowercase())])
                    .map(|c| c.to_ascii_lowercase())
                    .collect();
                (!missing.is_empty()).then(|| {
                    format!(
                        "`{}` accepts uppercase letters whose lowercase it refuses: {}",
                        describe(rule),
                        list(&missing)
                    )
                })
            }
            Check::AcceptsEncoded { rule } => {
                let got = self.class(class(rule));
                let run: String = (0..128u8)
                    .filter(|&c| got[usize::from(c)])
                    .map(char::from)
                    .collect();
                let samples = [
                    String::new(),
                    run.clone(),
                    "%41%7e%C3%A9".to_owned(),
                    format!("{run}%2F%20{run}"),
                ];
                samples
                    .into_iter()
                    .find(|input| !accepts(rule, input))
                    .map(|input| format!("`{rule}` does not accept {input:?}"))
            }
            Check::Accepts { rule, inputs } => inputs
                .iter()
                .find(|input| !accepts(rule, input))
                .map(|input| format!("`{rule}` does not accept {input:?}")),
            Check::Rejects { rule, inputs } => inputs
                .iter()
                .find(|input| accepts(rule, input))
                .map(|input| format!("`{rule}` accepts {input:?}")),
            Check::AsciiOnly { rules } => {
                const WIDE: &[char] = &[
                    '\u{80}',
                    '\u{A0}',
                    '\u{E9}',
                    '\u{7FF}',
                    '\u{800}',
                    '\u{65E5}',
                    '\u{FFFD}',
                    '\u{10000}',
                    '\u{E0001}',
                    '\u{10FFFF}',
                ];
                rules.iter().find_map(|rule| {
                    WIDE.iter()
                        .find(|c| accepts(rule, &c.to_string()))
                        .map(|c| format!("`{rule}` accepts {c:?}"))
                })
            }
            Check::ReadsOnAsRegName { host, reg_name } => {
                let got = self.class(class(reg_name));
                let after: Vec<String> = (0..128u8)
                    .filter(|&c| got[usize::from(c)])
                    .map(|c| char::from(c).to_string())
                    .chain(["%41".to_owned()])
                    .collect();
                after
                    .iter()
                    .map(|tail| format!("192.0.2.1{tail}"))
                    .find(|input| !accepts(host, input))
                    .map(|input| {
                        format!(
                            "`{host}` does not accept {input:?} whole, though `{reg_name}` does"
                        )
                    })
            }
            Check::StdReads { rule, address } => {
                let samples = match address {
                    Address::V4 => ipv4_samples(),
                    Address::V6 => ipv6_samples(),
                };
                samples
                    .into_iter()
                    .find(|input| {
                        let std_reads = match address {
                            Address::V4 => input.parse::<Ipv4Addr>().is_ok(),
                            Address::V6 => input.parse::<Ipv6Addr>().is_ok(),
                        };
                        accepts(rule, input) && !std_reads
                    })
                    .map(|input| {
                        format!("`{rule}` accepts {input:?}, which the standard library does not read as an address")
                    })
            }
        }
    }

    fn class(&self, class: Class) -> [bool; 128] {
        let mut out = [false; 128];
        for (c, member) in (0u8..).zip(out.iter_mut()) {
            let input = format!("{}{}", class.after, char::from(c));
            *member = self.interpreter.matches_whole(class.rule, &input);
        }
        out
    }
}

fn difference(a: &[bool; 128], b: &[bool; 128]) -> Vec<u8> {
    (0..128u8)
        .filter(|&c| a[usize::from(c)] && !b[usize::from(c)])
        .collect()
}

fn describe(class: Class) -> String {
    if class.after.is_empty() {
        class.rule.to_owned()
    } else {
        format!("{}` after `{}", class.rule, class.after)
    }
}

/// Characters, quoted: `' ', '{'`.
fn list(chars: &[u8]) -> String {
    let quoted: Vec<String> = chars
        .iter()
        .map(|&c| format!("{:?}", char::from(c)))
        .collect();
    quoted.join(", ")
}

/// Dotted addresses of every shape an IPv4 rule might be edited to take:
/// each octet in turn replaced by a near miss (leading zeros, 256, signs,
/// letters, nothing), and too few or too many octets.
fn ipv4_samples() -> Vec<String> {
    const OCTETS: &[&str] = &[
        "0", "9", "10", "99", "100", "199", "200", "249", "250", "255", "256", "260", "300", "999",
        "1000", "00", "01", "001", "010", "0x1", "+1", "-1", "a", " 1", "",
    ];
    let mut out = Vec::new();
    for at in 0..4 {
        for octet in OCTETS {
            let mut parts = ["1"; 4];
            parts[at] = octet;
            out.push(parts.join("."));
        }
    }
    for odd in [
        "1",
        "1.2",
        "1.2.3",
        "1.2.3.4.5",
        "1.2.3.4.",
        ".1.2.3.4",
        "1..2.3",
        "",
    ] {
        out.push(odd.to_owned());
    }
    out
}

/// IPv6 addresses with every count of groups before and after `::` (and
/// none), with and without an IPv4 tail, and near misses: too many groups,
/// two `::`, long or bad groups, a zone, brackets.
fn ipv6_samples() -> Vec<String> {
    let groups = |n: usize| -> Vec<String> { (1..=n).map(|g| format!("{g:x}")).collect() };
    let mut out = Vec::new();
    for before in 0..=8 {
        for after in 0..=8 {
            let head = groups(before).join(":");
            let tail = groups(after).join(":");
            out.push(format!("{head}::{tail}"));
            if after > 0 {
                let short = groups(after - 1);
                let mut with_v4 = short.clone();
                with_v4.push("1.2.3.4".to_owned());
                out.push(format!("{head}::{}", with_v4.join(":")));
            }
        }
        if before > 0 {
            out.push(groups(before).join(":"));
            let mut with_v4 = groups(before - 1);
            with_v4.push("1.2.3.4".to_owned());
            out.push(with_v4.join(":"));
        }
    }
    for odd in [
        "",
        ":",
        ":::",
        "1:::2",
        "1::2::3",
        ":1::",
        "1::2:",
        "12345::",
        "g::",
        "::ffff:1.2.3.256",
        "::ffff:01.2.3.4",
        "::1.2.3",
        "::1.2.3.4.5",
        "::1%eth0",
        "::1%25eth0",
        "[::1]",
        " ::1",
        "::1 ",
    ] {
        out.push(odd.to_owned());
    }
    out
}

/// Why a URI component must be an IRI component.
const WHY_URI_IN_IRI: &str = "every URI is an IRI: a URI converts to an IRI without a new parse \
     (`From<UriBuf> for IriBuf`), whose setters then check text with the IRI rules, and the IRI \
     setters percent-encode unencoded text with the URI classes";

/// The invariants peguri's library relies on in its URI grammar
/// (`uri.pest`, `iri.pest` and `rfc6874.pest` read as one grammar), which
/// its build script checks before generating code.
pub const URI: &[Invariant] = &[
    Invariant {
        name: "segment-nz-nc is pchar without ':'",
        why: "the builder, the setters and `UriRefBuf::from_path` find the colon that would make \
              the first segment of a relative path read as a scheme (RFC 3986 section 4.2) by \
              that character alone: they check segments with `segment` and refuse, or escape \
              with \"./\", a first segment with ':'",
        fix: "edit `segment_nz_nc` with `pchar`, so that it accepts every character of `pchar` \
              but ':'",
        check: Check::ClassIs {
            rule: class("segment_nz_nc"),
            like: class("pchar"),
            without: ":",
        },
    },
    Invariant {
        name: "isegment-nz-nc is ipchar without ':'",
        why: "the IRI setters find the colon of RFC 3986 section 4.2 as the URI ones do",
        fix: "edit `isegment_nz_nc` with `ipchar`, so that it accepts every character of \
              `ipchar` but ':'",
        check: Check::ClassIs {
            rule: class("isegment_nz_nc"),
            like: class("ipchar"),
            without: ":",
        },
    },
    Invariant {
        name: "segment and segment-nz are runs of pchar",
        why: "the builder and the setters check each segment of a path with `segment`, and the \
              parse reads the first one with `segment_nz` (or `segment_nz_nc`)",
        fix: "keep `segment = @{ pchar* }` and `segment_nz = @{ pchar+ }`, and edit `pchar`",
        check: Check::ClassIs {
            rule: class("segment"),
            like: class("segment_nz"),
            without: "",
        },
    },
    Invariant {
        name: "segment is a run of pchar",
        why: "the builder and the setters check each segment of a path with `segment`, and the \
              parse reads the path with `pchar`",
        fix: "keep `segment = @{ pchar* }`, and edit `pchar`",
        check: Check::ClassIs {
            rule: class("segment"),
            like: class("pchar"),
            without: "",
        },
    },
    Invariant {
        name: "isegment and isegment-nz are runs of ipchar",
        why: "the IRI setters check each segment with `isegment`, and the parse reads the first \
              one with `isegment_nz`",
        fix: "keep `isegment = @{ ipchar* }` and `isegment_nz = @{ ipchar+ }`, and edit `ipchar`",
        check: Check::ClassIs {
            rule: class("isegment"),
            like: class("isegment_nz"),
            without: "",
        },
    },
    Invariant {
        name: "a scheme holds no delimiter",
        why: "the builder, the setters, resolution and normalization write a scheme before ':' \
              and read it back up to the first ':'",
        fix: "remove the character from `scheme`",
        check: Check::Excludes {
            rule: class_after("scheme", "a"),
            chars: ":/?#",
        },
    },
    Invariant {
        name: "a userinfo holds no delimiter",
        why: "the builder, the setters and `pct::encode` write a userinfo before '@' inside the \
              authority, and the parse must read it back up to that '@'",
        fix: "remove the character from `userinfo` (it holds a delimiter only percent-encoded)",
        check: Check::Excludes {
            rule: class("userinfo"),
            chars: "@/?#",
        },
    },
    Invariant {
        name: "an IRI userinfo holds no delimiter",
        why: "the IRI setters write a userinfo before '@' as the URI ones do",
        fix: "remove the character from `iuserinfo`",
        check: Check::Excludes {
            rule: class("iuserinfo"),
            chars: "@/?#",
        },
    },
    Invariant {
        name: "a reg-name holds no delimiter",
        why: "the builder, the setters and normalization write a host between \"//\" (or '@') \
              and ':' (or the path), and the parse must read it back up to there",
        fix: "remove the character from `reg_name` (it holds a delimiter only percent-encoded)",
        check: Check::Excludes {
            rule: class("reg_name"),
            chars: ":@/?#",
        },
    },
    Invariant {
        name: "an IRI reg-name holds no delimiter",
        why: "the IRI setters write a host as the URI ones do",
        fix: "remove the character from `ireg_name`",
        check: Check::Excludes {
            rule: class("ireg_name"),
            chars: ":@/?#",
        },
    },
    Invariant {
        name: "a port holds no delimiter",
        why: "the builder and the setters write a port between ':' and the path",
        fix: "remove the character from `port`",
        check: Check::Excludes {
            rule: class("port"),
            chars: "@/?#",
        },
    },
    Invariant {
        name: "a path segment holds no delimiter",
        why: "the builder, the setters, `pct::encode` and resolution split a path at '/' and \
              write it before '?' and '#'",
        fix: "remove the character from `pchar` (a segment holds '/', '?' and '#' only \
              percent-encoded)",
        check: Check::Excludes {
            rule: class("pchar"),
            chars: "/?#",
        },
    },
    Invariant {
        name: "an IRI path segment holds no delimiter",
        why: "the IRI setters split and write a path as the URI ones do",
        fix: "remove the character from `ipchar`",
        check: Check::Excludes {
            rule: class("ipchar"),
            chars: "/?#",
        },
    },
    Invariant {
        name: "a query holds no '#'",
        why: "the builder, the setters, resolution and normalization write a query before '#'",
        fix: "remove '#' from `query`",
        check: Check::Excludes {
            rule: class("query"),
            chars: "#",
        },
    },
    Invariant {
        name: "an IRI query holds no '#'",
        why: "the IRI setters write a query before '#'",
        fix: "remove '#' from `iquery`",
        check: Check::Excludes {
            rule: class("iquery"),
            chars: "#",
        },
    },
    Invariant {
        name: "a fragment holds no '#'",
        why: "a second '#' would make the fragment read differently in the grammar and in \
              `pct::encode`, which encodes '#' for a fragment",
        fix: "remove '#' from `fragment`",
        check: Check::Excludes {
            rule: class("fragment"),
            chars: "#",
        },
    },
    Invariant {
        name: "unreserved characters are in every component",
        why: "normalization decodes the triplets of unreserved characters in every component \
              (RFC 3986 section 6.2.2.2), and the result must still parse",
        fix: "add the character to the component's rule, or edit `unreserved` with it",
        check: Check::Within {
            rule: class("unreserved"),
            of: class("segment_nz_nc"),
        },
    },
    Invariant {
        name: "unreserved characters are in a query",
        why: "normalization decodes the triplets of unreserved characters in a query",
        fix: "add the character to `query`, or edit `unreserved` with it",
        check: Check::Within {
            rule: class("unreserved"),
            of: class("query"),
        },
    },
    Invariant {
        name: "unreserved characters are in a fragment",
        why: "normalization decodes the triplets of unreserved characters in a fragment",
        fix: "add the character to `fragment`, or edit `unreserved` with it",
        check: Check::Within {
            rule: class("unreserved"),
            of: class("fragment"),
        },
    },
    Invariant {
        name: "unreserved characters are in a userinfo",
        why: "normalization decodes the triplets of unreserved characters in a userinfo",
        fix: "add the character to `userinfo`, or edit `unreserved` with it",
        check: Check::Within {
            rule: class("unreserved"),
            of: class("userinfo"),
        },
    },
    Invariant {
        name: "unreserved characters are in a reg-name",
        why: "normalization decodes the triplets of unreserved characters in a host",
        fix: "add the character to `reg_name`, or edit `unreserved` with it",
        check: Check::Within {
            rule: class("unreserved"),
            of: class("reg_name"),
        },
    },
    Invariant {
        name: "unreserved characters are in every IRI component",
        why: "IRI normalization decodes the triplets of unreserved characters too",
        fix: "edit `iunreserved` so that it calls `unreserved`",
        check: Check::Within {
            rule: class("unreserved"),
            of: class("iunreserved"),
        },
    },
    Invariant {
        name: "'.' is a path character",
        why: "resolution, normalization and `UriRefBuf::from_path` write \"./\" and \"/.\" in \
              front of paths that would otherwise read as a scheme or an authority",
        fix: "keep '.' in `unreserved` (or in `segment_nz_nc` and `pchar`)",
        check: Check::Includes {
            rule: class("segment_nz_nc"),
            chars: ".",
        },
    },
    Invariant {
        name: "RFC 3986's rules match ASCII only",
        why: "a URI holds ASCII only (RFC 3987's rules add the rest): errors count the prefix a \
              URI rule matched as ASCII, percent-encoding keeps ASCII characters only, and an \
              IRI maps to a URI by encoding every other character",
        fix: "add non-ASCII characters to the IRI rules of `iri.pest` (`ucschar`, \
              `iprivate`) rather than to RFC 3986's",
        check: Check::AsciiOnly {
            rules: &[
                "ALPHA",
                "DIGIT",
                "HEXDIG",
                "unreserved",
                "sub_delims",
                "pchar",
                "segment_nz_nc",
                "query",
                "fragment",
                "userinfo",
                "reg_name",
                "port",
                "IPvFuture",
            ],
        },
    },
    Invariant {
        name: "HEXDIG is the hexadecimal digits",
        why: "percent-encoding writes triplets with the digits 0-9 and A-F (RFC 3986 section \
              2.1) and reads them as hexadecimal",
        fix: "keep 0-9 and A-F in `HEXDIG`, and only hexadecimal digits",
        check: Check::Between {
            rule: class("HEXDIG"),
            least: "0123456789ABCDEF",
            most: "0123456789ABCDEFabcdef",
        },
    },
    Invariant {
        name: "pct-encoded is '%' and two hex digits",
        why: "percent-encoding writes triplets such as \"%C3\" and reads them back",
        fix: "keep `pct_encoded = @{ \"%\" ~ HEXDIG ~ HEXDIG }`",
        check: Check::Accepts {
            rule: "pct_encoded",
            inputs: &["%00", "%41", "%7E", "%C3", "%FF"],
        },
    },
    Invariant {
        name: "percent-encoded text is a path segment",
        why: "`pct::encode` and the `_unencoded` builder methods and setters keep the characters \
              of `segment` and encode the others, and the result must be a segment",
        fix: "keep `segment` a run of `pchar`, and `pchar` a choice that includes `pct_encoded`",
        check: Check::AcceptsEncoded { rule: "segment" },
    },
    Invariant {
        name: "percent-encoded text is a query",
        why: "`pct::encode` and the query builders keep the characters of `query` and encode \
              the others, and the result must be a query",
        fix: "keep `query` a run of its characters and `pct_encoded`",
        check: Check::AcceptsEncoded { rule: "query" },
    },
    Invariant {
        name: "percent-encoded text is a fragment",
        why: "`pct::encode` keeps the characters of `fragment` and encodes the others",
        fix: "keep `fragment` a run of its characters and `pct_encoded`",
        check: Check::AcceptsEncoded { rule: "fragment" },
    },
    Invariant {
        name: "percent-encoded text is a userinfo",
        why: "`pct::encode` keeps the characters of `userinfo` and encodes the others",
        fix: "keep `userinfo` a run of its characters and `pct_encoded`",
        check: Check::AcceptsEncoded { rule: "userinfo" },
    },
    Invariant {
        name: "percent-encoded text is a reg-name",
        why: "`pct::encode` keeps the characters of `reg_name` and encodes the others",
        fix: "keep `reg_name` a run of its characters and `pct_encoded`",
        check: Check::AcceptsEncoded { rule: "reg_name" },
    },
    Invariant {
        name: "a URI segment is an IRI segment",
        why: WHY_URI_IN_IRI,
        fix: "give `ipchar` every character of `pchar`",
        check: Check::Within {
            rule: class("segment"),
            of: class("isegment"),
        },
    },
    Invariant {
        name: "a URI query is an IRI query",
        why: WHY_URI_IN_IRI,
        fix: "give `iquery` every character of `query` (it is made of `ipchar`, which takes \
              a character added to `pchar` as well)",
        check: Check::Within {
            rule: class("query"),
            of: class("iquery"),
        },
    },
    Invariant {
        name: "a URI fragment is an IRI fragment",
        why: WHY_URI_IN_IRI,
        fix: "give `ifragment` every character of `fragment` (it is made of `ipchar`, which \
              takes a character added to `pchar` as well)",
        check: Check::Within {
            rule: class("fragment"),
            of: class("ifragment"),
        },
    },
    Invariant {
        name: "a URI userinfo is an IRI userinfo",
        why: WHY_URI_IN_IRI,
        fix: "give `iuserinfo` every character of `userinfo`",
        check: Check::Within {
            rule: class("userinfo"),
            of: class("iuserinfo"),
        },
    },
    Invariant {
        name: "a URI reg-name is an IRI reg-name",
        why: WHY_URI_IN_IRI,
        fix: "give `ireg_name` every character of `reg_name`",
        check: Check::Within {
            rule: class("reg_name"),
            of: class("ireg_name"),
        },
    },
    Invariant {
        name: "a scheme's letters have both cases",
        why: "normalization lowercases a scheme (RFC 3986 section 6.2.2.1)",
        fix: "give `scheme` the lowercase of each letter it accepts",
        check: Check::Lowercases {
            rule: class_after("scheme", "a"),
        },
    },
    Invariant {
        name: "ALPHA has both cases",
        why: "normalization lowercases a scheme, which starts with `ALPHA`",
        fix: "give `ALPHA` the lowercase of each letter it accepts",
        check: Check::Lowercases {
            rule: class("ALPHA"),
        },
    },
    Invariant {
        name: "a reg-name's letters have both cases",
        why: "normalization lowercases a host (RFC 3986 section 6.2.2.1)",
        fix: "give `reg_name` the lowercase of each letter it accepts",
        check: Check::Lowercases {
            rule: class("reg_name"),
        },
    },
    Invariant {
        name: "an IRI reg-name's letters have both cases",
        why: "IRI normalization lowercases the ASCII letters of a host",
        fix: "give `ireg_name` the lowercase of each letter it accepts",
        check: Check::Lowercases {
            rule: class("ireg_name"),
        },
    },
    Invariant {
        name: "host reads an IPv4 address followed by a reg-name character as a reg-name",
        why: "`UriBuilder::host_unencoded`, the setters and normalization (which decodes \
              \"%41\" to 'a') write registered names that start like an IPv4 address; `host` \
              must read them whole, which its lookahead after `IPv4address` decides",
        fix: "make the lookahead after `IPv4address` in `host` match the characters of \
              `reg_name` (`!(unreserved | pct_encoded | sub_delims)` for RFC 3986's)",
        check: Check::ReadsOnAsRegName {
            host: "host",
            reg_name: "reg_name",
        },
    },
    Invariant {
        name: "host-6874 reads an IPv4 address followed by a reg-name character as a reg-name",
        why: "the builder and the setters with zone identifiers allowed write registered names \
              as without",
        fix: "make the lookahead after `IPv4address` in `host_6874` match the characters of \
              `reg_name`",
        check: Check::ReadsOnAsRegName {
            host: "host_6874",
            reg_name: "reg_name",
        },
    },
    Invariant {
        name: "ihost reads an IPv4 address followed by a reg-name character as a reg-name",
        why: "the IRI setters and normalization write registered names as the URI ones do",
        fix: "make the lookahead after `IPv4address` in `ihost` match the characters of \
              `ireg_name`",
        check: Check::ReadsOnAsRegName {
            host: "ihost",
            reg_name: "ireg_name",
        },
    },
    Invariant {
        name: "IPv4address accepts only what the standard library reads",
        why: "`Host::Ipv4`'s address is the standard library's reading of the text the grammar \
              accepted (`Ipv4Addr::from_str`)",
        fix: "keep `IPv4address` four `dec_octet`s, each 0 to 255 without leading zeros",
        check: Check::StdReads {
            rule: "IPv4address",
            address: Address::V4,
        },
    },
    Invariant {
        name: "IPv6address accepts only what the standard library reads",
        why: "`Host::Ipv6`'s address is the standard library's reading of the text the grammar \
              accepted (`Ipv6Addr::from_str`)",
        fix: "keep `IPv6address` within RFC 4291's forms",
        check: Check::StdReads {
            rule: "IPv6address",
            address: Address::V6,
        },
    },
    Invariant {
        name: "an IP literal is an address in brackets",
        why: "`Host` reads an IP literal's address between '[' and ']', and an IPvFuture's \
              version between 'v' and the first '.'",
        fix: "keep `IP_literal = { \"[\" ~ (IPv6address | IPvFuture) ~ \"]\" }` and \
              `IPvFuture`'s `\"v\" ~ HEXDIG+ ~ \".\"` start",
        check: Check::Rejects {
            rule: "IP_literal",
            inputs: &[
                "[::1", "::1]", "::1", "[v1.]", "[v.x]", "[v1x]", "[1.x]", "[]",
            ],
        },
    },
    Invariant {
        name: "an IP literal with a zone is an address, \"%25\" and the zone in brackets",
        why: "`Host` reads the address of an RFC 6874 literal up to the \"%25\" before the zone",
        fix: "keep `IPv6addrz` an `IPv6address`, \"%25\" and a `ZoneID`",
        check: Check::Rejects {
            rule: "IP_literal_6874",
            inputs: &[
                "[fe80::1%eth0]",
                "[fe80::1%25]",
                "[fe80::1%2eth0]",
                "[fe80::1%25eth0",
            ],
        },
    },
];
