import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { AppError } from '../../core/errors.js';
import { isPublicAddress } from './address-policy.js';
import { MAX_IMAGE_BYTES, sniffImage } from './image-content.js';

/** A fetch the server refused to make (400) or that the remote end spoiled (502). */
export class RemoteImageError extends AppError {}
const refuse = (message: string) => new RemoteImageError(400, message);
const remoteFailure = (message: string) => new RemoteImageError(502, message);

/** Hosts images may be fetched from: Google Drive and Google user content, the stock photo hosts, Cloudinary. */
export const IMAGE_HOSTS = [
  'drive.google.com',
  'docs.google.com',
  'drive.usercontent.google.com',
  'googleusercontent.com',
  'images.unsplash.com',
  'plus.unsplash.com',
  'unsplash.com',
  'images.pexels.com',
  'cdn.pixabay.com',
  'pixabay.com',
  'res.cloudinary.com',
  'picsum.photos',
];

export interface FetchPolicy {
  allowHost(hostname: string): boolean;
  allowAddress(ip: string): boolean;
  /** Non-default ports; only tests open them. */
  allowPort?(port: string): boolean;
}

export const defaultPolicy: FetchPolicy = {
  allowHost: (host) => !net.isIP(host.replace(/^\[|\]$/g, '')) && IMAGE_HOSTS.some((d) => host === d || host.endsWith(`.${d}`)),
  allowAddress: isPublicAddress,
};

/**
 * Parses and checks a URL before any connection: http(s) only, no credentials, default ports, an allowed host.
 * WHATWG parsing normalises obfuscated IPv4 (2130706433, 0x7f000001, 127.1 all become 127.0.0.1).
 */
export function checkImageUrl(raw: string, policy: FetchPolicy = defaultPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuse('Invalid image URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('Only http and https image URLs are allowed');
  if (url.username || url.password) throw refuse('Image URLs may not carry credentials');
  if (url.port && url.port !== '80' && url.port !== '443' && !policy.allowPort?.(url.port)) throw refuse('Image URLs must use the default port');
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!policy.allowHost(host)) throw refuse('This image host is not allowed');
  const literal = host.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !policy.allowAddress(literal)) throw refuse('This address is not allowed');
  return url;
}

/** Resolves a host name to every address it has (tests inject one: an allowed name answering a private address). */
export type Resolver = (hostname: string, family: number) => Promise<dns.LookupAddress[]>;
const systemResolver: Resolver = (hostname, family) => dns.promises.lookup(hostname, { all: true, family });

/** DNS lookup for the connection itself: every resolved address is checked, and the socket uses a checked one. */
function guardedLookup(policy: FetchPolicy, resolve: Resolver): net.LookupFunction {
  return (hostname, options, callback) => {
    const family = (options as dns.LookupOptions).family;
    resolve(hostname, family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : (family ?? 0)).then(
      (list) => {
        if (list.length === 0 || list.some((a) => !policy.allowAddress(a.address))) {
          return callback(Object.assign(refuse('This address is not allowed'), { code: 'EADDRNOTALLOWED' }) as NodeJS.ErrnoException, '', 0);
        }
        if ((options as dns.LookupAllOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
        callback(null, list[0]!.address, list[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

export interface FetchOptions {
  policy?: FetchPolicy;
  maxBytes?: number;
  maxRedirects?: number;
  timeoutMs?: number;
  /** Name resolution (default: the system's); every answer is checked against the policy before connecting. */
  resolve?: Resolver;
}

/** Where the routes that fetch remote images may connect: the production policy unless a test injects its own (a local fake host). */
export type ImageFetchRules = Pick<FetchOptions, 'policy' | 'resolve'>;

function requestOnce(url: URL, policy: FetchPolicy, resolver: Resolver, maxBytes: number, timeoutMs: number) {
  return new Promise<{ status: number; location?: string; contentType: string; body: Buffer }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      { lookup: guardedLookup(policy, resolver), timeout: timeoutMs, headers: { accept: 'image/*', 'user-agent': 'AnimeCollectibles-ImageProxy/1.0' } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType: '', body: Buffer.alloc(0) });
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          return reject(refuse('Image is larger than 10MB'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(refuse('Image is larger than 10MB'));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
        res.on('error', () => reject(remoteFailure('Could not fetch the image'))); // the body was cut off half-way
      },
    );
    req.on('timeout', () => req.destroy(remoteFailure('The image host did not answer in time')));
    req.on('error', (error) => reject(error instanceof AppError ? error : remoteFailure('Could not fetch the image')));
  });
}

/**
 * Fetches an image from an allowed host without SSRF: the URL and every redirect hop are checked, DNS answers are
 * checked at connect time (no rebinding window), the size is capped and the content must really be an image.
 */
export async function fetchRemoteImage(raw: string, options: FetchOptions = {}) {
  const policy = options.policy ?? defaultPolicy;
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  let url = checkImageUrl(raw, policy);
  for (let hop = 0; ; hop++) {
    const answer = await requestOnce(url, policy, options.resolve ?? systemResolver, maxBytes, options.timeoutMs ?? 10_000);
    if (answer.status >= 300 && answer.status < 400) {
      if (!answer.location || hop >= (options.maxRedirects ?? 4)) throw remoteFailure('Too many redirects');
      url = checkImageUrl(new URL(answer.location, url).toString(), policy);
      continue;
    }
    if (answer.status !== 200) throw remoteFailure(`The image host answered ${answer.status}`);
    if (!/^image\//i.test(answer.contentType) && !/^application\/octet-stream/i.test(answer.contentType)) throw refuse('The URL is not an image');
    const type = await sniffImage(answer.body);
    if (!type) throw refuse('The URL is not an image');
    return { buffer: answer.body, ...type, finalUrl: url.toString() };
  }
}
