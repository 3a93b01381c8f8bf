// Applies the stored colour scheme (localStorage "darkMode": JSON true/false, default false)
// and the stored language before the first paint. Kept in sync with
// src/lib/color-scheme-manager.ts, src/lib/i18n/index.ts, src/lib/session/signed-in-hint.ts and
// src/features/team-formation/model/draft-storage.ts.
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
    // Signed in last time: a prerendered page (as a signed-out visitor sees it) stays hidden
    // until the app shows this visitor's own page (src/lib/session/signed-in-hint.ts).
    if (window.localStorage.getItem('teamshuffle.wasSignedIn') === '1') {
      root.setAttribute('data-was-signed-in', '');
    }
    // A saved team-formation draft: the prerendered /app (an empty tool) stays hidden until the
    // app shows the draft (src/features/team-formation/model/draft-storage.ts).
    if (window.localStorage.getItem('teamFormationDraft') !== null) {
      root.setAttribute('data-has-draft', '');
    }
  } catch (e) {
    // Storage can be unavailable (private mode, blocked cookies): keep the defaults.
  }

  // Clicks on a prerendered page's controls before the app has taken over (the page is HTML
  // until then: build/prerender.ts) are kept, and the app makes them again on its same controls
  // once it has rendered (src/lib/prerender-handoff.tsx), so an early click is not lost.
  var pendingClicks = [];
  var lastLabel = null;
  window.__teamshufflePendingClicks = pendingClicks;
  document.addEventListener(
    'click',
    function (event) {
      var target = event.target instanceof Element ? event.target : null;
      var control = target && target.closest('button, label, [role="button"]');
      if (!control || !control.closest('.prerendered-page')) return;
      // A click on a label clicks its field too (a second click event, at once): one click.
      if (control === lastLabel) return;
      if (control.tagName === 'LABEL') {
        lastLabel = control;
        setTimeout(function () {
          lastLabel = null;
        }, 0);
      }
      // With what the page's fields held at that moment (Enter in the member field clicks Add):
      // the app fills its fields the same way before it makes the click.
      var fields = document.querySelectorAll('#root input, #root textarea');
      var values = [];
      for (var i = 0; i < fields.length; i++) values.push(fields[i].value);
      // Until then a bar along the top says the page is on its way (global.css).
      var page = control.closest('.prerendered-page');
      page.setAttribute('data-waiting', '');
      page.setAttribute('aria-busy', 'true');
      // Which of the page's controls that look the same (a number field's two arrows): the
      // app's same control is the same one of its look-alikes.
      var nth = 0;
      var others = page.querySelectorAll(control.tagName);
      for (var j = 0; j < others.length && others[j] !== control; j++) {
        var isAlike =
          others[j].getAttribute('aria-label') === control.getAttribute('aria-label') &&
          others[j].textContent === control.textContent;
        if (isAlike) nth++;
      }
      pendingClicks.push({
        tag: control.tagName,
        label: control.getAttribute('aria-label'),
        text: control.textContent,
        nth: nth,
        values: values,
      });
    },
    true,
  );
  // A press not yet let go: a pointer held down, or Space held on a control (which clicks on its
  // release). The app does not take over the page while one is held (src/main.tsx): replacing the
  // HTML between a press and its release lost the click (issue 22), since the release lands on
  // the app's new control and the browser makes no click of a press and a release on two
  // different elements. Let go after the release's click, which comes with the release.
  var isHeld = false;
  var whenLetGo = [];
  function letGo() {
    if (!isHeld) return;
    isHeld = false;
    var callbacks = whenLetGo.splice(0);
    for (var k = 0; k < callbacks.length; k++) callbacks[k]();
  }
  function letGoAfterClick(event) {
    // A tap's click can come a little after the finger's release.
    setTimeout(letGo, event.pointerType === 'touch' ? 100 : 0);
  }
  document.addEventListener(
    'pointerdown',
    function () {
      isHeld = true;
    },
    true,
  );
  document.addEventListener('pointerup', letGoAfterClick, true);
  document.addEventListener('pointercancel', letGo, true);
  document.addEventListener(
    'keydown',
    function (event) {
      if (event.key === ' ') isHeld = true;
    },
    true,
  );
  document.addEventListener(
    'keyup',
    function (event) {
      if (event.key === ' ') letGoAfterClick(event);
    },
    true,
  );
  // Released outside the window: no event here.
  window.addEventListener('blur', letGo);
  /** Calls `callback` once no press is held (at once if none is). */
  window.__teamshuffleAfterPress = function (callback) {
    if (isHeld) whenLetGo.push(callback);
    else callback();
  };
  // Enter in a prerendered form would send it as a plain GET and reload the page: the app is
  // not here yet to handle it. What was typed stays (the app takes it over).
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target instanceof Element ? event.target : null;
      if (form && form.closest('.prerendered-page')) event.preventDefault();
    },
    true,
  );
})();
