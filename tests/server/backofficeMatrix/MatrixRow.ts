import type { FastifyInstance, InjectOptions } from 'fastify';

export type MatrixRole = 'viewer' | 'operator' | 'finance' | 'admin';

/** What a row's request may use: the app (to make a record of its own), the caller's role, a counter. */
export interface MatrixContext {
  app: FastifyInstance;
  role: MatrixRole;
  /** Counts the allowed calls of this row (0, 1, …), so a row that changes a record can take a fresh one. */
  n: number;
}

/** One back-office route in the role matrix (tests/server/backofficeRoleMatrix.test.ts). */
export interface MatrixRow {
  /** The ability issue 15 asks for (or 'any'). */
  ability: string;
  /** A well-formed call on the telko demo for an allowed role. */
  request: (context: MatrixContext) => InjectOptions | Promise<InjectOptions>;
  /** The status an allowed role gets (with the code, for a call that answers a refusal on purpose). */
  ok: number | string;
}

export const API = '/api/v1/telko';

/** Rows by `METHOD /:mandant/backoffice/...` as Fastify registered the route. */
export type MatrixRows = Record<string, MatrixRow>;
