#!/usr/bin/env python3
"""A stand-in for Open Library on 127.0.0.1, for tests.

    fake_open_library.py STATE_DIR [FIXTURES_DIR]

Listens on a free loopback port and prints `PORT <n>` on its first line. Every GET is
recorded as one JSON line in STATE_DIR/requests.jsonl (path, query parameters,
headers) and answered from the fixtures as Open Library would:

- `/search.json`: fixture 01 when the `title` parameter has "thinking", else 02 (no
  match);
- `/api/books?bibkeys=ISBN:9780374533557…`: fixture 04, another ISBN 05 (`{}`);
- `/isbn/9780374533557.json`: fixture 03, another ISBN 404.

STATE_DIR/plan.json, read afresh for each request, overrides that:

    {"status": 503, "fixture": "06_error_503.html", "delay": 0.0, "hang": false}

(`fixture` alone answers it with status 200). After the answer a line is appended to
STATE_DIR/answered.jsonl. The server exits when its standard input closes.
"""
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

STATE = sys.argv[1]
FIXTURES = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "fixtures")
LOCK = threading.Lock()
ISBN = "9780374533557"


def append(name, record):
    with LOCK, open(os.path.join(STATE, name), "a", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")


def plan():
    try:
        with open(os.path.join(STATE, "plan.json"), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def route(path, query):
    """The status and fixture Open Library answers the request with."""
    if path == "/search.json":
        return 200, "01_search_thinking_fast.json" if "thinking" in query.get("title", "").lower() else "02_search_zero.json"
    if path == "/api/books":
        return 200, "04_books_api_data.json" if query.get("bibkeys") == "ISBN:" + ISBN else "05_books_api_unknown.json"
    if path == "/isbn/" + ISBN + ".json":
        return 200, "03_isbn_edition.json"
    return 404, None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_GET(self):
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        append("requests.jsonl", {
            "path": parts.path,
            "query": query,
            "headers": {k.lower(): v for k, v in self.headers.items()},
        })
        p = plan()
        if p.get("delay"):
            time.sleep(float(p["delay"]))
        if p.get("hang"):
            time.sleep(3600)
            return
        status, fixture = route(parts.path, query)
        if "fixture" in p:
            status, fixture = int(p.get("status", 200)), p["fixture"]
        elif "status" in p:
            status = int(p["status"])
        body = b"Not Found"
        if fixture:
            with open(os.path.join(FIXTURES, fixture), "rb") as f:
                body = f.read()
        self.send_response(status)
        kind = "text/html" if fixture is None or fixture.endswith(".html") else "application/json"
        self.send_header("Content-Type", kind + "; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        append("answered.jsonl", {"status": status, "bytes": len(body)})


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # a client that gave up (a time-out) is not news


def exit_with_parent():
    """Ends the server when its standard input closes (the test process ended)."""
    sys.stdin.buffer.read()
    os._exit(0)


threading.Thread(target=exit_with_parent, daemon=True).start()
server = Server(("127.0.0.1", 0), Handler)
print("PORT", server.server_address[1], flush=True)
server.serve_forever()
