"""A balance dossier in plain words (``docs/balance/<game>.md``), with its plots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from courtly.bots.levels import SEARCHING_LEVELS, split_budget
from courtly.lab import departures
from courtly.lab import dossier as data
from courtly.lab import dossierplots as plots
from courtly.lab.dossierplots import MEASURE_WORDS
from courtly.lab.findings import ALPHA
from courtly.lab.marked import plain
from courtly.lab.words import ch, changing_hands, edge_games, iv, plural, series


def write(d: data.Dossier, out: Path, command: str) -> Path:
    """Write ``out/<game>.md`` and its plots in ``out/<game>/``; returns the page."""
    g = d.game
    pics = out / g.id
    pics.mkdir(parents=True, exist_ok=True)
    fair = data.fairness(d)
    lengths = data.lengths(d)
    opts = data.options(d)
    moves = data.moves(d)
    late = data.late_players(d)
    plots.fairness(fair, pics / "fairness.png", g.name)
    targets = g.length_target if g.length_option else None
    plots.lengths(lengths, pics / "length.png", g.name, targets)
    option_plots = []
    if opts:
        for m in ("first_player_edge", "length"):
            if m == "first_player_edge" and not any(r["first"] for r in fair):
                continue
            name = f"options-{m}.png"
            plots.options(opts, pics / name, g.name, m)
            option_plots.append((m, name))
    unit = lengths[0]["unit"] if lengths else "decision"
    L: list[str] = [
        f"# {g.name}: a balance dossier",
        "",
        f"_{g.summary}_",
        "",
        "This dossier reports what simulated games of "
        f"{g.name} say about its balance, for its designer. Every game was played by "
        f"Courtly's `{d.bots}` bots (the game's greedy heuristic in every seat: sensible, "
        "quick, no bluffing or deals), so it shows how the rules treat steady, reasonable "
        "players, not experts. Every figure comes with its 95% interval in brackets: the "
        "range the true value lies in, given the games played.",
        "",
        _played(d) + " Made again exactly by:",
        "",
        f"    {command}",
        "",
        "## Who wins: seats and turn order",
        "",
        f"![Win share by turn order]({g.id}/fairness.png)",
        "",
    ]
    L += _fairness(fair)
    checked = data.check(d)
    if checked:
        L += ["", *_check(checked, d.bots, g.check_bot)]
    else:
        L += ["", _unchecked(d.bots, g.check_bot, command)]
    L += ["", "## How long a game lasts", "", f"![Length by player count]({g.id}/length.png)", ""]
    L += _lengths(lengths, unit, g.length_note)
    L += ["", "## Rulings and options: what each alternative changes", ""]
    L += _options(opts, option_plots, g.id)
    L += ["", "## Moves and cards the winners make", ""]
    L += _moves(moves, d.game.default_players)
    tuned = out / f"{g.id}-tune.md"
    if tuned.exists():
        title = tuned.read_text(encoding="utf-8").splitlines()[0].lstrip("# ")
        L += [
            "",
            "## A search for better numbers",
            "",
            f"`courtly lab tune` searched the numbers the designer may change: [{title}]"
            f"({tuned.name}).",
        ]
    asked = g.designer_questions
    L += ["", "## The designer's questions", ""]
    if not asked:
        L.append(
            "The rule text asks no question of its readers; the sections above are the "
            "feedback this dossier offers."
        )
        L.append("")
    caveat = _caveat(checked, d.bots, g.check_bot) if checked else ""
    for key, quote in asked:
        L += [f"> {quote}", ""]
        L += _answer(key, fair, lengths, opts, late, g, tuned if tuned.exists() else None, caveat)
        L.append("")
    L += [
        "## How to read this",
        "",
        "- **The first player** is whoever moves first (chosen as the rules say), not seat P0.",
        "- **A fair share** is 1 / players. **Clearly** means the run's test holds once "
        f"corrected for the number of tests it makes (Holm's method, p below {ALPHA}), or, "
        "for an alternative's change, that it is bold (below); a 95% interval alone that "
        "leaves out the fair share makes no finding.",
        f"- **Bold and italics** in the options' table: {BOLD[0].lower()}{BOLD[1:]}",
        "- **Decisiveness**: how late the eventual winner took the lead for good (0: led "
        "from the first decision; 1: only at the very end).",
        "- **Shared wins**: games the rules end in a tie for first.",
        "- A difference between two settings compares them game by game on the same deals.",
        "",
    ]
    page = out / f"{g.id}.md"
    page.write_text("\n".join(L), encoding="utf-8")
    return page


def _fairness(rows: list[dict[str, Any]]) -> list[str]:
    L = []
    for r in rows:
        n = r["players"]
        if n < 2:
            L.append(f"- {n} player: a solo game, with no one to be fair to.")
            continue
        if r["options"]:
            needs = ", ".join(f"{k}={v}" for k, v in r["options"].items())
            L.append(f"- {n} players need `{needs}`, played so at that count.")
        if r["first"] and r["first"].get("p0_first") == 1:
            L.append(f"- **{n} players** ({r['games']} games): {_one_order(r)}")
        elif r["first"]:
            fp = r["first"]
            orders = ", ".join(iv(o, pct=True) for o in fp["by_order"])
            L.append(
                f"- **{n} players** ({r['games']} games): the first player wins "
                f"{iv(fp['win_share'], pct=True)}, {_verdict(fp)}. By turn order: {orders}."
            )
        else:
            seats, verdict = _by_seat(r)
            L.append(f"- **{n} players** ({r['games']} games): by seat {seats}; {verdict}.")
        for f in r["findings"][:2]:
            L.append(f"  - {f}")
    return L


def _verdict(fp: dict[str, Any]) -> str:
    """The first player's win share against a fair share: more or less only
    where the run's corrected test says so, not its interval alone."""
    e, fair = fp["win_share"], fp["fair"]
    more = "more" if e["mean"] > fair else "less"
    share = f"a fair share ({100 * fair:.0f}%)"
    if data.confirmed(fp.get("p_holm")):
        return f"{more} than {share}"
    if e["low"] > fair or e["high"] < fair:
        return (
            f"not clearly {more} than {share}: its interval alone leaves the fair share out, "
            "the run's corrected test does not"
        )
    return f"about {share}"


