import { describe, it, expect } from 'vitest';
import { isEmpty } from './emptiness';

describe('isEmpty (000 §5)', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['the string "null"', 'null'],
    ['empty string', ''],
    ['blank string', '  \t\n'],
    ['empty array', []],
    ['empty Map', new Map()],
    ['empty Set', new Set()],
    ['empty object', {}],
    ['empty null-prototype object', Object.create(null) as object],
  ])('%s is empty', (_label, value) => {
    expect(isEmpty(value)).toBe(true);
  });

  it.each([
    ['zero', 0],
    ['NaN', Number.NaN],
    ['false', false],
    ['true', true],
    ['a date', new Date(0)],
    ['text', 'a'],
    ['"Null" is not the literal "null"', 'Null'],
    ['array with undefined', [undefined]],
    ['non-empty Map', new Map([[1, 1]])],
    ['non-empty Set', new Set([0])],
    ['object with a key', { a: undefined }],
  ])('%s is not empty', (_label, value) => {
    expect(isEmpty(value)).toBe(false);
  });
});
