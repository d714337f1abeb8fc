"""Declared, validated game options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from gametable.engine.errors import InvalidOptions


@dataclass(frozen=True)
class OptionSpec:
    """One table option a game accepts: its allowed values and default.

    An option whose values are too many to list (a structured value, such as the seats Garth
    plays) names a ``check`` instead: it returns why a value is wrong, or None. Such an option
    is set by the engine's callers (the bot levels that need it), so ``lobby`` is False and the
    games list (``Game.describe``) leaves it out."""

    name: str
    choices: tuple[Any, ...]
    default: Any
    description: str
    check: Callable[[Any], str | None] | None = None
    lobby: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "choices": list(self.choices),
            "default": self.default,
            "description": self.description,
        }


def resolve_options(
    specs: Mapping[str, OptionSpec], options: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Fill in defaults and reject unknown names or values, naming what is allowed."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise InvalidOptions("options must be an object of name: value pairs")
    unknown = sorted(set(options) - set(specs))
    if unknown:
        raise InvalidOptions(
            f"unknown option(s) {', '.join(map(repr, unknown))}; "
            f"known options: {', '.join(sorted(specs)) or 'none'}"
        )
    resolved = {}
    for name, spec in specs.items():
        value = options.get(name, spec.default)
        if spec.check is not None:
            problem = spec.check(value)
            if problem is not None:
                raise InvalidOptions(f"option {name!r} cannot be {value!r}: {problem}")
            resolved[name] = value
            continue
        # Compare types too: `True == 1` in Python, and a bool must never pass for an int.
        if not any(type(c) is type(value) and c == value for c in spec.choices):
            raise InvalidOptions(
                f"option {name!r} cannot be {value!r}; choose one of "
                f"{', '.join(map(repr, spec.choices))}"
            )
        resolved[name] = value
    return resolved

