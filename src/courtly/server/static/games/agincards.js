/* Agincards: the growing map of cards (the table has no edge), scrollable and
 * zoomable, with the cells where the chosen card may go highlighted. A cell is
 * "x,y" from the seed card; a placement names a card of the map and a side
 * ("7H right of 5C"), so its cell is found from where that card lies. */
"use strict";
(function () {
  const { C, cardText, row, zone, esc } = window.GameKit;
  const SIDE = { "right of": [1, 0], "left of": [-1, 0], "below": [0, 1], "above": [0, -1] };
  const CELL = /^-?\d+,-?\d+$/;
  let zoom = 1;
  let centred = false;

  const key = (x, y) => `${x},${y}`;
  const parse = (k) => k.split(",").map(Number);

  /* Where each card of the map lies, by its name: 5C, or 5C' for a second 5C. */
  function places(obs) {
    const at = new Map();
    for (const [x, y, code] of (obs && obs.map) || []) at.set(at.has(code) ? code + "'" : code, [x, y]);
    return at;
  }

  /* The cell an action names, as "x,y"; its own words if its card is not on
   * the map (never so for a legal action). */
  function cellOf(a, obs) {
    const at = places(obs).get(a.of);
    if (!at) return a.kind === "reclaim" ? a.of : `${a.side} ${a.of}`;
    if (a.kind === "reclaim") return key(at[0], at[1]);
    const [dx, dy] = SIDE[a.side];
    return key(at[0] + dx, at[1] + dy);
  }

  function board(ctx) {
    const o = ctx.obs;
    const at = new Map(o.map.map(([x, y, c]) => [key(x, y), c]));
    const tokens = new Map((o.tokens || []).map(([x, y, s]) => [key(x, y), s]));
    const legalCells = [...ctx.pickable].filter((v) => CELL.test(v));
    // before a card is chosen: where some card of the hand may go (a hint, not a choice)
    const hinted = new Set((ctx.legal || []).filter((a) => a.kind === "place").map((a) => cellOf(a, o)).filter((k) => CELL.test(k)));
    legalCells.push(...hinted);
    const used = [...at.keys(), ...legalCells].map(parse);
    const cols = used.map((p) => p[0]);
    const rows = used.map((p) => p[1]);
    const c0 = Math.min(...cols) - 1, c1 = Math.max(...cols) + 1;
    const r0 = Math.min(...rows) - 1, r1 = Math.max(...rows) + 1;
    const seed = key(o.map[0][0], o.map[0][1]);
    const just = o.just_placed ? key(o.just_placed[0], o.just_placed[1]) : null;
    let cells = `<div class="corner"></div>`;
    for (let c = c0; c <= c1; c++) cells += `<div class="col-head">${c}</div>`;
    for (let r = r0; r <= r1; r++) {
      cells += `<div class="row-head">${r}</div>`;
      for (let c = c0; c <= c1; c++) {
        const name = key(c, r);
        const code = at.get(name);
        if (code) {
          const owner = tokens.get(name);
          const tok = owner !== undefined ? `<span class="token seat-${owner}" title="token of ${esc(ctx.seatName(owner))}">${owner}</span>` : "";
          const marks = (name === seed ? " seed" : "") + (name === just ? " just" : "");
          cells += `<div class="cell filled${marks}" data-cell="${name}" data-pick="${name}" title="${esc(C.cardName(code))}${name === seed ? " (the seed card)" : ""}">${C.face(code)}${tok}</div>`;
        } else if (ctx.pickable.has(name)) {
          cells += `<div class="cell open legal" data-cell="${name}" data-pick="${name}" title="you may place here"><span>+</span></div>`;
        } else if (hinted.has(name)) {
          cells += `<div class="cell open hinted" data-cell="${name}" title="one of your cards may go here"><span>·</span></div>`;
        } else {
          cells += `<div class="cell open" data-cell="${name}"></div>`;
        }
      }
    }
    const grid = `<div class="map-grid" style="--cols:${c1 - c0 + 1};--zoom:${zoom}">${cells}</div>`;
    const tools = `<div class="map-tools" role="group" aria-label="Zoom the map"><button type="button" data-zoom="-1" aria-label="Zoom out">−</button><button type="button" data-zoom="0" title="The whole map in view">Fit</button><button type="button" data-zoom="1" aria-label="Zoom in">+</button> <span class="hint">Draw pile: ${o.deck_size} · the seed card is marked ★ · the card just placed is outlined</span></div>`;
    const players = o.points.map((p, s) => `<li><span class="token seat-${s}">${s}</span> ${esc(ctx.seatName(s))}: <b>${o.scores[s]}</b> (tokens ${p.tokens} + runs ${p.runs}), ${tokensLeft(o.tokens_in_hand[s])}, hand ${o.hand_sizes[s]}</li>`).join("");
    return tools + `<div class="map-scroll" data-keep-scroll="map" tabindex="0" aria-label="The map">${grid}</div><ul class="players">${players}</ul>`;
  }

  /* "3 tokens left ●●●", "1 token left ●", "0 tokens left". */
  const tokensLeft = (n) => `${n} token${n === 1 ? "" : "s"} left${n ? " " + "●".repeat(n) : ""}`;

  const ZOOM_MIN = 0.2, ZOOM_MAX = 2.5;
  const clampZoom = (z) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));

  /* Fit: the zoom at which the whole map shows in its box at the box's
   * greatest height (no scrolling), never above the normal size; then the box
   * is scrolled to its start and brought into the window. At every width: a
   * phone's narrow box gets smaller cells, a desktop's short one too. */
  function fit(scroller, grid) {
    const cs = getComputedStyle(scroller);
    const px = (v) => parseFloat(v) || 0;
    const cols = Number(grid.style.getPropertyValue("--cols")) || 1;
    const rows = grid.querySelectorAll(".row-head").length || 1;
    // twice: the scroll bars the old zoom needed take room the new one gives back
    for (let pass = 0; pass < 2; pass++) {
      const cell = 64 * zoom;
      const fixedW = grid.offsetWidth - cols * cell;  // row numbers and gaps: they do not zoom
      const fixedH = grid.offsetHeight - rows * cell * 1.4;
      const roomW = scroller.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight) - 1;
      const roomH = px(cs.maxHeight) - px(cs.paddingTop) - px(cs.paddingBottom) - px(cs.borderTopWidth) - px(cs.borderBottomWidth) - 1;
      zoom = clampZoom(Math.min(1, (roomW - fixedW) / (cols * 64), (roomH - fixedH) / (rows * 64 * 1.4)));
      grid.style.setProperty("--zoom", zoom);
    }
    scroller.scrollLeft = 0;
    scroller.scrollTop = 0;
    scroller.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  function afterRender(ctx, el) {
    const scroller = el.querySelector(".map-scroll");
    if (!scroller) return;
    const grid = scroller.querySelector(".map-grid");
    for (const b of el.querySelectorAll("[data-zoom]")) {
      b.addEventListener("click", () => {
        const d = Number(b.dataset.zoom);
        if (d === 0) { fit(scroller, grid); return; }
        zoom = clampZoom(zoom * (d > 0 ? 1.25 : 0.8));
        grid.style.setProperty("--zoom", zoom);
      });
    }
    scroller.addEventListener("wheel", (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      zoom = clampZoom(zoom * (e.deltaY < 0 ? 1.1 : 0.9));
      grid.style.setProperty("--zoom", zoom);
    }, { passive: false });
    if (!centred) {
      centred = true;
      requestAnimationFrame(() => {
        scroller.scrollLeft = (scroller.scrollWidth - scroller.clientWidth) / 2;
        scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) / 2;
      });
    }
  }

  function hand(ctx) { return zone("Your hand", row(ctx.obs.hand || [])); }

  /* legal: the whole decision's actions, so a pass says whether a card fits. */
  function steps(a, obs, legal) {
    switch (a.kind) {
      case "place": return [
        { v: a.card, card: a.card, label: cardText(a.card), q: "Which card?" },
        { v: cellOf(a, obs), label: `${a.side} ${a.of}`, q: "Where? Click a highlighted cell of the map." },
      ];
      case "token": return [{ v: "token", label: "Yes, put a token on it", q: "" }];
      case "no_token": return [{ v: "no_token", label: "No token", q: "" }];
      case "pass": {
        const fits = (legal || []).some((l) => (l.action || l).kind === "place");
        return [{ v: "pass", label: fits ? "Pass this turn (keep your cards)" : "Pass (no card of yours fits)", q: "" }];
      }
      case "reclaim": return [{ v: "reclaim", label: "Reclaim a token", q: "" }, { v: cellOf(a, obs), label: `the token on ${a.of}`, q: "Which token?" }];
      default: return [{ v: a.notation, label: a.notation }];
    }
  }

  function prompt(ctx) {
    const d = ctx.obs.decision;
    if (d === "token") return `put one of your tokens on the card you just placed (${ctx.obs.map[ctx.obs.map.length - 1][2]})?`;
    return "pick a card from your hand, then a highlighted cell of the map.";
  }

  function seatExtra(ctx, seat) {
    return `<span class="seat-extra"><span class="token seat-${seat}">${seat}</span> hand ${ctx.obs.hand_sizes[seat]}</span>`;
  }

  window.Games.agincards = { board, hand, steps, prompt, seatExtra, afterRender, tokensLeft };
})();
