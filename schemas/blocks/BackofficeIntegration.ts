import { textKey } from './common.ts';

/** The back office's integration page (issue 15): API keys and webhook endpoints with their delivery log. */
export const backofficeIntegrationPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
