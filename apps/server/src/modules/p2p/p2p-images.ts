/**
 * Images of a P2P order's chat and of an appeal's evidence: the type is read
 * from the bytes (PNG, JPEG or WebP signatures), never from a name or a
 * claimed type, and the size is capped; anything else is refused.
 */
import { P2P_IMAGE_MAX_BYTES, type P2pImageType } from '@quay/core/p2p';
import { appError } from '../../kernel/app-error';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type of these bytes, or null when they are none of PNG, JPEG or WebP. */
export function sniffImage(bytes: Uint8Array): P2pImageType | null {
  if (bytes.length >= 8 && startsWith(bytes, PNG)) return 'image/png';
  if (bytes.length >= 3 && startsWith(bytes, JPEG)) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    startsWith(bytes, ascii('RIFF')) &&
    startsWith(bytes, ascii('WEBP'), 8)
  ) {
    return 'image/webp';
  }
  return null;
}

/** Longest base64 text of an image within the limit. */
export const IMAGE_BASE64_MAX = Math.ceil(P2P_IMAGE_MAX_BYTES / 3) * 4;

/** Decodes and checks an image sent as base64: its type and bytes, or P2P_IMAGE_INVALID. */
export function checkedImage(base64: string): { type: P2pImageType; bytes: Buffer } {
  const refuse = () => appError('P2P_IMAGE_INVALID', { max: P2P_IMAGE_MAX_BYTES / 1024 });
  if (base64.length > IMAGE_BASE64_MAX || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw refuse();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > P2P_IMAGE_MAX_BYTES) throw refuse();
  const type = sniffImage(bytes);
  if (type === null) throw refuse();
  return { type, bytes };
}
