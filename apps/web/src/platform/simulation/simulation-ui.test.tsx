import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SimulationGuard } from './simulation-ui';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SimulationGuard>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </SimulationGuard>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('the simulation route guard', () => {
  it('sends a path outside the allow-list to the spot demo page in the same language while on', () => {
    window.localStorage.setItem('quay.v1.simulation', '1');
    renderAt('/fr/account/security');
    expect(screen.getByTestId('where').textContent).toBe('/fr/spot/BTCUSDT');
  });

  it('lets allowed paths through while on', () => {
    window.localStorage.setItem('quay.v1.simulation', '1');
    renderAt('/ar/record/exchange');
    expect(screen.getByTestId('where').textContent).toBe('/ar/record/exchange');
  });

  it('does nothing while off', () => {
    renderAt('/account/security');
    expect(screen.getByTestId('where').textContent).toBe('/account/security');
  });
});
