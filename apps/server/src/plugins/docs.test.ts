// The OpenAPI document is the API's contract: valid OpenAPI 3, and every operation describes its
// success and its error answers.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

type Schema = { type?: string; required?: string[]; properties?: Record<string, unknown> };
type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ url: '/api/docs/json' })).json<Document>();
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );

  it('is a valid OpenAPI 3 document', async () => {
    expect(document.openapi).toMatch(/^3\./);
    // The validator resolves and checks the document in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('describes a success answer of every operation, with its body where it has one', () => {
    const missing = operations().filter(({ operation }) => {
      const successes = Object.entries(operation.responses ?? {}).filter(([status]) =>
        /^2\d\d$/.test(status),
      );
      return !successes.some(([status, answer]) => status === '204' || answer.content);
    });
    expect(missing.map(({ name }) => name)).toEqual([]);
    expect(operations().length).toBeGreaterThan(20);
  });

  it("describes every operation's error answers as { error, message }", () => {
    const problems: string[] = [];
    for (const { name, operation } of operations()) {
      for (const status of ['400', '429', '500']) {
        const schema = operation.responses?.[status]?.content?.['application/json']?.schema;
        if (!schema?.required?.includes('error') || !schema.required.includes('message')) {
          problems.push(`${name} ${status}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  // Retries repeat nothing (issue 23, decision 0015): every creating request the web app retries.
  it('documents the Idempotency-Key header, its 422 and its 409 on the creating operations', () => {
    const idempotent = [
      'POST /api/results',
      'POST /api/workspaces',
      'POST /api/workspaces/{id}/notes',
      'POST /api/workspaces/{id}/notes/{noteId}/attachments',
      'POST /api/workspaces/{id}/notes/{noteId}/submissions',
      'POST /api/workspaces/{id}/notes/{noteId}/evaluations',
      'POST /api/workspaces/{id}/notes/{noteId}/evaluations/bulk',
      'POST /api/workspaces/{id}/assignments',
      'POST /api/workspaces/{id}/assignments/{assignmentId}/submissions',
      'POST /api/workspaces/{id}/assignments/{assignmentId}/evaluations',
      'POST /api/workspaces/{id}/assignments/{assignmentId}/evaluations/bulk',
    ];
    const byName = new Map(operations().map(({ name, operation }) => [name, operation]));
    const problems: string[] = [];
    for (const name of idempotent) {
      const operation = byName.get(name);
      if (!operation) {
        problems.push(`${name} missing`);
        continue;
      }
      const header = operation.parameters?.find(
        (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
      );
      if (!header || header.required) problems.push(`${name} header`);
      const answers = operation.responses ?? {};
      if (!JSON.stringify(answers['422'] ?? {}).includes('idempotency_key_reused')) {
        problems.push(`${name} 422`);
      }
      if (!JSON.stringify(answers['409'] ?? {}).includes('idempotency_request_in_progress')) {
        problems.push(`${name} 409`);
      }
      if (!JSON.stringify(answers['400'] ?? {}).includes('idempotency_key_invalid')) {
        problems.push(`${name} 400`);
      }
    }
    expect(problems).toEqual([]);
  });
});
