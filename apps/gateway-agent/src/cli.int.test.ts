import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { logMessage, spawnAgent } from './link/testing/gateway-fixtures';
import { saveToken } from './pairing/state';
import { readStatusFile } from './status-page';

/* The CLI as an operator meets it, without an edge: help, scan, and a full queue. */

describe('gateway-agent CLI', () => {
  it('--help lists the commands; each command has its own help; the hidden seed stays hidden', async () => {
    const main = spawnAgent(['--help']);
    expect(await main.exited).toBe(0);
    const text = main.lines.join('\n');
    for (const command of ['pair', 'run', 'status', 'scan']) expect(text).toContain(`  ${command} `);
    expect(text).not.toMatch(/SEED/i);
    const pair = spawnAgent(['pair', '--help']);
    expect(await pair.exited).toBe(0);
    expect(pair.lines.join('\n')).toContain('--edge URL');
  });

  it('scan --simulate prints the six simulated devices with signal, distance and measurement', async () => {
    const scan = spawnAgent(['scan', '--simulate', '--seconds', '1']);
    expect(await scan.exited).toBe(0);
    const rows = scan.lines.filter((l) => /^[0-9A-F]{2}(:[0-9A-F]{2}){5} /.test(l));
    expect(rows).toHaveLength(6);
    expect(scan.lines.find((l) => l.startsWith('ADDRESS'))).toMatch(/ADDRESS +NAME +RSSI +SIGNAL +~DISTANCE +MEASUREMENT/);
    expect(rows.join('\n')).toMatch(/ excellent .* m +bp/);
  });

  it('a full queue refuses new readings loudly: the reader pauses and status says QUEUE FULL', { timeout: 30_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gw-full-'));
    // Paired with an edge that is not there: nothing drains.
    saveToken(dataDir, { token: 'x', gatewayId: randomUUID(), edgeUrl: 'http://127.0.0.1:9', mac: '020000000099', pairedAt: new Date().toISOString() });
    const agent = spawnAgent(['run', '--simulate', '--edge', 'http://127.0.0.1:9', '--data-dir', dataDir, '--status-port', '0'], {
      OPENCARE_QUEUE_MAX_READINGS: '100',
      OPENCARE_SEED_READINGS: '100',
      OPENCARE_SEED_DEVICE: randomUUID(),
    });
    try {
      const full = logMessage(await agent.waitFor((l) => logMessage(l)?.msg?.startsWith('QUEUE FULL') === true));
      expect(full).toMatchObject({ level: 50, queued: 100, full: true });
      await new Promise((r) => setTimeout(r, 500));
      expect(readStatusFile(dataDir)).toMatchObject({ readerPaused: 'queue full', queue: { queued: 100, full: true } });
      const status = spawnAgent(['status', '--data-dir', dataDir]);
      expect(await status.exited).toBe(0);
      expect(status.lines.join('\n')).toContain('QUEUE FULL');
    } finally {
      agent.child.kill('SIGTERM');
      expect(await agent.exited).toBe(0);
    }
  });
});
