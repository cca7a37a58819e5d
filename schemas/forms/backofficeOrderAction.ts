/**
 * The back office's order actions (issue 15, server/backoffice/orders): confirm the contract or cancel an
 * order, always with a reason that goes to the audit log. The body of `POST backoffice/bestellungen/{nr}/…`
 * is the form's data plus the `Version` the operator saw.
 */
export const REASON_MAX_LENGTH = 500;

export const backofficeOrderActionSchema = {
  $id: 'backofficeOrderAction',
  type: 'object',
  required: ['Grund'],
  properties: {
    Grund: {
      type: 'string',
      minLength: 3,
      maxLength: REASON_MAX_LENGTH,
      pattern: '\\S',
      title: 'backoffice.orders.reason',
    },
  },
} as const;

export interface BackofficeOrderActionData {
  Grund?: string;
}

/** Reassign a mis-attributed order: the code of the recommendation it belongs to, and the reason. */
export const backofficeOrderReassignSchema = {
  $id: 'backofficeOrderReassign',
  type: 'object',
  required: ['Empfehlungscode', 'Grund'],
  properties: {
    Empfehlungscode: {
      type: 'string',
      minLength: 1,
      maxLength: 40,
      pattern: '^\\s*[A-Za-z0-9-]+\\s*$',
      title: 'backoffice.orders.targetCode',
    },
    Grund: backofficeOrderActionSchema.properties.Grund,
  },
} as const;

export interface BackofficeOrderReassignData {
  Empfehlungscode?: string;
  Grund?: string;
}

/** Approve or reject a flagged order (one or several): the decision and the note for the audit log. */
export const backofficeReviewSchema = {
  $id: 'backofficeReview',
  type: 'object',
  required: ['Entscheidung', 'Notiz'],
  properties: {
    Entscheidung: { type: 'string', enum: ['freigeben', 'ablehnen'], title: 'backoffice.review.decision' },
    Notiz: {
      type: 'string',
      minLength: 3,
      maxLength: REASON_MAX_LENGTH,
      pattern: '\\S',
      title: 'backoffice.review.note',
    },
  },
} as const;

export interface BackofficeReviewData {
  Entscheidung?: 'freigeben' | 'ablehnen';
  Notiz?: string;
}
