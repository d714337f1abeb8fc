"""Great Western Trail: Second Edition as the registry's ``gwt-2e``: the same rules package as the
first edition, with the second edition's ``Edition`` (editions.SECOND) and its Simmental option."""

from gametable.engine import OptionSpec

from . import GreatWesternTrail
from .editions import SECOND

GAME = GreatWesternTrail(SECOND, "Great Western Trail: Second Edition", {
    "simmental": OptionSpec(
        "simmental", ("off", "on"), "off",
        "The Simmental variant: orange Calves in the cattle market, upgraded to Heifers and "
        "Cows in Kansas City"),
}, state_version=2)  # 2: three rules as the rulebook prints them (issue 28): old checkpoints unused