def _one_order(r: dict[str, Any]) -> str:
    """A player count whose seat P0 always moves first, in one line, its
    seats being its places in turn order: who wins by seat, the first
    player's verdict, and the games that would change hands for it to be fair
    (the run's findings about the seats and the first player say no more)."""
    fp = r["first"]
    edge = fp["win_share"]["mean"] - fp["fair"]
    first = data.confirmed(fp.get("p_holm"))
    seats = ", ".join(f"P{i} {iv(s, pct=True)}" for i, s in enumerate(r["seats"]))
    said = (
        f"seat P0 always moves first, so the seats are the places in turn order: {seats}. "
        f"The first player wins {_verdict(fp)}"
    )
    if data.confirmed(r["seat_p"]):
        shares = [s["mean"] for s in r["seats"]]
        hands = changing_hands(shares, fp["fair"], edge if first else None)
        return plain(f"{said}. The seats are clearly unequal: {hands}.")
    if first:
        return plain(
            f"{said}: {edge_games(edge)}. The seats taken together are not clearly unequal."
        )
    return f"{said}. No seat is clearly favoured."


def _searches(bot: str) -> bool:
    """Whether the bot named ``bot`` searches: a level that takes a thinking
    time (``hard@600it``), or ``ismcts``."""
    return split_budget(bot)[0] in (*SEARCHING_LEVELS, "ismcts")


