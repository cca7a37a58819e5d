import { API, type MatrixRows } from './MatrixRow.ts';

/** The session routes: every back-office user. */
export const rows: MatrixRows = {
  'GET /:mandant/backoffice/sitzung': {
    ability: 'any',
    request: () => ({ method: 'GET', url: `${API}/backoffice/sitzung` }),
    ok: 200,
  },
  'POST /:mandant/backoffice/abmelden': {
    ability: 'any',
    // A real logout would end the role's token for the rows after it: a token of its own.
    request: async ({ app, role }) => {
      const user = await app.database.kysely
        .insertInto('backoffice_user')
        .values({
          mandant_id: 'telko',
          email: `abmelden-${role}-${Date.now()}@programm.example`,
          roles: [role],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await app.sessionTokens.issue('backoffice', 'telko', user.id);
      return {
        method: 'POST',
        url: `${API}/backoffice/abmelden`,
        headers: { authorization: `Bearer ${token}` },
      };
    },
    ok: 204,
  },
};
