import type { Language } from './languages.ts';
import { PAGE_PATHS, isPathWord } from './page-paths.ts';

/**
 * The pages the web build renders to HTML (decision 0008), by path, with the name of their files
 * (`<name>.<language>.html`) and their route module (`apps/web/src/app/routes/<name>.tsx`). The
 * server sends these files for these paths; the build writes them.
 *
 * `start` is when the page's HTML starts the app: `interaction` on the visitor's first pointer,
 * touch, key or focus (the page is readable, and what the visitor does before the app is here
 * is done again by it: decisions 0009 and 0010), `paint` right after the first paint.
 */
export const PRERENDERED_PAGES = [
  { path: PAGE_PATHS.landing, name: 'landing', start: 'interaction' },
  { path: PAGE_PATHS.app, name: 'app', start: 'interaction' },
  { path: PAGE_PATHS.contact, name: 'contact', start: 'interaction' },
] as const satisfies readonly { path: string; name: string; start: 'interaction' | 'paint' }[];

export type PrerenderedPage = (typeof PRERENDERED_PAGES)[number];

/** The prerendered page for a request path (exact match), if there is one. */
export function prerenderedPageAt(pathname: string): PrerenderedPage | undefined {
  return PRERENDERED_PAGES.find((page) => page.path === pathname);
}

/** The file the build writes for a prerendered page in one language. */
export function prerenderedFile(page: PrerenderedPage, language: Language): string {
  return `${page.name}.${language}.html`;
}

/**
 * The contact e-mail as the build writes it into the prerendered pages (the build does not know
 * the server's configuration): the server sends each page with its configured address in its
 * place. A reserved domain (`.invalid`), so it can never be a real address.
 */
export const PRERENDERED_CONTACT_EMAIL = 'contact@prerendered.teamshuffle.invalid';

/** Where the server writes GET /api/config's answer into the pages it sends (a JSON script). */
export const INLINED_CONFIG_ID = 'teamshuffle-config';

/**
 * The signed-in pages the server renders with the visitor's own data (decision 0011): the build
 * writes a template per page and language (`<name>.<language>.html`, the page's styles and
 * chunks in it, the placeholders below where the page goes), and the server fills it for each
 * request with a session, from the web build's own renderer. Like the prerendered pages, they
 * start the app on the visitor's first interaction.
 */
export const SERVER_RENDERED_PAGES = [
  { patterns: [PAGE_PATHS.workspaces], name: 'workspaces', start: 'interaction' },
  {
    patterns: [
      PAGE_PATHS.workspaceBySlug,
      PAGE_PATHS.workspace,
      PAGE_PATHS.workspaceNotes,
      PAGE_PATHS.workspaceNote,
      PAGE_PATHS.workspaceAssignments,
      PAGE_PATHS.workspaceScores,
      PAGE_PATHS.workspaceMembers,
      PAGE_PATHS.workspaceGradebook,
      PAGE_PATHS.workspaceGrades,
    ],
    name: 'workspace',
    start: 'interaction',
  },
] as const satisfies readonly {
  patterns: readonly string[];
  name: string;
  start: 'interaction' | 'paint';
}[];

export type ServerRenderedPage = (typeof SERVER_RENDERED_PAGES)[number];

/**
 * Whether `pathname` matches a pattern of React Router's form (`:name` is one segment), its words
 * in any case as React Router matches them.
 */
function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  return (
    want.length === have.length &&
    want.every((part, index) => {
      const segment = have[index] ?? '';
      return part.startsWith(':') ? segment !== '' : isPathWord(segment, part.toLowerCase());
    })
  );
}

/** The server-rendered page for a request path, if there is one. */
export function serverRenderedPageAt(pathname: string): ServerRenderedPage | undefined {
  return SERVER_RENDERED_PAGES.find((page) =>
    page.patterns.some((pattern) => matchesPattern(pattern, pathname)),
  );
}

/** The template the build writes for a server-rendered page in one language. */
export function serverRenderedFile(page: ServerRenderedPage, language: Language): string {
  return `${page.name}.${language}.html`;
}

/**
 * Where a server-rendered page's template takes what the server fills in: the page's address
 * (`data-prerendered`, HTML-escaped), its tab title (escaped), the rendered page and the data
 * it was rendered from.
 */
export const SERVER_RENDER_SLOTS = {
  path: '__TEAMSHUFFLE_PATH__',
  title: '__TEAMSHUFFLE_TITLE__',
  markup: '<!--teamshuffle:markup-->',
  queries: '<!--teamshuffle:queries-->',
} as const;

/** Where the server writes a server-rendered page's data (a JSON script the app starts from). */
export const INLINED_QUERIES_ID = 'teamshuffle-queries';

/** The web build's renderer for Node, under its output directory (never served as a file). */
export const WEB_RENDERER_FILE = 'server/prerender.js';
