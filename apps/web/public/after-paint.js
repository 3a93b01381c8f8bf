// Starts the app over a prerendered page (build/prerender.ts, issue 14). The page's HTML already
// shows the page; its scripts are fetched from here instead of from the head, so on a slow
// connection the HTML gets the bandwidth first and paints, then the app loads and renders the
// same page over it. `data-entry` is the app's entry module and `data-preload` the chunks it
// will ask for next (fetched side by side with it).
//
// `data-start="interaction"` (every prerendered page, decisions 0009 and 0010): start on the
// visitor's first pointer, touch, key or focus, since reading the page needs no script and what
// the visitor does before the app is here is done again by it (theme-init.js,
// src/lib/prerender-handoff.tsx). `data-start="paint"`: right after the first paint. Either way
// it starts at once where the HTML is hidden because it cannot be what the app will show
// (global.css: a visitor signed in last time, a saved draft, a stored language that is not the
// page's), and where the address has a query string.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  var preloads = ((script && script.getAttribute('data-preload')) || '').split(' ');
  var mode = script && script.getAttribute('data-start');
  // global.css hides the prerendered page where it is not the page to show (marks theme-init.js
  // set before the first paint): then nobody can reach for it.
  var page = document.querySelector('.prerendered-page');
  var isShown = page !== null && window.getComputedStyle(page).visibility !== 'hidden';
  var hasStarted = false;
  // A click too: a screen reader can activate a control without moving the focus first.
  var events = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'click'];
  function start() {
    if (hasStarted || !entry) return;
    hasStarted = true;
    for (var e = 0; e < events.length; e++) {
      document.removeEventListener(events[e], start, true);
    }
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  // A query string is for the app to read (Google's sign-in comes back with `?error=`): the HTML
  // was rendered without one, so the app starts at once to act on it.
  var hasQuery = window.location.search.length > 1;
  if (mode === 'interaction' && isShown && !hasQuery) {
    for (var e = 0; e < events.length; e++) {
      document.addEventListener(events[e], start, { capture: true, passive: true });
    }
    // Focus already inside the page (a restored tab, an autofocus), or a click made before this
    // script ran (theme-init.js noted it), counts as reaching for it.
    var clicks = window.__teamshufflePendingClicks;
    var isFocused = document.activeElement && document.activeElement !== document.body;
    if (isFocused || (clicks && clicks.length > 0)) start();
    return;
  }
  // requestAnimationFrame runs just before the next paint, the timeout just after it. A hidden
  // tab paints nothing (and runs no frames): start at once there, and never wait past 500 ms.
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  setTimeout(start, 500);
})();
