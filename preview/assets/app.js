// cardpress serve: the server sends the page's content on an event stream
// (Server-Sent Events) after every save; put it in place, no reload.
"use strict";
(function () {
  const content = document.getElementById("content");
  const live = document.getElementById("live");
  let shown = document.body.dataset.version;

  function status(text, cls) {
    live.textContent = text;
    live.className = "live " + cls;
  }

  const events = new EventSource("/events");
  events.addEventListener("content", function (e) {
    // The first event after connecting is the content already shown,
    // unless something changed meanwhile (or the server restarted).
    if (e.lastEventId !== shown) {
      content.innerHTML = e.data;
      shown = e.lastEventId;
    }
    status("live", "ok");
  });
  // More pages were open than serve keeps, and this one was the oldest:
  // stop, or its retry would close another page in turn.
  events.addEventListener("closed", function (e) {
    events.close();
    status(e.data, "down");
  });
  events.onerror = function () {
    if (events.readyState !== EventSource.CLOSED) {
      status("disconnected: is cardpress serve still running? retrying…", "down");
    }
  };
})();
