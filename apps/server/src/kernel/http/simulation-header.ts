/**
 * Simulation mode over HTTP (DESIGN.md section 4): a call carrying
 * `x-simulated: 1` acts on the caller's demo ledger and the demo markets;
 * without it, on the real ones. Any other value of the header is refused
 * (FIELD_FORMAT) before routing, so a typo never lands on the wrong ledger.
 */
import { SIMULATED_HEADER, SIMULATED_HEADER_VALUE } from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../app-error';
import type { LedgerSide } from '../coins';

export function registerSimulationHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const value = request.headers[SIMULATED_HEADER];
    if (value !== undefined && value !== SIMULATED_HEADER_VALUE) {
      done(appError('FIELD_FORMAT', { field: SIMULATED_HEADER }));
      return;
    }
    done();
  });
}

/** The ledger a call acts on. */
export function sideOf(request: FastifyRequest): LedgerSide {
  return request.headers[SIMULATED_HEADER] === SIMULATED_HEADER_VALUE ? 'demo' : 'real';
}
