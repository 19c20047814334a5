// The page Element opens as a room widget: it answers the client's widget API requests
// (postMessage, `toWidget`), asks for an OpenID token (`fromWidget` `get_openid`), posts the
// token to the bot, which asks the homeserver whose it is, and opens the table it answers.
"use strict";
(function () {
  const root = document.getElementById("widget");
  if (!root) return;
  const query = new URLSearchParams(window.location.search);
  // Element adds the widget's id and its own address to the widget's URL.
  const widgetId = query.get("widgetId") || "";
  let parentOrigin = "*";
  try {
    if (query.get("parentUrl")) parentOrigin = new URL(query.get("parentUrl")).origin;
  } catch (_) {}
  const say = (text) => {
    const p = root.querySelector("[role=status]");
    if (p) p.textContent = text;
  };
  const failed = () => say(root.dataset.failed);
  let asked = false;
  let requestId = "";

  function post(message) {
    window.parent.postMessage(message, parentOrigin);
  }

  function askForToken() {
    if (asked) return;
    asked = true;
    requestId = "vliv-openid-" + Date.now();
    post({ api: "fromWidget", widgetId: widgetId, requestId: requestId, action: "get_openid", data: {} });
  }

  async function login(credentials) {
    if (!credentials || !credentials.access_token) return failed();
    const answer = await fetch("/widget/session?lang=" + encodeURIComponent(root.dataset.lang || ""), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        access_token: credentials.access_token,
        matrix_server_name: credentials.matrix_server_name || "",
        room_id: root.dataset.room || "",
      }),
    });
    const body = await answer.json();
    if (answer.ok && body.path) {
      window.location.replace(body.path);
    } else {
      say(body.error || root.dataset.failed);
    }
  }

  window.addEventListener("message", function (event) {
    if (event.source !== window.parent) return;
    if (parentOrigin !== "*" && event.origin !== parentOrigin) return;
    const m = event.data || {};
    if (m.api === "toWidget" && !m.response) {
      // Every request of the client is answered; the widget asks for no capability.
      let response = {};
      if (m.action === "capabilities") response = { capabilities: [] };
      if (m.action === "supported_api_versions") response = { supported_versions: ["0.0.2"] };
      post(Object.assign({}, m, { response: response }));
      if (m.action === "capabilities") askForToken();
      // The user allowed the token after being asked.
      if (m.action === "openid_credentials" && m.data && m.data.original_request_id === requestId) {
        if (m.data.state === "allowed") login(m.data).catch(failed);
        else failed();
      }
      return;
    }
    if (m.api === "fromWidget" && m.requestId === requestId && m.response) {
      const r = m.response;
      if (r.state === "allowed") login(r).catch(failed);
      else if (r.state !== "request") failed();
    }
  });
})();
