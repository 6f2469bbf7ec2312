/**
 * The colours every chart of the app takes from the theme. Imported only by
 * the lazily loaded charts, so it travels in their chunk with the library.
 */
import { ColorType, type IChartApi } from 'lightweight-charts';
import { useEffect, type RefObject } from 'react';
import type { Theme } from '../../platform/settings/settings-store';

const PALETTE: Record<'dark' | 'light', { text: string; grid: string; border: string }> = {
  dark: { text: '#848E9C', grid: 'rgba(43, 49, 57, 0.55)', border: '#2B3139' },
  light: { text: '#666F7F', grid: 'rgba(234, 236, 239, 0.8)', border: '#EAECEF' },
};

/** Keeps a chart's text, grid and borders in the theme's colours; `verticalGrid: false` draws horizontal lines only. */
export function useChartTheme(
  chart: RefObject<IChartApi | null>,
  theme: Theme,
  { verticalGrid }: { verticalGrid: boolean },
): void {
  useEffect(() => {
    const palette = PALETTE[theme === 'light' ? 'light' : 'dark'];
    chart.current?.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: palette.text,
        fontSize: 11,
      },
      grid: {
        vertLines: verticalGrid ? { color: palette.grid } : { visible: false },
        horzLines: { color: palette.grid },
      },
      rightPriceScale: { borderColor: palette.border },
      timeScale: { borderColor: palette.border },
    });
  }, [chart, theme, verticalGrid]);
}
