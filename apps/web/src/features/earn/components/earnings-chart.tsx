/**
 * Interest paid per day as bars. Loaded lazily with the charting library,
 * in its own chunk, as the other charts are. Floats exist only for drawing.
 */
import {
  HistogramSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { Theme } from '../../../platform/settings/settings-store';
import { BRAND } from '../../../platform/theme/theme';
import { useChartTheme } from '../../../ui/market/chart-theme';

export interface EarningPoint {
  /** Seconds (the chart's time). */
  time: number;
  value: number;
}

export default function EarningsChart({ points, theme }: { points: EarningPoint[]; theme: Theme }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const bars = useRef<ISeriesApi<'Histogram'> | null>(null);

  useEffect(() => {
    if (!container.current) return;
    // Interest is small: six places on the scale, no scrolling or zooming of thirty bars.
    const created = createChart(container.current, {
      localization: { locale: 'en-US', priceFormatter: (v: number) => v.toFixed(6) },
      timeScale: { borderVisible: false },
      handleScale: false,
      handleScroll: false,
      autoSize: true,
    });
    chart.current = created;
    bars.current = created.addSeries(HistogramSeries, {
      priceFormat: { type: 'price', precision: 6, minMove: 0.000001 },
      priceLineVisible: false,
      color: BRAND,
    });
    return () => {
      bars.current = null;
      chart.current = null;
      created.remove();
    };
  }, []);

  useChartTheme(chart, theme, { verticalGrid: false });

  useEffect(() => {
    bars.current?.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    chart.current?.timeScale().fitContent();
  }, [points]);

  return <div ref={container} className="earn-chart-canvas" dir="ltr" data-testid="earn-chart" />;
}
