import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BackofficeSsoCallback } from '../blocks/BackofficeSsoCallback/index.ts';
import { withStorySession } from './fixtures/storySession.tsx';

/**
 * The back office's SSO callback (issue 15). A successful arrival signs in and moves on at once, so the
 * stories show what stays on screen: the provider answered with an error, or the answer belongs to a
 * sign-in this tab did not start (no login CSRF).
 */
const meta = {
  title: 'Blocks/BackofficeSsoCallback',
  component: BackofficeSsoCallback,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { path: '/de/backoffice/sso?error=access_denied', session: { api: {} } },
} satisfies Meta<typeof BackofficeSsoCallback>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The provider sent an error (cancelled, refused): the reason and the way back to the sign-in. */
export const Cancelled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Anmeldung über Single Sign-on' }),
    ).toBeVisible();
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Die Anmeldung beim Anmeldedienst wurde abgebrochen oder ist fehlgeschlagen.',
    );
    await expect(canvas.getByRole('link', { name: 'Zur Anmeldung' })).toBeVisible();
  },
};

/** A code this tab did not ask for: refused before the server is asked. */
export const NotStartedHere: Story = {
  parameters: { path: '/de/backoffice/sso?code=fremder-code&state=fremd' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Diese Anmeldung wurde nicht in diesem Browserfenster begonnen.',
    );
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  parameters: { path: '/en/backoffice/sso?error=access_denied' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The sign-in at the sign-in service was cancelled or failed.',
    );
    await expect(canvas.getByRole('link', { name: 'To the sign-in' })).toBeVisible();
  },
};
