/**
 * The images the server ships under /static (coin icons, banners, the
 * image-host probe): one folder, served by http/web-app.ts and named by the
 * content service.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STATIC_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../static');

/** A banner image path as an announcement stores it: `banners/<name>.svg|png`. */
const BANNER_PATH = /^banners\/[a-z0-9-]{1,64}\.(svg|png)$/;

/** Whether `path` names a banner image that exists under /static/banners. */
export function isShippedBanner(path: string): boolean {
  return BANNER_PATH.test(path) && existsSync(join(STATIC_DIR, path));
}

/** The banner images there are, as `banners/<file>`, sorted. */
export function shippedBanners(): string[] {
  return readdirSync(join(STATIC_DIR, 'banners'))
    .filter((file) => BANNER_PATH.test(`banners/${file}`))
    .sort()
    .map((file) => `banners/${file}`);
}
