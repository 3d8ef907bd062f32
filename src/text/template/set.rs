//! Many templates, one URI: the best match ([`TemplateSet`]).
//!
//! The templates' match steps are kept in one tree: literal text in a
//! radix tree of bytes, and an expression as an edge keyed by how its end
//! is found ([`Extent`]), so templates that begin alike are walked once.
//! A template that cannot match is left behind at the first byte where it
//! differs from the URI, and every node knows the best precedence under
//! it, so a subtree that cannot beat the match found so far is skipped.

use super::UriTemplate;
use super::ambiguity::Ambiguity;
use super::captures::Captures;
use super::plan::{Extent, Step};
use alloc::{boxed::Box, vec::Vec};

/// Many URI Templates, and the best one for a URI: for routers, MCP
/// resource templates, and grouping an access log's URLs under the routes
/// that made them.
///
/// # Precedence
///
/// When several templates match a URI, the one chosen has, in this order:
/// 1. the most literal text (in bytes, as the expansion writes it): the
///    template that pins more of the URI is the more specific, so
///    `/users/me` wins over `/users/{id}` and `/files/{name}.json` over
///    `/files/{name}`;
/// 2. then the fewest variables: `/search` over `/search{?q}` for
///    `/search`;
/// 3. then the first inserted.
///
/// This is the order of JAX-RS (literal characters first), with fewer
/// variables preferred as the issue of a tie, and it depends only on the
/// templates, never on the URI, so one template's place among the others
/// can be read from the templates alone.
///
/// # Cost
///
/// The templates are kept in one tree of their literal text and
/// expressions: a URI is walked once through the parts the templates share,
/// and a template whose literal text differs from the URI is dropped at
/// the first byte that differs, so the time does not grow with the number
/// of templates that cannot match. Only the chosen template's values are
/// decoded and allocated.
///
/// ```
/// use peguri::template::{TemplateSet, UriTemplate, Value};
///
/// let mut routes = TemplateSet::new();
/// routes.insert(UriTemplate::parse("/users/{id}")?)?;
/// routes.insert(UriTemplate::parse("/users/me")?)?;
/// routes.insert(UriTemplate::parse("/users/{id}/repos{?page}")?)?;
///
/// let found = routes.match_uri("/users/42/repos?page=2").unwrap();
/// assert_eq!(found.index(), 2);
/// assert_eq!(found.variables().get("page"), Some(&Value::from("2")));
/// assert_eq!(routes.match_uri("/users/me").unwrap().template().as_str(), "/users/me");
/// assert!(routes.match_uri("/teams/1").is_none());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct TemplateSet<'a> {
    templates: Vec<UriTemplate<'a>>,
    /// Each template's precedence, larger first.
    keys: Vec<u128>,
    /// The tree; the root is the first node, made on the first insert.
    nodes: Vec<Node>,
}

#[derive(Clone, Debug, Default)]
struct Node {
    /// The first byte of each literal edge, sorted.
    firsts: Vec<u8>,
    /// The literal edges, in the order of `firsts`: (label, child).
    literals: Vec<(Box<[u8]>, u32)>,
    /// The expression edges: (how the text ends, child).
    expressions: Vec<(Extent, u32)>,
    /// The templates whose steps end here, best first.
    ends: Vec<u32>,
    /// The best precedence of the templates in this subtree.
    best: u128,
}

/// The template a [`TemplateSet`] chose for a URI, and its variables.
/// `'a` is the shorter of the templates' text and the URI's, as for
/// [`Captures`].
///
/// ```
/// use peguri::template::{TemplateSet, UriTemplate};
///
/// let mut set = TemplateSet::new();
/// set.insert(UriTemplate::parse("/a/{x}")?)?;
/// let found = set.match_uri("/a/1").unwrap();
/// assert_eq!((found.index(), found.template().as_str()), (0, "/a/{x}"));
/// assert_eq!(found.into_variables().get("x"), Some(&"1".into()));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetMatch<'s, 'a> {
    index: usize,
    template: &'s UriTemplate<'a>,
    variables: Captures<'a>,
}

