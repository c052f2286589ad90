import { createConfig, lint, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';

const config = await createConfig({ extends: ['recommended-strict'] });

const problemsOf = (problems: Awaited<ReturnType<typeof lint>>) =>
  problems.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`);

describe('the contract lints clean with Redocly (recommended-strict)', () => {
  it('openapi/uiservices.yaml with the schema files it refers to', async () => {
    expect(problemsOf(await lint({ ref: 'openapi/uiservices.yaml', config }))).toEqual([]);
  });

  it('generated/openapi.json, the bundle the server registers its routes from', async () => {
    expect(problemsOf(await lint({ ref: 'generated/openapi.json', config }))).toEqual([]);
  });

  it('the linter does find errors (control: an operation without responses and a broken ref)', async () => {
    const broken = `openapi: 3.1.0
info: { title: t, version: '1', license: { name: x, identifier: MIT } }
servers: [{ url: /api }]
paths:
  /x:
    get:
      operationId: x
      summary: x
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Missing' } } } }
`;
    const problems = await lintFromString({ source: broken, absoluteRef: 'broken.yaml', config });
    expect(problems.length).toBeGreaterThan(0);
  });
});
