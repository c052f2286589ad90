import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError';
import { callOperation, type OperationId } from './callOperation';
import { writeTokens } from './tokenStore';

const LOAD = 'Something went wrong, please try again';
const UPDATE = 'Something went wrong while updating. Please try again.';

/** A fetch that never reaches a server, as Chromium's "Failed to fetch". */
const unreachable = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
});
/** A fetch answering 200 with `body` as JSON. */
const answering = (body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );

const failure = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
};

/**
 * The client's one failure path (issue 33 points 1 and 2): what a call that fails throws, whichever
 * screen made it. Rows cite the spec.
 */
describe('the client’s failures (src/api/client.ts failureMiddleware)', () => {
  beforeEach(() => writeTokens('token', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it.each<[OperationId, object, string, string]>([
    ['Script.GetScripts', {}, LOAD, 'part 1 §8 Generic: a load'],
    ['Script.GetScriptByGuid', { path: { guid: 'g' } }, LOAD, 'part 1 §8 Generic: a load'],
    [
      'Users.ChangePassword',
      { body: { CurrentPassword: 'a', NewPassword: 'b' } },
      LOAD,
      'part 1 §8 Generic: no save',
    ],
    ['Script.PostScript', { body: {} }, UPDATE, 'part 1 §8 Generic: a save'],
    ['Script.DeleteScript', { path: { guid: 'g' } }, UPDATE, 'part 1 §8 Generic: a delete'],
    [
      'FlowBuilder.SetRestMethodFlowStatus',
      { path: { guid: 'g' }, body: { IsActive: true } },
      UPDATE,
      'part 2 §8: a status update',
    ],
    [
      'DocumentEditor.PostRecord',
      { path: { connection: 'c', guid: 'g' }, body: {} },
      UPDATE,
      'part 2 §7: a record’s save',
    ],
  ])('%s never answered throws an ApiError reading "%s" (%s)', async (id, input, text) => {
    vi.stubGlobal('fetch', unreachable);
    const error = await failure(callOperation(id, input as never));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(text);
    expect((error as ApiError).unanswered).toBe(true);
    expect((error as ApiError).severity).toBe('danger');
  });

  it.each<[OperationId, object, string]>([
    ['Script.PostScript', { body: {} }, 'part 1 §7: a save answered false'],
    ['MetaDocumentBuilder.MetaDocument', { body: {} }, 'part 1 §7: a save answered false'],
    [
      'DocumentBuilder.DeleteConnectionDocument',
      { path: { connection: 'c', guid: 'g' } },
      'part 1 §7: a delete answered false',
    ],
    ['FlowBuilder.PostRestMethodFlow', { body: {} }, 'part 1 §7: a flow save answered false'],
    ['ActionDocument.PostActionDocument', { path: { connection: 'c', guid: 'g' }, body: {} }, 'part 1 §7'],
  ])('%s answered false is a failure in the update text (%s)', async (id, input) => {
    vi.stubGlobal('fetch', answering(false));
    const error = await failure(callOperation(id, input as never));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(UPDATE);
    expect((error as ApiError).unanswered).toBe(false);
  });

  it('Script.CheckCompilation answered false is its success (part 1 §7: "the answer is false for success")', async () => {
    vi.stubGlobal('fetch', answering(false));
    await expect(callOperation('Script.CheckCompilation', {} as never)).resolves.toBe(false);
  });

  it('a load answered false is its answer, and a save answered true or its revision is a success (part 1 §7)', async () => {
    vi.stubGlobal('fetch', answering(false));
    await expect(callOperation('Items.GetPublishedItem', { query: {} as never })).resolves.toBe(false);
    vi.stubGlobal('fetch', answering(true));
    await expect(callOperation('Script.DeleteScript', { path: { guid: 'g' } })).resolves.toBe(true);
    vi.stubGlobal('fetch', answering({ Guid: 'g', Revision: 2 }));
    await expect(callOperation('Script.PostScript', { body: {} as never })).resolves.toEqual({
      Guid: 'g',
      Revision: 2,
    });
  });

  it('an aborted call stays an abort', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    const error = await failure(callOperation('Script.GetScripts', {}));
    expect(error).toBeInstanceOf(DOMException);
  });
});
