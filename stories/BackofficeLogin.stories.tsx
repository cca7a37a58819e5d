import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { BackofficeLogin } from '../blocks/BackofficeLogin/index.ts';
import { BACKOFFICE_OPERATOR, type FakeApi, withStorySession } from './fixtures/storySession.tsx';

/** A mandant without back-office single sign-on (GET backoffice/sso answers 204): no SSO button. */
const NO_SSO: FakeApi = { 'GET /backoffice/sso': { status: 204 } };
const CODE_STEP: FakeApi = {
  ...NO_SSO,
  'POST /backoffice/login': { status: 200, data: { Schritt: 'totp', Challenge: 'story-challenge' } },
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SETUP_STEP: FakeApi = {
  ...NO_SSO,
  'POST /backoffice/login': {
    status: 200,
    data: {
      Schritt: 'totpEinrichten',
      Challenge: 'story-challenge',
      Geheimnis: SECRET,
      OtpauthUri: `otpauth://totp/Netzplus%20Backoffice:neu%40netzplus.example?secret=${SECRET}&issuer=Netzplus%20Backoffice`,
    },
  },
};

const meta = {
  title: 'Blocks/BackofficeLogin',
  component: BackofficeLogin,
  globals: { language: 'de', mandant: '_base' },
  parameters: { path: '/de/backoffice/anmelden', session: { api: CODE_STEP } },
  decorators: [withStorySession],
} satisfies Meta<typeof BackofficeLogin>;

export default meta;
type Story = StoryObj<typeof meta>;

async function signInWithPassword(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText(/^E-Mail-Adresse/), 'service@netzplus.example');
  await userEvent.type(canvas.getByLabelText(/^Passwort/), 'Backoffice2026');
  await userEvent.click(canvas.getByRole('button', { name: 'Weiter' }));
}

/** Step 1: e-mail and password. */
export const Password: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Anmeldung im Backoffice' })).toBeVisible();
    await expect(await canvas.findByLabelText(/^Passwort/)).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
  },
};

/** After failed sign-ins the server asks for the captcha (PSOF0307, ADR 0024): the widget appears. */
export const CaptchaRequired: Story = {
  parameters: {
    session: {
      api: { ...NO_SSO, 'POST /backoffice/login': { status: 422, data: { code: 'PSOF0307', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    expect(canvasElement.querySelector('altcha-widget')).toBeNull();
    await signInWithPassword(canvasElement);
    // The widget brings alerts of its own: find the message by its text.
    await expect(
      await within(canvasElement).findByText('Bitte lösen Sie die Sicherheitsabfrage.'),
    ).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(canvasElement.querySelector('altcha-widget')).not.toBeNull(), {
      timeout: 10_000,
    });
  },
};

/** Step 2: the authenticator's code, with the digit keyboard and the one-time-code autofill. */
export const Code: Story = {
  play: async ({ canvasElement }) => {
    await signInWithPassword(canvasElement);
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { level: 2, name: 'Sicherheitscode eingeben' });
    // The focus moves in an effect after the step renders: wait for it rather than race it.
    await waitFor(() => expect(heading).toHaveFocus());
    const code = await canvas.findByLabelText(/^Sicherheitscode/);
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
  },
};

/** A wrong code: the catalogue's message at the field (PSOF0701). */
export const WrongCode: Story = {
  parameters: {
    session: {
      api: {
        ...CODE_STEP,
        'POST /backoffice/login/totp': { status: 401, data: { code: 'PSOF0701', message: 'falsch' } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await signInWithPassword(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^Sicherheitscode/), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
    await expect(await canvas.findAllByText(/Der Sicherheitscode ist falsch/)).not.toHaveLength(0);
  },
};

/** The first sign-in: the secret in groups of four, the QR code and the otpauth link, then the code. */
export const FirstSignIn: Story = {
  parameters: { session: { api: SETUP_STEP } },
  play: async ({ canvasElement }) => {
    await signInWithPassword(canvasElement);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Authenticator-App einrichten' }),
    ).toBeVisible();
    await expect(canvas.getByTestId('totp-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await expect(
      canvas.getByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: /^otpauth:\/\/totp\// })).toBeVisible();
  },
};

/** Already signed in (e.g. opened again from a bookmark): the way into the back office. */
export const SignedIn: Story = {
  parameters: { session: { backofficeUser: BACKOFFICE_OPERATOR, api: CODE_STEP } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Zum Backoffice' })).toHaveAttribute(
      'href',
      '/de/backoffice',
    );
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  parameters: { path: '/en/backoffice/anmelden' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 1, name: 'Back-office sign-in' }),
    ).toBeVisible();
  },
};
