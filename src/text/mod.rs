//! Text tools: the lenient Appendix B split, finding URIs in text
//! (Appendix C), the security lints of section 7, URI Templates
//! (RFC 6570), the component diagram, the comparison with the WHATWG URL
//! Standard's reading, and each scheme's own syntax.

pub mod explain;
pub mod extract;
pub mod lint;
#[cfg(feature = "schemes")]
#[cfg_attr(docsrs, doc(cfg(feature = "schemes")))]
pub mod scheme;
pub mod split;
pub(crate) mod suffix;
#[cfg(feature = "template")]
#[cfg_attr(docsrs, doc(cfg(feature = "template")))]
pub mod template;
#[cfg(feature = "whatwg")]
#[cfg_attr(docsrs, doc(cfg(feature = "whatwg")))]
pub mod whatwg;
