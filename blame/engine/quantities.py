"""A figure with its unit (`42.195 km`, `95 °F`, `12 percent`) is one value.

A step that turns `42.195 km` into `42.195 miles` wrote a new value, though the figure is the
tool's: where a final answer's quantity first appeared is where its unit did. Units are
compared in one spelling each (`km`, `kilometres`), so rewording one is no new value.
"""

from __future__ import annotations

import re

from blame.engine.figures import norm
from blame.graph import StepGraph
from blame.text import SCAN, compiled_on_use

_UNITS: dict[str, tuple[str, ...]] = {
    "km": ("km", "kms", "kilometer", "kilometers", "kilometre", "kilometres"),
    "m": ("m", "meter", "meters", "metre", "metres"),
    "cm": ("cm", "centimeter", "centimeters", "centimetre", "centimetres"),
    "mm": ("mm", "millimeter", "millimeters", "millimetre", "millimetres"),
    "mi": ("mi", "mile", "miles"),
    "ft": ("ft", "foot", "feet"),
    "in": ("inch", "inches"),
    "yd": ("yd", "yard", "yards"),
    "km2": ("km2", "km²", "square kilometers", "square kilometres"),
    "mi2": ("mi2", "mi²", "square miles"),
    "kg": ("kg", "kilogram", "kilograms", "kilo", "kilos"),
    "g": ("g", "gram", "grams"),
    "lb": ("lb", "lbs"),
    "oz": ("oz", "ounce", "ounces"),
    "t": ("tonne", "tonnes", "ton", "tons"),
    "l": ("liter", "liters", "litre", "litres"),
    "ml": ("ml", "milliliter", "milliliters", "millilitre", "millilitres"),
    "gal": ("gal", "gallon", "gallons"),
    "°c": ("°c", "° c", "ºc", "celsius", "degrees celsius", "degrees c"),
    "°f": ("°f", "° f", "ºf", "fahrenheit", "degrees fahrenheit", "degrees f"),
    "%": ("%", "percent", "per cent", "pct"),
    "usd": ("usd", "us dollars", "dollars"),
    "eur": ("eur", "euro", "euros"),
    "gbp": ("gbp",),
    "jpy": ("jpy", "yen"),
    "h": ("h", "hr", "hrs", "hour", "hours"),
    "min": ("min", "mins", "minute", "minutes"),
    "s": ("sec", "secs", "second", "seconds"),
    "day": ("day", "days"),
    "week": ("week", "weeks"),
    "month": ("month", "months"),
    "year": ("year", "years", "yr", "yrs"),
    "mph": ("mph", "miles per hour"),
    "km/h": ("km/h", "kmh", "kph", "kilometers per hour", "kilometres per hour"),
    "kwh": ("kwh",),
    "kb": ("kb",),
    "mb": ("mb",),
    "gb": ("gb",),
    "tb": ("tb",),
}
_CANON = {spelling: unit for unit, spellings in _UNITS.items() for spelling in spellings}
_SPELLINGS = sorted(_CANON, key=lambda s: (-len(s), s))
_quantity = compiled_on_use(
    r"(?<![\w.])(?P<figure>[-\u2212]?\$?\d[\d,]*(?:\.\d+)?)[ \t\u00a0]?(?P<unit>"
    + "|".join(re.escape(s).replace(r"\ ", r"[ \t\u00a0]") for s in _SPELLINGS)
    + r")(?![\w°/²])",
    re.IGNORECASE,
)


def quantities(text: str) -> dict[int, str]:
    """The quantities of `text` as written, by where each starts (its figure's offset)."""
    return {m.start(): m.group(0) for m in _quantity().finditer(text[:SCAN])}


def quantity_key(value: str) -> tuple[str, str] | None:
    """(figure, unit) of a value that is one quantity, each in one spelling; else None."""
    found = _quantity().fullmatch(value.strip())
    return None if found is None else _key(found)


def figure_of(value: str) -> str | None:
    """The figure of a value that is one quantity, as written (`30` of `30 EUR`); else None."""
    found = _quantity().fullmatch(value.strip())
    return None if found is None else found.group("figure")


def keyed(text: str) -> list[tuple[str, tuple[str, str]]]:
    """The quantities of `text` in order, each as written with its key (`quantity_key`):
    read off the one match, not matched again."""
    return [(m.group(0), _key(m)) for m in _quantity().finditer(text[:SCAN])]


def _key(found: re.Match[str]) -> tuple[str, str]:
    unit = re.sub(r"[ \t\u00a0]+", " ", found.group("unit").casefold())
    return norm(found.group("figure")), _CANON[unit]


def answer_units(task: str) -> set[str]:
    """The unit words a task asks its answer in (`seconds` of `Give the duration in
    seconds`): they say how the value is written, not which value it is."""
    asked = (" ".join(found[1].casefold().split()) for found in _in_unit().finditer(task[:SCAN]))
    return {word for unit in asked if unit in _CANON for word in unit.split()}


_in_unit = compiled_on_use(r"(?i)\bin[ \t]+(?:whole[ \t]+|full[ \t]+)?((?:square[ \t]+)?[a-z]+)\b")
"""Words after `in`: a unit the answer is asked in, when they are one (`in centimetres`, `in
whole minutes`, `in square kilometres`)."""


def units_by_figure(text: str) -> dict[str, dict[str, str]]:
    """The units `text` gives each figure (normalised, `norm`), in one spelling, each with
    how it was first written there."""
    found: dict[str, dict[str, str]] = {}
    for written, (figure, unit) in keyed(text):
        found.setdefault(figure, {}).setdefault(unit, written)
    return found


def units_of(text: str, figure: str) -> set[str]:
    """The units `text` gives the figure `figure` (normalised, `norm`) with, in one spelling."""
    if figure.lstrip("-")[-3:] not in text[:SCAN]:  # as `numbers` looks: most texts lack it
        return set()
    return set(units_by_figure(text).get(figure, ()))


def first_with_unit(flow: StepGraph, allowed: list[int], key: tuple[str, str]) -> int | None:
    """Where a quantity first appeared, when its figure had first been given another unit
    (`42.195 km` before `42.195 miles`): the step that changed the unit wrote a new value.
    None when the figure came first bare or with the same unit (a calculator's `1620`, then
    `1620.00 USD`): the figure alone is traced then, as any number is."""
    figure, unit = key
    other = False
    for index in allowed:
        units = units_of(flow.steps[index].output, figure)
        if unit in units:
            return index if other else None
        other = other or bool(units)
    return None
