import type { Language } from './languages.ts';

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
  { path: '/', name: 'landing', start: 'interaction' },
  { path: '/app', name: 'app', start: 'interaction' },
  { path: '/contact', name: 'contact', start: 'interaction' },
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
