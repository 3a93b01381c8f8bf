// The OpenAPI document is the API's contract: valid OpenAPI 3, and every operation describes its
// success and its error answers.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

type Schema = { type?: string; required?: string[]; properties?: Record<string, unknown> };
type Operation = {
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
});
