/* Intrigue: the circle of three Characters with the relationships between
 * them as arrows (left end to right end), their support stacks and tokens. */
"use strict";
(function () {
  const { C, zone, esc } = window.GameKit;
  const LETTERS = ["A", "B", "C"];
  const PAIRS = { AB: [0, 1], BC: [1, 2], CA: [2, 0] };
  const POS = [[260, 82], [432, 334], [88, 334]];

  const info = (ctx, code) => (ctx.cards.deck || {})[code];
  const charName = (ctx, x) => {
    const code = ctx.obs.characters[x];
    const ch = (ctx.cards.characters || {})[code];
    return ch ? ch.name : code;
  };

  function relationArrow(ctx, pair, r) {
    const [a, b] = PAIRS[pair];
    const mid = [(POS[a][0] + POS[b][0]) / 2, (POS[a][1] + POS[b][1]) / 2];
    if (!r) {
      return `<g class="rel empty" data-pick="${pair}"><line x1="${POS[a][0]}" y1="${POS[a][1]}" x2="${POS[b][0]}" y2="${POS[b][1]}"/>` +
        `<text x="${mid[0]}" y="${mid[1] - 6}" text-anchor="middle">${pair}: no relationship</text></g>`;
    }
    const from = POS[LETTERS.indexOf(r.left)], to = POS[LETTERS.indexOf(r.right)];
    const d = info(ctx, r.card) || { name: r.card, text: "" };
    const shrink = (p, q) => [p[0] + (q[0] - p[0]) * 0.22, p[1] + (q[1] - p[1]) * 0.22];
    const [x1, y1] = shrink(from, to), [x2, y2] = shrink(to, from);
    const ends = d.roles && d.roles[0] ? `${r.left} ${d.roles[0]}, ${r.right} ${d.roles[1]}` : `${r.left} ${fmt(d.ends[0])}, ${r.right} ${fmt(d.ends[1])}`;
    return `<g class="rel" data-pick="${pair}"><title>${esc(`${d.name}: ${r.left} → ${r.right} (${ends}). ${d.text}`)}</title>` +
      `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" marker-end="url(#arrow)"/>` +
      // the name above the line, who is who below it, both clear of the arrow
      `<text x="${mid[0]}" y="${mid[1] - 8}" text-anchor="middle" class="rel-name">${esc(d.name)} ${esc(r.left)}→${esc(r.right)}</text>` +
      `<text x="${mid[0]}" y="${mid[1] + 18}" text-anchor="middle" class="rel-ends">${esc(ends)}</text></g>`;
  }
  const fmt = (n) => (n > 0 ? `+${n}` : `${n}`);

  /* Where a Character's traits (line 0) and points (line 1) go: beneath B
   * and C, outside the triangle; beside A, whose underside the edges to B
   * and C leave from. */
  function outside(x, line) {
    const [cx, cy] = POS[x];
    if (x === 0) return `x="${cx + 64}" y="${cy - 4 + 16 * line}" text-anchor="start"`;
    return `x="${cx}" y="${cy + 72 + 15 * line}" text-anchor="middle"`;
  }

  function circle(ctx) {
    const o = ctx.obs;
    let svg = `<svg class="circle" viewBox="0 0 520 432" role="img" aria-label="The circle of Characters and their relationships">` +
      `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>`;
    ["AB", "BC", "CA"].forEach((p, i) => { svg += relationArrow(ctx, p, o.relationships[i]); });
    LETTERS.forEach((L, x) => {
      const [cx, cy] = POS[x];
      const code = o.characters[x];
      const ch = (ctx.cards.characters || {})[code] || { name: code, priority: "?", traits: [] };
      svg += `<g class="character char-${L}" data-pick="${L}"><title>${esc(`${L}: ${ch.name}, priority ${ch.priority}, ${ch.traits.join(", ")}`)}</title>` +
        // inside the circle: letter, name, priority; its traits and points beneath it
        `<circle cx="${cx}" cy="${cy}" r="56"/>` +
        `<text x="${cx}" y="${cy - 22}" text-anchor="middle" class="letter">${L}</text>` +
        `<text x="${cx}" y="${cy + 2}" text-anchor="middle" class="cname"${ch.name.length > 9 ? ' textLength="96" lengthAdjust="spacingAndGlyphs"' : ""}>${esc(ch.name)}</text>` +
        `<text x="${cx}" y="${cy + 22}" text-anchor="middle" class="small">priority ${ch.priority}</text>` +
        `<text ${outside(x, 0)} class="small outside">${esc(ch.traits.join(", "))}</text>` +
        `<text ${outside(x, 1)} class="small outside">points ${o.character_points[x]} · stack ${o.stacks[x].length}</text></g>`;
    });
    return svg + "</svg>";
  }

  /* Who placed a face-down card, in three characters on its back, told apart
   * at the table: "You", a name's first three letters, or where two seats
   * share those (two "Easy bot"s) its initial and seat: "E1", "E2". */
  function owner(ctx, seat) {
    const name = ctx.seatName(seat);
    const short = name.slice(0, 3);
    const clash = seat !== ctx.you && (ctx.names || []).some((_, j) => j !== seat && j !== ctx.you && ctx.seatName(j).slice(0, 3) === short);
    return clash ? `${name[0]}${seat}` : short;
  }

  function stacks(ctx) {
    const o = ctx.obs;
    return '<div class="stacks">' + LETTERS.map((L, x) => {
      const tokens = Object.entries(o.tokens).filter(([t]) => t[0] === L).map(([t, h]) =>
        `<span class="support-token${h === null ? " free" : ""}" data-pick="${esc(t)}" title="${h === null ? "free" : "held by " + esc(ctx.seatName(h))}">${esc(t)}${h === null ? "" : " · " + esc(ctx.seatName(h))}</span>`).join(" ");
      const cards = o.stacks[x].map((e) => e.card ? C.printed(e.card, info(ctx, e.card), { small: true, cls: e.up ? "" : "known-down", title: `${(info(ctx, e.card) || {}).name || e.card}, ${e.up ? "face up" : e.shown ? "face down (a Spy showed it to all)" : "face down (you know it)"}, by ${ctx.seatName(e.by)}` })
        : C.back({ small: true, title: `face down, by ${ctx.seatName(e.by)}`, label: owner(ctx, e.by) })).join("");
      return `<section class="zone stack char-${L}" data-pick="${L}"><h3>${L} · ${esc(charName(ctx, x))}</h3><p>Support tokens: ${tokens || "none"}</p><div class="cards-row">${cards || `<span class="hint">${ctx.over ? "no support" : "no support yet"}</span>`}</div></section>`;
    }).join("") + "</div>";
  }

  function board(ctx) {
    const o = ctx.obs;
    let html = `<p class="phase">Round ${o.round} of ${o.options.rounds} · deck ${o.deck_size}${o.effect ? ` · resolving ${esc(o.effect)}` : ""}${ctx.over ? " · game over" : ""}</p>`;
    html += `<div class="intrigue-board">${circle(ctx)}${stacks(ctx)}</div>`;
    const favors = o.favors_played.map((e) => `${esc(ctx.seatName(e.by))}: ${e.card ? esc(e.card.slice(-1)) : "?"}`).join(", ");
    html += `<p>Favors played (in order): ${favors || "none"} · unused Characters: ${esc(o.unused.map(words).join(", ") || "none")}${o.gone.length ? " · assassinated: " + esc(o.gone.map(words).join(", ")) : ""}</p>`;
    if (o.discard.length) html += zone("Discard pile", `<div class="cards-row">${o.discard.map((c) => C.printed(c, info(ctx, c), { small: true })).join("")}</div>`);
    if (o.round_log.length) {
      const last = o.round_log[o.round_log.length - 1];
      html += `<p class="last-season">Round ${last.round}: totals ${esc(Object.entries(last.totals).map(([k, v]) => `${k} ${v}`).join(", "))}; winner ${esc(last.winner)}${last.blackmail ? " (by Blackmail)" : ""}</p>`;
    }
    return html;
  }

  /* A card's whole text; a relationship says which end is which. */
  function cardText(d) {
    if (d.kind !== "relationship") return d.text;
    if (d.roles && d.roles[0]) return `a relationship, its left end the ${d.roles[0]}, its right end the ${d.roles[1]}. ${d.text}`;
    return `a relationship: its left end ${fmt(d.ends[0])}, its right end ${fmt(d.ends[1])}`;
  }

  function hand(ctx) {
    const o = ctx.obs;
    const cards = (o.hand || []).map((c) => C.printed(c, info(ctx, c), { pick: c })).join("");
    // A card's face holds five short lines; its whole text is written out here.
    const texts = (o.hand || []).map((c) => info(ctx, c)).filter(Boolean)
      .map((d) => `<li><b>${esc(d.name)}</b>: ${esc(cardText(d))}</li>`).join("");
    return zone("Your hand", `<div class="cards-row">${cards || '<span class="hint">empty</span>'}</div>` +
      (texts ? `<ul class="card-texts" aria-label="What your cards say">${texts}</ul>` : "") +
      `<p>Your Favors: ${esc((o.favors || []).map((f) => f.slice(-1)).join(", ") || "none")}</p>`);
  }

  const name = (code) => { const d = (window.Games.intrigue.cards.deck || {})[code]; return d ? d.name : code; };

  function steps(a) {
    const card = (q) => ({ v: a.card, label: name(a.card), q });
    const ch = (L, q) => ({ v: L, label: `Character ${L}`, q });
    switch (a.kind) {
      case "take": return [{ v: a.token, label: `Take the support token ${a.token}`, q: "" }];
      case "favor": return [{ v: "favor", label: "Play a Favor face down", q: "" }, ch(a.character, "For which Character?")];
      case "down": return [card("Which card?"), { v: "down", label: "Face down on a Character (secret support)", q: "How?" }, ch(a.character, "On which Character?")];
      case "up": return [card("Which card?"), { v: "up", label: "Face up on a Character, for its effect", q: "How?" }, ch(a.character, "On which Character?")];
      case "play": return [card("Which card?"), { v: "play", label: "Play this Action now", q: "How?" }];
      case "rel": return [card("Which card?"), { v: "rel", label: "Place it as a relationship", q: "How?" }, ch(a.left, "From which Character (its left end)?"), ch(a.right, "To which Character (its right end)?")];
      case "target": return [ch(a.character, "")];
      case "discard": return [{ v: a.card, label: `Discard ${name(a.card)}`, q: "" }];
      case "swap": return [{ v: a.token, label: `Give your token ${a.token}`, q: "" }, { v: a.their_token, label: `for their ${a.their_token}`, q: "Swap it for which opponent's token?" }];
      case "reverse": return [{ v: a.pair, label: `Reverse the ${a.pair} relationship`, q: "" }];
      case "move": return [{ v: a.pair, label: `Move the ${a.pair} relationship`, q: "" }, { v: a.to, label: `to the ${a.to} side`, q: "To which side of the circle?" }];
      default: return [{ v: a.notation, label: a.notation }];
    }
  }

  function prompt(ctx) {
    const o = ctx.obs;
    if (o.effect) return `resolve ${o.effect}: ${o.decision}.`;
    return "take a support token, play a Favor, or play a card from your hand (click it).";
  }

  function seatExtra(ctx, seat) {
    const held = Object.entries(ctx.obs.tokens).filter(([, h]) => h === seat).map(([t]) => t);
    return `<span class="seat-extra">hand ${ctx.obs.hand_sizes[seat]} · tokens ${esc(held.join(" ") || "none")} · Favors left ${ctx.obs.favors_left[seat]}</span>`;
  }

  /* Lines and moves name cards and Characters by their codes ("PUB4", "DUKE"):
   * players read their printed names ("Public Support", "Duke"). */
  function words(text) {
    const cards = window.Games.intrigue.cards;
    return text.replace(/\b[A-Z][A-Z_]{2,}\d*\b/g, (code) => {
      const d = (cards.deck || {})[code] || (cards.characters || {})[code];
      return d ? d.name : code;
    });
  }

  window.Games.intrigue = { board, hand, steps, prompt, seatExtra, words, owner, circle, cards: {} };
})();
