/**
 * Which hosts the service may fetch from. `videos/check` and tennis tasks read URLs a client
 * names, so without a guard the service is a probe of its own network (loopback services, the
 * LAN, cloud metadata at 169.254.169.254). Every address a name resolves to is checked, and the
 * connection uses exactly the checked address (the guard is the socket's `lookup`), so a DNS
 * answer that changes between check and connect (rebinding) cannot slip through.
 *
 * Refused unless opted in: the IANA special-purpose ranges that are not the public internet
 * (RFC 6890 registry): "this network" 0/8, private 10/8, 172.16/12, 192.168/16 (RFC 1918),
 * shared 100.64/10 (RFC 6598), loopback 127/8, link-local 169.254/16, IETF 192.0.0/24,
 * documentation 192.0.2/24, 198.51.100/24, 203.0.113/24, benchmarking 198.18/15, multicast 224/4,
 * reserved 240/4; IPv6 ::, ::1, unique-local fc00::/7, link-local fe80::/10, multicast ff00::/8,
 * documentation 2001:db8::/32, and IPv4-mapped ::ffff:0:0/96 (checked as the IPv4 inside).
 *
 * The LAN opt-in: `allowHosts` (service option `allowLanHosts`, CLI `serve --allow-lan-host`)
 * lists host names or IP literals the user trusts on the local network; those skip the range
 * check (e.g. a NAS at 192.168.1.20 serving the academy's clips).
 */
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32]] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** A fetch refused by the guard (the message names the host, never a resolved address). */
export class BlockedHostError extends Error {
  override name = 'BlockedHostError';
}

/** True when `address` (an IPv4 or IPv6 literal) is outside the public internet (see module comment). */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** The fetch policy: hosts of the LAN opt-in (lower-case names or IP literals). */
export interface HostPolicy {
  allowHosts: ReadonlySet<string>;
}

/** A policy from the opt-in list (names are compared lower-case, IPv6 without brackets). */
export function hostPolicy(allowHosts: readonly string[] = []): HostPolicy {
  return { allowHosts: new Set(allowHosts.map((h) => h.trim().toLowerCase().replace(/^\[|\]$/g, ''))) };
}

/** True when `hostname` (as in URL.hostname) is on the LAN opt-in list. */
export function isOptedIn(policy: HostPolicy, hostname: string): boolean {
  return policy.allowHosts.has(hostname.toLowerCase().replace(/^\[|\]$/g, ''));
}

/**
 * A `lookup` for http(s).request that resolves `hostname` and fails with BlockedHostError when
 * any address is non-public and the host is not opted in. Passing it as the socket's lookup
 * makes the connection use the checked address.
 */
export function guardedLookup(policy: HostPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    dnsLookup(hostname, { all: true, family }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses;
      if (!isOptedIn(policy, hostname) && (list.length === 0 || list.some((a) => isNonPublicAddress(a.address)))) {
        return callback(new BlockedHostError(`${hostname} is not a public internet host`), []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * Checks a URL's host before any connection: an IP literal is checked at once, a name is checked
 * at connect time by {@link guardedLookup}.
 * @throws BlockedHostError for a non-public IP literal that is not opted in.
 */
export function checkUrlHost(policy: HostPolicy, url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && isNonPublicAddress(host) && !isOptedIn(policy, host)) {
    throw new BlockedHostError(`${url.hostname} is not a public internet host`);
  }
}
