import { LOGO_GLYPH, LOGO_TILE, LOGO_VIEWBOX, LOGO_WORD } from './logo-mark';

export function Logo({ size = 28 }: { size?: number }) {
  return (
    <span className="quay-logo">
      <svg width={size} height={size} viewBox={LOGO_VIEWBOX} aria-hidden="true">
        <rect {...LOGO_TILE} />
        <path {...LOGO_GLYPH} />
      </svg>
      <span className="quay-logo-text">{LOGO_WORD}</span>
    </span>
  );
}
