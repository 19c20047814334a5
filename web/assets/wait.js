// A record being prepared (a review): asks for the page again every two seconds and shows
// it in place once it is ready; the status line says what is happening meanwhile.
"use strict";
(function () {
  async function again() {
    try {
      const answer = await fetch(window.location.href, { cache: "no-store" });
      const page = new DOMParser().parseFromString(await answer.text(), "text/html");
      const main = page.querySelector("main");
      if (main && !page.getElementById("preparing")) {
        document.title = page.title;
        document.querySelector("main").replaceWith(main);
        const heading = main.querySelector("h1");
        if (heading) {
          heading.setAttribute("tabindex", "-1");
          heading.focus();
        }
        return;
      }
    } catch (_) {
      // Offline for a moment: the next try may reach the bot.
    }
    setTimeout(again, 2000);
  }
  setTimeout(again, 2000);
})();
