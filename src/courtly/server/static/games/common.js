/* Courtly: what every game's picture shares. Each game file registers
 * Games[id] = {board(ctx), hand(ctx), steps(action, obs), prompt(ctx),
 * seatExtra(ctx, seat)?, doneLabel(action)?, afterRender(ctx, el)?}.
 * doneLabel names the click that completes a move when more could follow
 * (null: "Do it: " and the move's words, as the game words it in Python).
 *
 * steps() turns one legal action into the clicks that choose it, each
 * {v: value, label: text, q: the question it answers, card: a code to draw}.
 * A value equal to an element's data-pick on the table makes that element
 * clickable while the value is a choice.
 */
"use strict";
(function () {
  const C = window.Cards;
  const cardText = (code) => {
    if (!C.isStandard(code)) return String(code);
    if (code[0] === "X") return "Joker";
    const r = code[0] === "T" ? "10" : code[0];
    return (code[1] === "H" || code[1] === "D") ? `[red]${r}${C.SUITS[code[1]]}[/]` : `${r}${C.SUITS[code[1]]}`;
  };
  const row = (codes, opts = {}) => (codes && codes.length)
    ? `<div class="cards-row">${codes.map((c) => C.face(c, { ...opts, pick: opts.pick === false || !c ? undefined : c })).join("")}</div>`
    : `<div class="cards-row empty">${C.esc(opts.empty || "none")}</div>`;
  const backs = (n, title) => `<div class="cards-row">${Array.from({ length: Math.min(n, 12) }, () => C.back({ small: true, title })).join("")}${n > 12 ? `<span class="more">+${n - 12}</span>` : ""}</div>`;
  const zone = (title, body, attrs = "") => `<section class="zone"${attrs}><h3>${title}</h3>${body}</section>`;
  /* The board of a game without a page script of its own, drawn from its
   * observation alone: every public zone of cards (a list of card codes, or of
   * [seat, card] pairs: a trick), each seat's numbers in one table, the other
   * facts in a line; anything else shown as it is. */
  const SHARED = new Set(["game", "seat", "players", "options", "decision", "to_act", "over", "winners", "scores", "hand_sizes", "hand"]);
  const title = (key) => key.replace(/_/g, " ").replace(/^./, (ch) => ch.toUpperCase());
  const isCard = (ctx, v) => typeof v === "string" && (C.isStandard(v) || Object.prototype.hasOwnProperty.call(ctx.cards || {}, v));
  const cardList = (ctx, v) => Array.isArray(v) && v.every((x) => isCard(ctx, x));
  const seatCard = (ctx, v) => Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && isCard(ctx, v[1]);
  const scalar = (v) => v === null || ["number", "boolean", "string"].includes(typeof v);
  const plain = (v) => v === null ? "–" : typeof v === "boolean" ? (v ? "yes" : "no") : String(v);
  const face = (ctx, code) => ctx.cards && ctx.cards[code] && C.printed ? C.printed(code, ctx.cards[code], { small: true }) : C.face(code, { small: true });

  function genericBoard(ctx) {
    const o = ctx.obs;
    const seats = [["score", o.scores], ["cards in hand", o.hand_sizes]];
    const facts = [];
    const zones = [];
    const at = (key) => ` data-zone="${C.esc(key)}"`;
    for (const [key, v] of Object.entries(o)) {
      if (SHARED.has(key)) continue;
      if (cardList(ctx, v)) {
        zones.push(zone(C.esc(title(key)), `<div class="cards-row">${v.length ? v.map((c) => face(ctx, c)).join("") : '<span class="empty">none</span>'}</div>`, at(key)));
      } else if (Array.isArray(v) && v.every((x) => seatCard(ctx, x))) {
        zones.push(zone(C.esc(title(key)), `<div class="cards-row">${v.map(([s, c]) => `<figure class="played">${face(ctx, c)}<figcaption>${C.esc(ctx.seatName(s))}</figcaption></figure>`).join("")}</div>`, at(key)));
      } else if (Array.isArray(v) && v.length === o.players && v.every((x) => cardList(ctx, x))) {
        zones.push(zone(C.esc(title(key)), v.map((cs, s) => `<h4>${C.esc(ctx.seatName(s))}</h4><div class="cards-row">${cs.map((c) => face(ctx, c)).join("") || '<span class="empty">none</span>'}</div>`).join(""), at(key)));
      } else if (Array.isArray(v) && v.length === o.players && v.every(scalar)) {
        seats.push([title(key).toLowerCase(), v]);
      } else if (scalar(v)) {
        facts.push(`${C.esc(title(key))} <b>${C.esc(plain(v))}</b>`);
      } else {
        zones.push(zone(C.esc(title(key)), `<pre class="raw">${C.esc(JSON.stringify(v, null, 1))}</pre>`, at(key)));
      }
    }
    const head = `<tr><th></th>${Array.from({ length: o.players }, (_, s) => `<th>${C.esc(ctx.seatName(s))}</th>`).join("")}</tr>`;
    const rows = seats.filter(([, vs]) => Array.isArray(vs)).map(([name, vs]) => `<tr><th>${C.esc(name)}</th>${vs.map((x) => `<td>${C.esc(plain(x))}</td>`).join("")}</tr>`).join("");
    return (facts.length ? `<p class="phase">${facts.join(" · ")}</p>` : "") +
      zone("Seats", `<table class="generic-seats"><thead>${head}</thead><tbody>${rows}</tbody></table>`, at("seats")) +
      zones.join("");
  }

  /* A move's words, one step each, but for the words every move now begins
   * with ("bid" of "bid 0" ... "bid 3"), which go with the next word. A card
   * held in the hand is picked there: the words before it go with it into one
   * step ("play QH"), unless another move names that card after other words. */
  function genericSteps(a, obs, legal) {
    const words = a.notation.split(" ");
    const others = (legal || []).map((l) => (l.action || l).notation.split(" "));
    let shared = 0;
    while (shared < words.length - 1 && others.every((ws) => ws.length > shared + 1 && ws[shared] === words[shared])) shared++;
    const prefix = (i) => words.slice(0, i + 1).join(" ");
    const label = (i) => (i === shared ? words.slice(0, i + 1) : [words[i]]).join(" ");
    const steps = words.map((w, i) => ({ v: prefix(i), label: label(i), q: "Next:" })).slice(shared);
    const at = words.findIndex((w) => C.isStandard(w) && (obs.hand || []).includes(w));
    if (at < 0) return steps;
    const card = words[at];
    const clash = others.some((ws) => {
      const i = ws.indexOf(card);
      return i >= 0 && ws.slice(0, i).join(" ") !== prefix(at - 1);
    });
    if (clash) return steps;
    const after = words.map((w, i) => ({ v: prefix(i), label: w, q: "Next:" })).slice(at + 1);
    return [{ v: card, card, label: `${words.slice(0, at).join(" ")} ${cardText(card)}`.trim(), q: "Which card?" }, ...after];
  }

  const generic = {
    board: genericBoard,
    hand: (ctx) => ctx.obs.hand ? zone("Your hand", row(ctx.obs.hand), ' data-zone="hand"') : "",
    steps: genericSteps,
    prompt: (ctx) => `choose (${ctx.obs.decision || "your move"})`,
  };
  window.Games = { generic };
  window.GameKit = { C, cardText, row, backs, zone, esc: C.esc };
})();
