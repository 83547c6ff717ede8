"""Paying the club by bank transfer: the club's account (its IBAN checked by its check digits)
and a member's balance as a SEPA credit transfer in the European Payments Council's QR format
(EPC069-12, version 002: the "GiroCode" that German, Austrian, Belgian, Dutch and Finnish banking
apps read), with the reference "Schockbuch <club> <member>".

The payload is plain text of twelve lines; a QR code of it (error correction level M) is drawn
by the caller (the server and ``schocken club pay-qr`` use segno).

>>> check_iban("de89 3704 0044 0532 0130 00")
'DE89370400440532013000'
>>> print(epc_payload("DE89370400440532013000", "Stammtisch Krone", 1250, "Schockbuch Krone Ben"))
BCD
002
1
SCT
<BLANKLINE>
Stammtisch Krone
DE89370400440532013000
EUR12.50
<BLANKLINE>
<BLANKLINE>
Schockbuch Krone Ben
"""

from __future__ import annotations

import re
import string

from schocken.errors import ClubError
from schocken.texts import refused

MAX_HOLDER = 70
"""The account holder's name, at most (EPC069-12: the beneficiary's name)."""
MAX_REFERENCE = 140
"""The transfer's reference text, at most (EPC069-12: unstructured remittance information)."""
MAX_EPC_CENTS = 99_999_999_999
"""The largest amount a payload can carry (EUR 999,999,999.99)."""

_IBAN = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}\Z")
_BIC = re.compile(r"[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\Z")
_LETTERS = {c: str(10 + i) for i, c in enumerate(string.ascii_uppercase)}


def check_iban(value: object) -> str:
    """An IBAN, without spaces and in capitals, if its check digits are right (ISO 13616: the
    number with its first four characters moved to the end, letters as 10 to 35, leaves 1 when
    divided by 97); else :class:`~schocken.errors.ClubError` saying what is wrong."""
    if not isinstance(value, str):
        raise refused(ClubError, "club_refuse_iban_kind")
    iban = "".join(value.split()).upper()
    if not _IBAN.match(iban):
        raise refused(ClubError, "club_refuse_iban_form", value=value.strip()[:40])
    digits = "".join(_LETTERS.get(c, c) for c in iban[4:] + iban[:4])
    if int(digits) % 97 != 1:
        raise refused(ClubError, "club_refuse_iban_check", iban=iban)
    return iban


def check_bic(value: object) -> str:
    """A BIC (8 or 11 characters), or ``""`` for none (within the EEA a transfer needs none)."""
    if value is None or value == "":
        return ""
    if not isinstance(value, str) or not _BIC.match(value.strip().upper()):
        raise refused(ClubError, "club_refuse_bic")
    return value.strip().upper()


def check_holder(value: object) -> str:
    """The account holder's name as a payload carries it: one line, at most 70 characters."""
    if not isinstance(value, str) or not " ".join(value.split()):
        raise refused(ClubError, "club_refuse_holder_blank")
    holder = " ".join(value.split())
    if len(holder) > MAX_HOLDER:
        raise refused(ClubError, "club_refuse_holder_long", most=MAX_HOLDER)
    return holder


def reference(club: str, member: str) -> str:
    """The transfer's reference: "Schockbuch <club> <member>", cut to 140 characters."""
    return " ".join(f"Schockbuch {club} {member}".split())[:MAX_REFERENCE]


def epc_payload(iban: str, holder: str, cents: int, text: str, bic: str = "") -> str:
    """The EPC069-12 (version 002, UTF-8) payload of a transfer of ``cents`` euro cents to
    ``holder``'s account ``iban`` with the reference ``text``."""
    if isinstance(cents, bool) or not isinstance(cents, int) or not 1 <= cents <= MAX_EPC_CENTS:
        raise refused(ClubError, "club_refuse_transfer_amount")
    lines = [
        "BCD",  # service tag
        "002",  # version
        "1",  # character set: UTF-8
        "SCT",  # SEPA credit transfer
        check_bic(bic),
        check_holder(holder),
        check_iban(iban),
        f"EUR{cents // 100}.{cents % 100:02d}",
        "",  # purpose code
        "",  # structured reference (none: the text below is used)
        " ".join(text.split())[:MAX_REFERENCE],
    ]
    return "\n".join(lines)


def draw_qr(payload: str, kind: str = "svg") -> bytes:
    """A QR code of ``payload`` (error correction level M, as EPC069-12 asks), as an SVG or
    PNG file's bytes; drawn by segno (the server extra)."""
    try:
        import segno
    except ImportError:
        raise refused(ClubError, "club_refuse_segno") from None
    import io

    out = io.BytesIO()
    code = segno.make(payload, error="m", boost_error=False, encoding="utf-8", micro=False)
    code.save(out, kind=kind, scale=6, border=4, dark="#111", light="#fff")
    return out.getvalue()


__all__ = ["check_bic", "check_holder", "check_iban", "draw_qr", "epc_payload", "reference"]
