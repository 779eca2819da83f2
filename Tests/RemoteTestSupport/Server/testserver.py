#!/usr/bin/env python3
"""HTTP server for the EPGRemote tests: bad feeds and a tvheadend fake.

Listens on 127.0.0.1 on a free port, prints "PORT n" on stdout, and exits
when its standard input closes (the test ends). Options:
  --tls CERT KEY   serve HTTPS with this certificate
  --auth MODE      how the tvheadend fake checks users: basic, digest, none

Guide feeds (the guide is generated: `programmes` one-hour programmes on
channel "one" from the current hour + `offset` seconds):
  /guide.xml        200 with ETag and Last-Modified; 304 on a match;
                    gzip transfer encoding when accepted
  /guide.xml.gz     the guide as a gzip file (no transfer encoding)
  /list.m3u         a playlist of channel "one" whose x-tvg-url is the
                    relative "guide.xml"
  /redirect         302 to /guide.xml
  /loop, /loop2     302 to each other
  /missing 404, /error 500
  /slow             headers and a few bytes, then silence
  /cut              Content-Length of the whole guide, half sent, closed
  /gzip-cut         Content-Encoding: gzip, the gzip stream cut in half
  /empty            a guide with no programmes
  /wrong-length     Content-Length 1000 more than sent, then closed
  /huge             Content-Length: 3000000000
  /endless          chunked, 8 MiB of comment padding inside a guide
  /trickle          the guide after 2 MB of comment padding, sent in 100 kB
                    pieces 0.2 s apart (4 s in all; Content-Length known)
  /drip             the guide after 3200 bytes of comment padding, sent 40
                    bytes every 0.1 s (400 B/s, 8 s in all; Content-Length known)
  /redirect-host?path=P  302 to the same server under the name "localhost"
                    (another host name than 127.0.0.1)
  /private/redirect  behind Basic auth as /private/guide.xml; then 302 to
                    /private/guide.xml (the same host)
  /private/redirect-host  behind Basic auth as /private/guide.xml; then 302
                    to http://localhost:PORT/private/guide.xml
  /headers          the request headers as JSON
  /amp              the guide with a bare '&' in a title (repaired when read)
  /spaces.xml.gz    a gzip file (no transfer encoding) holding <tv> and 20 MiB
                    of spaces (for max_guide_size)
  /private/guide.xml  /guide.xml behind Basic auth (user "feed", "s3cret")
  /control?programmes=N&offset=S&mode=M   changes the guide (new ETag);
                    mode M (e.g. "cut", "error"): /guide.xml then behaves
                    as /M does ("" for normal); dvr=slow: the DVR calls
                    (create, cancel) wait 20 s before answering, dvr= undoes it
  /log              the requests so far (JSON), not counting /control, /log

tvheadend fake (shapes from tvheadend 4.2/4.3 src/webui, src/api):
  users "admin"/"secret" (recorder privilege), "viewer"/"viewpass" (none);
  persistent auth code "AUTHCODE" accepted on /playlist and /xmltv.
  /playlist/channels, /xmltv/channels[?lcn=1], /api/epg/events/grid (any
  user; eventId, channelUuid, start, stop, title), /api/dvr/entry/grid_upcoming,
  /api/dvr/entry/create, /api/dvr/entry/create_by_event,
  /api/dvr/entry/cancel, /api/idnode/delete, /stream/channel/UUID
"""
import gzip
import hashlib
import json
import os
import secrets
import ssl
import sys
import threading
import time
import urllib.parse
import uuid as uuidlib
from email.utils import formatdate, parsedate_to_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
STATE = {"programmes": 4, "offset": 0, "version": 1, "modified": int(time.time()) - 3600, "mode": "",
         "dvr": ""}