def _check(c: dict[str, Any], weak: str, check_bot: str) -> list[str]:
    bot = c["bot"]
    _, seconds, iterations = split_budget(bot)
    if not _searches(bot):
        how = "it does not search"
    elif iterations is not None:
        how = (
            f"it searches {iterations:,} iterations a move and no clock, so these games are "
            "the same on any machine"
        )
    elif seconds is not None:
        how = (
            "it thinks a fixed short time a move, so these games depend a little on the "
            "machine's speed"
        )
    else:
        how = "it thinks a fixed time a move"
    t = c.get("departures")
    L = [
        "**Checked with a stronger bot.** The text's rules were also played "
        + ("once" if c["games"] == 1 else f"{c['games']} times")
        + f" at {c['players']} players with the `{bot}` bot in every seat ({how}). "
        + (
            "It plays `normal`'s move unless its look-ahead finds a clearly better one: "
            + departures.note(f"`{bot}`", t)
            + "."
            if t
            else ""
        ),
        "",
    ]
    duel = c.get("duel")
    if duel and duel["stronger"]:
        L += [f"It is the stronger bot: {_duel(duel, bot, weak, c['fair'])}.", ""]
    blind = _blind(c, bot, weak, check_bot)
    said = {
        "agree": "the two agree",
        "apart": "**the two disagree**",
        "unsure": "the stronger bot does not confirm it (one is clearly away from a fair "
        "share, by its run's corrected test, the other not; its fewer games may be why)",
    }
    for r in c["rows"]:
        L.append(
            f"- {r['who']} wins {iv(r['weak'], pct=True)} with `{weak}` and "
            f"{iv(r['strong'], pct=True)} with `{bot}`: {said[r['verdict']]}."
        )
    if blind:
        end = (
            f"**This check is no check.** {blind} Until then, whether the findings above "
            "about who wins hold for stronger play is not known: the bot above may play "
            "no better than the dossier's."
        )
    elif c["disagree"]:
        end = (
            "Where they disagree, a finding above about who wins is doubtful: it may come "
            "from how the weaker bot plays rather than from the rules; trust the stronger "
            "bot's."
        )
    elif c["unsure"]:
        end = (
            "Where the stronger bot does not confirm a finding about who wins, hold it as "
            "likely but unproven for better players: more games with it would settle it."
        )
    else:
        end = (
            "They agree: as far as this check can tell, the findings above about who wins "
            f"at {c['players']} players are not an artefact of the `{weak}` bot's play."
        )
    if c["unchecked"]:
        end += (
            f" Only {c['players']} players were checked: the findings about who wins at "
            f"{series(c['unchecked'])} players were not."
        )
    return [*L, "", end]


def _unchecked(weak: str, check_bot: str, command: str) -> str:
    """The caution of a dossier made without a stronger bot's check."""
    return (
        "**Not checked with a stronger bot.** The findings above about who wins come from "
        f"the `{weak}` bot alone, and may come from how it plays rather than from the "
        f"rules. Before acting on one, check it with the game's stronger bot, `{check_bot}`: "
        f"`{command} --check-bots {check_bot} --check-n 100` plays the text's rules with "
        "it in every seat and says where the two disagree."
    )


def _played(d: data.Dossier) -> str:
    """The dossier's count of games, in the words a designer reads (counts with
    a thousands separator; seeds are names, written plain)."""
    check = f", and {d.runs['check'].n:,} to check with another bot" if "check" in d.runs else ""
    duel = _duel_games(d)
    against = f" and {duel:,} of that bot against `{d.bots}`" if duel else ""
    options = sum(1 for k in d.runs if k.startswith("option-"))
    again = (
        f" Of them {d.replayed:,} are the text's own games at {d.game.default_players} "
        "players played again, the same games, as the baseline of "
        + ("the one option" if options == 1 else f"each of the {options} options")
        + f" compared: {d.games_played - d.replayed:,} different games."
        if d.replayed
        else ""
    )
    return (
        f"**Games played: {d.games_played:,}** ({d.n:,} per setting and player count"
        f"{check}{against}, seeds {d.seed} to {d.seed + d.n - 1}, the same seeds for every "
        f"setting, so settings differ by their rules, not their deals).{again}"
    )


def _duel_games(d: data.Dossier) -> int:
    return sum(len(r.games) for k, r in d.runs.items() if k.startswith("duel-"))


def _duel(duel: dict[str, Any], bot: str, weak: str, fair: float) -> str:
    return (
        f"in {duel['n']} games with `{bot}` in one seat and `{weak}` in the others (each "
        f"seat in turn, on the same deals), `{bot}` won {iv(duel, pct=True)} of them, "
        f"where a fair share is {100 * fair:.0f}%"
    )


