import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LogoutNotice } from '../blocks/LogoutNotice/index.ts';
import { AGENCY, ANNA, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/LogoutNotice',
  component: LogoutNotice,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof LogoutNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Logged in when the page opens: the server revokes the token, then the confirmation. */
export const LoggingOut: Story = {
  parameters: { session: { user: ANNA, api: { 'POST /account/logout': { status: 204 } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sie sind abgemeldet' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/de/');
  },
};

/** The server cannot be reached: the session ends here anyway. */
export const ServerUnreachable: Story = {
  parameters: { session: { user: ANNA, api: { 'POST /account/logout': { status: 503 } } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Sie sind abgemeldet' }),
    ).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'You are logged out' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/en/');
  },
};

/** AgencyLogout: the agency user's session ends, and the way back leads to the agency sign-in. */
export const Agency: Story = {
  args: { audience: 'agency', back: { label: 'agencyLogout.back', route: 'AgencyLogin' } },
  parameters: { session: { agencyUser: AGENCY, api: { 'POST /account/logout': { status: 204 } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sie sind abgemeldet' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zur Anmeldung für Agenturen' })).toHaveAttribute(
      'href',
      '/de/agentur/login',
    );
  },
};
