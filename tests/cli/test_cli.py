"""The ``courtly`` command, driven as a user would drive it."""

from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from courtly.cli.app import app
from courtly.engine import text
from courtly.engine.records import read_records, replay
from courtly.games import all_games, get
from courtly.server.protocol import describe_game

runner = CliRunner()


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def test_games_lists_every_game() -> None:
    result = run("games")
    assert result.exit_code == 0
    assert "agents-of-the-crown" in result.stdout


def test_options_says_what_a_special_value_means() -> None:
    """``courtly games`` listed ``turn_limit: integer (default 200)``, never
    that 0 means no limit: ``courtly options GAME`` lists each option with its
    values, default and meaning, the words the web lobby shows."""
    said = runner.invoke(app, ["options", "crown-rivals"], env={"COURTLY_WIDTH": "400"})
    assert said.exit_code == 0, said.stdout
    row = next(line for line in said.stdout.splitlines() if "│ turn_limit " in line)
    cells = [c.strip() for c in row.strip("│ ").split("│")]
    assert cells[:3] == ["turn_limit", "integer from 0", "200"]
    assert "0 means no limit" in cells[3]
    lobby = next(
        o for o in describe_game(get("crown-rivals"))["options"] if o["name"] == "turn_limit"
    )
    assert cells[3] == lobby["description"]  # the same text as the lobby's
    # an option that may be none says what none is (the stacked deck: a shuffle)
    deck = next(line for line in said.stdout.splitlines() if "│ deck " in line)
    assert "none (the default): shuffled" in deck
    assert "courtly options GAME" in run("games").stdout  # the games list points to it


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_every_special_option_value_is_described(game: str) -> None:
    """An option whose 0 or none means something of its own (no limit, the
    text's table, a shuffle) says what, in the description both the lobby and
    ``courtly options`` show."""
    for name, allowed, _, meaning in get(game).Options.listing():
        assert meaning, f"{game}'s {name} says nothing of what it means"
        if "none" in allowed.split(" | "):
            assert "none" in meaning.lower(), f"{game}'s {name}: what none means"
        if allowed.startswith("integer from 0"):
            assert re.search(r"\b0\b", meaning), f"{game}'s {name}: what 0 means"


def test_rules_prints_the_rulings() -> None:
    result = run("rules", "agents-of-the-crown")
    assert result.exit_code == 0
    assert "AOC-9" in result.stdout


def test_a_commands_help_reflows_its_paragraphs_to_a_narrow_terminal() -> None:
    # Markdown help: a docstring's paragraph is wrapped to the terminal as one,
    # not at its source lines, which left a lone "fairness," at 80 columns.
    said = runner.invoke(app, ["lab", "dossier", "--help"], env={"COLUMNS": "80"})
    assert said.exit_code == 0
    lines = [line.strip() for line in said.output.splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith("It plays the runs"))
    paragraph = lines[start : lines.index("", start)]
    assert " ".join(paragraph).endswith("the moves winners make, and the designer's own questions.")
    assert all(len(line) > 40 for line in paragraph[:-1]), paragraph  # no ragged line


