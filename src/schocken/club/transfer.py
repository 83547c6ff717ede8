"""Paying the club by bank transfer: the club's account (its IBAN checked as ISO 13616 says)
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
import unicodedata

from schocken.errors import ClubError
from schocken.texts import refused

MAX_HOLDER = 70
"""The account holder's name, at most (EPC069-12: the beneficiary's name, AT-21)."""
MAX_REFERENCE = 140
"""The transfer's reference text, at most (EPC069-12: unstructured remittance information)."""
MAX_EPC_CENTS = 99_999_999_999
"""The largest amount a payload can carry (EUR 999,999,999.99)."""
MAX_PAYLOAD = 331
"""The payload's bytes, at most (EPC069-12: QR code version 13 at error correction level M)."""

IBAN_LENGTHS: dict[str, int] = {
    # The length of an IBAN by its country, from the IBAN registry that SWIFT keeps as the
    # registration authority of ISO 13616 (the registry's countries; territories that use
    # another country's code, such as the Åland Islands with FI or Jersey with GB, are
    # left out: their IBANs start with that code).
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22,
    "BH": 22, "BI": 27, "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24,
    "DE": 22, "DJ": 27, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18,
    "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27,
    "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27,
    "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20,
    "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27,
    "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28,
    "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24, "SC": 31,
    "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25, "SV": 28,
    "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
}  # fmt: skip

SEPA_CHARACTERS = frozenset(
    string.ascii_letters
    + string.digits
    + " /-?:().,'+"  # EPC217-08: the Latin basic set
    + "ÄÖÜäöüß&*$%"  # what German banks carry besides (the DFÜ agreement's character set)
)
"""The characters a payload's names and texts may hold: the SEPA character set of the European
Payments Council (EPC217-08, the Latin basic set every bank in SEPA carries), with the umlauts,
ß and ``& * $ %`` that German banks carry too. A banking app may refuse or garble any other
character (a control character, a right-to-left override, a zero-width space, an emoji)."""

_SPELLED = {
    "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Ø": "O", "ø": "o", "Ł": "L", "ł": "l",
    "Đ": "D", "đ": "d", "Ð": "D", "ð": "d", "Þ": "Th", "þ": "th", "ẞ": "SS", "ı": "i",
    "‘": "'", "’": "'", "‚": "'", "“": "'", "”": "'", "„": "'", "«": "'", "»": "'", '"': "'",
    "–": "-", "—": "-", "‐": "-", "‑": "-", "_": "-", "…": "...", "·": ".", "€": "EUR",
    "#": "", "@": "", "!": ".", ";": ",", "=": "-", "[": "(", "]": ")", "{": "(", "}": ")",
}  # fmt: skip
"""Letters and marks outside :data:`SEPA_CHARACTERS` spelled in it (those with accents lose
them by their Unicode decomposition: é is e, č is c)."""

_IBAN = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}\Z")
_BIC = re.compile(r"[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\Z")
_LETTERS = {c: str(10 + i) for i, c in enumerate(string.ascii_uppercase)}


def check_iban(value: object) -> str:
    """An IBAN, without spaces and in capitals, if it is one (ISO 13616: a country of the IBAN
    registry, that country's length, and check digits that fit: the number with its first
    four characters moved to the end, letters as 10 to 35, leaves 1 when divided by 97); else
    :class:`~schocken.errors.ClubError` saying what is wrong."""
    if not isinstance(value, str):
        raise refused(ClubError, "club_refuse_iban_kind")
    iban = "".join(value.split()).upper()
    if not _IBAN.match(iban):
        raise refused(ClubError, "club_refuse_iban_form", value=value.strip()[:40])
    length = IBAN_LENGTHS.get(iban[:2])
    if length is None:
        raise refused(ClubError, "club_refuse_iban_country", country=iban[:2])
    if len(iban) != length:
        raise refused(
            ClubError, "club_refuse_iban_length", country=iban[:2], length=length, given=len(iban)
        )
    digits = "".join(_LETTERS.get(c, c) for c in iban[4:] + iban[:4])
    if int(digits) % 97 != 1:
        raise refused(ClubError, "club_refuse_iban_check", iban=iban)
    return iban


