import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RecipientConsent } from '../blocks/RecipientConsent/index.ts';
import { forgetRecipient, NR, storedRecipient } from './fixtures/storyRecipient.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

// The form's lazy chunk (rjsf and the precompiled validators) starts loading with this file, so the plays
// measure the form, not a cold download.
void import('../runtime/forms/SchemaForm.tsx');

const CONSENT = 'PUT /empfaenger/zustimmung';

const meta = {
  title: 'Blocks/RecipientConsent',
  component: RecipientConsent,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  beforeEach: storedRecipient,
  parameters: {
    path: `/de/empfaenger/${NR}/zustimmung`,
    session: {
      params: { empfehlungsnummer: NR },
      api: { [CONSENT]: { status: 200, data: { ZugestimmtAm: '2026-05-04T10:00:00', TextVersion: 'ab' } } },
    },
  },
} satisfies Meta<typeof RecipientConsent>;

export default meta;
type Story = StoryObj<typeof meta>;

const LABEL = 'Ich stimme den Teilnahme- und Datenschutzbedingungen zu.';

/** The consent box, once the form's lazy chunk is there. */
const consentBox = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('checkbox', { name: LABEL }, { timeout: 10_000 });

/** The text agreed to, the box (AGBDatenschutzZustimmung) and links to the full terms. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Teilnahme- und Datenschutzbedingungen' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(/Ich bin damit einverstanden, dass Freunde werben meine Angaben/),
    ).toBeVisible();
    // The form names its inputs after their ids, which end in the field's name.
    await expect(await consentBox(canvasElement)).toHaveAttribute(
      'name',
      expect.stringMatching(/_AGBDatenschutzZustimmung$/),
    );
    await expect(canvas.getByRole('link', { name: 'Datenschutzhinweise lesen' })).toHaveAttribute(
      'href',
      '/de/datenschutz',
    );
  },
};

/** SPEC 5: 'Die Zustimmung ist erforderlich, um fortzufahren.' */
export const ConsentMissing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await consentBox(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Zustimmen und weiter' }));
    await expect(box).toHaveAccessibleDescription('Die Zustimmung ist erforderlich, um fortzufahren.');
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Die Zustimmung ist erforderlich, um fortzufahren.',
    );
  },
};

export const Agreed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await consentBox(canvasElement));
    await userEvent.click(canvas.getByRole('button', { name: 'Zustimmen und weiter' }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};

/** PSOF0334: the stored recipient token is no longer valid; it is forgotten (SPEC 4). */
export const TokenRejected: Story = {
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: { [CONSENT]: { status: 403, data: { code: 'PSOF0334', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await consentBox(canvasElement));
    await userEvent.click(canvas.getByRole('button', { name: 'Zustimmen und weiter' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Bitte öffnen Sie den Link aus Ihrer Empfehlung erneut.',
    );
    await expect(document.cookie).not.toContain(`psoe_empfaenger_${NR}=`);
  },
};

/** Opened without having given data first. */
export const NoRecipient: Story = {
  beforeEach: () => forgetRecipient(),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Bitte öffnen Sie den Link aus Ihrer Empfehlung erneut.',
    );
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Agree and continue' }, { timeout: 10_000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Agree and continue' }));
    await expect(
      canvas.getByRole('checkbox', { name: 'I agree to the participation terms and the privacy terms.' }),
    ).toHaveAccessibleDescription('Your consent is required to continue.');
  },
};
