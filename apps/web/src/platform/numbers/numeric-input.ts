/** The longest integer part an amount field takes. */
const MAX_INTEGER_DIGITS = 20;

/**
 * The numeric input cleaner (spec section 5): full-width dot (and digits) to ASCII, only
 * digits and dots kept, no leading dot, a run of leading zeros collapsed to
 * one, only the first dot kept, at most 20 integer digits and the caller's
 * number of decimals.
 */
export function cleanNumericInput(raw: string, decimals: number): string {
  // Full-width digits too: a Japanese or Chinese input method types them.
  let text = raw
    .replace(/\uFF0E/g, '.')
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[^\d.]/g, '');
  text = text.replace(/^\.+/, '');
  text = text.replace(/^0{2,}/, '0');
  const dot = text.indexOf('.');
  let integer = dot === -1 ? text : text.slice(0, dot);
  let fraction = dot === -1 ? null : text.slice(dot + 1).replace(/\./g, '');
  integer = integer.slice(0, MAX_INTEGER_DIGITS);
  if (fraction !== null) {
    fraction = decimals > 0 ? fraction.slice(0, decimals) : null;
  }
  return fraction === null ? integer : `${integer}.${fraction}`;
}
