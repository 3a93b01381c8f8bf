// Applies the stored colour scheme (localStorage "darkMode": JSON true/false, default false)
// and the stored language before the first paint. Kept in sync with
// src/lib/color-scheme-manager.ts, src/lib/i18n/index.ts and src/lib/session/signed-in-hint.ts.
(function () {
  var root = document.documentElement;
  var isDark = false;
  try {
    isDark = JSON.parse(window.localStorage.getItem('darkMode') || 'false') === true;
  } catch (e) {
    isDark = false;
  }
  root.setAttribute('data-mantine-color-scheme', isDark ? 'dark' : 'light');
  try {
    var language = window.localStorage.getItem('language');
    if (language === 'ko' || language === 'en') root.setAttribute('lang', language);
    // Signed in last time: the prerendered landing page (the signed-out pitch) stays hidden
    // until the app shows this visitor's own page (src/lib/session/signed-in-hint.ts).
    if (window.localStorage.getItem('teamshuffle.wasSignedIn') === '1') {
      root.setAttribute('data-was-signed-in', '');
    }
  } catch (e) {
    // Storage can be unavailable (private mode, blocked cookies): keep the defaults.
  }

  // Clicks on the prerendered landing page's controls before the app has taken over (the page
  // is HTML until then: build/prerender.ts) are kept, and the app clicks the same controls once
  // it has rendered (src/lib/prerender-handoff.tsx), so an early click is not lost.
  var pendingClicks = [];
  window.__teamshufflePendingClicks = pendingClicks;
  document.addEventListener(
    'click',
    function (event) {
      var target = event.target instanceof Element ? event.target : null;
      var control = target && target.closest('button, label, [role="button"]');
      if (!control || !control.closest('.prerendered-page')) return;
      pendingClicks.push({
        tag: control.tagName,
        label: control.getAttribute('aria-label'),
        text: control.textContent,
      });
    },
    true,
  );
})();
