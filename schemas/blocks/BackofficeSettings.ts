import { textKey } from './common.ts';

/**
 * The back office's settings without a deploy (issue 15, ability settings): rewards, campaigns and channel
 * ranks as versioned overrides of the mandant's files, with preview, publish and rollback. The page's h1.
 */
export const backofficeSettingsPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
