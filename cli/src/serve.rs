//! `peguri serve` (feature `serve`): the grammar playground, a local web
//! page where the input, the rule and the grammar can be edited side by
//! side, with the tree, the components, the diagram and, for a rejected
//! input, the trace of the parse beside them, and a batch box that runs
//! `grammar diff` of the page's grammar against the stock one.
//!
//! The page (HTML, CSS and JS in `serve/`) is compiled into the binary and
//! loads nothing from elsewhere; its Content-Security-Policy says so to
//! the browser. It keeps the grammar, the input and the rule in its
//! address's fragment, which never reaches the server. The server answers:
//!
//! - `GET /`, `/app.js`, `/state.js`, `/views.js`, `/style.css`: the page;
//! - `GET /api/grammar`: the grammar the page starts from (`--grammar`,
//!   `--override`, or the built-in one) and its rules (see
//!   [`start::StartGrammar::to_json`]);
//! - `POST /api/parse` with `{"input", "rule", "grammar", "trace"}`
//!   (JSON): the answer of [`playground::answer`];
//! - `POST /api/diff` with `{"lines", "rule", "grammar"}`: the answer of
//!   [`batch::answer`].
//!
//! Anything else, and any request it refuses, gets a 4xx status with
//! `{"error": {"status", "message"}}`. The bounds: 1 MB of body, 64 KB of
//! grammar, 1,000 lines and 256 KB in a batch, request line and headers by
//! hyper (64 KB). A connection may be idle (no request, or a request's
//! head not yet whole) for [`IDLE_TIMEOUT`] and take [`BODY_READ_TIMEOUT`]
//! to send a body, so that clients that connect and wait hold a connection
//! permit briefly.
//!
//! The built-in grammar is parsed in this process (uri.pest has no
//! recursive rule and runs in linear time), on threads of its own. An
//! edited grammar, and every batch, is compiled and run in a child process
//! (`peguri serve --worker`): pest_meta reads a grammar's nesting
//! recursively, so a pathological grammar could overflow any stack, and a
//! child that dies, overruns its time or, on Linux, its memory limit takes
//! only its request with it. The two kinds of question are admitted
//! separately, so that a built-in parse never waits behind edited
//! grammars. Inside the child, the bounds every command puts on a user's
//! grammar (pest's call limit, a stack budget, a time limit that the parse
//! cannot escape: `crate::bounds`) stop the parse first, with a message
//! (see `playground.rs`).

mod batch;
mod components;
mod playground;
mod start;
mod worker;

use std::convert::Infallible;
use std::io::{self, Write};
use std::net::{IpAddr, SocketAddr};
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, oneshot};

use self::batch::{Batch, MAX_BATCH_BYTES, MAX_BATCH_LINES};
use self::playground::{MAX_GRAMMAR_BYTES, Question};
use self::start::StartGrammar;
use self::worker::{Job, Stopped};
use crate::grammar::OverrideArgs;
use crate::outcome::Outcome;

/// The largest request body, in bytes.
pub const MAX_BODY_BYTES: usize = 1 << 20;
/// hyper's read buffer, which bounds the request line and headers.
const MAX_HEAD_BYTES: usize = 64 * 1024;
/// How long a connection may wait for a request's head to be whole, the
/// time before its first byte included (hyper's header read timeout): a
/// connection that sends nothing is closed after it.
const IDLE_TIMEOUT: Duration = Duration::from_secs(2);
/// How long a request body may take to arrive.
const BODY_READ_TIMEOUT: Duration = Duration::from_secs(5);
/// Connections served at once; more wait to be accepted.
const MAX_CONNECTIONS: usize = 256;
/// Built-in parses run at once (one per core of a small machine).
const MAX_BUILT_IN_JOBS: usize = 2;
/// Workers (edited grammars) run at once.
const MAX_WORKERS: usize = 2;
/// How long a worker may take, start and compile included, before it is
/// killed (its own deadline for the parse is shorter).
const WORKER_TIMEOUT: Duration = Duration::from_secs(10);
/// The memory a worker may have resident, measured on Linux (its stack
/// included, as deep as a grammar makes it): one past it is killed. A
/// parse keeps every match of its input until it ends, about 400 bytes of
/// memory per input byte with uri.pest.
pub const WORKER_MEMORY_BYTES: u64 = 256 << 20;
/// How often a worker's memory is measured.
const WORKER_POLL: Duration = Duration::from_millis(10);
/// The most a worker may write: the answer is bounded (tree nodes, text
/// per node), this only guards against a runaway child.
const MAX_WORKER_OUTPUT_BYTES: u64 = 16 << 20;
/// The stack of a thread that parses with the built-in grammar.
const BUILT_IN_JOB_STACK_BYTES: usize = 16 << 20;

