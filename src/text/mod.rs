//! Text tools: the lenient Appendix B split, finding URIs in text
//! (Appendix C), and the security lints of section 7.

pub mod extract;
pub mod lint;
pub mod split;
