// @vitest-environment jsdom
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { INLINED_QUERIES_ID } from '@teamshuffle/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateInlinedQueries } from './inlined-queries';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function inline(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INLINED_QUERIES_ID;
  script.textContent = text;
  document.body.append(script);
}

describe('the data a server-rendered page came with (decision 0011)', () => {
  it('is in the app’s cache before its first render, as the server had it', () => {
    const server = new QueryClient();
    server.setQueryData(['me'], { id: 'u1', displayName: 'Ann' });
    server.setQueryData(['workspaces', 'u1', 'list'], [{ id: 'w1', title: 'Course </script>' }]);
    inline(JSON.stringify(dehydrate(server)).replaceAll('<', '\\u003c'));
    const client = new QueryClient();
    hydrateInlinedQueries(client);
    expect(client.getQueryData(['me'])).toEqual({ id: 'u1', displayName: 'Ann' });
    expect(client.getQueryData(['workspaces', 'u1', 'list'])).toEqual([
      { id: 'w1', title: 'Course </script>' },
    ]);
  });

  it('none, or none that parses, leaves the cache empty: the app asks the API', () => {
    const client = new QueryClient();
    hydrateInlinedQueries(client);
    expect(client.getQueryCache().getAll()).toEqual([]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    inline('{"queries": [');
    hydrateInlinedQueries(client);
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(logged).toHaveBeenCalled();
  });
});
