"""No surface asks "which game is this?": the surfaces (``server``, ``lab``,
``rl``, ``cli``, ``bots``) read what a game declares (``Game``), so none names
a game, in a string (an id, a module path) or an import.

One kind of module may: a plug-in a game's declaration names
(``Game.plugins``: its heuristic, evaluation, tuning, scripted bots, encoding,
page script), and the modules of the same folder that only it imports (an
earlier version kept to measure against). Such a module is that game's own
code kept in the layer it depends on, and it may name that game only. A
docstring may name a game as an example; nothing else does."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

from courtly import games

SRC = Path(games.__file__).resolve().parent.parent
SURFACES = ("server", "lab", "rl", "cli", "bots")
TOKEN = re.compile(r"[A-Za-z0-9_-]+")


def _spellings(game_id: str) -> set[str]:
    return {game_id, game_id.replace("-", "_")}


NAMES = {g: _spellings(g) for g in games.ids()}
"""Every game's id and module spelling."""


def _module_file(module: str) -> Path:
    path = SRC.parent / Path(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _own_modules() -> dict[Path, str]:
    """Each plug-in module a game names, and what only it imports beside it: its game."""
    out: dict[Path, str] = {}
    for game in games.all_games():
        for ref in game.plugins.named().values():
            module = ref.partition(":")[0]
            if not module.startswith("courtly."):
                continue  # a game kept outside Courtly keeps its plug-ins there too
            path = _module_file(module)
            out[path] = game.id
            package = module.rpartition(".")[0]
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module:
                    beside = node.module.rpartition(".")
                    if beside[0] == package and beside[2] not in ("__init__",):
                        out[_module_file(node.module)] = game.id
        if game.plugins.page_script:
            out[SRC / "server" / "static" / game.plugins.page_script] = game.id
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
        # an attribute's docstring: a string statement right after an assignment
        for field in ("body", "orelse"):
            stmts = getattr(node, field, None)
            if isinstance(stmts, list):
                for before, after in itertools.pairwise(stmts):
                    if (
                        isinstance(before, ast.Assign | ast.AnnAssign)
                        and isinstance(after, ast.Expr)
                        and isinstance(after.value, ast.Constant)
                        and isinstance(after.value.value, str)
                    ):
                        out.add(id(after.value))
    return out


def _named(text: str) -> set[str]:
    """The games ``text`` names (a token equal to an id or module spelling)."""
    tokens = {t.lower() for t in TOKEN.findall(text)}
    return {g for g, spellings in NAMES.items() if tokens & spellings}


def _python_names(path: Path) -> dict[int, set[str]]:
    """Line -> games named there by a string (not a docstring) or an import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    out: dict[int, set[str]] = {}
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
        elif isinstance(node, ast.ImportFrom):
            text = " ".join([node.module or "", *(a.name for a in node.names)])
        elif isinstance(node, ast.Import):
            text = " ".join(a.name for a in node.names)
        if text and (found := _named(text)):
            out.setdefault(node.lineno, set()).update(found)
    return out


COMMENT = re.compile(r"/\*.*?\*/|<!--.*?-->|(?<![:\"'])//[^\n]*", re.S)


def _page_names(path: Path) -> dict[int, set[str]]:
    """Line -> games named there in a template or script, outside its comments."""
    text = COMMENT.sub(lambda m: "\n" * m.group().count("\n"), path.read_text(encoding="utf-8"))
    return {n: found for n, line in enumerate(text.splitlines(), 1) if (found := _named(line))}


def _surface_files() -> list[Path]:
    files: list[Path] = []
    for surface in SURFACES:
        files += sorted((SRC / surface).rglob("*.py"))
    files += sorted((SRC / "server" / "templates").glob("*.html"))
    files += sorted((SRC / "server" / "static").rglob("*.js"))
    return files


def test_no_surface_names_a_game() -> None:
    own = _own_modules()
    wrong = []
    for path in _surface_files():
        named = _python_names(path) if path.suffix == ".py" else _page_names(path)
        allowed = {own[path]} if path in own else set()
        for line, found in sorted(named.items()):
            if found - allowed:
                wrong.append(f"{path.relative_to(SRC)}:{line} names {', '.join(sorted(found))}")
    assert not wrong, "surfaces must read the game's declaration:\n" + "\n".join(wrong)


def test_the_check_finds_a_game_named_in_code_but_not_in_a_docstring(tmp_path: Path) -> None:
    module = tmp_path / "surface.py"
    module.write_text(
        '"""Example: courtly.games.get("garrison")."""\n'
        "from courtly.games.intrigue import cards\n"
        'if game.id == "crown-rivals":\n'
        '    help = "Game id, e.g. agents_of_the_crown; five court-intrigue games"\n',
        encoding="utf-8",
    )
    assert _python_names(module) == {
        2: {"intrigue"},
        3: {"crown-rivals"},
        4: {"agents-of-the-crown"},
    }


def test_the_check_reads_scripts_outside_their_comments(tmp_path: Path) -> None:
    script = tmp_path / "page.js"
    script.write_text(
        "/* Intrigue's cards\n * are drawn */\n"
        'if (game === "garrison") x(); // agincards\n'
        'const url = "https://example.org/agincards";\n',
        encoding="utf-8",
    )
    assert _page_names(script) == {3: {"garrison"}, 4: {"agincards"}}


def test_plug_ins_named_by_a_game_may_name_that_game_only() -> None:
    own = _own_modules()
    greedy = SRC / "bots" / "greedy" / "garrison.py"
    earlier = SRC / "bots" / "scripted" / "garrison_v1.py"
    assert own[greedy] == own[earlier] == "garrison"
    assert SRC / "bots" / "evaluation.py" not in own and SRC / "bots" / "tune.py" not in own


def test_the_engine_imports_nothing_above_it() -> None:
    """The engine is the bottom layer: no registry of games, no game, no surface."""
    above = ("courtly.games", *(f"courtly.{s}" for s in SURFACES))
    wrong = []
    for path in sorted((SRC / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                if any(name == m or name.startswith(m + ".") for m in above):
                    wrong.append(f"{path.relative_to(SRC)}:{node.lineno} imports {name}")
    assert not wrong, "\n".join(wrong)


def _runtime_imports(path: Path, package: str, siblings: set[str]) -> set[str]:
    """The modules of ``package`` (among ``siblings``) that ``path`` imports
    when run: at the top or inside a function, not for the type checker only."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == package:
                found.update(a.name for a in node.names)
            elif node.module.startswith(package + "."):
                found.add(node.module[len(package) + 1 :].split(".")[0])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found & siblings - {path.stem}


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Each cycle of ``edges`` found by a depth-first walk, as the modules on it."""
    cycles, done = [], set()

    def walk(node: str, path: list[str]) -> None:
        for nxt in sorted(edges[node]):
            if nxt in path:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in done:
                walk(nxt, [*path, nxt])
        done.add(node)

    for start in sorted(edges):
        if start not in done:
            walk(start, [start])
    return cycles


def test_a_games_modules_are_layers_without_cycles() -> None:
    """Inside a game's folder each module imports only modules below it
    (rules.py above its satellites: effects.py, round.py, spies.py, checks.py),
    even through an import hidden in a function."""
    wrong = []
    for folder in sorted(p for p in (SRC / "games").iterdir() if (p / "__init__.py").exists()):
        siblings = {p.stem for p in folder.glob("*.py")}
        package = f"courtly.games.{folder.name}"
        edges = {
            p.stem: _runtime_imports(p, package, siblings) for p in sorted(folder.glob("*.py"))
        }
        wrong += [f"{folder.name}: {' -> '.join(c)}" for c in _cycles(edges)]
    assert not wrong, "\n".join(wrong)


def test_the_cycle_check_sees_an_import_inside_a_function() -> None:
    edges = {"rules": {"effects"}, "effects": {"rules"}, "view": {"rules"}}
    assert _cycles(edges) == [["effects", "rules", "effects"]]
    assert _cycles({"rules": {"effects"}, "effects": set()}) == []
