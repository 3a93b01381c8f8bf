// @vitest-environment jsdom
// Retries repeat nothing (issue 23, decision 0015): the Create Lecture Note hook sends one
// Idempotency-Key per call and the same one on its automatic retry.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCreateNote } from './create-note';

const note = {
  id: 'n1',
  title: 'Week 1',
  description: '',
  week: 1,
  date: null,
  isPublished: false,
  author: null,
  createdAt: '2025-03-03T00:00:00.000Z',
  updatedAt: '2025-03-03T00:00:00.000Z',
  attachments: [],
  canEdit: true,
  task: null,
};

describe('useCreateNote', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('retries a lost answer with the same Idempotency-Key, and the next note gets a new one', async () => {
    const keys: Array<string | null> = [];
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((_path: string, init: RequestInit) => {
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        calls += 1;
        // The first try's answer is lost on the network.
        if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve(new Response(JSON.stringify(note), { status: 201 }));
      }),
    );
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useCreateNote(), { wrapper });
    const input = { title: 'Week 1', description: '', week: 1, date: null, task: null };
    await act(() => result.current.mutateAsync({ workspaceId: 'w1', note: input }));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(keys[1]).toBe(keys[0]);
    await act(() => result.current.mutateAsync({ workspaceId: 'w1', note: input }));
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