def _blind(c: dict[str, Any], bot: str, weak: str, check_bot: str) -> str:
    """Why the check cannot tell stronger play from the dossier's ('' when it
    can): the duel did not show the checking bot stronger, or, without a
    duel, it rarely left the heuristic's move; ``check_bot`` is the game's
    (``Game.check_bot``), suggested unless it is the one that played."""
    t = c.get("departures")
    duel = c.get("duel")
    if duel is None:
        if not t:
            return ""
        better = f"`--check-bots {check_bot}`" if bot != check_bot else "a larger budget"
        return departures.caution(
            bot,
            t,
            f'{better} (`docs/lab.md`, "Bots are not people", gives each game\'s share and '
            "cost by budget)",
            f"`{bot}`",
        )
    if duel["stronger"]:
        return ""
    how = f"it played worse than `{weak}`" if duel["weaker"] else "not clearly better"
    searching = split_budget(bot)[0] in SEARCHING_LEVELS  # takes more time: hard@SECONDS
    suggest = f", e.g. `--check-bots {check_bot}`" if bot != check_bot else ""
    more = f"Give it more time{suggest}" if searching else f"Check with a stronger bot{suggest}"
    return (
        f"`{bot}` is not shown to be the stronger bot: {_duel(duel, bot, weak, c['fair'])}, "
        f'{how}. {more} (`docs/lab.md`, "Bots are not people", gives each game\'s cost by '
        "budget)."
    )


def _lengths(rows: list[dict[str, Any]], unit: str, note: str) -> list[str]:
    L = [f"| players | setting | mean length ({plural(unit)}) | decisions |", "|---|---|---|---|"]
    for r in rows:
        label = "the text" if r["label"] == "baseline" else r["label"]
        L.append(f"| {r['players']} | {label} | {iv(r['length'])} | {iv(r['decisions'])} |")
    base = [r for r in rows if r["label"] in ("baseline", "length=quick")]
    if len(base) > 1:
        means = [r["length"]["mean"] for r in base]
        L += [
            "",
            f"With the text's default setting a game lasts from {min(means):.1f} to "
            f"{max(means):.1f} {plural(unit)} on average across player counts "
            f"(a spread of {max(means) - min(means):.1f}).",
        ]
    if note:
        L += ["", note]
    return L


def _options(opts: list[dict[str, Any]], pics: list[tuple[str, str]], game_id: str) -> list[str]:
    if not opts:
        return ["The game has no alternative rulings or choice options to compare."]
    L = [
        "Each option below settles a point where the rule text is unclear, or is a "
        "variant; each alternative was played against the text's reading on the same "
        "deals, at the default player count.",
        "",
    ]
    L += [f"![{MEASURE_WORDS[m]}]({game_id}/{name})" for m, name in pics]
    heads = " | ".join(MEASURE_WORDS[m] for m in data.COMPARED)
    L += [
        "",
        f"| alternative (the text: first value) | {heads} |",
        "|---|" + "---|" * len(data.COMPARED),
    ]
    for r in opts:
        cells = " | ".join(_cell(r, m) for m in data.COMPARED)
        L.append(f"| `{r['label']}` (text: `{r['text']}`) | {cells} |")
    strong = [r for r in opts if r["clear"]]
    likely = [r for r in opts if r["likely"] and not r["clear"]]
    idle = [r for r in opts if not r["clear"] and not r["likely"]]
    L += ["", BOLD]
    if strong:
        L += ["", "Alternatives that clearly change the game (bold above):", ""]
        for r in strong:
            what = ", ".join(MEASURE_WORDS[m] for m in r["clear"])
            also = ", ".join(MEASURE_WORDS[m] for m in r["likely"])
            more = f"; it likely changes the {also}, not proven (in italics)" if also else ""
            L.append(f"- `{r['label']}` changes the {what}{more}.")
            for f in r["findings"]:
                L.append(f"  - {f}")
    if likely:
        L += ["", "Alternatives that likely change the game, not proven (in italics above):", ""]
        for r in likely:
            what = ", ".join(MEASURE_WORDS[m] for m in r["likely"])
            L.append(f"- `{r['label']}` likely changes the {what}.")
            for f in r["findings"]:
                L.append(f"  - {f}")
    unused = [r for r in opts if r["never_arises"]]
    rare = [r for r in idle if 0 < r["differing"] < data.FEW_DIFFERING]
    idle = [r for r in idle if not r["never_arises"] and r not in rare]
    if unused:
        L += [
            "",
            "Alternatives whose games were the very same as the text's: the case they "
            "settle never arose in these games (the bots never met it), so the ruling "
            "decides nothing for them: " + ", ".join(f"`{r['label']}`" for r in unused) + ".",
        ]
    if rare:
        L += [
            "",
            "Alternatives whose games differed from the text's in too few deals to tell "
            "what they change (the case they settle rarely arose): "
            + ", ".join(f"`{r['label']}` ({r['differing']} of {r['games']:,} games)" for r in rare)
            + ".",
        ]
    if idle:
        L += [
            "",
            "Alternatives that make no clear difference to these measures (the ruling "
            "matters little to how the game plays, though it may to a table's arguments): "
            + ", ".join(f"`{r['label']}`" for r in idle)
            + ".",
        ]
    return L


