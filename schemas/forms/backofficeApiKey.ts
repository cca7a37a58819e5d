/**
 * The back office's API key forms (issue 15, server/backoffice/integrationKeys): a new key needs a name (what
 * it is for); a rotation may let the previous secret work on for a few minutes (0: it stops at once).
 */
export const backofficeApiKeySchema = {
  $id: 'backofficeApiKey',
  type: 'object',
  required: ['Name'],
  properties: {
    Name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '\\S',
      title: 'backoffice.integration.keyName',
    },
  },
} as const;

export interface BackofficeApiKeyData {
  Name?: string;
}

/** The longest overlap of a rotation: long enough to roll a deployment, short enough to matter. */
export const ROTATION_OVERLAP_MAX_MINUTES = 60;

export const backofficeApiKeyRotationSchema = {
  $id: 'backofficeApiKeyRotation',
  type: 'object',
  required: [],
  properties: {
    UeberlappungMinuten: {
      type: 'integer',
      minimum: 0,
      maximum: ROTATION_OVERLAP_MAX_MINUTES,
      default: 0,
      title: 'backoffice.integration.overlapMinutes',
    },
  },
} as const;

export interface BackofficeApiKeyRotationData {
  UeberlappungMinuten?: number;
}
