import type { Balance, SpotMarketInfo, Ticker } from '@quay/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSettings } from '../../../platform/settings/settings-store';
import { TestProviders } from '../../../platform/widgets/test-providers';
import { SilentSocket } from '../../../platform/widgets/test-socket';
import { setViewportWidth } from '../../../platform/widgets/test-viewport';
import { spotBalancesQuery } from '../../../entities/balances/spot-balances';
import { spotTickersQuery } from '../../../entities/markets/tickers';
import { OrderForm } from './order-form';

const market: SpotMarketInfo = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  minNotional: '5',
  makerFeeRate: '0.001',
  takerFeeRate: '0.001',
  pricePrecision: 2,
  quantityPrecision: 5,
  depthSteps: ['0.01', '0.1', '1', '10'],
  marketPriceBandRate: '0.05',
};

const ticker: Ticker = {
  symbol: 'BTCUSDT',
  last: '65000.00',
  open24h: '64000',
  high24h: '66000',
  low24h: '63000',
  change24h: '0.0156',
  volume24h: '100',
  quoteVolume24h: '6500000',
  bestBid: '64999.99',
  bestAsk: '65000.01',
  time: 1,
};

function renderForm(balances: Balance[] | null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(spotTickersQuery.queryKey, [ticker]);
  if (balances) client.setQueryData(spotBalancesQuery.queryKey, balances);
  return render(
    <MemoryRouter initialEntries={['/spot/BTCUSDT']}>
      <QueryClientProvider client={client}>
        <TestProviders>
          <OrderForm market={market} />
        </TestProviders>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const type = (testId: string, value: string) =>
  act(() => {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  });

describe('the order form', () => {
  beforeAll(() => {
    setViewportWidth(1440);
    window.WebSocket = SilentSocket as unknown as typeof WebSocket;
  });
  afterEach(() => {
    cleanup();
    useSettings.setState({ loginFlag: false });
  });

  it('offers login and registration to a visitor instead of a submit button', () => {
    useSettings.setState({ loginFlag: false });
    renderForm(null);
    expect(screen.getByTestId('order-login').getAttribute('href')).toBe(
      '/login?redirect=%2Fspot%2FBTCUSDT',
    );
    expect(screen.getByTestId('order-register')).toBeTruthy();
    expect(screen.queryByTestId('order-submit')).toBeNull();
  });

  it('starts at the last price, cleans what is typed, and checks the order before it is sent', () => {
    useSettings.setState({ loginFlag: true });
    renderForm([{ coin: 'USDT', available: '1000', frozen: '0', total: '1000' }]);
    expect((screen.getByTestId('order-price') as HTMLInputElement).value).toBe('65000.00');
    expect(screen.getByTestId('order-available').textContent).toContain('1,000.00');

    // Letters go, the second dot goes, decimals stop at the market's precision.
    type('order-quantity', '0a.0001.23456');
    expect((screen.getByTestId('order-quantity') as HTMLInputElement).value).toBe('0.00012');
    expect((screen.getByTestId('order-total') as HTMLInputElement).value).toBe('7.80');
    expect(screen.getByTestId('order-error').textContent).toBe('');

    type('order-quantity', '0.00007');
    expect(screen.getByTestId('order-error').textContent).toBe('Minimum order value is 5.00 USDT');
    type('order-quantity', '1');
    expect(screen.getByTestId('order-error').textContent).toBe('Insufficient USDT balance');
    expect(screen.getByTestId('order-submit').hasAttribute('disabled')).toBe(true);

    // A quarter of 1,000 USDT at 65,000, cut to whole lots.
    act(() => {
      fireEvent.click(screen.getByTestId('order-percent-25'));
    });
    expect((screen.getByTestId('order-quantity') as HTMLInputElement).value).toBe('0.00384');
    expect(screen.getByTestId('order-error').textContent).toBe('');

    // A total typed in gives the amount it buys.
    type('order-total', '130');
    expect((screen.getByTestId('order-quantity') as HTMLInputElement).value).toBe('0.00200');
  });

  it('says under a market order how far from the last price it fills', () => {
    useSettings.setState({ loginFlag: true });
    renderForm([{ coin: 'USDT', available: '1000', frozen: '0', total: '1000' }]);
    expect(screen.queryByTestId('order-price-band')).toBeNull();
    act(() => {
      fireEvent.click(screen.getByTestId('order-type-market'));
    });
    expect(screen.getByTestId('order-price-band').textContent).toBe(
      'Fills within ±5% of the last price; the rest is cancelled',
    );
  });
});
