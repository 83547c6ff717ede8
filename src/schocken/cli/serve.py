"""``schocken serve``: the game server (:mod:`schocken.server`) on a port, with its limits."""

from __future__ import annotations

import argparse
import contextlib
import re
import socket
import sys
from pathlib import Path

from schocken.cli.args import (
    Commands,
    at_least_one,
    port_arg,
    positive_arg,
    seconds_arg,
    worker_name_arg,
)
from schocken.cli_words import Words, language
from schocken.errors import SchockenError
from schocken.files import check_writable, os_error_text
from schocken.texts import refusal_text, t


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
    lang = language()
    try:
        import sqlite3

        import uvicorn

        from schocken.bots.plugins import BotPluginError
        from schocken.server.app import create_app, default_db
        from schocken.server.net import (
            DATABASE_LOST,
            DroppableWebSocket,
            SlowRequestHTTP,
            install_log_filters,
            lan_address,
            serving,
            stopped_for,
        )
        from schocken.server.settings import Limits, local_site
        from schocken.server.store import StoreError
    except ImportError:
        print(t("serve_refuse_extra", lang), file=sys.stderr)
        return 2
    plugins = tuple(p.strip() for p in (args.bot_plugins or "").split(",") if p.strip())
    db: Path | str = Path(args.db) if args.db else default_db(args.data)
    where = str(db)
    if args.database is not None:
        from schocken.store import is_url

        if not is_url(args.database) or args.db:
            print(f"schocken serve: {t('serve_refuse_database', lang)}", file=sys.stderr)
            return 2
        db = args.database
        where = _without_password(args.database)
    host = "0.0.0.0" if args.lan and args.host is None else (args.host or "127.0.0.1")
    # Everything that can be refused is checked before the server says it is running.
    try:
        sock = _listen(host, args.port)
    except OSError as exc:
        why = os_error_text(exc, lang)
        print(
            f"schocken serve: {t('serve_refuse_listen', lang, host=host, port=args.port, why=why)}",
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
            print(f"schocken serve: {refusal_text(exc, lang)}", file=sys.stderr)
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
                worker_name=args.worker_name,
            )
        except BotPluginError as exc:
            print(f"schocken serve: {exc}", file=sys.stderr)
            return 2
        except (OSError, sqlite3.Error, ValueError, StoreError, SchockenError) as exc:
            why = os_error_text(exc, lang) if isinstance(exc, OSError) else refusal_text(exc, lang)
            refusal = t("serve_refuse_store", lang, where=where, why=why)
            print(f"schocken serve: {refusal}", file=sys.stderr)
            return 2
        if args.seed is not None:
            print(t("serve_seeded", lang, seed=args.seed), file=sys.stderr)
        shown = f"[{host}]" if ":" in host else host
        print(t("serve_running", lang, url=f"http://{shown}:{port}/", db=db), flush=True)
        if site.public_url != f"http://{shown}:{port}":
            print(t("serve_join_at", lang, url=f"{site.public_url}/"), flush=True)
        _raise_open_files()
        SlowRequestHTTP.request_timeout = limits.request_timeout
        install_log_filters(lang)
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
        # Ctrl-C: uvicorn shuts down cleanly, then raises the interrupt again; nothing to tell.
        server = uvicorn.Server(config)
        serving.append(server)
        with contextlib.suppress(KeyboardInterrupt):
            server.run(sockets=[sock])
    finally:
        sock.close()
    if stopped_for:  # a worker that lost its database: its supervisor starts it again
        print(f"schocken serve: {t('serve_database_lost', lang, why=stopped_for[0])}",
              file=sys.stderr)  # fmt: skip
        return DATABASE_LOST
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
    p = sub.add_parser("serve", help=Words("cli_help_serve"))
    p.add_argument("--host", help=Words("cli_serve_host"))
    p.add_argument(
        "--lan",
        action="store_true",
        help=Words("cli_serve_lan"),
    )
    p.add_argument(
        "--public-url",
        help=Words("cli_serve_public_url"),
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        metavar="URL",
        help=Words("cli_serve_allow_origin"),
    )
    p.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        help=Words("cli_serve_forwarded_allow_ips"),
    )
    p.add_argument(
        "--port",
        type=port_arg,
        default=8000,
        help=Words("cli_serve_port"),
    )
    p.add_argument("--data", default="schocken-data", help=Words("cli_serve_data"))
    p.add_argument("--db", help=Words("cli_serve_db"))
    p.add_argument(
        "--database",
        metavar="URL",
        help=Words("cli_serve_database"),
    )
    p.add_argument(
        "--worker-name",
        metavar="NAME",
        type=worker_name_arg,
        help=Words("cli_serve_worker_name"),
    )
    p.add_argument("--seed", type=int, help=Words("cli_serve_seed"))
    p.add_argument("--bot-delay", type=seconds_arg, default=0.6, help=Words("cli_serve_bot_delay"))
    p.add_argument(
        "--bot-plugins",
        metavar="NAME,...",
        help=Words("cli_serve_bot_plugins"),
    )
    p.add_argument(
        "--log-level",
        choices=["critical", "error", "warning", "info", "debug", "trace"],
        default="info",
    )
    limits = p.add_argument_group(Words("cli_serve_limits"))
    add = limits.add_argument
    add(
        "--tables-per-minute",
        type=at_least_one,
        default=10,
        help=Words("cli_serve_tables_per_minute"),
    )
    add("--max-tables", type=at_least_one, default=1000, help=Words("cli_serve_max_tables"))
    add("--conns-per-token", type=at_least_one, default=4, help=Words("cli_serve_conns_per_token"))
    add(
        "--conns-per-address",
        type=at_least_one,
        default=64,
        help=Words("cli_serve_conns_per_address"),
    )
    add(
        "--max-connections",
        type=at_least_one,
        default=4000,
        help=Words("cli_serve_max_connections"),
    )
    add("--msg-rate", type=positive_arg, default=10.0, help=Words("cli_serve_msg_rate"))
    add("--max-body", type=at_least_one, default=16_384, help=Words("cli_serve_max_body"))
    add(
        "--max-record",
        type=at_least_one,
        default=524_288,
        help=Words("cli_serve_max_record"),
    )
    add(
        "--max-register",
        type=at_least_one,
        default=1_048_576,
        help=Words("cli_serve_max_register"),
    )
    add("--review-budget", type=positive_arg, default=30.0, help=Words("cli_serve_review_budget"))
    add(
        "--request-timeout",
        type=positive_arg,
        default=10.0,
        help=Words("cli_serve_request_timeout"),
    )
    add(
        "--hello-timeout",
        type=positive_arg,
        default=5.0,
        help=Words("cli_serve_hello_timeout"),
    )
    add("--keep-alive", type=at_least_one, default=5, help=Words("cli_serve_keep_alive"))
    add(
        "--idle-timeout",
        type=positive_arg,
        default=1800.0,
        help=Words("cli_serve_idle_timeout"),
    )
    add("--send-queue", type=at_least_one, default=256, help=Words("cli_serve_send_queue"))
    add(
        "--write-timeout",
        type=positive_arg,
        default=5.0,
        help=Words("cli_serve_write_timeout"),
    )
    add("--bot-budget", type=positive_arg, default=5.0, help=Words("cli_serve_bot_budget"))
    add("--bot-workers", type=at_least_one, default=1, help=Words("cli_serve_bot_workers"))
    add(
        "--book-connections",
        type=at_least_one,
        default=8,
        help=Words("cli_serve_book_connections"),
    )
    add(
        "--compression",
        action=argparse.BooleanOptionalAction,
        default=False,
        help=Words("cli_serve_compression"),
    )
    add(
        "--away-after",
        type=positive_arg,
        default=30.0,
        help=Words("cli_serve_away_after"),
    )
    p.set_defaults(func=cmd_serve)
