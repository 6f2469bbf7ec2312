import type { ChannelContext } from './ws-routes';

/** Sockets of each user on one channel; a push goes only to sockets still signed in. */
export class UserSubscribers {
  private readonly byUser = new Map<string, Set<ChannelContext>>();

  constructor(readonly channel: string) {}

  add(context: ChannelContext): () => void {
    const userId = context.user?.userRowId;
    if (!userId) return () => undefined;
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(context);
    return () => {
      set.delete(context);
      if (set.size === 0) this.byUser.delete(userId);
    };
  }

  /** Users with a socket on this channel. */
  users(): string[] {
    return [...this.byUser.keys()];
  }

  has(userId: string): boolean {
    return this.byUser.has(userId);
  }

  push(userId: string, data: unknown): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    const text = JSON.stringify({ op: 'push', channel: this.channel, data });
    // A socket whose session has just expired is signed out (and leaves the set) instead.
    for (const context of set) if (context.signedIn?.() ?? true) context.sendRaw(text);
  }
}
