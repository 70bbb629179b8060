"""Player names: kept as people read them, compared as people see them.

Two players at one table must be told apart by everyone looking at the protokoll. Names
that merely *look* alike would let one entry pass for another's (a second "Anna" whose ``A``
is Cyrillic, an "Anna" with a zero-width space, a "Bo" with a soft hyphen), so:

``clean(name)``
    what is stored and shown: Unicode NFKC (compatibility forms folded: full-width ``Ａ``
    is ``A``, the ligature ``ﬁ`` is ``fi``), with control characters and invisible ones —
    format characters such as the zero-width space, the soft hyphen and the bidi marks, the
    variation selectors, the Hangul fillers — removed, runs of white space made one space,
    and the ends trimmed. The stored name is this cleaned one (``POST /api/tables`` answers
    with it), so every phone, CSV and export shows the same letters.
``key(name)``
    what is compared: the confusables *skeleton* of Unicode Technical Standard #39 after
    case folding (``skeleton(casefold(skeleton(clean(name))))``). The skeleton maps every
    character to the prototype it is confused with (Cyrillic ``А`` → ``A``, ``0`` → ``O``,
    ``rn`` → ``m``), so two names with one key look alike. It comes from ICU, through PyICU
    (``icu.SpoofChecker.getSkeleton``): ICU keeps the Unicode confusables data current, and
    the package ``pyicu-wheels`` is PyICU built with ICU inside (PyPI's ``PyICU`` is only a
    source package needing ICU's C++ headers and a compiler).
``first_clash(names)``
    the first two positions whose names have one key, or None.

The price of the skeleton is that a few honest pairs count as alike too (``Kim`` and
``Kirn``; ``Ola`` and ``0la``): at one table they would be hard to read apart anyway, and the
players add an initial.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache

import icu

# Invisible, yet not in the categories Cc/Cf: combining grapheme joiner, Hangul fillers,
# Mongolian free variation selectors, variation selectors (Unicode's Default_Ignorable_Code_
# Point, less what Cc/Cf already hold).
_INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0"
    "\U000e0100-\U000e01ef]")
_SPACES = re.compile(r"\s+")
_local = threading.local()


@lru_cache(maxsize=8192)  # a tournament round cleans and compares the same names again
def clean(name: str) -> str:
    """The name as stored and shown (see the module's docstring)."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(ch if unicodedata.category(ch) not in ("Cc", "Cf") or ch in "\t\n\r"
                   else "" for ch in text)
    text = _INVISIBLE.sub("", text)
    text = unicodedata.normalize("NFKC", text)  # removing a character can make a new pair
    return _SPACES.sub(" ", text).strip()


def _skeleton(text: str) -> str:
    checker = getattr(_local, "checker", None)
    if checker is None:  # one per thread: ICU objects are not shared across threads here
        checker = _local.checker = icu.SpoofChecker()
    return checker.getSkeleton(0, text)


@lru_cache(maxsize=8192)
def key(name: str) -> str:
    """What two names are compared by: equal keys look alike."""
    return _skeleton(_skeleton(clean(name)).casefold())


def first_clash(names: list[str]) -> tuple[int, int] | None:
    seen: dict[str, int] = {}
    for index, name in enumerate(names):
        k = key(name)
        if k in seen:
            return seen[k], index
        seen[k] = index
    return None
