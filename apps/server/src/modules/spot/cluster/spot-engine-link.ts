/**
 * The spot host as the writer of an exchange of several processes
 * (ROLE=engine): the kernel's engine link (kernel/cluster/engine-link.ts)
 * on the topic `spot`; a gateway loads the books whole from it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../../kernel/cluster/bus';
import { EngineLink } from '../../../kernel/cluster/engine-link';
import type { WriterFence } from '../../../kernel/cluster/writer-fence';
import type { SpotStore as Store } from '../spot-repositories';
import type { HostCommand, HostResult } from '../host/spot-commands';
import type { SpotBooks, SpotEvent, SpotWriterLink } from '../host/spot-link';

export interface SpotEngineHost {
  submit(command: HostCommand): Promise<HostResult>;
  books(): Promise<SpotBooks>;
}

export class SpotEngineLink
  extends EngineLink<HostCommand, HostResult, SpotEvent, SpotEngineHost>
  implements SpotWriterLink
{
  readonly kind = 'writer' as const;

  constructor(
    store: Store,
    bus: Bus,
    fence: WriterFence,
    log: FastifyBaseLogger,
    /** Resolves once this process holds the writer's lease (a standby waits here). */
    lease: () => Promise<void>,
  ) {
    super({ topic: 'spot', store, bus, fence, log, lease, snapshot: (host) => host.books() });
  }
}
