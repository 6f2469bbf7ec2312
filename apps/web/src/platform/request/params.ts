import dayjs from 'dayjs';

/** Request params as spec section 5 wants them: strings trimmed, dates as YYYY-MM-DD HH:mm. */
export function cleanParams<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (value instanceof Date) return dayjs(value).format('YYYY-MM-DD HH:mm') as T;
  if (Array.isArray(value)) return value.map((v: unknown) => cleanParams(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v !== undefined) out[k] = cleanParams(v);
    }
    return out as T;
  }
  return value;
}

export function toFormBody(params: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null) body.append(k, String(v));
  return body;
}

export function toMultipart(params: Record<string, unknown>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    body.append(k, v instanceof Blob ? v : String(v));
  }
  return body;
}
