// Applies the stored colour scheme (localStorage "darkMode": JSON true/false, default false)
// and the stored language before the first paint. Kept in sync with
// src/lib/color-scheme-manager.ts and src/lib/i18n/index.ts.
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
  } catch (e) {
    // Storage can be unavailable (private mode, blocked cookies): keep the defaults.
  }
})();
