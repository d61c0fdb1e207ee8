//! A scripted HTTP server on loopback for tests of HTTP clients (the LLM
//! extractor): it answers with the replies it was given and records every
//! request. Built on axum, which wasmeval already uses, so the tests need
//! no HTTP mocking crate of their own (whose features would make the Python
//! package, built without dev-dependencies, recompile shared crates).

use axum::body::Bytes;
use axum::http::{HeaderName, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One scripted answer.
#[derive(Clone, Debug)]
pub struct Reply {
    status: u16,
    body: Vec<u8>,
    content_type: &'static str,
    headers: Vec<(String, String)>,
    delay: Duration,
}

impl Reply {
    pub fn status(status: u16) -> Reply {
        Reply {
            status,
            body: Vec::new(),
            content_type: "text/plain",
            headers: Vec::new(),
            delay: Duration::ZERO,
        }
    }

    pub fn bytes(status: u16, body: Vec<u8>) -> Reply {
        Reply {
            body,
            content_type: "application/octet-stream",
            ..Reply::status(status)
        }
    }

    pub fn json(status: u16, body: &serde_json::Value) -> Reply {
        Reply {
            body: body.to_string().into_bytes(),
            content_type: "application/json",
            ..Reply::status(status)
        }
    }

    pub fn text(status: u16, body: &str) -> Reply {
        Reply {
            body: body.as_bytes().to_vec(),
            ..Reply::status(status)
        }
    }

    pub fn header(mut self, name: &str, value: &str) -> Reply {
        self.headers.push((name.into(), value.into()));
        self
    }

    pub fn delay(mut self, delay: Duration) -> Reply {
        self.delay = delay;
        self
    }
}

/// A request the server received.
#[derive(Clone, Debug)]
pub struct Received {
    pub path: String,
    pub body: Vec<u8>,
    /// Its `Authorization` header.
    pub authorization: Option<String>,
}

struct Rule {
    /// Answer only requests whose body holds this text.
    contains: Option<String>,
    /// Answer this many requests at most.
    times: Option<usize>,
    reply: Reply,
}

#[derive(Default)]
struct State {
    rules: Vec<Rule>,
    received: Vec<Received>,
}

/// The server; it runs on the tokio runtime it was started on.
pub struct MockServer {
    url: String,
    state: Arc<Mutex<State>>,
}

impl MockServer {
    pub async fn start() -> MockServer {
        let state: Arc<Mutex<State>> = Arc::default();
        let shared = state.clone();
        let app = axum::Router::new().fallback(
            move |uri: Uri, headers: axum::http::HeaderMap, body: Bytes| {
                let state = shared.clone();
                let authorization = headers
                    .get(axum::http::header::AUTHORIZATION)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_string);
                async move { answer(&state, uri, authorization, body).await }
            },
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        MockServer { url, state }
    }

    pub fn uri(&self) -> String {
        self.url.clone()
    }

    /// Answer every request (after the rules added first) with `reply`.
    pub fn reply(&self, reply: Reply) {
        self.rule(None, None, reply);
    }

    /// Answer the next `times` requests with `reply` (before later rules).
    pub fn reply_times(&self, times: usize, reply: Reply) {
        self.rule(None, Some(times), reply);
    }

    /// Answer requests whose body holds `text` with `reply`.
    pub fn reply_when(&self, text: &str, reply: Reply) {
        self.rule(Some(text.into()), None, reply);
    }

    fn rule(&self, contains: Option<String>, times: Option<usize>, reply: Reply) {
        self.state.lock().unwrap().rules.push(Rule {
            contains,
            times,
            reply,
        });
    }

    /// Every request so far, in order.
    pub fn received(&self) -> Vec<Received> {
        self.state.lock().unwrap().received.clone()
    }
}

async fn answer(
    state: &Mutex<State>,
    uri: Uri,
    authorization: Option<String>,
    body: Bytes,
) -> Response {
    let reply = {
        let mut state = state.lock().unwrap();
        state.received.push(Received {
            path: uri.path().to_string(),
            body: body.to_vec(),
            authorization,
        });
        let text = String::from_utf8_lossy(&body).into_owned();
        let rule = state.rules.iter_mut().find(|rule| {
            rule.times != Some(0)
                && rule
                    .contains
                    .as_ref()
                    .is_none_or(|t| text.contains(t.as_str()))
        });
        match rule {
            Some(rule) => {
                if let Some(times) = &mut rule.times {
                    *times -= 1;
                }
                rule.reply.clone()
            }
            None => Reply::text(404, "no scripted reply"),
        }
    };
    tokio::time::sleep(reply.delay).await;
    let mut response = (
        StatusCode::from_u16(reply.status).unwrap(),
        [(axum::http::header::CONTENT_TYPE, reply.content_type)],
        reply.body,
    )
        .into_response();
    for (name, value) in reply.headers {
        response.headers_mut().insert(
            HeaderName::try_from(name).unwrap(),
            HeaderValue::try_from(value).unwrap(),
        );
    }
    response
}