def check_bic(value: object) -> str:
    """A BIC (ISO 9362: four letters of the bank, two of its country, two letters or digits
    of the place, three of the branch or none), or ``""`` for none (EPC069-12 version 002:
    within the EEA a transfer needs none)."""
    if value is None or value == "":
        return ""
    if not isinstance(value, str) or not _BIC.match(value.strip().upper()):
        raise refused(ClubError, "club_refuse_bic")
    return value.strip().upper()


def _shown(chars: str) -> str:
    """Characters as words can show them: a visible one in quotes, any other by its code."""
    return ", ".join(
        f"'{c}'" if c.isprintable() and not c.isspace() else f"U+{ord(c):04X}" for c in chars
    )


def _space(c: str) -> bool:
    """A space as typed or pasted (a tab, a no-break space): run together into one space."""
    return c == "\t" or unicodedata.category(c) == "Zs"


def check_holder(value: object) -> str:
    """The account holder's name as a payload carries it: one line of at most 70 characters
    of :data:`SEPA_CHARACTERS` (spaces run together), else refused saying which characters a
    banking app would not take."""
    if not isinstance(value, str) or not " ".join(value.split()):
        raise refused(ClubError, "club_refuse_holder_blank")
    holder = " ".join(value.split())
    bad = "".join(dict.fromkeys(c for c in value if c not in SEPA_CHARACTERS and not _space(c)))
    if bad:
        raise refused(ClubError, "club_refuse_holder_characters", chars=_shown(bad))
    if len(holder) > MAX_HOLDER:
        raise refused(ClubError, "club_refuse_holder_long", most=MAX_HOLDER)
    return holder


def sepa_text(text: str) -> str:
    """``text`` in :data:`SEPA_CHARACTERS`: accents dropped (é is e), a few letters spelled
    (ø is o, æ is ae), quotes and dashes made plain, anything else (control characters,
    direction marks, zero-width spaces, emoji) left out; one line, spaces run together."""
    out: list[str] = []
    for c in text:
        if c in SEPA_CHARACTERS:
            out.append(c)
        elif c in _SPELLED:
            out.append(_SPELLED[c])
        elif c.isspace():
            out.append(" ")
        else:
            base = "".join(
                b for b in unicodedata.normalize("NFKD", c) if not unicodedata.combining(b)
            )
            out.append("".join(b for b in base if b in SEPA_CHARACTERS))
    return " ".join("".join(out).split())


def reference(club: str, member: str) -> str:
    """The transfer's reference: "Schockbuch <club> <member>" in :data:`SEPA_CHARACTERS`
    (:func:`sepa_text`), cut to 140 characters."""
    return sepa_text(f"Schockbuch {club} {member}")[:MAX_REFERENCE].rstrip()


def epc_payload(iban: str, holder: str, cents: int, text: str, bic: str = "") -> str:
    """The EPC069-12 (version 002, UTF-8) payload of a transfer of ``cents`` euro cents to
    ``holder``'s account ``iban`` with the reference ``text``: every field checked (the
    holder, IBAN and BIC refused in words, the reference put in :data:`SEPA_CHARACTERS` and cut
    so that the payload keeps to :data:`MAX_PAYLOAD` bytes)."""
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
    ]
    room = MAX_PAYLOAD - len("\n".join([*lines, ""]).encode())
    remittance = sepa_text(text)[:MAX_REFERENCE]
    while len(remittance.encode()) > room:
        remittance = remittance[:-1]
    lines.append(remittance.rstrip())
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


__all__ = [
    "IBAN_LENGTHS",
    "SEPA_CHARACTERS",
    "check_bic",
    "check_holder",
    "check_iban",
    "draw_qr",
    "epc_payload",
    "reference",
    "sepa_text",
]
