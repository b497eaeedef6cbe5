/* Courtly: cards drawn as SVG, and small helpers shared by the pages.
 *
 * A standard card is its code ("7H", "TS", "X1" for a Joker): rank, suit symbol
 * and suit letter, so red and black are never told apart by colour alone.
 * Intrigue's own cards are drawn from the printed faces the page is given.
 * Everything inserted as HTML goes through esc(); names and chat are text.
 */
"use strict";
(function () {
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const SUIT_NAMES = { C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades" };
  const RANK_NAMES = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" };

  function esc(text) {
    return String(text ?? "").replace(/[&<>"']/g, (c) => (
      { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  }

  function isStandard(code) {
    return typeof code === "string" && /^([2-9TJQKA][CDHS]|X[12])$/.test(code);
  }

  function rank(code) { return code[0] === "T" ? "10" : code[0]; }

  function cardName(code) {
    if (!isStandard(code)) return String(code);
    if (code[0] === "X") return "Joker";
    return `${RANK_NAMES[code[0]] || code[0]} of ${SUIT_NAMES[code[1]]}`;
  }

  /* "7♥" as text, with a class for its colour (the symbol carries the suit). */
  function shortName(code) {
    if (!isStandard(code)) return esc(code);
    if (code[0] === "X") return '<span class="suit-joker">Joker★</span>';
    const red = code[1] === "H" || code[1] === "D";
    return `<span class="${red ? "suit-red" : "suit-black"}">${rank(code)}${SUITS[code[1]]}</span>`;
  }

  function attrs(opts) {
    let a = "";
    if (opts.pick !== undefined) a += ` data-pick="${esc(opts.pick)}"`;
    return a;
  }

  /* One standard card face as an inline SVG. opts: {pick, cls, small, title}. */
  function face(code, opts = {}) {
    if (!code) {
      return `<svg class="card empty-slot${opts.small ? " small" : ""}" viewBox="0 0 60 84" role="img" aria-label="an empty place"><title>an empty place</title><rect class="slot" x="1" y="1" width="58" height="82" rx="6"/></svg>`;
    }
    const name = opts.title || cardName(code);
    const cls = `card${opts.small ? " small" : ""}${opts.cls ? " " + opts.cls : ""}`;
    if (code && code[0] === "X") {
      return `<svg class="${cls} joker" viewBox="0 0 60 84" role="img" aria-label="${esc(name)}"${attrs(opts)}>` +
        `<title>${esc(name)}</title><rect class="face" x="1" y="1" width="58" height="82" rx="6"/>` +
        `<text x="30" y="40" text-anchor="middle" class="big">★</text>` +
        `<text x="30" y="62" text-anchor="middle" class="label">JOKER</text></svg>`;
    }
    const s = code[1];
    const red = s === "H" || s === "D";
    const r = rank(code);
    return `<svg class="${cls} ${red ? "red" : "black"}" viewBox="0 0 60 84" role="img" aria-label="${esc(name)}"${attrs(opts)}>` +
      `<title>${esc(name)}</title><rect class="face" x="1" y="1" width="58" height="82" rx="6"/>` +
      `<text x="6" y="19" class="rank">${r}</text><text x="6" y="34" class="pip">${SUITS[s]}</text>` +
      `<text x="30" y="60" text-anchor="middle" class="big">${SUITS[s]}</text>` +
      `<text x="54" y="78" text-anchor="end" class="letter">${r}${s}</text></svg>`;
  }

  /* A face-down card (a back), with an optional label such as "?" or a count. */
  function back(opts = {}) {
    const label = opts.label ?? "";
    const title = opts.title || "a face-down card";
    return `<svg class="card back${opts.small ? " small" : ""}${opts.cls ? " " + opts.cls : ""}" viewBox="0 0 60 84" role="img" aria-label="${esc(title)}"${attrs(opts)}>` +
      `<title>${esc(title)}</title><rect class="backface" x="1" y="1" width="58" height="82" rx="6"/>` +
      `<rect class="inner" x="7" y="7" width="46" height="70" rx="3"/>` +
      (label !== "" ? `<text x="30" y="50" text-anchor="middle" class="count">${esc(label)}</text>` : "") +
      `</svg>`;
  }

  function wrap(text, width) {
    const words = String(text).split(/\s+/);
    const lines = [];
    let line = "";
    for (const w of words) {
      if ((line + " " + w).trim().length > width && line) { lines.push(line); line = w; } else { line = (line + " " + w).trim(); }
    }
    if (line) lines.push(line);
    return lines;
  }

  /* A custom card (Intrigue's deck) from its printed face: {name, kind, value, text}. */
  function printed(code, info, opts = {}) {
    if (!info) return face(code, opts);
    const kind = info.kind || "";
    const value = kind === "relationship" ? (info.roles && info.roles[0] ? info.roles.join(" / ") : info.text)
      : (info.trait ? `+2 if ${info.trait}` : (info.value > 0 ? `+${info.value}` : `${info.value}`));
    const lines = wrap(info.text || "", 17).slice(0, 5);
    const title = `${info.name} (${kind}, ${value}): ${info.text}`;
    const mark = { action: "A", support: "S", relationship: "R" }[kind] || "";
    return `<svg class="card printed kind-${esc(kind)}${opts.small ? " small" : ""}${opts.cls ? " " + opts.cls : ""}" viewBox="0 0 90 126" role="img" aria-label="${esc(title)}"${attrs(opts)}>` +
      `<title>${esc(title)}</title><rect class="face" x="1" y="1" width="88" height="124" rx="7"/>` +
      `<rect class="band" x="1" y="1" width="88" height="22" rx="7"/>` +
      `<text x="45" y="16" text-anchor="middle" class="pname">${esc(info.name)}</text>` +
      `<text x="45" y="36" text-anchor="middle" class="pkind">${esc(mark)} · ${esc(kind)}</text>` +
      `<text x="45" y="52" text-anchor="middle" class="pvalue">${esc(value)}</text>` +
      lines.map((l, i) => `<text x="45" y="${70 + i * 11}" text-anchor="middle" class="ptext">${esc(l)}</text>`).join("") +
      `</svg>`;
  }

  /* Rich markup from the game's own log lines ("[bold red]7♥[/]") as safe HTML. */
  const STYLES = new Set(["bold", "dim", "italic", "underline", "red", "green", "yellow", "magenta", "white", "blue", "cyan"]);
  function markup(text) {
    if (text === null || text === undefined) return "";
    let out = "";
    let open = 0;
    const re = /\[(\/?)([a-z_ ]*)\]/g;
    let last = 0;
    let m;
    const s = String(text);
    while ((m = re.exec(s)) !== null) {
      const words = m[2].trim().split(/\s+/).filter(Boolean);
      const isTag = m[1] === "/" ? true : words.length > 0 && words.every((w) => STYLES.has(w) || w === "on");
      if (!isTag) continue;
      out += esc(s.slice(last, m.index));
      last = re.lastIndex;
      if (m[1] === "/") { if (open > 0) { out += "</span>"; open -= 1; } } else {
        out += `<span class="${words.map((w) => "m-" + w).join(" ")}">`;
        open += 1;
      }
    }
    out += esc(s.slice(last));
    while (open-- > 0) out += "</span>";
    return out;
  }

  window.Cards = { esc, face, back, printed, shortName, cardName, isStandard, markup, SUITS, SUIT_NAMES };
})();
