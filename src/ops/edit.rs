//! Changing one component of an owned reference in place: the setters of
//! every owned type ([`UriRefBuf`], [`UriBuf`], [`IriRefBuf`], [`IriBuf`]),
//! and [`QueryEditor`] for `key=value` pairs.
//!
//! A setter checks its text as [`UriBuilder`](crate::UriBuilder) does
//! (raw text against the component's grammar rule, unencoded text
//! percent-encoded with [`pct`](crate::pct)'s classes), refuses the
//! combinations RFC 3986 forbids, and leaves the reference unchanged when it
//! returns an error. The other components keep their text exactly. Text is
//! checked against the grammar the reference was parsed with: an IRI's
//! components may hold what RFC 3987 allows, and a reference parsed with
//! zone identifiers allowed takes a host with one.

use alloc::borrow::Cow;
use core::net::IpAddr;

use crate::ops::build::{
    BuildError, BuildErrorKind, Parts, authority_parts, check, encode_path, ip_host, push_segment,
};
use crate::syntax::component::Component;
use crate::syntax::entry::Grammar;
use crate::syntax::layout::Layout;
use crate::syntax::pct::{self, EncodeSet};
use crate::types::parsed::Parsed;
use alloc::{
    borrow::ToOwned,
    string::{String, ToString},
};

/// An owned reference's text, layout and grammar, changed in place: the
/// one place the setters of every owned type and [`QueryEditor`] write.
pub(crate) struct Edit<'u> {
    text: &'u mut String,
    layout: &'u mut Layout,
    grammar: Grammar,
}

/// Puts the reference `parts` make in place of the text and layout `$edit`
/// changes, in its grammar; an error leaves them unchanged.
macro_rules! replace_with {
    ($edit:ident, $parts:expr) => {
        $parts.assemble($edit.grammar).map(|(text, layout)| {
            *$edit.text = text;
            *$edit.layout = layout;
        })
    };
}

/// Refuses a userinfo or port where there is no authority to hold it.
fn needs_authority(parts: &Parts<'_>, component: Component) -> Result<(), BuildError> {
    if parts.authority.is_none() {
        return Err(BuildError::new(component, BuildErrorKind::NoHost));
    }
    Ok(())
}

impl<'u> Edit<'u> {
    /// The text, layout and grammar of an owned reference, to change.
    pub(crate) fn new(text: &'u mut String, layout: &'u mut Layout, grammar: Grammar) -> Self {
        Edit {
            text,
            layout,
            grammar,
        }
    }

    fn view(&self) -> Parsed<'_> {
        Parsed::new(self.text, *self.layout, self.grammar)
    }

    fn path(&self) -> &str {
        self.view().path()
    }

    pub(crate) fn query(&self) -> Option<&str> {
        self.view().query()
    }

    pub(crate) fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        if let Some(scheme) = scheme {
            check(scheme, Component::Scheme, self.grammar)?;
        }
        let mut parts = Parts::of(self.view());
        parts.scheme = scheme.map(Cow::Borrowed);
        replace_with!(self, parts)?;
        Ok(())
    }
}

