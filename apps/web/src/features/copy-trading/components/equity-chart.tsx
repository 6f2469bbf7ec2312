/**
 * A lead's equity over time as a line (a baseline at the first point: above
 * it green, below it red), with the charting library the app already uses;
 * loaded lazily, in its own chunk.
 */
import type { CopyEquityPoint } from '@quay/core/copy-trading';
import {
  BaselineSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatUsdt } from '../../../platform/numbers/number-format';
import type { Theme } from '../../../platform/settings/settings-store';
import { useChartTheme } from '../../../ui/market/chart-theme';

const UP = '#0ecb81';
const DOWN = '#f6465d';

/** One value per second at most, in rising time: what the chart accepts. */
function seriesOf(points: CopyEquityPoint[]) {
  const bySecond = new Map<number, number>();
  for (const point of points) bySecond.set(Math.floor(point.time / 1000), Number(point.equity));
  return [...bySecond.keys()]
    .sort((a, b) => a - b)
    .map((second) => ({ time: second as UTCTimestamp, value: bySecond.get(second) ?? 0 }));
}

export default function EquityChart({
  points,
  theme,
}: {
  points: CopyEquityPoint[];
  theme: Theme;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const lineRef = useRef<ISeriesApi<'Baseline'> | null>(null);

  useEffect(() => {
    if (!host.current) return;
    const chart = createChart(host.current, {
      autoSize: true,
      handleScale: false,
      handleScroll: false,
      localization: { locale: 'en-US', priceFormatter: (v: number) => formatUsdt(v.toFixed(2)) },
      timeScale: { borderVisible: false, timeVisible: true },
    });
    const line = chart.addSeries(BaselineSeries, {
      lineWidth: 2,
      topLineColor: UP,
      bottomLineColor: DOWN,
      topFillColor1: 'rgba(14, 203, 129, 0.25)',
      topFillColor2: 'rgba(14, 203, 129, 0.02)',
      bottomFillColor1: 'rgba(246, 70, 93, 0.02)',
      bottomFillColor2: 'rgba(246, 70, 93, 0.25)',
      priceLineVisible: false,
    });
    chartRef.current = chart;
    lineRef.current = line;
    return () => {
      lineRef.current = null;
      chartRef.current = null;
      chart.remove();
    };
  }, []);

  useChartTheme(chartRef, theme, { verticalGrid: false });

  useEffect(() => {
    const data = seriesOf(points);
    const first = data[0]?.value ?? 0;
    lineRef.current?.applyOptions({ baseValue: { type: 'price', price: first } });
    lineRef.current?.setData(data);
    chartRef.current?.timeScale().fitContent();
  }, [points]);

  return <div ref={host} className="ct-chart" dir="ltr" data-testid="ct-equity-chart" />;
}
