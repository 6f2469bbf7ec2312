import { SafetyCertificateOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/*
 * The landing illustration: a stylised candlestick chart with a moving
 * average. It carries no prices or figures on purpose: the shape is a fixed
 * drawing, not market data.
 */
const CLOSES = [62, 58, 66, 71, 68, 77, 74, 83, 90, 86, 95, 104, 99, 110, 118, 113, 124, 133];
const WIDTH = 420;
const HEIGHT = 260;
const STEP = WIDTH / CLOSES.length;
const BODY = STEP * 0.56;
const y = (v: number) => HEIGHT - 30 - (v - 40) * 2;

const candles = CLOSES.map((close, i) => {
  const open = i === 0 ? close - 6 : (CLOSES[i - 1] ?? close);
  // Wicks of varying length, fixed per candle so the drawing never changes.
  const wick = 3 + ((i * 7) % 5);
  return {
    x: i * STEP + (STEP - BODY) / 2,
    top: y(Math.max(open, close)),
    bottom: y(Math.min(open, close)),
    high: y(Math.max(open, close) + wick),
    low: y(Math.min(open, close) - wick + 1),
    up: close >= open,
  };
});

const average = CLOSES.map((_, i) => {
  const window = CLOSES.slice(Math.max(0, i - 3), i + 1);
  return window.reduce((a, b) => a + b, 0) / window.length;
});
const averagePath = average
  .map((v, i) => `${i === 0 ? 'M' : 'L'}${(i * STEP + STEP / 2).toFixed(1)} ${y(v).toFixed(1)}`)
  .join(' ');

/** The chart drawing, shared by the hero and the phone of the app section. */
export function CandleChart({ id }: { id: string }) {
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="hero-chart" role="presentation">
      <defs>
        <linearGradient id={`${id}-fill`} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="var(--brand)" stopOpacity="0.28" />
          <stop offset="100%" stopColor="var(--brand)" stopOpacity="0" />
        </linearGradient>
      </defs>
      {[0.25, 0.5, 0.75].map((f) => (
        <line key={f} x1="0" x2={WIDTH} y1={HEIGHT * f} y2={HEIGHT * f} className="hero-grid" />
      ))}
      <path
        d={`${averagePath} L${WIDTH - STEP / 2} ${HEIGHT} L${STEP / 2} ${HEIGHT} Z`}
        fill={`url(#${id}-fill)`}
      />
      {candles.map((c, i) => (
        <g key={i} className={c.up ? 'candle up' : 'candle down'}>
          <line x1={c.x + BODY / 2} x2={c.x + BODY / 2} y1={c.high} y2={c.low} />
          <rect x={c.x} y={c.top} width={BODY} height={Math.max(2, c.bottom - c.top)} rx="1.5" />
        </g>
      ))}
      <path d={averagePath} className="hero-average" />
    </svg>
  );
}

export function HeroArt() {
  const { t } = useTranslation();
  return (
    <div className="hero-art" aria-hidden="true">
      <div className="hero-card">
        <div className="hero-card-bar">
          <span className="dot" />
          <span className="dot" />
          <span className="dot" />
        </div>
        <CandleChart id="hero" />
      </div>
      <div className="hero-chip hero-chip-top">
        <SafetyCertificateOutlined />
        <span>{t('home.reservesTitle')}</span>
      </div>
      <div className="hero-chip hero-chip-bottom">
        <ThunderboltOutlined />
        <span>{t('home.liquidityTitle')}</span>
      </div>
    </div>
  );
}
