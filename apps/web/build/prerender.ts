import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import {
  LANGUAGES,
  PRERENDERED_PAGES,
  SERVER_RENDERED_PAGES,
  SERVER_RENDER_SLOTS,
  WEB_RENDERER_FILE,
  escapeHtml,
  prerenderedFile,
  serverRenderedFile,
} from '@teamshuffle/domain';
import type { Language } from '@teamshuffle/domain';
import type { Plugin, Rollup } from 'vite';
import { compressFile } from './precompress.ts';

const ROUTE = (name: string) =>
  new RegExp(`[\\\\/]src[\\\\/]app[\\\\/]routes[\\\\/]${name}\\.tsx$`);
const USER_MENU = /[\\/]src[\\/]features[\\/]auth[\\/]components[\\/]user-menu\.tsx$/;
const STRINGS = (language: string) =>
  new RegExp(`[\\\\/]src[\\\\/]lib[\\\\/]i18n[\\\\/]${language}\\.ts$`);

type Prerender = {
  prerenderPage: (path: string, language: Language) => Promise<{ markup: string; title: string }>;
};

/** A chunk and every chunk it imports statically (its code needs them before it runs). */
function withImports(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()) {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const name of chunk.imports) withImports(bundle, name, seen);
  return seen;
}

function chunkOf(bundle: Rollup.OutputBundle, module: RegExp): Rollup.OutputChunk | undefined {
  return Object.values(bundle).find(
    (file): file is Rollup.OutputChunk =>
      file.type === 'chunk' && file.facadeModuleId !== null && module.test(file.facadeModuleId),
  );
}

/**
 * Each linked stylesheet written into the page, in its place: the page paints as soon as the
 * HTML and theme-init.js arrive, with no stylesheet requests before the first paint (on a slow
 * phone connection each one costs a round trip while the scripts take the bandwidth). The CSP
 * allows inline styles (Mantine writes its own).
 */
