import { pipeline, type Readable } from 'node:stream';
import {
  type BrotliOptions,
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
} from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyReply, onSendHookHandler } from 'fastify';
import { globalPlugin } from './globalPlugin.ts';

/** Smaller answers go out as they are: compressing them saves less than the header and the work cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Brotli quality for answers compressed while the client waits. Measured on a 68 KiB index page: quality 5
 * takes 1.2 ms like gzip's default and is 4 % smaller; quality 4 is faster but larger than gzip; 11 (the
 * build's quality for hashed assets, runtime/build/precompressPlugin.ts) takes about a hundred times longer.
 */
export const DYNAMIC_BROTLI_QUALITY = 5;
/** In order of preference. zstd is left out: Node 20 has none, and Node 22 would otherwise prefer it to br. */
export const RESPONSE_ENCODINGS = ['br', 'gzip'] as const;
export type ResponseEncoding = (typeof RESPONSE_ENCODINGS)[number];

const BROTLI_OPTIONS: BrotliOptions = {
  params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY },
};
/** @fastify/compress's default types plus JavaScript; never text/event-stream. */
const COMPRESSIBLE_TYPE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|\/javascript(?:;|$)/;

/**
 * Compresses every text answer by Accept-Encoding, brotli preferred over gzip (docs/adr/0018-compression.md):
 * - routes through @fastify/compress (JSON answers, /api/docs, /dev/mails, /mandant-assets SVGs, CSV
 *   exports as they stream; XLSX is a zip already and stays as it is). Request bodies are not decompressed:
 *   the integration API signs the raw body, and the body limit counts the bytes as sent.
 * - /assets/* are compressed at build time and picked by @fastify/static (`preCompressed`); that route opts out.
 * - answers of the not-found handler (the pages, files at the top of dist): Fastify gives that handler the
 *   app's own hooks only, never a plugin's route hooks, so `compressNotFound` below does the same there.
 * Registered before any route: @fastify/compress attaches itself to routes as they are added.
 */
export const compressPlugin = globalPlugin('compress', async (app) => {
  await app.register(fastifyCompress, {
    encodings: [...RESPONSE_ENCODINGS],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: BROTLI_OPTIONS,
    globalDecompression: false,
  });
  app.addHook('onSend', compressNotFound);
});

const compressNotFound: onSendHookHandler = (request, reply, payload, done) => {
  if (!request.is404 || !shouldCompress(reply, payload)) return done(null, payload);
  appendVary(reply);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === undefined) return done(null, payload);
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    const sent = (error: Error | null, compressed: Buffer) => {
      if (error) return done(error);
      reply.header('content-encoding', encoding).header('content-length', compressed.length);
      done(null, compressed);
    };
    if (encoding === 'br') brotliCompress(payload, BROTLI_OPTIONS, sent);
    else gzip(payload, sent);
    return;
  }
  const stream = encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip();
  reply.header('content-encoding', encoding).removeHeader('content-length');
  // A read error ends the compressed stream too; Fastify then closes the response.
  pipeline(payload as Readable, stream, () => undefined);
  done(null, stream);
};

function shouldCompress(reply: FastifyReply, payload: unknown): boolean {
  if (payload === null || payload === undefined || reply.hasHeader('content-encoding')) return false;
  if (reply.statusCode === 206 || reply.hasHeader('content-range')) return false;
  if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return false;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    return Buffer.byteLength(payload) >= COMPRESS_THRESHOLD_BYTES;
  }
  const isStream = typeof (payload as Partial<Readable>).pipe === 'function';
  const length = Number(reply.getHeader('content-length') ?? Number.POSITIVE_INFINITY);
  return isStream && !(length < COMPRESS_THRESHOLD_BYTES);
}

/**
 * The encoding to answer with for an Accept-Encoding header: the highest q-value among ours, ties to the
 * first of RESPONSE_ENCODINGS; `*` stands for any not named; `q=0` refuses. Undefined: send as is.
 */
export function preferredEncoding(header: string | undefined): ResponseEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token === 'x-gzip' ? 'gzip' : token, Number.isFinite(weight) ? weight : 0);
  }
  let best: { encoding: ResponseEncoding; weight: number } | undefined;
  for (const encoding of RESPONSE_ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > 0 && (best === undefined || weight > best.weight)) best = { encoding, weight };
  }
  return best?.encoding;
}

function appendVary(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  const names = vary.split(',').map((name) => name.trim().toLowerCase());
  if (names.includes('accept-encoding') || names.includes('*')) return;
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}
