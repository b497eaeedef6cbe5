/* Courtly: the lobby. Choose a game, its seats (you, invited friends or bots)
 * and options; create the table through the HTTP API; hand out invite links. */
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const esc = (t) => String(t ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  const games = JSON.parse($("games-data").textContent);
  const byId = Object.fromEntries(games.map((g) => [g.id, g]));
  const form = $("new-table");

  const current = () => byId[form.querySelector("input[name=game]:checked").value];

  function seatRow(i, g, kind) {
    const label = (b) => b === "human" ? (i === 0 ? "you" : "a friend (invite link)") : b === "open" ? "an open seat (anyone may take it)" : "bot: " + b;
    const kinds = i === 0 ? ["human", ...g.bots] : ["human", "open", ...g.bots];
    const choices = kinds.map((b) => `<option value="${b}"${b === kind ? " selected" : ""}>${label(b)}</option>`).join("");
    return `<li><label>Seat ${i} <select name="seat-${i}" data-seat="${i}">${choices}</select></label></li>`;
  }

  function drawSeats() {
    const g = current();
    const n = Math.max(g.min_players, Math.min(g.max_players, Number($("players").value) || g.default_players));
    $("players").min = g.min_players;
    $("players").max = g.max_players;
    $("players").value = n;
    $("players").disabled = g.min_players === g.max_players;
    const old = [...document.querySelectorAll("#seats select")].map((s) => s.value);
    $("seats").innerHTML = Array.from({ length: n }, (_, i) => seatRow(i, g, old[i] || (i === 0 ? "human" : "easy"))).join("");
  }

  function drawOptions() {
    const g = current();
    $("options").innerHTML = g.options.map((o) => {
      const id = `opt-${o.name}`;
      const quick = g.quick[o.name];
      return `<p><label for="${id}"><b>${esc(o.name)}</b> <small>(${esc(o.allowed)}; default ${esc(o.default)})</small></label><br>` +
        `<input id="${id}" data-option="${esc(o.name)}" placeholder="${esc(quick !== undefined ? quick : o.default)}"> <small>${esc(o.description)}</small></p>`;
    }).join("") || "<p>This game has no options.</p>";
  }

  function onGame() {
    const g = current();
    $("lobby-error").textContent = "";
    $("players").value = g.default_players;
    drawSeats();
    drawOptions();
  }

  /* An option as typed (the way the defaults are shown: quick, 3, false, none). */
  function optionValue(text) {
    const t = text.trim();
    if (t === "none") return null;
    if (t === "true" || t === "false") return t === "true";
    if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
    return t;
  }

  form.addEventListener("change", (e) => {
    if (e.target.name === "game") onGame();
    if (e.target.id === "players") drawSeats();
    // an open seat is taken from the list of open tables: the table must be listed
    if (e.target.dataset && e.target.dataset.seat !== undefined && e.target.value === "open") $("public").checked = true;
  });

  /* What the page can tell before asking the server, in the page's words. */
  function problem() {
    const open = [...document.querySelectorAll("#seats select")].filter((s) => s.value === "open").map((s) => s.dataset.seat);
    if (open.length && !$("public").checked) {
      const seats = `${open.length > 1 ? "Seats" : "Seat"} ${open.join(" and ")}`;
      return `${seats} ${open.length > 1 ? "are open seats" : "is an open seat"}, which only a listed table offers to anyone: tick “List this table among the open tables”, or make ${open.length > 1 ? "them" : "it"} “a friend (invite link)” and send the link.`;
    }
    return "";
  }

  /* The open tables as the server lists them now (the lobby's own list). */
  async function refreshOpenTables() {
    try {
      const r = await fetch("/", { headers: { accept: "text/html" } });
      const fresh = new DOMParser().parseFromString(await r.text(), "text/html").getElementById("open-tables");
      if (r.ok && fresh) $("open-tables").innerHTML = fresh.innerHTML;
    } catch (err) { /* the list stays as it was */ }
  }

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    $("lobby-error").textContent = problem();
    if ($("lobby-error").textContent) return;
    const g = current();
    const options = $("quick").checked ? { ...g.quick } : {};
    for (const input of document.querySelectorAll("[data-option]")) {
      if (input.value.trim()) options[input.dataset.option] = optionValue(input.value);
    }
    const body = {
      game: g.id,
      seats: [...document.querySelectorAll("#seats select")].map((s) => s.value),
      options,
      public: $("public").checked,
      hints: $("hints").checked,
    };
    if ($("your-name").value.trim()) body.name = $("your-name").value.trim();
    $("create").disabled = true;
    try {
      const r = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const answer = await r.json();
      if (!r.ok) { $("lobby-error").textContent = answer.error || "The table could not be created."; return; }
      showCreated(answer);
      if (body.public) refreshOpenTables();
    } finally {
      $("create").disabled = false;
    }
  });

  function showCreated(answer) {
    const humans = answer.seats.filter((s) => s.invite);
    $("created").hidden = false;
    const mine = humans[0];
    $("play-link").href = mine ? mine.invite : answer.spectate;
    $("play-link").textContent = mine ? `Go to my seat (seat ${mine.seat})` : "Watch the bots play";
    const others = humans.slice(1);
    $("invites").innerHTML = others.length ? "<p>Send each friend their own link (whoever holds a link plays that seat):</p><ul class='invites'>" + others.map((s) =>
      `<li>Seat ${s.seat}: <input readonly value="${esc(s.invite)}" aria-label="Invite link for seat ${s.seat}" size="40"> <button type="button" class="copy" data-link="${esc(s.invite)}">Copy</button></li>`).join("") + "</ul>" : "";
    const open = answer.seats.filter((s) => s.kind === "open").map((s) => s.seat);
    if (open.length) $("invites").innerHTML += `<p>Open seat${open.length > 1 ? "s" : ""} ${open.join(", ")}: anyone may take ${open.length > 1 ? "them" : "it"} from the open tables below.</p>`;
    $("spectate-link").href = answer.spectate;
    $("spectate-link").textContent = answer.spectate;
    for (const b of document.querySelectorAll("button.copy")) {
      b.addEventListener("click", async () => {
        try { await navigator.clipboard.writeText(b.dataset.link); b.textContent = "Copied"; } catch (err) { b.previousElementSibling.select(); b.textContent = "Press Ctrl+C"; }
      });
    }
    $("created").scrollIntoView({ behavior: "smooth" });
  }

  document.addEventListener("click", async (e) => {
    const b = e.target.closest("button.join");
    if (!b) return;
    const name = prompt("Your name at this table?");
    if (!name) return;
    const r = await fetch(`/api/tables/${encodeURIComponent(b.dataset.table)}/join`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }) });
    const answer = await r.json();
    if (!r.ok) { alert(answer.error); return; }
    location.href = answer.invite;
  });

  // a fan of court cards beside the title
  if ($("fan") && window.Cards) $("fan").innerHTML = ["KH", "QS", "JD", "AC"].map((c) => window.Cards.face(c)).join("");

  const wanted = location.hash.startsWith("#game-") ? location.hash.slice(6) : null;
  if (wanted && byId[wanted]) form.querySelector(`input[name=game][value="${wanted}"]`).checked = true;
  onGame();
})();
