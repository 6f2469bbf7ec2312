/**
 * A key's IP allow-list: IPv4 and IPv6 addresses and CIDR ranges, parsed by
 * ipaddr.js. Stored normalised (a lone address as itself, a range as its
 * network and prefix), and an IPv4 caller seen as IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`) matches its IPv4 entries.
 */
import ipaddr from 'ipaddr.js';
import { appError } from '../../kernel/app-error';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

function parseAddress(text: string): Address | null {
  if (!ipaddr.isValid(text)) return null;
  const address = ipaddr.parse(text);
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

/** One entry in its stored form, or null when it is no address or range. */
export function normaliseIpEntry(raw: string): string | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > 64) return null;
  if (text.includes('/')) {
    if (!ipaddr.isValidCIDR(text)) return null;
    const [address, prefix] = ipaddr.parseCIDR(text);
    const base =
      address.kind() === 'ipv4'
        ? ipaddr.IPv4.networkAddressFromCIDR(text)
        : ipaddr.IPv6.networkAddressFromCIDR(text);
    return `${base.toString()}/${prefix}`;
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
