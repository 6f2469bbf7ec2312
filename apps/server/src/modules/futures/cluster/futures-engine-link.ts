/**
 * The futures host as the writer of an exchange of several processes
 * (ROLE=engine): the kernel's engine link (kernel/cluster/engine-link.ts)
 * on the topic `futures`, fenced by the futures writer's own epoch and
 * sequence; a gateway loads the books whole from it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../../kernel/cluster/bus';
import { EngineLink } from '../../../kernel/cluster/engine-link';
import type { WriterFence } from '../../../kernel/cluster/writer-fence';
import type { FuturesStore as Store } from '../futures-repositories';
import type { FuturesResult } from '../host/futures-commands';
import type {
  FuturesBooks,
  FuturesEvent,
  FuturesWriterLink,
  KeyedFuturesCommand,
} from '../host/futures-link';

export interface FuturesEngineHost {
  submit(command: KeyedFuturesCommand): Promise<FuturesResult>;
  books(): Promise<FuturesBooks>;
}

/** The futures writer's topic on the bus and its name in the store (lease epoch, sequence, events). */
export const FUTURES_TOPIC = 'futures';

export class FuturesEngineLink
  extends EngineLink<KeyedFuturesCommand, FuturesResult, FuturesEvent, FuturesEngineHost>
  implements FuturesWriterLink
{
  readonly kind = 'writer' as const;

  constructor(
    store: Store,
    bus: Bus,
    fence: WriterFence,
    log: FastifyBaseLogger,
    lease: () => Promise<void>,
  ) {
    super({
      topic: FUTURES_TOPIC,
      store,
      bus,
      fence,
      log,
      lease,
      snapshot: (host) => host.books(),
    });
  }
}
