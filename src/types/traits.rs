//! The standard traits of every type of the family, and the conversions
//! between types: equality, ordering and hashing of the text (RFC 3986
//! section 6.2.1, simple string comparison), `Display`, `AsRef<str>`,
//! `Borrow<str>`, `Debug`, and `From`/`TryFrom` along the rules' inclusions
//! (every URI is a URI reference, every URI reference an IRI reference).

use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

use crate::prelude::*;
use crate::types::family::{
    Iri, IriBuf, IriRef, IriRefBuf, Uri, UriBuf, UriRef, UriRefBuf, for_each_type,
};

macro_rules! text_traits {
    ($ty:ident [$($lt:lifetime)?] $($rest:tt)*) => {
        impl<$($lt)?> PartialEq for $ty<$($lt)?> {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }
        impl<$($lt)?> Eq for $ty<$($lt)?> {}
        impl<$($lt)?> PartialOrd for $ty<$($lt)?> {
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }
        impl<$($lt)?> Ord for $ty<$($lt)?> {
            fn cmp(&self, other: &Self) -> Ordering {
                self.as_str().cmp(other.as_str())
            }
        }
        impl<$($lt)?> Hash for $ty<$($lt)?> {
            // Hashes like the `str` it compares as, so that a map keyed by
            // the type can be looked up with a `&str` (`Borrow<str>`).
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.as_str().hash(state)
            }
        }
        impl<$($lt)?> PartialEq<str> for $ty<$($lt)?> {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }
        impl<$($lt)?> PartialEq<&str> for $ty<$($lt)?> {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
        impl<$($lt)?> PartialEq<String> for $ty<$($lt)?> {
            fn eq(&self, other: &String) -> bool {
                self.as_str() == other.as_str()
            }
        }
        impl<$($lt)?> PartialEq<$ty<$($lt)?>> for str {
            fn eq(&self, other: &$ty<$($lt)?>) -> bool {
                self == other.as_str()
            }
        }
        impl<$($lt)?> PartialEq<$ty<$($lt)?>> for &str {
            fn eq(&self, other: &$ty<$($lt)?>) -> bool {
                *self == other.as_str()
            }
        }
        impl<$($lt)?> PartialEq<$ty<$($lt)?>> for String {
            fn eq(&self, other: &$ty<$($lt)?>) -> bool {
                self.as_str() == other.as_str()
            }
        }
        impl<$($lt)?> Borrow<str> for $ty<$($lt)?> {
            fn borrow(&self) -> &str {
                self.as_str()
            }
        }
        impl<$($lt)?> AsRef<str> for $ty<$($lt)?> {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }
        impl<$($lt)?> fmt::Display for $ty<$($lt)?> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl<$($lt)?> fmt::Debug for $ty<$($lt)?> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let r = self.view();
                f.debug_struct(stringify!($ty))
                    .field("as_str", &r.as_str())
                    .field("scheme", &r.scheme())
                    .field("authority", &r.authority())
                    .field("path", &r.path())
                    .field("query", &r.query())
                    .field("fragment", &r.fragment())
                    .finish()
            }
        }
    };
}
for_each_type!(text_traits);

/// `==` between two types of a family: the same text.
macro_rules! cross_eq {
    ($(($a:ty, $b:ty)),* $(,)?) => {$(
        impl PartialEq<$b> for $a {
            fn eq(&self, other: &$b) -> bool {
                self.as_str() == other.as_str()
            }
        }
        impl PartialEq<$a> for $b {
            fn eq(&self, other: &$a) -> bool {
                self.as_str() == other.as_str()
            }
        }
    )*};
}

cross_eq!(
    (UriRef<'_>, Uri<'_>),
    (UriRef<'_>, UriRefBuf),
    (UriRef<'_>, UriBuf),
    (Uri<'_>, UriRefBuf),
    (Uri<'_>, UriBuf),
    (UriRefBuf, UriBuf),
    (IriRef<'_>, Iri<'_>),
    (IriRef<'_>, IriRefBuf),
    (IriRef<'_>, IriBuf),
    (Iri<'_>, IriRefBuf),
    (Iri<'_>, IriBuf),
    (IriRefBuf, IriBuf),
);

/// The conversions along an inclusion of rules: `From` where every value
/// of `$from` is a `$to` (a URI is a URI reference, a URI reference is an
/// IRI reference), in the grammar of the target's family (`$family`, a
/// method of `Grammar`).
macro_rules! widen {
    ($($from:ident => $to:ident [$($lt:lifetime)?], $family:ident);* $(;)?) => {$(
        impl<$($lt)?> From<$from<$($lt)?>> for $to<$($lt)?> {
            fn from(value: $from<$($lt)?>) -> Self {
                $to {
                    text: value.text,
                    layout: value.layout,
                    grammar: value.grammar.$family(),
                }
            }
        }
    )*};
}

widen! {
    Uri => UriRef ['a], as_uri;
    Iri => IriRef ['a], as_iri;
    UriRef => IriRef ['a], as_iri;
    Uri => Iri ['a], as_iri;
    UriBuf => UriRefBuf [], as_uri;
    IriBuf => IriRefBuf [], as_iri;
    UriRefBuf => IriRefBuf [], as_iri;
    UriBuf => IriBuf [], as_iri;
}

/// `From` a reference to any type of a family to its borrowed reference
/// type, for the functions that take any of them (`resolve`,
/// `make_relative`).
macro_rules! borrow_as {
    ($to:ident: $($from:ty),* $(,)?) => {$(
        impl<'a> From<&'a $from> for $to<'a> {
            fn from(value: &'a $from) -> Self {
                $to::from_parsed(value.view())
            }
        }
    )*};
}

borrow_as!(UriRef: UriRef<'_>, Uri<'_>, UriRefBuf, UriBuf);
borrow_as!(IriRef: IriRef<'_>, Iri<'_>, IriRefBuf, IriBuf);

/// `TryFrom` a reference to the type with a scheme: it succeeds when the
/// reference has one, and gives the reference back otherwise.
macro_rules! narrow {
    ($($from:ident => $to:ident [$($lt:lifetime)?]),* $(,)?) => {$(
        impl<$($lt)?> TryFrom<$from<$($lt)?>> for $to<$($lt)?> {
            type Error = $from<$($lt)?>;

            fn try_from(value: $from<$($lt)?>) -> Result<Self, Self::Error> {
                if value.view().has_scheme() {
                    Ok($to {
                        text: value.text,
                        layout: value.layout,
                        grammar: value.grammar,
                    })
                } else {
                    Err(value)
                }
            }
        }
    )*};
}

narrow!(
    UriRef => Uri ['a],
    IriRef => Iri ['a],
    UriRefBuf => UriBuf [],
    IriRefBuf => IriBuf [],
);
