import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { refetchAfterLostAnswer } from './query-client';

describe('refetchAfterLostAnswer', () => {
  const seeded = () => {
    const client = new QueryClient();
    client.setQueryData(['workspace', 'w1', 'assignments'], { items: [] });
    return client;
  };
  const isStale = (client: QueryClient) =>
    client.getQueryState(['workspace', 'w1', 'assignments'])?.isInvalidated;

  it('fetches every query again when a retried action was saved but its answer was lost', () => {
    const client = seeded();
    refetchAfterLostAnswer(
      client,
      new ApiError(409, { error: 'idempotency_answer_lost', message: 'Saved.' }),
    );
    expect(isStale(client)).toBe(true);
  });

  it('leaves the queries alone after any other failure', () => {
    const client = seeded();
    refetchAfterLostAnswer(
      client,
      new ApiError(409, { error: 'idempotency_request_in_progress', message: 'Running.' }),
    );
    refetchAfterLostAnswer(client, new Error('offline'));
    expect(isStale(client)).toBe(false);
  });
});
