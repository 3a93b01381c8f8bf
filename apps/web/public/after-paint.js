// Starts the app over a prerendered page (build/prerender.ts, issue 14). The page's HTML already
// shows the page; its scripts are fetched from here instead of from the head, so on a slow
// connection the HTML gets the bandwidth first and paints, then the app loads and renders the
// same page over it. `data-entry` is the app's entry module and `data-preload` the chunks it
// will ask for next (fetched side by side with it).
//
// `data-start="paint"`: start right after the first paint. `data-start="interaction"` (the
// landing page, decision 0009): start on the visitor's first pointer, touch, key or focus, since
// reading the pitch needs no script and a click made before the app is here is made again by it
// (theme-init.js, src/lib/prerender-handoff.tsx). It starts at once where the HTML cannot be what
// the app will show: a visitor signed in last time, or one whose stored language is not the
// page's.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  var preloads = ((script && script.getAttribute('data-preload')) || '').split(' ');
  var mode = script && script.getAttribute('data-start');
  var root = document.documentElement;
  // The page's language (#root, written by the build), against the one theme-init.js applied.
  var page = document.getElementById('root');
  var language = page && page.getAttribute('data-language');
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
  var isOwnPage =
    !root.hasAttribute('data-was-signed-in') && root.getAttribute('lang') === language;
  if (mode === 'interaction' && isOwnPage) {
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
