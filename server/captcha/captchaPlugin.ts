import { loadServerSecret } from '../auth/loadServerSecret.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { type Captcha, type CaptchaWork, createCaptcha } from './Captcha.ts';
import { postgresUsedChallengeStore } from './UsedChallengeStore.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** ALTCHA proof-of-work captcha: `challenge(mandant)`, `verify(mandant, payload)`, `assertSolved(…)`. */
    captcha: Captcha;
  }
}

export interface CaptchaPluginOptions {
  /** Tests may lower the work; production keeps DEFAULT_CAPTCHA_WORK. */
  work?: CaptchaWork;
}

/**
 * The captcha of every form that needs one (recommend, contact). Challenges are signed with a key derived
 * from the server secret, so every instance over the same database accepts the others' challenges, and used
 * ones are remembered in the database (captcha_used) until they expire.
 */
export const captchaPlugin = globalPlugin<CaptchaPluginOptions>('captcha', async (app, options) => {
  const db = app.database.kysely;
  const secret = await loadServerSecret(db, app.config.sessionSecret);
  app.decorate(
    'captcha',
    createCaptcha({
      secret,
      store: postgresUsedChallengeStore(db),
      ...(options.work ? { work: options.work } : {}),
    }),
  );
});
