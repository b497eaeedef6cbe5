/* Courtly: what every game's picture shares. Each game file registers
 * Games[id] = {board(ctx), hand(ctx), steps(action, obs), prompt(ctx),
 * seatExtra(ctx, seat)?, doneLabel(action)?, afterRender(ctx, el)?}.
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
  const generic = {
    board: (ctx) => `<pre class="raw">${C.esc(JSON.stringify(ctx.obs, null, 1))}</pre>`,
    hand: (ctx) => ctx.obs.hand ? zone("Your hand", row(ctx.obs.hand)) : "",
    steps: (a) => a.notation.split(" ").map((w, i) => ({ v: a.notation.split(" ").slice(0, i + 1).join(" "), label: w, q: "Next:" })),
    prompt: (ctx) => `choose (${ctx.obs.decision || "your move"})`,
  };
  window.Games = { generic };
  window.GameKit = { C, cardText, row, backs, zone, esc: C.esc };
})();
