// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PASSWORD_POLICY, INLINED_CONFIG_ID } from '@teamshuffle/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configQueryOptions } from './get-config';

const config = {
  contactEmail: 'teacher@school.example',
  googleEnabled: true,
  phoneEnabled: true,
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
};

function inline(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INLINED_CONFIG_ID;
  script.textContent = text;
  document.head.append(script);
}

describe('the configuration the server wrote into the page', () => {
  afterEach(() => {
    document.getElementById(INLINED_CONFIG_ID)?.remove();
    vi.unstubAllGlobals();
  });

  it('is the first answer, without asking GET /api/config', async () => {
    inline(JSON.stringify(config));
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const client = new QueryClient();
    await expect(client.fetchQuery(configQueryOptions())).resolves.toEqual(config);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['none', null],
    ['not JSON', '{'],
    ['not a configuration', JSON.stringify({ ...config, contactEmail: 'not an address' })],
  ])('is ignored when there is %s: the app asks the server', async (_, text) => {
    if (text !== null) inline(text);
    const fetchSpy = vi.fn(() =>
      Promise.resolve(Response.json({ ...config, googleEnabled: false })),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const client = new QueryClient();
    await expect(client.fetchQuery(configQueryOptions())).resolves.toEqual({
      ...config,
      googleEnabled: false,
    });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