BOLD = (
    "In bold, a change both the interval (each deal set against itself) and the run's own "
    "test of that measure show (the games as wholes, corrected for every test of the run: "
    f"Holm's method, p below {ALPHA}). In italics, a change the interval alone shows: the "
    "test does not separate it, so take it as likely, not proven; more games would settle it."
)
"""What the options' table marks, said beneath it and in "How to read this"."""


def _cell(r: dict[str, Any], measure: str) -> str:
    """An alternative's change in one measure: bold where it is a change, in
    italics where it is likely, not proven (``dossier.tested``)."""
    shown = ch(r["changes"][measure], measure)
    if measure in r["clear"]:
        return f"**{shown}**"
    return f"_{shown}_" if measure in r["likely"] else shown


def _moves(rows: list[dict[str, Any]], players: int) -> list[str]:
    if not rows:
        return ["Not measured."]
    L = [
        f"At {players} players: each kind of move, and each card as a kind of move names "
        "it, with how often a player who makes it at least once in a game wins it (moves "
        "every player makes in every game are left out). Clearly means the exact binomial "
        "test against a fair share holds once corrected for the number of moves compared "
        "(Holm's method). A move that goes with "
        "winning far above a fair share may be too strong, or simply what a winning "
        "position allows; one far below may be too weak, or a last resort. These are "
        "associations, not causes: a card only one side starts with, or a move only a "
        "player ahead can make, carries that side's or that lead's share of wins.",
        "",
        "| move | made per game | win share of players making it | |",
        "|---|---|---|---|",
    ]
    for r in rows[:15]:
        e = r["win_share"]
        mark = (
            ""
            if not r["clear"]
            else "clearly above a fair share"
            if e["mean"] > r["fair"]
            else "clearly below a fair share"
        )
        L.append(f"| `{r['move']}` | {r['per_game']:.1f} | {iv(e, pct=True)} | {mark} |")
    return L


def _by_seat(r: dict[str, Any]) -> tuple[str, str]:
    """A player count's win shares by seat, and whether they clearly differ."""
    seats = ", ".join(f"P{i} {iv(s, pct=True)}" for i, s in enumerate(r["seats"]))
    clear = data.confirmed(r["seat_p"])
    return seats, "the seats are clearly unequal" if clear else "no seat is clearly favoured"


def _caveat(c: dict[str, Any], weak: str, check_bot: str) -> str:
    """What the stronger bot's check says against the findings about who wins,
    for the answers to the designer's questions (which quote ``weak``'s
    figures): "" where it agrees, or where the check is no check."""
    if _blind(c, c["bot"], weak, check_bot):
        return ""
    games = f"{c['games']} game" + ("" if c["games"] == 1 else "s") + f" at {c['players']} players"
    apart = [r for r in c["rows"] if r["verdict"] == "apart"]
    unsure = [r for r in c["rows"] if r["verdict"] == "unsure"]
    said = []
    if apart:
        figures = "; ".join(f"{r['who']} wins {iv(r['strong'], pct=True)}" for r in apart)
        said.append(
            f"But with the stronger `{c['bot']}` in every seat ({games}), {figures}: the two "
            "bots disagree, so who wins may change with better play; more games with the "
            "stronger bot would settle it."
        )
    if unsure:
        who = ", ".join(r["who"] for r in unsure)
        said.append(
            f"The stronger `{c['bot']}` ({games}) does not confirm the figures for {who}: "
            "hold them as likely, not proven, for better players."
        )
    return " ".join(said)


