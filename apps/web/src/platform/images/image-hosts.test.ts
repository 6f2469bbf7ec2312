import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readItem, STORAGE_KEYS, writeItem } from '../storage/local-store';
import {
  chooseImageHost,
  currentImageHost,
  installImageErrorRewrite,
  originOf,
  probeImageHosts,
  rewriteImageHostsDeep,
  rewriteImageUrl,
  setImageHosts,
  startImageHosts,
  type ImageLoader,
} from './image-hosts';

const A = 'https://img-a.quay.test';
const B = 'https://img-b.quay.test';
const C = 'https://img-c.quay.test';

/** A loader whose hosts answer after the given delays; a missing host fails. */
function loaderOf(delays: Record<string, number>, seen: string[] = []): ImageLoader {
  return (url, timeoutMs) => {
    seen.push(url);
    const delay = delays[new URL(url).origin];
    return new Promise((resolve, reject) => {
      if (delay === undefined) setTimeout(() => reject(new Error('down')), 1);
      else if (delay > timeoutMs) setTimeout(() => reject(new Error('timeout')), timeoutMs);
      else setTimeout(resolve, delay);
    });
  };
}

describe('image-host probing', () => {
  beforeEach(() => {
    window.localStorage.clear();
    setImageHosts([]);
  });

  it('keeps origins only', () => {
    expect(originOf('https://Img-A.quay.test:443/x.png')).toBe(A);
    expect(originOf('ftp://img.quay.test')).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });

  it('races the candidates with the probe image and picks the first to load', async () => {
    const seen: string[] = [];
    const winner = await probeImageHosts([A, B, C], '/static/probe.png', {
      load: loaderOf({ [A]: 40, [B]: 5 }, seen),
      now: 42,
    });
    expect(winner).toBe(B);
    expect(seen).toEqual([
      `${A}/static/probe.png?probe=42`,
      `${B}/static/probe.png?probe=42`,
      `${C}/static/probe.png?probe=42`,
    ]);
  });

  it('gives null when no candidate loads in time', async () => {
    const winner = await probeImageHosts([A, B], '/static/probe.png', {
      load: loaderOf({ [A]: 50 }),
      timeoutMs: 10,
    });
    expect(winner).toBeNull();
    expect(await probeImageHosts([], '/static/probe.png')).toBeNull();
  });

  it('keeps the winner in local storage and reuses it at the next start while it is a candidate', async () => {
    expect(await startImageHosts([A, B], '/p.png', loaderOf({ [A]: 5 }))).toBe(A);
    expect(readItem(STORAGE_KEYS.imageHost)).toBe(A);
    setImageHosts([A, B]);
    expect(currentImageHost()).toBe(A);
    setImageHosts([B, C]);
    expect(currentImageHost()).toBeNull();
  });

  it('ignores a stored host that is not a candidate and a choice outside the candidates', () => {
    writeItem(STORAGE_KEYS.imageHost, 'https://evil.example');
    setImageHosts([A]);
    expect(currentImageHost()).toBeNull();
    chooseImageHost('https://evil.example');
    expect(currentImageHost()).toBeNull();
  });
});

