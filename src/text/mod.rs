//! Text tools: the lenient Appendix B split, finding URIs in text
//! (Appendix C), the security lints of section 7, URI Templates
//! (RFC 6570), and the component diagram.

pub mod explain;
pub mod extract;
pub mod lint;
pub mod split;
pub mod template;