LOG = []
AUTH_MODE = "none"
REALM = "tvheadend"
NONCES = set()
USERS = {"admin": ("secret", True), "viewer": ("viewpass", False)}
FEED_USER = ("feed", "s3cret")
AUTH_CODE = "AUTHCODE"
CHANNELS = [
    ("8a1f0e3c5b7d4e2f9a6c1b3d5e7f9a0b", "Channel One", 1),
    ("c4d2e6f8a0b1c3d5e7f9a1b2c3d4e5f6", "Channel Two", 2),
]
EVENTS = {}  # event id -> (channel uuid, start, stop, title)
DVR = {}  # entry uuid -> entry dict


def hour_now():
    return int(time.time()) // 3600 * 3600


def xmltv_time(epoch):
    return time.strftime("%Y%m%d%H%M%S +0000", time.gmtime(epoch))


def guide_bytes():
    with LOCK:
        count, offset = STATE["programmes"], STATE["offset"]
    start = hour_now() + offset
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<tv>\n',
             '<channel id="one"><display-name>One</display-name></channel>\n']
    for i in range(count):
        parts.append('<programme start="%s" stop="%s" channel="one"><title>Show %d</title></programme>\n'
                     % (xmltv_time(start + i * 3600), xmltv_time(start + (i + 1) * 3600), i + 1))
    parts.append("</tv>\n")
    return "".join(parts).encode()


