import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request that reached the stand-in tracker. */
export interface MatomoHit {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The request body (matomo.js may POST parameters), parsed like a query. */
  body: URLSearchParams;
}

export interface MatomoStub {
  /** Base URL to put into a mandant's `trackings[].url`, e.g. http://127.0.0.1:PORT/matomo */
  readonly url: string;
  readonly origin: string;
  /** Every request so far, in arrival order (tracking hits and anything else). */
  hits(): MatomoHit[];
  /** Tracking requests (`/matomo.php`) only. */
  trackingHits(): MatomoHit[];
  /** Page views: tracking requests with `action_name`, neither goal nor event. */
  pageViews(): MatomoHit[];
  /** Resolves once `count` tracking requests have arrived, or rejects after `timeoutMs`. */
  waitForTrackingHits(count: number, timeoutMs?: number): Promise<MatomoHit[]>;
  /**
   * Resolves once no request has arrived for `quietMs`: a hit sent with keepalive while the previous test's
   * page closed may land after that test ended, and must not be counted for the next one.
   */
  settle(quietMs?: number): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

const BASE_PATH = '/matomo';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * A real HTTP server on a free loopback port standing in for a Matomo instance: it records every request
 * (path, query, body) and answers tracking requests like Matomo does (204, no body). Browser tests assert
 * on the requests Chromium really sent — "no hit before consent" is a count of real requests here.
 */
export async function startMatomoStub(): Promise<MatomoStub> {
  const hits: MatomoHit[] = [];
  const waiters = new Set<() => unknown>();
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const url = new URL(request.url ?? '/', 'http://stub');
      hits.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: new URLSearchParams(body),
      });
      for (const wake of [...waiters]) wake();
      // Tracking requests come cross-origin from the app; the answer is opaque to it either way.
      response.setHeader('access-control-allow-origin', '*');
      if (url.pathname === `${BASE_PATH}/matomo.php`) response.writeHead(204).end();
      else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const trackingHits = () => hits.filter((hit) => hit.path === `${BASE_PATH}/matomo.php`);
  return {
    url: `${origin}${BASE_PATH}`,
    origin,
    hits: () => [...hits],
    trackingHits,
    pageViews: () =>
      trackingHits().filter(
        (hit) => hit.query.has('action_name') && !hit.query.has('idgoal') && !hit.query.has('e_c'),
      ),
    waitForTrackingHits(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (trackingHits().length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(trackingHits());
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} tracking hits, got ${trackingHits().length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async settle(quietMs = 300) {
      let seen = -1;
      while (seen !== hits.length) {
        seen = hits.length;
        await new Promise((resolve) => setTimeout(resolve, quietMs));
      }
    },
    reset: () => {
      hits.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
