/* Agents of the Crown: four Houses, the season's challenges, and the cards
 * committed beside them face up or face down. */
"use strict";
(function () {
  const { C, cardText, row, backs, zone, esc } = window.GameKit;
  const HOUSE = { C: "♣ Clubs", D: "♦ Diamonds", H: "♥ Hearts", S: "♠ Spades" };
  const sortCards = (codes) => [...codes].sort((a, b) => "CDHS".indexOf(a[1]) - "CDHS".indexOf(b[1]) || "23456789TJQKA".indexOf(a[0]) - "23456789TJQKA".indexOf(b[0]));

  function commitsAt(ctx, place) {
    const out = [];
    (ctx.obs.commits || []).forEach((c, seat) => {
      if (!c || c.at !== place) return;
      const who = ctx.seatName(seat);
      const pic = c.card ? C.face(c.card, { small: true, title: `${who}: ${C.cardName(c.card)} ${c.up ? "face up" : "face down (only you see it)"}` })
        : C.back({ small: true, title: `${who}: a face-down card` });
      out.push(`<figure class="commit ${c.up ? "up" : "down"}">${pic}<figcaption>${esc(who)}<br>${c.up ? "face up" : "face down"}</figcaption></figure>`);
    });
    return out.length ? `<div class="commits">${out.join("")}</div>` : "";
  }

  function board(ctx) {
    const o = ctx.obs;
    let html = `<p class="phase">Year ${o.year} of ${o.options.years}${o.season ? ` · ${esc(o.season)}` : ""}${o.decision === "pass" && !ctx.over ? " · passing cards" : ""} · season stacks left: ${(o.season_stacks || []).filter((n) => n).join(", ") || "none"}${ctx.over ? " · game over" : ""}</p>`;
    const challenges = Object.entries(o.challenges || {});
    html += '<div class="challenges">';
    for (const [suit, pile] of challenges) {
      html += zone(`${esc(HOUSE[suit])} challenge · value <b>${o.challenge_values[suit]}</b>`,
        row(pile, { small: true, pick: false }) + commitsAt(ctx, suit), ` data-pick="at:${suit}"`);
    }
    html += zone("The open table", commitsAt(ctx, "table") || (ctx.over ? '<p class="hint">No card here: the game is over.</p>' : '<p class="hint">No card here yet. Where a card is placed is only a signal (it may bluff): when all have played, each card works against the challenge of its own suit.</p>'), ' data-pick="at:table"');
    html += "</div>";
    if (o.strays && o.strays.length) html += zone("Strays (threats next season)", row(o.strays, { small: true, pick: false }));
    if (o.last_season) {
      const parts = Object.entries(o.last_season.challenges).map(([s, r]) => `${HOUSE[s]} ${r.value} vs ${r.defence}: ${r.defeated ? "✔ defeated" : "✘ not defeated (curses)"}`);
      if (parts.length) html += `<p class="last-season">Last season (${esc(o.last_season.season)}): ${esc(parts.join("; "))}</p>`;
    }
    return html;
  }

  function hand(ctx) {
    const o = ctx.obs;
    let extra = "";
    if (o.passed && o.passed.length) extra += `<p>You passed ${o.passed.map((c) => C.markup(cardText(c))).join(" ")} and received ${o.received.map((c) => C.markup(cardText(c))).join(" ")}.</p>`;
    if (o.my_pass) {
      const [, noble, common] = o.my_pass.split(" ");
      extra += `<p>You chose to pass ${C.markup(cardText(noble))} and ${C.markup(cardText(common))} to the left (waiting for the others).</p>`;
    }
    return zone(`Your hand · your House is ${esc(HOUSE[o.houses[o.seat]])}`, row(sortCards(o.hand || [])) + extra);
  }

  function steps(a) {
    if (a.kind === "pass") {
      return [
        { v: a.noble, card: a.noble, label: `${cardText(a.noble)} (Noble)`, q: "Pass which Noble (10 to King) to your left?" },
        { v: a.common, card: a.common, label: `${cardText(a.common)} (Common)`, q: "And which Common (2 to 9)?" },
      ];
    }
    const where = a.at === "table" ? "the open table" : `the ${HOUSE[a.at]} challenge`;
    return [
      { v: a.card, card: a.card, label: cardText(a.card), q: "Which card will you play?" },
      { v: a.up ? "up" : "down", label: a.up ? "Face up (everyone sees it now)" : "Face down (hidden until all have played)", q: "Face up or face down?" },
      { v: `at:${a.at}`, label: where, q: "Where will it show? (It counts for its own suit wherever it is placed.) Click a challenge or the open table." },
    ];
  }

  function prompt(ctx) {
    return ctx.obs.decision === "pass" ? "choose a Noble and a Common to pass to your left." : "play one card at a challenge or at the open table, face up or face down.";
  }

  function seatExtra(ctx, seat) {
    const o = ctx.obs;
    // each player's House, curses and prizes live on their seat: the seats are shown once
    const h = o.houses[seat];
    const prizes = o.prizes[seat].length ? o.prizes[seat].map((c) => C.markup(cardText(c))).join(" ") : "none";
    return `<span class="seat-extra">House ${esc(HOUSE[h])} · curses ${o.curses[h]} · hand ${o.hand_sizes[seat]}<br>prizes: ${prizes}</span>`;
  }

  /* The game's lines name a place by its letter ("face up at C"): players read
   * "face up at the ♣ challenge". */
  function words(text) {
    return text.replace(/\b(face (?:up|down)) at ([CDHS])\b/g, (_, face, s) => `${face} at the ${HOUSE[s].split(" ")[0]} challenge`)
      .replace(/\b(face (?:up|down)) at table\b/g, "$1 at the open table");
  }

  window.Games["agents-of-the-crown"] = { board, hand, steps, prompt, seatExtra, words };
})();
