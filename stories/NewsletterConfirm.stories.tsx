import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { NewsletterConfirm } from '../blocks/NewsletterConfirm/index.ts';
import { ANNA, withStorySession } from './fixtures/storySession.tsx';

const FIELDS = { NewsletterOptinGegeben: true, NewsletterOptinVersendetAm: '2026-04-01T09:30:00' };

const meta = {
  title: 'Blocks/NewsletterConfirm',
  component: NewsletterConfirm,
  args: { mode: 'optin' },
  globals: { language: 'de', mandant: 'telko' },
  decorators: [withStorySession],
  parameters: {
    path: '/de/empfehler/newsletter/optin?token=abc',
    session: {
      api: {
        'PUT /empfehler/newsletter/optin': { status: 200, data: FIELDS },
        'PUT /empfehler/newsletter/optout': {
          status: 200,
          data: { NewsletterOptinGegeben: false, NewsletterOptinVersendetAm: null },
        },
      },
    },
  },
} satisfies Meta<typeof NewsletterConfirm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The link from the opt-in mail: one click confirms (a link scanner cannot). */
export const Optin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Newsletter-Anmeldung bestätigen' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Anmeldung bestätigen' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Vielen Dank! Ihre Anmeldung ist bestätigt.',
    );
  },
};

export const OptinLinkUsed: Story = {
  parameters: {
    session: {
      api: { 'PUT /empfehler/newsletter/optin': { status: 409, data: { code: 'PSOF0246', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Anmeldung bestätigen' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Dieser Link wurde bereits verwendet.');
  },
};

export const OptinWithoutToken: Story = {
  parameters: { path: '/de/empfehler/newsletter/optin' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Dieser Link ist unvollständig. Bitte verwenden Sie den Link aus Ihrer E-Mail.',
    );
  },
};

/** Opting out logged in, without a link. */
export const OptoutLoggedIn: Story = {
  args: { mode: 'optout' },
  parameters: { path: '/de/empfehler/newsletter/optout', session: { user: ANNA } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Newsletter abbestellen' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Sie sind abgemeldet');
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: 'telko' },
  parameters: { path: '/en/empfehler/newsletter/optin?token=abc' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Confirm subscription' })).toBeVisible();
  },
};
