import type { Language } from './languages.ts';

/**
 * The pages the web build renders to HTML (decision 0008), by path, with the name of their files
 * (`<name>.<language>.html`) and their route module (`apps/web/src/app/routes/<name>.tsx`). The
 * server sends these files for these paths; the build writes them.
 *
 * `start` is when the page's HTML starts the app: `interaction` on the visitor's first pointer,
 * touch, key or focus (the landing page is a document to read: its JavaScript waits until the
 * visitor reaches for a control, decision 0009), `paint` right after the first paint (a tool
 * the visitor came to use).
 */
export const PRERENDERED_PAGES = [
  { path: '/', name: 'landing', start: 'interaction' },
  { path: '/app', name: 'app', start: 'paint' },
  { path: '/contact', name: 'contact', start: 'paint' },
] as const;

export type PrerenderedPage = (typeof PRERENDERED_PAGES)[number];

/** The prerendered page for a request path (exact match), if there is one. */
export function prerenderedPageAt(pathname: string): PrerenderedPage | undefined {
  return PRERENDERED_PAGES.find((page) => page.path === pathname);
}

/** The file the build writes for a prerendered page in one language. */
export function prerenderedFile(page: PrerenderedPage, language: Language): string {
  return `${page.name}.${language}.html`;
}
