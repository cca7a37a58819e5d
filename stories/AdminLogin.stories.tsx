import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AdminLogin } from '../blocks/AdminLogin/index.ts';
import { ANNA_LOGIN, withStorySession } from './fixtures/storySession.tsx';

/** A token as the server hands them out (base64url, 43 characters). */
const TOKEN = 'q1w2e3r4t5z6u7i8o9p0a1s2d3f4g5h6j7k8l9y0x1c';

const meta = {
  title: 'Blocks/AdminLogin',
  component: AdminLogin,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof AdminLogin>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SigningIn: Story = {
  parameters: { session: { params: { token: TOKEN }, api: { 'GET /account/login': 'never' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Sie werden angemeldet …');
  },
};

export const Success: Story = {
  parameters: {
    session: { params: { token: TOKEN }, api: { 'GET /account/login': { status: 200, data: ANNA_LOGIN } } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toBeVisible();
  },
};

/** PSOF0201: the link has expired; "password forgotten" would be offered where that page exists. */
export const LinkExpired: Story = {
  parameters: {
    session: {
      params: { token: TOKEN },
      api: { 'GET /account/login': { status: 410, data: { code: 'PSOF0201', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Dieser Link ist abgelaufen.');
    await expect(
      canvas.getByRole('link', { name: 'Mit E-Mail-Adresse und Passwort anmelden' }),
    ).toHaveAttribute('href', '/de/login');
  },
};

/** PSOF0209: a login link works once. */
export const AlreadyUsed: Story = {
  parameters: {
    session: {
      params: { token: TOKEN },
      api: { 'GET /account/login': { status: 409, data: { code: 'PSOF0209', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Dieser Anmeldelink wurde bereits verwendet.',
    );
  },
};

/** A truncated link: refused without asking the server. */
export const NotAToken: Story = {
  parameters: { session: { params: { token: 'abc' } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Dieser Link ist abgelaufen.',
    );
  },
};
