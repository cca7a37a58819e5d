import { DAY_PATTERN } from './rewardPlanEntry.ts';

/** The intervals the programme figures are grouped by: Berlin days, ISO weeks (from Monday), months. */
export const FIGURES_INTERVALS = ['Tag', 'Woche', 'Monat'] as const;
export type FiguresInterval = (typeof FIGURES_INTERVALS)[number];

/** The filter value for "without a channel" / "without a campaign". */
export const FIGURES_NONE = 'ohne';

/**
 * The filters of the back office's programme figures (GET backoffice/kennzahlen?…): the form's data and the
 * route's querystring. Channel, product and campaign are optional; the choices come from the server.
 */
export const backofficeFiguresFilterSchema = {
  $id: 'backofficeFiguresFilter',
  type: 'object',
  required: ['von', 'bis', 'intervall'],
  additionalProperties: false,
  properties: {
    von: { type: 'string', pattern: DAY_PATTERN, description: 'First Berlin day, YYYY-MM-DD.' },
    bis: { type: 'string', pattern: DAY_PATTERN, description: 'Last Berlin day (included).' },
    intervall: { type: 'string', enum: FIGURES_INTERVALS, description: 'Group by day, ISO week or month.' },
    kanal: {
      type: 'string',
      pattern: '^[A-Za-z0-9_.-]{1,40}$',
      description: `Only this share channel (\`${FIGURES_NONE}\`: without one).`,
    },
    produkt: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,64}$', description: 'Only this product id.' },
    aktion: {
      type: 'string',
      pattern: '^[A-Za-z0-9_.:-]{1,100}$',
      description: `Only this campaign (AktionsId; \`${FIGURES_NONE}\`: without one).`,
    },
  },
} as const;

export interface BackofficeFiguresFilter {
  von?: string;
  bis?: string;
  intervall?: FiguresInterval;
  kanal?: string;
  produkt?: string;
  aktion?: string;
}
