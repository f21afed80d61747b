/**
 * An IPv4 address as Linux's /proc/net/tcp and /proc/net/udp print it: `%08X:%04X`, the address's
 * network-order 32 bits read as a host-order integer (little-endian on x86-64 and arm64:
 * 10.0.0.1 is `0100000A`) and the port in hex (torvalds/linux net/ipv4/tcp_ipv4.c get_tcp4_sock,
 * net/ipv4/udp.c udp4_format_sock). The address is an address whatever its spelling: decoded,
 * pseudonymised like any IPv4 (a documentation-range address), and written back the same way so the
 * row keeps its shape. The unspecified address and loopback name no machine and stay.
 *
 * Linear: one bounded match per token.
 */
import type { Pseudonyms } from './pseudonymizeHost.js';

const KERNEL_SOCKET = /(?<![0-9A-Za-z:])([0-9A-F]{8}):([0-9A-F]{4})(?![0-9A-Za-z:])/g;

export function replaceKernelSocketAddresses(text: string, pseudonyms: Pseudonyms): string {
  if (!text.includes(':')) return text;
  return text.replace(KERNEL_SOCKET, (match, hex: string, port: string) => {
    const bytes = [6, 4, 2, 0].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
    if (bytes[0] === 0 || bytes[0] === 127) return match;
    const pseudonym = pseudonyms.ip(bytes.join('.'));
    const written = pseudonym
      .split('.')
      .reverse()
      .map((byte) => Number(byte).toString(16).toUpperCase().padStart(2, '0'))
      .join('');
    return `${written}:${port}`;
  });
}
