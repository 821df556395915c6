import type { Database } from '@opencare/api/db/database';
import { sql, type SQL } from 'drizzle-orm';

/**
 * What the access matrix checks beyond a status code (issue 15): that an allowed answer holds no id
 * of a record the caller may not see, and that a refused write changed nothing in the database.
 * Both read the database itself, never what the edge says about it.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows of either driver
type Row = Record<string, any>;

/** Rows of a raw query: PGlite answers `{ rows }`, postgres-js a list; either way a list. */
export async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  const shaped = result as { rows?: Row[] } & Row[];
  return shaped.rows ?? [...shaped];
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '')}"`);

/** The tables (with an `id`) that carry `column`, read from the database's own catalogue. */
async function tablesWith(db: Database, column: string): Promise<string[]> {
  const found = await rowsOf(
    db,
    sql`select c.table_name as name from information_schema.columns c
        join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
        where c.table_schema = current_schema() and c.column_name = ${column}
        order by 1`,
  );
  return found.map((r) => String(r.name));
}

export interface Owners {
  /** Patient accounts whose records the caller may not see. */
  patients: string[];
  /** Organisations none of whose records the caller may see. */
  organisations: string[];
}

/**
 * Every id of every record owned by these patients (their accounts, users, and each row of every
 * table with a `patient_account_id`) and of these organisations (each row of every table with an
 * `organisation_id`, their users, the organisation itself). New tables are covered the day they
 * are added: the tables are read from information_schema.
 */
export async function idsOwnedBy(db: Database, owners: Owners): Promise<Set<string>> {
  const ids = new Set<string>();
  const add = (list: Row[]) => list.forEach((r) => ids.add(String(r.id)));
  const patients = owners.patients.filter(Boolean);
  const orgs = owners.organisations.filter(Boolean);
  const uuidList = (values: string[]) => sql.join(values.map((v) => sql`${v}::uuid`), sql`, `);
  if (patients.length) {
    add(await rowsOf(db, sql`select id::text as id from accounts where id in (${uuidList(patients)})`));
    // A user counts as the patient's only when all their accounts are such patients' (a caregiver's
    // user also holds a caregiver account of their own).
    add(
      await rowsOf(
        db,
        sql`select u.id::text as id from users u where exists (select 1 from accounts a where a.user_id = u.id)
            and not exists (select 1 from accounts a where a.user_id = u.id and a.id not in (${uuidList(patients)}))`,
      ),
    );
    for (const table of await tablesWith(db, 'patient_account_id'))
      add(await rowsOf(db, sql`select id::text as id from ${ident(table)} where patient_account_id in (${uuidList(patients)})`));
  }
  if (orgs.length) {
    orgs.forEach((o) => ids.add(o));
    for (const table of await tablesWith(db, 'organisation_id'))
      add(await rowsOf(db, sql`select id::text as id from ${ident(table)} where organisation_id in (${uuidList(orgs)})`));
    add(await rowsOf(db, sql`select distinct a.user_id::text as id from accounts a where a.organisation_id in (${uuidList(orgs)})`));
  }
  return ids;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The ids of `forbidden` an answer carries anywhere (values, keys, links inside strings). */
export function leakedIds(answer: unknown, forbidden: Set<string>): string[] {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer ?? null);
  return [...new Set((text.match(UUID) ?? []).map((id) => id.toLowerCase()))].filter((id) => forbidden.has(id));
}

/** The table a record kind of the access policy lives in. */
export const TABLE_OF: Record<string, string> = {
  patient: 'accounts',
  account: 'accounts',
  provider: 'accounts',
  user: 'users',
  measurement: 'measurements',
  gateway: 'gateways',
  device: 'devices',
  appointment: 'appointments',
  visit: 'visits',
  schedule: 'measurement_schedules',
  task: 'tasks',
  thread: 'message_threads',
  file: 'files',
  telehealthInvitation: 'telehealth_invitations',
  invitation: 'invitations',
  vendor: 'vendors',
  deviceProfile: 'device_profiles',
  apiKey: 'api_keys',
};

/**
 * The tables whose rows a refused write must leave alone: every table holding an organisation's or a
 * patient's data. The audit log (a refusal is audited), sessions and refresh tokens (a sign-in per
 * case), the mail outbox and error logs are left out on purpose.
 */
const SKIPPED = new Set(['audit_log', 'sessions', 'refresh_tokens', 'outbox', 'error_logs']);

export interface Snapshot {
  target: string;
  counts: string;
}

let dataTables: string[] | undefined;

/**
 * The target record's whole row (and, for a patient, their care profile) plus the number of rows
 * of every data table: an update of the target or an insert or delete anywhere shows.
 */
export async function snapshot(db: Database, kind: string | undefined, id: string | undefined): Promise<Snapshot> {
  if (!dataTables) {
    const all = new Set([...(await tablesWith(db, 'organisation_id')), ...(await tablesWith(db, 'patient_account_id')), 'users', 'accounts']);
    dataTables = [...all].filter((t) => !SKIPPED.has(t)).sort();
  }
  const table = kind ? TABLE_OF[kind] : undefined;
  let target = '';
  if (table && id && /^[0-9a-f-]{36}$/i.test(id)) {
    const rows = await rowsOf(db, sql`select row_to_json(x)::text as row from ${ident(table)} x where x.id = ${id}::uuid`);
    target = rows.map((r) => String(r.row)).join('\n');
    if (kind === 'patient' || kind === 'account')
      target += (await rowsOf(db, sql`select row_to_json(x)::text as row from patient_profiles x where x.account_id = ${id}::uuid`))
        .map((r) => String(r.row))
        .join('\n');
  }
  const counts = await rowsOf(
    db,
    sql.join(
      dataTables.map((t) => sql`select ${t} as name, count(*)::int as n from ${ident(t)}`),
      sql` union all `,
    ),
  );
  return { target, counts: counts.map((r) => `${r.name}=${r.n}`).join(' ') };
}

/** What changed between two snapshots, in words; empty when nothing did. */
export function changes(before: Snapshot, after: Snapshot): string {
  const out: string[] = [];
  if (before.target !== after.target) out.push(`target row changed: ${before.target.slice(0, 300)} → ${after.target.slice(0, 300)}`);
  if (before.counts !== after.counts) {
    const b = new Map(before.counts.split(' ').map((p) => p.split('=') as [string, string]));
    const moved = after.counts
      .split(' ')
      .map((p) => p.split('=') as [string, string])
      .filter(([name, n]) => b.get(name) !== n)
      .map(([name, n]) => `${name} ${b.get(name)}→${n}`);
    out.push(`rows: ${moved.join(', ')}`);
  }
  return out.join('; ');
}
