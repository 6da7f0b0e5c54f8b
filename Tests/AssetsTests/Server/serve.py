#!/usr/bin/env python3
"""A static file server on 127.0.0.1 for pp-assets' tests, with the faults a real network has.

Serves --root with HTTP range requests (bytes=N-). Faults: --rate limits bytes per second, --drop-after
cuts the first response of each file after N bytes, --endless sends an asset's bytes and then more
forever, --stall stops sending after N bytes and keeps the connection open, --trickle SUFFIX sends
the files whose path ends so --trickle-bytes at a time every --trickle-every seconds (a slow-retrieval
attack: fast enough for a 1 byte/s floor, too slow to ever finish), --no-ranges ignores Range, --require-key answers 401 unless "Authorization: Bearer KEY". Prints its port, then serves;
one JSON line per request goes to --log.
"""
import argparse
import json
import os
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

args = None
dropped = set()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def note(self, **fields):
        if args.log:
            with open(args.log, "a") as f:
                f.write(json.dumps(dict(path=self.path, **fields)) + "\n")

    def send_slowly(self, data):
        if args.trickle and self.path.endswith(args.trickle):
            for i in range(0, len(data), args.trickle_bytes):
                self.wfile.write(data[i : i + args.trickle_bytes])
                self.wfile.flush()
                time.sleep(args.trickle_every)
            return
        if not args.rate:
            self.wfile.write(data)
            return
        piece = max(1, args.rate // 20)
        for i in range(0, len(data), piece):
            self.wfile.write(data[i : i + piece])
            self.wfile.flush()
            time.sleep(piece / args.rate)

    def do_GET(self):
        auth = self.headers.get("Authorization")
        self.note(range=self.headers.get("Range"), authorized=auth == f"Bearer {args.require_key}")
        if args.require_key and auth != f"Bearer {args.require_key}":
            self.send_error(401)
            return
        path = os.path.normpath(os.path.join(args.root, self.path.lstrip("/").split("?")[0]))
        if not path.startswith(os.path.abspath(args.root)) or not os.path.isfile(path):
            self.send_error(404)
            return
        with open(path, "rb") as f:
            data = f.read()
        start = 0
        ranged = self.headers.get("Range")
        if ranged and not args.no_ranges and ranged.startswith("bytes=") and ranged.endswith("-"):
            start = int(ranged[6:-1])
            if start >= len(data):
                self.send_error(416)
                return
        endless = args.endless and self.path.endswith(args.endless)
        self.send_response(206 if start else 200)
        if start:
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        if endless:
            self.send_header("Connection", "close")
        else:
            self.send_header("Content-Length", str(len(data) - start))
        self.end_headers()
        body = data[start:]
        if endless:
            self.send_slowly(body)
            while True:
                self.wfile.write(b"\0" * 65536)
        if args.stall is not None and not start and len(body) > args.stall:
            self.send_slowly(body[: args.stall])
            self.wfile.flush()
            time.sleep(3600)
        if args.drop_after is not None and self.path not in dropped and len(body) > args.drop_after:
            dropped.add(self.path)
            self.send_slowly(body[: args.drop_after])
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        self.send_slowly(body)


def main():
    global args
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--rate", type=int, default=0)
    parser.add_argument("--drop-after", type=int)
    parser.add_argument("--stall", type=int)
    parser.add_argument("--endless")
    parser.add_argument("--trickle")
    parser.add_argument("--trickle-bytes", type=int, default=2)
    parser.add_argument("--trickle-every", type=float, default=0.5)
    parser.add_argument("--no-ranges", action="store_true")
    parser.add_argument("--require-key")
    parser.add_argument("--log")
    args = parser.parse_args()
    args.root = os.path.abspath(args.root)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except (KeyboardInterrupt, BrokenPipeError, ConnectionResetError):
        pass


if __name__ == "__main__":
    main()
