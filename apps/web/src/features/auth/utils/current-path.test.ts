// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { currentPath } from './current-path';

// Where sign-up, sign-in and verification bring the user back (decision 0021): the page, without
// the dialog's ?auth=, or a ?returnTo= that is a path of this site, never another site.
describe('currentPath', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  const at = (url: string) => {
    window.history.replaceState(null, '', url);
    return currentPath();
  };

  it('is the page with its query, without the sign-up dialog parameter', () => {
    expect(at('/workspace/w1?x=1')).toBe('/workspace/w1?x=1');
    expect(at('/workspace/w1?auth=signUp')).toBe('/workspace/w1');
  });

  it('is a returnTo of this site, and ignores one of another site', () => {
    expect(at('/?auth=signUp&returnTo=%2Fjoin%2FABCD2345')).toBe('/join/ABCD2345');
    expect(at('/workspaces?returnTo=%2F%2Fevil.example')).toBe('/workspaces');
    expect(at('/workspaces?returnTo=https%3A%2F%2Fevil.example%2F')).toBe('/workspaces');
  });
});
