import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const valid: Array<[string, string]> = [
  [
    'a class with a method',
    'public class Greeter {\n  public string Hello(string name) => $"Hello {name}";\n}\n',
  ],
  [
    'usings, a namespace, generics, LINQ and async',
    [
      'using System;',
      'using System.Linq;',
      'using System.Threading.Tasks;',
      'namespace Demo.Scripts;',
      'public static class Orders {',
      '  public static async Task<int> CountAsync(int[] values) {',
      '    await Task.Yield();',
      '    return values.Where(v => v > 0).Select(v => v * 2).Count();',
      '  }',
      '}',
    ].join('\n'),
  ],
  [
    'top-level statements',
    'var total = 0;\nforeach (var n in new[] { 1, 2, 3 }) total += n;\nConsole.WriteLine(total);\n',
  ],
  [
    'records, switch expressions and pattern matching',
    'public record Point(int X, int Y);\npublic static class P {\n  public static string Where(Point p) => p switch { { X: 0, Y: 0 } => "origin", _ => "elsewhere" };\n}\n',
  ],
];

const broken: Array<[string, string, Array<{ Line: number; Column: number; Message: string }>]> = [
  [
    'an unclosed class body',
    'public class A {\n  void M() {\n    int x = 1;\n  }\n',
    [{ Line: 1, Column: 16, Message: "'{' is not closed" }],
  ],
  [
    'an assignment without a value',
    'public class A {\n  void M() {\n    int x = ;\n  }\n}\n',
    [{ Line: 3, Column: 11, Message: "Unexpected '='" }],
  ],
  [
    'a statement without its semicolon',
    'class A {\n  void M() {\n    Console.WriteLine("hi")\n  }\n}\n',
    [{ Line: 3, Column: 28, Message: `';' expected after 'Console.WriteLine("hi")'` }],
  ],
  [
    'two errors, reported in source order',
    'class A {\n void M() {\n  if (x > ) { }\n  foo(;\n }\n}\n',
    [
      { Line: 3, Column: 10, Message: 'Missing identifier' },
      { Line: 4, Column: 7, Message: "Missing ')'" },
    ],
  ],
];

describe.each(databaseTargets)(
  'Script/CheckCompilation on $name (spec part 1 §5 "Script": the code is sent for a compile check)',
  (target) => {
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      server = await startTestServer(target);
      token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(() => server?.close());

    const check = (source: string) =>
      call(server, 'POST', 'Script/CheckCompilation', { token, body: source, contentType: 'text/plain' });

    it.each(valid)('answers false for valid C#: %s (part 1 §7: false for success)', async (_name, source) => {
      const answer = await check(source);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(false);
    });

    it.each(broken)('answers the syntax errors of %s, 1-based', async (_name, source, errors) => {
      const answer = await check(source);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(errors);
    });

    it('needs a signed-in caller with ScriptBuilder Upsert', async () => {
      const anonymous = await call(server, 'POST', 'Script/CheckCompilation', {
        body: 'class A {}',
        contentType: 'text/plain',
      });
      expect(anonymous.status).toBe(401);
    });

    it('refuses to publish code that does not parse, at the code field (part 1 §4: publish needs validation)', async () => {
      const script = {
        Guid: randomUUID(),
        Name: `broken.${randomUUID().slice(0, 4)}`,
        Script: 'class A {\n  void M() { int x = ; }\n}\n',
        Commit: 'try',
      };
      // A draft may hold broken code; only publishing needs it to parse.
      expect((await call(server, 'POST', 'Script/PostScript', { token, body: script })).status).toBe(200);
      const publish = await call(server, 'POST', 'Script/PostScript', {
        token,
        body: { ...script, IsPublished: true, Revision: 1 },
      });
      expect(publish.status).toBe(400);
      expect(publish.body.Errors).toEqual([
        {
          Path: '/Script',
          MessageKey: 'sb.validation.compileError',
          Message: "Line 2, column 20: Unexpected '='",
          Params: { line: 2, column: 20, message: "Unexpected '='" },
        },
      ]);
      const fixed = await call(server, 'POST', 'Script/PostScript', {
        token,
        body: {
          ...script,
          Script: 'class A {\n  void M() { int x = 1; }\n}\n',
          IsPublished: true,
          Revision: 1,
        },
      });
      expect(fixed.status).toBe(200);
    });
  },
);
