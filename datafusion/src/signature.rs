//! The one signature every function has: `n` string arguments.

use datafusion::common::types::logical_string;
use datafusion::logical_expr::{
    Coercion, EncodingPreservation, Signature, TypeSignatureClass, Volatility,
};

/// `n` arguments of any string type: `Utf8`, `LargeUtf8`, `Utf8View`, or a
/// dictionary of one of them, which is passed as it is (not unpacked), so
/// that a one-argument function computes each distinct value once.
/// Immutable: the same input always gives the same result.
pub(crate) fn strings(n: usize) -> Signature {
    let string = Coercion::new_exact(TypeSignatureClass::Native(logical_string()))
        .with_encoding_preservation(EncodingPreservation::dictionary());
    Signature::coercible(vec![string; n], Volatility::Immutable)
}

/// What every function carries besides its behaviour: its name, aliases,
/// signature and documentation. Two functions are equal when their names
/// and aliases are (DataFusion compares functions to deduplicate
/// expressions; the documentation has no equality of its own).
#[derive(Debug)]
pub(crate) struct Meta {
    pub(crate) name: &'static str,
    pub(crate) aliases: Vec<String>,
    pub(crate) signature: Signature,
    pub(crate) documentation: datafusion::logical_expr::Documentation,
}

impl Meta {
    /// A function of `arguments` strings, with its aliases and documentation.
    pub(crate) fn new(
        name: &'static str,
        arguments: usize,
        aliases: &[&str],
        documentation: datafusion::logical_expr::Documentation,
    ) -> Self {
        Meta {
            name,
            aliases: aliases.iter().map(|a| (*a).to_owned()).collect(),
            signature: strings(arguments),
            documentation,
        }
    }
}

impl PartialEq for Meta {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.aliases == other.aliases
    }
}

impl Eq for Meta {}

impl std::hash::Hash for Meta {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
        self.aliases.hash(state);
    }
}

/// The methods of `ScalarUDFImpl` that read a function's [`Meta`] (in a
/// field named `meta`). Every function is strict: NULL in, NULL out.
macro_rules! meta_methods {
    () => {
        fn name(&self) -> &str {
            self.meta.name
        }

        fn aliases(&self) -> &[String] {
            &self.meta.aliases
        }

        fn signature(&self) -> &datafusion::logical_expr::Signature {
            &self.meta.signature
        }

        fn is_strict(&self) -> bool {
            true
        }

        fn documentation(&self) -> Option<&datafusion::logical_expr::Documentation> {
            Some(&self.meta.documentation)
        }
    };
}
pub(crate) use meta_methods;
