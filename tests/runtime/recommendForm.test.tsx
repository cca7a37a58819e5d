import type { RJSFValidationError } from '@rjsf/utils';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { RecommendForm } from '../../blocks/RecommendForm/RecommendForm.tsx';
import { toCreateRequest } from '../../blocks/RecommendForm/toCreateRequest.ts';
import baseTexts from '../../mandants/_base/i18n/de.json';
import { configureApi } from '../../runtime/api/api.ts';
import { specErrorTransformer } from '../../runtime/forms/formErrors.ts';
import { loadErrorMessages } from '../../runtime/i18n/loadErrorMessages.ts';
import { useLocation } from '../../runtime/router/navigation/index.ts';
import { RouteContext } from '../../runtime/router/RouteContext.ts';
import { userAtom, userTokenAtom } from '../../runtime/session/sessionAtoms.ts';
import type { BootData } from '../../schemas/api.ts';
import type { RecommendationView } from '../../schemas/recommendFormApi.ts';
import { renderInRuntime, sampleBootData, sampleMandant } from './fixtures.tsx';

const texts = Object.entries(baseTexts).map(([Key, Value]) => ({ Key, Value }));
const t = (key: string, options?: Record<string, unknown>) =>
  String(
    (baseTexts as Record<string, string>)[key]?.replace(/\{\{(\w+)\}\}/g, (_m, name: string) =>
      String(options?.[name] ?? ''),
    ) ?? key,
  );

describe('toCreateRequest: the form as SPEC 7’s create body', () => {
  it('maps the fields and sends consents only for campaigns that ask for one', () => {
    expect(
      toCreateRequest(
        {
          vorname: ' Erika ',
          nachname: 'Muster',
          email: ' erika@example.org',
          anteilEmpfehler: 50,
          agb: true,
          aktionen: { gewinnspiel: true, info: true },
          newsletter: true,
        },
        {
          productId: '601',
          kind: 'standard',
          captcha: 'payload',
          consentCampaigns: ['gewinnspiel', 'andere'],
        },
      ),
    ).toEqual({
      Empfehlung: {
        Produkt: '601',
        AgbAkzeptiert: true,
        Art: 'standard',
        AnteilEmpfehler: 50,
        Aktionen: [
          { AktionsId: 'gewinnspiel', Zustimmung: true },
          { AktionsId: 'andere', Zustimmung: false },
        ],
      },
      Empfehler: {
        Vorname: 'Erika',
        Nachname: 'Muster',
        Email: 'erika@example.org',
        NewsletterPermission: true,
      },
      Captcha: 'payload',
    });
  });

  it('adds the agent number and the company only for their variants', () => {
    const data = {
      vorname: 'A',
      nachname: 'B',
      email: 'a@b.de',
      agb: true,
      agentennummer: 'CC-1',
      firma: 'F',
    };
    const agent = toCreateRequest(data, {
      productId: '1',
      kind: 'agent',
      captcha: null,
      consentCampaigns: [],
    });
    expect(agent.Empfehlung.Agentennummer).toBe('CC-1');
    expect(agent.Empfehler.Firma).toBeUndefined();
    expect(agent.Captcha).toBeUndefined();
    const company = toCreateRequest(data, {
      productId: '1',
      kind: 'company',
      captcha: null,
      consentCampaigns: [],
    });
    expect(company.Empfehler.Firma).toBe('F');
    expect(company.Empfehlung.Agentennummer).toBeUndefined();
  });
});

describe('specErrorTransformer: SPEC 5 messages word for word', () => {
  const transform = specErrorTransformer(t as never, {
    vorname: { label: 'Vorname' },
    email: { label: 'E-Mail-Adresse', kind: 'email' },
    agb: { label: 'AGB', kind: 'consent' },
  });
  const error = (
    name: string,
    property: string,
    params: Record<string, unknown> = {},
  ): RJSFValidationError => ({
    name,
    property,
    params,
    message: 'ajv',
    stack: 'ajv',
  });

  it.each([
    [error('required', '', { missingProperty: 'vorname' }), '.vorname', 'Vorname ist ein Pflichtfeld'],
    [error('minLength', '.vorname', { limit: 1 }), '.vorname', 'Vorname ist ein Pflichtfeld'],
    [error('pattern', '.vorname', { pattern: '\\S' }), '.vorname', 'Vorname ist ein Pflichtfeld'],
    [error('maxLength', '.vorname', { limit: 100 }), '.vorname', 'Vorname ist nicht gültig'],
    [
      error('pattern', '.email', { pattern: '^…$' }),
      '.email',
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    ],
    [error('required', '', { missingProperty: 'email' }), '.email', 'E-Mail-Adresse ist ein Pflichtfeld'],
  ])('%#: %o → %s', (input, property, message) => {
    expect(transform([input], {})).toEqual([expect.objectContaining({ property, message, stack: message })]);
  });

  it('the terms box: "Dies ist ein Pflichtfeld." at the box, the consent sentence in the summary', () => {
    for (const input of [error('required', '', { missingProperty: 'agb' }), error('const', '.agb')]) {
      expect(transform([input], {})).toEqual([
        expect.objectContaining({
          property: '.agb',
          message: 'Dies ist ein Pflichtfeld.',
          stack: 'Die Zustimmung ist erforderlich, um fortzufahren.',
        }),
      ]);
    }
  });

  it('keeps one message per field and drops fields it does not know', () => {
    const result = transform(
      [
        error('minLength', '.vorname', { limit: 1 }),
        error('pattern', '.vorname', { pattern: '\\S' }),
        error('type', '.x'),
      ],
      {},
    );
    expect(result).toHaveLength(1);
  });
});