async function inlineStylesheets(html: string, outDir: string): Promise<string> {
  const links = [...html.matchAll(/[ \t]*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
  let result = html;
  for (const [tag, href] of links) {
    if (!href) continue;
    const css = await readFile(path.join(outDir, href), 'utf8');
    // The disabled link is never fetched; it tells Vite's preloader that the sheet is on the page
    // (it looks for links), so the app does not fetch it again before taking over.
    result = result.replace(
      tag,
      () =>
        `    <style data-href="/${href}">${css}</style>\n    <link rel="stylesheet" href="/${href}" disabled>`,
    );
  }
  return result;
}

/**
 * Each linked stylesheet's text joined into one fingerprinted file (`assets/<page>-<hash>.css`,
 * with its compressed copies), linked once where the first one was; each original link stays,
 * disabled (never fetched), so that Vite's preloader knows the sheet is on the page. For the
 * signed-in pages (issue 22): written in, the sheets were 125 kB of every visitor's page; linked
 * one by one, a first visit would wait for some twenty requests.
 */
async function linkStylesheetsAsOne(html: string, outDir: string, page: string): Promise<string> {
  const links = [...html.matchAll(/[ \t]*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
  const sheets = await Promise.all(
    links.map(([, href]) => readFile(path.join(outDir, href ?? ''), 'utf8')),
  );
  const css = sheets.join('\n');
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 10);
  const name = `assets/${page}-${hash}.css`;
  await writeFile(path.join(outDir, name), css);
  await compressFile(path.join(outDir, name));
  let result = html;
  links.forEach(([tag, href], index) => {
    const disabled = `    <link rel="stylesheet" href="/${href}" disabled>`;
    const combined = index === 0 ? `    <link rel="stylesheet" href="/${name}">\n` : '';
    result = result.replace(tag, () => `${combined}${disabled}`);
  });
  return result;
}

/**
 * The entry script and the chunks to preload, moved from the head to `public/after-paint.js`,
 * which fetches them once the prerendered page has painted (or, for a page that starts on
 * interaction, on the visitor's first pointer, touch, key or focus).
 */
function startAfterPaint(html: string, start: string): string {
  const entries = [
    ...html.matchAll(/[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g),
  ];
  const preloads = [
    ...html.matchAll(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g),
  ];
  const [entry] = entries;
  if (entries.length !== 1 || !entry?.[1]) throw new Error('prerender: expected one entry script');
  let result = html;
  for (const [tag] of [...entries, ...preloads]) result = result.replace(tag, '');
  const list = preloads.map((match) => match[1]).join(' ');
  return result.replace(
    '</body>',
    `    <script src="/after-paint.js" data-entry="${entry[1]}" data-preload="${list}" data-start="${start}" defer></script>\n  </body>`,
  );
}

/**
 * The pages of PRERENDERED_PAGES (the landing page, `/app`, `/contact`) rendered to HTML at build
 * time (issue 14, decision 0008): `<name>.<language>.html`, which the server sends for their
 * paths. A first visit paints the page as soon as the HTML arrives, while the JavaScript is still
 * on its way (or, on the landing page, not yet asked for: decision 0009); then the app renders
 * the same page over it. Each file holds the CSS of its page's components (inlined) and starts
 * the entry with the page's chunks and its language's strings, so they download side by side.
 *
 * The pages are rendered by the app's own components (`src/app/prerender.tsx`, built for Node
 * here, into `dist/server/`), so there is one of each page, not a copy. The signed-in pages of
 * SERVER_RENDERED_PAGES get a template each, with their CSS and chunks and the slots the server
 * fills with the visitor's page, which the same renderer draws (decision 0011).
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = 'dist';
  let isSsr = false;
  /** By file (`<name>.<language>.html`): the stylesheets and chunks the page needs. */
  const headTags = new Map<string, string>();
  return {
    name: 'teamshuffle:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      isSsr = Boolean(config.build.ssr);
    },
    writeBundle(_options, bundle) {
      if (isSsr) return;
      const userMenu = chunkOf(bundle, USER_MENU);
      if (!userMenu) throw new Error('prerender: the user menu chunk is missing');
      const pages = [
        ...PRERENDERED_PAGES.map((page) => ({
          name: page.name,
          file: prerenderedFile.bind(null, page),
          also: [],
        })),
        // A signed-in page shows the user menu in its header (a chunk of its own).
        ...SERVER_RENDERED_PAGES.map((page) => ({
          name: page.name,
          file: serverRenderedFile.bind(null, page),
          also: [userMenu.fileName],
        })),
      ];
      for (const page of pages) {
        const route = chunkOf(bundle, ROUTE(page.name));
        if (!route) throw new Error(`prerender: the ${page.name} route chunk is missing`);
        const files = withImports(bundle, route.fileName);
        for (const name of page.also) withImports(bundle, name, files);
        const css = new Set<string>();
        for (const name of files) {
          const chunk = bundle[name];
          if (chunk?.type === 'chunk')
            for (const sheet of chunk.viteMetadata?.importedCss ?? []) css.add(sheet);
        }
        for (const language of LANGUAGES) {
          const strings = chunkOf(bundle, STRINGS(language));
          if (!strings) throw new Error(`prerender: the ${language} strings chunk is missing`);
          headTags.set(
            page.file(language),
            [
              ...[...css].map((sheet) => `    <link rel="stylesheet" href="/${sheet}">`),
              ...[strings.fileName, ...files].map(
                (name) => `    <link rel="modulepreload" crossorigin href="/${name}">`,
              ),
            ].join('\n'),
          );
        }
      }
    },
    async closeBundle() {
      if (isSsr) return;
      // The renderer, built for Node into the build's own directory (the server loads it from
      // there to render the signed-in pages: decision 0011). Every library in it, so it runs
      // wherever the build is copied.
      const ssrDir = path.dirname(path.join(outDir, WEB_RENDERER_FILE));
      await build({
        root,
        logLevel: 'warn',
        ssr: { noExternal: true },
        // Not a site: public/ is the client build's.
        publicDir: false,
        // React's production build, whatever NODE_ENV the server later runs with (issue 22): an
        // SSR build keeps `process.env.NODE_ENV` checks by default, so the renderer loaded the
        // development build of react-dom/server whenever NODE_ENV was not production.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { ssr: 'src/app/prerender.tsx', outDir: ssrDir, emptyOutDir: true },
      });
      const entry = pathToFileURL(path.join(outDir, WEB_RENDERER_FILE)).href;
      const { prerenderPage: render } = (await import(entry)) as Prerender;
      const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
      /** index.html as the page `name` in `language`: its styles and chunks, `root` in #root. */
      const pageHtml = async (
        name: string,
        language: Language,
        start: string,
        title: string,
        root: string,
        styles: 'inline' | 'linked',
      ) => {
        // Only what index.html does not already link (the entry's own CSS and chunks).
        const tags = (headTags.get(name) ?? '')
          .split('\n')
          .filter((tag) => !template.includes(/href="([^"]+)"/.exec(tag)?.[1] ?? '\0'))
          .join('\n');
        const html = template
          .replace('<html lang="en"', `<html lang="${language}"`)
          .replace('<title>Teamshuffle</title>', () => `<title>${title}</title>`)
          .replace('</head>', `${tags}\n  </head>`)
          // A function, so that `$&` and the like in the page's text stay text.
          .replace('<div id="root"></div>', () => root);
        if (!html.includes('data-prerendered')) {
          throw new Error('prerender: index.html has no #root to fill');
        }
        if (!html.includes(`<title>${title}</title>`)) {
          throw new Error('prerender: index.html has no <title>Teamshuffle</title> to fill');
        }
        const styled =
          styles === 'inline'
            ? await inlineStylesheets(html, outDir)
            : await linkStylesheetsAsOne(html, outDir, name.split('.')[0] ?? name);
        await writeFile(path.join(outDir, name), startAfterPaint(styled, start));
      };
      for (const page of PRERENDERED_PAGES) {
        for (const language of LANGUAGES) {
          const name = prerenderedFile(page, language);
          const { markup, title } = await render(page.path, language);
          // The CSP (script-src 'self') would block any inline script React might emit.
          if (markup.includes('<script')) throw new Error(`prerender: inline script in ${name}`);
          if (!markup.includes('<h1')) throw new Error(`prerender: ${name} has no heading`);
          await pageHtml(
            name,
            language,
            page.start,
            escapeHtml(title),
            `<div id="root" data-prerendered="${page.path}" data-language="${language}"><div class="prerendered-page">${markup}</div></div>`,
            'inline',
          );
        }
      }
      // The signed-in pages' templates: the server fills the slots for each visitor. Their
      // stylesheets are one linked file, not written in (issue 22: 125 kB of every page): a
      // signed-in visitor has been here before, and the immutable file is in their cache.
      for (const page of SERVER_RENDERED_PAGES) {
        for (const language of LANGUAGES) {
          await pageHtml(
            serverRenderedFile(page, language),
            language,
            page.start,
            SERVER_RENDER_SLOTS.title,
            `<div id="root" data-prerendered="${SERVER_RENDER_SLOTS.path}" data-language="${language}" data-signed-in><div class="prerendered-page">${SERVER_RENDER_SLOTS.markup}</div></div>\n    ${SERVER_RENDER_SLOTS.queries}`,
            'linked',
          );
        }
      }
    },
  };
}