def test_a_whole_game_played_through_courtly_play(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    # Move 1 of the legal list at every decision: 20 decisions a Year.
    result = run(
        "play",
        "agents-of-the-crown",
        "--seats",
        "human,greedy,greedy,random",
        "--seed",
        "3",
        "--save",
        str(save),
        input="1\n" * 100,
    )
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    assert "Your hand" in out and "Challenges" in out
    assert (
        "Game over" in out and "Final scores" in out and ("Winner: " in out or "Winners: " in out)
    )
    record = read_records(save)[0]
    assert len(record.actions) == 80 and record.result is not None
    # the seats, for `courtly review` to show its search the table's bots
    assert record.meta["bots"] == [None, "greedy", "greedy", "random"]
    assert replay(record, get(record.game)).scores == record.result["scores"]


def test_bad_input_re_prompts_with_the_reason() -> None:
    result = run(
        "play",
        "agents-of-the-crown",
        "--seats",
        "human,random,random,random",
        "--seed",
        "1",
        "-o",
        "years=1",
        input="up ZZ\npass 2C 3C\nhelp\nmoves\n" + "1\n" * 30,
    )
    out = result.stdout
    assert result.exit_code == 0
    assert "is not a card" in out and "one Noble" in out
    assert "pass QS 4D" in out  # the notation help
    assert "Game over" in out


def test_hot_seat_shows_a_privacy_screen_between_humans() -> None:
    result = run(
        "play",
        "agents-of-the-crown",
        "--seats",
        "human,human,random,random",
        "--seed",
        "2",
        "-o",
        "years=1",
        input="1\n" * 80,
    )
    assert result.exit_code == 0
    assert "Pass the device to P1" in result.stdout and "Pass the device to P0" in result.stdout
    assert "Game over" in result.stdout


def test_quitting_or_running_out_of_input_abandons_cleanly() -> None:
    result = run("play", "agents-of-the-crown", "--seed", "2", input="quit\n")
    assert result.exit_code == 0 and "abandoned" in result.stdout
    result = run("play", "agents-of-the-crown", "--seed", "2", input="")
    assert result.exit_code == 0 and "abandoned" in result.stdout


def test_play_without_a_game_offers_a_menu() -> None:
    result = run("play", "--seed", "2", input="9\nagents-of-the-crown\nquit\n")
    assert "choose a game" in result.stdout
    assert "there is no game 9: type a number from 1 to 5, or an id" in result.stdout
    assert "Agents of the Crown" in result.stdout
    # each summary wraps under its game's name, not at the margin
    menu = result.stdout.split("choose a game", 1)[1].split("Bots:", 1)[0]
    lines = [line for line in menu.splitlines() if line.strip()]
    assert len(lines) > 10 and all(line.startswith("  ") for line in lines)
    assert "Garrison (garrison, 2-6 players)" in menu


def test_leaving_the_game_menu_is_a_clean_exit() -> None:
    """Ctrl-D at "game number or id:" printed a traceback ending in ``Quit``;
    ``quit`` there said "there is no game 'quit'"."""
    for typed in ("", "quit\n"):
        result = run("play", input=typed)
        assert result.exit_code == 0, result.output
        assert "No game chosen." in result.stdout and "Traceback" not in result.output
        assert "there is no game" not in result.stdout


def test_sim_reports_win_shares_with_intervals(tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    result = run(
        "sim",
        "agents-of-the-crown",
        "-n",
        "40",
        "--bots",
        "greedy,random,random,random",
        "--seed",
        "5",
        "--out",
        str(out),
    )
    assert result.exit_code == 0, result.stdout
    text = result.stdout
    assert "by seat" in text and "By bot" in text and "95% CI" in text
    assert "Game length" in text
    records = read_records(out)
    assert len(records) == 40 and records[0].meta["bots"][0] == "greedy"
    for r in records[:5]:
        assert replay(r, get(r.game)).scores == r.result["scores"]  # type: ignore[index]


def test_sim_in_parallel_gives_the_same_games(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    bots = "greedy,random,random,random"
    run("sim", "agents-of-the-crown", "-n", "30", "--bots", bots, "--out", str(a))
    run("sim", "agents-of-the-crown", "-n", "30", "--bots", bots, "--jobs", "2", "--out", str(b))
    assert a.read_text() == b.read_text()


def test_replay_steps_through_a_record(tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    run(
        "sim",
        "agents-of-the-crown",
        "-n",
        "1",
        "--bots",
        "random,random,random,random",
        "-o",
        "years=1",
        "--out",
        str(out),
    )
    result = run("replay", str(out), "--all")
    assert result.exit_code == 0
    assert "20/20" in result.stdout and "Final scores" in result.stdout
    result = run("replay", str(out), "--seat", "2", input="\n5\nend\n")
    assert result.exit_code == 0 and "5/20" in result.stdout and "Your hand" in result.stdout


def test_replay_shows_the_log_as_the_watching_seat_saw_it(tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    bots = "random,random,random,random"
    run("sim", "agents-of-the-crown", "-n", "1", "--bots", bots, "-o", "years=1", "--out", str(out))
    record = read_records(out)[0]
    passed = next(n for s, n in record.actions if s == 0 and n.startswith("pass"))
    watching = run("replay", str(out), "--seat", "2", "--all").stdout
    assert "You chose the cards to pass" in watching and "P0 chose the cards to pass" in watching
    # each move in words, as the hint and the browser's replay say it
    said = text.plain(get("agents-of-the-crown").parse_action(passed).words())
    assert said.startswith("Pass ") and said.endswith(" to the left")
    assert said not in watching  # P0's passed cards are not what seat 2 saw
    assert "Revealed:" in watching  # the log of the season, not only the moves
    everyone = run("replay", str(out), "--all").stdout
    assert f"P0: {said}" in everyone and "P2 chose the cards to pass" in everyone


def test_malformed_record_option_and_names_give_clear_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": "agents-of-the-crown", "seed": "x"}\n')
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert "not a Courtly game record" in result.stderr and "Traceback" not in result.stderr

    record = json.loads(
        '{"game":"agents-of-the-crown","version":1,"players":4,"options":{},"seed":1,'
        '"actions":[[0,"pass TC 2C"],[0,"jump"]]}'
    )
    bad.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(bad), "--all"])
    assert result.exit_code == 2 and "action 1 of the record" in result.stderr

    result = runner.invoke(app, ["play", "agents-of-the-crown", "-o", "colour=red"])
    assert result.exit_code == 2 and "unknown option 'colour'" in result.stderr
    assert "years" in result.stderr

    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2 and "agents-of-the-crown" in result.stderr

    result = runner.invoke(
        app, ["sim", "agents-of-the-crown", "--bots", "genius,random,random,random"]
    )
    assert result.exit_code == 2 and "no bot 'genius'" in result.stderr

    result = runner.invoke(app, ["play", "agents-of-the-crown", "--seats", "human,random"])
    assert result.exit_code == 2 and "is for 4 players; --seats names 2" in result.stderr

    result = runner.invoke(app, ["play", "intrigue", "--players", "4"])
    said = " ".join(result.stderr.split())
    assert result.exit_code == 2 and "is for 3 players; --players is 4" in said
    assert "--seats" not in said  # not given, so not named

    result = runner.invoke(app, ["replay", str(tmp_path / "missing.jsonl")])
    assert result.exit_code == 2 and "cannot read" in result.stderr


def test_bench_prints_the_figures() -> None:
    result = run("bench", "agents-of-the-crown", "--seconds", "0.2", "--runs", "1")
    assert result.exit_code == 0
    assert "µs/decision" in result.stdout and "µs/sample" in result.stdout
    assert "agents-of-the-crown" in result.stdout and "ISMCTS" in result.stdout
    assert "hard it/s" in result.stdout and "played" in result.stdout


def _games_but_agents() -> list[str]:
    from courtly.games import ids

    return [g for g in ids() if g != "agents-of-the-crown"]


@pytest.mark.parametrize("game_id", _games_but_agents())
def test_every_game_plays_to_the_end_at_the_terminal(game_id: str, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    # Move 1 of the legal list at every decision, against the game's greedy bot.
    result = run("play", game_id, "--seed", "4", "--save", str(save), input="1\n" * 4000)
    assert result.exit_code == 0
    assert "Game over" in result.stdout and (
        "Winner: " in result.stdout or "Winners: " in result.stdout
    ), result.stdout[-2000:]
    record = read_records(save)[0]
    assert record.result is not None
    assert replay(record, get(record.game)).scores == record.result["scores"]


def test_the_terminal_log_opens_with_the_deal_and_names_the_bots() -> None:
    result = run(
        "play", "intrigue", "--seats", "human,random,random", "--seed", "1", input="quit\n"
    )
    assert result.exit_code == 0
    out = result.stdout
    assert "· The Characters are " in out and "· You are dealt " in out
    assert re.search(r"· Round 1: (you|Random bot \(P[12]\)) to play first", out)
    assert "{P" not in out and "*" not in out


def test_the_terminal_log_of_garrison_reads_with_names_and_card_symbols() -> None:
    result = run(
        "play", "garrison", "--seats", "human,easy", "--seed", "1", input="1\n" * 6 + "quit\n"
    )
    assert result.exit_code == 0
    log = [line for line in result.stdout.splitlines() if line.startswith("  · ")]
    assert any(re.match(r"  · Easy bot trades \S+[♣♦♥♠] for \S+[♣♦♥♠]$", line) for line in log), log
    bare = re.compile(r"\bP\d\b(?!\))|\b[2-9TJQKA][CDHS]\b|\{|\[")
    assert not [line for line in log if bare.search(line)], log


def _commands(group: Any, ctx: Any) -> list[tuple[str, Any]]:
    """Every command under ``group`` (Typer's own click), by its full name."""
    out = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        out.append((name, command))
        if hasattr(command, "list_commands"):
            out += [(f"{name} {sub}", c) for sub, c in _commands(command, ctx)]
    return out


def test_every_command_s_line_in_the_help_lists_reads_as_one_sentence() -> None:
    """The help's list of commands shows each command's short help, line
    breaks kept (Typer's rich mode): a docstring's first paragraph wrapped in
    the source broke the line mid-sentence ("... hard, or by kind), or" then
    "hot seat with friends."). Each command gives its list line whole."""
    root = typer.main.get_command(app)
    commands = _commands(root, root.context_class(root))
    assert len(commands) > 10
    broken = []
    for name, command in commands:
        shown = command.short_help or command.help or ""
        if "\n" in inspect.cleandoc(shown).split("\n\n")[0]:
            broken.append(name)
    assert not broken, f"commands whose list line breaks mid-sentence: {broken}"


def test_python_dash_m_courtly_runs_the_command() -> None:
    """``python -m courtly`` is the ``courtly`` command (for an environment
    whose scripts are not on the path)."""
    done = subprocess.run(
        [sys.executable, "-m", "courtly", "games"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "garrison" in done.stdout


def test_a_tournament_says_when_its_seats_came_out_uneven() -> None:
    """Three bots at four seats sat 6, 8 and 10 times in 6 games, and only the
    seat-games column said so: a cycle of their seatings is 12 games."""
    uneven = run("tournament", "garrison", "--bots", "random,easy,normal", "-n", "6", "--jobs", "1")
    assert uneven.exit_code == 0, uneven.stdout
    said = " ".join(uneven.stdout.split())
    assert "Uneven seats:" in said and "-n 12 evens it" in said
    even = run("tournament", "crown-rivals", "--bots", "random,easy", "-n", "4", "--jobs", "1")
    assert even.exit_code == 0 and "Uneven" not in even.stdout


def test_save_adds_the_record_to_the_file_after_its_own(tmp_path: Path) -> None:
    save = tmp_path / "games.jsonl"
    first = run("play", "garrison", "--seats", "random,random", "--seed", "2", "--save", str(save))
    assert first.exit_code == 0 and f"Record saved to {save}" in first.stdout
    # the last line's newline lost (an editor's save): the next record still has its own line
    save.write_text(save.read_text().rstrip("\n"))
    second = run(
        "play", "intrigue", "--seats", "human,easy,easy", "--save", str(save), input="quit\n"
    )
    assert second.exit_code == 0
    said = " ".join(second.stdout.split())
    assert f"Record added to {save} after its 1 record" in said and "--index 1" in said
    records = read_records(save)
    assert [r.game for r in records] == ["garrison", "intrigue"]
    assert records[0].result is not None and records[1].result is None


def test_save_refuses_a_file_that_is_not_records_one_a_line(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    listed = tmp_path / "games.json"
    listed.write_text("[]\n")
    for path in (notes, listed):
        result = run("play", "garrison", "--seats", "random,random", "--save", str(path))
        said = " ".join(result.output.split())
        assert result.exit_code == 2
        assert "--save adds the game's record to a file of records, one a line" in said
        assert "give another file" in said and "Traceback" not in said
    assert notes.read_text() == "my notes\n" and listed.read_text() == "[]\n"


def test_replay_goes_back_and_forth_and_refuses_what_is_not_a_step(tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    run("sim", "garrison", "-n", "1", "--bots", "random,random", "--out", str(out))
    total = len(read_records(out)[0].actions)
    assert total > 12
    result = run("replay", str(out), "--seat", "0", input=f"10\n3\nabc\n{total + 1}\n\nq\n")
    assert result.exit_code == 0
    shown = re.findall(rf"(?<![\d/])(\d+)/{total} P", result.stdout)
    assert shown == ["10", "3", "4"]  # back to 3; the bad answers moved nothing; Enter: 4
    said = " ".join(result.stdout.split())
    assert "'abc' is not a step" in said and f"there is no step {total + 1}" in said
    assert f"a number 0 to {total}: go to that step" in said


def test_replay_of_a_game_left_unfinished_says_so(tmp_path: Path) -> None:
    save = tmp_path / "left.jsonl"
    run(
        "play",
        "garrison",
        "--seats",
        "human,normal",
        "--seed",
        "1",
        "--save",
        str(save),
        input="quit\n",
    )
    assert read_records(save)[0].result is None
    result = run("replay", str(save), "--seat", "0", "--all")
    assert result.exit_code == 0
    said = " ".join(result.stdout.split())
    assert "The game was left before its end" in said and "Scores when the game was left" in said
    assert "Final scores" not in said and "[" not in said.split("left before its end")[1]