interface Call {
  method: string;
  url: string;
  data: unknown;
  headers: Record<string, unknown>;
}

const VIEW: RecommendationView = {
  Empfehlungsnummer: '0123456789',
  Art: 'standard',
  Status: 'Offen',
  Produkt: { Id: '101', Name: 'Hausratversicherung', Quelle: 'generisch' },
  Praemie: { WertCent: 4000, EmpfehlerCent: 4000, EmpfaengerCent: 0 },
  AnteilEmpfehler: 100,
  EmpfehlerVorname: 'Erika',
  GueltigBis: '2030-01-01T00:00:00',
  Abgelaufen: false,
  OptinAusstehend: false,
  Empfehlungslink: 'http://demo.localhost/empfehlen/click/0123456789',
  KurzURL: 'http://demo.localhost/e/0123456789',
  LinkTyp: 'Empfehlungslink',
  Channel: null,
  Code: null,
  Verwaltungstoken: 'token',
};

/** The recommend API as the form sees it; POST /Empfehlen/create without a body is the captcha check. */
function fakeRecommendApi(create: { status: number; data: unknown } = { status: 201, data: VIEW }) {
  const calls: Call[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = (config.url ?? '').replace(/\/$/, '');
    const method = (config.method ?? 'get').toUpperCase();
    const data = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ method, url, data, headers: { ...config.headers } });
    let result: { status: number; data?: unknown } = { status: 404, data: { code: 'PSOF0011', message: '' } };
    if (method === 'POST' && url === '/Empfehlen/create') {
      result = data ? create : { status: 200, data: { CaptchaErforderlich: false } };
    } else if (method === 'GET' && url === '/aktion/alleAktiven') {
      result = {
        status: 200,
        data: [
          {
            AktionsId: 'gewinnspiel',
            Titel: 'Gewinnspiel',
            Text: 'Zehn Tablets.',
            RechtsText: 'Ich möchte teilnehmen.',
            abgehakt: false,
            Zustimmung: true,
          },
        ],
      };
    }
    const response = {
      data: result.data ?? null,
      status: result.status,
      statusText: '',
      headers: {},
      config,
      request: {},
    };
    if (result.status < 400) return response;
    throw new AxiosError(`status ${result.status}`, 'ERR_BAD_RESPONSE', config, {}, response);
  };
  return { adapter, calls };
}

