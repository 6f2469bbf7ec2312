/**
 * Live orders (and users) by id: an open-addressing hash table (linear probing, at most
 * half full, deletion by shifting back) from ids to the small integers that
 * name their records (slots of the order pool, users' numbers), both in typed
 * arrays: no object per entry and nothing for the collector to trace. Every
 * command looks an id up, and this costs less than a Map's lookup; ids are
 * positive safe integers (the checks refuse others), so 0 marks a free slot.
 *
 * The hosts number orders in sequence, so an id's slot is mostly its own low
 * bits: the next order's slot is next to the last one's, in the same cache
 * line, where a scattering hash would miss the cache on every new order of a
 * deep book. Higher bits are folded in so that ids with a common stride do
 * not all share a few slots.
 */
const FIRST_CAPACITY = 1024;

/** What `get` answers for an id that is not in the table. */
export const ABSENT = -1;

export class OrderIndex {
  private keys = new Float64Array(FIRST_CAPACITY);
  /** Non-negative 32-bit values. */
  private values = new Int32Array(FIRST_CAPACITY);
  private mask = FIRST_CAPACITY - 1;
  size = 0;

  /** The slot an id would sit in with no collisions. */
  private home(id: number): number {
    return (id ^ (id >>> 15)) & this.mask;
  }

  /** The slot holding an id, or -1. */
  private slotOf(id: number): number {
    const keys = this.keys;
    const mask = this.mask;
    for (let i = this.home(id); ; i = (i + 1) & mask) {
      const key = keys[i] as number;
      if (key === id) return i;
      if (key === 0) return -1;
    }
  }

  /** The id's value, or ABSENT. */
  get(id: number): number {
    const i = this.slotOf(id);
    return i < 0 ? ABSENT : (this.values[i] as number);
  }

  has(id: number): boolean {
    return this.slotOf(id) >= 0;
  }

  /** Adds an id that is not in the table. */
  add(id: number, value: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    const mask = this.mask;
    let i = this.home(id);
    while (keys[i] !== 0) i = (i + 1) & mask;
    keys[i] = id;
    this.values[i] = value;
    this.size += 1;
  }

  delete(id: number): void {
    const keys = this.keys;
    const values = this.values;
    const mask = this.mask;
    let i = this.slotOf(id);
    if (i < 0) return;
    // Shift back the entries after it whose probe passed through the freed slot.
    for (let j = (i + 1) & mask; ; j = (j + 1) & mask) {
      const key = keys[j] as number;
      if (key === 0) break;
      if (((j - this.home(key)) & mask) >= ((j - i) & mask)) {
        keys[i] = key;
        values[i] = values[j] as number;
        i = j;
      }
    }
    keys[i] = 0;
    this.size -= 1;
  }

  /** Fourfold, as the order pool grows: fewer rehashes of a deep book. */
  private grow(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    const capacity = oldKeys.length * 4;
    this.keys = new Float64Array(capacity);
    this.values = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.size = 0;
    for (let i = 0; i < oldKeys.length; i += 1) {
      const key = oldKeys[i] as number;
      if (key !== 0) this.add(key, oldValues[i] as number);
    }
  }
}
