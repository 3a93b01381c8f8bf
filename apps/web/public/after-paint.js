// Starts the app once the prerendered landing page has painted (build/prerender.ts, issue 14).
// The page's HTML already shows the pitch; its scripts are fetched from here instead of from
// the head, so on a slow connection the HTML gets the bandwidth first and paints, then the app
// loads and renders the same page over it. `data-entry` is the app's entry module and
// `data-preload` the chunks it will ask for next (fetched side by side with it).
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  var preloads = ((script && script.getAttribute('data-preload')) || '').split(' ');
  var hasStarted = false;
  function start() {
    if (hasStarted || !entry) return;
    hasStarted = true;
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
  // requestAnimationFrame runs just before the next paint, the timeout just after it. A hidden
  // tab paints nothing (and runs no frames): start at once there, and never wait past 500 ms.
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  setTimeout(start, 500);
})();
