/* Garrison: every keep (court, face-down hearts, garrison, besieging spades),
 * the market and discard pile, the chain waiting to resolve, and reaction
 * windows. A reaction prompt reads the same whether or not you hold an Ace, and
 * nothing here says who else is being asked. */
"use strict";
(function () {
  const { C, cardText, row, zone, esc } = window.GameKit;
  const STATUS = { standing: "✔ standing", "partly rebuilt": "◐ partly rebuilt", fallen: "✘ fallen" };
  const SPY = { agitate: "AS", smuggle: "AD", thug: "AC", seduce: "AH" };

  function keep(ctx, k, seat) {
    const o = ctx.obs;
    const by = [...new Set(k.besieged_by)].map((s) => ctx.seatName(s)).join(", ");
    const known = seat !== o.seat && o.known_in_hand[seat].length ? `<p>Known in hand: ${o.known_in_hand[seat].map((c) => C.markup(cardText(c))).join(" ")}</p>` : "";
    return `<section class="zone keep status-${esc(k.status.replace(" ", "-"))}${seat === o.current && !ctx.over ? " current" : ""}" data-pick="keep:${seat}">` +
      `<h3>${seat === o.seat ? "Your keep" : esc(ctx.seatName(seat)) + "'s keep"} · value <b>${k.value}</b> of ${o.target} · ${esc(STATUS[k.status] || k.status)}</h3>` +
      `<div class="keep-rows"><div><h4>Court (hearts)</h4>${row(k.court, { small: true, empty: "empty" })}</div>` +
      (k.fallen.length ? `<div><h4>Face-down hearts</h4>${row(k.fallen, { small: true, cls: "fallen" })}</div>` : "") +
      `<div><h4>Garrison (clubs)</h4>${row(k.garrison, { small: true, empty: "empty" })}</div>` +
      (k.besiegers.length ? `<div class="siege"><h4>⚔ Besieged by ${esc(by)}</h4>${row(k.besiegers, { small: true })}</div>` : "") +
      `</div><p class="hint">hand ${o.hand_sizes[seat]}</p>${known}</section>`;
  }

  function board(ctx) {
    const o = ctx.obs;
    // GAR-12's cap once it is in sight (fewer than 10 rounds away): the default 100 is a safety stop
    const cap = o.options.max_rounds - o.round < 10 ? ` (of at most ${o.options.max_rounds})` : "";
    let html = `<p class="phase">Round ${o.round}${cap} · target ${o.target} · ${ctx.over ? "game over" : `${esc(ctx.seatName(o.current))} to move`}</p>`;
    if (o.window) {
      const whose = o.window.by === ctx.you ? "your" : `${esc(ctx.seatName(o.window.by))}'s`;
      html += `<p class="window" role="status">⚡ A reaction window is open after ${whose} move: ${C.markup(ctx.polish(o.window.after, false))}.${o.window.you_are_asked ? " You may play a spy (an Ace) or pass." : ""}</p>`;
    }
    if (o.chain && o.chain.length) {
      html += zone("Waiting to resolve (newest last)", `<ol class="chain">${o.chain.map((e) => `<li>${esc(ctx.seatName(e.by))}: ${C.markup(ctx.polish(e.what, false))}${e.cancelled ? " <b>(cancelled)</b>" : ""}</li>`).join("")}</ol>`);
    }
    html += `<div class="keeps">${o.keeps.map((k, s) => keep(ctx, k, s)).join("")}</div>`;
    html += `<div class="market-row">` + zone("Market", row(o.market)) +
      zone(`Discard pile (${o.discard.length}) · top card`, o.discard_top ? C.face(o.discard_top, { pick: o.discard_top }) : '<p class="hint">empty</p>') +
      zone("Deck", C.back({ label: String(o.deck_size), title: `${o.deck_size} cards in the deck` })) + "</div>";
    if (o.discard.length > 1) html += `<details class="piles"><summary>The whole discard pile</summary>${row(o.discard, { small: true })}</details>`;
    return html;
  }

  function hand(ctx) { return zone("Your hand", row(ctx.obs.hand || [])); }

  function steps(a) {
    const card = (code, q) => ({ v: code, card: code, label: cardText(code), q });
    switch (a.kind) {
      case "end": return [{ v: "end", label: "End your turn (draw up to three)", q: "" }];
      case "pass": return [{ v: "pass", label: "Pass (no spy)", q: "" }];
      case "upgrade": return [card(a.card, "Which card?"), { v: "upgrade", label: "Add it to your keep", q: "What to do with it?" },
        ...a.with.map((d, i) => ({ ...card(d, i ? "And which diamond? (the last paid lands on top of the discard pile)" : "Pay with which diamonds?"), label: `pay ${cardText(d)}` }))];
      case "trade": return [card(a.give, "Which card?"), { v: "trade", label: "Trade it", q: "What to do with it?" },
        { ...card(a.take, "For which card? (market or the top of the discard pile)"), label: `for ${cardText(a.take)}` }];
      case "besiege": return [card(a.with[0], "Which card?"), { v: "besiege", label: "Besiege a keep with it", q: "What to do with it?" },
        { v: `keep:${a.target}`, label: `P${a.target}'s keep`, q: "Whose keep? Click it." },
        ...a.with.slice(1).map((s) => ({ ...card(s, "Add another spade?"), label: `and ${cardText(s)}` }))];
      case "fend": return [card(a.with, "Which card?"), { v: "fend", label: "Fend off a besieger with it", q: "What to do with it?" },
        { ...card(a.card, "Which besieging spade?"), label: `discard the besieger ${cardText(a.card)}` }];
      case "rebuild": return [card(a.with, "Which card?"), { v: "rebuild", label: "Spend it to rebuild a face-down heart", q: "What to do with it?" },
        { ...card(a.card, "Which face-down heart?"), label: `turn ${cardText(a.card)} face up` }];
      case "discard": return [card(a.card, "Which card?"), { v: "discard", label: "Discard it", q: "What to do with it?" }];
      case "agitate": return [card(SPY.agitate, "Which card?"), { v: "agitate", label: "Spy: agitate (a keep's besiegers are discarded)", q: "Play the spy?" },
        { v: `keep:${a.target}`, label: `P${a.target}'s keep`, q: "Whose keep?" }];
      case "smuggle": {
        const s = [card(SPY.smuggle, "Which card?"), { v: "smuggle", label: "Spy: smuggle a card from the discard pile into play", q: "Play the spy?" },
          { ...card(a.card, "Which discarded card?"), label: `smuggle ${cardText(a.card)}` }];
        if (a.target !== null && a.target !== undefined) s.push({ v: `keep:${a.target}`, label: `against P${a.target}'s keep`, q: "Against whose keep?" });
        return s;
      }
      case "thug": return [card(SPY.thug, "Which card?"), { v: `thug:${a.mode}`, label: a.mode === "cancel" ? "Spy: thug, cancel the last spy or Joker" : "Spy: thug, renew the market", q: "Play the spy?" }];
      case "seduce": return [card(SPY.seduce, "Which card?"), { v: "seduce", label: "Spy: seduce (discard a heart or club of a keep)", q: "Play the spy?" },
        { ...card(a.card, "Which card of a keep?"), label: `discard ${cardText(a.card)}` }];
      default: return [{ v: a.notation, label: a.notation }];
    }
  }

  function prompt(ctx) {
    const o = ctx.obs;
    if (o.window) return "a reaction window: play a spy (an Ace) or pass.";
    return "click a card in your hand to see what it can do, or end your turn.";
  }

  function doneLabel(a) { return a.kind === "smuggle" ? "Smuggle it into your own keep" : null; }

  function seatExtra(ctx, seat) { return `<span class="seat-extra">keep ${ctx.obs.keeps[seat].value} · hand ${ctx.obs.hand_sizes[seat]}</span>`; }

  window.Games.garrison = { board, hand, steps, prompt, doneLabel, seatExtra };
})();
