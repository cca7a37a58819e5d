import { textKey } from './common.ts';

/** The agency's reports (schemas/agency.ts AGENCY_REPORT_PATHS). */
export const AGENCY_REPORTS = [
  'orders',
  'recommendations',
  'employees',
  'rewards',
  'leads',
  'invitations',
] as const;

/**
 * One of the agency's reports as a sortable, filterable, paged table with CSV/XLSX export (SPEC 7): which
 * report, and optionally which of its columns in which order. `release` adds the order release to the order
 * report (invitation tool); the employees report brings the owner's staff invitation and (de)activation.
 * The page's h1.
 */
export const agencyReportPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['report'],
  properties: {
    report: { type: 'string', enum: AGENCY_REPORTS },
    headline: textKey,
    intro: textKey,
    columns: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' },
      minItems: 1,
      uniqueItems: true,
      description: "the report's columns to show, in this order (default: all)",
    },
    release: { type: 'boolean', description: 'order report: release and reject pending orders' },
  },
} as const;
