import { describe, expect, it } from 'vitest';
import { compileErrorsOf } from './checkCompilation';
import { errorLines } from './errorLines';

describe('compile errors as validation errors (spec part 1 §5 "Script": any returned text becomes an error)', () => {
  it.each([
    ['no errors, nothing to show', [], []],
    [
      'each error at the code field, with line and column',
      [{ Line: 3, Column: 11, Message: "Unexpected '='" }],
      [
        {
          path: '/Script',
          messageKey: 'sb.validation.compileError',
          message: "Line 3, column 11: Unexpected '='",
          params: { line: 3, column: 11, message: "Unexpected '='" },
        },
      ],
    ],
    [
      'several errors stay several',
      [
        { Line: 1, Column: 1, Message: 'a' },
        { Line: 4, Column: 2, Message: 'b' },
      ],
      ['Line 1, column 1: a', 'Line 4, column 2: b'],
    ],
  ])('%s', (_rule, errors, expected) => {
    const found = compileErrorsOf(errors);
    if (expected.every((entry) => typeof entry === 'string'))
      expect(found.map((error) => error.message)).toEqual(expected);
    else expect(found).toEqual(expected);
  });
});

describe('the editor marks the lines of compile errors', () => {
  const errors = compileErrorsOf([
    { Line: 2, Column: 5, Message: 'first' },
    { Line: 2, Column: 3, Message: 'second' },
    { Line: 9, Column: 1, Message: 'beyond the end' },
    { Line: 1, Column: 1, Message: 'top' },
  ]);
  it.each([
    [
      'lines in order, errors of one line joined, lines beyond the document dropped',
      errors,
      5,
      [
        { line: 1, column: 1, message: 'top' },
        { line: 2, column: 3, message: 'first\nsecond' },
      ],
    ],
    [
      'errors of other fields are not the editor’s',
      [{ path: '/Name', messageKey: 'x', message: 'x', params: { line: 1 } }],
      5,
      [],
    ],
    [
      'errors without a line are not marked',
      [{ path: '/Script', messageKey: 'sb.validation.codeEmpty', message: 'x' }],
      5,
      [],
    ],
  ])('%s', (_rule, input, lineCount, expected) => {
    expect(errorLines(input, '/Script', lineCount)).toEqual(expected);
  });
});
