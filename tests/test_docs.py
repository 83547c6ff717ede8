"""Documentation that is generated from the code stays equal to it."""

from __future__ import annotations

from pathlib import Path

import pytest

from schocken.rule_docs import rules_markdown
from schocken.rules import PRESETS

ROOT = Path(__file__).resolve().parent.parent


def test_rules_doc_is_current() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert text == rules_markdown(), (
        "regenerate: schocken rules --markdown --lang en > docs/rules.md"
    )


def test_rules_doc_names_every_preset_and_reading() -> None:
    text = rules_markdown()
    for name in PRESETS:
        assert f"`{name}`" in text
    assert "text silent: our reading" in text
    assert "## Our readings" in text
    assert '- choice `"lowest_takes"`: Everyone throws once' in text


def test_the_core_imports_only_the_standard_library() -> None:
    import subprocess
    import sys

    core = [
        "actions",
        "arena",
        "bots",
        "cli",
        "club",
        "club.cli",
        "dice",
        "errors",
        "events",
        "files",
        "game",
        "intervals",
        "players",
        "pub",
        "record",
        "results",
        "rule_options",
        "rules",
        "session",
        "simulate",
        "texts",
        "views",
    ]
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        + "".join(f"import schocken.{m}\n" for m in core)
        + "bad = sorted({m.split('.')[0] for m in set(sys.modules) - before}"
        " - set(sys.stdlib_module_names) - {'schocken'})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout.strip()
    assert out == ""


def test_strategy_doc_shows_the_cards_as_schocken_card_prints_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from schocken.cli import main

    assert main(["card"]) == 0
    printed = capsys.readouterr().out.rstrip()
    text = (ROOT / "docs" / "strategy.md").read_text(encoding="utf-8")
    assert f"```\n{printed}\n```" in text, "paste `schocken card` into docs/strategy.md"