/// The page's files: path, text, and media type.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        include_str!("serve/index.html"),
        "text/html; charset=utf-8",
    ),
    (
        "/app.js",
        include_str!("serve/app.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "/state.js",
        include_str!("serve/state.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "/views.js",
        include_str!("serve/views.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "/style.css",
        include_str!("serve/style.css"),
        "text/css; charset=utf-8",
    ),
];

/// Everything the page may load comes from this server; scripts and styles
/// only from its files.
const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Serve the grammar playground, a local web page.
///
/// The page has the input, a rule selector (every rule of the grammar:
/// RFC 3986's, RFC 3987's IRI rules and RFC 6874's zone identifiers,
/// grouped by file) and the grammar (editable) side by side, and shows on
/// every change the parse tree, the components, the diagram or the error.
/// A rejected input gets the trace of its parse, as `tree --trace` prints
/// it: every rule attempt, the partial tree, the farthest failure and the
/// rules that reached it. Hovering a tree node or an attempt marks its
/// span in the input.
///
/// An edited grammar gets its components and diagram wherever it keeps
/// Appendix A's rule names, and its errors at the top of the results,
/// each a link to its line. A batch box runs `grammar diff` of the page's
/// grammar against the built-in one over pasted lines (at most 1,000).
///
/// The grammar, the input and the rule are kept in the page's address
/// (its fragment, compressed when long) and in the browser's storage: a
/// reload keeps them, and "share" copies a link that opens the same
/// experiment in any `peguri serve` at that address.
///
/// Prints the page's address and serves until stopped (Ctrl-C). An
/// edited grammar is compiled for each request; its parse is bounded by
/// pest's call limit, a stack budget and a deadline. Built only with the
/// cargo feature `serve`.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri serve\n  \
    peguri serve --port 0\n  \
    peguri serve --grammar my-uri.pest\n  \
    peguri serve --grammar uri.pest+iri.pest --override zone.pest")]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, printed on start).
    #[arg(long, default_value_t = 3986)]
    port: u16,
    /// The address to listen on. Anything but a loopback address makes
    /// the playground reachable from other machines.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The grammar the page starts from: a .pest file, or files joined
    /// with + (or given as --grammar more than once), read in order as
    /// one; by default the built-in grammar (uri.pest, iri.pest and
    /// rfc6874.pest). At most 64 KB, the playground's limit.
    #[arg(long, value_name = "FILE")]
    grammar: Vec<String>,
    #[command(flatten)]
    overrides: OverrideArgs,
    /// Answer one question from stdin and exit (how the server runs an
    /// edited grammar, in a process of its own).
    #[arg(long, hide = true)]
    worker: bool,
}

struct Shared {
    /// Built-in parses running at once.
    built_in_jobs: Semaphore,
    /// Workers running at once.
    workers: Semaphore,
    /// Bound to a loopback address: requests must name a loopback host,
    /// so that a web page elsewhere cannot reach the server through DNS
    /// rebinding.
    loopback_only: bool,
    /// `GET /api/grammar`'s answer: the grammar the page starts from.
    start: Value,
}

/// Serves until the process is stopped, printing the page's address on
/// stdout first (with `--port 0`, the port the system chose); with
/// `--worker`, answers one question instead (see [`worker`]).
pub fn run(args: &ServeArgs) -> io::Result<Outcome> {
    if args.worker {
        worker()?;
        return Ok(Outcome::Success);
    }
    // A user's grammar is compiled on a large stack, bounded (see
    // `crate::bounds`).
    let start =
        crate::bounds::on_big_stack(|| StartGrammar::load(&args.grammar, &args.overrides.files));
    let start = match start {
        Ok(start) => start,
        Err(message) => return Ok(Outcome::Usage(message)),
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()?;
    runtime.block_on(serve(args, &start))?;
    Ok(Outcome::Success)
}

async fn serve(args: &ServeArgs, start: &StartGrammar) -> io::Result<()> {
    let listener = TcpListener::bind(SocketAddr::new(args.bind, args.port)).await?;
    let address = listener.local_addr()?;
    let rules = start.rule_count();
    {
        let mut out = io::stdout().lock();
        writeln!(
            out,
            "peguri serve: http://{address}/ ({rules} rules; Ctrl-C stops it)"
        )?;
        out.flush()?;
    }
    let shared = Arc::new(Shared {
        built_in_jobs: Semaphore::new(MAX_BUILT_IN_JOBS),
        workers: Semaphore::new(MAX_WORKERS),
        loopback_only: args.bind.is_loopback(),
        start: start.to_json(),
    });
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(permit) = connections.clone().acquire_owned().await else {
            return Ok(());
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors, say: wait instead of spinning.
                eprintln!("peguri serve: accept: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let shared = shared.clone();
        tokio::spawn(async move {
            let service = service_fn(move |request| handle(request, shared.clone()));
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(IDLE_TIMEOUT)
                .max_buf_size(MAX_HEAD_BYTES)
                .serve_connection(TokioIo::new(stream), service);
            // A client that goes away or sends garbage ends its connection
            // only; hyper has answered what deserved an answer.
            let _ = connection.await;
            drop(permit);
        });
    }
}

type Reply = Response<Full<Bytes>>;

async fn handle(request: Request<Incoming>, shared: Arc<Shared>) -> Result<Reply, Infallible> {
    if shared.loopback_only && !names_loopback_host(&request) {
        return Ok(error(
            StatusCode::FORBIDDEN,
            "this server answers requests for localhost only",
        ));
    }
    let path = request.uri().path();
    let asset = ASSETS.iter().find(|(at, _, _)| *at == path);
    let reply = match (request.method(), path, asset) {
        (&Method::GET, _, Some((_, text, media_type))) => page(text, media_type),
        (&Method::GET, "/api/grammar", _) => json_reply(StatusCode::OK, &shared.start),
        (&Method::POST, "/api/parse", _) => parse(request, &shared).await,
        (&Method::POST, "/api/diff", _) => diff(request, &shared).await,
        (_, "/api/grammar" | "/api/parse" | "/api/diff", _) | (_, _, Some(_)) => {
            error(StatusCode::METHOD_NOT_ALLOWED, "method not allowed here")
        }
        _ => error(StatusCode::NOT_FOUND, "no such page"),
    };
    Ok(reply)
}

/// Whether the request's `Host` names a loopback address or `localhost`
/// (read with peguri's own grammar). A request without `Host` (HTTP/1.0)
/// passes.
fn names_loopback_host(request: &Request<Incoming>) -> bool {
    let Some(host) = request.headers().get(header::HOST) else {
        return true;
    };
    let Ok(host) = host.to_str() else {
        return false;
    };
    let authority = format!("//{host}");
    let Ok(uri) = peguri::UriRef::parse(&authority) else {
        return false;
    };
    match uri.authority().map(|a| a.host()) {
        Some(peguri::Host::Ipv4 { addr, .. }) => addr.is_loopback(),
        Some(peguri::Host::Ipv6 { addr, .. }) => addr.is_loopback(),
        Some(peguri::Host::RegName(name)) => name.eq_ignore_ascii_case("localhost"),
        _ => false,
    }
}

/// Why a request is refused: the status and the message of its reply.
struct Refused(StatusCode, String);

impl Refused {
    fn new(status: StatusCode, message: &str) -> Self {
        Refused(status, message.to_owned())
    }

    fn reply(&self) -> Reply {
        error(self.0, &self.1)
    }
}

/// The JSON object of a request's body, or why it is refused.
async fn read_json(request: Request<Incoming>) -> Result<Value, Refused> {
    let is_json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(';').next().unwrap_or("").trim() == "application/json");
    if !is_json {
        return Err(Refused::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send the question as application/json",
        ));
    }
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Err(too_large_body());
    }
    let reading = Limited::new(request.into_body(), MAX_BODY_BYTES).collect();
    let body = match tokio::time::timeout(BODY_READ_TIMEOUT, reading).await {
        Err(_) => {
            return Err(Refused::new(
                StatusCode::REQUEST_TIMEOUT,
                "the request body did not arrive in time",
            ));
        }
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => return Err(too_large_body()),
        Ok(Err(_)) => {
            return Err(Refused::new(
                StatusCode::BAD_REQUEST,
                "the request body could not be read",
            ));
        }
    };
    serde_json::from_slice(&body).map_err(|e| {
        Refused::new(
            StatusCode::BAD_REQUEST,
            &format!("the body is not JSON: {e}"),
        )
    })
}

