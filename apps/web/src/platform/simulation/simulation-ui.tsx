/**
 * What simulation mode shows: the demo banner over every page while on, the
 * switch (header and account menu) and the route guard of spec section 2.
 */
import { ExperimentOutlined } from '@ant-design/icons';
import { Switch } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { isSimulationOn, setSimulation } from './simulation-mode';
import { simulationRedirect } from './simulation-routes';
import './simulation.css';

/** The mode of this page load (a switch reloads the page, so it never changes under a screen). */
export function useSimulation(): boolean {
  const [on] = useState(isSimulationOn);
  return on;
}

/** While on, a path outside the allow-list goes to the spot demo page in the same language. */
export function SimulationGuard({ children }: { children: ReactNode }) {
  const on = useSimulation();
  const { pathname, search } = useLocation();
  const to = on ? simulationRedirect(pathname) : null;
  if (to && to !== pathname)
    return <Navigate replace to={to} state={{ from: pathname + search }} />;
  return children;
}

export function SimulationBanner() {
  const { t } = useTranslation();
  const on = useSimulation();
  if (!on) return null;
  return (
    <div className="simulation-banner" role="status" data-testid="simulation-banner">
      <ExperimentOutlined aria-hidden="true" />
      <span className="simulation-banner-text">{t('simulation.banner')}</span>
      <span className="simulation-banner-short">{t('simulation.demoTrading')}</span>
      <button
        type="button"
        className="simulation-banner-exit"
        data-testid="simulation-exit"
        onClick={() => setSimulation(false)}
      >
        {t('simulation.exit')}
      </button>
    </div>
  );
}

/** The on/off switch with its label; `compact` drops the label (narrow header). */
export function SimulationSwitch({ testId = 'simulation-switch' }: { testId?: string }) {
  const { t } = useTranslation();
  const on = useSimulation();
  return (
    <label className="simulation-switch">
      <span className="simulation-switch-label">{t('simulation.demoTrading')}</span>
      <Switch
        size="small"
        checked={on}
        data-testid={testId}
        aria-label={t('simulation.demoTrading')}
        onChange={(next) => setSimulation(next)}
      />
    </label>
  );
}
