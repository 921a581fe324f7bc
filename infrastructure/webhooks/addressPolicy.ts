import { BlockList, isIP } from 'node:net';

// Addresses a delivery may not reach unless the operator allows them (as GitHub Enterprise's
// allow list does): loopback, private, link-local, unspecified, carrier-grade NAT, multicast.
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // RFC 8215's local-use NAT64 prefix: translated within the operator's own network.
  ['64:ff9b:1::', 48],
] as const)
  refused.addSubnet(network, prefix, 'ipv6');

export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return refused.check(mapped[1]!, 'ipv4');
  if (family === 6) {
    const embedded = embeddedIpv4(address);
    if (embedded !== null && refused.check(embedded, 'ipv4')) return true;
  }
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

// IPv6 prefixes that carry an IPv4 address a gateway reaches for the sender: NAT64's well-known
// 64:ff9b::/96 (RFC 6052: an IPv6-only host's NAT gateway reaches private IPv4 networks too),
// 6to4 (2002::/16) and the deprecated IPv4-compatible ::/96. Such an address is refused when
// the IPv4 address it carries is.
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (bytes === null) return null;
  const word = (index: number) => (bytes[index * 2]! << 8) | bytes[index * 2 + 1]!;
  const quad = (at: number) => `${bytes[at]}.${bytes[at + 1]}.${bytes[at + 2]}.${bytes[at + 3]}`;
  const zeroUntil = (end: number) => bytes.slice(0, end).every((byte) => byte === 0);
  if (word(0) === 0x64 && word(1) === 0xff9b && [2, 3, 4, 5].every((index) => word(index) === 0)) return quad(12);
  if (word(0) === 0x2002) return quad(2);
  if (zeroUntil(12)) return quad(12);
  return null;
}

// The sixteen bytes of an IPv6 address node:net accepted (isIP), a trailing dotted quad included.
function ipv6Bytes(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const words = tail === undefined ? groups(head) : [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)];
  if (words.length !== 8) return null;
  return words.flatMap((word) => {
    const value = parseInt(word, 16);
    return [value >> 8, value & 0xff];
  });
}
