"""Everything public carries a docstring: help() is the first manual a user reads."""
import inspect

import solitaire_engine as se


def _undocumented():
    for name in se.__all__:
        obj = getattr(se, name)
        if not inspect.getdoc(obj):
            yield name
        if inspect.isclass(obj):
            for attr, value in vars(obj).items():
                if attr.startswith("_"):
                    continue
                target = value.fget if isinstance(value, property) else value
                if callable(target) and not getattr(target, "__doc__", None):
                    yield f"{name}.{attr}"


def test_every_public_name_and_method_has_a_docstring():
    assert list(_undocumented()) == []