/// The `"rule"` of a question: a rule name, by default `URI-reference`.
fn rule_field(fields: &Value) -> Result<&str, Refused> {
    match fields.get("rule") {
        None | Some(Value::Null) => Ok("URI-reference"),
        Some(Value::String(rule)) if !rule.is_empty() && rule.len() <= 100 => Ok(rule.as_str()),
        Some(_) => Err(Refused::new(
            StatusCode::BAD_REQUEST,
            "\"rule\" must be a rule name",
        )),
    }
}

/// The `"grammar"` of a question: its text, or `None` for the built-in
/// grammar; at most [`MAX_GRAMMAR_BYTES`].
fn grammar_field(fields: &Value) -> Result<Option<&str>, Refused> {
    match fields.get("grammar") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.len() > MAX_GRAMMAR_BYTES => Err(Refused::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("the grammar is larger than {MAX_GRAMMAR_BYTES} bytes"),
        )),
        Some(Value::String(text)) => Ok(Some(text.as_str())),
        Some(_) => Err(Refused::new(
            StatusCode::BAD_REQUEST,
            "\"grammar\" must be a string or null",
        )),
    }
}

async fn parse(request: Request<Incoming>, shared: &Shared) -> Reply {
    let fields = match read_json(request).await {
        Ok(fields) => fields,
        Err(refused) => return refused.reply(),
    };
    let Some(input) = fields.get("input").and_then(Value::as_str) else {
        return error(
            StatusCode::BAD_REQUEST,
            "expected {\"input\": string, \"rule\": string, \"grammar\": string or null, \"trace\": boolean}",
        );
    };
    let (rule, grammar) = match (rule_field(&fields), grammar_field(&fields)) {
        (Ok(rule), Ok(grammar)) => (rule, grammar),
        (Err(refused), _) | (_, Err(refused)) => return refused.reply(),
    };
    let trace = match fields.get("trace") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(trace)) => *trace,
        Some(_) => return error(StatusCode::BAD_REQUEST, "\"trace\" must be a boolean"),
    };
    let question = Question {
        input,
        rule,
        grammar,
        trace,
    };
    let edited = grammar.is_some_and(|g| !playground::is_built_in(g));
    let jobs = if edited {
        &shared.workers
    } else {
        &shared.built_in_jobs
    };
    let Ok(_turn) = jobs.acquire().await else {
        return error(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    };
    let answer = if edited {
        ask_worker(&Job::Parse(question)).await
    } else {
        answer_here(&question).await
    };
    match answer {
        Ok(answer) => json_reply(StatusCode::OK, &answer),
        Err(stopped) => error(StatusCode::UNPROCESSABLE_ENTITY, &stopped.to_string()),
    }
}

