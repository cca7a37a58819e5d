import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../runtime/api/ApiRequestError.ts';
import { configureApi, getApiClient } from '../../runtime/api/api.ts';
import { createApiClient } from '../../runtime/api/client.ts';
import { normaliseApiError } from '../../runtime/api/normaliseApiError.ts';
import { ERRORS } from '../../schemas/errors.ts';

/** A fake transport: records each request and answers with the given status and body. */
function fakeAdapter(status: number, data: unknown) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_RESPONSE',
        config,
        {},
        response,
      );
    }
    return response;
  };
  return { adapter, requests };
}

const networkFailure: AxiosAdapter = async (config) => {
  throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
};

async function failureOf(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiRequestError) return error;
    throw new Error(`expected ApiRequestError, got ${String(error)}`);
  }
  throw new Error('expected the call to fail');
}

describe('API client (SPEC 7)', () => {
  it('sends the SPEC headers with the current language on every call, below /api/v1/{mandant}', async () => {
    let language = 'de';
    const { adapter, requests } = fakeAdapter(200, { ok: true });
    const client = createApiClient({ mandantId: 'telko', getLanguage: () => language, adapter });
    await client.get('/route/default');
    language = 'en';
    await client.get('/content/getlanguages');
    expect(requests).toHaveLength(2);
    const [first, second] = requests;
    expect(first?.baseURL).toBe('/api/v1/telko');
    expect(first?.url).toBe('/route/default');
    expect(first?.timeout).toBe(300_000);
    expect(first?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(first?.headers.get('X-Accept-Language')).toBe('de');
    expect(second?.headers.get('X-Accept-Language')).toBe('en');
  });

  it('defaults the language header to de', async () => {
    const { adapter, requests } = fakeAdapter(200, {});
    const client = createApiClient({ mandantId: 'x', getLanguage: () => '', adapter });
    await client.get('/a');
    expect(requests[0]?.headers.get('X-Accept-Language')).toBe('de');
  });

  it('keeps a known error code and the server message', async () => {
    const { adapter } = fakeAdapter(410, {
      code: 'PSOF0309',
      message: 'Diese Empfehlung ist leider nicht mehr möglich',
    });
    const client = createApiClient({ mandantId: 'x', getLanguage: () => 'de', adapter });
    const error = await failureOf(client.get('/empfehlen/1/ab'));
    expect(error.code).toBe('PSOF0309');
    expect(error.message).toBe('Diese Empfehlung ist leider nicht mehr möglich');
    expect(error.status).toBe(410);
  });

  it('fills in the catalogue message in the current language when the server sends only a code', async () => {
    const { adapter } = fakeAdapter(401, { code: 'PSOF0204' });
    const client = createApiClient({ mandantId: 'x', getLanguage: () => 'en', adapter });
    const error = await failureOf(client.get('/account/user'));
    expect(error.code).toBe('PSOF0204');
    expect(error.message).toBe(ERRORS.PSOF0204.en);
  });

  it('maps an unknown error body to PSOF0001', async () => {
    const { adapter } = fakeAdapter(500, '<html>Internal Server Error</html>');
    const client = createApiClient({ mandantId: 'x', getLanguage: () => 'de', adapter });
    const error = await failureOf(client.get('/a'));
    expect(error.code).toBe('PSOF0001');
    expect(error.message).toBe(ERRORS.PSOF0001.de);
    expect(error.status).toBe(500);
  });

  it('maps an unknown code to PSOF0001', async () => {
    const { adapter } = fakeAdapter(400, { code: 'NOPE9999', message: 'x' });
    const client = createApiClient({ mandantId: 'x', getLanguage: () => 'de', adapter });
    expect((await failureOf(client.get('/a'))).code).toBe('PSOF0001');
  });

  it('maps a network error (no response) to PSOF0002', async () => {
    const client = createApiClient({ mandantId: 'x', getLanguage: () => 'de', adapter: networkFailure });
    const error = await failureOf(client.get('/a'));
    expect(error.code).toBe('PSOF0002');
    expect(error.message).toBe(ERRORS.PSOF0002.de);
    expect(error.status).toBeNull();
  });
});

describe('normaliseApiError', () => {
  it('keeps validation details', () => {
    const error = normaliseApiError(
      {
        isAxiosError: true,
        response: {
          status: 400,
          data: {
            code: 'PSOF0013',
            message: 'ungültig',
            details: [{ pointer: '/Email', reason: 'format' }, 'junk'],
          },
        },
      },
      'de',
    );
    expect(error.details).toEqual([{ pointer: '/Email', reason: 'format' }]);
  });

  it('maps anything that is not an HTTP error to PSOF0001', () => {
    expect(normaliseApiError(new TypeError('x is undefined'), 'de').code).toBe('PSOF0001');
    expect(normaliseApiError(undefined, 'en').message).toBe(ERRORS.PSOF0001.en);
  });
});

describe('lazy client', () => {
  it('is created once, on first use, together with the hook the composition root passes', async () => {
    const onFirstUse = vi.fn(async () => {});
    configureApi({ mandantId: 'versicherung', getLanguage: () => 'en', onFirstUse });
    expect(onFirstUse).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([getApiClient(), getApiClient()]);
    expect(first).toBe(second);
    expect(first.defaults.baseURL).toBe('/api/v1/versicherung');
    expect(onFirstUse).toHaveBeenCalledTimes(1);
  });
});
