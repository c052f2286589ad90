import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError';
import { createQueryClient } from './queryClient';

const notFound = new ApiError(404, { Message: 'Not here' });

/**
 * A failed load is a notice in the catalogue's words (issue 33 point 1; spec part 1 §8, part 2 §8 "shown
 * as a danger notification unless stated otherwise"), whichever screen asked for it.
 */
describe('the query cache’s failed loads', () => {
  it.each<[string, unknown, object | undefined, { severity: string; text: string }]>([
    [
      'a load never answered',
      ApiError.unanswered(false),
      undefined,
      { severity: 'danger', text: 'Something went wrong, please try again' },
    ],
    [
      'a load answered 500',
      new ApiError(500, null),
      undefined,
      { severity: 'danger', text: 'Internal server error occured, please try again' },
    ],
    [
      'a lookup with its load-error key',
      new ApiError(500, null),
      { errorKey: 'mb.error.loadSchemaTypes' },
      { severity: 'danger', text: 'The schema types could not be loaded' },
    ],
    [
      'a missing item with its not-found key',
      notFound,
      { notFoundKey: 'sb.error.loadScript' },
      { severity: 'danger', text: 'The script was not found' },
    ],
    [
      'an item that failed otherwise keeps the client’s words',
      ApiError.unanswered(false),
      { notFoundKey: 'sb.error.loadScript' },
      { severity: 'danger', text: 'Something went wrong, please try again' },
    ],
    [
      'a 401 stays the warning to log in',
      new ApiError(401, null),
      { errorKey: 'mb.error.loadSchemaTypes' },
      { severity: 'warning', text: 'Please login to perform this action' },
    ],
    [
      'a failure that is no ApiError',
      new Error('X-Total-Count missing'),
      undefined,
      { severity: 'danger', text: 'Something went wrong, please try again' },
    ],
  ])('%s is the notice %j', async (_what, error, meta, notice) => {
    const notify = vi.fn();
    const client = createQueryClient(notify);
    await client
      .fetchQuery({
        queryKey: ['row'],
        queryFn: () => Promise.reject(error),
        retry: false,
        meta: meta as never,
      })
      .catch(() => undefined);
    expect(notify.mock.calls).toEqual([[notice]]);
  });

  it('is quiet for a load that says so (meta.notify false)', async () => {
    const notify = vi.fn();
    const client = createQueryClient(notify);
    await client
      .fetchQuery({
        queryKey: ['quiet'],
        queryFn: () => Promise.reject(notFound),
        retry: false,
        meta: { notify: false },
      })
      .catch(() => undefined);
    expect(notify).not.toHaveBeenCalled();
  });

  it('retries what may pass next time (no answer, a 5xx), not a 4xx', () => {
    const client = createQueryClient();
    const retry = client.getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;
    expect(retry(0, ApiError.unanswered(false))).toBe(true);
    expect(retry(0, new ApiError(502, null))).toBe(true);
    expect(retry(2, new ApiError(502, null))).toBe(false);
    expect(retry(0, notFound)).toBe(false);
  });
});
