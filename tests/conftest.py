"""Fixtures shared by the browser tests: one Debian Chromium per test module, driven by
Playwright (never a downloaded browser; the flags are those that work on this machine)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from test_web import CHROMIUM, FLAGS


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()
