/**
 * The candlestick chart with a volume histogram. Loaded lazily with the
 * charting library, so the screen's first load does not carry it.
 * lightweight-charts plots numbers: figures become floats here for drawing
 * only, never for anything that is computed or settled.
 */
import { WS_CHANNELS, type Kline, type KlineInterval, type SpotMarketInfo } from '@quay/core';
import {
  CandlestickSeries,
  CrosshairMode,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatPrice } from '../../platform/numbers/number-format';
import { useChannel } from '../../platform/realtime/realtime';
import type { Theme } from '../../platform/settings/settings-store';
import { DOWN, UP } from '../../platform/theme/theme';
import { useChartTheme } from './chart-theme';
import { useKlines } from './klines';
import { tickMarkLabel } from './tick-marks';

const VOLUME_UP = 'rgba(14, 203, 129, 0.35)';
const VOLUME_DOWN = 'rgba(246, 70, 93, 0.35)';

/** The chart shows the viewer's local time; it draws whatever timestamps it is given as UTC. */
function chartTime(ms: number): UTCTimestamp {
  const offsetMs = new Date(ms).getTimezoneOffset() * 60_000;
  return Math.floor((ms - offsetMs) / 1000) as UTCTimestamp;
}

function candleOf(k: Kline) {
  return {
    time: chartTime(k.t),
    open: Number(k.o),
    high: Number(k.h),
    low: Number(k.l),
    close: Number(k.c),
  };
}

function volumeOf(k: Kline) {
  return {
    time: chartTime(k.t),
    value: Number(k.v),
    color: Number(k.c) >= Number(k.o) ? VOLUME_UP : VOLUME_DOWN,
  };
}

export default function KlineChart({
  market,
  interval,
  theme,
}: {
  market: SpotMarketInfo;
  interval: KlineInterval;
  theme: Theme;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const candles = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumes = useRef<ISeriesApi<'Histogram'> | null>(null);
  const lastTime = useRef<number>(0);
  // Reloaded by the page after a reconnect, with the other snapshots.
  const { data } = useKlines(market.symbol, interval);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const created = createChart(element, {
      autoSize: true,
      crosshair: { mode: CrosshairMode.Normal },
      timeScale: {
        timeVisible: true,
        secondsVisible: false,
        rightOffset: 6,
        tickMarkFormatter: tickMarkLabel,
      },
      localization: { locale: 'en-US' },
    });
    candles.current = created.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      wickUpColor: UP,
      wickDownColor: DOWN,
      borderVisible: false,
    });
    candles.current.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.24 } });
    volumes.current = created.addSeries(HistogramSeries, {
      priceFormat: { type: 'volume' },
      priceScaleId: 'volume',
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volumes.current.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
      candles.current = null;
      volumes.current = null;
    };
  }, []);

  useChartTheme(chart, theme, { verticalGrid: true });

  useEffect(() => {
    // Axis and crosshair prices grouped in thousands like every other figure on the screen.
    chart.current?.applyOptions({
      localization: {
        locale: 'en-US',
        priceFormatter: (price: number) =>
          formatPrice(price.toFixed(market.pricePrecision), market.pricePrecision),
      },
    });
    candles.current?.applyOptions({
      priceFormat: {
        type: 'price',
        precision: market.pricePrecision,
        minMove: Number(market.tickSize),
      },
    });
  }, [market.pricePrecision, market.tickSize]);

  // A new market or interval starts from an empty chart, not on top of the last one's bars.
  useEffect(() => {
    candles.current?.setData([]);
    volumes.current?.setData([]);
    lastTime.current = 0;
  }, [market.symbol, interval]);

  useEffect(() => {
    if (!data) return;
    candles.current?.setData(data.map(candleOf));
    volumes.current?.setData(data.map(volumeOf));
    lastTime.current = data.at(-1)?.t ?? 0;
    chart.current?.timeScale().scrollToRealTime();
  }, [data]);

  useChannel<Kline>(WS_CHANNELS.kline(market.symbol, interval), (k) => {
    // The chart refuses a bar older than its last one.
    if (k.t < lastTime.current) return;
    lastTime.current = k.t;
    candles.current?.update(candleOf(k));
    volumes.current?.update(volumeOf(k));
  });

  return <div ref={container} className="kline-canvas" dir="ltr" data-testid="kline-chart" />;
}