def tvh_events():
    """The fake's EPG: two programmes per channel from the current hour."""
    start = hour_now()
    events = {}
    event_id = 1000
    for uuid, name, _ in CHANNELS:
        for i in range(2):
            event_id += 1
            events[event_id] = (uuid, start + i * 3600, start + (i + 1) * 3600, "%s show %d" % (name, i + 1))
    return events


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    # ---- helpers ----
    def send(self, status, body=b"", headers=(), content_type="text/plain"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.close_connection = True

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def record(self, form=None):
        if self.path.startswith("/control") or self.path.startswith("/log"):
            return
        with LOCK:
            LOG.append({"method": self.command, "path": self.path,
                        "headers": {k.lower(): v for k, v in self.headers.items()},
                        "form": form or {}})

    def do_GET(self):
        self.route(None)

    def do_POST(self):
        raw = self.body().decode("utf-8", "replace")
        form = {k: v[0] for k, v in urllib.parse.parse_qs(raw, keep_blank_values=True).items()}
        self.route(form)

    def route(self, form):
        self.record(form)
        url = urllib.parse.urlsplit(self.path)
        query = {k: v[0] for k, v in urllib.parse.parse_qs(url.query).items()}
        path = url.path
        handler = ROUTES.get(path)
        if handler:
            return handler(self, query, form)
        if path.startswith("/playlist") or path.startswith("/xmltv") or path.startswith("/api/") \
                or path.startswith("/stream/"):
            return self.tvheadend(path, query, form or {})
        self.send(404, b"not found")

    # ---- feeds ----
    def guide(self, query, form):
        with LOCK:
            mode = STATE["mode"]
        if mode:
            return ROUTES["/" + mode](self, query, form)
        with LOCK:
            etag = '"v%d"' % STATE["version"]
            modified = STATE["modified"]
        if self.headers.get("If-None-Match") == etag:
            return self.send(304, headers=[("ETag", etag)])
        since = self.headers.get("If-Modified-Since")
        if since and not self.headers.get("If-None-Match"):
            try:
                if parsedate_to_datetime(since).timestamp() >= modified:
                    return self.send(304, headers=[("ETag", etag)])
            except (TypeError, ValueError):
                pass
        body = guide_bytes()
        headers = [("ETag", etag), ("Last-Modified", formatdate(modified, usegmt=True))]
        if "gzip" in (self.headers.get("Accept-Encoding") or ""):
            body = gzip.compress(body)
            headers.append(("Content-Encoding", "gzip"))
        self.send(200, body, headers, "application/xml")

    def playlist_m3u(self, query, form):
        body = b'#EXTM3U x-tvg-url="guide.xml"\n#EXTINF:-1 tvg-id="one",Remote One\nhttp://stream.example/one.ts\n'
        self.send(200, body, content_type="audio/x-mpegurl")

    def guide_gz(self, query, form):
        self.send(200, gzip.compress(guide_bytes()), content_type="application/gzip")

    def amp(self, query, form):
        body = guide_bytes().replace(b"<title>Show 1</title>", b"<title>Show 1 & Co</title>")
        self.send(200, body, content_type="application/xml")

    def spaces_gz(self, query, form):
        body = gzip.compress(b"<tv>" + b" " * (20 << 20) + b"</tv>\n", compresslevel=1)
        self.send(200, body, content_type="application/gzip")

    def private_guide(self, query, form):
        if not self.basic_ok({FEED_USER[0]: FEED_USER[1]}):
            return self.send(401, b"login", [("WWW-Authenticate", 'Basic realm="feed"')])
        self.guide(query, form)

    def control(self, query, form):
        with LOCK:
            if "programmes" in query:
                STATE["programmes"] = int(query["programmes"])
            if "offset" in query:
                STATE["offset"] = int(query["offset"])
            if "mode" in query:
                STATE["mode"] = query["mode"] if "/" + query["mode"] in ROUTES else ""
            if "dvr" in query:
                STATE["dvr"] = query["dvr"]
            STATE["version"] += 1
            STATE["modified"] = int(time.time())
        self.send(200, b"ok")

    def log(self, query, form):
        with LOCK:
            body = json.dumps(LOG).encode()
        self.send(200, body, content_type="application/json")

    def headers_echo(self, query, form):
        self.send(200, json.dumps({k.lower(): v for k, v in self.headers.items()}).encode(),
                  content_type="application/json")

    def redirect_to(self, target):
        self.send(302, b"", [("Location", target)])

    def slow(self, query, form):
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", "100000")
        self.end_headers()
        self.wfile.write(b"<?xml version=")
        self.wfile.flush()
        time.sleep(30)
        self.close_connection = True

    def raw(self, status_headers, body, close=True):
        self.send_response(200)
        for name, value in status_headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        self.close_connection = True

    def cut(self, query, form):
        body = guide_bytes()
        self.raw([("Content-Type", "application/xml"), ("Content-Length", str(len(body)))],
                 body[: len(body) // 2])

    def gzip_cut(self, query, form):
        packed = gzip.compress(guide_bytes())
        half = packed[: len(packed) // 2]
        self.raw([("Content-Type", "application/xml"), ("Content-Encoding", "gzip"),
                  ("Content-Length", str(len(half))), ("Connection", "close")], half)

    def empty(self, query, form):
        body = b'<?xml version="1.0" encoding="UTF-8"?>\n<tv>\n<channel id="one"><display-name>One</display-name></channel>\n</tv>\n'
        self.send(200, body, content_type="application/xml")

    def wrong_length(self, query, form):
        body = guide_bytes()
        self.raw([("Content-Type", "application/xml"), ("Content-Length", str(len(body) + 1000))], body)

    def huge(self, query, form):
        self.raw([("Content-Type", "application/xml"), ("Content-Length", "3000000000")], b"<tv>" * 250)

    def trickle(self, query, form):
        guide = guide_bytes()
        head, _, tail = guide.partition(b"<tv>\n")
        pad = b"<!-- " + b"x" * (100000 - 9) + b" -->\n"
        pieces = [head + b"<tv>\n"] + [pad] * 20 + [tail]
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(sum(len(p) for p in pieces)))
        self.send_header("Connection", "close")
        self.end_headers()
        try:
            for piece in pieces:
                self.wfile.write(piece)
                self.wfile.flush()
                time.sleep(0.2)
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def drip(self, query, form):
        guide = guide_bytes()
        head, _, tail = guide.partition(b"<tv>\n")
        body = head + b"<tv>\n<!-- " + b"x" * 3200 + b" -->\n" + tail
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        try:
            for start in range(0, len(body), 40):
                self.wfile.write(body[start:start + 40])
                self.wfile.flush()
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def other_host(self, path):
        """The same server under the name "localhost" (not 127.0.0.1)."""
        scheme = "https" if TLS else "http"
        return "%s://localhost:%d/%s" % (scheme, self.server.server_address[1], path.lstrip("/"))

    def redirect_host(self, query, form):
        self.redirect_to(self.other_host(query.get("path", "guide.xml")))

    def private_redirect(self, query, form):
        if not self.basic_ok({FEED_USER[0]: FEED_USER[1]}):
            return self.send(401, b"login", [("WWW-Authenticate", 'Basic realm="feed"')])
        self.redirect_to("/private/guide.xml")

    def private_redirect_host(self, query, form):
        if not self.basic_ok({FEED_USER[0]: FEED_USER[1]}):
            return self.send(401, b"login", [("WWW-Authenticate", 'Basic realm="feed"')])
        self.redirect_to(self.other_host("private/guide.xml"))

    def endless(self, query, form):
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()

        def chunk(data):
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

        try:
            chunk(b"<?xml version=\"1.0\"?>\n<tv>\n")
            pad = b"<!-- " + b"x" * 65000 + b" -->\n"
            for _ in range(128):
                chunk(pad)
            chunk(b"</tv>\n")
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    # ---- auth ----
    def basic_ok(self, users):
        header = self.headers.get("Authorization") or ""
        if not header.startswith("Basic "):
            return None
        import base64
        try:
            user, _, password = base64.b64decode(header[6:]).decode().partition(":")
        except ValueError:
            return None
        return user if users.get(user) == password else None

    def digest_ok(self):
        header = self.headers.get("Authorization") or ""
        if not header.startswith("Digest "):
            return None
        fields = {}
        for part in parse_list(header[7:]):
            name, _, value = part.strip().partition("=")
            fields[name.strip()] = value.strip().strip('"')
        user = fields.get("username")
        if user not in USERS or fields.get("nonce") not in NONCES or fields.get("realm") != REALM:
            return None
        password = USERS[user][0]
        md5 = lambda text: hashlib.md5(text.encode()).hexdigest()
        ha1 = md5("%s:%s:%s" % (user, REALM, password))
        ha2 = md5("%s:%s" % (self.command, fields.get("uri", "")))
        if fields.get("qop"):
            expected = md5(":".join([ha1, fields["nonce"], fields.get("nc", ""), fields.get("cnonce", ""),
                                     fields["qop"], ha2]))
        else:
            expected = md5("%s:%s:%s" % (ha1, fields["nonce"], ha2))
        return user if secrets.compare_digest(expected, fields.get("response", "")) else None

    def challenge(self):
        if AUTH_MODE == "digest":
            nonce = secrets.token_hex(16)
            with LOCK:
                NONCES.add(nonce)
            value = 'Digest realm="%s", qop="auth", nonce="%s", opaque="%s"' % (REALM, nonce, secrets.token_hex(8))
        else:
            value = 'Basic realm="%s"' % REALM
        self.send(401, b"<HTML><BODY>401 Unauthorized</BODY></HTML>", [("WWW-Authenticate", value)], "text/html")

    # ---- tvheadend ----
    def tvheadend(self, path, query, form):
        user = None
        if AUTH_MODE == "none":
            user = "admin"
        elif query.get("auth") == AUTH_CODE and (path.startswith("/playlist") or path.startswith("/xmltv")):
            user = "admin"
        elif AUTH_MODE == "basic":
            user = self.basic_ok({u: p for u, (p, _) in USERS.items()})
        else:
            user = self.digest_ok()
        if user is None:
            return self.challenge()
        if path == "/playlist/channels":
            return self.send(200, self.playlist().encode(), content_type="audio/x-mpegurl")
        if path == "/xmltv/channels":
            return self.send(200, self.xmltv(query.get("lcn") == "1").encode(), content_type="text/xml")
        if path.startswith("/stream/channel/"):
            return self.send(200, b"\x47" * 188, content_type="video/mp2t")
        if path == "/api/epg/events/grid":
            limit = int((form or {}).get("limit") or query.get("limit") or 50)
            names = {uuid: (name, number) for uuid, name, number in CHANNELS}
            entries = [{"eventId": event_id, "channelUuid": uuid, "channelName": names[uuid][0],
                        "channelNumber": str(names[uuid][1]), "start": start, "stop": stop,
                        "title": title, "genre": [], "nextEventId": 0}
                       for event_id, (uuid, start, stop, title) in sorted(EVENTS.items())]
            return self.send(200, json.dumps({"totalCount": len(entries), "entries": entries[:limit]}).encode(),
                             content_type="application/json")
        if path.startswith("/api/dvr/") or path.startswith("/api/idnode/"):
            if not USERS[user][1]:
                return self.send(403, b"<HTML><BODY>403 Forbidden</BODY></HTML>", content_type="text/html")
            return self.dvr(path, form)
        self.send(404, b"not found")

    def playlist(self):
        host = "%s:%d" % self.server.server_address[:2]
        scheme = "https" if TLS else "http"
        lines = ["#EXTM3U"]
        for uuid, name, number in CHANNELS:
            lines.append('#EXTINF:-1 logo="%s://%s/imagecache/%d" tvg-id="%s" tvg-chno="%d",%s'
                         % (scheme, host, number, uuid, number, name))
            lines.append("%s://%s/stream/channel/%s?profile=pass" % (scheme, host, uuid))
        return "\n".join(lines) + "\n"

    def xmltv(self, lcn):
        parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE tv SYSTEM "xmltv.dtd">\n',
                 '<tv generator-info-name="TVHeadend-4.3-fake" source-info-name="tvh-Tvheadend">\n']
        for uuid, name, number in CHANNELS:
            parts.append('<channel id="%s">\n  <display-name>%s</display-name>\n' % (uuid, name))
            if lcn:
                parts.append("  <lcn>%d</lcn>\n" % number)
            parts.append("</channel>\n")
        for event_id, (uuid, start, stop, title) in sorted(EVENTS.items()):
            parts.append('<programme start="%s" stop="%s" channel="%s">\n  <title>%s</title>\n</programme>\n'
                         % (xmltv_time(start), xmltv_time(stop), uuid, title))
        parts.append("</tv>\n")
        return "".join(parts)

    def dvr_entry(self, channel, start, stop, title, event_id=0):
        entry_uuid = uuidlib.uuid4().hex
        names = {uuid: name for uuid, name, _ in CHANNELS}
        entry = {"uuid": entry_uuid, "enabled": True, "create": int(time.time()), "watched": 0,
                 "channel": channel, "channelname": names.get(channel, ""), "image": "", "fanart_image": "",
                 "start": start, "start_extra": 0, "start_real": start - 120, "stop": stop, "stop_extra": 0,
                 "stop_real": stop + 300, "duration": stop - start, "pri": 2, "retention": 0, "removal": 0,
                 "title": {"eng": title}, "subtitle": {}, "summary": {}, "description": {}, "disp_title": title,
                 "disp_subtitle": "", "disp_summary": "", "disp_description": "", "disp_extratext": "",
                 "episode_disp": "", "owner": "admin", "creator": "admin", "config_name": "default-config-uuid",
                 "broadcast": event_id, "errorcode": 0, "errors": 0, "data_errors": 0, "dvb_eid": 0,
                 "noresched": False, "norerecord": False, "fileremoved": 0, "autorec": "", "timerec": "",
                 "parent": "", "child": "", "content_type": 0, "copyright_year": 0, "status": "Scheduled for recording",
                 "sched_status": "scheduled", "comment": ""}
        with LOCK:
            DVR[entry_uuid] = entry
        return entry_uuid

    def dvr(self, path, form):
        with LOCK:
            slow = STATE["dvr"] == "slow"
        if slow and path != "/api/dvr/entry/grid_upcoming":
            time.sleep(20)
        if path == "/api/dvr/entry/grid_upcoming":
            with LOCK:
                entries = sorted(DVR.values(), key=lambda e: e["start"])
            return self.send(200, json.dumps({"entries": entries, "total": len(entries)}).encode(),
                             content_type="application/json")
        if path == "/api/dvr/entry/create":
            try:
                conf = json.loads(form.get("conf", ""))
                title = conf["title"]
                title = next(iter(title.values())) if isinstance(title, dict) else str(title)
                self.dvr_entry(conf["channel"], int(conf["start"]), int(conf["stop"]), title)
            except (ValueError, KeyError, TypeError, StopIteration):
                return self.send(400, b"<HTML><BODY>400 Bad Request</BODY></HTML>", content_type="text/html")
            return self.send(200, b"{}", content_type="application/json")
        if path == "/api/dvr/entry/create_by_event":
            if "event_id" not in form or "config_uuid" not in form:
                return self.send(400, b"<HTML><BODY>400 Bad Request</BODY></HTML>", content_type="text/html")
            event = EVENTS.get(int(form["event_id"]))
            if event:
                self.dvr_entry(event[0], event[1], event[2], event[3], int(form["event_id"]))
            return self.send(200, b"{}", content_type="application/json")
        if path in ("/api/dvr/entry/cancel", "/api/idnode/delete"):
            uuids = form.get("uuid", "")
            if uuids.startswith("["):
                uuids = json.loads(uuids)
            else:
                uuids = [uuids]
            with LOCK:
                found = [u for u in uuids if DVR.pop(u, None) is not None]
            if not found:
                return self.send(404, b"<HTML><BODY>404 Not Found</BODY></HTML>", content_type="text/html")
            return self.send(200, b"{}", content_type="application/json")
        self.send(404, b"not found")


def parse_list(text):
    """Splits a Digest header's comma list, keeping quoted commas."""
    items, current, quoted = [], "", False
    for char in text:
        if char == '"':
            quoted = not quoted
        if char == "," and not quoted:
            items.append(current)
            current = ""
        else:
            current += char
    if current.strip():
        items.append(current)
    return items


ROUTES = {
    "/guide.xml": Handler.guide,
    "/guide.xml.gz": Handler.guide_gz,
    "/list.m3u": Handler.playlist_m3u,
    "/private/guide.xml": Handler.private_guide,
    "/control": Handler.control,
    "/log": Handler.log,
    "/headers": Handler.headers_echo,
    "/redirect": lambda h, q, f: h.redirect_to("/guide.xml"),
    "/loop": lambda h, q, f: h.redirect_to("/loop2"),
    "/loop2": lambda h, q, f: h.redirect_to("/loop"),
    "/missing": lambda h, q, f: h.send(404, b"not found"),
    "/error": lambda h, q, f: h.send(500, b"internal error"),
    "/slow": Handler.slow,
    "/cut": Handler.cut,
    "/gzip-cut": Handler.gzip_cut,
    "/empty": Handler.empty,
    "/wrong-length": Handler.wrong_length,
    "/huge": Handler.huge,
    "/endless": Handler.endless,
    "/trickle": Handler.trickle,
    "/drip": Handler.drip,
    "/redirect-host": Handler.redirect_host,
    "/private/redirect": Handler.private_redirect,
    "/private/redirect-host": Handler.private_redirect_host,
    "/amp": Handler.amp,
    "/spaces.xml.gz": Handler.spaces_gz,
}
TLS = False


def main():
    global AUTH_MODE, TLS, EVENTS
    args = sys.argv[1:]
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    while args:
        option = args.pop(0)
        if option == "--tls":
            cert, key = args.pop(0), args.pop(0)
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(cert, key)
            server.socket = context.wrap_socket(server.socket, server_side=True)
            TLS = True
        elif option == "--auth":
            AUTH_MODE = args.pop(0)
    EVENTS = tvh_events()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("PORT %d" % server.server_address[1], flush=True)
    sys.stdin.read()
    os._exit(0)


if __name__ == "__main__":
    main()
