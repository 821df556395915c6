import { DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_TWO_FACTOR_USERS, DEMO_USERS } from '@opencare/api/demo/demo-data';
import { surviveDriverWriteAfterClose } from './driver-guard';
import { createEdge } from './edge';
import { readEnv } from './env';

const env = readEnv();
const edge = await createEdge(env);
surviveDriverWriteAfterClose(edge.app.log);
const address = await edge.app.listen({ host: env.HOST, port: env.PORT });
const url = edge.deps.config.publicUrl;

const lines = [`OpenCare is running at ${url}  (listening on ${address}, database: ${edge.database.kind})`];
if (env.DEMO) {
  lines.push(`Demo logins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.username).join(', ')}`);
  // Administrators sign in with two factors: this published key works in demo mode only.
  lines.push(`Two-factor sign-in of ${DEMO_TWO_FACTOR_USERS.join(', ')}: add the key ${DEMO_TOTP_SECRET} to any authenticator app (TOTP, 6 digits, 30 s)`);
}
const outbox = `${url}/api/v1/dev/outbox`;
if (edge.deps.config.outbox === 'open') lines.push(`E-mail goes to the dev outbox, open to anyone (DEV_OUTBOX=true): ${outbox}`);
else if (edge.deps.config.outbox === 'admins')
  lines.push(`E-mail stays in the dev outbox, for the organisation's admins: \`npm run outbox\` prints it (GET ${outbox} with an admin's token)`);
else if (edge.deps.mailer.kind === 'disabled') lines.push('E-mail is disabled (MAIL_DISABLED=true): sign-up and invitations are refused.');
console.log(`\n${lines.join('\n')}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    edge.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
