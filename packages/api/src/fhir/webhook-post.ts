import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/*
 * POSTing a subscription's notification to the address an integration gave. In production the edge
 * must not be turned into a way into the clinic's own network (SSRF): an address on this machine or
 * in a private, shared, link-local or reserved range is refused, both as typed and as the name
 * resolves at the moment of connecting (so a name that later points inside is refused too).
 */

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
// :: and ::1, unique local, link-local and multicast.
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** An address a webhook may not reach in production; anything that is not an IP address counts as one. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(bare);
  return family === 0 || PRIVATE.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

/** The name as typed: an IP address inside, or `localhost`. Names are checked again when connecting. */
export function namesPrivateHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return bare.toLowerCase() === 'localhost' || bare.toLowerCase().endsWith('.localhost') || (isIP(bare) !== 0 && isPrivateAddress(bare));
}

/** dns.lookup that refuses a name any of whose addresses is private. */
function publicLookup(hostname: string, options: LookupOptions, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void) {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((found) => isPrivateAddress(found.address))) {
      return callback(new PrivateAddressError(`${hostname} is inside a private network`), []);
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

export interface WebhookAnswer {
  status: number;
}

/**
 * POST `body` to `endpoint` and give its status; redirects are not followed. Outside production
 * (`allowPrivate`) any address is taken, so tests and a developer's receiver on this machine work.
 */
export function postWebhook(endpoint: string, headers: Record<string, string>, body: string, options: { timeoutMs: number; allowPrivate: boolean }): Promise<WebhookAnswer> {
  const url = new URL(endpoint);
  if (!options.allowPrivate && namesPrivateHost(url.hostname)) return Promise.reject(new PrivateAddressError(`${url.hostname} is inside a private network`));
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, ...(options.allowPrivate ? {} : { lookup: publicLookup }) },
      (res) => {
        clearTimeout(timer);
        res.resume();
        resolve({ status: res.statusCode ?? 0 });
      },
    );
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('The endpoint did not answer in time.'), { name: 'TimeoutError' })), options.timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(body);
  });
}
