"""Intrigue: End of Round and End of Game, in the rule text's order.

Debt moves a random card from debtor to lender            (INT-9)
reveal every stack; totals = cards (trait values by slash) + relationship ends
winner: highest total, ties to the higher Priority; Blackmail overrides (INT-9)
one point token on the winner; players score their support tokens
end after the last round or a round leaving a player at 0 or less (INT-10)
else return tokens, reshuffle stacks and discard (relationships and Favors stay)
End of Game: the monarch by point tokens (ties: Priority); Favors in play order
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from courtly.engine.events import Event
from courtly.games.intrigue import cards as C
from courtly.games.intrigue.cards import PLAYERS, left_end, right_end

if TYPE_CHECKING:
    from courtly.games.intrigue.rules import IntrigueState


def find(s: IntrigueState, card: int) -> int:
    """The pair a relationship card lies on, or -1."""
    for p in range(3):
        if s.rel_card[p] == card:
            return p
    return -1


def totals(s: IntrigueState) -> list[int]:
    """Each letter's support: its stack's values for its character plus the
    relationship ends pointing at it (INT-4, INT-6)."""
    out = []
    for x in range(3):
        ch = s.chars[x]
        out.append(sum(C.support_value(c, ch) for c in s.stacks[x]))
    for p in range(3):
        c = s.rel_card[p]
        if c >= 0:
            lv, rv = C.DECK[c].ends
            out[left_end(s.rel_cw, p)] += lv
            out[right_end(s.rel_cw, p)] += rv
    return out


def leader(s: IntrigueState, values: list[int]) -> int:
    """The letter with the highest value, ties to the higher Priority."""
    return max(range(3), key=lambda x: (values[x], C.priority(s.chars[x])))


def end_round(s: IntrigueState) -> list[Event]:
    events: list[Event] = []
    summary: dict[str, Any] = {"round": s.round}
    # INT-9: Debt moves one card, at random, from the debtor to the lender.
    p = find(s, C.DEBT)
    if p >= 0:
        debtor, lender = left_end(s.rel_cw, p), right_end(s.rel_cw, p)
        if s.stacks[debtor]:
            i = s.rng.randrange(len(s.stacks[debtor]))
            card = s.stacks[debtor].pop(i)
            by = s.stack_by[debtor].pop(i)
            s.stack_up[debtor].pop(i)
            s.stack_shown[debtor].pop(i)
            s.stacks[lender].append(card)
            s.stack_by[lender].append(by)
            s.stack_up[lender].append(True)
            s.stack_shown[lender].append(False)
            value = C.support_value(card, s.chars[lender])
            summary["debt"] = {"from": C.LETTERS[debtor], "to": C.LETTERS[lender], "value": value}
            if not s.quiet:
                events.append(
                    Event(
                        "debt",
                        {"from": C.LETTERS[debtor], "to": C.LETTERS[lender], "card": C.CODES[card]},
                    )
                )
    # Reveal all support cards.
    for x in range(3):
        s.stack_up[x] = [True] * len(s.stacks[x])
        s.stack_shown[x] = [False] * len(s.stacks[x])
    if not s.quiet:
        stacks = {C.LETTERS[x]: [C.CODES[c] for c in s.stacks[x]] for x in range(3)}
        events.append(Event("reveal", {"stacks": stacks}))
    support = totals(s)
    winner = leader(s, support)
    summary["totals"] = {C.LETTERS[x]: support[x] for x in range(3)}
    summary["values"] = {
        C.LETTERS[x]: [C.support_value(c, s.chars[x]) for c in s.stacks[x]] for x in range(3)
    }
    summary["leader"] = C.LETTERS[winner]
    # INT-9: Blackmail then overrides the winner.
    p = find(s, C.BLACKMAIL)
    if p >= 0 and right_end(s.rel_cw, p) == winner:
        winner = left_end(s.rel_cw, p)
        summary["blackmail"] = True
    s.char_points[winner] += 1
    summary["winner"] = C.LETTERS[winner]
    summary["character"] = C.CODES[s.chars[winner]]
    # Points for support tokens: their value for the winner, -1 for any other.
    delta = [0] * PLAYERS
    for t in range(6):
        holder = s.tokens[t]
        if holder >= 0:
            delta[holder] += C.token_value(t) if C.token_letter(t) == winner else -1
    for seat in range(PLAYERS):
        s.points[seat] += delta[seat]
    summary["points"] = delta
    s.round_log.append(summary)
    if not s.quiet:
        events.append(Event("round_won", {**summary, "scores": list(s.points)}))
    if s.round >= s.options.rounds or min(s.points) <= 0:  # INT-10
        return events + end_game(s)
    return events + next_round(s)


def next_round(s: IntrigueState) -> list[Event]:
    """Tokens return; stacks and discard (and hands, INT-11) go back into the deck."""
    s.tokens = [-1] * 6
    if s.options.leftover_hands == "keep":
        remember_kept(s)
    for x in range(3):
        s.deck += s.stacks[x]
        s.stacks[x] = []
        s.stack_by[x] = []
        s.stack_up[x] = []
        s.stack_shown[x] = []
    s.deck += s.discard
    s.discard = []
    if s.options.leftover_hands == "return":
        for hand in s.hands:
            s.deck += hand
            hand.clear()
    if s.options.next_round_starts == "rotate":  # INT-13
        s.start = (s.start + 1) % PLAYERS
    else:
        s.start = (s.turn + 1) % PLAYERS
    return s.start_round()


def remember_kept(s: IntrigueState) -> None:
    """What each viewer knows, after the reveal, of the cards each other seat keeps
    into the next round (INT-11, leftover_hands=keep): they are among the cards the
    viewer has not seen. A seat also still holds what it owed from earlier rounds:
    at least ``n`` of the cards it kept then, less those it played since (all of
    them are seen now), are among the cards it keeps now."""
    for viewer in range(PLAYERS + 1):
        unseen = set(s.deck)
        for other in range(PLAYERS):
            if other != viewer:
                unseen.update(s.hands[other])
        known = s.kept[viewer]
        for other in range(PLAYERS):
            if other == viewer:
                continue
            played = set(s.played[other])
            clues = [(cards & unseen, n - len(played & cards)) for cards, n in known[other]]
            if s.hands[other]:
                clues.append((frozenset(unseen), len(s.hands[other])))
            known[other] = [(cards, n) for cards, n in clues if n > 0]


def end_game(s: IntrigueState) -> list[Event]:
    """The monarch has the most point tokens (ties: Priority). Favors in play order:
    the first for the monarch +3, each later one +1, each for another letter -1."""
    monarch = leader(s, s.char_points)
    favor = [0] * PLAYERS
    first = True
    for f in s.favors_played:
        seat, letter = divmod(f - C.FIRST_FAVOR, 3)
        if letter == monarch:
            favor[seat] += 3 if first else 1
            first = False
        else:
            favor[seat] -= 1
    before = list(s.points)
    for seat in range(PLAYERS):
        s.points[seat] += favor[seat]
    s.final = {
        "monarch": C.LETTERS[monarch],
        "character": C.CODES[s.chars[monarch]],
        "before_favors": before,
        "favors": favor,
    }
    s.finished = True
    s.pending.items.clear()
    if s.quiet:
        return []
    return [Event("game_over", {**s.final, "scores": list(s.points), "winners": s.winners})]
