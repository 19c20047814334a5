// The web table's script: moves posted without leaving the page, and the page brought up
// to date when the game changes (server-sent events). Without it the page still works:
// each choice is a form's button, and reloading shows the game as it stands.
"use strict";
(function () {
  const live = document.getElementById("live");
  if (!live || !live.dataset.base) return;
  const base = live.dataset.base;
  const query = window.location.search;
  // A move being posted; a refresh under way; a change told meanwhile (fetched after).
  let busy = false;
  let fetching = false;
  let again = false;

  // The new live part in place; the focus goes to the first choice, or stays in the page.
  // An answer older than what the page shows (two fetches crossing) is dropped, and a
  // refresh's answer no newer than it too (a move's answer may carry a notice).
  function show(html, onlyNewer) {
    const next = document.createElement("div");
    next.innerHTML = html;
    const incoming = next.querySelector("h1[data-version]");
    const shown = Number(live.dataset.version || 0);
    if (incoming && Number(incoming.dataset.version) < shown) return;
    if (incoming && onlyNewer && Number(incoming.dataset.version) === shown) return;
    const hadFocus = live.contains(document.activeElement);
    live.replaceChildren(...next.childNodes);
    const heading = live.querySelector("h1");
    if (heading) live.dataset.version = heading.dataset.version;
    if (hadFocus) {
      const first = live.querySelector("button.choice") || live.querySelector("h1");
      if (first) {
        if (!first.hasAttribute("tabindex") && first.tagName === "H1") first.setAttribute("tabindex", "-1");
        first.focus();
      }
    }
  }

  // One fetch at a time; a change told while one runs (or a move is posted) fetches
  // again after it, so the page never stays behind the last change.
  async function refresh() {
    if (busy || fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      const answer = await fetch(base + "/live" + query, { cache: "no-store" });
      if (answer.ok) show(await answer.text(), true);
    } catch (_) {
      // The event stream reconnects by itself and refreshes again then.
    }
    fetching = false;
    if (again) {
      again = false;
      refresh();
    }
  }

  live.addEventListener("submit", async function (event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    const body = new URLSearchParams(new FormData(form));
    if (event.submitter && event.submitter.name) body.set(event.submitter.name, event.submitter.value);
    for (const b of form.querySelectorAll("button")) b.disabled = true;
    try {
      const answer = await fetch(form.action + query, {
        method: "POST",
        headers: { "X-Vliv-Part": "1", "Content-Type": "application/x-www-form-urlencoded" },
        body: body,
      });
      const html = await answer.text();
      busy = false;
      show(html);
    } catch (_) {
      busy = false;
      const notice = live.querySelector(".notice");
      if (notice) notice.textContent = live.dataset.lost || "";
      for (const b of form.querySelectorAll("button")) b.disabled = false;
    }
    if (again) {
      again = false;
      refresh();
    }
  });

  if (window.EventSource) {
    const events = new EventSource(base + "/events" + query);
    events.addEventListener("changed", refresh);
    // Changes may have been missed: after a lost connection, and on the first opening too
    // (a change between the page's load and the stream's start is announced to nobody).
    events.addEventListener("open", refresh);
    // Refused (too many pages open): the stream does not retry; the page says why.
    events.addEventListener("error", async function () {
      if (events.readyState !== EventSource.CLOSED) return;
      try {
        const answer = await fetch(base + "/events" + query, { cache: "no-store" });
        if (answer.ok) {
          if (answer.body) answer.body.cancel();
          return;
        }
        const page = new DOMParser().parseFromString(await answer.text(), "text/html");
        const why = page.querySelector("[role=alert]");
        const unlive = document.getElementById("unlive");
        if (why && unlive) {
          unlive.textContent = why.textContent;
          unlive.hidden = false;
        }
      } catch (_) {
        // Offline: nothing to say more than the browser does.
      }
    });
  }
})();