describe('image URL rewriting', () => {
  it('moves URLs on another candidate host to the chosen one, keeping path and query', () => {
    expect(rewriteImageUrl(`${A}/static/coins/btc.svg?v=2`, [A, B], B)).toBe(
      `${B}/static/coins/btc.svg?v=2`,
    );
  });

  it('leaves other values alone', () => {
    expect(rewriteImageUrl(`${B}/x.png`, [A, B], B)).toBe(`${B}/x.png`);
    expect(rewriteImageUrl('https://cdn.other.test/x.png', [A, B], B)).toBe(
      'https://cdn.other.test/x.png',
    );
    expect(rewriteImageUrl('/static/x.png', [A, B], B)).toBe('/static/x.png');
    expect(rewriteImageUrl(`${A}/x.png`, [A, B], null)).toBe(`${A}/x.png`);
  });

  it('rewrites the image fields inside a JSON answer without touching other fields', () => {
    const answer = {
      items: [
        { coin: 'BTC', iconUrl: `${A}/static/coins/btc.svg`, price: '64000.1' },
        { coin: 'ETH', iconUrl: `${C}/static/coins/eth.svg`, nested: { banner: `${A}/b.svg` } },
        { coin: 'SOL', imageUrls: [`${A}/1.png`, `${A}/2.png`], link: `${A}/page` },
      ],
      total: 2,
    };
    expect(rewriteImageHostsDeep(answer, [A, B], B)).toEqual({
      items: [
        { coin: 'BTC', iconUrl: `${B}/static/coins/btc.svg`, price: '64000.1' },
        { coin: 'ETH', iconUrl: `${C}/static/coins/eth.svg`, nested: { banner: `${B}/b.svg` } },
        { coin: 'SOL', imageUrls: [`${B}/1.png`, `${B}/2.png`], link: `${A}/page` },
      ],
      total: 2,
    });
  });
});

describe('failed images on the page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.body.innerHTML = '';
  });

  it('moves an image that failed on a candidate host to the chosen host, once', () => {
    setImageHosts([A, B]);
    chooseImageHost(B);
    const remove = installImageErrorRewrite();
    const image = document.createElement('img');
    image.src = `${A}/static/banners/launch.svg`;
    document.body.append(image);
    image.dispatchEvent(new Event('error'));
    expect(image.src).toBe(`${B}/static/banners/launch.svg`);
    // The chosen host failing too must not loop.
    image.dispatchEvent(new Event('error'));
    expect(image.src).toBe(`${B}/static/banners/launch.svg`);
    remove();
  });

  it('moves images that failed before the probe finished once a host is chosen', () => {
    setImageHosts([A, B]);
    const remove = installImageErrorRewrite();
    const image = document.createElement('img');
    image.src = `${A}/static/coins/sol.svg`;
    document.body.append(image);
    image.dispatchEvent(new Event('error'));
    expect(image.src).toBe(`${A}/static/coins/sol.svg`);
    chooseImageHost(B);
    expect(image.src).toBe(`${B}/static/coins/sol.svg`);
    remove();
  });

  it('moves images that failed before the configuration arrived, to the stored host or the probe’s', async () => {
    // A page load's own copy of the module: no configuration yet, no candidates, no host.
    vi.resetModules();
    const hosts = await import('./image-hosts');
    const remove = hosts.installImageErrorRewrite();
    const failed = (src: string) => {
      const image = document.createElement('img');
      image.src = src;
      document.body.append(image);
      image.dispatchEvent(new Event('error'));
      return image;
    };
    const early = failed(`${A}/static/coins/btc.svg`);
    const other = failed('https://cdn.other.test/x.png');
    expect(early.src).toBe(`${A}/static/coins/btc.svg`);
    // The configuration names the hosts; the one a visit before chose is used at once.
    writeItem(STORAGE_KEYS.imageHost, B);
    hosts.setImageHosts([A, B]);
    expect(early.src).toBe(`${B}/static/coins/btc.svg`);
    expect(other.src).toBe('https://cdn.other.test/x.png');
    remove();

    // Without a stored host, the probe's winner moves it.
    window.localStorage.clear();
    vi.resetModules();
    const again = await import('./image-hosts');
    const removeAgain = again.installImageErrorRewrite();
    const late = failed(`${A}/static/coins/eth.svg`);
    again.setImageHosts([A, B]);
    expect(late.src).toBe(`${A}/static/coins/eth.svg`);
    again.chooseImageHost(B);
    expect(late.src).toBe(`${B}/static/coins/eth.svg`);
    removeAgain();
  });

  it('leaves images of other hosts alone', () => {
    setImageHosts([A, B]);
    chooseImageHost(B);
    const remove = installImageErrorRewrite();
    const image = document.createElement('img');
    image.src = 'https://cdn.other.test/x.png';
    document.body.append(image);
    image.dispatchEvent(new Event('error'));
    expect(image.src).toBe('https://cdn.other.test/x.png');
    remove();
  });
});