def _changing(opts: list[dict[str, Any]]) -> tuple[str, str]:
    """The alternatives that change the game (bold in the options' table), and
    those that only likely do (in italics), as lists of names."""

    def names(rows: list[dict[str, Any]]) -> str:
        return ", ".join(f"`{o['label']}`" for o in rows)

    return names([o for o in opts if o["clear"]]), names(
        [o for o in opts if o["likely"] and not o["clear"]]
    )


def _answer(
    key: str,
    fair: list[dict[str, Any]],
    lengths: list[dict[str, Any]],
    opts: list[dict[str, Any]],
    late: dict[str, Any] | None,
    g: Any = None,
    tuned: Path | None = None,
    caveat: str = "",
) -> list[str]:
    """The answer to one of the designer's questions; ``caveat``: what the
    stronger bot's check says against the figures about who wins."""
    if key == "balance":
        r = fair[0]
        seats, verdict = _by_seat(r)
        changing, likely = _changing(opts)
        return [
            f"**Balance.** Over {r['games']} games the four Houses' seats win {seats}: "
            f"{verdict}. "
            + (f"{caveat} " if caveat else "")
            + (
                f"Of the rulings we had to make, these change the game clearly: {changing} "
                "(see above)."
                if changing
                else "None of the rulings we had to make changes the game clearly."
            )
            + (f" These likely change it, not proven: {likely}." if likely else "")
        ]
    if key == "turns" and late is not None:
        e, lt = late["earliest"], late["latest"]
        return [
            "**Playing without turns.** Courtly plays the seasons as the text says: every "
            "House chooses at once, and the table takes the choices in a random order, as if "
            "some players were quicker. A player who plays later may see cards played face "
            "up before. Over "
            f"{late['games']} games, the player who tended to play earliest won "
            f"{iv(e, pct=True)} and the one who tended to play latest {iv(lt, pct=True)} "
            f"(a fair share: {100 * late['fair']:.0f}%). "
            + (
                "Playing late clearly pays: waiting to see others' cards is an advantage the "
                "text may want to limit."
                if lt["low"] > e["high"]
                else "Playing early clearly pays."
                if e["low"] > lt["high"]
                else "Neither playing early nor late clearly pays, so with these players the "
                "free order is fair; whether people find it easy to follow is a question "
                "for a real table, not a simulation."
            )
        ]
    if key == "feedback":
        r = fair[0]
        fp = r["first"]
        head = "**Our feedback**, from simulated games: "
        parts = [
            head + _one_order(r)
            if fp and fp.get("p0_first") == 1
            else f"{head}the first player (the starting player) wins "
            f"{iv(fp['win_share'], pct=True)} against a fair {100 * fp['fair']:.0f}%."
            if fp
            else "",
        ]
        parts += [f"- {f}" for f in r["findings"][:3]]
        if caveat:
            parts.append(f"- {caveat}")
        changing, likely = _changing(opts)
        if changing:
            parts.append(f"- Rulings that change the game clearly: {changing}.")
        if likely:
            parts.append(f"- Rulings that likely change it, not proven: {likely}.")
        return [p for p in parts if p]
    if key == "length" and g is not None and g.length_option:
        setting = g.quick.get(g.length_option, "")
        quick = [r for r in lengths if r["label"] == f"{g.length_option}={setting}"]
        text = ", ".join(f"{r['players']}p {iv(r['length'])}" for r in quick)
        unit = plural(quick[0]["unit"]) if quick else "rounds"
        tune = (
            f", and [the tune]({tuned.name}) for a {setting} table whose length varies less "
            "with the number of players"
            if tuned is not None
            else ""
        )
        return [
            f"**The target table.** The {setting} targets give games of {text} {unit}. See "
            f"the plot above for every length{tune}."
        ]
    return []
