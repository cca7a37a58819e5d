import { ContentFetchError, ContentFormatError } from './ContentErrors.ts';

/** A CMS answer of JSON larger than this is not content we serve; it is refused rather than parsed. */
export const MAX_JSON_BYTES = 10 * 1024 * 1024;

export interface ProviderRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /** Names the call in errors and logs instead of its URL (which may hold ids a log should not). */
  label: string;
}

/**
 * One HTTP call to a content provider. Rejects with ContentFetchError on network failure, abort or a
 * status other than 2xx (carrying the status, e.g. 401 for the token retry); never with the body.
 */
export async function providerFetch(
  url: string,
  request: ProviderRequest,
  maxBytes = MAX_JSON_BYTES,
): Promise<{ status: number; contentType: string; body: Buffer }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      signal: request.signal,
      redirect: 'follow',
    });
  } catch (error) {
    const reason = request.signal.aborted ? 'timed out' : describeNetworkError(error);
    throw new ContentFetchError(`${request.label}: ${reason}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new ContentFetchError(`${request.label}: HTTP ${response.status}`, response.status);
  }
  const body = await readLimited(response, maxBytes, request.label);
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body };
}

/** providerFetch for a JSON answer. */
export async function providerJson(url: string, request: ProviderRequest): Promise<unknown> {
  const { body } = await providerFetch(url, request);
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new ContentFormatError(`${request.label}: the answer is not JSON`);
  }
}

async function readLimited(response: Response, maxBytes: number, label: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ContentFetchError(`${label}: answer larger than ${maxBytes} bytes`, 413);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new ContentFetchError(`${label}: answer larger than ${maxBytes} bytes`, 413);
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (error instanceof ContentFetchError) throw error;
    throw new ContentFetchError(`${label}: the answer broke off`);
  }
  return Buffer.concat(chunks);
}

/** fetch's own message is "fetch failed"; its cause says what happened (ECONNREFUSED, ENOTFOUND, …). */
function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return `unreachable (${cause.code})`;
  return 'unreachable';
}

/** `base` without trailing slashes, so that paths can be appended with one "/". */
export function trimBase(base: string): string {
  return base.replace(/\/+$/, '');
}
