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
// page's), and for a visitor back from Google's sign-in page. A page the server rendered for the
// signed-in visitor (decision 0011) also starts by itself within 30 s, and right after the first
// paint when it left parts to the app (a workspace's sections, issue 22).
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
  // When the page was last loaded again because the entry would not load.
  var RELOAD_KEY = 'teamshuffle:entryReload';
  var RELOAD_EVERY_MS = 60000;
  // A click too: a screen reader can activate a control without moving the focus first; a
  // change (a select set by assistive technology), and the wheel of a still pointer.
  var events = [
    'pointerover',
    'pointerdown',
    'touchstart',
    'keydown',
    'focusin',
    'click',
    'change',
    'wheel',
  ];
  // A page the server rendered for the signed-in visitor (decision 0011) shows data that others
  // change (notifications, submissions): it starts within 30 s even if nobody reaches for it, as
  // often as the original app polled, and then follows the live events.
  var SIGNED_IN_START_MS = 30000;
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
    // The entry can be gone (a deploy replaced it while this page was open) or the network down:
    // the page is loaded again, once per minute at most, which brings the new entry. Otherwise
    // the page stays as it is (its links work), without the bar of a click waiting for the app.
    module.onerror = function () {
      try {
        var last = Number(window.sessionStorage.getItem(RELOAD_KEY)) || 0;
        if (Date.now() - last > RELOAD_EVERY_MS) {
          window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
          window.location.reload();
          return;
        }
      } catch (e) {
        // No storage: no reload, which could then repeat without end.
      }
      var waiting = document.querySelector('.prerendered-page[data-waiting]');
      if (waiting) {
        waiting.removeAttribute('data-waiting');
        waiting.removeAttribute('aria-busy');
      }
    };
    document.head.appendChild(module);
  }
  // A page the server rendered for the signed-in visitor shows its first screen; what it leaves
  // to the app (a workspace's sections, issue 22) is on it as loaders (a status or a busy region):
  // the visitor is waiting for them, so the app starts right after the first paint and fills them.
  function hasPendingParts() {
    return (
      document.querySelector(
        '#root[data-signed-in] [aria-busy="true"], #root[data-signed-in] [role="status"]',
      ) !== null
    );
  }
  // Back from Google's sign-in page (src/features/auth/utils/oauth-redirect-marker.ts): the app
  // says at once how it went. Loaded again because the entry was gone (below): the visitor had
  // already reached for the page.
  var startsAtOnce = false;
  try {
    var reloadedAt = Number(window.sessionStorage.getItem(RELOAD_KEY)) || 0;
    startsAtOnce =
      window.sessionStorage.getItem('teamshuffle:oauthRedirect') !== null ||
      Date.now() - reloadedAt < RELOAD_EVERY_MS;
  } catch (e) {
    startsAtOnce = false;
  }
  if (mode === 'interaction' && isShown && !startsAtOnce) {
    for (var e = 0; e < events.length; e++) {
      document.addEventListener(events[e], start, { capture: true, passive: true });
    }
    // Focus already inside the page (a restored tab, an autofocus), or a click made before this
    // script ran (theme-init.js noted it), counts as reaching for it.
    var clicks = window.__teamshufflePendingClicks;
    var isFocused = document.activeElement && document.activeElement !== document.body;
    if (isFocused || (clicks && clicks.length > 0)) start();
    else if (hasPendingParts()) afterFirstPaint();
    else if (document.querySelector('#root[data-signed-in]')) setTimeout(start, SIGNED_IN_START_MS);
    return;
  }
  afterFirstPaint();
  // requestAnimationFrame runs just before the next paint, the timeout just after it. A hidden
  // tab paints nothing (and runs no frames): start at once there, and never wait past 500 ms.
  function afterFirstPaint() {
    if (document.visibilityState === 'hidden') start();
    else
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    setTimeout(start, 500);
  }
})();
