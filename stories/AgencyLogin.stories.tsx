import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AgencyLogin } from '../blocks/AgencyLogin/index.ts';
import { AGENCY, STORY_TOKEN, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/AgencyLogin',
  component: AgencyLogin,
  globals: { language: 'de', mandant: '_base' },
  // Agencies without SSO unless a story says otherwise (GET agentur/sso answers 204).
  parameters: { path: '/de/agentur/login', session: { api: { 'GET /agentur/sso': { status: 204 } } } },
  decorators: [withStorySession],
} satisfies Meta<typeof AgencyLogin>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened without the invitation link's token, for agencies without SSO: e-mail and password. */
export const WithoutLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Anmeldung für Agenturen' })).toBeVisible();
    await expect(canvas.getByText(/Der persönliche Link aus Ihrer Einladung/)).toBeVisible();
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Mit E-Mail und Passwort anmelden' }),
    ).toBeVisible();
  },
};

/** After failed sign-ins the server asks for the captcha (PSOF0307, ADR 0024): the widget appears. */
export const CaptchaRequired: Story = {
  parameters: {
    session: {
      api: {
        'GET /agentur/sso': { status: 204 },
        'POST /agentur/login': { status: 422, data: { code: 'PSOF0307', message: '' } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvasElement.querySelector('altcha-widget')).toBeNull();
    await userEvent.type(
      await canvas.findByLabelText(/^E-Mail-Adresse/, undefined, { timeout: 10_000 }),
      'otto@west-agentur.example',
    );
    await userEvent.type(canvas.getByLabelText(/^Passwort/), 'Falsch2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
    // The widget brings alerts of its own: find the message by its text.
    await expect(await canvas.findByText('Bitte lösen Sie die Sicherheitsabfrage.')).toHaveAttribute(
      'role',
      'alert',
    );
    await waitFor(() => expect(canvasElement.querySelector('altcha-widget')).not.toBeNull(), {
      timeout: 10_000,
    });
  },
};

/** A mandant whose agencies sign in at their identity provider (GET agentur/sso answers where). */
export const WithSingleSignOn: Story = {
  parameters: {
    session: {
      api: {
        'GET /agentur/sso': {
          status: 200,
          data: {
            AuthorizationEndpoint: 'http://localhost:4010/auth',
            ClientId: 'netzplus-agenturen',
            Scope: 'openid department az_basic',
            RedirectUri: 'http://localhost:6006/de/agentur/login',
          },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Mit Single Sign-on anmelden' }),
    ).toBeVisible();
  },
};

/** The provider sent back an answer this tab did not ask for: refused before the server is asked. */
export const ForeignSsoAnswer: Story = {
  parameters: { path: '/de/agentur/login?code=fremd&state=fremd' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Diese Anmeldung wurde nicht in diesem Browserfenster begonnen',
    );
  },
};

export const Checking: Story = {
  parameters: {
    path: `/de/agentur/login?t=${STORY_TOKEN}`,
    session: { api: { 'GET /token/verifyAgenturToken': 'never' } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Ihr Anmeldelink wird geprüft …',
    );
  },
};

/** The server refuses the token (PSOF0204): the link is invalid or has expired. */
export const InvalidLink: Story = {
  parameters: {
    path: '/de/agentur/login?t=abgelaufen',
    session: {
      api: { 'GET /token/verifyAgenturToken': { status: 401, data: { code: 'PSOF0204', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Dieser Anmeldelink ist ungültig oder abgelaufen.',
    );
  },
};

export const AlreadySignedIn: Story = {
  parameters: { session: { agencyUser: AGENCY } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Zum Agenturbereich' })).toHaveAttribute(
      'href',
      '/de/agentur/bereich',
    );
  },
};
