import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../platform/i18n/i18n';
import { PasswordRules } from './password-rules';

function metRules(password: string): string[] {
  const { container, unmount } = render(<PasswordRules password={password} />);
  const met = [...container.querySelectorAll('li[data-met="true"]')].map(
    (li) => li.getAttribute('data-rule') ?? '',
  );
  unmount();
  return met;
}

describe('the password checklist', () => {
  it('ticks each rule as the password meets it', () => {
    expect(metRules('')).toEqual([]);
    expect(metRules('abc')).toEqual(['lower']);
    expect(metRules('abcDEF12')).toEqual(['length', 'upper', 'lower', 'digit']);
    expect(metRules('ABCDEFGHI')).toEqual(['length', 'upper']);
    expect(metRules('aB3'.repeat(11))).toEqual(['upper', 'lower', 'digit']);
  });
});
