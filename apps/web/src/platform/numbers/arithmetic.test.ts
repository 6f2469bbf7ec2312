import { describe, expect, it } from 'vitest';
import { add, multiply, subtract } from './arithmetic';

describe('arithmetic with empty values as zero', () => {
  it('keeps 20 significant digits, where floats would not', () => {
    expect(multiply('0.1', '0.2').toString()).toBe('0.02');
    expect(add('0.1', '0.2').toString()).toBe('0.3');
    expect(subtract('0.3', '0.1').toString()).toBe('0.2');
  });

  it('reads an empty or unreadable value as zero', () => {
    expect(add('', '1.5').toString()).toBe('1.5');
    expect(subtract('2', 'x').toString()).toBe('2');
    expect(multiply('', '3').toString()).toBe('0');
  });
});
