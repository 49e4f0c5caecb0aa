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
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
]);

export class TargetRefusedError extends Error {
  override name = 'TargetRefusedError';
}

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries. */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Why an address may not be a target, or undefined when it may. */
export function refusalOfAddress(address: string, allowPrivate: boolean): string | undefined {
  const { address: plain, family } = normalise(address);
  if (ALWAYS_REFUSED.check(plain, family)) return `${address} is a link-local or cloud metadata address`;
  if (!allowPrivate && NOT_PUBLIC.check(plain, family))
    return `${address} is a loopback, private, multicast or unspecified address`;
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
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new TargetRefusedError(`The host ${host} could not be resolved`);
    }
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
