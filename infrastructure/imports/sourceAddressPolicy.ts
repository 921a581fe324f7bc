import { lookup } from 'node:dns/promises';
import { realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unambiguousSourceUrl } from '../../domain/imports/sourceUrl.js';
import { isRefusedAddress } from '../webhooks/addressPolicy.js';

// The importer reaches only public addresses unless the operator allows private ones (as for
// webhook targets), and local paths (file:) only then. Checked on the resolved addresses; git
// resolves the name again when it connects, so a name that changes its answer in between is a
// gap this check does not close (webhook deliveries check inside the socket's own lookup).
// Even where local paths are allowed, none inside the server's own data directory: its
// repositories (`<dataDir>/git/<id>.git`) are other users' and may be private.
export async function refusedSource(url: string, allowPrivate: boolean, dataDirectory: string): Promise<string | null> {
  // Also here, for the addresses an import took before the commands refused them.
  if (!unambiguousSourceUrl(url)) return 'The address holds a backslash or a control character: git would not read it as it was checked';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return allowPrivate ? null : 'The address is not a valid URL';
  }
  if (parsed.protocol === 'file:' && allowPrivate) return (await insideDirectory(parsed, dataDirectory)) ? LOCAL_DATA_REFUSED : null;
  if (allowPrivate) return null;
  if (parsed.protocol === 'file:') return `Local paths are not importable on this server (${OPERATOR_ALLOWS})`;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = await lookup(host, { all: true });
    if (addresses.length === 0 || addresses.some((address) => isRefusedAddress(address.address)))
      return `${host} is not reachable from this server (a private or loopback address; ${OPERATOR_ALLOWS})`;
  } catch {
    return `${host} could not be resolved`;
  }
  return null;
}

// The refusal is the default of a setting: a self-hosting user meets it first with a repository
// on their own machine, and the answer names the setting that lifts it.
const OPERATOR_ALLOWS = "the server's operator allows these with FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES=true";

const LOCAL_DATA_REFUSED = "Paths inside this server's data directory are not importable: import a repository of this server by its clone URL";

// Real paths on both sides (symlinks and `..` resolved); a path not there yet is judged by the
// nearest directory above it that is.
async function insideDirectory(url: URL, directory: string): Promise<boolean> {
  let path: string;
  try {
    path = fileURLToPath(url);
  } catch {
    return false;
  }
  const root = await realpath(directory).catch(() => directory);
  const real = await existingRealPath(path);
  const rest = relative(root, real);
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest));
}

async function existingRealPath(path: string): Promise<string> {
  const missing: string[] = [];
  for (let current = resolve(path); ;) {
    try {
      return join(await realpath(current), ...[...missing].reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return path;
      missing.push(basename(current));
      current = parent;
    }
  }
}
