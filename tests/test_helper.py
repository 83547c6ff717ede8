"""The helper process: calls answered in another Python process, failures said, not shared with
a forked child."""

from __future__ import annotations

import os
import sys

import pytest

from schocken import helper


@pytest.fixture(autouse=True)
def fresh() -> None:
    """Each test with a helper process of its own."""
    helper.stop()


def test_a_call_is_answered_in_another_process() -> None:
    helper.start()
    assert helper.call("os:getpid").result() != os.getpid()
    pid = helper.call("os:getpid").result()
    assert helper.call("os:getpid").result() == pid  # kept for the next calls
    assert helper.call("math:fsum", [0.1] * 10).result() == 1.0
    assert helper.idle()


def test_a_call_that_fails_there_is_said_and_the_helper_stays() -> None:
    pid = helper.call("os:getpid").result()
    with pytest.raises(helper.HelperError, match="ZeroDivisionError"):
        helper.call("operator:truediv", 1, 0).result()
    with pytest.raises(helper.HelperError, match="no_such_function"):
        helper.call("os:no_such_function").result()
    assert helper.call("os:getpid").result() == pid


def test_a_helper_that_ends_or_cannot_start_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    pid = helper.call("os:getpid").result()
    with pytest.raises(helper.HelperError, match="ended"):
        helper.call("os:_exit", 3).result()
    assert helper.call("os:getpid").result() != pid  # another one started
    helper.stop()
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    with pytest.raises(helper.HelperError, match="did not start"):
        helper.call("os:getpid").result()
    assert helper.idle()
    monkeypatch.setenv(helper.ENV, "0")
    assert not helper.enabled()
    with pytest.raises(helper.HelperError, match="SCHOCKEN_HELPER=0"):
        helper.call("os:getpid").result()


def test_a_forked_child_starts_its_own_helper() -> None:
    parent = helper.call("os:getpid").result()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: not the parent's helper (its pipes are the parent's)
        try:
            ok = helper.idle() and helper.call("os:getpid").result() not in (parent, os.getpid())
        except Exception:
            ok = False
        os.write(write, b"1" if ok else b"0")
        os._exit(0)
    os.close(write)
    assert os.read(read, 1) == b"1"
    os.waitpid(pid, 0)
    assert helper.call("os:getpid").result() == parent


def test_a_helper_forked_from_this_process_serves_and_ends_with_it() -> None:
    with helper.forked():
        pid = helper.call("os:getpid").result()
        assert pid != os.getpid() and helper.running()
        assert helper.call("math:fsum", [0.1] * 10).result() == 1.0
        # ended: none started in its place while forked is in force
        with pytest.raises(helper.HelperError, match="ended"):
            helper.call("os:_exit", 0).result()
        with pytest.raises(helper.HelperError, match="forked from this one ended"):
            helper.call("os:getpid").result()
    assert not helper.running()
    assert helper.call("os:getpid").result() not in (pid, os.getpid())  # a new one again
