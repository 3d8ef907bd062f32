//! `peguri serve` over HTTP, without a browser: the page and its API, and
//! hostile requests, each of which must get a 4xx answer and leave the
//! server running. (The browser test is `e2e/serve.test.mjs`.)
#![cfg(feature = "serve")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

/// A running `peguri serve --port 0`, stopped when dropped.
struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    address: String,
}

impl Server {
    fn start() -> Server {
        Server::start_with(&[])
    }

    /// `peguri serve --port 0 ARGS`.
    fn start_with(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_peguri"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("peguri serve starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("peguri serve prints its address");
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_owned();
        Server { child, address }
    }

    /// Sends `request` (the whole HTTP/1.1 message) and returns the status
    /// and the body.
    fn raw(&self, request: &[u8]) -> (u16, Vec<u8>) {
        let mut stream = TcpStream::connect(&self.address).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        // The server may answer (413) before reading everything; a reset
        // while writing the rest is part of that.
        let _ = stream.write_all(request);
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let text = String::from_utf8_lossy(&response);
        let status = text
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {text:?}"));
        let body = match response.windows(4).position(|w| w == b"\r\n\r\n") {
            Some(at) => response[at + 4..].to_vec(),
            None => Vec::new(),
        };
        (status, body)
    }

    fn request(&self, method: &str, path: &str, headers: &[&str], body: &[u8]) -> (u16, Vec<u8>) {
        let mut message = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.address,
            body.len()
        );
        for header in headers {
            message.push_str(header);
            message.push_str("\r\n");
        }
        message.push_str("\r\n");
        let mut bytes = message.into_bytes();
        bytes.extend_from_slice(body);
        self.raw(&bytes)
    }

    fn get(&self, path: &str) -> (u16, String) {
        let (status, body) = self.request("GET", path, &[], b"");
        (status, String::from_utf8(body).expect("UTF-8 body"))
    }

    /// POSTs `question` to /api/parse; the status and the JSON answer.
    fn ask(&self, question: &Value) -> (u16, Value) {
        self.post(question.to_string().as_bytes())
    }

    /// POSTs `batch` to /api/diff; the status and the JSON answer.
    fn diff(&self, batch: &Value) -> (u16, Value) {
        self.post_to("/api/diff", batch.to_string().as_bytes())
    }

    /// `GET /api/grammar`, as JSON.
    fn grammar(&self) -> Value {
        let (status, body) = self.get("/api/grammar");
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    }

    fn post(&self, body: &[u8]) -> (u16, Value) {
        self.post_to("/api/parse", body)
    }

    fn post_to(&self, path: &str, body: &[u8]) -> (u16, Value) {
        let (status, body) = self.request("POST", path, &["Content-Type: application/json"], body);
        let value = serde_json::from_slice(&body).unwrap_or_else(|e| {
            panic!(
                "{status}: not JSON ({e}): {:?}",
                String::from_utf8_lossy(&body)
            )
        });
        (status, value)
    }

    /// The server still answers.
    #[track_caller]
    fn assert_alive(&mut self) {
        assert!(
            self.child.try_wait().unwrap().is_none(),
            "the server exited"
        );
        let (status, answer) = self.ask(&json!({"input": "a:b"}));
        assert_eq!(status, 200);
        assert_eq!(answer["valid"], true);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[track_caller]
fn assert_refused(status: u16, answer: &Value, expected_status: u16) {
    assert_eq!(status, expected_status, "{answer}");
    assert_eq!(answer["error"]["status"], expected_status, "{answer}");
    assert!(answer["error"]["message"].is_string(), "{answer}");
}

#[test]
fn the_page_loads_nothing_from_elsewhere() {
    let server = Server::start();
    let (status, html) = server.get("/");
    assert_eq!(status, 200);
    assert!(html.contains(r#"<link rel="stylesheet" href="/style.css">"#));
    assert!(html.contains(r#"<script type="module" src="/app.js">"#));
    for (path, text) in [
        ("/", html),
        ("/app.js", server.get("/app.js").1),
        ("/state.js", server.get("/state.js").1),
        ("/views.js", server.get("/views.js").1),
        ("/style.css", server.get("/style.css").1),
    ] {
        assert!(!text.is_empty(), "{path} is empty");
        // Text from the input, the grammar or the address goes into the
        // page as text, never as markup.
        assert!(!text.contains("innerHTML"), "{path} writes markup");
        for reference in [
            "src=\"http",
            "href=\"http",
            "url(",
            "@import",
            "fetch('http",
            "//cdn",
        ] {
            assert!(!text.contains(reference), "{path} refers to {reference}");
        }
    }
}

/// The built-in grammar as the page edits it: its three files, joined as
/// build.rs joins them.
fn built_in_text() -> String {
    use peguri::grammar::{GRAMMAR, IRI_GRAMMAR, RFC6874_GRAMMAR};
    format!("{GRAMMAR}\n{IRI_GRAMMAR}\n{RFC6874_GRAMMAR}\n")
}

fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect()
}

#[test]
fn the_selector_has_every_entry_rule_grouped_by_file() {
    let server = Server::start();
    let grammar = server.grammar();
    assert_eq!(grammar["grammar"], built_in_text());
    assert_eq!(grammar["built_in"], true);
    assert_eq!(grammar["built_in_grammar"], Value::Null);
    let rules = strings(&grammar["rules"]);
    let groups = grammar["groups"].as_array().unwrap();
    let titles: Vec<&str> = groups
        .iter()
        .map(|g| g["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "RFC 3986 URIs (uri.pest)",
            "RFC 3987 IRIs (iri.pest)",
            "RFC 6874 zone identifiers (rfc6874.pest)"
        ]
    );
    let group = |i: usize| strings(&groups[i]["rules"]);
    for rule in peguri::grammar::APPENDIX_A_RULES {
        assert!(group(0).contains(rule), "{rule} missing from the selector");
    }
    for rule in peguri::grammar::RFC3987_RULES {
        assert!(group(1).contains(rule), "{rule} missing from the selector");
    }
    for rule in [
        "URI_reference_6874",
        "IRI_reference_6874",
        "IPv6addrz",
        "ZoneID",
        "host_6874",
    ] {
        assert!(group(2).contains(&rule), "{rule} missing from the selector");
    }
    // Every rule the API parses from, but the anchors of the others.
    let every: Vec<&str> = peguri::grammar::rule_names()
        .filter(|r| !r.ends_with("_entry"))
        .collect();
    assert_eq!(rules, every);
    let grouped: Vec<&str> = (0..3).flat_map(group).collect();
    assert_eq!(grouped, every);
    // Each one is an entry of the API.
    for rule in ["IRI_reference", "URI_reference_6874", "ZoneID"] {
        let input = if rule == "ZoneID" {
            "en0"
        } else {
            "http://[fe80::1%25en0]/"
        };
        let (status, answer) = server.ask(&json!({"input": input, "rule": rule}));
        assert_eq!(status, 200);
        assert_eq!(answer["valid"], rule != "IRI_reference", "{rule}: {answer}");
    }
}

#[test]
fn a_valid_uri_gets_components_diagram_and_tree() {
    let server = Server::start();
    let input = "http://user@example.com:8080/p?q#f";
    let (status, answer) = server.ask(&json!({"input": input, "rule": "URI_reference"}));
    assert_eq!(status, 200);
    assert_eq!(answer["valid"], true);
    assert_eq!(answer["grammar"], "built-in");
    // The components are what `peguri parse` prints.
    let report = serde_json::to_value(peguri::report::Report::parse(input)).unwrap();
    assert_eq!(answer["report"], report);
    assert_eq!(answer["report"]["authority"]["host"], "example.com");
    let uri = peguri::UriRef::parse(input).unwrap();
    assert_eq!(
        answer["diagram"],
        peguri::explain::Explainer::new().explain(&uri)
    );
    let tree = answer["tree"].as_array().unwrap();
    assert_eq!(tree[0]["rule"], "URI_reference");
    assert!(
        tree.iter()
            .any(|n| n["rule"] == "host" && n["text"] == "example.com" && n["start"] == 12)
    );
    assert_eq!(answer["error"], Value::Null);
}

#[test]
fn an_invalid_uri_gets_the_error_with_its_caret() {
    let server = Server::start();
    let input = "http://example.com/a b";
    let (status, answer) = server.ask(&json!({"input": input}));
    assert_eq!(status, 200);
    assert_eq!(answer["valid"], false);
    let error = peguri::UriRef::parse(input).unwrap_err();
    assert_eq!(answer["error"]["offset"], error.offset());
    assert_eq!(answer["error"]["column"], error.column());
    assert_eq!(answer["error"]["message"], error.message().to_string());
    assert_eq!(answer["error"]["display"], error.to_string());
    assert_eq!(answer["report"]["valid"], false);
    // The diagram `peguri explain` draws: the components before the
    // error, then the caret.
    assert_eq!(
        answer["diagram"],
        peguri::explain::Explainer::new().explain_error(input, &error)
    );
}

#[test]
fn a_rejected_input_gets_its_trace_and_the_rules_that_reached_the_error() {
    let server = Server::start();
    let input = "http://a b/";
    let (status, answer) = server.ask(&json!({"input": input, "rule": "URI-reference"}));
    assert_eq!(status, 200);
    assert_eq!(answer["valid"], false);
    let chain = [
        "reg_name",
        "host",
        "authority",
        "hier_part",
        "URI",
        "URI_reference",
    ];
    assert_eq!(answer["error"]["chain"], json!(chain));
    assert_eq!(
        answer["error"]["chain_text"],
        "reg-name ← host ← authority ← hier-part ← URI ← URI-reference"
    );
    // The typed error's message, which names the component.
    assert_eq!(answer["error"]["message"], "invalid character ' ' in host");
    // The trace is the library's: every attempt, in order.
    let expected = peguri::grammar::trace("URI-reference", input).unwrap();
    let trace = &answer["trace"];
    assert_eq!(trace["attempts_total"], expected.attempts_total);
    let attempts = trace["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), expected.attempts.len());
    for (got, want) in attempts.iter().zip(&expected.attempts) {
        assert_eq!(got["rule"], want.rule);
        assert_eq!(got["depth"], want.depth);
        assert_eq!(got["start"], want.start);
        assert_eq!(got["end"], json!(want.end));
    }
    assert_eq!(trace["failure"]["offset"], 8);
    assert_eq!(trace["failure"]["chain"], json!(chain));
    assert_eq!(
        trace["failure"]["chain_text"],
        answer["error"]["chain_text"]
    );
    let words: Vec<&str> = trace["failure"]["expected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["words"].as_str().unwrap())
        .collect();
    assert!(words.contains(&"end of input"), "{words:?}");
    // The partial tree: where the parse got, in preorder with depths.
    let partial = trace["partial_tree"].as_array().unwrap();
    let first = (
        &partial[0]["rule"],
        &partial[0]["start"],
        &partial[0]["end"],
    );
    assert_eq!(first, (&json!("URI_reference"), &json!(0), &json!(8)));
    assert!(
        partial
            .iter()
            .any(|n| n["rule"] == "host" && n["text"] == "a" && n["depth"] == 4)
    );
    assert!(partial.iter().all(|n| n["complete"].is_boolean()));

    // A valid input is traced when asked.
    let (_, answer) = server.ask(&json!({"input": "http://a/"}));
    assert_eq!(answer["trace"], Value::Null);
    let (_, answer) = server.ask(&json!({"input": "http://a/", "trace": true}));
    assert_eq!(answer["trace"]["valid"], true);
    assert!(answer["trace"]["attempts"].as_array().unwrap().len() > 10);
    // An edited grammar's rejected input too, with its own chain.
    let edited = built_in_text().replace("host = {", "host = { \"!\" |");
    let (status, answer) = server.ask(&json!({"input": input, "grammar": edited}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["grammar"], "edited");
    assert_eq!(answer["error"]["chain"], json!(chain));
    assert_eq!(answer["trace"]["failure"]["offset"], 8);
    // An input too long to trace here says so.
    let long = format!("http://a b/{}", "x".repeat(20_000));
    let (_, answer) = server.ask(&json!({"input": long}));
    assert_eq!(answer["trace"], Value::Null);
    assert!(
        answer["notes"][0]
            .as_str()
            .unwrap()
            .starts_with("No trace for an input of 20011 bytes (at most 16384 here)"),
        "{answer}"
    );
}

/// The components of an edited grammar's parse, and of the built-in
/// grammar's rules that are not typed entry points, are derived from the
/// tree, as `grammar diff` derives them; the diagram is `peguri explain`'s.
#[test]
fn components_and_diagram_are_derived_from_any_grammar_with_the_rfc_rule_names() {
    let server = Server::start();
    // IRI rules of the built-in grammar, on inputs the URI parser also
    // reads: the components and the diagram are the library's.
    for input in [
        "https://user@example.org:8443/over/there?name=ferret#nose",
        "a:b",
        "//h",
        "file:///etc/hosts",
        "?q#f",
        "urn:example:animal:ferret:nose",
        "http://[::1]:80/",
        "rel/path?x",
    ] {
        let (status, answer) = server.ask(&json!({"input": input, "rule": "IRI_reference"}));
        assert_eq!(status, 200);
        assert_eq!(answer["report"], Value::Null);
        let uri = peguri::UriRef::parse(input).unwrap();
        assert_eq!(
            answer["diagram"],
            peguri::explain::Explainer::new().explain(&uri),
            "{input}"
        );
        let components = &answer["components"];
        assert_eq!(components["derived"], true);
        assert_eq!(components["scheme"], json!(uri.scheme()), "{input}");
        assert_eq!(components["path"], uri.path(), "{input}");
        assert_eq!(components["query"], json!(uri.query()), "{input}");
        match uri.authority() {
            Some(authority) => {
                assert_eq!(components["authority"]["host"], authority.host_str());
                assert_eq!(components["authority"]["port"], json!(authority.port()));
                assert_eq!(
                    components["authority"]["userinfo"],
                    json!(authority.userinfo())
                );
            }
            None => assert_eq!(components["authority"], Value::Null),
        }
    }
    // An edited grammar that allows `_` in a scheme: its components, and
    // the diagram of an input RFC 3986 rejects, drawn as `peguri explain`
    // draws one of the same shape.
    let scheme = r#"scheme = @{ ALPHA ~ (ALPHA | DIGIT | "+" | "-" | ".")* }"#;
    let edited = built_in_text().replace(scheme, &scheme.replace(r#"".")*"#, r#""." | "_")*"#));
    let input = "a_b://u@h:1/p?q#f";
    let (status, answer) = server.ask(&json!({"input": input, "grammar": edited}));
    assert_eq!(status, 200, "{answer}");
    let components = &answer["components"];
    assert_eq!(components["scheme"], "a_b");
    assert_eq!(components["authority"]["host_kind"], "reg-name");
    assert_eq!(components["path_rule"], "path_abempty");
    assert_eq!(components["not_in_grammar"], json!([]));
    let same_shape = peguri::UriRef::parse("abc://u@h:1/p?q#f").unwrap();
    let drawn = peguri::explain::Explainer::new()
        .explain(&same_shape)
        .replace("abc://", "a_b://");
    assert_eq!(answer["diagram"], drawn);
    // Components laid out otherwise (a scheme ended by two colons): the
    // components, no diagram, and a note saying why.
    let colons = edited.replace(
        r#"URI = { scheme ~ ":" ~ hier_part"#,
        r#"URI = { scheme ~ "::" ~ hier_part"#,
    );
    let (_, answer) = server.ask(&json!({"input": "a_b::c", "grammar": colons}));
    assert_eq!(answer["valid"], true, "{answer}");
    assert_eq!(answer["components"]["path"], "c");
    assert_eq!(answer["diagram"], Value::Null);
    assert!(
        answer["notes"][0]
            .as_str()
            .unwrap()
            .starts_with("No diagram")
    );
    // A grammar without Appendix A's rules has no components.
    let (_, answer) = server.ask(&json!({"input": "x", "rule": "a", "grammar": "a = { \"x\" }"}));
    assert_eq!(answer["valid"], true);
    assert_eq!(answer["components"], Value::Null);
    assert_eq!(answer["diagram"], Value::Null);
    // One with a part of them: what it lacks is said.
    let (_, answer) = server.ask(&json!({
        "input": "ab",
        "rule": "r",
        "grammar": "r = { scheme ~ path_rootless? }\nscheme = @{ \"a\" }\npath_rootless = @{ \"b\" }",
    }));
    assert_eq!(answer["components"]["scheme"], "a", "{answer}");
    let missing = strings(&answer["components"]["not_in_grammar"]);
    assert!(
        missing.contains(&"host") && missing.contains(&"query"),
        "{missing:?}"
    );
}

#[test]
fn any_rule_of_the_grammar_can_be_the_entry() {
    let server = Server::start();
    let (status, answer) = server.ask(&json!({"input": "::ffff:1.2.3.4", "rule": "IPv6address"}));
    assert_eq!(status, 200);
    assert_eq!(answer["valid"], true);
    assert_eq!(answer["report"], Value::Null);
    assert!(answer["tree"][0]["rule"] == "IPv6address");
    let (_, answer) = server.ask(&json!({"input": "1::2::3", "rule": "IPv6address"}));
    assert_eq!(answer["valid"], false);
    assert!(answer["error"]["display"].as_str().unwrap().contains('^'));
    let (_, answer) = server.ask(&json!({"input": "x", "rule": "no_such_rule"}));
    assert_eq!(answer["valid"], false);
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("unknown grammar rule")
    );
}

#[test]
fn an_edited_grammar_is_compiled_per_request() {
    let server = Server::start();
    let scheme = r#"scheme = @{ ALPHA ~ (ALPHA | DIGIT | "+" | "-" | ".")* }"#;
    let grammar = peguri::grammar::GRAMMAR;
    assert!(grammar.contains(scheme));
    let edited = grammar.replace(scheme, &scheme.replace(r#"".")*"#, r#""." | "_")*"#));
    let (status, answer) = server.ask(&json!({"input": "a_b:c", "grammar": edited}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["grammar"], "edited");
    assert_eq!(answer["valid"], true);
    assert!(
        answer["tree"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["rule"] == "scheme" && n["text"] == "a_b")
    );
    // Rule names in any spelling, as on the command line.
    let (_, answer) = server.ask(&json!({"input": "a_b", "rule": "SCHEME", "grammar": edited}));
    assert_eq!(answer["valid"], true, "{answer}");
    let (_, answer) = server.ask(&json!({"input": "a_b", "rule": "shceme", "grammar": edited}));
    assert_eq!(
        answer["grammar_errors"][0]["message"],
        "the grammar has no rule \"shceme\"; did you mean scheme?"
    );
    // The same grammar text as uri.pest is the built-in grammar.
    let (_, answer) = server.ask(&json!({"input": "a_b:c", "grammar": grammar}));
    assert_eq!(answer["grammar"], "built-in");
    assert_eq!(answer["valid"], false);
}

#[test]
fn grammar_errors_have_their_position() {
    let server = Server::start();
    let (status, answer) = server
        .ask(&json!({"input": "x", "rule": "a", "grammar": "a = { \"x\" }\nb = { \"y\" ~ }\n"}));
    assert_eq!(status, 200);
    let errors = answer["grammar_errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1, "{answer}");
    assert_eq!(errors[0]["line"], 2);
    assert_eq!(errors[0]["column"], 13);
    assert!(errors[0]["display"].as_str().unwrap().contains("^"));
    let (_, answer) = server.ask(&json!({"input": "x", "rule": "c", "grammar": "a = { \"x\" }"}));
    assert!(
        answer["grammar_errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("no rule \"c\"")
    );
}

#[test]
fn malformed_requests_get_a_4xx_json_error() {
    let mut server = Server::start();
    let (status, answer) = server.post(b"{not json");
    assert_refused(status, &answer, 400);
    let (status, answer) = server.ask(&json!({"rule": "URI"}));
    assert_refused(status, &answer, 400);
    let (status, answer) = server.ask(&json!({"input": 1}));
    assert_refused(status, &answer, 400);
    let (status, answer) = server.ask(&json!({"input": "x", "grammar": 1}));
    assert_refused(status, &answer, 400);
    let (status, answer) = server.ask(&json!({"input": "x", "trace": "yes"}));
    assert_refused(status, &answer, 400);
    let (status, answer) = server.diff(&json!({"input": "x"}));
    assert_refused(status, &answer, 400);
    let (status, body) = server.request("GET", "/api/diff", &[], b"");
    assert_refused(status, &serde_json::from_slice(&body).unwrap(), 405);
    let (status, body) = server.request("POST", "/state.js", &[], b"");
    assert_refused(status, &serde_json::from_slice(&body).unwrap(), 405);
    let (status, body) = server.request("POST", "/api/parse", &["Content-Type: text/plain"], b"{}");
    assert_refused(status, &serde_json::from_slice(&body).unwrap(), 415);
    let (status, body) = server.request("DELETE", "/api/parse", &[], b"");
    assert_refused(status, &serde_json::from_slice(&body).unwrap(), 405);
    let (status, body) = server.request("GET", "/nowhere", &[], b"");
    assert_refused(status, &serde_json::from_slice(&body).unwrap(), 404);
    // A host name other than localhost: DNS rebinding.
    let (status, body) =
        server.raw(b"GET / HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n");
    assert_refused(status, &serde_json::from_slice(&body).unwrap(), 403);
    let (status, _) =
        server.raw(b"GET / HTTP/1.1\r\nHost: localhost:1\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 200);
    // Not HTTP at all: hyper answers 400 and closes.
    let (status, _) = server.raw(b"\x16\x03\x01 hello\r\n\r\n");
    assert_eq!(status, 400);
    server.assert_alive();
}

#[test]
fn sizes_are_bounded() {
    let mut server = Server::start();
    // Over 1 MB of body, announced.
    let big = json!({"input": "a".repeat(1 << 20)}).to_string();
    let (status, answer) = server.post(big.as_bytes());
    assert_refused(status, &answer, 413);
    // Over 1 MB, chunked (no length announced).
    let mut chunked = b"POST /api/parse HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".to_vec();
    for chunk in big.as_bytes().chunks(64 * 1024) {
        chunked.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
        chunked.extend_from_slice(chunk);
        chunked.extend_from_slice(b"\r\n");
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let (status, body) = server.raw(&chunked);
    assert_refused(status, &serde_json::from_slice(&body).unwrap(), 413);
    // A grammar over 64 KB.
    let grammar = format!("a = {{ \"x\" }}\n//{}\n", "x".repeat(70_000));
    let (status, answer) = server.ask(&json!({"input": "x", "rule": "a", "grammar": grammar}));
    assert_refused(status, &answer, 413);
    // A header line of 1 MB: hyper refuses it (431) once its 64 KB buffer (and
    // the read in progress) is full.
    let mut request = b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ".to_vec();
    request.extend(std::iter::repeat_n(b'a', 1_000_000));
    request.extend_from_slice(b"\r\n\r\n");
    let (status, _) = server.raw(&request);
    assert_eq!(status, 431);
    // Just under the limit is fine: a long URI.
    let input = format!("http://h/{}", "a/".repeat(400_000));
    let (status, answer) = server.ask(&json!({"input": input}));
    assert_eq!(status, 200);
    assert_eq!(answer["valid"], true);
    assert_eq!(answer["diagram"], Value::Null);
    server.assert_alive();
}

#[test]
fn pathological_grammars_are_stopped() {
    let _alone = heavy();
    let mut server = Server::start();
    // Recursion as deep as the input: the stack budget stops it.
    let (status, answer) = server.ask(&json!({
        "input": "(".repeat(500_000),
        "rule": "r",
        "grammar": "r = { \"(\" ~ r ~ \")\" | \"x\" }",
    }));
    assert_refused(status, &answer, 422);
    // The message every command that runs a user's grammar gives.
    assert_eq!(
        answer["error"]["message"],
        "stopped at the stack budget (128 MiB): the grammar recurses too deeply for this input"
    );
    // Exponential backtracking: pest's call limit stops it, with the
    // message of every command too.
    let (status, answer) = server.ask(&json!({
        "input": "a".repeat(60),
        "rule": "r",
        "grammar": "r = { s }\ns = { \"a\" ~ s ~ \"b\" | \"a\" ~ s ~ \"c\" | \"a\" }",
    }));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["notes"][0],
        "The parse stopped at pest's call limit (60000 calls for this input): the grammar backtracks too much for it.",
        "{answer}"
    );
    assert_eq!(answer["trace"], Value::Null);
    // Nesting as deep as 64 KB allows: pest_meta reads it recursively, and
    // whether its worker's stack holds depends on the build (a debug build
    // has larger frames). Either the grammar compiles, or the worker dies
    // or reaches its memory limit (the stack is memory too) and the
    // server says so; the server goes on.
    let nested = format!(
        "r = {{ {}\"x\"{} }}",
        "(".repeat(32_000),
        ")".repeat(32_000)
    );
    let (status, answer) = server.ask(&json!({"input": "x", "rule": "r", "grammar": nested}));
    match status {
        200 => assert_eq!(answer["valid"], true, "{answer}"),
        _ => {
            assert_refused(status, &answer, 422);
            let message = answer["error"]["message"].as_str().unwrap();
            assert!(
                message.contains("died") || message.contains("MiB of memory"),
                "{message}"
            );
        }
    }
    server.assert_alive();
}

/// A worker is killed past its memory limit (measured on Linux), well
/// before its time limit, and the answer says so: a grammar of a few
/// bytes can take gigabytes within the 10 s a worker may run.
#[cfg(target_os = "linux")]
#[test]
fn a_worker_is_stopped_at_its_memory_limit() {
    let _alone = heavy();
    let mut server = Server::start();
    // A parse keeps every pair until it ends: four nested rules a byte
    // over most of a megabyte pass the limit in well under the time limit,
    // even in a debug build on a busy machine.
    let grammar = "r = { c* } c = { d } d = { e } e = { ANY }";
    let input = "a".repeat(900_000);
    let (status, answer) = server.ask(&json!({"input": input, "rule": "r", "grammar": grammar}));
    assert_refused(status, &answer, 422);
    assert_eq!(
        answer["error"]["message"],
        "compiling and running this grammar took more than 256 MiB of memory, the limit of the \
         process doing it, which was stopped"
    );
    server.assert_alive();
}

/// Held by the tests that load the machine (workers at their limits, a
/// flood of connections), so that none of them runs beside another: the
/// limits they test are of time and memory, and two at once on a small
/// machine would make one reach its time limit first.
fn heavy() -> std::sync::MutexGuard<'static, ()> {
    static HEAVY: std::sync::Mutex<()> = std::sync::Mutex::new(());
    HEAVY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// `n` connections to `server`, each sending `head` (maybe nothing) and
/// then waiting.
fn connections(server: &Server, n: usize, head: &str) -> Vec<TcpStream> {
    (0..n)
        .map(|_| {
            let mut stream = TcpStream::connect(&server.address).expect("connects");
            stream.write_all(head.as_bytes()).unwrap();
            stream
        })
        .collect()
}

/// How long a GET of the page takes.
fn time_to_the_page(server: &Server) -> Duration {
    let started = std::time::Instant::now();
    let (status, _) = server.get("/");
    assert_eq!(status, 200);
    started.elapsed()
}

/// Clients that connect and wait do not hold the server: a connection
/// may be idle for 2 s and take 5 s to send its body, and 256 are served
/// at once, so a page loads behind 193 idle sockets or 193 slow bodies.
#[test]
fn idle_and_slow_clients_do_not_hold_the_server() {
    let _alone = heavy();
    let mut server = Server::start();
    let idle = connections(&server, 193, "");
    let waited = time_to_the_page(&server);
    assert!(
        waited < Duration::from_secs(5),
        "{waited:?} behind idle clients"
    );
    drop(idle);

    let head = format!(
        "POST /api/parse HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 1000\r\n\r\n{{\"input\": ",
        server.address
    );
    let mut slow = connections(&server, 193, &head);
    let waited = time_to_the_page(&server);
    assert!(
        waited < Duration::from_secs(5),
        "{waited:?} behind slow bodies"
    );
    // A slow body gets 408 at the body deadline.
    let started = std::time::Instant::now();
    let first = &mut slow[0];
    first
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut response = String::new();
    let _ = first.read_to_string(&mut response);
    assert!(response.starts_with("HTTP/1.1 408 "), "{response}");
    assert!(started.elapsed() < Duration::from_secs(10));
    drop(slow);
    server.assert_alive();
}

/// A built-in parse does not wait behind edited grammars' jobs, however
/// many are queued: built-in parses have slots of their own.
#[test]
fn built_in_parses_do_not_wait_for_edited_grammars() {
    let _alone = heavy();
    let server = Server::start();
    // Each stopped at its worker's parse deadline (3 s), two at a time.
    let slow = json!({
        "input": "a".repeat(80_000),
        "rule": "r",
        "grammar": "r = { SOI ~ (PUSH(\"a\") ~ &PEEK_ALL)* ~ ANY* ~ EOI }",
    });
    std::thread::scope(|scope| {
        let jobs: Vec<_> = (0..10).map(|_| scope.spawn(|| server.ask(&slow))).collect();
        std::thread::sleep(Duration::from_millis(500));
        let started = std::time::Instant::now();
        let (status, answer) = server.ask(&json!({"input": "http://a/b"}));
        let waited = started.elapsed();
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["valid"], true);
        assert!(
            waited < Duration::from_secs(2),
            "{waited:?} behind edited grammars"
        );
        for job in jobs {
            let (status, answer) = job.join().unwrap();
            assert_refused(status, &answer, 422);
            assert_eq!(
                answer["error"]["message"],
                "stopped at the time limit (3 s): the parse of this input took longer"
            );
        }
    });
}

/// `scheme` of uri.pest, and the same allowing `_`.
fn scheme_with_underscore(grammar: &str) -> String {
    let scheme = r#"scheme = @{ ALPHA ~ (ALPHA | DIGIT | "+" | "-" | ".")* }"#;
    assert!(grammar.contains(scheme));
    grammar.replace(scheme, &scheme.replace(r#"".")*"#, r#""." | "_")*"#))
}

#[test]
fn the_batch_box_runs_grammar_diff_against_the_stock_grammar() {
    let server = Server::start();
    let edited = scheme_with_underscore(&built_in_text());
    let lines = "a_b:c\r\nhttp://example.com/\nfoo_bar://h/x\nnot valid";
    let (status, answer) = server.diff(&json!({"lines": lines, "grammar": edited}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["inputs"], 4);
    assert_eq!(answer["differ"], 2);
    let summary = answer["summary"].as_str().unwrap();
    assert!(
        summary.starts_with("4 inputs, 2 differ (rule URI_reference; old uri.pest (built in) + iri.pest (built in) + rfc6874.pest (built in); new (the editor))\n"),
        "{summary}"
    );
    assert!(
        summary.contains("\nbecame valid:                        2\n"),
        "{summary}"
    );
    assert!(summary.contains("  batch:1: \"a_b:c\"\n"), "{summary}");
    // Each differing line as `grammar diff --json` writes it (the CR of a
    // CRLF line stripped, as a file's).
    let records = answer["records"].as_array().unwrap();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["source"], "batch");
    assert_eq!(records[0]["line"], 1);
    assert_eq!(records[0]["input"], "a_b:c");
    assert_eq!(records[0]["change"], "became-valid");
    assert_eq!(records[0]["old"]["valid"], false);
    assert_eq!(records[0]["new"]["components"]["scheme"], "a_b");
    assert_eq!(records[1]["line"], 3);
    // The stock grammar against itself: nothing differs.
    let (_, answer) = server.diff(&json!({"lines": lines}));
    assert_eq!(answer["differ"], 0, "{answer}");
    assert_eq!(answer["records"], json!([]));
    // Another rule.
    let (_, answer) =
        server.diff(&json!({"lines": "a_b\nab", "rule": "scheme", "grammar": edited}));
    assert_eq!(answer["differ"], 1, "{answer}");
}

#[test]
fn the_batch_box_is_bounded_and_refuses_what_it_cannot_run() {
    let mut server = Server::start();
    // Too many lines.
    let lines = "a:b\n".repeat(1_001);
    let (status, answer) = server.diff(&json!({"lines": lines}));
    assert_refused(status, &answer, 413);
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("the batch has 1001 lines; at most 1000")
    );
    // Just enough lines.
    let (status, answer) = server.diff(&json!({"lines": "a:b\n".repeat(1_000)}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["inputs"], 1_000);
    // Too many bytes.
    let lines = format!("http://h/{}", "a".repeat(300_000));
    let (status, answer) = server.diff(&json!({"lines": lines}));
    assert_refused(status, &answer, 413);
    // Too large a grammar.
    let grammar = format!("a = {{ \"x\" }}\n//{}\n", "x".repeat(70_000));
    let (status, answer) = server.diff(&json!({"lines": "x", "rule": "a", "grammar": grammar}));
    assert_refused(status, &answer, 413);
    // A grammar that does not compile: the error, with its line.
    let (status, answer) = server.diff(&json!({"lines": "x", "grammar": "a = { \"x\" ~ }"}));
    assert_eq!(status, 200, "{answer}");
    let message = answer["grammar_errors"][0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("the grammar (the editor) does not compile:\n--> (the editor):1:"),
        "{message}"
    );
    assert_eq!(answer["summary"], Value::Null);
    // A rule the stock grammar lacks.
    let (status, answer) =
        server.diff(&json!({"lines": "x", "rule": "a", "grammar": "a = { \"x\" }"}));
    assert_eq!(status, 200);
    assert!(
        answer["grammar_errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("has no rule \"a\""),
        "{answer}"
    );
    server.assert_alive();
}

/// A directory of grammar files for one test, removed when dropped.
struct Files(PathBuf);

impl Files {
    fn new(name: &str) -> Files {
        let dir = std::env::temp_dir().join(format!("peguri-serve-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Files(dir)
    }

    /// Writes `text` to `name` in the directory; its path.
    fn write(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn serve_starts_from_the_grammar_and_overrides_given() {
    let files = Files::new("start");
    let a = files.write("a.pest", "a = { \"x\" ~ b }");
    let b = files.write("b.pest", "b = { \"y\" }");
    // FILE+FILE, read in order as one.
    let server = Server::start_with(&["--grammar", &format!("{a}+{b}")]);
    let grammar = server.grammar();
    assert_eq!(grammar["grammar"], "a = { \"x\" ~ b }\nb = { \"y\" }\n");
    assert_eq!(grammar["built_in"], false);
    assert_eq!(grammar["built_in_grammar"], built_in_text());
    assert_eq!(grammar["rules"], json!(["a", "b"]));
    let titles: Vec<&str> = grammar["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, [&a, &b]);
    let (_, answer) =
        server.ask(&json!({"input": "xy", "rule": "a", "grammar": grammar["grammar"]}));
    assert_eq!(answer["valid"], true, "{answer}");
    drop(server);

    // The built-in grammar with an override: the rule in place.
    let zone = files.write(
        "scheme.pest",
        &scheme_with_underscore(peguri::grammar::GRAMMAR)[..]
            .lines()
            .find(|l| l.starts_with("scheme = "))
            .map(|l| format!("/// `_` allowed.\n{l}\n"))
            .unwrap(),
    );
    let server = Server::start_with(&["--override", &zone]);
    let grammar = server.grammar();
    assert_eq!(
        grammar["grammar"],
        scheme_with_underscore(&built_in_text())
            .replace("/// The scheme name (section 3.1).\n", "/// `_` allowed.\n")
            .replace(
                "// scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )\n",
                ""
            )
    );
    assert!(
        grammar["name"]
            .as_str()
            .unwrap()
            .ends_with(&format!(" with {zone}"))
    );
    let (_, answer) = server.ask(&json!({"input": "a_b:c", "grammar": grammar["grammar"]}));
    assert_eq!(answer["valid"], true, "{answer}");
}

/// `peguri serve ARGS`, which must refuse to start: its stderr.
fn refused_start(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_peguri"))
        .args(["serve", "--port", "0"])
        .args(args)
        .output()
        .expect("peguri runs");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn serve_refuses_a_grammar_it_cannot_start_from() {
    let files = Files::new("refused");
    // An override that does not parse: the file and the line.
    let bad = files.write("bad.pest", "a = { \"x\" }\nb = { ~ }\n");
    let stderr = refused_start(&["--override", &bad]);
    assert!(stderr.contains(&format!("--> {bad}:2:")), "{stderr}");
    // A grammar that does not compile.
    let stderr = refused_start(&["--grammar", &bad]);
    assert!(stderr.contains("does not compile"), "{stderr}");
    assert!(stderr.contains(&format!("--> {bad}:2:")), "{stderr}");
    // A grammar over the playground's 64 KB.
    let big = files.write(
        "big.pest",
        &format!("a = {{ \"x\" }}\n//{}\n", "x".repeat(70_000)),
    );
    let stderr = refused_start(&["--grammar", &big]);
    assert!(
        stderr.contains("the playground takes grammars of at most 65536 bytes"),
        "{stderr}"
    );
    // A file that is not there.
    let stderr = refused_start(&["--grammar", "/nowhere/uri.pest"]);
    assert!(stderr.contains("cannot read grammar"), "{stderr}");
}
