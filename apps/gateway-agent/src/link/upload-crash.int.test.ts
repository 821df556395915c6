import { measurements } from '@opencare/api/db/schema';
import { testDatabaseKind } from '@opencare/api/testing/env';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStatusFile } from '../status-page';
import { startEdgeProcess, type EdgeProcess } from '@opencare/edge/src/testing/edge-process';
import { addDevice, demoPatient, logMessage, pairedAgentEnv, pairOverRest, spawnAgent, type AgentProcess } from './testing/gateway-fixtures';

/*
 * Issue 8, reliability 1: the upload crash test. The real agent holds READINGS buffered readings
 * and drains them to the real edge server (a child process, killed with SIGKILL as a power cut or
 * an OOM kill would, mid-batch and mid-transaction) EDGE_KILLS times, and is itself killed with
 * SIGKILL AGENT_KILLS times during the drain. Afterwards the database must hold exactly the readings
 * the agent captured, each once, with the values it captured: the test reads them from the agent's
 * queue log before the drain and compares them, id by id, with the rows stored. The retries the edge
 * answered "duplicate" are counted (a batch stored whose acknowledgement was lost). What a full
 * buffer does is tested in cli.int.test.ts and durable-queue.test.ts (refused loudly, reader
 * paused, nothing accepted is dropped).
 */
// The full sizes run on PostgreSQL (the deployment shape; CI). On embedded PGlite each restart of
// the edge also recovers the embedded database from the kill, which is what that run shows, with
// smaller sizes so CI does not spend minutes twice; CRASH_* set any size on either.
const full = testDatabaseKind === 'postgres';
const env = process.env;
const READINGS = Number(env.CRASH_READINGS ?? (full ? 10_000 : 1_000));
const EDGE_KILLS = Number(env.CRASH_EDGE_KILLS ?? (full ? 20 : 4));
const AGENT_KILLS = Number(env.CRASH_AGENT_KILLS ?? (full ? 5 : 2));

let edge: EdgeProcess;
beforeAll(async () => {
  edge = await startEdgeProcess();
}, 120_000);
afterAll(async () => {
  await edge?.dispose();
});

/** What a reading is stored as: the fields of a measurement row the agent's reading decides. */
interface Captured {
  type: string;
  values: unknown;
  takenAt: string;
}

/**
 * The readings in the agent's queue log (`<dataDir>/queue/readings.log`, the format described in
 * durable-queue.ts), read by the test itself rather than by the queue it tests: each `add` line is a
 * reading captured and fsynced. Only whole lines count (the agent may be appending the next one).
 */
