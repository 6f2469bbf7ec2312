/**
 * A key's IP allow-list: IPv4 and IPv6 addresses and CIDR ranges, parsed by
 * ipaddr.js. Stored normalised (a lone address as itself, a range as its
 * network and prefix), and an IPv4 caller seen as IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`) matches its IPv4 entries.
 */
import ipaddr from 'ipaddr.js';
import { appError } from '../../kernel/app-error';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Only the usual spellings: four decimal parts for IPv4 (not 1.2.3, octal or hex), or IPv6. */
function parseAddress(text: string): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!text.includes(':') || !ipaddr.IPv6.isValid(text)) return null;
  const address = ipaddr.IPv6.parse(text);
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

/** One entry in its stored form, or null when it is no address or range. */
export function normaliseIpEntry(raw: string): string | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > 64) return null;
  if (text.includes('/')) {
    const parts = text.split('/');
    const [addressText = '', prefixText = ''] = parts;
    const address = parseAddress(addressText);
    if (parts.length !== 2 || address === null || !/^[0-9]{1,3}$/.test(prefixText)) return null;
    const prefix = Number(prefixText);
    if (prefix > (address.kind() === 'ipv4' ? 32 : 128)) return null;
    const network =
      address.kind() === 'ipv4'
        ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${prefix}`)
        : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${prefix}`);
    return `${network.toString()}/${prefix}`;
  }
  return parseAddress(text)?.toString() ?? null;
}

/** The stored list of entries, refusing the first that is no address or range. */
export function normaliseIpList(entries: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of entries) {
    const entry = normaliseIpEntry(raw);
    if (entry === null) throw appError('API_KEY_IP_INVALID', { ip: raw.slice(0, 64) });
    if (!out.includes(entry)) out.push(entry);
  }
  return out;
}

/** Whether a caller's address is on the list; an empty list allows every address. */
export function ipAllowed(list: readonly string[], callerIp: string | null): boolean {
  if (list.length === 0) return true;
  const caller = callerIp === null ? null : parseAddress(callerIp);
  if (caller === null) return false;
  return list.some((entry) => {
    if (!entry.includes('/')) return parseAddress(entry)?.toString() === caller.toString();
    const [network, prefix] = ipaddr.parseCIDR(entry);
    if (network.kind() !== caller.kind()) return false;
    return caller.kind() === 'ipv4'
      ? (caller as ipaddr.IPv4).match(network as ipaddr.IPv4, prefix)
      : (caller as ipaddr.IPv6).match(network as ipaddr.IPv6, prefix);
  });
}
