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

  /* Where the pips of a number card lie (x, y; y > 42 is drawn upside down). */
  const L = 21, M = 30, R = 39;
  const PIPS = {
    2: [[M, 20], [M, 64]],
    3: [[M, 20], [M, 42], [M, 64]],
    4: [[L, 20], [R, 20], [L, 64], [R, 64]],
    5: [[L, 20], [R, 20], [M, 42], [L, 64], [R, 64]],
    6: [[L, 20], [R, 20], [L, 42], [R, 42], [L, 64], [R, 64]],
    7: [[L, 20], [R, 20], [M, 31], [L, 42], [R, 42], [L, 64], [R, 64]],
    8: [[L, 20], [R, 20], [M, 31], [L, 42], [R, 42], [M, 53], [L, 64], [R, 64]],
    9: [[L, 20], [R, 20], [L, 35], [R, 35], [M, 42], [L, 49], [R, 49], [L, 64], [R, 64]],
    10: [[L, 20], [R, 20], [M, 28], [L, 35], [R, 35], [L, 49], [R, 49], [M, 56], [L, 64], [R, 64]],
  };

  function pips(n, sym) {
    return PIPS[n].map(([x, y]) => y > 42
      ? `<text class="pip-mid" x="${x}" y="${y}" text-anchor="middle" transform="rotate(180 ${x} ${y - 4})">${sym}</text>`
      : `<text class="pip-mid" x="${x}" y="${y + 4}" text-anchor="middle">${sym}</text>`).join("");
  }

  /* A court card's portrait: a crowned King, a Queen with her tiara, a Jack in
   * his feathered cap, robed in the suit's colour and mirrored as on a real card. */
  function court(r, sym) {
    const hat = {
      K: '<path class="crown" d="M21 20 L21 12 L25.5 16 L30 10 L34.5 16 L39 12 L39 20 Z"/>',
      Q: '<path class="crown" d="M22 20 Q30 9 38 20 Z"/><circle class="jewel" cx="30" cy="14.5" r="1.6"/>',
      J: '<path class="cap" d="M21 20 Q24 11 34 12 L39 20 Z"/><path class="feather" d="M34 12 Q42 6 44 11 Q39 11 36 14 Z"/>',
    }[r];
    const half = `<g class="figure">${hat}<circle class="head" cx="30" cy="24.5" r="5"/>` +
      '<path class="robe" d="M14 42 L17 33 Q30 27 43 33 L46 42 Z"/>' +
      `<path class="${r === "J" ? "staff" : "sceptre"}" d="${r === "K" ? "M42 42 L44 22" : r === "Q" ? "M18 42 L17 28" : "M43 42 L41 24"}"/>` +
      `<path class="trim" d="M30 30 L30 42"/><text class="robe-pip" x="${r === "K" ? 36 : 24}" y="40" text-anchor="middle">${sym}</text></g>`;
    return '<rect class="portrait" x="12" y="9" width="36" height="66" rx="3"/>' + half +
      `<g transform="rotate(180 30 42)">${half}</g><line class="divide" x1="13" y1="42" x2="47" y2="42"/>`;
  }

  /* One standard card face as an inline SVG: corner indices (rank and suit, top
   * left and, upside down, bottom right), pips or a court portrait. opts: {pick,
   * cls, small, title}. */
  function face(code, opts = {}) {
    if (!code) {
      return `<svg class="card empty-slot${opts.small ? " small" : ""}" viewBox="0 0 60 84" role="img" aria-label="an empty place"><title>an empty place</title><rect class="slot" x="1" y="1" width="58" height="82" rx="6"/></svg>`;
    }
    const name = opts.title || cardName(code);
    const cls = `card${opts.small ? " small" : ""}${opts.cls ? " " + opts.cls : ""}`;
    const data = isStandard(code) ? ` data-card="${esc(code)}"` : "";
    if (code && code[0] === "X") {
      return `<svg class="${cls} joker" viewBox="0 0 60 84" role="img" aria-label="${esc(name)}"${attrs(opts)}${data}>` +
        `<title>${esc(name)}</title><rect class="face" x="1" y="1" width="58" height="82" rx="6"/>` +
        '<path class="jester" d="M16 46 L22 22 L30 38 L38 22 L44 46 Z"/><circle class="bell" cx="22" cy="21" r="3"/><circle class="bell" cx="38" cy="21" r="3"/>' +
        `<text x="30" y="60" text-anchor="middle" class="big">★</text>` +
        `<text x="30" y="75" text-anchor="middle" class="label">JOKER</text></svg>`;
    }
    const s = code[1];
    const red = s === "H" || s === "D";
    const r = rank(code);
    const sym = SUITS[s];
    const index = `<text x="6.5" y="14" text-anchor="middle" class="rank${r === "10" ? " ten" : ""}">${r}</text><text x="6.5" y="24" text-anchor="middle" class="pip">${sym}</text>`;
    let middle;
    if (code[0] === "A") middle = `<text x="30" y="53" text-anchor="middle" class="big">${sym}</text>`;
    else if ("JQK".includes(code[0])) middle = court(code[0], sym);
    else middle = pips(Number(r), sym);
    return `<svg class="${cls} ${red ? "red" : "black"}" viewBox="0 0 60 84" role="img" aria-label="${esc(name)}"${attrs(opts)}${data}>` +
      `<title>${esc(name)}</title><rect class="face" x="1" y="1" width="58" height="82" rx="6"/>` +
      middle + index + `<g transform="rotate(180 30 42)">${index}</g></svg>`;
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
    const all = wrap(info.text || "", 19);
    const lines = all.length > 5 ? [...all.slice(0, 4), `${all[4]}…`] : all;  // the rest: title and the page
    const nameLines = info.name.length > 13 ? wrap(info.name, 13).slice(0, 2) : [info.name];
    const title = `${info.name} (${kind}, ${value}): ${info.text}`;
    const mark = { action: "A", support: "S", relationship: "R" }[kind] || "";
    return `<svg class="card printed kind-${esc(kind)}${opts.small ? " small" : ""}${opts.cls ? " " + opts.cls : ""}" viewBox="0 0 90 126" role="img" aria-label="${esc(title)}"${attrs(opts)} data-card="${esc(code)}">` +
      `<title>${esc(title)}</title><rect class="face" x="1" y="1" width="88" height="124" rx="7"/>` +
      `<rect class="band" x="1" y="1" width="88" height="26" rx="7"/>` +
      // a long name takes two lines of the band rather than running off the card
      nameLines.map((l, i) => `<text x="45" y="${nameLines.length > 1 ? 12 + i * 10 : 18}" text-anchor="middle" class="pname${nameLines.length > 1 ? " long" : ""}"${l.length > 15 ? ' textLength="82" lengthAdjust="spacingAndGlyphs"' : ""}>${esc(l)}</text>`).join("") +
      `<text x="45" y="39" text-anchor="middle" class="pkind">${esc(mark)} · ${esc(kind)}</text>` +
      `<text x="45" y="54" text-anchor="middle" class="pvalue"${String(value).length > 18 ? ' textLength="84" lengthAdjust="spacingAndGlyphs"' : ""}>${esc(value)}</text>` +
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

  /* A card as players read it everywhere: "7♥" (red in colour), "10♠", "Joker". */
  function symbol(code) {
    if (code[0] === "X") return "Joker";
    const text = `${rank(code)}${SUITS[code[1]]}`;
    return code[1] === "H" || code[1] === "D" ? `[red]${text}[/]` : text;
  }

  const VERB = { has: "have", is: "are", was: "were", does: "do" };
  /* "you" with the verb that goes with it: "you takes" reads "you take". */
  function agree(word) {
    if (VERB[word]) return VERB[word];
    if (word.length < 4 || !word.endsWith("s") || word.endsWith("ss") || word.endsWith("us")) return word;
    if (/(ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
    if (/[^aeiou]ies$/.test(word)) return word.slice(0, -3) + "y";
    return word.slice(0, -1);
  }

  /* A move's notation or a page's own words made for players: seat numbers ("P1") become names (who.name(1)
   * or "you" for who.you), card codes ("7H", "TS") become symbols, "you" agrees
   * with its verb, and the line starts with a capital. */
  function polish(text, who, capital = true) {
    if (text === null || text === undefined) return "";
    let s = String(text);
    s = s.replace(/(^|[^\w\[/])P(\d)(?!\w)/g, (_, pre, n) => pre + (who && Number(n) === who.you ? "you" : who ? who.name(Number(n)) : `Seat ${n}`));
    s = s.replace(/(^|[^\w\[/'])([2-9TJQKA][CDHS]|X[12])(?![\w'])/g, (_, pre, code) => pre + symbol(code));
    s = s.replace(/\b([Yy]ou)'s\b/g, (_, you) => (you === "You" ? "Your" : "your"));
    s = s.replace(/\b([Yy]ou) ([a-z]+)\b/g, (_, you, verb) => `${you} ${agree(verb)}`);
    s = s.replace(/(\d+) card\(s\)/g, (_, n) => `${n} card${n === "1" ? "" : "s"}`);
    if (capital) s = s.replace(/^((?:\[[a-z ]+\])*)([a-z])/, (_, tags, c) => tags + c.toUpperCase());
    return s;
  }

  /* A log line, worded once by the game in Python as structured text
   * (courtly.engine.text), as safe HTML: "{P1}" is the seat's name (who.name(1);
   * "you" for who.you), "{7H}" a card symbol, "*...*" bold; the rest is text,
   * and the line starts with a capital. */
  function line(text, who, capital = true) {
    if (text === null || text === undefined) return "";
    const s = who && who.you !== null && who.you !== undefined ? String(text).split(`{P${who.you}}'s`).join("your") : String(text);
    const re = /\{([^{}]*)\}|\*/g;
    let out = "";
    let last = 0;
    let bold = false;
    let first = capital;
    let m;
    const say = (t) => {
      if (first && /\S/.test(t)) {
        first = false;
        t = t.replace(/^(\s*)([a-z])/, (_, sp, c) => sp + c.toUpperCase());
      }
      out += esc(t);
    };
    while ((m = re.exec(s)) !== null) {
      say(s.slice(last, m.index));
      last = re.lastIndex;
      if (m[0] === "*") { out += bold ? "</b>" : "<b>"; bold = !bold; continue; }
      const seat = /^P(\d+)$/.exec(m[1]);
      if (seat) {
        const n = Number(seat[1]);
        say(who && n === who.you ? "you" : who ? who.name(n) : `Seat ${n}`);
      } else if (/^([2-9TJQKA][CDHS]|X[12])'?$/.test(m[1])) {
        first = false;
        out += markup(symbol(m[1])) + esc(m[1].slice(2));
      } else say(m[0]);
    }
    say(s.slice(last));
    if (bold) out += "</b>";
    return out;
  }

  window.Cards = { line, polish, symbol, esc, face, back, printed, shortName, cardName, isStandard, markup, SUITS, SUIT_NAMES };
})();
