import { lookup } from 'node:dns/promises';
import { isRefusedAddress } from '../webhooks/addressPolicy.js';

// The importer reaches only public addresses unless the operator allows private ones (as for
// webhook targets), and local paths (file:) only then. Checked on the resolved addresses; git
// resolves the name again when it connects, so a name that changes its answer in between is a
// gap this check does not close (webhook deliveries check inside the socket's own lookup).
export async function refusedSource(url: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The address is not a valid URL';
  }
  if (parsed.protocol === 'file:') return 'Local paths are not importable on this server';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = await lookup(host, { all: true });
    if (addresses.length === 0 || addresses.some((address) => isRefusedAddress(address.address)))
      return `${host} is not reachable from this server (a private or loopback address)`;
  } catch {
    return `${host} could not be resolved`;
  }
  return null;
}
