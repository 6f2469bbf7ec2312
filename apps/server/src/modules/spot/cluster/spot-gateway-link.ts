/**
 * The spot host of a gateway (ROLE=gateway): it holds no book. Commands go
 * to the engine through the kernel's gateway link
 * (kernel/cluster/gateway-link.ts) on the topic `spot`; the engine's events
 * come back to the host's listeners, the book changes through a copy of the
 * books loaded whole from the engine (and again when a change does not
 * follow: a new engine took over).
 */
import type { FastifyBaseLogger } from 'fastify';
import { BookMirror } from '../../../kernel/cluster/book-mirror';
import type { Bus } from '../../../kernel/cluster/bus';
import { GatewayLink } from '../../../kernel/cluster/gateway-link';
import { fromWire } from '../../../kernel/cluster/wire';
import type { BookSnapshot } from '../../../kernel/market-events';
import type { SpotMarkets } from '../spot-markets';
import type { SpotStore as Store } from '../spot-repositories';
import type { HostCommand, HostResult } from '../host/spot-commands';
import type { SpotBooks, SpotEvent, SpotRemoteLink } from '../host/spot-link';

export class SpotGatewayLink
  extends GatewayLink<HostCommand, HostResult, SpotEvent>
  implements SpotRemoteLink
{
  readonly kind = 'remote' as const;
  private readonly mirror: BookMirror;

  constructor(
    store: Store,
    bus: Bus,
    markets: SpotMarkets,
    log: FastifyBaseLogger,
    topic: string = 'spot',
  ) {
    super(store, bus, log, topic);
    this.mirror = new BookMirror((symbol) => markets.get(symbol)?.config);
  }

  async start(tell: (event: SpotEvent) => void): Promise<void> {
    const mirror = this.mirror;
    await this.follow({
      load: async (ask, seq) =>
        mirror.reload(fromWire<SpotBooks>(await ask('books')), seq, (at, change) =>
          tell({ ...emptyEvent(at), changes: [change] }),
        ),
      apply(event) {
        const { changes, gap } = mirror.follow(event.changes);
        tell({ ...event, changes });
        return gap;
      },
    });
  }

  book(symbol: string, levels: number): BookSnapshot {
    return this.mirror.book(symbol, levels);
  }
}

function emptyEvent(seq: number): SpotEvent {
  return { seq, trades: [], changes: [], orders: [], fills: [], plans: [], balanceUsers: [] };
}
