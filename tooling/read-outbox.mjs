// `npm run outbox`: the newest mail of the dev outbox (an edge without SMTP), read as an admin of the
// organisation, as the edge allows: sign-up verification, invitations and guest links, with their
// links. OUTBOX_USER and OUTBOX_PASSWORD name the admin (default: the demo admin); OUTBOX_TO keeps
// the mail to one address. The outbox holds live tokens: it is printed here, never in the edge's log.
const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '3000';
const edgeUrl = process.env.EDGE_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
const username = process.env.OUTBOX_USER ?? 'admin';
const password = process.env.OUTBOX_PASSWORD ?? 'Passw0rd!';

const login = await fetch(`${edgeUrl}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username, password }),
}).catch(() => null);
if (!login) fail(`No edge answers at ${edgeUrl}: start it with \`npm start\` (or set EDGE_URL).`);
const token = login.headers.get('x-access-token');
if (!login.ok || !token) fail(`Could not sign in as "${username}" (${login.status}): set OUTBOX_USER and OUTBOX_PASSWORD to an admin's.`);

const to = process.env.OUTBOX_TO ? `?to=${encodeURIComponent(process.env.OUTBOX_TO)}` : '';
const res = await fetch(`${edgeUrl}/api/v1/dev/outbox${to}`, { headers: { authorization: `Bearer ${token}` } });
const body = await res.json().catch(() => ({}));
if (res.status === 404) fail('This edge has no dev outbox: it sends mail over SMTP, or mail is disabled.');
if (!res.ok) fail(`The outbox refused "${username}" (${res.status} ${body.key ?? ''}): only the organisation's admins read it.`);

const mails = body.data ?? [];
if (mails.length === 0) console.log('The dev outbox is empty.');
for (const mail of mails.reverse()) {
  console.log(`\n── ${mail.createdAt}  to ${mail.to}\n   ${mail.subject}\n\n${mail.text.replace(/^/gm, '   ')}`);
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
