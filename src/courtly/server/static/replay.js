/* Courtly: a finished game replayed step by step, from the public view or any
 * seat's (the record is public once the game is over). The step is in the
 * address (#12), so a link shows that very moment.
 *
 * The review panel asks the server to judge one seat's decisions with the hard
 * bot's search (POST, then GET until done: /api/tables/ID/review?seat=S) and
 * lists them; a row jumps to the step where that move was played. */
"use strict";
(function () {
  const { esc } = window.Cards;
  const boot = JSON.parse(document.getElementById("boot").textContent);
  const game = window.Games[boot.game] || window.Games.generic;
  game.cards = boot.cards || {};
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  let data = null;
  let at = 0;

  /* Names as at the table: "Ada", "Easy bot" (with its seat when two bots play
   * at the same level), "Seat 2" for a seat nobody named. */
  function playerName(seat) {
    const n = data && data.names[seat];
    if (!n) return `Seat ${seat}`;
    if (!n.startsWith("bot ")) return n;
    const twins = data.names.filter((o) => o === n).length;
    return `${n[4].toUpperCase()}${n.slice(5)} bot${twins > 1 ? ` (seat ${seat})` : ""}`;
  }

  /* A seat in the lists (View as, the review's seat), as its plaque reads: its
   * name with its number, "Ada (seat 0)", "Easy bot (seat 1)", "Seat 2" for a
   * seat nobody named (its number is its name). */
  function seatLabel(seat) {
    const name = playerName(seat);
    return /\(seat \d+\)$|^Seat \d+$/.test(name) ? name : `${name} (seat ${seat})`;
  }

  /* A seat's plaque, as at the table: its name ("Ada · You" for the seat the
   * replay is seen from), its score, and a line with its number ("bot · easy ·
   * seat 1" for a bot). */
  function plaque(f, i) {
    const n = data.names[i] || "";
    const bot = n.startsWith("bot ");
    const mine = String(i) === String(data.seat);
    return `<div class="seat${(f.observation.to_act || []).includes(i) ? " awaited" : ""}${mine ? " me" : ""}" data-seat="${i}">` +
      `<span class="avatar seat-${i}" aria-hidden="true">${bot ? "⚙" : esc((playerName(i).match(/[\p{L}\p{N}]/u) || ["?"])[0].toUpperCase())}</span>` +
      `<span class="seat-name">${esc(mine ? `${playerName(i)} · You` : playerName(i))}</span>` +
      `<span class="seat-score">${esc(f.observation.scores ? f.observation.scores[i] : "")}</span>` +
      `<span class="seat-state">${bot ? `bot · ${esc(n.slice(4))} · ` : ""}seat ${i}</span></div>`;
  }

  /* Seen from a seat, that seat is "You", as the game's own lines say. */
  function seatName(seat) {
    if (seat === null || seat === undefined) return "the table";
    return data && seat === data.seat ? "You" : playerName(seat);
  }

  /* A line for players: names for seat numbers, card symbols for codes. */
  const polish = (text, capital = true) => window.Cards.polish(game.words && text ? game.words(String(text)) : text, { you: data ? data.seat : null, name: playerName }, capital);

  /* A move in words (structured text, worded by the game in Python), as safe HTML. */
  const said = (words, capital = true) => window.Cards.line(words, { you: data ? data.seat : null, name: playerName }, capital);

  function show(n) {
    at = Math.max(0, Math.min(n, data.frames.length - 1));
    const f = data.frames[at];
    const ctx = { obs: f.observation, you: data.seat, seatName, polish, names: data.names, cards: boot.cards || {}, pickable: new Set(), picked: new Set(), over: at === data.frames.length - 1 };
    $("board").innerHTML = game.board(ctx);
    $("hand-area").innerHTML = data.seat === null ? "" : game.hand(ctx);
    if (game.afterRender) game.afterRender(ctx, $("board"));
    $("seats").innerHTML = data.names.map((_, i) => plaque(f, i)).join("");
    $("status").innerHTML = at === 0 ? `The deal (step 0 of ${data.frames.length - 1}).` : `Step ${at} of ${data.frames.length - 1} · ${f.words === null ? `a move by ${esc(seatName(f.by))} (what you saw of it is in the log)` : `${esc(seatName(f.by))}: ${said(f.words, false)}`}.`;
    const who = { you: data.seat, name: playerName };
    const lines = f.events.map((e) => e.text).filter(Boolean);
    $("log").innerHTML = lines.map((l) => `<li>${window.Cards.line(l, who)}</li>`).join("") || "<li>(nothing to see)</li>";
    $("step").value = String(at);
    for (const row of document.querySelectorAll("#review-out tr[data-step]")) row.classList.toggle("current", Number(row.dataset.step) === at);
    document.body.dataset.step = String(at);
    history.replaceState(null, "", `#${at}`);
  }

  /* No replay to show: a sentence saying why, the way on (HTML of links), and
   * none of the controls, seats and panels, which would have nothing to work on. */
  function unavailable(why, wayOn) {
    const said = String(why);
    $("status").textContent = `${said[0].toUpperCase()}${said.slice(1)}${said.endsWith(".") ? "" : "."}`;
    $("way-on").innerHTML = wayOn;
    $("way-on").hidden = false;
    for (const el of document.querySelectorAll(".replay-controls, #seats, #board, #hand-area, .side")) el.hidden = true;
    document.body.dataset.replay = "unavailable";
  }

  async function load() {
    const table = encodeURIComponent(boot.table);
    if (!boot.over) {
      // Before the end every seat's hidden cards are still secret: no step is shown.
      unavailable("This game is not over yet: its replay is available once it ends",
        `You can <a href="/play/${table}">watch the table</a> meanwhile, or go back to <a href="/">the lobby</a>.`);
      return;
    }
    const seat = params.get("seat");
    const r = await fetch(`/api/tables/${table}/replay${seat !== null && seat !== "" ? `?seat=${encodeURIComponent(seat)}` : ""}`);
    const body = await r.json();
    if (!r.ok) {
      // a seat the table does not have (?seat=abc, ?seat=7): the public view is always there
      unavailable(body.error || "The replay could not be loaded",
        seat !== null && seat !== "" ? `You can <a href="/replay/${table}">watch the replay as a spectator</a>, or go back to <a href="/">the lobby</a>.` : `Go back to <a href="/">the lobby</a>.`);
      return;
    }
    data = body;
    $("step").max = String(data.frames.length - 1);
    $("viewer").innerHTML = `<option value="">everyone (public)</option>` + data.names.map((_, i) => `<option value="${i}"${String(data.seat) === String(i) ? " selected" : ""}>${esc(seatLabel(i))}</option>`).join("");
    $("review-seat").innerHTML = data.names.map((_, i) => `<option value="${i}"${String(data.seat) === String(i) ? " selected" : ""}>${esc(seatLabel(i))}</option>`).join("");
    show(Number(location.hash.slice(1)) || 0);
  }
  // a step typed or pasted into the address (only the #step changed) goes there
  window.addEventListener("hashchange", () => { if (data) show(Number(location.hash.slice(1)) || 0); });

  // -- the review panel ------------------------------------------------------------------
  const reviewUrl = (seat) => `/api/tables/${encodeURIComponent(boot.table)}/review?seat=${encodeURIComponent(seat)}`;

  async function startReview() {
    const seat = $("review-seat").value;
    $("review-go").disabled = true;
    $("review-out").innerHTML = "";
    $("review-status").textContent = "Asking for the review…";
    try {
      const r = await fetch(reviewUrl(seat), { method: "POST" });
      const job = await r.json();
      if (!r.ok) { $("review-status").textContent = job.error || "The review could not be started."; $("review-go").disabled = false; return; }
      follow(job);
    } catch (err) {
      $("review-status").textContent = "The review could not be started.";
      $("review-go").disabled = false;
    }
  }

  function follow(job) {
    if (job.status === "running") {
      $("review-status").textContent = job.total === null || job.total === undefined
        ? `Reviewing ${playerName(job.seat)}: replaying the game…`
        : `Reviewing ${playerName(job.seat)}: ${job.done} of ${job.total} decisions…`;
      document.body.dataset.review = "running";
      setTimeout(async () => {
        try {
          const r = await fetch(reviewUrl(job.seat));
          follow(await r.json());
        } catch (err) { follow(job); }
      }, 400);
      return;
    }
    $("review-go").disabled = false;
    if (job.status !== "done") {
      $("review-status").textContent = job.error || "The review could not be worked out.";
      document.body.dataset.review = "failed";
      return;
    }
    drawReview(job.review);
  }

  /* A row chosen far below the board (on a phone the panel is under it, and a
   * long list scrolls the board away at any width) changed the board out of
   * sight: the step's line, its controls and the board are brought into view. */
  function bringStepIntoSight() {
    const top = $("board").getBoundingClientRect().top;
    if (top >= 0 && top < innerHeight) return;
    const calm = matchMedia("(prefers-reduced-motion: reduce)").matches;
    document.querySelector(".status-bar").scrollIntoView({ block: "start", behavior: calm ? "auto" : "smooth" });
  }

  function drawReview(rv) {
    const n = rv.decisions.length;
    const pct = (x) => (x === null || x === undefined ? "?" : `${Math.round(x * 100)}%`);
    $("review-status").textContent = n
      ? `${playerName(rv.seat)}: ${rv.costly} costly decision${rv.costly === 1 ? "" : "s"} (loss ${rv.costly_at} or more) of ${n}; total loss ${rv.total_loss.toFixed(2)}` +
        `${rv.forced ? `; ${rv.forced} forced move${rv.forced === 1 ? "" : "s"} skipped` : ""}. Click a row to see that step.` +
        `${rv.chance ? ` Each move's figure is ${rv.chance}.` : ""}`
      : `${playerName(rv.seat)} had no decision to make in this game.`;
    if (!n) { document.body.dataset.review = "done"; return; }
    const rows = rv.decisions.map((d) => {
      const same = d.played === d.best;
      const loss = d.loss === null ? "? (not tried)" : d.loss.toFixed(2);
      return `<tr data-step="${d.step}" tabindex="0"${d.costly ? ' class="costly"' : ""}>` +
        `<td>${d.step}</td><td>${said(d.played_words)} <small>${pct(d.played_value)}</small></td>` +
        `<td>${same ? "<small>(the same)</small>" : `${said(d.best_words)} <small>${pct(d.best_value)}</small>`}</td>` +
        `<td>${loss}${d.costly ? ' <span class="costly-flag">⚠ costly</span>' : ""}</td></tr>`;
    }).join("");
    $("review-out").innerHTML = `<table class="review"><caption class="sr-only">Decisions of ${esc(playerName(rv.seat))}</caption>` +
      `<thead><tr><th scope="col">Step</th><th scope="col">Played</th><th scope="col">Best</th><th scope="col">Loss</th></tr></thead><tbody>${rows}</tbody></table>`;
    for (const row of document.querySelectorAll("#review-out tr[data-step]")) {
      const go = () => { show(Number(row.dataset.step)); bringStepIntoSight(); };
      row.addEventListener("click", go);
      row.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
    }
    document.body.dataset.review = "done";
    show(at);
  }

  $("review-go").addEventListener("click", startReview);

  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(at - 1));
  $("next").addEventListener("click", () => show(at + 1));
  $("last").addEventListener("click", () => show(Infinity));
  $("step").addEventListener("input", (e) => show(Number(e.target.value)));
  $("viewer").addEventListener("change", (e) => {
    const q = e.target.value === "" ? "" : `?seat=${e.target.value}`;
    location.href = `${location.pathname}${q}#${at}`;
  });
  /* Arrows, Home and End step through the game; the slider and the selects
   * have their own (the slider's moves it one step and says so by "input"). */
  document.addEventListener("keydown", (e) => {
    const tag = (e.target && e.target.tagName) || "";
    if (!data || tag === "SELECT" || tag === "INPUT") return;
    if (e.key === "ArrowRight") show(at + 1);
    if (e.key === "ArrowLeft") show(at - 1);
    if (e.key === "Home") show(0);
    if (e.key === "End") show(Infinity);
  });
  load();
})();
