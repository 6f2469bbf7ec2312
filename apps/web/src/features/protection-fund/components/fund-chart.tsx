/**
 * The fund's balance over time as an area line. Loaded lazily with the
 * charting library, in its own chunk, as the spot chart is.
 */
import {
  AreaSeries,
  createChart,
  LineType,
  type AutoscaleInfo,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatUsdt } from '../../../platform/numbers/number-format';
import type { Theme } from '../../../platform/settings/settings-store';
import { BRAND } from '../../../platform/theme/theme';
import { useChartTheme } from '../../../ui/market/chart-theme';
import type { FundPoint } from '../utils/fund-history';

export default function FundChart({ points, theme }: { points: FundPoint[]; theme: Theme }) {
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
      lineType: LineType.WithSteps,
      topColor: 'rgba(240, 185, 11, 0.28)',
      bottomColor: 'rgba(240, 185, 11, 0.02)',
      priceLineVisible: false,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
      // A fund that barely moved would fill the chart with a scale of cents: give it 1 % room.
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const info = original();
        if (!info?.priceRange) return info;
        const { minValue, maxValue } = info.priceRange;
        const room = Math.abs(maxValue) * 0.01;
        if (maxValue - minValue >= room) return info;
        return { ...info, priceRange: { minValue: minValue - room, maxValue: maxValue + room } };
      },
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
    area.current?.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    chart.current?.timeScale().fitContent();
  }, [points]);

  return <div ref={container} className="fund-chart-canvas" dir="ltr" data-testid="fund-chart" />;
}
