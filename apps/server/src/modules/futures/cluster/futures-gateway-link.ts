/**
 * The futures host of a gateway (ROLE=gateway): commands go to the engine
 * through the kernel's gateway link (kernel/cluster/gateway-link.ts) on the
 * topic `futures`. At start the host's copy of the state is built from the
 * store and the books are loaded whole from the engine; then every event of
 * the engine changes the copy and reaches the host's listeners, its book
 * changes through the copy of the books.
 */
import type { FastifyBaseLogger } from 'fastify';
import { BookMirror } from '../../../kernel/cluster/book-mirror';
import type { Bus } from '../../../kernel/cluster/bus';
import { GatewayLink } from '../../../kernel/cluster/gateway-link';
import { fromWire } from '../../../kernel/cluster/wire';
import type { BookSnapshot } from '../../../kernel/market-events';
import type { FuturesStore as Store } from '../futures-repositories';
import type { PerpMarkets } from '../perp-markets';
import type { FuturesCommand, FuturesResult } from '../host/futures-commands';
import type { FuturesBooks, FuturesEvent, FuturesRemoteLink } from '../host/futures-link';
import { FUTURES_TOPIC } from './futures-engine-link';

export class FuturesGatewayLink
  extends GatewayLink<FuturesCommand, FuturesResult, FuturesEvent>
  implements FuturesRemoteLink
{
  readonly kind = 'remote' as const;
  private readonly mirror: BookMirror;

  constructor(store: Store, bus: Bus, markets: PerpMarkets, log: FastifyBaseLogger) {
    super(store, bus, log, FUTURES_TOPIC);
    this.mirror = new BookMirror((symbol) => markets.get(symbol)?.config);
  }

  async start(copy: { load(): Promise<void>; tell(event: FuturesEvent): void }): Promise<void> {
    const mirror = this.mirror;
    await this.follow({
      async load(ask, seq) {
        const books = fromWire<FuturesBooks>(await ask('books'));
        // The state from the store once, after the books: it holds at least their commits.
        if (seq === 0) await copy.load();
        return mirror.reload(books, seq, (at, change) => copy.tell(noChange(at, change)));
      },
      apply(event) {
        const { changes, gap } = mirror.follow(event.changes);
        copy.tell({ ...event, changes });
        return gap;
      },
    });
  }

  book(symbol: string, levels: number): BookSnapshot {
    return this.mirror.book(symbol, levels);
  }
}

/** An event that changes nothing but one book's sequence (depth subscribers take a snapshot). */
function noChange(seq: number, change: FuturesEvent['changes'][number]): FuturesEvent {
  return {
    seq,
    trades: [],
    changes: [change],
    orders: [],
    plans: [],
    positions: [],
    settings: [],
    owners: [],
    wallets: [],
    marks: [],
    ticked: false,
  };
}
