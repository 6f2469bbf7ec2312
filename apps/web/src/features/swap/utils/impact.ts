/**
 * The price impact as the server answers it, a decimal fraction ('0.0123'
 * is 1.23 %), read exactly (no floats): its tone and its percent text.
 */

/** The impact in millionths, from its decimal text; null when it is not a plain decimal. */
export function impactPpm(impact: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(impact.trim());
  if (!match) return null;
  const whole = match[1] as string;
  const fraction = (match[2] ?? '').padEnd(6, '0').slice(0, 6);
  return Number(whole) * 1_000_000 + Number(fraction);
}

/** Colour of a price impact: fine below 1 %, a warning from 1 % to below 5 %, danger from 5 %. */
export function impactTone(impact: string): 'ok' | 'warn' | 'danger' {
  const ppm = impactPpm(impact) ?? 0;
  return ppm < 10_000 ? 'ok' : ppm < 50_000 ? 'warn' : 'danger';
}

/** The impact in percent to two places, rounded up (a cost is never shown smaller); '<0.01%' for a trace. */
export function impactPercent(impact: string): string {
  const ppm = impactPpm(impact);
  if (ppm === null) return '';
  if (ppm === 0) return '0.00%';
  if (ppm < 100) return '<0.01%';
  const hundredths = Math.ceil(ppm / 100);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}%`;
}
