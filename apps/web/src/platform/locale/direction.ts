import { languageOf, type Locale } from '@quay/core';

/** Whether a locale reads right to left (Arabic): the page, antd and the layouts mirror. */
export function isRtl(locale: Locale): boolean {
  return languageOf(locale).dir === 'rtl';
}
