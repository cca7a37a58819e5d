import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Greeting } from '../blocks/Greeting/index.ts';
import { ANNA, StorySession, withStorySession } from './fixtures/storySession.tsx';

const FAILURES = 'GET /account/anmeldeversuche';
const SEEN = 'POST /account/anmeldeversuche/gesehen';

const meta = {
  title: 'Blocks/Greeting',
  component: Greeting,
  globals: { language: 'de', mandant: '_base' },
  decorators: [
    (Story) => (
      <StorySession user={ANNA}>
        <Story />
      </StorySession>
    ),
  ],
} satisfies Meta<typeof Greeting>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Hallo Anna' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Abmelden' })).toHaveAttribute('href', '/de/logout');
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Hello Anna' })).toBeVisible();
  },
};

/** Failed logins with Anna's address (ADR 0024): told under the greeting until she acknowledges them. */
export const FailedLogins: Story = {
  decorators: [withStorySession],
  parameters: {
    session: {
      user: ANNA,
      api: {
        [FAILURES]: { status: 200, data: { Anzahl: 3, Zuletzt: '2026-11-27T08:15:00Z' } },
        [SEEN]: { status: 204 },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole('status');
    await expect(notice).toHaveTextContent(
      'Seit Ihrer letzten Bestätigung sind 3 Anmeldungen mit Ihrer E-Mail-Adresse fehlgeschlagen, zuletzt am 27.11.2026 09:15 Uhr.',
    );
    await expect(canvas.getByRole('link', { name: 'Passwort ändern' })).toHaveAttribute(
      'href',
      '/de/passwort-aendern',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Zur Kenntnis genommen' }));
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull());
  },
};

export const OneFailedLoginEnglish: Story = {
  globals: { language: 'en', mandant: '_base' },
  decorators: [withStorySession],
  parameters: {
    session: {
      user: ANNA,
      api: { [FAILURES]: { status: 200, data: { Anzahl: 1, Zuletzt: '2026-11-27T08:15:00Z' } } },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Since you last confirmed, one login with your e-mail address failed, on 27.11.2026 09:15.',
    );
  },
};
