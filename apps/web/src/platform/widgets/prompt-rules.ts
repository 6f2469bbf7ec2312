/** The prompt message box's input check (spec section 5). */

/** Returns false, or a message, to block the confirm. */
export type PromptValidator = (value: string) => boolean | string;

export interface PromptCheck {
  pattern?: RegExp;
  validator?: PromptValidator;
  /** Shown when the pattern fails or the validator returns false. */
  errorMessage?: string;
}

/**
 * null when the value may be confirmed; otherwise the text to show: the
 * validator's own message, else the supplied message, else the default.
 */
export function promptError(
  value: string,
  check: PromptCheck,
  defaultMessage: string,
): string | null {
  const fallback = check.errorMessage || defaultMessage;
  if (check.pattern) {
    // A global or sticky pattern keeps lastIndex between calls; reset it so the same text always answers the same.
    check.pattern.lastIndex = 0;
    if (!check.pattern.test(value)) return fallback;
  }
  if (check.validator) {
    const verdict = check.validator(value);
    if (typeof verdict === 'string') return verdict || fallback;
    if (verdict === false) return fallback;
  }
  return null;
}
