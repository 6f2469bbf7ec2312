/**
 * Sessions ended on one process end on every process of the exchange
 * (ROLE=gateway/engine): each revocation stored here is broadcast on the
 * bus (`<name>.all.sessions.ended`, token hashes only), and every process,
 * this one too, drops those sessions from its cache and signs their sockets
 * out. A process whose bus connection dropped may have missed some: it reads
 * every session from the store again. ROLE=all has no bus and needs none.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SessionService } from '../sessions';
import type { Bus } from './bus';
import { fromWire, toWire } from './wire';

const TOPIC = 'sessions.ended';
const HASH = /^[0-9a-f]{64}$/;

export function shareSessionEnds(
  sessions: Pick<SessionService, 'tellOthers' | 'endedElsewhere' | 'forgetAll'>,
  bus: Bus,
  log: FastifyBaseLogger,
): () => void {
  sessions.tellOthers((tokenHashes) => bus.broadcast(TOPIC, toWire({ tokenHashes })));
  return bus.listen(
    TOPIC,
    (data) => {
      let told: unknown;
      try {
        told = fromWire<{ tokenHashes?: unknown }>(data).tokenHashes;
      } catch (err) {
        log.warn({ err }, 'an unreadable session ending on the bus');
        return;
      }
      if (!Array.isArray(told)) return;
      sessions.endedElsewhere(
        told.filter((h): h is string => typeof h === 'string' && HASH.test(h)),
      );
    },
    () => sessions.forgetAll(),
  );
}
