import { describe, it, expect } from 'vitest';
import { isHexColour } from './colour';

describe('isHexColour (000 §5)', () => {
  it.each(['#abc', 'abc', '#a1b2c3', 'A1B2C3', '#EA3659', '#444444'])('accepts %s', (v) => {
    expect(isHexColour(v)).toBe(true);
  });

  it.each(['#ab', '#abcd', '#abcde', '#a1b2c3d4', '#ggg', '', '#', '##abc', 'red'])('rejects %s', (v) => {
    expect(isHexColour(v)).toBe(false);
  });
});
