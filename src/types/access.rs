//! The component accessors of every type of the family, and the borrowing
//! and owning conversions between a type and its relatives.

use crate::prelude::*;
use crate::types::authority::Authority;
use crate::types::family::{
    Iri, IriBuf, IriRef, IriRefBuf, Uri, UriBuf, UriRef, UriRefBuf, for_each_type,
};
use crate::types::path::Segments;

macro_rules! accessors {
    ($ty:ident [$($lt:lifetime)?] $out:lifetime, $storage:ident, $kind:ident, $family:ident, $borrowed:ident, $owned:ident, $ref:ident, $refbuf:ident, $abs:ident, $absbuf:ident, $as_ref:ident, $as_abs:ident, $rule:literal) => {
        impl<$($lt)?> $ty<$($lt)?> {
            /// The whole reference, exactly as parsed.
            ///
            /// ```
            #[doc = concat!("let r = peguri::", stringify!($ty), "::try_from(\"http://h/p?q\")?;")]
            /// assert_eq!(r.as_str(), "http://h/p?q");
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[inline]
            pub fn as_str(&self) -> &$out str {
                self.view().as_str()
            }

            /// The authority, if the reference has one (it starts with `//`
            /// after any scheme). IP literals and IPv4 addresses are those of
            /// URIs in IRIs too; an IRI's registered name may hold non-ASCII
            /// characters.
            ///
            /// ```
            #[doc = concat!("let r = peguri::", stringify!($ty), "::try_from(\"http://u@h:8080/p\")?;")]
            /// let authority = r.authority().unwrap();
            /// assert_eq!(authority.userinfo(), Some("u"));
            /// assert_eq!(authority.host_str(), "h");
            /// assert_eq!(authority.port_u16(), Some(8080));
            #[doc = concat!("assert!(peguri::", stringify!($ty), "::try_from(\"file:/etc\")?.authority().is_none());")]
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[inline]
            pub fn authority(&self) -> Option<Authority<$out>> {
                self.view().authority()
            }

            /// The path. Always present, possibly empty.
            ///
            /// ```
            #[doc = concat!("assert_eq!(peguri::", stringify!($ty), "::try_from(\"http://h\")?.path(), \"\");")]
            #[doc = concat!("assert_eq!(peguri::", stringify!($ty), "::try_from(\"urn:a:b\")?.path(), \"a:b\");")]
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[inline]
            pub fn path(&self) -> &$out str {
                self.view().path()
            }

            /// The path's segments, still percent-encoded (see [`Segments`]).
            ///
            /// ```
            #[doc = concat!("let r = peguri::", stringify!($ty), "::try_from(\"http://h/a/b%20c/\")?;")]
            /// assert_eq!(r.segments().collect::<Vec<_>>(), ["a", "b%20c", ""]);
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[inline]
            pub fn segments(&self) -> Segments<$out> {
                self.view().segments()
            }

            /// The query, without its `?`; `None` when there is no `?`.
            ///
            /// ```
            #[doc = concat!("assert_eq!(peguri::", stringify!($ty), "::try_from(\"http://h\")?.query(), None);")]
            #[doc = concat!("assert_eq!(peguri::", stringify!($ty), "::try_from(\"http://h?\")?.query(), Some(\"\"));")]
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[inline]
            pub fn query(&self) -> Option<&$out str> {
                self.view().query()
            }

            /// The fragment, without its `#`; `None` when there is no `#`.
            ///
            /// ```
            #[doc = concat!("assert_eq!(peguri::", stringify!($ty), "::try_from(\"s:p#\")?.fragment(), Some(\"\"));")]
            #[doc = concat!("assert_eq!(peguri::", stringify!($ty), "::try_from(\"s:p\")?.fragment(), None);")]
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[inline]
            pub fn fragment(&self) -> Option<&$out str> {
                self.view().fragment()
            }

            /// The grammar rule that matched, as the RFCs name it: `URI` or
            /// `relative-ref` (RFC 3986), `IRI` or `irelative-ref`
            /// (RFC 3987).
            ///
            /// ```
            #[doc = concat!("assert_eq!(peguri::", stringify!($ty), "::try_from(\"a:b\")?.rule(), \"", accessors!(@scheme_rule $family), "\");")]
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            pub fn rule(&self) -> &'static str {
                self.view().rule()
            }
        }
        accessors!(@kind $kind $ty [$($lt)?] $out $ref $abs $as_ref $as_abs);
        accessors!(@storage $storage $ty [$($lt)?] $borrowed $owned $ref $abs $as_ref $as_abs $kind);
    };

    (@scheme_rule uri) => { "URI" };
    (@scheme_rule iri) => { "IRI" };

    (@kind reference $ty:ident [$($lt:lifetime)?] $out:lifetime $ref:ident $abs:ident $as_ref:ident $as_abs:ident) => {
        impl<$($lt)?> $ty<$($lt)?> {
            /// The scheme, without its `:`; `None` for a relative reference.
            ///
            /// ```
            #[doc = concat!("assert_eq!(peguri::", stringify!($ty), "::try_from(\"HTTP://h\")?.scheme(), Some(\"HTTP\"));")]
            #[doc = concat!("assert_eq!(peguri::", stringify!($ty), "::try_from(\"//h\")?.scheme(), None);")]
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[inline]
            pub fn scheme(&self) -> Option<&$out str> {
                self.view().scheme()
            }

            /// Whether the reference has a scheme, that is, whether it is a
            /// URI (an IRI) rather than a relative reference. A URI with a
            /// fragment has one too: RFC 3986's `absolute-URI` also excludes
            /// the fragment (see `parse_absolute`).
            ///
            /// ```
            #[doc = concat!("assert!(peguri::", stringify!($ty), "::try_from(\"a:b#f\")?.has_scheme());")]
            #[doc = concat!("assert!(!peguri::", stringify!($ty), "::try_from(\"/a:b\")?.has_scheme());")]
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[inline]
            pub fn has_scheme(&self) -> bool {
                self.view().has_scheme()
            }

            /// Whether the reference is a relative reference (has no scheme).
            ///
            /// ```
            #[doc = concat!("assert!(peguri::", stringify!($ty), "::try_from(\"?q\")?.is_relative());")]
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[inline]
            pub fn is_relative(&self) -> bool {
                !self.has_scheme()
            }

            #[doc = concat!("This reference as a [`", stringify!($abs), "`], if it has a scheme.")]
            ///
            /// ```
            #[doc = concat!("let r = peguri::", stringify!($ty), "::try_from(\"a:b\")?;")]
            #[doc = concat!("assert_eq!(r.", stringify!($as_abs), "().unwrap().scheme(), \"a\");")]
            #[doc = concat!("assert!(peguri::", stringify!($ty), "::try_from(\"b\")?.", stringify!($as_abs), "().is_none());")]
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[inline]
            pub fn $as_abs(&self) -> Option<$abs<$out>> {
                let view = self.view();
                view.has_scheme().then(|| $abs::from_parsed(view))
            }
        }
    };
    (@kind absolute $ty:ident [$($lt:lifetime)?] $out:lifetime $ref:ident $abs:ident $as_ref:ident $as_abs:ident) => {
        impl<$($lt)?> $ty<$($lt)?> {
            /// The scheme, without its `:`.
            ///
            /// ```
            #[doc = concat!("assert_eq!(peguri::", stringify!($ty), "::try_from(\"tel:+1-816-555-1212\")?.scheme(), \"tel\");")]
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[inline]
            pub fn scheme(&self) -> &$out str {
                // Every value of the type has a scheme.
                self.view().scheme().unwrap_or_default()
            }

            #[doc = concat!("This value as a [`", stringify!($ref), "`], which every function on references takes.")]
            ///
            /// ```
            #[doc = concat!("let r = peguri::", stringify!($ty), "::try_from(\"a:b\")?;")]
            #[doc = concat!("assert!(r.", stringify!($as_ref), "().has_scheme());")]
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[inline]
            pub fn $as_ref(&self) -> $ref<$out> {
                $ref::from_parsed(self.view())
            }
        }
    };

    (@storage borrowed $ty:ident [$lt:lifetime] $borrowed:ident $owned:ident $ref:ident $abs:ident $as_ref:ident $as_abs:ident $kind:ident) => {
        impl<$lt> $ty<$lt> {
            #[doc = concat!("An owned copy ([`", stringify!($owned), "`]); the component positions are")]
            /// reused, nothing is parsed again.
            ///
            /// ```
            #[doc = concat!("let owned = peguri::", stringify!($ty), "::parse(\"a:b\")?.to_owned();")]
            /// assert_eq!(owned.path(), "b");
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            #[allow(clippy::should_implement_trait)]
            pub fn to_owned(&self) -> $owned {
                $owned {
                    text: self.text.to_owned(),
                    layout: self.layout,
                    grammar: self.grammar,
                }
            }
        }

        impl<$lt> From<$ty<$lt>> for $owned {
            fn from(borrowed: $ty<$lt>) -> Self {
                borrowed.to_owned()
            }
        }
    };
    (@storage owned $ty:ident [] $borrowed:ident $owned:ident $ref:ident $abs:ident $as_ref:ident $as_abs:ident reference) => {
        impl $ty {
            #[doc = concat!("Borrows this value as a [`", stringify!($ref), "`]; nothing is copied.")]
            ///
            /// ```
            #[doc = concat!("let owned = peguri::", stringify!($ty), "::parse(\"a:b\")?;")]
            #[doc = concat!("assert_eq!(owned.", stringify!($as_ref), "().scheme(), Some(\"a\"));")]
            /// # Ok::<_, Box<dyn std::error::Error>>(())
            /// ```
            #[inline]
            pub fn $as_ref(&self) -> $ref<'_> {
                $ref::from_parsed(self.view())
            }
        }
        accessors!(@owned $ty);
    };
    (@storage owned $ty:ident [] $borrowed:ident $owned:ident $ref:ident $abs:ident $as_ref:ident $as_abs:ident absolute) => {
        impl $ty {
            #[doc = concat!("Borrows this value as a [`", stringify!($abs), "`]; nothing is copied.")]
            ///
            /// ```
            #[doc = concat!("let owned = peguri::", stringify!($ty), "::parse(\"a:b\")?;")]
            #[doc = concat!("assert_eq!(owned.", stringify!($as_abs), "().scheme(), \"a\");")]
            /// # Ok::<_, Box<dyn std::error::Error>>(())
            /// ```
            #[inline]
            pub fn $as_abs(&self) -> $abs<'_> {
                $abs::from_parsed(self.view())
            }
        }
        accessors!(@owned $ty);
    };
    (@owned $ty:ident) => {
        impl $ty {
            /// The text, giving up the component positions.
            ///
            /// ```
            #[doc = concat!("assert_eq!(peguri::", stringify!($ty), "::parse(\"a:b\")?.into_string(), \"a:b\");")]
            /// # Ok::<_, Box<dyn std::error::Error>>(())
            /// ```
            pub fn into_string(self) -> String {
                self.text
            }
        }

        impl From<$ty> for String {
            fn from(owned: $ty) -> Self {
                owned.text
            }
        }
    };
}
for_each_type!(accessors);
