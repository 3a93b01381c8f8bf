/**
 * True while the build renders pages to HTML (src/app/prerender.tsx, in Node: no window, no
 * document), false in a browser. What depends on the viewport or the browser's storage is
 * rendered for every screen there (decisions 0008 and 0009).
 */
export function isPrerendering(): boolean {
  return typeof window === 'undefined';
}
