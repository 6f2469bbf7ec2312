import { describe, expect, it } from 'vitest';
import { dialogLayout, dialogWidth } from './dialog-layout';
import { drawerPlacement } from './drawer-placement';
import { promptError } from './prompt-rules';

describe('drawer placement', () => {
  it('opens from the right by default and from the left under right-to-left', () => {
    expect(drawerPlacement(undefined, 'ltr')).toBe('right');
    expect(drawerPlacement(undefined, 'rtl')).toBe('left');
    expect(drawerPlacement('ltr', 'ltr')).toBe('left');
    expect(drawerPlacement('ltr', 'rtl')).toBe('right');
    expect(drawerPlacement('ttb', 'rtl')).toBe('top');
    expect(drawerPlacement('btt', 'ltr')).toBe('bottom');
    expect(drawerPlacement('sideways' as never, 'ltr')).toBe('right');
  });
});

describe('prompt check', () => {
  const DEFAULT = 'The value is not valid';
  it('blocks on a failed pattern with the supplied message, else the default', () => {
    expect(promptError('12', { pattern: /^\d+$/ }, DEFAULT)).toBeNull();
    expect(promptError('1a', { pattern: /^\d+$/ }, DEFAULT)).toBe(DEFAULT);
    expect(promptError('1a', { pattern: /^\d+$/, errorMessage: 'Digits only' }, DEFAULT)).toBe(
      'Digits only',
    );
  });

  it('blocks on a validator returning false or a message', () => {
    const validator = (v: string) => (v.length < 3 ? 'Too short' : v !== 'bad');
    expect(promptError('ab', { validator }, DEFAULT)).toBe('Too short');
    expect(promptError('bad', { validator }, DEFAULT)).toBe(DEFAULT);
    expect(promptError('good', { validator }, DEFAULT)).toBeNull();
  });

  it('answers the same for the same text under a global pattern', () => {
    const pattern = /^a/g;
    expect(promptError('abc', { pattern }, DEFAULT)).toBeNull();
    expect(promptError('abc', { pattern }, DEFAULT)).toBeNull();
  });
});

describe('dialog layout', () => {
  it('is 480 px wide by default and sits 15vh (dialog) or 30vh (message box) down', () => {
    expect(dialogWidth(undefined)).toBe(480);
    expect(dialogLayout('dialog', 'large', false).style.top).toBe('15vh');
    expect(dialogLayout('message-box', 'small', false).style.top).toBe('30vh');
    expect(dialogLayout('dialog', 'small', false).containerStyle).toEqual({});
  });
});