/// `POST /api/diff`: a batch, bounded in lines and bytes, compared in a
/// worker.
async fn diff(request: Request<Incoming>, shared: &Shared) -> Reply {
    let fields = match read_json(request).await {
        Ok(fields) => fields,
        Err(refused) => return refused.reply(),
    };
    let Some(lines) = fields.get("lines").and_then(Value::as_str) else {
        return error(
            StatusCode::BAD_REQUEST,
            "expected {\"lines\": string, \"rule\": string, \"grammar\": string or null}",
        );
    };
    let (rule, grammar) = match (rule_field(&fields), grammar_field(&fields)) {
        (Ok(rule), Ok(grammar)) => (rule, grammar),
        (Err(refused), _) | (_, Err(refused)) => return refused.reply(),
    };
    if lines.len() > MAX_BATCH_BYTES {
        return error(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("the batch is larger than {MAX_BATCH_BYTES} bytes"),
        );
    }
    let count = batch::split_lines(lines).len();
    if count > MAX_BATCH_LINES {
        return error(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!(
                "the batch has {count} lines; at most {MAX_BATCH_LINES} are compared here (`peguri grammar diff` takes any number)"
            ),
        );
    }
    let Ok(_turn) = shared.workers.acquire().await else {
        return error(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    };
    let batch = Batch {
        lines,
        rule,
        grammar,
    };
    match ask_worker(&Job::Diff(batch)).await {
        Ok(answer) => json_reply(StatusCode::OK, &answer),
        Err(stopped) => error(StatusCode::UNPROCESSABLE_ENTITY, &stopped.to_string()),
    }
}

/// Answers on a thread of this process (the built-in grammar).
async fn answer_here(question: &Question<'_>) -> Result<Value, Stopped> {
    let (input, rule) = (question.input.to_owned(), question.rule.to_owned());
    let trace = question.trace;
    let (send, receive) = oneshot::channel();
    std::thread::Builder::new()
        .name("peguri-parse".to_owned())
        .stack_size(BUILT_IN_JOB_STACK_BYTES)
        .spawn(move || {
            let question = Question {
                input: &input,
                rule: &rule,
                grammar: None,
                trace,
            };
            let _ = send.send(worker::answer(&Job::Parse(question)));
        })
        .map_err(|e| Stopped::Failed(format!("no thread for the parse: {e}")))?;
    receive.await.unwrap_or_else(|_| {
        Err(Stopped::Failed(
            "the parse ended without an answer".to_owned(),
        ))
    })
}

/// Answers in a child process, `peguri serve --worker`, killed if it takes
/// longer than [`WORKER_TIMEOUT`] or has more than [`WORKER_MEMORY_BYTES`]
/// resident.
async fn ask_worker(job: &Job<'_>) -> Result<Value, Stopped> {
    let failed = |what: &str| Stopped::Failed(what.to_owned());
    let exe = std::env::current_exe().map_err(|e| failed(&format!("cannot find peguri: {e}")))?;
    let mut child = tokio::process::Command::new(exe)
        .args(["serve", "--worker"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        // A worker that overflows its stack says so on stderr; the answer
        // says it here.
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| failed(&format!("cannot start a worker: {e}")))?;
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| failed("no worker stdin"))?;
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| failed("no worker stdout"))?;
    let request = worker::job_json(job).to_string();
    let exchange = async move {
        // Written and closed before reading: the worker reads all of its
        // input first.
        stdin.write_all(request.as_bytes()).await?;
        drop(stdin);
        let mut output = Vec::new();
        stdout
            .take(MAX_WORKER_OUTPUT_BYTES)
            .read_to_end(&mut output)
            .await?;
        io::Result::Ok(output)
    };
    let pid = child.id();
    let started = tokio::time::Instant::now();
    let mut exchange = std::pin::pin!(exchange);
    let output = loop {
        match tokio::time::timeout(WORKER_POLL, &mut exchange).await {
            Ok(Ok(output)) => break output,
            Ok(Err(_)) => break Vec::new(),
            // Dropping the child kills it.
            Err(_) if started.elapsed() > WORKER_TIMEOUT => return Err(Stopped::TimedOut),
            Err(_) => {
                let resident = pid.and_then(crate::bounds::resident_bytes);
                if resident.is_some_and(|n| n > WORKER_MEMORY_BYTES) {
                    return Err(Stopped::TooBig);
                }
            }
        }
    };
    let status = tokio::time::timeout(Duration::from_secs(1), child.wait()).await;
    match serde_json::from_slice::<Value>(&output) {
        Ok(reply) => worker::from_worker_json(reply),
        Err(_) => Err(match status {
            Ok(Ok(status)) if !status.success() => Stopped::Crashed(status.to_string()),
            _ => failed("the worker gave no answer"),
        }),
    }
}

