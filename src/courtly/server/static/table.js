/* Courtly: the table page. A websocket client that draws what the server sends
 * this seat (its observation, legal actions, log, chat, seats) and turns the
 * legal actions into a guided choice, one step at a time.
 *
 * Each game's picture and the steps of its actions come from games.js
 * (Games[gameId]); this file is the same for every game. It never shows
 * anything but the messages of its own connection.
 *
 * Hints: when the table allows them, "Suggest a move" asks the server for the
 * hard bot's best moves for this seat's decision ({"type": "hint"}); the answer
 * lists them and marks the first among the choices, step by step.
 *
 * Passing until your turn: in a decision that answers another's move (the
 * game's waivers, in the boot data: Garrison's reaction windows), "Pass until
 * my turn" lets it pass ({"type": "pass_all"}); the server then lets each
 * such decision of this seat pass at once until its own turn, which ends it
 * (the snapshot says whether it is still on after a reload).
 */
"use strict";
(function () {
  const { esc, markup } = window.Cards;
  const boot = JSON.parse(document.getElementById("boot").textContent);
  const game = window.Games[boot.game] || window.Games.generic;
  game.cards = boot.cards || {};
  const params = new URLSearchParams(location.search);
  const token = params.get("token");
  const $ = (id) => document.getElementById(id);

  const view = {
    you: null, seq: 0, obs: null, legal: [], seats: [], over: false, result: null,
    log: [], chat: [], rematch: null, rematchToken: null, connected: false,
  };
  let chosen = []; // values picked so far in the current decision: {v, auto}
  let sentSeq = null; // the seq of the view we acted on (waiting for its answer)
  let ws = null;
  let retry = 0;
  let breakdownShown = false;
  let hint = null; // the last hint: {key: the legal actions it answers, moves}
  let hintAsked = false;
  let hintNote = "";
  let passing = false; // the server lets this seat's windows pass until its turn

  // -- names -----------------------------------------------------------------------
  /* A seat as the table calls it: its player's name, "Easy bot" (with its seat
   * when two bots play at the same level), or "Seat 2" while nobody has named it. */
  function playerName(seat) {
    const s = view.seats[seat];
    if (!s) return `Seat ${seat}`;
    if (s.kind === "bot") {
      const level = String(s.bot || "bot");
      const twins = view.seats.filter((o) => o.kind === "bot" && o.bot === s.bot).length;
      return `${level[0].toUpperCase()}${level.slice(1)} bot${twins > 1 ? ` (seat ${seat})` : ""}`;
    }
    return s.name || `Seat ${seat}`;
  }

  function seatName(seat) {
    if (seat === null || seat === undefined) return "the table";
    if (seat === view.you) return "You";
    return playerName(seat);
  }

  /* A line for players: names for seat numbers, card symbols for card codes, and
   * "you take" rather than "you takes". */
  function polish(text, capital = true) {
    const own = game.words && text ? game.words(String(text)) : text;
    return window.Cards.polish(own, { you: view.you, name: playerName }, capital);
  }

  /* A move in words (its ``words``, structured text worded by the game), as safe HTML. */
  function said(move, capital = true) {
    return window.Cards.line(move.words, { you: view.you, name: playerName }, capital);
  }

  // -- the guided choice -------------------------------------------------------------
  function stepsOf(legal) { return game.steps(legal.action, view.obs, view.legal); }

  function candidates() {
    return view.legal.filter((a) => {
      const st = stepsOf(a);
      if (st.length < chosen.length) return false;
      return chosen.every((c, i) => st[i].v === c.v);
    });
  }

  /* The options of the next step: [{v, label, card, q}], and the complete action if any. */
  function nextStep() {
    const k = chosen.length;
    const options = new Map();
    let complete = null;
    for (const a of candidates()) {
      const st = stepsOf(a);
      if (st.length === k) { complete = a; continue; }
      if (!options.has(st[k].v)) options.set(st[k].v, { ...st[k], finishes: st.length === k + 1 ? a : null });
      else options.get(st[k].v).finishes = null;
    }
    return { options: [...options.values()], complete };
  }

  function pick(value) {
    if (!view.legal.length || sentSeq !== null) return;
    const { options, complete } = nextStep();
    if (value === "__done" && complete) return submit(complete);
    const opt = options.find((o) => o.v === value);
    if (!opt) return;
    chosen.push({ v: value, label: opt.label, auto: false });
    advance();
  }

  /* Skip steps with one option that cannot end the action; submit when complete.
   * The last step is always a click of the player's own: a lone "pass" in a
   * reaction window waits for the player, so its timing tells nobody anything. */
  function advance() {
    for (;;) {
      const { options, complete } = nextStep();
      if (!options.length && complete) return submit(complete);
      if (options.length === 1 && !complete && !options[0].finishes && chosen.length > 0) {
        chosen.push({ v: options[0].v, label: options[0].label, auto: true });
        continue;
      }
      break;
    }
    render();
  }

  function back() {
    while (chosen.length && chosen[chosen.length - 1].auto) chosen.pop();
    chosen.pop();
    render();
  }

  /* The legal move that lets the current decision pass, when it is one that
   * answers another's move (the game's waivers); else null. */
  function waiver() {
    const notation = view.obs && (boot.waivers || {})[view.obs.decision];
    return (notation && view.legal.find((a) => a.notation === notation)) || null;
  }

  function passAll() {
    if (!waiver() || sentSeq !== null || view.over) return;
    sentSeq = view.seq;
    passing = true;
    send({ type: "pass_all", seq: view.seq });
    chosen = [];
    render();
  }

  /* Stop the passes before this seat's turn: the next window asks again. */
  function stopPassing() {
    if (!passing) return;
    passing = false;
    send({ type: "pass_all", on: false });
    render();
  }

  /* The passes end at this seat's own decision, and with the game. */
  function passesEnd() {
    if (passing && (view.over || (view.legal.length && !waiver()))) passing = false;
  }

  function submit(action) {
    sentSeq = view.seq;
    send({ type: "act", action: action.id, seq: view.seq });
    chosen = [];
    render();
  }

  // -- drawing -------------------------------------------------------------------------
  function ctxFor(pickable) {
    return {
      obs: view.obs, you: view.you, names: view.seats.map((_, i) => seatName(i)), seatName, polish,
      cards: boot.cards || {}, pickable, picked: new Set(chosen.map((c) => c.v)), over: view.over,
      legal: sentSeq === null ? view.legal.map((a) => a.action) : [],
    };
  }

  function keepScroll(fn) {
    const saved = [...document.querySelectorAll("[data-keep-scroll]")].map((el) => [el.dataset.keepScroll, el.scrollLeft, el.scrollTop]);
    fn();
    for (const [key, left, top] of saved) {
      const el = document.querySelector(`[data-keep-scroll="${key}"]`);
      if (el) { el.scrollLeft = left; el.scrollTop = top; }
    }
  }

  function render() {
    if (!view.obs) return;
    const before = motionPending ? Motion.snapshot() : null;
    motionPending = false;
    // keyboard users keep their place: focus returns to the choice after a redraw
    const active = document.activeElement;
    const refocus = active && active !== document.body && active.closest && active.closest("#choice, #board, #hand-area");
    // a window the server is letting pass for us is not ours to answer
    const myTurn = view.legal.length > 0 && sentSeq === null && !view.over && !(passing && waiver());
    if (token && $("auto-pass-bar")) $("auto-pass-bar").hidden = !!view.over;  // nothing to answer any more
    const step = myTurn ? nextStep() : { options: [], complete: null };
    const pickable = new Set(step.options.map((o) => o.v));
    const ctx = ctxFor(pickable);
    keepScroll(() => {
      $("board").innerHTML = game.board(ctx);
      $("hand-area").innerHTML = view.you === null ? "" : game.hand(ctx);
      if (game.afterRender) game.afterRender(ctx, $("board"));
    });
    for (const el of document.querySelectorAll("[data-pick]")) {
      const v = el.getAttribute("data-pick");
      if (pickable.has(v)) {
        el.classList.add("pickable");
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.addEventListener("click", (e) => { e.stopPropagation(); pick(v); });
        el.addEventListener("keydown", (e) => { if (e.key === " ") { e.preventDefault(); pick(v); } });
      }
      if (ctx.picked.has(v)) el.classList.add("picked");
    }
    renderSeats();
    if (before) Motion.play(before);
    renderStatus(myTurn);
    renderChoice(myTurn, step);
    renderAdvice(myTurn);
    renderEnd();
    if (refocus) {
      const next = document.querySelector("#choice button.option") || document.querySelector("#choice button");
      if (next) next.focus();
    }
  }

  function renderSeats() {
    const obs = view.obs;
    const toAct = new Set(obs.to_act || []);
    $("seats").innerHTML = view.seats.map((s, i) => {
      const waiting = toAct.has(i) && !view.over;
      const score = obs.scores ? obs.scores[i] : "";
      const extra = game.seatExtra ? game.seatExtra(ctxFor(new Set()), i) : "";
      const clock = s.clock !== null && s.clock !== undefined && i === view.you ? `<span class="seat-clock" title="your time bank">⏱ ${clockLeft(s.clock)} s left</span>` : "";
      const initial = (playerName(i).match(/[\p{L}\p{N}]/u) || ["?"])[0].toUpperCase();
      return `<div class="seat${i === view.you ? " me" : ""}${waiting ? " awaited" : ""}" data-seat="${i}">` +
        `<span class="avatar seat-${i}" aria-hidden="true">${s.kind === "bot" ? "⚙" : esc(initial)}</span>` +
        `<span class="seat-name">${waiting ? '<span class="await-mark" title="decision awaited">▶ </span>' : ""}${esc(i === view.you ? `${playerName(i)} · You` : playerName(i))}</span>` +
        `<span class="seat-score" title="score">${esc(score)}</span>` +
        `<span class="seat-state">${s.kind === "human" ? (s.connected ? "● online" : "○ away") : s.kind === "open" ? "open seat" : `bot · ${esc(s.bot)}`}${s.away ? " (a bot stands in)" : ""} · seat ${i}${clock}</span>` +
        (s.away && i === view.you ? '<button type="button" class="take-back">Take my seat back</button>' : "") +
        `${extra}</div>`;
    }).join("");
  }

  document.addEventListener("click", (e) => {
    if (e.target.closest && e.target.closest("button.take-back")) send({ type: "back" });
  });

  /* Your time bank: the server's figure, counted down here while you are asked. */
  let clockStamp = Date.now();
  function clockLeft(clock) {
    const running = view.legal.length > 0 && !view.over;
    return Math.max(0, Math.round(running ? clock - (Date.now() - clockStamp) / 1000 : clock));
  }
  setInterval(() => {
    const me = view.seats[view.you];
    if (me && me.clock !== null && me.clock !== undefined && view.obs) renderSeats();
  }, 1000);

  function renderStatus(myTurn) {
    const obs = view.obs;
    let text;
    if (view.over) {
      const w = (obs.winners || (view.result && view.result.winners) || []).map(seatName);
      text = `Game over. Winner${w.length > 1 ? "s" : ""}: ${w.join(", ") || "none"}.`;
    } else if (myTurn) {
      text = `Your decision: ${game.prompt(ctxFor(new Set()))}`;
    } else if (sentSeq !== null) {
      text = "Sent. Waiting for the table…";
    } else {
      const others = (obs.to_act || []).filter((s) => s !== view.you);
      text = others.length ? `Waiting for ${others.map(seatName).join(", ")}.` : (game.waiting ? game.waiting(ctxFor(new Set())) : "Waiting…");
    }
    if (view.you === null) text = `Watching. ${text}`;
    $("status").innerHTML = markup(polish(text));
    document.body.classList.toggle("my-turn", myTurn);
    turnCue(myTurn);
  }

  // -- your turn, seen from another tab: the title, the icon and an optional chime ----------
  const baseTitle = document.title;
  let cueWasOn = false;
  function turnCue(on) {
    document.title = on ? `▶ Your turn · ${baseTitle}` : baseTitle;
    const icon = $("favicon");
    if (icon) icon.setAttribute("href", on ? "/static/favicon-turn.svg" : "/favicon.ico");
    document.body.dataset.turn = on ? "yours" : "";
    if (on && !cueWasOn && soundOn()) chime();
    cueWasOn = on;
  }
  const soundOn = () => { try { return localStorage.getItem("courtly.sound") === "on"; } catch (err) { return false; } };
  function drawSoundButton() {
    const b = $("sound-button");
    if (!b) return;
    b.textContent = soundOn() ? "♪ Sound on" : "♪ Sound off";
    b.setAttribute("aria-pressed", soundOn() ? "true" : "false");
  }
  let audio = null;
  function chime() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const now = audio.currentTime;
      [660, 880].forEach((f, i) => {
        const o = audio.createOscillator();
        const g = audio.createGain();
        o.frequency.value = f;
        g.gain.setValueAtTime(0.0001, now + i * 0.12);
        g.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
        g.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.3);
        o.connect(g).connect(audio.destination);
        o.start(now + i * 0.12);
        o.stop(now + i * 0.12 + 0.32);
      });
    } catch (err) { /* no sound on this browser */ }
  }
  const soundButton = $("sound-button");
  if (soundButton) {
    soundButton.addEventListener("click", () => {
      try { localStorage.setItem("courtly.sound", soundOn() ? "off" : "on"); } catch (err) { /* private mode */ }
      drawSoundButton();
      if (soundOn()) chime();
    });
    drawSoundButton();
  }

  // -- motion: cards that moved glide from where they were, new ones turn up, and
  // the parts a move changed glow for a moment (none of it with reduced motion) ----
  let motionPending = false;
  const Motion = window.Motion.create();

  // -- hints -----------------------------------------------------------------------------
  function legalKey() { return view.legal.map((a) => a.id).join(","); }

  /* The legal action the current hint puts first (null: no hint for this decision). */
  function suggested() {
    if (!hint || hint.key !== legalKey() || !hint.moves.length) return null;
    return view.legal.find((a) => a.id === hint.moves[0].id) || null;
  }

  function askHint() {
    if (hintAsked || !view.legal.length) return;
    hintAsked = true; hintNote = "";
    send({ type: "hint" });
    render();
  }

  function renderAdvice(myTurn) {
    const canAsk = boot.hints && view.you !== null && !!token && !view.over;
    const button = $("suggest");
    button.hidden = !(canAsk && myTurn);
    button.disabled = hintAsked;
    $("advice-note").textContent = view.over ? "" : boot.hints
      ? "Hints are on at this table: a player to act may ask the hard bot for a suggestion."
      : "Hints are off at this table.";
    const list = $("advice-moves");
    const current = myTurn && hint && hint.key === legalKey();
    list.hidden = !current;
    list.innerHTML = current ? hint.moves.map((m, i) =>
      `<li class="${i === 0 ? "first" : ""}" data-action="${m.id}">${i === 0 ? "★ " : ""}${said(m)} ` +
      `<small>· ${Math.round(m.value * 100)}% chance · ${m.visits} tr${m.visits === 1 ? "y" : "ies"}</small></li>`).join("") : "";
    $("advice-status").textContent = !myTurn ? "" : hintAsked ? "Thinking…"
      : current ? `${hint.note ? hint.note + " " : ""}The hard bot's choice first: it keeps its usual move unless another is clearly better, so a move with a slightly higher chance may come below it (chance: ${hint.chance || "its estimate of your result, 100% = first place"}; tries: the more, the surer).` : hintNote;
    // mark the suggested move's next step among the choices and on the table
    const s = myTurn ? suggested() : null;
    if (!s) return;
    const st = stepsOf(s);
    if (st.length < chosen.length || !chosen.every((c, i) => st[i].v === c.v)) return;
    const targets = st.length === chosen.length
      ? [...document.querySelectorAll("#choice button.option.done")]
      : [...document.querySelectorAll("#choice button.option")].filter((b) => b.dataset.value === st[chosen.length].v);
    for (const b of targets) {
      b.classList.add("suggested");
      b.insertAdjacentHTML("beforeend", ' <span class="suggest-mark">★ suggested</span>');
    }
    if (st.length > chosen.length) {
      for (const el of document.querySelectorAll("#board [data-pick], #hand-area [data-pick]")) {
        if (el.getAttribute("data-pick") === st[chosen.length].v && el.classList.contains("pickable")) el.classList.add("suggested-pick");
      }
    }
  }

  function renderChoice(myTurn, step) {
    const box = $("choice");
    if (!myTurn) {
      const note = passing && !view.over
        ? '<p class="passing-note" id="passing-note">Passing every window until your turn. ' +
          '<button type="button" id="stop-passing">Stop passing</button></p>'
        : "";
      if (box.innerHTML !== note) {  // said once, not again at every update
        box.innerHTML = note;
        const stop = $("stop-passing");
        if (stop) stop.addEventListener("click", stopPassing);
      }
      return;
    }
    const crumbs = chosen.map((c) => `<span class="crumb">${markup(polish(c.label))}</span>`).join(" › ");
    const q = step.options.length ? (chosen.length === 0 ? game.prompt(ctxFor(new Set())) : (step.options[0].q || "Next:")) : "";
    let html = `<h2 class="question">${markup(polish(q))}</h2>`;
    if (crumbs) html += `<p class="crumbs">Chosen: ${crumbs}</p>`;
    html += '<div class="options">';
    let n = 0;
    for (const o of step.options) {
      n += 1;
      const key = n <= 10 ? `<kbd>${n % 10}</kbd>` : "";
      const pic = o.card ? (window.Cards.isStandard(o.card) ? window.Cards.face(o.card, { small: true }) : "") : "";
      html += `<button type="button" class="option" data-value="${esc(o.v)}" data-n="${n}">${key}${pic}<span>${markup(polish(o.label))}</span></button>`;
    }
    if (step.complete) {
      n += 1;
      const own = game.doneLabel ? game.doneLabel(step.complete.action) : null;
      html += `<button type="button" class="option done" data-value="__done" data-n="${n}"><kbd>${n % 10}</kbd><span>${own ? markup(polish(own)) : `Do it: ${said(step.complete, false)}`}</span></button>`;
    }
    html += "</div>";
    if (chosen.length) html += '<button type="button" class="back" id="step-back">⟵ Back <kbd>Esc</kbd></button>';
    if (token && waiver()) {
      html += '<p class="pass-all-bar"><button type="button" id="pass-all" aria-describedby="pass-all-hint">Pass until my turn</button> ' +
        '<span id="pass-all-hint" class="hint">Lets this window and each one after it pass at once, until your own turn: ' +
        "the others can tell from the speed that you are not answering, though not what you hold.</span></p>";
    }
    box.innerHTML = html;
    const pa = $("pass-all");
    if (pa) pa.addEventListener("click", passAll);
    for (const b of box.querySelectorAll("button.option")) b.addEventListener("click", () => pick(b.dataset.value));
    const bk = $("step-back");
    if (bk) bk.addEventListener("click", back);
  }

  function renderEnd() {
    const box = $("end");
    if (!view.over) { box.hidden = true; return; }
    box.hidden = false;
    if (!breakdownShown) {
      breakdownShown = true;
      box.innerHTML = `<h2>Game over</h2><div id="breakdown">Loading the scores…</div>` +
        `<p class="end-links"><a href="/replay/${esc(boot.table)}">Watch the replay</a> · ` +
        `<a href="/api/tables/${esc(boot.table)}/record" download>Download the game record</a>` +
        (token ? ` · <button type="button" id="rematch">Play again (rematch)</button>` : "") +
        ` · <a href="/">Back to the lobby</a></p><p id="rematch-link"></p>`;
      fetch(`/api/tables/${encodeURIComponent(boot.table)}/breakdown`).then((r) => r.json()).then((b) => {
        if (!b.headers) { $("breakdown").textContent = b.error || ""; return; }
        const head = `<tr>${b.headers.map((h) => `<th scope="col">${markup(h)}</th>`).join("")}</tr>`;
        const rows = b.rows.map((r, i) => `<tr${(b.result && b.result.winners.includes(i)) ? ' class="winner"' : ""}>${r.map((c, j) => j === 0 ? `<th scope="row">${esc(seatName(i))}${rowNote(c)}${(b.result && b.result.winners.includes(i)) ? " ★ winner" : ""}</th>` : `<td>${markup(c)}</td>`).join("")}</tr>`).join("");
        $("breakdown").innerHTML = `<table class="breakdown"><caption>Final scores</caption><thead>${head}</thead><tbody>${rows}</tbody></table>`;
      }).catch(() => { $("breakdown").textContent = "The scores could not be loaded."; });
      const rm = $("rematch");
      if (rm) rm.addEventListener("click", rematch);
    }
    if (view.rematchToken) {
      $("rematch-link").innerHTML = `The next game is ready: <a href="/play/${esc(view.rematch)}?token=${encodeURIComponent(view.rematchToken)}">take your seat</a>.`;
    } else if (view.rematch) {
      $("rematch-link").innerHTML = `A rematch was started: <a href="/play/${esc(view.rematch)}">watch it</a>.`;
    }
  }

  async function rematch() {
    const r = await fetch(`/api/tables/${encodeURIComponent(boot.table)}/rematch`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, rotate: true }),
    });
    const body = await r.json();
    if (!r.ok) { flash(body.error || "The rematch could not be made."); return; }
    location.href = body.you.invite;
  }

  function addLog(entries) {
    const ol = $("log");
    for (const e of entries) {
      if (!e.text) continue;
      const li = document.createElement("li");
      li.innerHTML = window.Cards.line(e.text, { you: view.you, name: playerName }) + (e.public ? "" : ' <small class="private">(only you see this)</small>');
      ol.appendChild(li);
    }
    while (ol.children.length > 300) ol.removeChild(ol.firstChild);
    ol.scrollTop = ol.scrollHeight;
  }

  function addChat(lines) {
    const ol = $("chat");
    for (const c of lines) {
      const li = document.createElement("li");
      const who = document.createElement("b");
      who.textContent = (c.seat === view.you ? "You" : (c.name || playerName(c.seat))) + ": ";
      li.appendChild(who);
      li.appendChild(document.createTextNode(c.text));
      ol.appendChild(li);
    }
    ol.scrollTop = ol.scrollHeight;
  }

  function flash(text) {
    const p = $("conn");
    p.textContent = text;
    p.classList.add("alert");
    p.setAttribute("role", "alert");
  }

  /* What a final-score row's first cell adds to the seat's name: "P1 ♥ Hearts"
   * adds "♥ Hearts" (the name is already there); "P1" alone adds nothing. */
  function rowNote(cell) {
    const rest = String(cell).replace(/^(P|seat\s*)?\d+\s*/i, "");
    return rest ? ` <small>${markup(polish(rest))}</small>` : "";
  }

  // -- auto-pass: this player's setting, kept by the browser ---------------------------------
  const autoPassOn = () => { try { return localStorage.getItem("courtly.autoPass") === "on"; } catch (err) { return false; } };
  function setupAutoPass() {
    const bar = $("auto-pass-bar"), box = $("auto-pass");
    if (!bar || !box || !token) return;
    bar.hidden = false;
    box.checked = autoPassOn();
    box.addEventListener("change", () => {
      try { localStorage.setItem("courtly.autoPass", box.checked ? "on" : "off"); } catch (err) { /* private mode */ }
      send({ type: "auto_pass", on: box.checked });
    });
  }

  // -- the connection -----------------------------------------------------------------
  function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }

  function onMessage(msg) {
    switch (msg.type) {
      case "snapshot":
        Object.assign(view, {
          you: msg.you, seq: msg.seq, obs: msg.observation, legal: msg.legal, seats: msg.seats,
          over: msg.over, result: msg.result, rematch: msg.rematch,
        });
        clockStamp = Date.now();
        chosen = []; sentSeq = null; hint = null; hintAsked = false; hintNote = "";
        passing = !!msg.passing;
        passesEnd();
        $("log").innerHTML = ""; $("chat").innerHTML = "";
        addLog(msg.log); addChat(msg.chat);
        document.body.dataset.seat = msg.you === null ? "spectator" : String(msg.you);
        maybeAskName();
        if (msg.you !== null && autoPassOn()) send({ type: "auto_pass", on: true });
        break;
      case "update":
        Object.assign(view, { seq: msg.seq, obs: msg.observation, legal: msg.legal, over: msg.over, result: msg.result });
        if (hint && hint.key !== legalKey()) { hint = null; hintNote = ""; }
        // Our own action is answered by our copy of its update ("yours") or a
        // refusal; other seats' updates (simultaneous decisions) keep us waiting.
        if (msg.yours) sentSeq = null;
        // A choice half made survives other seats' moves while it is still possible.
        if (!msg.legal.length || !candidates().length) chosen = [];
        passesEnd();
        motionPending = true;
        addLog(msg.events);
        break;
      case "seats": view.seats = msg.seats; clockStamp = Date.now(); break;
      case "chat": addChat([msg]); return;
      case "hint":
        hint = { key: legalKey(), moves: msg.moves, note: msg.note || "", chance: msg.chance || "" };
        hintAsked = false; hintNote = "";
        break;
      case "refused":
        if (msg.about === "hint") {
          hintAsked = false;
          hintNote = `No hint: ${msg.reason}`;
          if (msg.code === "hints_off") boot.hints = false;
          break;
        }
        if (msg.about === "pass_all") passing = false;  // refused, or stopped: answer yourself
        sentSeq = null; chosen = [];
        // "duplicate" and "stale": the server made that move already (a forced one)
        if (msg.code !== "stale" && msg.code !== "duplicate") flash(`Not accepted: ${msg.reason}`);
        break;
      case "rematch": view.rematch = msg.table; view.rematchToken = msg.token; break;
      default: return;
    }
    document.body.dataset.seq = String(view.seq);
    render();
    // the game is over: the name form has nothing left to name
    if (view.over && $("name-form")) $("name-form").remove();
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = token ? `?token=${encodeURIComponent(token)}` : "";
    ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(boot.table)}${q}`);
    ws.onopen = () => { retry = 0; view.connected = true; $("conn").textContent = ""; $("conn").classList.remove("alert"); document.body.dataset.connected = "yes"; };
    ws.onmessage = (e) => onMessage(JSON.parse(e.data));
    ws.onclose = (e) => {
      view.connected = false;
      document.body.dataset.connected = "no";
      if (e.code === 4403 || e.code === 4404) { refusedHere(e.code); return; }
      if (e.code === 4429) {  // too many connections from this address: wait longer
        retry = 6;
        if ($("status").textContent === "Connecting…") $("status").textContent = "Not connected yet.";
        flash(`Not connected: ${e.reason}. Trying again in a while…`);
        setTimeout(connect, 300 * 2 ** retry);
        return;
      }
      retry = Math.min(retry + 1, 6);
      flash("Connection lost: reconnecting…");
      setTimeout(connect, 300 * 2 ** retry);
    };
  }

  /* The server will not have this page at the table: say so, with the way on,
   * and put away what only a seated player uses. */
  function refusedHere(code) {
    $("status").textContent = code === 4403 ? "This invite link is not valid for this table." : "There is no such table.";
    flash("");
    $("conn").innerHTML = code === 4403
      ? `You can still <a href="/play/${encodeURIComponent(boot.table)}">watch this table</a>, or go back to <a href="/">the lobby</a>.`
      : `Go back to <a href="/">the lobby</a>.`;
    $("auto-pass-bar").hidden = true;
    $("chat-form").hidden = true;
  }

  function maybeAskName() {
    if (view.you === null || !token || view.over) return;
    const me = view.seats[view.you];
    if (!me || me.name || $("name-form")) return;
    const form = document.createElement("form");
    form.id = "name-form";
    form.className = "name-form";
    form.innerHTML = '<label>Your name at this table <input id="name-input" maxlength="32" required></label> <button>Save</button>';
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const r = await fetch(`/api/tables/${encodeURIComponent(boot.table)}/claim`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, name: $("name-input").value }),
      });
      if (r.ok) form.remove(); else flash((await r.json()).error);
    });
    document.querySelector(".status-bar").appendChild(form);
  }

  // -- keys, chat, help ------------------------------------------------------------------
  /* Keys (the Keys dialog lists them). While the dialog is open they are its own:
   * Esc closes it and nothing reaches the game. In the decision (the choice, the
   * table, the hand) Enter is always the move chosen so far, whatever has focus,
   * and does nothing when the move cannot stop there; Space presses the focused
   * choice or card. Elsewhere (Suggest a move, Pass until my turn, the links)
   * Enter does as usual. */
  document.addEventListener("keydown", (e) => {
    const help = $("help");
    if (help.open) {
      if (e.key === "Escape") { e.preventDefault(); help.close(); }
      return;
    }
    const tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (e.key === "?") { help.showModal(); return; }
    if (e.key === "Enter") {
      const inDecision = e.target.closest && e.target.closest("#choice, #board, #hand-area");
      if ((tag === "BUTTON" || tag === "A") && (!inDecision || e.target.id === "pass-all")) return;
      e.preventDefault();
      const done = document.querySelector("#choice button.option.done");
      if (done) done.click();
      return;
    }
    if (e.key === "Escape" || e.key === "Backspace") { if (chosen.length) { e.preventDefault(); back(); } return; }
    if (/^[0-9]$/.test(e.key)) {
      const n = e.key === "0" ? 10 : Number(e.key);
      const b = document.querySelector(`#choice button.option[data-n="${n}"]`);
      if (b) { e.preventDefault(); b.click(); }
    }
  });
  $("help-button").addEventListener("click", () => $("help").showModal());
  $("suggest").addEventListener("click", askHint);
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("chat-text");
    if (input.value.trim()) send({ type: "chat", text: input.value });
    input.value = "";
  });
  if (!token) $("chat-form").hidden = true;
  setupAutoPass();
  connect();
})();
