import { describe, expect, it } from 'vitest';
import { errorMessage } from './errorMessage';

describe('errorMessage (spec part 1 §8 "API errors")', () => {
  it.each<[number, string | undefined, string, string, string]>([
    [400, undefined, 'Bad request, please try again', 'danger', 'part 1 §8: 400 without a server message'],
    [404, undefined, 'Action not found on server', 'danger', 'part 1 §8: 404'],
    [500, undefined, 'Internal server error occured, please try again', 'danger', 'part 1 §8: 500'],
    [502, undefined, 'Error occured on the server, please try again', 'danger', 'part 1 §8: above 500'],
    [503, undefined, 'Error occured on the server, please try again', 'danger', 'part 1 §8: above 500'],
    [409, undefined, 'An error occured, please try again', 'danger', 'part 1 §8: other'],
    [498, undefined, 'An error occured, please try again', 'danger', 'part 1 §8: other'],
    [
      400,
      'Passwords do not match',
      'Passwords do not match',
      'danger',
      'part 1 §8: a server message is shown when given',
    ],
    [500, 'Disk full', 'Disk full', 'danger', 'part 1 §8: a server message is shown when given'],
    [
      401,
      'Token expired',
      'Please login to perform this action',
      'warning',
      'part 1 §8: 401 gives the warning',
    ],
    [403, undefined, 'Please login to perform this action', 'warning', 'part 1 §8: 403 gives the warning'],
    [
      403,
      'Only an administrator may change, delete or reset an administrator',
      'Only an administrator may change, delete or reset an administrator',
      'danger',
      'part 1 §8: a server message is shown when given (issue 29: a refusal says why)',
    ],
  ])('%i with message %s → "%s" (%s; %s)', (status, server, text, severity) => {
    expect(errorMessage(status, server)).toEqual({ text, severity });
  });
});