/// `peguri serve --worker`: reads one job (JSON) on stdin, writes its
/// answer (JSON) on stdout.
fn worker() -> io::Result<()> {
    let mut text = Vec::new();
    io::Read::read_to_end(
        &mut io::Read::take(io::stdin().lock(), MAX_BODY_BYTES as u64 + 1),
        &mut text,
    )?;
    let reply = match serde_json::from_slice::<Value>(&text) {
        // On the large stack every user's grammar runs on; `answer` turns
        // a panic into an answer.
        Ok(job) => crate::bounds::on_big_stack(|| worker::answer_json(&job)),
        Err(e) => worker::stopped_json(&Stopped::Failed(format!("bad question: {e}"))),
    };
    let mut out = io::stdout().lock();
    serde_json::to_writer(&mut out, &reply)?;
    out.flush()
}

fn too_large_body() -> Refused {
    Refused(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request body is larger than {MAX_BODY_BYTES} bytes"),
    )
}

fn page(text: &'static str, content_type: &'static str) -> Reply {
    let mut reply = Response::new(Full::new(Bytes::from_static(text.as_bytes())));
    let headers = reply.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    common_headers(reply)
}

fn json_reply(status: StatusCode, value: &Value) -> Reply {
    let mut reply = Response::new(Full::new(Bytes::from(value.to_string())));
    *reply.status_mut() = status;
    reply.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    common_headers(reply)
}

fn error(status: StatusCode, message: &str) -> Reply {
    json_reply(
        status,
        &json!({"error": {"status": status.as_u16(), "message": message}}),
    )
}

fn common_headers(mut reply: Reply) -> Reply {
    let headers = reply.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    reply
}
