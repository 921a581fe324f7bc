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
] as const)
  refused.addSubnet(network, prefix, 'ipv6');

export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return refused.check(mapped[1]!, 'ipv4');
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