impl<'s, 'a> SetMatch<'s, 'a> {
    /// The template's index: the number of templates inserted before it.
    ///
    /// ```
    /// # use peguri::template::{TemplateSet, UriTemplate};
    /// let mut set = TemplateSet::new();
    /// set.insert(UriTemplate::parse("/a")?)?;
    /// set.insert(UriTemplate::parse("/b")?)?;
    /// assert_eq!(set.match_uri("/b").unwrap().index(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn index(&self) -> usize {
        self.index
    }

    /// The template.
    ///
    /// ```
    /// # use peguri::template::{TemplateSet, UriTemplate};
    /// let mut set = TemplateSet::new();
    /// set.insert(UriTemplate::parse("/a{/b}")?)?;
    /// assert_eq!(set.match_uri("/a/x").unwrap().template().as_str(), "/a{/b}");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn template(&self) -> &'s UriTemplate<'a> {
        self.template
    }

    /// The variables, as [`UriTemplate::match_uri`] gives them.
    ///
    /// ```
    /// # use peguri::template::{TemplateSet, UriTemplate};
    /// let mut set = TemplateSet::new();
    /// set.insert(UriTemplate::parse("/a{/b}")?)?;
    /// assert_eq!(set.match_uri("/a/x").unwrap().variables().get("b"), Some(&"x".into()));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn variables(&self) -> &Captures<'a> {
        &self.variables
    }

    /// The variables, owned.
    ///
    /// ```
    /// # use peguri::template::{TemplateSet, UriTemplate};
    /// let mut set = TemplateSet::new();
    /// set.insert(UriTemplate::parse("/a{/b}")?)?;
    /// let vars = set.match_uri("/a/x").unwrap().into_variables();
    /// assert_eq!(vars.len(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_variables(self) -> Captures<'a> {
        self.variables
    }
}

/// How many expressions' texts a walk keeps, for a plain template's values
/// to be read without walking it again.
const SPANS: usize = 8;

/// The texts of the expressions on the way to a node: (start, end) in the
/// URI, the first `len` of them.
#[derive(Clone, Copy)]
struct Spans {
    spans: [(usize, usize); SPANS],
    len: usize,
}

impl Spans {
    fn new() -> Self {
        Spans {
            spans: [(0, 0); SPANS],
            len: 0,
        }
    }
}

impl Best {
    fn new() -> Self {
        Best {
            key: 0,
            template: None,
            spans: Spans::new(),
            plain: false,
        }
    }
}

/// The best match found so far.
struct Best {
    key: u128,
    template: Option<u32>,
    /// The template's expressions' texts, when it is plain and has at most
    /// [`SPANS`] expressions (the first `len`).
    spans: Spans,
    plain: bool,
}

impl<'a> TemplateSet<'a> {
    /// An empty set.
    ///
    /// ```
    /// let set = peguri::template::TemplateSet::new();
    /// assert!(set.is_empty() && set.match_uri("/").is_none());
    /// ```
    pub fn new() -> Self {
        TemplateSet::default()
    }

