"""Builds Courtly: the compiled set (``courtly/build.py``) compiled with mypyc
where a C compiler is found, pure Python otherwise. Everything else about the
package is in pyproject.toml; the rules for compiled modules are in
docs/developing.md.

- ``COURTLY_PURE=1`` builds pure Python.
- An editable install (``pip install -e``, ``make install``) is always pure,
  so no compiled module ever stands beside the source it was built from.
- No C compiler (or no Python headers): one line says so, and the build is
  pure Python.
"""

from __future__ import annotations

import os
import runpy
import sys
import sysconfig
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
COMPILED: tuple[str, ...] = runpy.run_path(str(HERE / "src" / "courtly" / "build.py"))["COMPILED"]


def say(line: str) -> None:
    print(f"courtly: {line}", file=sys.stderr, flush=True)


def editable() -> bool:
    """Whether setuptools is making an editable install (PEP 660, or ``develop``)."""
    return any(arg in ("editable_wheel", "develop") for arg in sys.argv[1:])


def compiler_problem() -> str | None:
    """Why C extensions cannot be built here (None: they can): compiles a file
    that includes Python.h with the compiler setuptools would use."""
    try:
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler

        cc = new_compiler()
        customize_compiler(cc)
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp) / "probe.c"
            source.write_text("#include <Python.h>\nint courtly_probe(void) { return 0; }\n")
            cc.compile(
                [str(source)], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]]
            )
    except Exception as exc:  # any failure means: no working compiler
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return first
    return None


def building() -> bool:
    """Whether this run builds the package (not only its metadata, which pip
    asks for first: compiling then would be wasted)."""
    return any(arg in ("bdist_wheel", "build", "build_ext", "install") for arg in sys.argv[1:])


def ext_modules() -> list[Any]:
    if not building() or editable():
        return []  # metadata only, or the editable install: runs the source as edited
    if os.environ.get("COURTLY_PURE", "") not in ("", "0"):
        say("COURTLY_PURE is set: building pure Python")
        return []
    problem = compiler_problem()
    if problem is not None:
        say(f"no working C compiler ({problem}): building pure Python, which runs slower")
        return []
    from mypyc.build import mypycify

    paths = [str(Path("src", *m.split(".")).with_suffix(".py")) for m in COMPILED]
    say(f"compiling {len(paths)} modules with mypyc (COURTLY_PURE=1 skips this)")
    modules: list[Any] = mypycify(paths, opt_level="3", debug_level="0", multi_file=True)
    return modules


class BuildOnEveryCore(build_ext):
    """Compiles the C files of one extension side by side: mypyc puts most of
    the compiled set into one shared library of many files."""

    def build_extension(self, ext: Any) -> None:
        one_by_one = self.compiler.compile

        def compile(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            if len(sources) < 2:
                return one_by_one(sources, *args, **kwargs)
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                done = pool.map(lambda source: one_by_one([source], *args, **kwargs), sources)
                return [obj for objects in done for obj in objects]

        self.compiler.compile = compile
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = one_by_one


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildOnEveryCore})
