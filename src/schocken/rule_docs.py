"""The rules written out: a rule set as a house-rules TOML file (:func:`rules_to_toml`) and every
option with its sources and our readings as ``docs/rules.md`` (:func:`rules_markdown`).
"""

from __future__ import annotations

from schocken.catalogue import CATALOGUES
from schocken.rule_groups import GROUPS, ONLY_WITH
from schocken.rule_sources import SOURCES, option_source, regional_sources, source_where
from schocken.rules import ENUM_OPTIONS, PRESETS, Rules, plain_value, rules_to_data
from schocken.texts import t


def rules_to_toml(rules: Rules) -> str:
    """A rule set as house rules in TOML (:func:`~schocken.rules.parse_rules` reads it back):
    its preset and the options in which it differs from it.

    >>> from schocken.rules import find_preset
    >>> print(rules_to_toml(find_preset("tsv99").with_overrides({"jule": True})), end="")
    preset = "tsv99"
    jule = true
    """
    data = rules_to_data(rules)
    overrides = data["overrides"]
    assert isinstance(overrides, dict)
    lines = [f'preset = "{data["preset"]}"']
    lines += [f"{name} = {json_value(value)}" for name, value in overrides.items()]
    return "\n".join(lines) + "\n"


def readings(lang: str = "en") -> tuple[tuple[str, str], ...]:
    """Our readings where the texts are silent or leave room, beyond the options' own notes, in
    ``lang``: each one's title and text (the catalogue's ``rules_reading_NN``, in their order)."""
    count = sum(
        1
        for key in CATALOGUES["en"].group("texts")
        if key.startswith("rules_reading_") and not key.endswith("_title")
    )
    return tuple(
        (t(f"rules_reading_{n:02}_title", lang), t(f"rules_reading_{n:02}", lang))
        for n in range(1, count + 1)
    )


READINGS = readings()
"""Our readings, in English (docs/rules.md)."""


def rules_markdown(lang: str = "en") -> str:
    """The options of the rule set and the four presets, with sources, as Markdown, in ``lang``.

    In English (``docs/rules.md``) each option is described by its docstring in
    :class:`~schocken.rules.Rules`; in another language by the rules builder's words for it (its
    label and help in the catalogue), and a choice by its label.
    """
    presets = list(PRESETS)
    either = t("rules_md_or", lang)
    intro = t("rules_md_intro", lang, silent=t("source_silent", lang))
    lines = [
        f"# {t('rules_md_title', lang)}",
        "",
        *intro.split("\n"),
        "",
        f"| {t('rules_md_option', lang)} | " + " | ".join(f"`{p}`" for p in presets) + " |",
        "|---|" + "---|" * len(presets),
    ]
    groups = {group: t(f"rules_group_{group}", lang) for group in GROUPS}
    for group, names in GROUPS.items():
        lines.append(f"| **{groups[group]}** |" + " |" * len(presets))
        for name in names:
            values = [json_value(getattr(PRESETS[p], name)) for p in presets]
            lines.append(f"| `{name}` | " + " | ".join(f"`{v}`" for v in values) + " |")
    lines.append("")
    for group, names in GROUPS.items():
        lines.append(f"## {groups[group]}")
        lines.append("")
        for name in names:
            lines.append(f"### `{name}`")
            lines.append("")
            if lang == "en":
                lines.append(" ".join(_attribute_doc(Rules, name).split()))
            else:
                lines.append(f"{t(f'option_{name}', lang)}: {t(f'option_{name}_help', lang)}")
            lines.append("")
            if name in ONLY_WITH:
                needs = ", ".join(
                    f"`{other} = " + either.join(json_value(v) for v in values) + "`"
                    for other, values in ONLY_WITH[name].items()
                )
                lines.append(t("rules_md_only_with", lang, needs=needs))
                lines.append("")
            if name in ENUM_OPTIONS:
                for member in ENUM_OPTIONS[name]:
                    if lang == "en":
                        doc = " ".join(_attribute_doc(ENUM_OPTIONS[name], member.name).split())
                    else:
                        doc = t(f"option_{name}_{member.value}", lang)  # rule_options.choice
                    lines.append("- " + t("rules_md_choice", lang, value=member.value, doc=doc))
                lines.append("")
            for p in presets:
                value = json_value(getattr(PRESETS[p], name))
                lines.append(f"- `{p}` = `{value}`: {option_source(name, p, lang)}")
            lines.append("- " + t("rules_elsewhere", lang, sources=regional_sources(name, lang)))
            lines.append("")
    lines.append(f"## {t('rules_md_readings', lang)}")
    lines.append("")
    for title, text in readings(lang):
        lines.append(f"- **{title}.** {text}")
    lines.append("")
    lines.append(f"## {t('rules_md_sources', lang)}")
    lines.append("")
    lines.append(t("rules_md_sources_intro", lang))
    lines.append("")
    for key in SOURCES:
        lines.append(f"- `{key}`: {source_where(key, lang)}")
    lines.append("")
    return "\n".join(lines)


def json_value(value: object) -> str:
    """An option's value as TOML/JSON text."""
    plain = plain_value(value)
    if isinstance(plain, bool):
        return "true" if plain else "false"
    if isinstance(plain, str):
        return f'"{plain}"'
    return str(plain)


def _attribute_doc(cls: type, name: str) -> str:
    """The docstring written under an attribute (an option, an enum member) in a class body."""
    import ast
    import inspect

    node = ast.parse(inspect.getsource(cls)).body[0]
    assert isinstance(node, ast.ClassDef)
    body = node.body
    for i, node in enumerate(body):
        target: ast.expr
        if isinstance(node, ast.AnnAssign):
            target = node.target
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        else:
            continue
        if isinstance(target, ast.Name) and target.id == name and i + 1 < len(body):
            doc = body[i + 1]
            if isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant):
                return str(doc.value.value)
    return ""