impl Edit<'_> {
    pub(crate) fn set_authority(&mut self, authority: Option<&str>) -> Result<(), BuildError> {
        let authority = authority
            .map(|a| authority_parts(a, self.grammar))
            .transpose()?;
        let mut parts = Parts::of(self.view());
        parts.authority = authority;
        replace_with!(self, parts)?;
        Ok(())
    }

    pub(crate) fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
        if let Some(userinfo) = userinfo {
            check(userinfo, Component::Userinfo, self.grammar)?;
        }
        self.put_userinfo(userinfo.map(Cow::Borrowed))
    }

    pub(crate) fn set_userinfo_unencoded(&mut self, userinfo: &str) -> Result<(), BuildError> {
        self.put_userinfo(Some(pct::encode(userinfo, EncodeSet::Userinfo)))
    }

    fn put_userinfo(&mut self, userinfo: Option<Cow<'_, str>>) -> Result<(), BuildError> {
        let mut parts = Parts::of(self.view());
        match parts.authority.as_mut() {
            Some(authority) => authority.userinfo = userinfo,
            None if userinfo.is_none() => return Ok(()),
            None => needs_authority(&parts, Component::Userinfo)?,
        }
        replace_with!(self, parts)?;
        Ok(())
    }

    pub(crate) fn set_host(&mut self, host: &str) -> Result<(), BuildError> {
        check(host, Component::Host, self.grammar)?;
        self.put_host(Cow::Borrowed(host))
    }

    pub(crate) fn set_host_unencoded(&mut self, host: &str) -> Result<(), BuildError> {
        self.put_host(pct::encode(host, EncodeSet::RegName))
    }

    pub(crate) fn set_host_ip(&mut self, ip: impl Into<IpAddr>) -> Result<(), BuildError> {
        self.put_host(Cow::Owned(ip_host(ip.into())))
    }

    fn put_host(&mut self, host: Cow<'_, str>) -> Result<(), BuildError> {
        let mut parts = Parts::of(self.view());
        parts.authority_mut().host = host;
        replace_with!(self, parts)?;
        Ok(())
    }

    pub(crate) fn set_port(&mut self, port: Option<u16>) -> Result<(), BuildError> {
        self.put_port(port.map(|p| Cow::Owned(p.to_string())))
    }

    pub(crate) fn set_port_str(&mut self, port: Option<&str>) -> Result<(), BuildError> {
        if let Some(port) = port {
            check(port, Component::Port, self.grammar)?;
        }
        self.put_port(port.map(Cow::Borrowed))
    }

    fn put_port(&mut self, port: Option<Cow<'_, str>>) -> Result<(), BuildError> {
        let mut parts = Parts::of(self.view());
        match parts.authority.as_mut() {
            Some(authority) => authority.port = port,
            None if port.is_none() => return Ok(()),
            None => needs_authority(&parts, Component::Port)?,
        }
        replace_with!(self, parts)?;
        Ok(())
    }

    pub(crate) fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
        check(path, Component::Path, self.grammar)?;
        self.put_path(Cow::Borrowed(path))
    }

    pub(crate) fn set_path_unencoded(&mut self, path: &str) -> Result<(), BuildError> {
        self.put_path(encode_path(path))
    }

    pub(crate) fn push_segment(&mut self, segment: &str) -> Result<(), BuildError> {
        let mut path = self.path().to_owned();
        push_segment(&mut path, segment)?;
        self.put_path(Cow::Owned(path))
    }

    fn put_path(&mut self, path: Cow<'_, str>) -> Result<(), BuildError> {
        let mut parts = Parts::of(self.view());
        parts.path = path;
        replace_with!(self, parts)?;
        Ok(())
    }

    pub(crate) fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
        if let Some(query) = query {
            check(query, Component::Query, self.grammar)?;
        }
        self.put_query(query.map(Cow::Borrowed));
        Ok(())
    }

    pub(crate) fn set_query_unencoded(&mut self, query: &str) {
        self.put_query(Some(pct::encode(query, EncodeSet::Query)));
    }

    pub(crate) fn put_query(&mut self, query: Option<Cow<'_, str>>) {
        let mut parts = Parts::of(self.view());
        parts.query = query;
        // The query takes no part in the section 3.3 and 4.2
        // checks, and the rest is as it was: this cannot fail.
        let _ = replace_with!(self, parts);
    }

    pub(crate) fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
        if let Some(fragment) = fragment {
            check(fragment, Component::Fragment, self.grammar)?;
        }
        self.put_fragment(fragment.map(Cow::Borrowed));
        Ok(())
    }

    pub(crate) fn set_fragment_unencoded(&mut self, fragment: &str) {
        self.put_fragment(Some(pct::encode(fragment, EncodeSet::Fragment)));
    }

    fn put_fragment(&mut self, fragment: Option<Cow<'_, str>>) {
        let mut parts = Parts::of(self.view());
        parts.fragment = fragment;
        // As for the query, this cannot fail.
        let _ = replace_with!(self, parts);
    }
}
