import { describe, it, expect } from 'vitest';
import {
  AppError,
  apiErrorBody,
  appError,
  errors,
  fillPlaceholders,
  isAppError,
  toApiErrorBody,
} from './errors.ts';
import type { ErrorId } from './errors.ts';

describe('error catalogue', () => {
  it('keys every entry by its own snake_case id', () => {
    for (const [key, def] of Object.entries(errors)) {
      expect(def.id).toBe(key);
      expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
  });

  it('uses HTTP error statuses and non-empty messages', () => {
    for (const def of Object.values(errors)) {
      expect(def.status).toBeGreaterThanOrEqual(400);
      expect(def.status).toBeLessThan(600);
      expect(def.message.trim()).not.toBe('');
    }
  });

  it('has the generic entries with their statuses', () => {
    const statuses: Partial<Record<ErrorId, number>> = {
      validation_failed: 400,
      unauthenticated: 401,
      forbidden: 403,
      email_not_verified: 403,
      not_found: 404,
      route_not_found: 404,
      conflict: 409,
      payload_too_large: 413,
      unsupported_media_type: 415,
      rule_broken: 422,
      too_many_requests: 429,
      internal: 500,
      service_unavailable: 503,
    };
    for (const [id, status] of Object.entries(statuses)) {
      expect(errors[id as ErrorId].status).toBe(status);
    }
  });

  it("uses the spec's wording", () => {
    expect(errors.validation_failed.message).toBe('Invalid input.');
    expect(errors.not_found.message).toBe('Not found.');
    expect(errors.unauthenticated.message).toBe('No user logged in');
    expect(errors.internal.message).toBe('An unexpected error occurred');
    expect(errors.workspace_not_found.message).toBe('Workspace not found');
    expect(errors.visibility_owner_only).toMatchObject({
      status: 403,
      message: 'Only workspace owners can change visibility settings',
    });
    expect(errors.duplicate_result_title).toMatchObject({
      status: 409,
      message: 'A result with the same title already exists. Please use a different title.',
    });
    expect(errors.too_few_members.status).toBe(422);
    expect(errors.storage_limit_exceeded.status).toBe(413);
    expect(errors.delete_confirmation_mismatch.message).toBe(
      'Account deletion cancelled. You must type "DELETE" exactly to confirm.',
    );
  });

  it('answers a hidden workspace like a missing one', () => {
    expect(errors.not_workspace_member.status).toBe(errors.workspace_not_found.status);
    expect(errors.not_workspace_member.message).toBe(errors.workspace_not_found.message);
  });
});

describe('appError', () => {
  it('fills the placeholders of the too-few-members message (spec part 1, section 5)', () => {
    const e = appError('too_few_members', { n: 5, m: 3 });
    expect(e.message).toBe(
      'Cannot create 5 teams with only 3 members. Please reduce the number of teams or add more members.',
    );
    expect(e.status).toBe(422);
    expect(e.id).toBe('too_few_members');
  });

  it('fills the storage message (spec part 1, section 8)', () => {
    expect(appError('storage_limit_exceeded', { n: 12.5 }).message).toBe(
      'Storage limit exceeded. You have 12.5MB remaining.',
    );
  });

  it('keeps messages without placeholders and carries the field', () => {
    const e = appError('title_required', undefined, { field: 'title' });
    expect(e.message).toBe('Please enter a title');
    expect(e.field).toBe('title');
    expect(e.status).toBe(400);
  });

  it('is type-checked against the placeholders', () => {
    // @ts-expect-error: the message needs n and m
    appError('too_few_members', { n: 5 });
    // @ts-expect-error: the message has no placeholders
    appError('not_found', { n: 1 });
    expect(appError('not_found').message).toBe('Not found.');
  });
});

describe('fillPlaceholders', () => {
  it('leaves unknown placeholders as they are', () => {
    expect(fillPlaceholders('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('does not read inherited properties', () => {
    expect(fillPlaceholders('{toString}', {})).toBe('{toString}');
  });
});

describe('AppError', () => {
  it('is an Error with name, id, status and cause', () => {
    const cause = new Error('db down');
    const e = new AppError('service_unavailable', { cause });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('AppError');
    expect(e.status).toBe(503);
    expect(e.message).toBe(errors.service_unavailable.message);
    expect(e.cause).toBe(cause);
    expect(e.field).toBeUndefined();
  });

  it('takes a custom message', () => {
    expect(new AppError('validation_failed', { message: 'Bad week' }).message).toBe('Bad week');
  });

  it('is recognised by isAppError', () => {
    expect(isAppError(new AppError('not_found'))).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
    expect(isAppError({ id: 'not_found', status: 404, message: 'Not found.' })).toBe(false);
  });
});

describe('toApiErrorBody and apiErrorBody', () => {
  it('gives id, message and field', () => {
    const body = toApiErrorBody(appError('title_required', undefined, { field: 'title' }));
    expect(body).toEqual({
      error: 'title_required',
      message: 'Please enter a title',
      field: 'title',
    });
    expect(apiErrorBody.parse(body)).toEqual(body);
  });

  it('omits field when there is none', () => {
    expect(toApiErrorBody(new AppError('not_found'))).toEqual({
      error: 'not_found',
      message: 'Not found.',
    });
  });

  it('reports a hidden workspace as workspace_not_found', () => {
    expect(toApiErrorBody(new AppError('not_workspace_member'))).toEqual({
      error: 'workspace_not_found',
      message: 'Workspace not found',
    });
  });

  it('says nothing about internals for 5xx and unknown errors', () => {
    expect(toApiErrorBody(new AppError('internal', { message: 'SQL syntax error' }))).toEqual({
      error: 'internal',
      message: 'An unexpected error occurred',
    });
    expect(toApiErrorBody(new TypeError('x is undefined'))).toEqual({
      error: 'internal',
      message: 'An unexpected error occurred',
    });
  });

  it('rejects bodies of the wrong shape', () => {
    expect(apiErrorBody.safeParse({ error: 'x' }).success).toBe(false);
    expect(apiErrorBody.safeParse({ error: 1, message: 'm' }).success).toBe(false);
    expect(apiErrorBody.safeParse({ error: 'x', message: 'm', field: 3 }).success).toBe(false);
  });
});
