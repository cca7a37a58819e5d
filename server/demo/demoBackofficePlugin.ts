import { Ajv } from 'ajv';
import { isBackofficeRole } from '../../domain/backofficeAbilities.ts';
import demoBackofficeSchema from '../../schemas/demoBackoffice.schema.json' with { type: 'json' };
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import { totpCipherContext } from '../backoffice/login/backofficeLoginRoutes.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { checkDemoPassword, readDemoFiles } from './readDemoFiles.ts';

/** One member of a mandant's demo programme team (`demo/backoffice.json`). */
export interface DemoBackofficeUser {
  email: string;
  name: string;
  roles: string[];
  password: string;
  totpSecret?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo back-office staff by mandant id; empty when DEMO_ACCOUNTS=false. main prints their logins. */
    demoBackoffice: ReadonlyMap<string, DemoBackofficeUser[]>;
  }
}

const validate = new Ajv({ allErrors: true, strict: true, verbose: true }).compile(demoBackofficeSchema);

/**
 * The demo programme team of every mandant's `demo/backoffice.json` (DEMO_ACCOUNTS, on by default): one
 * user per role, with a confirmed TOTP secret (printed by `npm start`) or none (set up at the first
 * sign-in). Users whose e-mail exists are left as they are. Logs counts only.
 */
export const demoBackofficePlugin = globalPlugin('demoBackoffice', async (app) => {
  if (!app.config.demoAccounts) {
    app.decorate('demoBackoffice', new Map());
    return;
  }
  const files = await readDemoFiles<{ staff: DemoBackofficeUser[] }>(
    app.mandants.all(),
    'backoffice.json',
    validate,
    ({ staff }, file, _mandant, problems) => {
      staff.forEach((member, index) => {
        checkDemoPassword(problems, file, `/staff/${index}/password`, member.password);
      });
    },
  );
  const demo = new Map([...files].map(([id, { staff }]) => [id, staff]));
  app.decorate('demoBackoffice', demo);
  const db = app.database.kysely;
  for (const [mandantId, staff] of demo) {
    let created = 0;
    for (const member of staff) {
      const email = normalizeEmail(member.email);
      const exists = await db
        .selectFrom('backoffice_user')
        .select('id')
        .where('mandant_id', '=', mandantId)
        .where('email', '=', email)
        .executeTakeFirst();
      if (exists) continue;
      await db
        .insertInto('backoffice_user')
        .values({
          mandant_id: mandantId,
          email,
          name: member.name,
          roles: member.roles.filter(isBackofficeRole),
          password_hash: await app.passwordHasher.hash(member.password),
          totp_secret_encrypted: member.totpSecret
            ? app.fieldCipher.encrypt(member.totpSecret, totpCipherContext(mandantId))
            : null,
          totp_confirmed_at: member.totpSecret ? new Date() : null,
        })
        .onConflict((conflict) => conflict.columns(['mandant_id', 'email']).doNothing())
        .execute();
      created += 1;
    }
    app.log.info({ mandant: mandantId, created }, 'demo back-office staff ready');
  }
});
