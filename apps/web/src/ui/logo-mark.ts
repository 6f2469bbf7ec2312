/**
 * The logo's drawing, as data: the `Logo` component draws it, and the build
 * writes it into index.html's frame (build/boot-frame.ts), so both are one
 * drawing.
 */
import { BRAND } from '../platform/theme/palette';

export const LOGO_VIEWBOX = '0 0 32 32';
export const LOGO_TILE = { width: 32, height: 32, rx: 8, fill: BRAND } as const;
export const LOGO_GLYPH = {
  d: 'M16 7a9 9 0 1 0 5.6 16.05l2.9 2.9 1.9-1.9-2.9-2.9A9 9 0 0 0 16 7Zm0 3.6a5.4 5.4 0 1 1 0 10.8 5.4 5.4 0 0 1 0-10.8Z',
  fill: '#181A20',
} as const;
export const LOGO_WORD = 'Quay';
