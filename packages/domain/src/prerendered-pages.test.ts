import { describe, expect, it } from 'vitest';
import {
  PRERENDERED_PAGES,
  SERVER_RENDERED_PAGES,
  prerenderedFile,
  prerenderedPageAt,
  serverRenderedFile,
  serverRenderedPageAt,
} from './prerendered-pages.ts';

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

describe('the signed-in pages the server renders', () => {
  it('match /workspaces and a workspace page, by its id or its slug, and nothing else', () => {
    expect(serverRenderedPageAt('/workspaces')?.name).toBe('workspaces');
    expect(serverRenderedPageAt('/workspaces/my-course')?.name).toBe('workspace');
    expect(serverRenderedPageAt('/workspace/abc123')?.name).toBe('workspace');
    // Each section of the workspace page at its own address (issue 22).
    for (const section of ['notes', 'notes/n1', 'assignments', 'scores', 'members']) {
      expect(serverRenderedPageAt(`/workspace/abc123/${section}`)?.name).toBe('workspace');
    }
    // Their words in any case, as the router matches them; the id as written.
    expect(serverRenderedPageAt('/Workspace/abc123/Notes/n1')?.name).toBe('workspace');
    expect(serverRenderedPageAt('/WORKSPACES')?.name).toBe('workspaces');
    for (const other of [
      '/workspaces/',
      '/workspace/',
      '/workspace/abc/team/1/chat',
      '/workspace/abc/notes/n1/more',
      '/workspace/abc/unknown',
      '/workspaces/a/b',
      '/profile',
      '/',
    ]) {
      expect(serverRenderedPageAt(other)).toBeUndefined();
    }
  });

  it('have a template file per page and language, none shared with a prerendered page', () => {
    const files = SERVER_RENDERED_PAGES.flatMap((page) =>
      (['en', 'ko'] as const).map((language) => serverRenderedFile(page, language)),
    );
    const prerendered = PRERENDERED_PAGES.flatMap((page) =>
      (['en', 'ko'] as const).map((language) => prerenderedFile(page, language)),
    );
    expect(new Set([...files, ...prerendered]).size).toBe(files.length + prerendered.length);
  });
});
