// The pure functions the CPU worker pool (cpu-pool.ts) may run, by name. Each entry loads its
// function inside the worker on first use, so a worker imports only what it runs. To move more
// CPU-heavy work off the event loop, add an entry here: a function of structured-cloneable
// arguments and result, with no I/O and no shared state (decision 0012).

import type { Language } from '@teamshuffle/domain';
import type { Encoding } from '../plugins/web-html.ts';
import type { PageData, RenderedHtml, WebRenderer } from '../plugins/web-server-render.ts';

export const cpuTasks = {
  /** The replay of a balanced snapshot's search, for Create Team (results.service.ts). */
  isDrawOfSeed: async () => (await import('@teamshuffle/domain')).isDrawOfSeed,
  /** Save Result's body: its schema, its snapshot's problems, the replay (results.service.ts). */
  checkSaveResult: async () =>
    (await import('../modules/results/results.check.ts')).checkAndPackSaveResult,
  /**
   * A signed-in page rendered from its data by the web build's renderer (the module at
   * `rendererUrl`, loaded once per worker; plugins/web-server-render.ts, decision 0013), written
   * into its template and compressed as the visitor's browser takes it: the page's HTML is made
   * here, not on the event loop (issue 22: its JSON, its copy and its compressor's start took
   * about 2.5 ms of the event loop per first visit).
   */
  renderSignedInPage: async () => {
    const { compressSync, signedInPageHtml } = await import('../plugins/web-html.ts');
    const { ownBytes } = await import('./bytes.ts');
    return async function renderSignedInPage(
      rendererUrl: string,
      url: string,
      language: Language,
      known: PageData,
      template: string,
      pathname: string,
      encoding: Encoding | null,
    ): Promise<RenderedHtml | null> {
      const web = (await import(rendererUrl)) as WebRenderer;
      const rendered = await web.renderPage(url, language, known);
      if (!rendered) return null;
      const html = Buffer.from(signedInPageHtml(template, pathname, rendered));
      return {
        html: ownBytes(html),
        encoding,
        compressed: encoding === null ? null : ownBytes(compressSync(html, encoding, 'quick')),
      };
    };
  },
  /**
   * Loads the web build's renderer in the worker before the first visitor needs it (a worker's
   * start and React's code took past the 2 s render limit on a loaded machine).
   */
  loadRenderer: async () =>
    async function loadRenderer(rendererUrl: string): Promise<boolean> {
      await import(rendererUrl);
      return true;
    },
};
