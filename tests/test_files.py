"""Files written whole (schocken.files), and a cache's bound: the files used last kept."""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

import pytest

from schocken.files import keep_newest, mark_used, write_text_whole, write_whole


def test_a_file_is_written_whole_or_left_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "notes.bin"
    write_whole(target, lambda f: f.write(b"\x00first"), sync=False)
    assert target.read_bytes() == b"\x00first"

    def half(f: BinaryIO) -> None:
        f.write(b"half of it")
        raise RuntimeError("the disk is full")

    with pytest.raises(RuntimeError):
        write_whole(target, half)
    assert target.read_bytes() == b"\x00first"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.bin"]  # no scratch file left
    write_text_whole(target, "Deckel für alle", sync=False)
    assert target.read_text(encoding="utf-8") == "Deckel für alle"


def test_a_cache_keeps_the_files_used_last(tmp_path: Path) -> None:
    for i in range(4):
        path = tmp_path / f"note-{i}.json"
        path.write_text(str(i))
        os.utime(path, (100 + i, 100 + i))  # note-3 written last
    (tmp_path / "other-0.json").write_text("not matched")
    mark_used(tmp_path / "note-0.json")  # used now: newest of all
    mark_used(tmp_path / "gone.json")  # nothing there: nothing happens
    keep_newest(tmp_path, "note-*.json", 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "note-0.json",
        "note-3.json",
        "other-0.json",
    ]
    keep_newest(tmp_path / "no such folder", "note-*.json", 0)  # nothing to remove
