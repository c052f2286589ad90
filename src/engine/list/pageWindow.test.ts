import { describe, expect, it } from 'vitest';
import { pageWindow } from './pageWindow';

describe('pageWindow (spec part 1 §9: pagination shows one page either side of the current)', () => {
  it.each<[number, number, Array<number | 'gap'>]>([
    [1, 0, []],
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 'gap', 10]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [10, 10, [1, 'gap', 9, 10]],
    [3, 10, [1, 2, 3, 4, 'gap', 10]],
  ])('page %i of %i → %j', (current, count, expected) => {
    expect(pageWindow(current, count)).toEqual(expected);
  });
});
