import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { CodeEntry } from '../blocks/CodeEntry/index.ts';
import { HEX, NR } from './fixtures/storyRecipient.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

const LOOKUP = 'GET /empfehlung/empfehlungscode/K7MX4PQ2';

const meta = {
  title: 'Blocks/CodeEntry',
  component: CodeEntry,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { path: '/de/code' },
} satisfies Meta<typeof CodeEntry>;

export default meta;
type Story = StoryObj<typeof meta>;

async function enter(canvasElement: HTMLElement, code: string): Promise<void> {
  const canvas = within(canvasElement);
  // The form loads lazily; a required field's label ends with ' *' (aria-hidden).
  const field = await canvas.findByLabelText(/^Empfehlungscode( \*)?$/, undefined, { timeout: 10_000 });
  if (code) await userEvent.type(field, code);
  await userEvent.click(canvas.getByRole('button', { name: 'Zur Empfehlung' }));
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Empfehlungscode eingeben' })).toBeVisible();
    await expect(
      await canvas.findByLabelText(/^Empfehlungscode( \*)?$/, undefined, { timeout: 10_000 }),
    ).toHaveAccessibleDescription(
      '8 Zeichen, zum Beispiel K7MX-4PQ2. Groß- und Kleinschreibung spielt keine Rolle.',
    );
  },
};

/** SPEC 5: '{field} ist ein Pflichtfeld' and '{field} ist nicht gültig'. */
export const Required: Story = {
  play: async ({ canvasElement }) => {
    await enter(canvasElement, '');
    const field = within(canvasElement).getByLabelText(/^Empfehlungscode( \*)?$/);
    await expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Empfehlungscode ist ein Pflichtfeld'),
    );
    await expect(field).toHaveFocus();
  },
};

export const Malformed: Story = {
  play: async ({ canvasElement }) => {
    await enter(canvasElement, 'AB1');
    await expect(within(canvasElement).getByLabelText(/^Empfehlungscode( \*)?$/)).toHaveAccessibleDescription(
      expect.stringContaining('Empfehlungscode ist nicht gültig'),
    );
  },
};

/** PSOF0331: a well-formed code nobody issued. */
export const UnknownCode: Story = {
  parameters: {
    session: { api: { [LOOKUP]: { status: 404, data: { code: 'PSOF0331', message: '' } } } },
  },
  play: async ({ canvasElement }) => {
    await enter(canvasElement, 'k7mx-4pq2');
    // Said at the field (and in the list of problems), and the field takes the focus.
    const field = within(canvasElement).getByLabelText(/^Empfehlungscode( \*)?$/);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('Diesen Empfehlungscode gibt es nicht. Bitte prüfen Sie Ihre Eingabe.'),
      ),
    );
    await expect(field).toHaveFocus();
  },
};

export const Found: Story = {
  parameters: {
    session: { api: { [LOOKUP]: { status: 200, data: { Empfehlungsnummer: NR, Hex: HEX } } } },
  },
  play: async ({ canvasElement }) => {
    await enter(canvasElement, 'K7MX4PQ2');
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

export const TooManyAttempts: Story = {
  parameters: {
    session: { api: { [LOOKUP]: { status: 429, data: { code: 'PSOF0016', message: '' } } } },
  },
  play: async ({ canvasElement }) => {
    await enter(canvasElement, 'K7MX4PQ2');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Zu viele Versuche.');
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  parameters: { path: '/en/code' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Enter a recommendation code' }),
    ).toBeVisible();
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Go to the recommendation' }, { timeout: 10_000 }),
    );
    await expect(canvas.getByLabelText(/^Recommendation code( \*)?$/)).toHaveAccessibleDescription(
      expect.stringContaining('Recommendation code is a required field'),
    );
  },
};
