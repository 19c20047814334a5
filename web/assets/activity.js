// The page Discord opens as an Activity: Discord's Embedded App SDK (served by the bot)
// makes the handshake with Discord's client and asks the player to authorize the app; the
// code it gets is posted to the bot with the Activity's instance, and the bot learns the
// player and the instance's channel from Discord and answers the address of their table
// there.
import { DiscordSDK } from "/assets/discord-embedded-app-sdk.mjs";

const root = document.getElementById("activity");
const say = (text) => {
  const p = root.querySelector("[role=status]");
  if (p) p.textContent = text;
};

async function start() {
  const clientId = root.dataset.client;
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const answer = await fetch("/activity/session", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      code: code,
      instance_id: sdk.instanceId,
      guild_id: sdk.guildId,
      channel_id: sdk.channelId,
    }),
  });
  const body = await answer.json();
  if (answer.ok && body.path) {
    window.location.replace(body.path);
  } else {
    say(body.error || root.dataset.failed);
  }
}

start().catch(() => say(root.dataset.failed));
