// Mantine's global sheets (first in the page: build/mantine-styles.ts); each component's CSS
// comes with the code that renders it, so a page downloads only the styles of what it shows.
import './app/mantine-global.css';
import './app/global.css';

import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { loadChunk } from './lib/chunk-load';
import { hydrateInlinedQueries } from './lib/inlined-queries';
import { queryClient } from './lib/query-client';
import { initI18n } from './lib/i18n';
import { showStartupFailure } from './lib/i18n/startup-failure';
import { AfterFirstCommit, handOverPrerenderedPage } from './lib/prerender-handoff';
import { AppRoutes, preloadPage } from './app/router';
import { preloadUserMenu } from './features/auth/components/user-menu-slot';
import { RouteErrorBoundary } from './components/route-error';
import { makeZodJitless } from './lib/zod-jitless';
import { prefetchBeforeTakeover } from './app/page-data/page-data-at';

// Before any page's code parses with zod: no eval probe under the strict CSP.
makeZodJitless();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element in index.html');
const container: HTMLElement = rootElement;

// The page's code and its language strings are chunks of their own: fetch both at once, render
// once the strings are here (or say that they could not come, within the 120 s chunk time-out).
// Over a page the server sent prerendered (the landing page), also wait for the page's code, so
// the first render shows the same page instead of flashing a loader over it.
const page = preloadPage(window.location.pathname);
const isPrerendered = container.dataset['prerendered'] === window.location.pathname;
const handOver = isPrerendered ? handOverPrerenderedPage(container) : () => undefined;
// A page the server rendered for the signed-in visitor: the data it was rendered from.
if (isPrerendered) hydrateInlinedQueries(queryClient);

// The longest the app waits for a held press to be let go: a press held longer is not a click, and
// a release the page never hears of must not keep the app away.
const PRESS_WAIT_MAX_MS = 5000;

/**
 * Resolves once no press on the page sent as HTML is held (public/theme-init.js): taking over
 * between a press and its release would lose the click (issue 22). Let go, the click is noted
 * on the HTML and made again on the app's same control (src/lib/prerender-handoff.tsx).
 */
function afterHeldPress(): Promise<void> {
  const scope = window as typeof window & {
    __teamshuffleAfterPress?: (callback: () => void) => void;
  };
  const afterPress = scope.__teamshuffleAfterPress;
  if (!isPrerendered || !afterPress) return Promise.resolve();
  return new Promise((resolve) => {
    // Says that the app is here and waits (the e2e test of a press held while it arrives).
    container.setAttribute('data-awaiting-release', '');
    const done = () => {
      clearTimeout(timer);
      container.removeAttribute('data-awaiting-release');
      resolve();
    };
    const timer = setTimeout(done, PRESS_WAIT_MAX_MS);
    afterPress(done);
  });
}

function renderApp(): void {
  const app = (
    <StrictMode>
      <AfterFirstCommit onCommit={handOver}>
        <AppProvider>
          <BrowserRouter>
            {/* Last resort if the shell itself fails. */}
            <RouteErrorBoundary>
              <AppRoutes />
            </RouteErrorBoundary>
          </BrowserRouter>
        </AppProvider>
      </AfterFirstCommit>
    </StrictMode>
  );
  // Rendered and committed in this task, right after the check that no press is held: a press
  // can start in no gap between the two.
  const root = createRoot(container);
  flushSync(() => root.render(app));
}

// Over a page the server rendered for the signed-in visitor (decision 0011), the header's user
// menu too, so the header does not flicker as the app takes over.
const isSignedInPage = isPrerendered && container.dataset['signedIn'] !== undefined;

loadChunk(async () => {
  await Promise.all([
    initI18n(),
    isPrerendered ? page : null,
    isSignedInPage ? preloadUserMenu() : null,
    isSignedInPage ? prefetchBeforeTakeover(queryClient, window.location.href) : null,
  ]);
})
  .then(afterHeldPress)
  .then(renderApp, (error: unknown) => {
    console.error(error);
    showStartupFailure(container);
  });
