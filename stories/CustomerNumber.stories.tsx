import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CustomerNumber } from '../blocks/CustomerNumber/index.ts';
import { forgetRewardLink, REWARD_IDS } from './fixtures/storyPersonalArea.ts';
import { ANNA, withStorySession } from './fixtures/storySession.tsx';

// The form's lazy chunk (rjsf and the precompiled validators) starts loading with this file.
void import('../runtime/forms/SchemaForm.tsx');

const GET = 'GET /empfehler/GetResultFromKundennummer';

const meta = {
  title: 'Blocks/CustomerNumber',
  component: CustomerNumber,
  globals: { language: 'de', mandant: 'telko' },
  decorators: [withStorySession],
  beforeEach: forgetRewardLink,
  parameters: {
    session: {
      user: ANNA,
      api: {
        [GET]: { status: 200, data: { Kundennummer: null, PraemierungId: REWARD_IDS.ready } },
        'PUT /empfehler/SetKundennummerForEmpfehler/KD-123456': {
          status: 200,
          data: { Kundennummer: 'KD-123456', PraemierungId: REWARD_IDS.ready },
        },
      },
    },
  },
} satisfies Meta<typeof CustomerNumber>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Kundennummer' })).toBeVisible();
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Kundennummer' }, { timeout: 10_000 }),
      'KD-123456',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Kundennummer speichern' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Ihre Kundennummer wurde gespeichert.');
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Kundennummer' }, { timeout: 10_000 }),
      '<x>',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Kundennummer speichern' }));
    await expect(canvas.getByRole('textbox', { name: 'Kundennummer' })).toHaveAccessibleDescription(
      expect.stringContaining('Kundennummer ist nicht gültig'),
    );
  },
};

/** SPEC 6: these calls need the reward link's token (or a login). */
export const NoAccess: Story = {
  parameters: { session: { api: { [GET]: { status: 401, data: { code: 'PSOF0310', message: '' } } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Bitte verwenden Sie den Link aus Ihrer E-Mail.',
    );
  },
};