    /// Adds a template, and returns its index.
    ///
    /// # Errors
    ///
    /// The template's [`Ambiguity`], when it cannot be matched (see
    /// [`UriTemplate::matchability`]); the set is left as it was.
    ///
    /// ```
    /// use peguri::template::{TemplateSet, UriTemplate};
    ///
    /// let mut set = TemplateSet::new();
    /// assert_eq!(set.insert(UriTemplate::parse("/a/{x}")?)?, 0);
    /// let err = set.insert(UriTemplate::parse("/b/{x}{y}")?).unwrap_err();
    /// assert_eq!(err.expression(), "{x}");
    /// assert_eq!(set.len(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn insert(&mut self, template: UriTemplate<'a>) -> Result<usize, Ambiguity<'a>> {
        template.matchability()?;
        let index = self.templates.len();
        let id = u32::try_from(index).expect("fewer than 2^32 templates");
        let variables = template.variable_count();
        let key = (template.plan.literal_len as u128) << 64
            | u128::from(u32::MAX - variables) << 32
            | u128::from(u32::MAX - id);
        if self.nodes.is_empty() {
            self.nodes.push(Node::default());
        }
        let mut node = 0;
        self.nodes[0].best = self.nodes[0].best.max(key);
        for step in template.steps() {
            node = match step {
                Step::Literal(literal) => self.add_literal(node, literal.as_bytes(), key),
                Step::Expression(e) => self.add_expression(node, e.extent, key),
            };
        }
        let ends = &mut self.nodes[node as usize].ends;
        let at = ends
            .iter()
            .position(|&t| self.keys[t as usize] < key)
            .unwrap_or(ends.len());
        ends.insert(at, id);
        self.templates.push(template);
        self.keys.push(key);
        Ok(index)
    }

    fn new_node(&mut self, best: u128) -> u32 {
        self.nodes.push(Node {
            best,
            ..Node::default()
        });
        (self.nodes.len() - 1) as u32
    }

    /// The node reached from `node` by the literal `text`, made if needed.
    fn add_literal(&mut self, mut node: u32, mut text: &[u8], key: u128) -> u32 {
        while let Some(&first) = text.first() {
            let n = node as usize;
            let edge = match self.nodes[n].firsts.binary_search(&first) {
                Ok(edge) => edge,
                Err(at) => {
                    let child = self.new_node(key);
                    let parent = &mut self.nodes[n];
                    parent.firsts.insert(at, first);
                    parent.literals.insert(at, (text.into(), child));
                    return child;
                }
            };
            let (label, child) = &self.nodes[n].literals[edge];
            let common = label.iter().zip(text).take_while(|(a, b)| a == b).count();
            let child = *child;
            if common < label.len() {
                // Split the edge where the texts part.
                let (head, rest): (Box<[u8]>, Box<[u8]>) =
                    (label[..common].into(), label[common..].into());
                let best = self.nodes[child as usize].best;
                let middle = self.new_node(best);
                let mid = &mut self.nodes[middle as usize];
                mid.firsts.push(rest[0]);
                mid.literals.push((rest, child));
                self.nodes[n].literals[edge] = (head, middle);
                node = middle;
            } else {
                node = child;
            }
            let reached = &mut self.nodes[node as usize];
            reached.best = reached.best.max(key);
            text = &text[common..];
        }
        node
    }

    /// The node reached from `node` by an expression whose text ends as
    /// `extent` says, made if needed.
    fn add_expression(&mut self, node: u32, extent: Extent, key: u128) -> u32 {
        let n = node as usize;
        let found = self.nodes[n]
            .expressions
            .iter()
            .find(|(e, _)| *e == extent)
            .map(|&(_, child)| child);
        let child = match found {
            Some(child) => child,
            None => {
                let child = self.new_node(key);
                self.nodes[n].expressions.push((extent, child));
                child
            }
        };
        let reached = &mut self.nodes[child as usize];
        reached.best = reached.best.max(key);
        child
    }

    /// The number of templates.
    ///
    /// ```
    /// # use peguri::template::{TemplateSet, UriTemplate};
    /// let mut set = TemplateSet::new();
    /// set.insert(UriTemplate::parse("/a")?)?;
    /// assert_eq!(set.len(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn len(&self) -> usize {
        self.templates.len()
    }

    /// Whether the set has no template.
    ///
    /// ```
    /// assert!(peguri::template::TemplateSet::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.templates.is_empty()
    }

    /// The template at `index`.
    ///
    /// ```
    /// # use peguri::template::{TemplateSet, UriTemplate};
    /// let mut set = TemplateSet::new();
    /// set.insert(UriTemplate::parse("/a")?)?;
    /// assert_eq!(set.get(0).map(|t| t.as_str()), Some("/a"));
    /// assert!(set.get(1).is_none());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn get(&self, index: usize) -> Option<&UriTemplate<'a>> {
        self.templates.get(index)
    }

    /// The templates, in the order they were inserted.
    ///
    /// ```
    /// # use peguri::template::{TemplateSet, UriTemplate};
    /// let mut set = TemplateSet::new();
    /// set.insert(UriTemplate::parse("/a")?)?;
    /// set.insert(UriTemplate::parse("/b")?)?;
    /// let texts: Vec<&str> = set.iter().map(|t| t.as_str()).collect();
    /// assert_eq!(texts, ["/a", "/b"]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &UriTemplate<'a>> + '_ {
        self.templates.iter()
    }

    /// The best template for `uri` (see [Precedence](Self#precedence)) and
    /// its variables, or `None` when no template matches.
    ///
    /// Allocates nothing when nothing matches, and otherwise only the
    /// returned values, as [`UriTemplate::match_uri`] does.
    ///
    /// ```
    /// use peguri::template::{TemplateSet, UriTemplate, Value};
    ///
    /// let mut mcp = TemplateSet::new();
    /// mcp.insert(UriTemplate::parse("file:///{+path}")?)?;
    /// mcp.insert(UriTemplate::parse("search://emails{?query,start,end}")?)?;
    /// let found = mcp.match_uri("search://emails?start=1&query=x").unwrap();
    /// assert_eq!(found.index(), 1);
    /// assert_eq!(found.variables().get("query"), Some(&Value::from("x")));
    /// assert_eq!(found.variables().get("end"), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn match_uri<'s, 'u>(&'s self, uri: &'u str) -> Option<SetMatch<'s, 'u>>
    where
        'a: 'u,
        'u: 's,
    {
        let mut best = Best::new();
        self.best(uri, &mut best);
        let index = best.template? as usize;
        // The values borrow from `uri`.
        let template: &'s UriTemplate<'u> = &self.templates[index];
        let variables = if best.plain {
            template.capture_spans(uri, &best.spans.spans[..best.spans.len])
        } else {
            template.capture(uri)
        }?;
        Some(SetMatch {
            index,
            template,
            variables,
        })
    }

    /// The index of the best template for `uri`, without decoding its
    /// values: it never allocates.
    ///
    /// ```
    /// # use peguri::template::{TemplateSet, UriTemplate};
    /// let mut set = TemplateSet::new();
    /// set.insert(UriTemplate::parse("/a/{x}")?)?;
    /// set.insert(UriTemplate::parse("/a/b")?)?;
    /// assert_eq!(set.find("/a/b"), Some(1));
    /// assert_eq!(set.find("/a/c"), Some(0));
    /// assert_eq!(set.find("/b"), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn find(&self, uri: &str) -> Option<usize> {
        let mut best = Best::new();
        self.best(uri, &mut best);
        best.template.map(|t| t as usize)
    }

    /// Finds the best template for `uri` into `best`.
    fn best(&self, uri: &str, best: &mut Best) {
        if !self.nodes.is_empty() {
            let mut spans = Spans::new();
            self.search(0, uri, 0, best, &mut spans);
        }
    }

    /// Walks the subtree of `node` from `pos` in `uri`, keeping the best
    /// template that matches; `spans` holds the texts of the expressions
    /// on the way.
    fn search(&self, mut node: u32, uri: &str, mut pos: usize, best: &mut Best, spans: &mut Spans) {
        let bytes = uri.as_bytes();
        loop {
            let n = &self.nodes[node as usize];
            if n.best <= best.key {
                return;
            }
            if pos == bytes.len() {
                self.ends(n, uri, best, spans);
            }
            let literal = bytes.get(pos).and_then(|&b| {
                // Most nodes have one or two edges: a loop finds the edge
                // sooner than a binary search.
                let edge = if n.firsts.len() <= 8 {
                    n.firsts.iter().position(|&f| f == b)
                } else {
                    n.firsts.binary_search(&b).ok()
                }?;
                let (label, child) = &n.literals[edge];
                let next = bytes.get(pos..pos + label.len())?;
                // Labels are short: compared inline, not by a call.
                next.iter()
                    .zip(label.iter())
                    .all(|(a, b)| a == b)
                    .then_some((*child, pos + label.len()))
            });
            if n.expressions.is_empty() {
                // Nothing to come back for: go on down the literal edge.
                match literal {
                    Some((child, end)) => {
                        (node, pos) = (child, end);
                        continue;
                    }
                    None => return,
                }
            }
            if let Some((child, end)) = literal {
                self.search(child, uri, end, best, spans);
            }
            for (extent, child) in &n.expressions {
                let child = *child;
                if self.nodes[child as usize].best <= best.key {
                    continue;
                }
                let Some(end) = extent.end(bytes, pos) else {
                    continue;
                };
                if !uri.get(pos..end).is_some_and(|text| extent.accepts(text)) {
                    continue;
                }
                if let Some(slot) = spans.spans.get_mut(spans.len) {
                    *slot = (pos, end);
                }
                spans.len += 1;
                self.search(child, uri, end, best, spans);
                spans.len -= 1;
            }
            return;
        }
    }

    /// The URI ends at `n`: the best of the templates whose steps end
    /// there, if it beats `best`.
    fn ends(&self, n: &Node, uri: &str, best: &mut Best, spans: &Spans) {
        for &t in &n.ends {
            let key = self.keys[t as usize];
            if key <= best.key {
                break;
            }
            // The steps led here. Unless the walk checked every value,
            // they may still not fit (a name, a prefix length, a repeated
            // variable).
            let template = &self.templates[t as usize];
            let plain = template.plan.plain && spans.len <= SPANS;
            if plain || template.is_match(uri) {
                best.key = key;
                best.template = Some(t);
                best.plain = plain;
                if plain {
                    // Only the spans on the way here.
                    let len = spans.len;
                    best.spans.spans[..len].copy_from_slice(&spans.spans[..len]);
                    best.spans.len = len;
                }
                break;
            }
        }
    }
}
