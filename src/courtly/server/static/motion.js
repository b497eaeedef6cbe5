/* Courtly: motion on the table. Before a redraw the page notes where each card
 * is (by its code, so a card keeps its identity from the hand to the table) and
 * what each zone shows; after it, a card that changed place glides from where it
 * was (FLIP), a card that was not there turns up, and the zones and seats that
 * changed glow for a moment.
 *
 * With prefers-reduced-motion nothing moves: the changed parts are outlined for
 * the same moment instead. body[data-animations] counts the animations started
 * by the last move (for tests, and for anyone curious). */
"use strict";
(function () {
  const CARDS = "#board [data-card], #hand-area [data-card]";
  const ZONES = "#board .zone, #board .cell.filled, #board .house, #board .rival, #hand-area .zone, #seats .seat";
  const GLOW_MS = 1600;

  const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  /* Where a card lies: its map cell, else its zone's title (without its counts),
   * else the part of the page. */
  function placeOf(el) {
    const cell = el.closest("[data-cell]");
    if (cell) return `cell ${cell.dataset.cell}`;
    const zone = el.closest(".zone, figure, .commit");
    const head = zone && zone.querySelector("h3, figcaption");
    const part = el.closest("section[id]");
    return `${part ? part.id : ""}|${head ? head.textContent.replace(/\d+/g, "#") : ""}|${zone && zone.className}`;
  }

  function zoneKey(el) {
    if (el.dataset.seat !== undefined) return `seat ${el.dataset.seat}`;
    if (el.dataset.cell !== undefined) return `cell ${el.dataset.cell}`;
    const head = el.querySelector("h3, b");
    return `${el.className}|${head ? head.textContent.replace(/\d+/g, "#") : ""}`;
  }

  function zoneContent(el) {
    if (el.dataset.seat !== undefined) {
      const score = el.querySelector(".seat-score");
      return `${score ? score.textContent : ""}|${el.classList.contains("awaited")}`;
    }
    const codes = [...el.querySelectorAll("[data-card]")].map((c) => c.dataset.card).join(",");
    return `${el.textContent.replace(/\s+/g, " ")}|${codes}`;
  }

  function keyed(nodes) {
    const seen = {};
    return nodes.map((el) => {
      const code = el.dataset.card;
      seen[code] = (seen[code] || 0) + 1;
      return [`${code}#${seen[code]}`, el];
    });
  }

  function create() {
    return {
      snapshot() {
        const cards = new Map();
        for (const [key, el] of keyed([...document.querySelectorAll(CARDS)])) {
          cards.set(key, { rect: el.getBoundingClientRect(), place: placeOf(el) });
        }
        const zones = new Map();
        for (const el of document.querySelectorAll(ZONES)) zones.set(zoneKey(el), zoneContent(el));
        return { cards, zones, first: cards.size === 0 };
      },

      play(before) {
        const still = reduced();
        let started = 0;
        const glow = [];
        for (const [key, el] of keyed([...document.querySelectorAll(CARDS)])) {
          const old = before.cards.get(key);
          if (old && old.place === placeOf(el)) continue;
          glow.push(el);
          if (still || before.first) continue;
          if (old) {
            const now = el.getBoundingClientRect();
            const dx = old.rect.left - now.left, dy = old.rect.top - now.top;
            if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
            el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
              { duration: 450, easing: "cubic-bezier(.2,.8,.2,1)" });
          } else {
            el.animate([{ opacity: 0, transform: "translateY(-10px) rotateY(80deg)" }, { opacity: 1, transform: "none" }],
              { duration: 350, easing: "ease-out" });
          }
          started += 1;
        }
        for (const el of document.querySelectorAll(ZONES)) {
          const key = zoneKey(el);
          if (before.zones.has(key) && before.zones.get(key) !== zoneContent(el)) glow.push(el);
        }
        for (const el of glow) {
          el.classList.add("changed");
          setTimeout(() => el.classList.remove("changed"), GLOW_MS);
        }
        document.body.dataset.animations = String(started);
        document.body.dataset.changed = String(glow.length);
      },
    };
  }

  window.Motion = { create, reduced };
})();
