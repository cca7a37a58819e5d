import { act, screen, waitFor } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { RecipientConfirmation } from '../../blocks/RecipientConfirmation/RecipientConfirmation.tsx';
import baseDe from '../../mandants/_base/i18n/de.json';
import { configureApi } from '../../runtime/api/api.ts';
import { recipientTokenKey } from '../../runtime/recipient/recipientStorage.ts';
import { RouteContext } from '../../runtime/router/RouteContext.ts';
import type { BootData } from '../../schemas/api.ts';
import { recipientCookieName } from '../../schemas/recipient.ts';
import { renderInRuntime, sampleBootData } from './fixtures.tsx';

// The recipient's confirmation page leads on to the order on the client's site: GET
// /empfehlung/{nr}/produkt/produktlink answers JSON ({ Produktlink }), which becomes the primary link.

const NR = '4711081500';
const RECIPIENT_NUMBER = '5550001234';
const PRODUCT_LINK_PATH = `/empfehlung/${NR}/produkt/produktlink`;
const ORDER_URL = `https://www.kunde.example/bestellen?empfehlungsnummer=${NR}&empfaengernummer=${RECIPIENT_NUMBER}&produkt=601`;

interface Call {
  url: string;
  params: Record<string, unknown>;
}

type Answer = { status: number; data: unknown };

function fakeApi(productLink: Answer) {
  const calls: Call[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = (config.url ?? '').replace(/\/$/, '');
    calls.push({ url, params: { ...(config.params as Record<string, unknown>) } });
    const answer =
      url === PRODUCT_LINK_PATH
        ? productLink
        : url === `/empfaenger/${NR}/praemie`
          ? { status: 200, data: { WertCent: 0, AnteilEmpfaenger: 0 } }
          : { status: 404, data: { code: 'PSOF0001', message: '' } };
    const response = {
      data: answer.data,
      status: answer.status,
      statusText: '',
      headers: {},
      config,
      request: {},
    };
    if (answer.status < 400) return response;
    throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
  };
  return { adapter, calls };
}

function boot(): BootData {
  const sample = sampleBootData();
  return {
    ...sample,
    languageContent: Object.entries(baseDe).map(([Key, Value]) => ({ Key, Value })),
  };
}

/** The recipient this browser created for the recommendation (cookie and token), as the data form leaves it. */
function rememberRecipient(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the recipient storage reads this very cookie
  document.cookie = `${recipientCookieName(NR)}=${RECIPIENT_NUMBER}; path=/`;
  window.localStorage.setItem(recipientTokenKey(NR), 'a.b.c');
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: removes the cookie set above
  document.cookie = `${recipientCookieName(NR)}=; path=/; max-age=0`;
  window.localStorage.clear();
});

async function renderConfirmation(productLink: Answer, search = '') {
  const api = fakeApi(productLink);
  configureApi({ mandantId: 'demo', getLanguage: () => 'de', adapter: api.adapter });
  await act(async () => {
    renderInRuntime(
      <RouteContext.Provider value={{ name: 'RecipientConfirmation', params: { empfehlungsnummer: NR } }}>
        <RecipientConfirmation />
      </RouteContext.Provider>,
      { boot: boot(), url: `/de/empfaenger/${NR}/bestaetigt${search}` },
    );
  });
  return api;
}

/** Waits until the product link was asked for and its answer has been handled. */
async function productLinkAnswered(calls: Call[]): Promise<Call> {
  await waitFor(() => expect(calls.some((call) => call.url === PRODUCT_LINK_PATH)).toBe(true));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const call = calls.find((candidate) => candidate.url === PRODUCT_LINK_PATH);
  if (!call) throw new Error('no product link call');
  return call;
}

describe('the recipient confirmation page', () => {
  it('leads to the order on the client’s site, crediting the stored recipient and the channel', async () => {
    rememberRecipient();
    const { calls } = await renderConfirmation(
      { status: 200, data: { Produktlink: ORDER_URL } },
      '?channel=whatsapp',
    );
    const order = await screen.findByRole('link', { name: 'Jetzt Vertrag abschließen' });
    expect(order.getAttribute('href')).toBe(ORDER_URL);
    expect((await productLinkAnswered(calls)).params).toEqual({
      empfaengernummer: RECIPIENT_NUMBER,
      channel: 'whatsapp',
    });
    // Outside a frame the link opens where the visitor is.
    expect(order.getAttribute('target')).toBeNull();
    // Primary first, the home page after it as the secondary action.
    const home = screen.getByRole('link', { name: 'Zur Startseite' });
    expect(order.compareDocumentPosition(home) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(order.classList.contains('button')).toBe(true);
    expect(home.classList.contains('button')).toBe(false);
  });

  it('asks without what it does not know: no stored recipient, a channel the server would refuse', async () => {
    const { calls } = await renderConfirmation(
      { status: 200, data: { Produktlink: ORDER_URL } },
      '?channel=fax',
    );
    expect((await productLinkAnswered(calls)).params).toEqual({});
    expect(screen.getByRole('link', { name: 'Jetzt Vertrag abschließen' }).getAttribute('href')).toBe(
      ORDER_URL,
    );
  });

  it.each<[string, Answer]>([
    ['the recommendation expired (410 PSOF0309)', { status: 410, data: { code: 'PSOF0309', message: '' } }],
    ['the answer is no web address', { status: 200, data: { Produktlink: 'javascript:alert(1)' } }],
  ])('offers only the home page when %s', async (_case, answer) => {
    rememberRecipient();
    const { calls } = await renderConfirmation(answer);
    await productLinkAnswered(calls);
    expect(screen.queryByRole('link', { name: 'Jetzt Vertrag abschließen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toMatch(/^\/de\/?$/);
  });
});
