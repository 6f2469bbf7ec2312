/** The market simulator: index walks, makers and takers that keep the markets live, and made-up kline history. */
export { createSimulator, startPriceOf } from './simulator';
export type { Simulator, SimulatorLedger, SimulatorSpot } from './simulator';
export { SimulatorRuns } from './simulator-runs';
export { HISTORY_KEEP, syntheticHistory } from './synthetic-history';
export { basisOf } from './basis';
