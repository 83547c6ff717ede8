"""``schocken serve``: the game server (:mod:`schocken.server`) on a port, with its limits."""

from __future__ import annotations

import argparse
import re
import socket
import sys
from pathlib import Path

from schocken.cli.args import Commands, at_least_one, port_arg, positive_arg, seconds_arg
from schocken.errors import SchockenError
from schocken.files import check_writable, os_error_text


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (port 0: any free port), or an OSError saying why
    not (the port is taken, the address is not this machine's, ...)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except BaseException:
        sock.close()
        raise
    return sock


def _without_password(url: str) -> str:
    """A database URL as it may be printed (its password blanked)."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import sqlite3

        import uvicorn

        from schocken.bots.plugins import BotPluginError
        from schocken.server.app import create_app, default_db
        from schocken.server.net import (
            DroppableWebSocket,
            SlowRequestHTTP,
            install_log_filters,
            lan_address,
        )
        from schocken.server.settings import Limits, local_site
        from schocken.server.store import StoreError
    except ImportError:
        print(
            "schocken serve needs the server extra: pip install 'schocken[server]'", file=sys.stderr
        )
        return 2
    plugins = tuple(p.strip() for p in (args.bot_plugins or "").split(",") if p.strip())
    db: Path | str = Path(args.db) if args.db else default_db(args.data)
    where = str(db)
    if args.database is not None:
        from schocken.store import is_url

        if not is_url(args.database) or args.db:
            print(
                "schocken serve: --database is a postgresql:// URL, instead of --db",
                file=sys.stderr,
            )
            return 2
        db = args.database
        where = _without_password(args.database)
    host = "0.0.0.0" if args.lan and args.host is None else (args.host or "127.0.0.1")
    # Everything that can be refused is checked before the server says it is running.
    try:
        sock = _listen(host, args.port)
    except OSError as exc:
        print(
            f"schocken serve: cannot listen on {host} port {args.port}: {os_error_text(exc)}",
            file=sys.stderr,
        )
        return 2
    try:
        port = sock.getsockname()[1]
        public = args.public_url
        if public is None and host in ("0.0.0.0", "::"):
            public = f"http://{lan_address()}:{port}"
        try:
            site = local_site(host, port, public, args.allow_origin or [])
        except ValueError as exc:
            print(f"schocken serve: {exc}", file=sys.stderr)
            return 2
        limits = Limits(
            tables_per_minute=args.tables_per_minute,
            max_tables=args.max_tables,
            conns_per_token=args.conns_per_token,
            conns_per_address=args.conns_per_address,
            msg_rate=args.msg_rate,
            max_body=args.max_body,
            max_record=args.max_record,
            max_register=args.max_register,
            review_budget=args.review_budget,
            request_timeout=args.request_timeout,
            hello_timeout=args.hello_timeout,
            idle_timeout=args.idle_timeout,
            send_queue=args.send_queue,
            write_timeout=args.write_timeout,
            bot_budget=args.bot_budget,
            bot_workers=args.bot_workers,
            book_connections=args.book_connections,
            away_after=args.away_after,
        )
        try:
            if isinstance(db, Path):
                db.parent.mkdir(parents=True, exist_ok=True)
                check_writable(db)
            listen = f"{socket.gethostname()} {host} {port}"
            app = create_app(
                db,
                seed=args.seed,
                bot_delay=args.bot_delay,
                limits=limits,
                site=site,
                listen=listen,
                bot_plugins=plugins,
            )
        except BotPluginError as exc:
            print(f"schocken serve: {exc}", file=sys.stderr)
            return 2
        except (OSError, sqlite3.Error, ValueError, StoreError, SchockenError) as exc:
            why = os_error_text(exc) if isinstance(exc, OSError) else str(exc)
            print(f"schocken serve: cannot keep the tables in {where}: {why}", file=sys.stderr)
            return 2
        if args.seed is not None:
            print(
                f"WARNING: seeded dice (--seed {args.seed}): every game's dice can be foreseen. "
                "For tests and demonstrations only, never for a real game.",
                file=sys.stderr,
            )
        shown = f"[{host}]" if ":" in host else host
        print(f"Schocken server on http://{shown}:{port}/ (tables stored in {db})", flush=True)
        if site.public_url != f"http://{shown}:{port}":
            print(f"Players join at {site.public_url}/", flush=True)
        _raise_open_files()
        SlowRequestHTTP.request_timeout = limits.request_timeout
        install_log_filters()
        config = uvicorn.Config(
            app,
            http=SlowRequestHTTP,
            ws=DroppableWebSocket,
            ws_per_message_deflate=args.compression,
            ws_max_size=65536,
            log_level=args.log_level,
            proxy_headers=bool(args.forwarded_allow_ips),
            forwarded_allow_ips=args.forwarded_allow_ips or None,
            timeout_keep_alive=args.keep_alive,
            limit_concurrency=args.max_connections,
        )
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
    return 0


def _raise_open_files() -> None:
    """As many open files (connections) as the system lets this process have."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY or hard > soft:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    except (ImportError, ValueError, OSError):  # pragma: no cover - not everywhere
        pass


def add_parser(sub: Commands) -> None:
    """The parser of ``serve``."""
    p = sub.add_parser("serve", help="run the game server (HTTP and WebSockets, SQLite)")
    p.add_argument("--host", help="the address to listen on (default 127.0.0.1)")
    p.add_argument(
        "--lan",
        action="store_true",
        help="listen on the network (0.0.0.0) and give this machine's LAN address in links",
    )
    p.add_argument(
        "--public-url",
        help="the address players use (links, QR codes, allowed page origin); default from "
        "--host and --port",
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        metavar="URL",
        help="another page origin allowed to use the server (repeatable)",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        help="the reverse proxy's addresses, whose X-Forwarded-For is trusted (default: none)",
    )
    p.add_argument(
        "--port",
        type=port_arg,
        default=8000,
        help="1 to 65535, or 0: any free port (the one taken is printed); default 8000",
    )
    p.add_argument("--data", default="schocken-data", help="data folder (default ./schocken-data)")
    p.add_argument("--db", help="the SQLite file (default DATA/schocken.sqlite3)")
    p.add_argument(
        "--database",
        metavar="URL",
        help="keep everything in this PostgreSQL database instead of the SQLite file "
        "(postgresql://user@host/db; the postgres extra)",
    )
    p.add_argument("--seed", type=int, help="seeded dice: for tests and demonstrations only")
    p.add_argument("--bot-delay", type=seconds_arg, default=0.6, help="seconds before a bot moves")
    p.add_argument(
        "--bot-plugins",
        metavar="NAME,...",
        help="bot plug-ins (installed, entry point group schocken.bots) the tables may seat",
    )
    p.add_argument(
        "--log-level",
        choices=["critical", "error", "warning", "info", "debug", "trace"],
        default="info",
    )
    limits = p.add_argument_group("limits (docs/server.md)")
    add = limits.add_argument
    add("--tables-per-minute", type=at_least_one, default=10, help="per client address")
    add("--max-tables", type=at_least_one, default=1000, help="tables in play at once")
    add("--conns-per-token", type=at_least_one, default=4, help="WebSockets with one token")
    add("--conns-per-address", type=at_least_one, default=64, help="WebSockets per address")
    add("--max-connections", type=at_least_one, default=4000, help="connections in all")
    add("--msg-rate", type=positive_arg, default=10.0, help="messages a second per connection")
    add("--max-body", type=at_least_one, default=16_384, help="bytes of a request body")
    add(
        "--max-record",
        type=at_least_one,
        default=524_288,
        help="bytes of a game record sent for review",
    )
    add(
        "--max-register",
        type=at_least_one,
        default=1_048_576,
        help="bytes of a tournament's registration (up to 10,000 names at once)",
    )
    add("--review-budget", type=positive_arg, default=30.0, help="seconds a review may take")
    add("--request-timeout", type=positive_arg, default=10.0, help="seconds to send a request")
    add(
        "--hello-timeout",
        type=positive_arg,
        default=5.0,
        help="seconds for a WebSocket's hello once it is open",
    )
    add("--keep-alive", type=at_least_one, default=5, help="seconds an idle HTTP link stays")
    add(
        "--idle-timeout",
        type=positive_arg,
        default=1800.0,
        help="seconds a table with nobody connected stays in memory",
    )
    add("--send-queue", type=at_least_one, default=256, help="messages queued for one client")
    add(
        "--write-timeout",
        type=positive_arg,
        default=5.0,
        help="seconds a write waits for a locked database",
    )
    add("--bot-budget", type=positive_arg, default=5.0, help="seconds a solver bot may think")
    add("--bot-workers", type=at_least_one, default=1, help="processes for solver bots")
    add(
        "--book-connections",
        type=at_least_one,
        default=8,
        help="threads of the club's book and tournaments, a database connection each",
    )
    add(
        "--compression",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="compress WebSocket messages for clients that ask (permessage-deflate)",
    )
    add(
        "--away-after",
        type=positive_arg,
        default=30.0,
        help="seconds a player may be disconnected before shown as away",
    )
    p.set_defaults(func=cmd_serve)
