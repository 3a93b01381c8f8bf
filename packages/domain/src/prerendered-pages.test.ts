import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES, prerenderedFile, prerenderedPageAt } from './prerendered-pages.ts';

describe('prerendered pages', () => {
  it('finds a page by its exact path only', () => {
    expect(prerenderedPageAt('/')?.name).toBe('landing');
    expect(prerenderedPageAt('/app')?.name).toBe('app');
    expect(prerenderedPageAt('/contact')?.name).toBe('contact');
    expect(prerenderedPageAt('/app/')).toBeUndefined();
    expect(prerenderedPageAt('/workspaces')).toBeUndefined();
  });

  it('names one file per page and language, each different', () => {
    const files = PRERENDERED_PAGES.flatMap((page) =>
      (['en', 'ko'] as const).map((language) => prerenderedFile(page, language)),
    );
    expect(files).toContain('landing.ko.html');
    expect(new Set(files).size).toBe(PRERENDERED_PAGES.length * 2);
  });
});
