/**
 * A lead's equity over time as an area line, with the charting library the
 * app already uses; loaded lazily, in its own chunk.
 */
import {
  AreaSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { CopyEquityPoint } from '@quay/core/copy-trading';
import { useEffect, useRef } from 'react';
import { formatUsdt } from '../../../platform/numbers/number-format';
import type { Theme } from '../../../platform/settings/settings-store';
import { BRAND } from '../../../platform/theme/theme';
import { useChartTheme } from '../../../ui/market/chart-theme';

export default function EquityChart({
  points,
  theme,
}: {
  points: CopyEquityPoint[];
  theme: Theme;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const area = useRef<ISeriesApi<'Area'> | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const created = createChart(element, {
      autoSize: true,
      handleScroll: false,
      handleScale: false,
      timeScale: { timeVisible: true, secondsVisible: false, borderVisible: false },
      localization: {
        locale: 'en-US',
        priceFormatter: (value: number) => formatUsdt(value.toFixed(2)),
      },
      rightPriceScale: { scaleMargins: { top: 0.12, bottom: 0.08 } },
    });
    area.current = created.addSeries(AreaSeries, {
      lineColor: BRAND,
      lineWidth: 2,
      topColor: 'rgba(240, 185, 11, 0.28)',
      bottomColor: 'rgba(240, 185, 11, 0.02)',
      priceLineVisible: false,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    });
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
      area.current = null;
    };
  }, []);

  useChartTheme(chart, theme, { verticalGrid: false });

  useEffect(() => {
    // One point per second at most: the chart wants rising, distinct times.
    const seen = new Map<number, number>();
    for (const p of points) seen.set(Math.floor(p.time / 1000), Number(p.equity));
    const data = [...seen.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([time, value]) => ({ time: time as UTCTimestamp, value }));
    area.current?.setData(data);
    chart.current?.timeScale().fitContent();
  }, [points]);

  return <div ref={container} className="ct-chart" dir="ltr" data-testid="ct-equity-chart" />;
}
