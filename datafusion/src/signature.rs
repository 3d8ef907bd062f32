//! The one signature every function has: string arguments, as many as it
//! takes, checked by [`coerce`] so that a wrong call is a user error that
//! shows the function's syntax. A few functions take a boolean or a list
//! of keys at a given place ([`Arg`]).

use std::ops::RangeInclusive;

use datafusion::arrow::datatypes::DataType;
use datafusion::common::{plan_err, Result};
use datafusion::logical_expr::{Signature, Volatility};

/// Immutable string arguments whose count and types [`coerce`] checks:
/// the same input always gives the same result.
fn strings() -> Signature {
    Signature::user_defined(Volatility::Immutable)
}

/// What an argument is, where it is not a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Arg {
    /// A string of any string type (the default).
    Str,
    /// A boolean (`true`, `false`), such as `plus_as_space`.
    Bool,
    /// Keys: a list of strings (`['utm_*', 'fbclid']`), or one string.
    Keys,
}

/// What every function carries besides its behaviour: its name, aliases,
/// how many arguments it takes, signature and documentation. Two functions
/// are equal when their names and aliases are (DataFusion compares
/// functions to deduplicate expressions; the documentation has no equality
/// of its own).
#[derive(Debug)]
pub(crate) struct Meta {
    pub(crate) name: &'static str,
    pub(crate) aliases: Vec<String>,
    pub(crate) arguments: RangeInclusive<usize>,
    /// What each argument is, by position; `Str` past the end.
    pub(crate) kinds: Vec<Arg>,
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
            arguments: arguments..=arguments,
            kinds: Vec::new(),
            signature: strings(),
            documentation,
        }
    }

    /// The same function with arguments of other kinds than strings, by
    /// position, of which the last `optional` may be left out.
    pub(crate) fn with_kinds(mut self, kinds: &[Arg], optional: usize) -> Self {
        self.kinds = kinds.to_vec();
        self.arguments = kinds.len() - optional..=kinds.len();
        self
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

/// The types a call's arguments are taken as: each argument must be a
/// string (`Utf8`, `LargeUtf8`, `Utf8View`, or a dictionary of one of
/// them, which is passed as it is, not unpacked, so that a one-argument
/// function computes each distinct value once) or NULL, and there must be
/// as many as the function takes. Anything else is a planning error that
/// shows the function's syntax (`uri_host(uri) takes 1 argument, got 2`).
pub(crate) fn coerce(meta: &Meta, types: &[DataType]) -> Result<Vec<DataType>> {
    let syntax = &meta.documentation.syntax_example;
    if !meta.arguments.contains(&types.len()) {
        let (low, high) = (*meta.arguments.start(), *meta.arguments.end());
        let count = match (low == high, high) {
            (true, 1) => "1 argument".to_owned(),
            (true, n) => format!("{n} arguments"),
            (false, _) => format!("{low} or {high} arguments"),
        };
        return plan_err!("{syntax} takes {count}, got {}", types.len());
    }
    types
        .iter()
        .enumerate()
        .map(
            |(i, data_type)| match meta.kinds.get(i).copied().unwrap_or(Arg::Str) {
                Arg::Str => coerce_string(syntax, i, data_type),
                Arg::Bool => match data_type {
                    DataType::Boolean | DataType::Null => Ok(DataType::Boolean),
                    other => plan_err!("{syntax}: argument {} is {other}, not a boolean", i + 1),
                },
                Arg::Keys => coerce_keys(syntax, i, data_type),
            },
        )
        .collect()
}

/// A string argument: any string type, a dictionary of one (passed as it
/// is), or NULL.
fn coerce_string(syntax: &str, i: usize, data_type: &DataType) -> Result<DataType> {
    match data_type {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => Ok(data_type.clone()),
        DataType::Dictionary(_, value)
            if matches!(
                value.as_ref(),
                DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
            ) =>
        {
            Ok(data_type.clone())
        }
        DataType::Null => Ok(DataType::Utf8),
        other => plan_err!("{syntax}: argument {} is {other}, not a string", i + 1),
    }
}

/// Keys: a list of strings of any list type, taken as `List(Utf8)`, or
/// one string.
fn coerce_keys(syntax: &str, i: usize, data_type: &DataType) -> Result<DataType> {
    let strings = |item: &DataType| {
        let string =
            |t: &DataType| matches!(t, DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View);
        string(item)
            || item == &DataType::Null
            || matches!(item, DataType::Dictionary(_, value) if string(value))
    };
    match data_type {
        DataType::List(item)
        | DataType::LargeList(item)
        | DataType::ListView(item)
        | DataType::LargeListView(item)
        | DataType::FixedSizeList(item, _)
            if strings(item.data_type()) =>
        {
            Ok(DataType::List(std::sync::Arc::new(
                datafusion::arrow::datatypes::Field::new_list_field(DataType::Utf8, true),
            )))
        }
        DataType::Null => Ok(DataType::List(std::sync::Arc::new(
            datafusion::arrow::datatypes::Field::new_list_field(DataType::Utf8, true),
        ))),
        other if strings(other) || matches!(other, DataType::Dictionary(_, _)) => {
            coerce_string(syntax, i, other)
        }
        other => plan_err!(
            "{syntax}: argument {} is {other}, not a list of strings (['utm_*', 'fbclid']) or a \
             string",
            i + 1
        ),
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

        fn coerce_types(
            &self,
            arg_types: &[datafusion::arrow::datatypes::DataType],
        ) -> datafusion::common::Result<Vec<datafusion::arrow::datatypes::DataType>> {
            crate::signature::coerce(&self.meta, arg_types)
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