function capturedReadings(dataDir: string): Map<string, Captured> {
  const text = readFileSync(join(dataDir, 'queue', 'readings.log'), 'utf8');
  const captured = new Map<string, Captured>();
  for (const line of text.slice(0, text.lastIndexOf('\n') + 1).split('\n')) {
    if (!line) continue;
    const entry = JSON.parse(line) as { op: string; r?: { reading: Captured & { id: string } } };
    if (entry.op !== 'add' || !entry.r) continue;
    const { id, type, values, takenAt } = entry.r.reading;
    captured.set(id, { type, values, takenAt });
  }
  return captured;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isMsg = (msg: string) => (line: string) => logMessage(line)?.msg === msg;

describe('the upload crash test', () => {
  it(`${READINGS} buffered readings, the edge killed ${EDGE_KILLS} times and the agent ${AGENT_KILLS} times while draining: none lost, none stored twice, none altered`, { timeout: 900_000 }, async () => {
    const patient = await demoPatient(edge);
    const gateway = await pairOverRest(edge, patient);
    // An address no simulated device has: only the buffered readings travel.
    const deviceId = await addDevice(edge, patient.token, gateway.gatewayId, 'bw', 'C4:7C:8D:AA:00:0C');
    const { dataDir, env: paired } = pairedAgentEnv(edge.url, gateway, 'gw-crash-');
    // An agent on the clinic's network tries the edge again every second, not after up to 30 s:
    // the test waits for the edge's restarts, not for the agent's backoff.
    const agentEnv = { ...paired, OPENCARE_QUEUE_MAX_READINGS: String(Math.max(50_000, READINGS)), OPENCARE_RECONNECT_MAX_S: '1' };
    const runs: AgentProcess[] = [];
    const startAgent = (extra: Record<string, string> = {}) => {
      const agent = spawnAgent(['run'], { ...agentEnv, ...extra });
      runs.push(agent);
      return agent;
    };
    const acknowledgedBatches = () => runs.reduce((n, run) => n + run.lines.filter(isMsg('batch acknowledged')).length, 0);
    // How long one batch takes while the edge is up: the shortest gap between two acknowledgements
    // in one agent run (pino's `time`), 400 ms until one is seen. A fixed delay let a fast edge
    // drain everything before the last kills landed.
    const batchMs = () => {
      let shortest = 400;
      for (const run of runs) {
        const times = run.lines.filter(isMsg('batch acknowledged')).map((line) => Number(logMessage(line)?.time));
        for (let i = 1; i < times.length; i++) shortest = Math.min(shortest, times[i]! - times[i - 1]!);
      }
      return shortest;
    };
    const drained = () => {
      const queue = readStatusFile(dataDir)?.queue;
      return queue !== undefined && queue.queued === 0 && queue.sending === 0;
    };

    // The readings are captured while the edge is down: READINGS buffered on the gateway.
    await edge.kill();
    let agent = startAgent({ OPENCARE_SEED_READINGS: String(READINGS), OPENCARE_SEED_DEVICE: deviceId });
    await agent.waitFor(isMsg('queue seeded with simulated readings'), 120_000);
    // What the agent captured, taken before any of it can travel: the reference the rows are held to.
    const captured = capturedReadings(dataDir);
    expect(captured.size).toBe(READINGS);
    await edge.start();

    // Kill the edge at a random moment inside the batch after the first one it acknowledged since it
    // came back; every (EDGE_KILLS / AGENT_KILLS)-th time the agent dies too.
    const started = Date.now();
    const agentEvery = Math.max(1, Math.floor(EDGE_KILLS / Math.max(1, AGENT_KILLS)));
    let edgeKills = 0;
    let agentKills = 0;
    while (edgeKills < EDGE_KILLS && !drained()) {
      const before = acknowledgedBatches();
      const end = Date.now() + 60_000;
      while (acknowledgedBatches() === before && !drained()) {
        if (Date.now() > end) throw new Error(`no batch acknowledged within 60 s after edge kill ${edgeKills}`);
        await sleep(5);
      }
      await sleep(Math.random() * batchMs());
      await edge.kill();
      edgeKills += 1;
      if (agentKills < AGENT_KILLS && edgeKills % agentEvery === 0) {
        agent.child.kill('SIGKILL');
        await agent.exited;
        agentKills += 1;
        agent = startAgent();
      }
      await edge.start();
    }
    const end = Date.now() + 600_000;
    while (!drained()) {
      if (Date.now() > end) throw new Error(`the drain did not finish: ${JSON.stringify(readStatusFile(dataDir)?.queue)}`);
      await sleep(200);
    }
    const drainS = (Date.now() - started) / 1000;
    agent.child.kill('SIGTERM');
    expect(await agent.exited).toBe(0);

    const lines = runs.flatMap((run) => run.lines.map(logMessage));
    const outcomes = lines.filter((line) => line?.msg === 'batch acknowledged');
    // Batches the edge died under: in flight when it was killed, sent again after its restart.
    const cutOff = lines.filter((line) => line?.msg === 'upload not acknowledged; will retry').length;
    const sum = (key: string) => outcomes.reduce((total, line) => total + Number(line?.[key] ?? 0), 0);
    // PGlite allows one process at a time: the edge stops before the database is read.
    await edge.kill();
    const database = await edge.openDatabase();
    const rows = await database.db
      .select({ id: measurements.id, type: measurements.type, values: measurements.values, takenAt: measurements.takenAt })
      .from(measurements)
      .where(eq(measurements.deviceId, deviceId));
    await database.close();

    // Compared as maps, id by id: a count could hide one reading lost and another stored twice.
    const stored = new Map<string, Captured>();
    let storedTwice = 0;
    for (const row of rows) {
      // The primary key should make this impossible; counted anyway rather than assumed.
      if (stored.has(row.id)) storedTwice += 1;
      stored.set(row.id, { type: row.type, values: row.values, takenAt: row.takenAt.toISOString() });
    }
    const missing = [...captured.keys()].filter((id) => !stored.has(id));
    const extra = [...stored.keys()].filter((id) => !captured.has(id));
    const differing = [...captured].filter(([id, reading]) => stored.has(id) && !isDeepStrictEqual(stored.get(id), reading));

    console.log(
      `upload crash test (${edge.database}): ${READINGS} buffered, edge killed ${edgeKills}×, agent killed ${agentKills}×; ` +
        `captured ${captured.size}, stored ${rows.length}: missing ${missing.length}, extra ${extra.length}, ` +
        `stored twice ${storedTwice}, values differing ${differing.length}; batches cut off by a kill ${cutOff}, ` +
        `deduplicated retries ${sum('duplicate')}, rejected ${sum('rejected')}; ` +
        `drain with the kills ${drainS.toFixed(1)} s (${(READINGS / drainS).toFixed(0)} readings/s)`,
    );
    expect(edgeKills).toBe(EDGE_KILLS);
    expect(agentKills).toBe(AGENT_KILLS);
    // The first few offenders are shown when one of these fails.
    expect(missing.slice(0, 5)).toEqual([]);
    expect(extra.slice(0, 5)).toEqual([]);
    expect(storedTwice).toBe(0);
    expect(differing.slice(0, 5).map(([id, reading]) => ({ id, captured: reading, stored: stored.get(id) }))).toEqual([]);
    expect(sum('rejected')).toBe(0);
    // Kills land inside batches: some were in flight when the edge died. A batch is stored in one
    // transaction, so it came back either stored (killed before its commit) or as duplicates (its
    // answer lost after the commit), never half of each.
    expect(cutOff).toBeGreaterThan(0);
    // Every reading was acknowledged once as stored or as a duplicate of a batch whose answer was lost.
    expect(sum('stored') + sum('duplicate')).toBeGreaterThanOrEqual(READINGS);
  });
});
