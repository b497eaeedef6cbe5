"""Garrison (2-6 seats): the encoding of an observation.

The chain is encoded link by link (a declared move at the bottom, then at most
the four spies, one per Ace, and the two Jokers above it), each with the move
it is: its kind, its cards in their roles and its target, read from the move's
notation. The pools of the hidden cards are the four newest, older ones merged
into the fourth (random games have never had more than four).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from courtly.cards import code
from courtly.games.garrison.actions import SPY_KINDS, THUG_MODES, parse
from courtly.rl.encoding import Writer

STATUS = ("standing", "partly rebuilt", "fallen")
LINKS = ("action", "spy", "joker")
MOVES = ("end", "upgrade", "trade", "besiege", "fend", "rebuild", "discard", *SPY_KINDS)
JOKER_FROM = ("market", "hand")
CHAIN = 1 + len(SPY_KINDS) + 2
"""The longest chain: a declared move, a spy for each Ace, both Jokers."""
POOLS = 4


def _link(w: Writer, k: int, link: Mapping[str, Any] | None, p: int) -> None:
    """Chain link ``k`` (bottom first; all zero when the chain is shorter)."""
    e = link or {}
    at = f"chain[{k}]"
    w.choice(f"{at}.link", e.get("kind"), LINKS, f"link {k} of the chain: what it is")
    w.onehot(f"{at}.by", e.get("by"), p, f"link {k}: who played it")
    what = e.get("what")
    move = parse(what) if what and e.get("kind") != "joker" and what != "void" else None
    w.flags(f"{at}.void", [what == "void"], f"link {k}: a declared move with nothing to do")
    w.choice(f"{at}.move", move and move.kind, MOVES, f"link {k}: its move's kind")
    w.card(
        f"{at}.card",
        _code(move.card if move else None),
        f"link {k}: the card it adds, gives or spends",
    )
    w.card(
        f"{at}.other",
        _code(move.other if move else None),
        f"link {k}: the card it takes or removes",
    )
    w.cards(
        f"{at}.pay", [_code(c) for c in (move.pay if move else ())], f"link {k}: cards paid or sent"
    )
    seat = move.target if move and move.kind in ("besiege", "agitate", "smuggle") else None
    w.onehot(f"{at}.target", seat, p, f"link {k}: the seat it is aimed at")
    mode = THUG_MODES[move.target] if move and move.kind == "thug" else None
    w.choice(f"{at}.thug", mode, THUG_MODES, f"link {k}: a Thug's mode")
    w.choice(f"{at}.joker", e.get("source"), JOKER_FROM, f"link {k}: where a Joker fired from")
    w.flags(
        f"{at}.state",
        [e.get("cancelled"), e.get("refill"), e.get("you_answered")],
        f"link {k}: cancelled; a market refill waits on it; you have answered its window",
    )
    w.number(
        f"{at}.answered", e.get("answered"), p, f"link {k}: seats its window has asked / seats"
    )


@cache
def _link_size(p: int, codes: int) -> int:
    """How many values a chain link takes at ``p`` seats."""
    w = Writer({str(i): i for i in range(codes)}, 1 << 12)
    _link(w, 0, None, p)
    return w.pos


def _code(card: int | None) -> str | None:
    return None if card is None or card < 0 else code(card)


def _pools(pools: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The newest ``POOLS`` pools, newest first, the older merged into the last."""
    newest = [dict(x) for x in reversed(pools)]
    if len(newest) > POOLS:
        kept, older = newest[: POOLS - 1], newest[POOLS - 1 :]
        merged = {
            "cards": [c for x in older for c in x["cards"]],
            "fresh": any(x["fresh"] for x in older),
            "deck": any(x["deck"] for x in older),
            "hands": [sum(h) for h in zip(*(x["hands"] for x in older), strict=True)],
        }
        newest = [*kept, merged]
    return newest


def write(w: Writer, obs: Mapping[str, Any]) -> None:
    p = obs["players"]
    w.onehot("seat", obs["seat"], p, "the viewer's seat")
    w.choice("decision", obs["decision"], ("turn", "reaction"), "the decision awaited")
    w.seats("to_act", obs["to_act"], p, "seats whose decision is awaited")
    w.onehot("current", obs["current"], p, "whose turn it is")
    w.number("target", obs["target"], 100, "the target score / 100")
    w.number("round", obs["round"], obs["options"]["max_rounds"], "round / round limit")
    w.number("turn", obs["turn"], 1000, "turn / 1000")
    win = obs["window"] or {}
    w.flags(
        "window", [bool(win), win.get("you_are_asked")], "a reaction window is open; you are asked"
    )
    w.onehot("window_by", win.get("by"), p, "who opened the window")
    chain = obs["chain"]
    w.number("chain", len(chain), CHAIN, f"links in the chain / {CHAIN}")
    for k in range(CHAIN):
        if k < len(chain) or w.parts is not None:  # the layout names every link's parts
            _link(w, k, chain[k] if k < len(chain) else None, p)
        else:
            w.pos += _link_size(p, len(w.vocab))  # a link beyond the chain: all zero
    w.number(
        "moves", obs["moves"], obs["options"]["max_moves"], "moves made this turn / move limit"
    )
    for i, keep in enumerate(obs["keeps"]):
        w.cards(f"court[{i}]", keep["court"], f"seat {i}'s court")
        w.cards(f"fallen[{i}]", keep["fallen"], f"seat {i}'s fallen court cards")
        w.cards(f"garrison[{i}]", keep["garrison"], f"seat {i}'s garrison")
        w.cards(f"besiegers[{i}]", keep["besiegers"], f"cards besieging seat {i}")
        w.seats(f"besieged_by[{i}]", keep["besieged_by"], p, f"seats besieging seat {i}")
        w.number(f"value[{i}]", keep["value"], 100, f"seat {i}'s keep value / 100")
        w.choice(f"status[{i}]", keep["status"], STATUS, f"seat {i}'s keep status")
    w.numbers("hand_sizes", obs["hand_sizes"], 10, "cards in each hand / 10")
    for i, known in enumerate(obs["known_in_hand"]):
        w.cards(f"known_in_hand[{i}]", known, f"cards known to be in seat {i}'s hand")
    for k in range(3):
        market = obs["market"]
        w.card(f"market[{k}]", market[k] if k < len(market) else None, f"market slot {k}")
    w.cards("discard", obs["discard"], "the discard pile")
    w.card("discard_top", obs["discard_top"], "the top of the discard pile")
    w.number("deck_size", obs["deck_size"], 54, "cards left in the deck / 54")
    pools = _pools(obs["pools"])
    for k in range(POOLS):
        pool = pools[k] if k < len(pools) else None
        at = f"pool[{k}]"
        w.flags(
            f"{at}.is",
            [pool, pool and pool["fresh"], pool and pool["deck"]],
            f"hidden-card pool {k} (newest first): there is one; it may hold unseen cards; "
            "the deck draws from it",
        )
        w.cards(f"{at}.cards", pool["cards"] if pool else (), f"pool {k}: its cards seen by all")
        w.numbers(
            f"{at}.hands",
            pool["hands"] if pool else [0] * p,
            10,
            f"pool {k}: unshown cards of each hand from it / 10",
        )
    w.numbers("scores", obs["scores"], 100, "each seat's score / 100")
    w.flags("over", [obs["over"]], "the game is over")
    w.cards("hand", obs.get("hand", ()), "the viewer's hand")
