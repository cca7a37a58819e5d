import { normalizeEmail } from '../auth/normalizeEmail.ts';
import { globalPlugin } from './globalPlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A fresh agency session token for an agency user (what single sign-on will hand out); for the demo
     * links main prints and for tests. Throws when the mandant has no such user.
     */
    issueAgencyToken(mandant: string, email: string): Promise<string>;
    /** A single-use admin login token for a recommender (GET /account/login/?token=). Throws likewise. */
    issueLoginToken(mandant: string, email: string): Promise<string>;
  }
}

/** Server-side ways to start a session; there is deliberately no public endpoint for either. */
export const issueTokensPlugin = globalPlugin('issueTokens', async (app) => {
  const mandantId = (mandant: string): string => {
    const loaded = app.mandants.get(mandant);
    if (!loaded) throw new Error(`no mandant "${mandant}"`);
    return loaded.id;
  };

  app.decorate('issueAgencyToken', async (mandant: string, email: string) => {
    const id = mandantId(mandant);
    const user = await app.agencyUserRepository.findByEmail(id, normalizeEmail(email));
    if (!user) throw new Error(`mandant ${id} has no such agency user`);
    return app.sessionTokens.issue('agency', id, user.id);
  });

  app.decorate('issueLoginToken', async (mandant: string, email: string) => {
    const id = mandantId(mandant);
    const account = await app.accountRepository.findByEmail(id, normalizeEmail(email));
    if (!account) throw new Error(`mandant ${id} has no such account`);
    return app.loginTokenRepository.create(id, account.id, app.config.loginTokenTtlMinutes);
  });
});
