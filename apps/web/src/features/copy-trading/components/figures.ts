import { formatPercent, formatUsdt } from '../../../platform/numbers/number-format';

/** A percentage the server sends as text ('12.34'), with its sign. */
export const percent = (text: string) => formatPercent(text, true);
export const usdt = (text: string) => formatUsdt(text);
/** Green for a gain, red for a loss. */
export const tone = (text: string) =>
  text.startsWith('-') ? 'ct-down' : Number(text) > 0 ? 'ct-up' : '';
