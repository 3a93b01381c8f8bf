/** Longest slug slugify returns, in code points (uniqueSlug may add a '-N' suffix on top). */
export const SLUG_MAX_LENGTH = 80;

/** Slug used when a title has no letters or digits at all. */
export const SLUG_FALLBACK = 'workspace';

// spec part 1, section 5: keep letters, digits, spaces and hyphens. "Letters and digits" are read
// as Unicode letters and numbers so that Korean and other non-Latin titles keep a readable slug
// (the ASCII reading would turn '웹 프로그래밍' into nothing). Combining marks are kept when they
// follow a letter or digit, so scripts that write vowels as marks (Devanagari, Thai, Arabic
// harakat) are not mangled.
const DISALLOWED = /[^\p{L}\p{N}\p{M}\s-]+/gu;
const ORPHAN_MARKS = /(^|[^\p{L}\p{N}\p{M}])\p{M}+/gu;
const WHITESPACE = /\s+/gu;
const HYPHENS = /-{2,}/g;
const EDGE_HYPHENS = /^-+|-+$/g;

/** Turns a title into a URL-safe slug (part 1 section 5, extended to Unicode letters). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFC')
    .toLowerCase()
    // lowercasing can produce decomposed sequences (e.g. 'İ'); normalise again
    .normalize('NFC')
    .replace(DISALLOWED, '')
    .replace(ORPHAN_MARKS, '$1')
    .replace(WHITESPACE, '-') // spec part 1, section 5: spaces become hyphens
    .replace(HYPHENS, '-') // spec part 1, section 5: repeated hyphens collapse
    .replace(EDGE_HYPHENS, '') // spec part 1, section 5: leading and trailing hyphens trimmed
    // removing a character can leave a letter next to a mark that now composes with it
    .normalize('NFC');
  if (slug === '') return SLUG_FALLBACK;
  return capLength(slug);
}

// Cuts to SLUG_MAX_LENGTH code points, at the last hyphen when there is one, so a word is not
// cut in half and no trailing hyphen is left.
function capLength(slug: string): string {
  const codePoints = Array.from(slug);
  if (codePoints.length <= SLUG_MAX_LENGTH) return slug;
  const cut = codePoints.slice(0, SLUG_MAX_LENGTH).join('');
  // The character right after the cut being a hyphen means the cut already ends a word.
  if (codePoints[SLUG_MAX_LENGTH] === '-') return cut;
  const lastHyphen = cut.lastIndexOf('-');
  return lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut;
}

/**
 * Slug of a title that `isTaken` does not report: the base slug, then base-2, base-3, ...
 * Pass a predicate, e.g. `(s) => existing.has(s)` for a Set of the slugs already in use.
 */
export function uniqueSlug(title: string, isTaken: (slug: string) => boolean): string {
  const base = slugify(title);
  if (!isTaken(base)) return base;
  // spec part 1, section 5: collisions get -2, -3 and so on
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}

/**
 * Route rule of /workspaces/{name}: the workspace's title slug equals the name, or is a prefix
 * of it followed by a dash (so 'web-2' matches the slug 'web'). The rule is loose by design of
 * the spec ('web-design' also matches 'web'); callers should prefer an exact match first.
 */
export function slugMatches(routeName: string, titleSlug: string): boolean {
  // spec part 2, section 2: "whose title, made URL-safe, equals the name or is a prefix of it
  // followed by a dash"
  const name = routeName.normalize('NFC');
  if (titleSlug === '') return false;
  return name === titleSlug || name.startsWith(`${titleSlug}-`);
}
