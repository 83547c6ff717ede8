"""SQLite storage for tables: every lobby change and every accepted action, written before it is
broadcast, so a killed server resumes every table exactly where it was."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    code TEXT UNIQUE NOT NULL,
    created REAL NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    pips TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);
"""


class Store:
    """One SQLite file. Writes commit at once (WAL journal: a killed process loses nothing that
    was committed)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def save_table(self, table_id: str, code: str, created: float, data: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT INTO tables (id, code, created, data) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET data = excluded.data",
            (table_id, code, created, json.dumps(data)),
        )

    def add_step(self, table_id: str, idx: int, seat: int, action: str, pips: list[int]) -> None:
        self.db.execute(
            "INSERT INTO steps (table_id, idx, seat, action, pips) VALUES (?, ?, ?, ?, ?)",
            (table_id, idx, seat, action, json.dumps(pips)),
        )

    def tables(self) -> list[tuple[str, str, float, dict[str, Any]]]:
        rows = self.db.execute("SELECT id, code, created, data FROM tables ORDER BY created")
        return [(r[0], r[1], r[2], json.loads(r[3])) for r in rows]

    def steps(self, table_id: str) -> list[tuple[int, str, list[int]]]:
        rows = self.db.execute(
            "SELECT seat, action, pips FROM steps WHERE table_id = ? ORDER BY idx", (table_id,)
        )
        return [(r[0], r[1], json.loads(r[2])) for r in rows]
