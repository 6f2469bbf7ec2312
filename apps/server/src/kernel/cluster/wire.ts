/**
 * JSON on the bus, with bigints kept exact: a bigint travels as
 * `{"$n":"123"}` and comes back a bigint. Money never becomes a float.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function toWireText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'bigint' ? { $n: v.toString() } : v,
  );
}

export function fromWireText<T>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      const n = (v as { $n?: unknown }).$n;
      if (keys.length === 1 && typeof n === 'string') return BigInt(n);
    }
    return v;
  }) as T;
}

export const toWire = (value: unknown): Uint8Array => encoder.encode(toWireText(value));
export const fromWire = <T>(data: Uint8Array): T => fromWireText<T>(decoder.decode(data));