function boot(mandant: Record<string, unknown> = {}): BootData {
  const sample = sampleBootData();
  return {
    ...sample,
    mandant: {
      ...sampleMandant(),
      RecommenderDefaultShare: '100',
      AgbCheckBoxAutoAccept: false,
      ModuleNewsletterPermission: false,
      ModuleErstelleOfflineEmpfehlungCode: false,
      EmailWhitelist: [],
      ...mandant,
    } as BootData['mandant'],
    routes: {
      ...sample.routes,
      Routes: {
        ...sample.routes.Routes,
        RecommendationShare: '/empfehlung/:empfehlungsnummer/teilen',
        Thanks: '/danke',
        Confirmation: '/empfehlung/bestaetigt',
        ParticipationTerms: '/teilnahmebedingungen',
      },
    },
    languageContent: texts,
  };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

async function renderForm(
  api: ReturnType<typeof fakeRecommendApi>,
  options: { mandant?: Record<string, unknown>; loggedIn?: boolean } = {},
) {
  const runtime: { i18n?: Parameters<typeof loadErrorMessages>[0] } = {};
  configureApi({
    mandantId: 'demo',
    getLanguage: () => 'de',
    adapter: api.adapter,
    onFirstUse: () => Promise.resolve().then(() => runtime.i18n && loadErrorMessages(runtime.i18n)),
    auth: { token: () => (options.loggedIn ? 'session-token' : null), onSessionEnd: () => undefined },
  });
  await act(async () => {
    const rendered = renderInRuntime(
      <RouteContext.Provider value={{ name: 'Recommendation', params: { productId: '101' } }}>
        <Suspense fallback={<p>lädt …</p>}>
          <RecommendForm />
        </Suspense>
        <Where />
      </RouteContext.Provider>,
      {
        boot: boot(options.mandant),
        url: '/de/empfehlen/101',
        prepare: (store) => {
          if (!options.loggedIn) return;
          store.set(userTokenAtom, 'session-token');
          store.set(userAtom, {
            Email: 'anna@example.org',
            Anrede: 'Frau',
            Vorname: 'Anna',
            Nachname: 'Beispiel',
            Empfehlerhash: 'x',
            NewsletterOptinGegeben: true,
            NewsletterOptinVersendetAm: null,
            Language: 'de',
          });
        },
      },
    );
    runtime.i18n = rendered.i18n;
  });
  return screen.findByRole('button', { name: 'Empfehlung abgeben' }, { timeout: 15_000 });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('RecommendForm (rjsf, precompiled validator)', () => {
  it('shows SPEC 5’s messages for empty fields and the terms, tied to their fields', async () => {
    const api = fakeRecommendApi();
    const submit = await renderForm(api);
    await act(async () => fireEvent.click(submit));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Vorname ist ein Pflichtfeld')).toBeTruthy();
    expect(within(summary).getByText('Die Zustimmung ist erforderlich, um fortzufahren.')).toBeTruthy();
    const vorname = screen.getByLabelText('Vorname', { exact: false });
    expect(vorname.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(vorname.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Vorname ist ein Pflichtfeld',
    );
    const terms = screen.getByLabelText(
      'Ich akzeptiere die Teilnahmebedingungen und die Prämienbedingungen.',
      {
        exact: false,
      },
    );
    expect(document.getElementById(terms.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Dies ist ein Pflichtfeld.',
    );
    expect(api.calls.filter((call) => call.method === 'POST' && call.data)).toHaveLength(0);
  });

  it('refuses an invalid e-mail and one off the whitelist with SPEC’s message', async () => {
    const api = fakeRecommendApi();
    const submit = await renderForm(api, { mandant: { EmailWhitelist: ['firma.example'] } });
    type('Vorname', 'Erika');
    type('Nachname', 'Muster');
    type('E-Mail-Adresse', 'erika');
    await act(async () => fireEvent.click(submit));
    const email = screen.getByLabelText('E-Mail-Adresse', { exact: false });
    await waitFor(() =>
      expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      ),
    );
    type('E-Mail-Adresse', 'erika@example.org');
    await act(async () => fireEvent.click(submit));
    await waitFor(() =>
      expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      ),
    );
  });

  it('creates with an Idempotency-Key, remembers the answer and opens the share page', async () => {
    const api = fakeRecommendApi();
    const submit = await renderForm(api);
    type('Vorname', 'Erika');
    type('Nachname', 'Muster');
    type('E-Mail-Adresse', 'erika@example.org');
    fireEvent.click(screen.getByLabelText('50:50', { exact: false }));
    fireEvent.click(screen.getByLabelText('Ich möchte teilnehmen.'));
    fireEvent.click(screen.getByLabelText('Ich akzeptiere', { exact: false }));
    await act(async () => fireEvent.click(submit));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/de/empfehlung/0123456789/teilen'),
    );
    const create = api.calls.find((call) => call.method === 'POST' && call.data);
    expect(create?.data).toEqual({
      Empfehlung: {
        Produkt: '101',
        AgbAkzeptiert: true,
        Art: 'standard',
        AnteilEmpfehler: 50,
        Aktionen: [{ AktionsId: 'gewinnspiel', Zustimmung: true }],
      },
      Empfehler: { Vorname: 'Erika', Nachname: 'Muster', Email: 'erika@example.org' },
    });
    expect(String(create?.headers['Idempotency-Key'])).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(JSON.parse(sessionStorage.getItem('psoe_empfehlung_0123456789') ?? '{}').Verwaltungstoken).toBe(
      'token',
    );
  });

  it('prefills a logged-in recommender, whose address cannot be changed', async () => {
    await renderForm(fakeRecommendApi(), { loggedIn: true });
    expect((screen.getByLabelText('Vorname', { exact: false }) as HTMLInputElement).value).toBe('Anna');
    const email = screen.getByLabelText('E-Mail-Adresse', { exact: false }) as HTMLInputElement;
    expect(email.value).toBe('anna@example.org');
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('Sie empfehlen als Anna Beispiel.')).toBeTruthy();
  });

  it('AgbCheckBoxAutoAccept ticks the terms box', async () => {
    await renderForm(fakeRecommendApi(), { mandant: { AgbCheckBoxAutoAccept: true } });
    expect((screen.getByLabelText('Ich akzeptiere', { exact: false }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('announces the server’s refusal (PSOF0300) and stays on the form', async () => {
    const api = fakeRecommendApi({ status: 409, data: { code: 'PSOF0300', message: '' } });
    const submit = await renderForm(api, { loggedIn: true, mandant: { AgbCheckBoxAutoAccept: true } });
    await act(async () => fireEvent.click(submit));
    expect(await screen.findByText('Diese Empfehlung existiert bereits.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/de/empfehlen/101');
  });
});
