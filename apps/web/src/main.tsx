// Mantine's global sheets (first in the page: build/mantine-styles.ts); each component's CSS
// comes with the code that renders it, so a page downloads only the styles of what it shows.
import './app/mantine-global.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { loadChunk } from './lib/chunk-load';
import { initI18n } from './lib/i18n';
import { showStartupFailure } from './lib/i18n/startup-failure';
import { router } from './app/router';
import { makeZodJitless } from './lib/zod-jitless';

// Before any page's code parses with zod: no eval probe under the strict CSP.
makeZodJitless();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The page's language strings are a chunk of their own: render once they are here (or say that
// they could not come, within the spec's 120 s chunk time-out).
loadChunk(initI18n).then(
  () => {
    createRoot(container).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error(error);
    showStartupFailure(container);
  },
);
