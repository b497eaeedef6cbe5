/* Crown Rivals: each rival's Influence and spades in play, the market, and
 * this turn's plays, pooled damage and currency. */
"use strict";
(function () {
  const { C, cardText, row, zone, esc } = window.GameKit;
  const BONUS = { C: "Clubs: your opponent discards a card", D: "Diamonds: trash a card", H: "Hearts: draw a card", S: "Spades: remove an opponent's spade" };
  const play = (c, boost, value) => `<figure class="played">${C.face(c, { small: true, pick: c })}${boost ? C.face(boost, { small: true, title: `boosted by ${C.cardName(boost)}` }) : ""}<figcaption>= ${value}</figcaption></figure>`;

  function board(ctx) {
    const o = ctx.obs;
    let html = `<p class="phase">Turn ${o.turn}${o.options.turn_limit ? ` of at most ${o.options.turn_limit}` : ""} · ${ctx.over ? "game over" : `${esc(ctx.seatName(o.active))} to play`}</p>`;
    html += '<div class="rivals">';
    for (let s = 0; s < o.players; s++) {
      const inf = o.influence[s];
      html += `<section class="zone rival${s === o.active && !ctx.over ? " active" : ""}"><h3>${esc(ctx.seatName(s))}</h3>` +
        `<div class="influence" role="meter" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${inf}" aria-label="Influence"><span style="width:${Math.max(0, Math.min(100, inf))}%"></span><b>Influence ${inf}</b></div>` +
        `<p>hand ${o.hand_sizes[s]} · deck ${o.deck_sizes[s]} · discard ${o.discards[s].length}</p>` +
        `<h4>Spades in play</h4>${o.supporters[s].length ? `<div class="cards-row">${o.supporters[s].map(([c, b, v]) => play(c, b, v)).join("")}</div>` : '<div class="cards-row empty">none</div>'}</section>`;
    }
    html += "</div>";
    html += zone(`Market · ${o.market_deck} cards in the market deck`, `<div class="cards-row market">${o.market.map((c, i) => c ? `<figure class="buy">${C.face(c, { pick: c })}<figcaption>cost ${o.market_costs[i]}</figcaption></figure>` : C.back({ title: "empty slot" })).join("")}</div>`);
    const pending = Object.entries(o.bonuses).filter(([, n]) => n > 0).map(([s, n]) => `${n} × ${BONUS[s]}`);
    // at the end, the turn the game ended in (if it ended within one: a turn
    // ended clears what it played); nothing more will be played or claimed
    const none = ctx.over ? "nothing" : "nothing yet";
    if (!ctx.over || o.plays.length || o.cashed.length) html += zone(`${ctx.over ? "The last turn" : "This turn"} · ${esc(ctx.seatName(o.active))}`,
      `<div class="turn-stats"><span class="pool">Pooled damage <b>${o.pool}</b></span> <span class="currency">Currency <b>${o.currency}</b></span></div>` +
      `<h4>Played</h4>${o.plays.length ? `<div class="cards-row">${o.plays.map(([c, b, v]) => play(c, b, v)).join("")}</div>` : `<div class="cards-row empty">${none}</div>`}` +
      `<h4>Cashed</h4>${row(o.cashed, { small: true, pick: false, empty: none })}` +
      (ctx.over ? "" : `<p>Bonuses to claim: ${esc(pending.join("; ") || "none")}</p>`));
    if (o.trashed.length) html += zone("Trashed", row(o.trashed, { small: true, pick: false }));
    return html;
  }

  function hand(ctx) {
    const o = ctx.obs;
    return zone("Your hand", row(o.hand || [])) +
      `<details class="piles"><summary>Your draw pile (${o.deck.length}) and discard pile (${o.discards[o.seat].length})</summary>` +
      `<h4>Draw pile (order unknown)</h4>${row(o.deck, { small: true, pick: false })}<h4>Discard pile</h4>${row(o.discards[o.seat], { small: true })}</details>`;
  }

  function steps(a, obs) {
    const card = (q) => ({ v: a.card, card: a.card, label: cardText(a.card), q });
    switch (a.kind) {
      case "play": {
        const s = [card("Which card?"), { v: "play", label: "Play it for its ability", q: "What to do with it?" }];
        if (a.diamond) s.push({ v: a.diamond, card: a.diamond, label: `Boost it with ${cardText(a.diamond)}`, q: "Boost it with a diamond from your hand?" });
        return s;
      }
      case "cash": return [card("Which card?"), { v: "cash", label: "Cash it for currency", q: "What to do with it?" }];
      case "buy": {
        const i = obs.market.indexOf(a.card);
        return [card("Which card?"), { v: "buy", label: `Buy it (cost ${obs.market_costs[i]})`, q: "Buy this market card?" }];
      }
      case "trash": return [card("Which market card?"), { v: "trash", label: "Trash it from the market", q: "The Jack trashes it?" }];
      case "discard": return [card("Which card do you discard?"), { v: "discard", label: "Discard it", q: "Discard it?" }];
      case "clear": return [card("Which spade?"), { v: "clear", label: "Clear this spade with pooled damage", q: "Clear it?" }];
      case "bonus": {
        const s = [{ v: `bonus:${a.suit}`, label: `Claim the bonus of ${BONUS[a.suit]}`, q: "" }];
        if (a.card) s.push({ v: a.card, card: a.card, label: cardText(a.card), q: a.suit === "S" ? "Which of your opponent's spades?" : "Which card to trash (hand or discard pile)?" });
        return s;
      }
      case "pass": return [{ v: "pass", label: "Pass: trash nothing", q: "" }];
      case "end": return [{ v: "end", label: "End your turn", q: "" }];
      default: return [{ v: a.notation, label: a.notation }];
    }
  }

  function prompt(ctx) {
    const d = ctx.obs.decision;
    if (d === "jack_trash") return "your Jack may trash a market card: click it, or pass.";
    if (d === "discard") return "your opponent's Clubs bonus: discard a card from your hand.";
    return "play or cash cards from your hand, buy from the market, then end your turn.";
  }

  function doneLabel(a) { return a.kind === "play" ? "Play it without a boost" : null; }

  function seatExtra(ctx, seat) { return `<span class="seat-extra">Influence ${ctx.obs.influence[seat]}</span>`; }

  window.Games["crown-rivals"] = { board, hand, steps, prompt, doneLabel, seatExtra };
})();
