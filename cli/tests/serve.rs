//! `peguri serve` over HTTP, without a browser: the page and its API, and
//! hostile requests, each of which must get a 4xx answer and leave the
//! server running. (The browser test is `e2e/serve.test.mjs`.)
#![cfg(feature = "serve")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
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
        let mut child = Command::new(env!("CARGO_BIN_EXE_peguri"))
            .args(["serve", "--port", "0"])
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

    fn post(&self, body: &[u8]) -> (u16, Value) {
        let (status, body) = self.request(
            "POST",
            "/api/parse",
            &["Content-Type: application/json"],
            body,
        );
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
    assert!(html.contains(r#"<script src="/app.js""#));
    assert!(html.contains(r#"<link rel="stylesheet" href="/style.css">"#));
    for (path, text) in [
        ("/", html),
        ("/app.js", server.get("/app.js").1),
        ("/style.css", server.get("/style.css").1),
    ] {
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
    let (status, grammar) = server.get("/api/grammar");
    assert_eq!(status, 200);
    let grammar: Value = serde_json::from_str(&grammar).unwrap();
    assert_eq!(grammar["grammar"], peguri::grammar::GRAMMAR);
    let rules: Vec<&str> = grammar["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    for rule in peguri::grammar::APPENDIX_A_RULES {
        assert!(rules.contains(rule), "{rule} missing from the selector");
    }
    assert!(!rules.iter().any(|r| r.ends_with("_entry")));
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
    assert_eq!(answer["diagram"], Value::Null);
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
        answer["notes"][1],
        "The parse stopped at pest's call limit (60000 calls for this input): the grammar backtracks too much for it.",
        "{answer}"
    );
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

/// Issue 38: a worker was killed at 10 s, but an 8 KB grammar reached
/// 2.9 GB first, and two workers ran at once with no memory limit. A
/// worker is killed past its memory limit (measured on Linux), and the
/// answer says so: here pest_meta compiling a sequence of 3,000 strings
/// (18 KB), which takes about a gigabyte in 3 s.
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

/// Issue 38: 64 connection permits, held as long as a client waited: 193
/// idle sockets made a GET wait 25 s, 193 slow POST bodies 84 s. A
/// connection may be idle for 2 s and take 5 s to send its body, and 256
/// are served at once.
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

/// Issue 38: a built-in parse waited 14 s behind 10 queued edited-grammar
/// jobs, which shared the same two slots. Built-in parses have slots of
/// their own.
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
