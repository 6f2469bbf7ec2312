/**
 * Image-host probing (spec section 7): the candidate image hosts of the
 * platform configuration are raced by loading a small probe image; the
 * fastest is kept in local storage; image URLs in API answers (a response
 * transformer) and `<img>` elements that fail on the page are rewritten to it.
 */
import { readItem, STORAGE_KEYS, writeItem } from '../storage/local-store';

/** A probe that has not loaded by then counts as failed. */
export const PROBE_TIMEOUT_MS = 5000;
/** Marks an image already moved once, so a failing chosen host cannot loop. */
const REWRITTEN_ATTR = 'data-image-host-rewritten';

export type ImageLoader = (url: string, timeoutMs: number) => Promise<void>;

interface ImageHostState {
  candidates: string[];
  chosen: string | null;
}

const state: ImageHostState = { candidates: [], chosen: null };
/**
 * Images that failed before any host was chosen, the configuration's
 * candidates perhaps not known yet either: moved once a host is chosen (the
 * stored one with the configuration, or a probe's winner).
 */
const waiting = new Set<HTMLImageElement>();
/** Whether the configuration's hosts are known (an image failing before may be on one of them). */
let configured = false;

/** `https://Img.Example.com:443/` -> `https://img.example.com`; null when not an http(s) origin. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Loads an image in the browser; resolves when it has loaded, rejects on error or time-out. */
export const loadImage: ImageLoader = (url, timeoutMs) =>
  new Promise<void>((resolve, reject) => {
    const image = new Image();
    const timer = window.setTimeout(() => {
      image.src = '';
      reject(new Error(`image probe timed out: ${url}`));
    }, timeoutMs);
    image.onload = () => {
      window.clearTimeout(timer);
      resolve();
    };
    image.onerror = () => {
      window.clearTimeout(timer);
      reject(new Error(`image probe failed: ${url}`));
    };
    image.src = url;
  });

/**
 * Races the hosts: each loads `host + probePath` (cache-busted); the first to
 * load wins. Resolves with that host, or null when none loads in time.
 */
export async function probeImageHosts(
  hosts: readonly string[],
  probePath: string,
  options: { load?: ImageLoader; timeoutMs?: number; now?: number } = {},
): Promise<string | null> {
  const load = options.load ?? loadImage;
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const stamp = options.now ?? Date.now();
  const origins = hosts.map(originOf).filter((h): h is string => h !== null);
  if (origins.length === 0) return null;
  try {
    return await Promise.any(
      origins.map((host) => load(`${host}${probePath}?probe=${stamp}`, timeoutMs).then(() => host)),
    );
  } catch {
    return null;
  }
}

/** The host kept from an earlier probe, if it is still a candidate. */
export function storedImageHost(candidates: readonly string[]): string | null {
  const stored = readItem(STORAGE_KEYS.imageHost);
  const origin = stored ? originOf(stored) : null;
  return origin && candidates.includes(origin) ? origin : null;
}

/** The candidates of the configuration, and the host to use until a probe says otherwise. */
export function setImageHosts(hosts: readonly string[]): void {
  configured = true;
  state.candidates = hosts.map(originOf).filter((h): h is string => h !== null);
  state.chosen = storedImageHost(state.candidates);
  // Only an image on a candidate host can ever move.
  for (const image of waiting) {
    if (!state.candidates.includes(originOf(image.currentSrc || image.src) ?? '')) {
      waiting.delete(image);
    }
  }
  moveWaiting();
}

export function chooseImageHost(host: string): void {
  const origin = originOf(host);
  if (!origin || !state.candidates.includes(origin)) return;
  state.chosen = origin;
  writeItem(STORAGE_KEYS.imageHost, origin);
  moveWaiting();
}

/** Once a host is chosen: the images that failed before, on a candidate host, move to it. */
function moveWaiting(): void {
  if (!state.chosen) return;
  for (const image of waiting) {
    if (image.isConnected) moveImage(image);
  }
  waiting.clear();
}

export function currentImageHost(): string | null {
  return state.chosen;
}

/**
 * An image URL on another candidate host moved to the chosen one; any other
 * value (no choice yet, not a candidate, not a URL) is returned as it is.
 */
export function rewriteImageUrl(
  value: string,
  candidates: readonly string[] = state.candidates,
  chosen: string | null = state.chosen,
): string {
  if (!chosen || !/^https?:\/\//i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (url.origin === chosen || !candidates.includes(url.origin)) return value;
  return `${chosen}${url.pathname}${url.search}${url.hash}`;
}

/** Fields that name an image: iconUrl, imageUrl, bannerUrl, logo, avatar, src ... */
const IMAGE_FIELD = /(urls?|icons?|images?|imgs?|logos?|banners?|avatars?|src)$/i;

/**
 * Image URLs on a candidate host, moved to the chosen host, in the fields of
 * a JSON answer that name an image (or lists of them). Other fields are not
 * looked at, so market data passes through untouched and cheaply.
 */
export function rewriteImageHostsDeep<T>(
  data: T,
  candidates: readonly string[] = state.candidates,
  chosen: string | null = state.chosen,
): T {
  if (!chosen || candidates.length === 0) return data;
  const walk = (value: unknown, imageField: boolean, depth: number): unknown => {
    // Answers are shallow; the bound keeps a cyclic or hostile value from running away.
    if (depth > 32) return value;
    if (typeof value === 'string') {
      return imageField ? rewriteImageUrl(value, candidates, chosen) : value;
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, imageField, depth + 1));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [
          k,
          walk(v, IMAGE_FIELD.test(k), depth + 1),
        ]),
      );
    }
    return value;
  };
  return walk(data, false, 0) as T;
}

function moveImage(image: HTMLImageElement): boolean {
  const src = image.currentSrc || image.src;
  const next = rewriteImageUrl(src);
  if (next === src) return false;
  image.setAttribute(REWRITTEN_ATTR, '1');
  image.src = next;
  return true;
}

/**
 * Moves an `<img>` that failed to load from a candidate host to the chosen
 * host, once. Error events do not bubble, so the listener captures them.
 * Returns the function that removes the listener.
 */
export function installImageErrorRewrite(root: Document = document): () => void {
  const onError = (event: Event) => {
    const image = event.target;
    if (!(image instanceof HTMLImageElement) || image.hasAttribute(REWRITTEN_ATTR)) return;
    if (moveImage(image)) return;
    const origin = originOf(image.currentSrc || image.src);
    // Before the configuration arrives (its answer can come after the page's first images),
    // any host may turn out to be a candidate.
    const candidate = !configured || state.candidates.includes(origin ?? '');
    if (!state.chosen && origin && candidate) waiting.add(image);
  };
  root.addEventListener('error', onError, true);
  return () => root.removeEventListener('error', onError, true);
}

/**
 * Starts image-host handling for a configuration: the stored host at once,
 * then a fresh probe whose winner replaces it.
 */
export async function startImageHosts(
  hosts: readonly string[],
  probePath: string,
  load?: ImageLoader,
): Promise<string | null> {
  setImageHosts(hosts);
  if (state.candidates.length === 0) return null;
  const winner = await probeImageHosts(state.candidates, probePath, { load });
  if (winner) chooseImageHost(winner);
  return state.chosen;
}
