"""One module per game family; each reads like its rule text.

Bräus, Fyrtioett, Norrandsknack, Rödskägg and Skitgubbe are split into a game module and
sibling modules (``braus_play``, ``rodskagg_femopp``, ...) that read the game module's tables,
state and helpers, while the game module imports its siblings last. That works only when the
game module is imported first; loading these five here, with the package, makes it so whatever
a caller imports first (``from rules_engine.games.rodskagg_femopp import check_call`` in a
fresh process). The whist, Schnapsen, 800 and Fan tan families need no such help: their
siblings never import the family module.
"""

from . import braus, fyrtioett, norrandsknack, rodskagg, skitgubbe  # noqa: F401
