#!/usr/bin/env python3
"""A stand-in for the Google Books API on 127.0.0.1, for tests.

    fake_google_books.py STATE_DIR [FIXTURES_DIR]

Listens on a free loopback port and prints `PORT <n>` on its first line. Every GET
whose path ends in `/volumes` is recorded as one JSON line in STATE_DIR/requests.jsonl
(path, query parameters, headers) and answered as STATE_DIR/plan.json says, read
afresh for each request:

    {"status": 200, "fixture": "01_abandoh_Book_volumes_q-java.json",
     "body": "raw text instead of a fixture", "delay": 0.0, "gzip": false,
     "hang": false, "hold": false, "reset": false}

Without a plan the answer is fixture 01 with status 200. `gzip` compresses the body
when the request accepts gzip; `hang` never answers (until the client gives up);
`hold` answers once STATE_DIR/release exists (after ten minutes at the latest);
`reset` closes the connection without an answer. After the answer (or the delay) a
line is appended to STATE_DIR/answered.jsonl. The server exits when its standard
input closes.
"""
import gzip
import json
import os
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

STATE = sys.argv[1]
FIXTURES = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "fixtures")
LOCK = threading.Lock()


def append(name, record):
    with LOCK, open(os.path.join(STATE, name), "a", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")


def plan():
    try:
        with open(os.path.join(STATE, "plan.json"), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body are written separately; with Nagle's algorithm the body waits for
    # the client's delayed acknowledgement of the headers (about 40 ms on Linux) on
    # every request after a connection's first few.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_GET(self):
        parts = urlsplit(self.path)
        if not parts.path.endswith("/volumes"):
            self.send_error(404)
            return
        append("requests.jsonl", {
            "path": parts.path,
            "query": {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()},
            "headers": {k.lower(): v for k, v in self.headers.items()},
        })
        p = plan()
        if p.get("delay"):
            time.sleep(float(p["delay"]))
        if p.get("hang"):
            time.sleep(3600)
            return
        if p.get("hold"):
            deadline = time.monotonic() + 600
            while not os.path.exists(os.path.join(STATE, "release")) and time.monotonic() < deadline:
                time.sleep(0.02)
        if p.get("reset"):
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            append("answered.jsonl", {"reset": True})
            return
        if "body" in p:
            body = p["body"].encode("utf-8")
        else:
            with open(os.path.join(FIXTURES, p.get("fixture", "01_abandoh_Book_volumes_q-java.json")), "rb") as f:
                body = f.read()
        self.send_response(int(p.get("status", 200)))
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        if p.get("gzip") and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = gzip.compress(body)
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        append("answered.jsonl", {"status": int(p.get("status", 200)), "bytes": len(body)})


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # a client that gave up (a time-out, a cancelled lookup) is not news


def exit_with_parent():
    """Ends the server when its standard input closes (the test process ended)."""
    sys.stdin.buffer.read()
    os._exit(0)


threading.Thread(target=exit_with_parent, daemon=True).start()
server = Server(("127.0.0.1", 0), Handler)
print("PORT", server.server_address[1], flush=True)
server.serve_forever()
