/* Courtly: a finished game replayed step by step, from the public view or any
 * seat's (the record is public once the game is over). The step is in the
 * address (#12), so a link shows that very moment. */
"use strict";
(function () {
  const { esc, markup } = window.Cards;
  const boot = JSON.parse(document.getElementById("boot").textContent);
  const game = window.Games[boot.game] || window.Games.generic;
  game.cards = boot.cards || {};
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  let data = null;
  let at = 0;

  function seatName(seat) {
    if (seat === null || seat === undefined) return "the table";
    const n = data && data.names[seat];
    return n ? `P${seat} · ${n}` : `P${seat}`;
  }

  function show(n) {
    at = Math.max(0, Math.min(n, data.frames.length - 1));
    const f = data.frames[at];
    const ctx = { obs: f.observation, you: data.seat, seatName, names: data.names, cards: boot.cards || {}, pickable: new Set(), picked: new Set(), over: at === data.frames.length - 1 };
    $("board").innerHTML = game.board(ctx);
    $("hand-area").innerHTML = data.seat === null ? "" : game.hand(ctx);
    if (game.afterRender) game.afterRender(ctx, $("board"));
    $("seats").innerHTML = data.names.map((_, i) => `<div class="seat${(f.observation.to_act || []).includes(i) ? " awaited" : ""}"><span class="seat-name">${esc(seatName(i))}</span><span class="seat-score">${esc(f.observation.scores ? f.observation.scores[i] : "")}</span></div>`).join("");
    $("status").textContent = at === 0 ? `The deal (step 0 of ${data.frames.length - 1}).` : `Step ${at} of ${data.frames.length - 1}: ${seatName(f.by)} played “${f.action}”.`;
    const lines = f.events.map((e) => (game.describe && game.describe(e.event, ctx)) || e.text).filter(Boolean);
    $("log").innerHTML = lines.map((l) => `<li>${markup(l)}</li>`).join("") || "<li>(nothing to see)</li>";
    $("step").value = String(at);
    document.body.dataset.step = String(at);
    history.replaceState(null, "", `#${at}`);
  }

  async function load() {
    const seat = params.get("seat");
    const r = await fetch(`/api/tables/${encodeURIComponent(boot.table)}/replay${seat !== null && seat !== "" ? `?seat=${encodeURIComponent(seat)}` : ""}`);
    const body = await r.json();
    if (!r.ok) { $("status").textContent = body.error || "The replay could not be loaded."; return; }
    data = body;
    $("step").max = String(data.frames.length - 1);
    $("viewer").innerHTML = `<option value="">everyone (public)</option>` + data.names.map((_, i) => `<option value="${i}"${String(data.seat) === String(i) ? " selected" : ""}>${esc(seatName(i))}</option>`).join("");
    show(Number(location.hash.slice(1)) || 0);
  }

  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(at - 1));
  $("next").addEventListener("click", () => show(at + 1));
  $("last").addEventListener("click", () => show(Infinity));
  $("step").addEventListener("input", (e) => show(Number(e.target.value)));
  $("viewer").addEventListener("change", (e) => {
    const q = e.target.value === "" ? "" : `?seat=${e.target.value}`;
    location.href = `${location.pathname}${q}#${at}`;
  });
  document.addEventListener("keydown", (e) => {
    if (!data || (e.target && e.target.tagName === "SELECT")) return;
    if (e.key === "ArrowRight") show(at + 1);
    if (e.key === "ArrowLeft") show(at - 1);
    if (e.key === "Home") show(0);
    if (e.key === "End") show(Infinity);
  });
  load();
})();
