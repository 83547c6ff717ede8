"""The server's limits and addresses, with their defaults (``schocken serve`` options;
docs/server.md lists them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from schocken.errors import RefusalError
from schocken.texts import refused

MAX_PUBLIC_URL = 200
"""A public address is at most this long (it goes into every QR code)."""


@dataclass(frozen=True)
class Limits:
    """What one client, one connection and the whole server may use."""

    tables_per_minute: int = 10
    """Tables one client address may create in a minute."""
    max_tables: int = 1000
    """Tables in play (in memory) at once; a new table beyond it is refused."""
    conns_per_token: int = 4
    """WebSocket connections open at once with one token (a seat's or the spectators')."""
    conns_per_address: int = 64
    """WebSocket connections open at once from one client address, counted from the upgrade
    (before the hello)."""
    msg_rate: float = 10.0
    """Messages a connection may send per second (twice as many at once); excess is refused,
    and a connection that goes on sending as many refused messages again is closed."""
    max_body: int = 16_384
    """Bytes of a request body (counted while it is read)."""
    max_register: int = 1_048_576
    """Bytes of a tournament's registration (``POST .../register``: up to a tournament's most
    players, 10,000 names, in one request; counted while it is read)."""
    max_record: int = 524_288
    """Bytes of a game record sent for review (``POST /api/review``; counted while it is
    read)."""
    review_budget: float = 30.0
    """Seconds a game's review may take (then it is stopped and refused)."""
    request_timeout: float = 10.0
    """Seconds for a request's head and body to arrive."""
    hello_timeout: float = 5.0
    """Seconds for a WebSocket's hello to arrive once it is open (then it is closed)."""
    idle_timeout: float = 1800.0
    """Seconds a table stays in memory with nobody connected (then it rests in the store and
    comes back when someone asks for it); finished tables leave as soon as nobody is
    connected."""
    send_queue: int = 256
    """Messages waiting to be sent to one client; a client that lets more pile up is dropped."""
    write_timeout: float = 5.0
    """Seconds a write waits for a database locked by another process before it fails."""
    bot_budget: float = 5.0
    """Seconds a solver bot may think about one decision (else the pub regular's rule)."""
    bot_workers: int = 1
    """Worker processes for the solver bots' thinking."""
    book_connections: int = 8
    """Threads of the club's book and the tournaments (the lanes, :mod:`schocken.server.lanes`),
    each with a connection of its own to the database: on PostgreSQL the most connections of
    the lanes a server process holds (docs/server.md counts the others)."""
    away_after: float = 30.0
    """Seconds a player may be disconnected before the table shows them as away."""


@dataclass(frozen=True)
class Site:
    """Where the server is reached: the address in links and QR codes, and the page origins
    allowed to use it."""

    public_url: str = "http://127.0.0.1:8000"
    allowed_origins: frozenset[str] = field(default_factory=frozenset)

    @property
    def origin(self) -> str:
        return origin_of(self.public_url)

    def allows(self, origin: str) -> bool:
        return origin == self.origin or origin in self.allowed_origins


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def check_public_url(url: str) -> str:
    """A public address as given (without a trailing slash), or :class:`ValueError`."""
    url = url.strip().rstrip("/")
    if len(url) > MAX_PUBLIC_URL:
        raise refused(RefusalError, "serve_public_url_long", most=MAX_PUBLIC_URL)
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise refused(RefusalError, "serve_public_url_form", url=repr(url))
    if parts.query or parts.fragment or any(c.isspace() for c in url):
        raise refused(RefusalError, "serve_public_url_query", url=repr(url))
    return url


def local_site(host: str, port: int, public_url: str | None, extra: list[str]) -> Site:
    """The site of a server listening on ``host``:``port``: ``public_url`` if given, else made
    from the address; a loopback server also allows the other names of this machine."""
    if public_url is None:
        shown = f"[{host}]" if ":" in host else host
        public_url = f"http://{shown}:{port}"
    public_url = check_public_url(public_url)
    origins = {origin_of(check_public_url(o)) for o in extra}
    if host in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "::"):
        origins |= {f"http://{name}:{port}" for name in ("127.0.0.1", "localhost", "[::1]")}
    return Site(public_url, frozenset(origins))
