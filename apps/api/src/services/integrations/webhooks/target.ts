// Webhook target safety (SSRF): https only, and every address the host resolves to must be public.
// WEBHOOK_ALLOW_PRIVATE_NETWORKS allows http and loopback/private targets for local tools and
// tests; link-local (169.254.0.0/16 with the cloud metadata address, fe80::/10) is refused always.
// The delivery connects to an address checked here (see deliver.ts), so DNS rebinding cannot
// swap in a refused one between the check and the connection.

import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

function blockList(ranges: [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

/** Never a target, whatever the configuration. */
const ALWAYS_REFUSED = blockList([
  ['169.254.0.0', 16, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
  // AWS's IPv6 metadata address sits in the private range; it is refused with the link-local ones.
  ['fd00:ec2::254', 128, 'ipv6'],
]);

/** Loopback, private, shared, multicast, unspecified and reserved ranges: refused unless private networks are allowed. */
const NOT_PUBLIC = blockList([
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  // Documentation (TEST-NET-1, -2, -3) and the retired 6to4 relay anycast: no receiver lives there.
  ['192.0.2.0', 24, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  // IPv4-compatible (deprecated; :: and ::1 among them). An IPv4-mapped address is judged as its IPv4 address.
  ['::', 96, 'ipv6'],
  // Translation and tunnel prefixes carry an IPv4 address that a gateway may reach on a private
  // network: NAT64 (well-known and local-use), 6to4 and Teredo.
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['2001::', 32, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  // Discard-only, and the documentation ranges.
  ['100::', 64, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['3fff::', 20, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
]);

export class TargetRefusedError extends Error {
  override name = 'TargetRefusedError';
}

/**
 * An IPv4-mapped IPv6 address is judged as the IPv4 address it carries, in every spelling
 * (::ffff:127.0.0.1, ::ffff:7f00:1, 0:0:0:0:0:ffff:7f00:0001): the URL parser writes each the same way.
 */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  if (isIP(address) !== 6) return { address, family: 'ipv4' };
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped?.[1] && mapped[2]) {
    const high = parseInt(mapped[1], 16);
    const low = parseInt(mapped[2], 16);
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 'ipv4' };
  }
  return { address: canonical, family: 'ipv6' };
}

/**
 * Why an address may not be a target, or undefined when it may. The reason names the kind of
 * address, never the address itself: a refusal does not tell an admin what a name resolves to inside.
 */
export function refusalOfAddress(address: string, allowPrivate: boolean): string | undefined {
  const { address: plain, family } = normalise(address);
  if (ALWAYS_REFUSED.check(plain, family)) return 'a link-local or cloud metadata address';
  if (!allowPrivate && NOT_PUBLIC.check(plain, family))
    return 'a loopback, private, multicast, reserved or tunnelled address';
  return undefined;
}

/** Checks the URL's scheme and host; throws TargetRefusedError naming the reason. */
export function checkTargetUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefusedError('The URL is not valid');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw new TargetRefusedError('The URL must use https');
  if (url.username || url.password) throw new TargetRefusedError('The URL must not contain credentials');
  return url;
}

/** The addresses a host resolves to, all of them allowed; throws TargetRefusedError otherwise. */
export async function resolveTarget(
  hostname: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: number }[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const refusal = refusalOfAddress(host, allowPrivate);
    if (refusal) throw new TargetRefusedError(`The address ${host} is ${refusal}`);
    return [{ address: host, family: isIP(host) }];
  }
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new TargetRefusedError(`The host ${host} could not be resolved`);
  }
  if (addresses.length === 0) throw new TargetRefusedError(`The host ${host} could not be resolved`);
  for (const { address } of addresses) {
    const refusal = refusalOfAddress(address, allowPrivate);
    if (refusal) throw new TargetRefusedError(`The host ${host} resolves to ${refusal}`);
  }
  return addresses;
}

/** Registration check: scheme, credentials, and every resolved address. */
export async function assertTargetAllowed(raw: string, allowPrivate: boolean): Promise<URL> {
  const url = checkTargetUrl(raw, allowPrivate);
  await resolveTarget(url.hostname, allowPrivate);
  return url;
}
