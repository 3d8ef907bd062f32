//! Parsing text into each type of the family, and the standard traits
//! that do it (`FromStr`, `TryFrom`).

use core::str::FromStr;

use crate::prelude::*;
use crate::syntax::entry::{Entry, Syntax};
use crate::syntax::error::ParseError;
use crate::syntax::parse::{parse_into, utf8};
use crate::types::family::{
    Iri, IriBuf, IriRef, IriRefBuf, Uri, UriBuf, UriRef, UriRefBuf, family_grammar, for_each_type,
};

/// `parse` for every type, `parse_relative` and `parse_bytes` for the
/// borrowed references, `parse_absolute` for the types with a scheme, and
/// `TryFrom` (and `FromStr` for the owned types).
macro_rules! parse_fns {
    ($ty:ident [$($lt:lifetime)?] $out:lifetime, $storage:ident, $kind:ident, $family:ident, $borrowed:ident, $owned:ident, $ref:ident, $refbuf:ident, $abs:ident, $absbuf:ident, $as_ref:ident, $as_abs:ident, $rule:literal) => {
        impl<$($lt)?> $ty<$($lt)?> {
            parse_fns! {
                @parse $storage $kind $family [$($lt)?]
                #[doc = concat!("Parses `", $rule, "`.")]
                ///
                /// # Errors
                ///
                #[doc = concat!("A [`ParseError`] saying where and why the text is not `", $rule, "`.")]
                /// An owned type's error gives the text back
                /// ([`ParseError::into_input`]).
                ///
                /// ```
                #[doc = concat!("let r = peguri::", stringify!($ty), "::parse(\"http://user@example.com:8080/a/b?q#f\")?;")]
                /// assert_eq!(r.path(), "/a/b");
                #[doc = concat!("let err = peguri::", stringify!($ty), "::parse(\"http://h/a b\").unwrap_err();")]
                /// assert_eq!((err.offset(), err.column()), (10, 11));
                /// assert_eq!(err.message(), "invalid character ' ' in path");
                /// # Ok::<_, Box<dyn std::error::Error>>(())
                /// ```
            }
        }
        parse_fns!(@extra $ty [$($lt)?] $storage $kind $family $rule);
        parse_fns!(@traits $ty [$($lt)?] $storage $kind $family);
    };

    (@parse borrowed $kind:ident $family:ident [$lt:lifetime] $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn parse(input: &$lt str) -> Result<Self, ParseError> {
            Self::parse_entry(input, parse_fns!(@entry $kind))
        }

        /// Parses `input` as `entry` of the type's grammar.
        #[inline]
        fn parse_entry(input: &$lt str, entry: Entry) -> Result<Self, ParseError> {
            let grammar = family_grammar!($family);
            parse_into(input, Syntax::new(entry, grammar), |layout| Self {
                text: input,
                layout,
                grammar,
            })
        }
    };
    (@parse owned $kind:ident $family:ident [] $(#[$doc:meta])*) => {
        $(#[$doc])*
        // The error carries the input back, as `String` does in
        // `Result<_, FromUtf8Error>`; boxing it would cost an allocation.
        #[allow(clippy::result_large_err)]
        pub fn parse(text: impl Into<String>) -> Result<Self, ParseError<String>> {
            Self::parse_entry(text.into(), parse_fns!(@entry $kind))
        }

        /// Parses `text` as `entry` of the type's grammar.
        #[allow(clippy::result_large_err)]
        fn parse_entry(text: String, entry: Entry) -> Result<Self, ParseError<String>> {
            let grammar = family_grammar!($family);
            match parse_into(&text, Syntax::new(entry, grammar), |layout| layout) {
                Ok(layout) => Ok(Self { text, layout, grammar }),
                Err(e) => Err(e.with_input(text)),
            }
        }
    };
    (@entry reference) => { Entry::UriReference };
    (@entry absolute) => { Entry::Uri };

    (@extra $ty:ident [$lt:lifetime] borrowed reference $family:ident $rule:literal) => {
        impl<$lt> $ty<$lt> {
            #[doc = concat!("Parses `", $rule, "` from bytes, such as a line read from a file or a")]
            /// socket: as [`parse`](Self::parse), after checking that they
            /// are UTF-8. Offsets in the error count the bytes as given.
            ///
            /// # Errors
            ///
            /// A [`ParseError`] for the first byte that is not part of a
            /// UTF-8 character, or why the text does not parse.
            ///
            /// ```
            #[doc = concat!("let r = peguri::", stringify!($ty), "::parse_bytes(b\"http://h/p\")?;")]
            /// assert_eq!(r.path(), "/p");
            #[doc = concat!("let err = peguri::", stringify!($ty), "::parse_bytes(b\"http://h/\\xff\").unwrap_err();")]
            /// assert_eq!(err.offset(), 9);
            /// assert_eq!(
            ///     err.message(),
            ///     "invalid UTF-8: byte 0xFF is not part of a character; a reference is text, and an \
            ///      octet that is not must be percent-encoded (%FF)"
            /// );
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            pub fn parse_bytes(input: &$lt [u8]) -> Result<Self, ParseError> {
                let syntax = Syntax::new(Entry::UriReference, family_grammar!($family));
                Self::parse(utf8(input, syntax)?)
            }

            /// Parses a relative reference only (`relative-ref`, RFC 3986
            /// section 4.2; `irelative-ref` for IRIs).
            ///
            /// # Errors
            ///
            /// A [`ParseError`] if `input` is not a relative reference, for
            /// example because it has a scheme.
            ///
            /// ```
            #[doc = concat!("assert!(peguri::", stringify!($ty), "::parse_relative(\"./a:b\").is_ok());")]
            #[doc = concat!("assert!(peguri::", stringify!($ty), "::parse_relative(\"a:b\").is_err());")]
            /// ```
            pub fn parse_relative(input: &$lt str) -> Result<Self, ParseError> {
                Self::parse_entry(input, Entry::RelativeRef)
            }
        }
    };
    (@extra $ty:ident [$($lt:lifetime)?] $storage:ident absolute $family:ident $rule:literal) => {
        impl<$($lt)?> $ty<$($lt)?> {
            parse_fns! {
                @absolute $storage [$($lt)?]
                /// Parses an absolute URI (`absolute-URI`, RFC 3986 section
                /// 4.3; `absolute-IRI` for IRIs): a scheme and no fragment,
                /// as a base must be.
                ///
                /// # Errors
                ///
                /// A [`ParseError`] if the text has no scheme or has a
                /// fragment.
                ///
                /// ```
                #[doc = concat!("assert!(peguri::", stringify!($ty), "::parse_absolute(\"http://a/b?c\").is_ok());")]
                #[doc = concat!("assert!(peguri::", stringify!($ty), "::parse_absolute(\"http://a/b#c\").is_err());")]
                /// ```
            }
        }
    };
    (@extra $($other:tt)*) => {};

    (@absolute borrowed [$lt:lifetime] $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn parse_absolute(input: &$lt str) -> Result<Self, ParseError> {
            Self::parse_entry(input, Entry::AbsoluteUri)
        }
    };
    (@absolute owned [] $(#[$doc:meta])*) => {
        $(#[$doc])*
        #[allow(clippy::result_large_err)] // The error gives the input back.
        pub fn parse_absolute(text: impl Into<String>) -> Result<Self, ParseError<String>> {
            Self::parse_entry(text.into(), Entry::AbsoluteUri)
        }
    };

    (@traits $ty:ident [$lt:lifetime] borrowed $kind:ident $family:ident) => {
        impl<$lt> TryFrom<&$lt str> for $ty<$lt> {
            type Error = ParseError;

            fn try_from(text: &$lt str) -> Result<Self, ParseError> {
                $ty::parse(text)
            }
        }
    };
    (@traits $ty:ident [] owned $kind:ident $family:ident) => {
        // From text that is only borrowed, parse first and copy only what
        // is valid: an invalid input costs no copy.
        impl FromStr for $ty {
            type Err = ParseError;

            fn from_str(text: &str) -> Result<Self, ParseError> {
                let grammar = family_grammar!($family);
                parse_into(text, Syntax::new(parse_fns!(@entry $kind), grammar), |layout| $ty {
                    text: text.to_owned(),
                    layout,
                    grammar,
                })
            }
        }

        impl TryFrom<&str> for $ty {
            type Error = ParseError;

            fn try_from(text: &str) -> Result<Self, ParseError> {
                text.parse()
            }
        }

        impl TryFrom<String> for $ty {
            type Error = ParseError<String>;

            fn try_from(text: String) -> Result<Self, ParseError<String>> {
                $ty::parse(text)
            }
        }
    };
}
for_each_type!(parse_fns);
