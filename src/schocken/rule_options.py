"""The rule options as players read them: every option of :class:`~schocken.rules.Rules` with
its group, kind, choices, defaults per preset, words (German or English, from the catalogue) and
where it is played (from :func:`~schocken.rule_sources.option_source` and
:func:`~schocken.rule_sources.regional_sources`). The web page's rules builder draws its form from
:func:`rule_options` alone, so no option is described anywhere else; :func:`said_value` and
:func:`differences` put a rule set's changes into words the way the page does.

>>> said_value("deckel_per_half", 15, "de")
'15 Deckel je Hälfte'
>>> said_value("opening", "high_die", "en")
'Opening: one die each, the highest opens'
>>> preset_line("tsv99", "en")
'TSV 99 – 14 Deckel per half'
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from schocken.errors import RulesError
from schocken.rule_docs import rules_to_toml
from schocken.rule_groups import GROUPS, ONLY_WITH, OPTIONS, is_read, option_choices, option_type
from schocken.rule_sources import (
    OPTION_SOURCES,
    apart,
    option_source,
    regional_sources,
    source_keys,
    source_where,
)
from schocken.rules import (
    DECKEL_RANGE,
    PRESETS,
    Rules,
    find_preset,
    parse_rules,
    rules_from_data,
    rules_to_data,
)
from schocken.texts import CATALOGUE, refusal_text, refused, said, t

MAX_CODE = 4000
"""A rule set's code (:func:`rules_code`) has at most this many characters; every rule set
the builder can make has far fewer (all 41 options changed: about 1,500)."""


def said_value(name: str, value: object, lang: str) -> str:
    """Option ``name`` set to ``value`` (a plain JSON value), in words that stand alone: a
    switch by its own phrase ("Jule (4-2-1) counts"), a number in its phrase ("15 Deckel per
    half"), a choice after the option's name ("Opening: one die each, the highest opens")."""
    kind = option_type(name)
    if kind == "bool":
        return t(f"option_{name}_{'on' if value else 'off'}", lang)
    if kind == "int":
        return t(f"option_{name}_n", lang, n=value)
    return t("option_said", lang, option=t(f"option_{name}", lang), value=choice(name, value, lang))


def choice(name: str, value: object, lang: str) -> str:
    """The words for one choice of option ``name``."""
    return t(f"option_{name}_{value}", lang)


def differences(rules: Rules, lang: str) -> list[str]:
    """What these rules change in their preset, option by option in the order of
    :data:`~schocken.rule_groups.GROUPS`, in words (options the engine does not read under them left
    out, as the builder hides them)."""
    changed = rules_to_data(rules)["overrides"]
    assert isinstance(changed, dict)
    return [
        said_value(name, changed[name], lang)
        for names in GROUPS.values()
        for name in names
        if name in changed and is_read(rules, name)
    ]


def preset_name(preset: str, lang: str) -> str:
    """A preset's name for people ("TSV 99", "Allgemeine Regeln")."""
    return t(f"preset_{preset}", lang)


def preset_line(preset: str, lang: str) -> str:
    """A preset's name and what sets it apart from the other presets
    (:func:`~schocken.rule_sources.apart`), in words."""
    rules = find_preset(preset)
    parts = [said_value(name, rules.to_dict()[name], lang) for name in apart(preset)]
    return t("preset_line", lang, preset=preset_name(preset, lang), apart="; ".join(parts))


def summary(rules: Rules, lang: str) -> str:
    """A rule set in one sentence: its preset and, if any, what it changes ("TSV 99, but:
    15 Deckel per half; Jule (4-2-1) counts.")."""
    name = preset_name(rules.preset if rules.preset in PRESETS else "custom", lang)
    changes = differences(rules, lang)
    if not changes:
        return t("rb_same", lang, preset=name)
    return t("rb_differs", lang, preset=name, changes="; ".join(changes))


def _option(name: str, group: str, lang: str) -> dict[str, Any]:
    kind = option_type(name)
    item: dict[str, Any] = {
        "name": name,
        "group": group,
        "type": kind,
        "label": t(f"option_{name}", lang),
        "help": t(f"option_{name}_help", lang),
        "defaults": {p: rules.to_dict()[name] for p, rules in PRESETS.items()},
        "only_with": {other: list(values) for other, values in ONLY_WITH.get(name, {}).items()},
        "sources": {
            "presets": {p: option_source(name, p, lang) for p in OPTION_SOURCES[name]},
            "elsewhere": regional_sources(name, lang),
            "keys": {key: source_where(key, lang) for key in source_keys(name)},
        },
    }
    if kind == "bool":
        item["said"] = {
            "true": said_value(name, True, lang),
            "false": said_value(name, False, lang),
        }
    elif kind == "int":
        item["min"], item["max"] = DECKEL_RANGE
        item["said"] = t(f"option_{name}_n", lang, n="{n}")
    else:
        item["values"] = [
            {"value": v, "label": choice(name, v, lang)} for v in option_choices(name)
        ]
    return item


def rule_options(lang: str) -> dict[str, Any]:
    """Everything a form of the rule options needs, in ``lang``: the presets (name, words, line,
    values), the groups in order with their options, and each option (kind, bounds or choices,
    label, help, how a value is said, defaults per preset, when it is read, sources)."""
    return {
        "lang": lang,
        "presets": [
            {
                "name": p,
                "label": preset_name(p, lang),
                "line": preset_line(p, lang),
                "values": {k: v for k, v in rules.to_dict().items() if k != "preset"},
            }
            for p, rules in PRESETS.items()
        ],
        "groups": [
            {"name": g, "label": t(f"rules_group_{g}", lang), "options": list(names)}
            for g, names in GROUPS.items()
        ],
        "options": {
            name: _option(name, group, lang) for group, names in GROUPS.items() for name in names
        },
        "order": list(OPTIONS),
    }


def rules_code(rules: Rules) -> str:
    """A rule set as a short text for a link (``/rules#CODE``): its data
    (:func:`~schocken.rules.rules_to_data`) as compact JSON in base64url, without padding.

    >>> rules_code(find_preset("tsv99").with_overrides({"jule": True}))
    'eyJwcmVzZXQiOiJ0c3Y5OSIsIm92ZXJyaWRlcyI6eyJqdWxlIjp0cnVlfX0'
    """
    text = json.dumps(rules_to_data(rules), separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def rules_of_code(code: object) -> Rules:
    """The rule set of a link's code (:func:`rules_code`); anything else is refused with a
    :class:`~schocken.errors.RulesError` beginning "the link" (in the catalogue's words)."""
    where = said("rules_where_link")
    if not isinstance(code, str) or not code or len(code) > MAX_CODE:
        raise refused(RulesError, "rules_code_bad", where=where)
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, RecursionError):
        raise refused(RulesError, "rules_code_bad", where=where) from None
    return rules_from_data(data, where)


def read_rules(data: object) -> Rules:
    """A rule set from what the builder sends: ``{"rules": {preset, overrides}}``,
    ``{"toml": house rules}`` or ``{"code": a link's code}``; refused with the engine's
    :class:`~schocken.errors.RulesError`."""
    if isinstance(data, dict):
        if "toml" in data and isinstance(data["toml"], str):
            return parse_rules(data["toml"], source=said("rules_where_toml"))
        if "code" in data:
            return rules_of_code(data["code"])
        if "rules" in data:
            return rules_from_data(data["rules"], None)
    raise refused(RulesError, "rules_check_what")


def refusal_in_words(exc: RulesError, lang: str) -> str:
    """The engine's refusal as the builder says it: an option named by its label in ``lang``
    ("Option 'Deckel je Hälfte' muss zwischen 1 und 999 liegen"), not by its key."""
    fields = dict(exc.fields)
    name = fields.get("name")
    if isinstance(name, str) and f"option_{name}" in CATALOGUE[lang]:
        fields["name"] = t(f"option_{name}", lang)
    reason = fields.get("reason")
    if isinstance(reason, RulesError):  # a refusal within a file's ("TOML: ...")
        fields["reason"] = refusal_in_words(reason, lang)
    return refusal_text(RulesError(str(exc), key=exc.key, **fields), lang)


def checked(rules: Rules, lang: str) -> dict[str, Any]:
    """What the builder shows of a rule set the engine accepts: its data, its TOML, its code
    for a link and, in words, what it changes in its preset. Rules made from the defaults of
    :class:`~schocken.rules.Rules` (preset "custom") are shown on the first preset, with what
    they change in it: the builder starts from a preset."""
    if rules.preset not in PRESETS:
        first = next(iter(PRESETS.values()))
        rules = first.with_overrides({k: v for k, v in rules.to_dict().items() if k != "preset"})
    return {
        "ok": True,
        "rules": rules_to_data(rules),
        "toml": rules_to_toml(rules),
        "code": rules_code(rules),
        "summary": summary(rules, lang),
        "changes": differences(rules, lang),
    }


__all__ = [
    "MAX_CODE",
    "checked",
    "choice",
    "differences",
    "preset_line",
    "preset_name",
    "read_rules",
    "refusal_in_words",
    "rule_options",
    "rules_code",
    "rules_of_code",
    "said_value",
    "summary",
]
