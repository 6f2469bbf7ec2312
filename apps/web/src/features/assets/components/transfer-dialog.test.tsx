import type { Balance } from '@quay/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spotBalancesQuery } from '../../../entities/balances/spot-balances';
import { useSettings } from '../../../platform/settings/settings-store';
import { TestProviders } from '../../../platform/widgets/test-providers';
import { SilentSocket } from '../../../platform/widgets/test-socket';
import { setViewportWidth } from '../../../platform/widgets/test-viewport';
import { TransferDialog } from './transfer-dialog';

/** The dialog with the spot wallet known (`balances`) or not answered yet (`null`). */
function renderDialog(balances: Balance[] | null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  if (balances) client.setQueryData(spotBalancesQuery.queryKey, balances);
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <TestProviders>
          <TransferDialog direction="toFutures" onClose={() => undefined} />
        </TestProviders>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const submit = () => screen.getByTestId('transfer-submit') as HTMLButtonElement;

describe('the futures transfer dialog', () => {
  beforeAll(() => {
    setViewportWidth(1440);
    window.WebSocket = SilentSocket as unknown as typeof WebSocket;
  });
  afterEach(() => {
    cleanup();
    useSettings.setState({ loginFlag: false });
  });

  it('sends nothing while the spot wallet has not answered: its zero is not known yet', () => {
    // Logged out, the balance query waits; the dialog must not treat that as an empty wallet.
    renderDialog(null);
    expect(submit().disabled).toBe(true);
    act(() => {
      fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: '100' } });
    });
    expect(submit().disabled).toBe(true);
  });

  it('takes an amount up to the spot balance once it is known', () => {
    useSettings.setState({ loginFlag: true });
    renderDialog([{ coin: 'USDT', available: '250', frozen: '0', total: '250' }]);
    expect(submit().disabled).toBe(false);
    expect(screen.getByTestId('transfer-max-text').textContent).toContain('250');
  });
});
