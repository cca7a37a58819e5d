import { EMAIL_PATTERN } from '../../schemas/forms/fields.ts';
import { RECOMMENDATION_STATUSES } from '../../schemas/personalArea.ts';
import { PRAEMIERUNG_STATUSES } from '../../schemas/praemien.ts';

/**
 * `mandants/{id}/demo/recommendations.json`: recommendations of the demo recommenders in every status,
 * with a recipient and a reward (praemierung) where the status has one, so that the personal area shows
 * something on a fresh start. Demo data only.
 */
export const demoRecommendationsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['recommendations'],
  properties: {
    $schema: { type: 'string' },
    recommendations: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['email', 'empfehlungsnummer', 'produktId', 'status', 'daysAgo'],
        properties: {
          email: {
            type: 'string',
            description: 'The demo recommender (demo/accounts.json) who made it.',
            pattern: EMAIL_PATTERN,
          },
          empfehlungsnummer: {
            type: 'string',
            pattern: '^[0-9]{10}$',
            description: 'Fixed: seeding is idempotent.',
          },
          produktId: { type: 'string', minLength: 1 },
          status: { type: 'string', enum: [...RECOMMENDATION_STATUSES] },
          channel: { type: 'string' },
          daysAgo: { type: 'integer', minimum: 0, maximum: 3650, description: 'When it was made.' },
          empfaenger: {
            type: 'object',
            additionalProperties: false,
            required: ['vorname', 'nachname', 'email'],
            properties: {
              vorname: { type: 'string', minLength: 1 },
              nachname: { type: 'string', minLength: 1 },
              email: { type: 'string', pattern: EMAIL_PATTERN },
            },
          },
          praemierung: {
            type: 'object',
            additionalProperties: false,
            required: ['status', 'wertCent'],
            properties: {
              status: { type: 'string', enum: [...PRAEMIERUNG_STATUSES] },
              wertCent: { type: 'integer', minimum: 0 },
              praemieId: { type: 'string', description: 'A chosen reward of praemien.json.' },
            },
          },
        },
      },
    },
  },
} as const;

export interface DemoRecommendation {
  email: string;
  empfehlungsnummer: string;
  produktId: string;
  status: (typeof RECOMMENDATION_STATUSES)[number];
  channel?: string;
  daysAgo: number;
  empfaenger?: { vorname: string; nachname: string; email: string };
  praemierung?: { status: (typeof PRAEMIERUNG_STATUSES)[number]; wertCent: number; praemieId?: string };
}
