import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, requireEdgeUrl } from './config';
import { readEnv } from './env';

function configFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'gw-cfg-')), 'config.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('configuration', () => {
  it('takes flags over env over the file over defaults', () => {
    const file = configFile({ edgeUrl: 'https://file.example.org', transport: 'simulator', readIntervalS: 120, statusPort: 9000, queue: { maxReadings: 2000 } });
    const env = readEnv({ OPENCARE_EDGE_URL: 'https://env.example.org', OPENCARE_READ_INTERVAL_S: '30', OPENCARE_QUEUE_MAX_BYTES: '2000000' });
    const { config } = loadConfig({ config: file, edge: 'https://flag.example.org/' }, env);
    expect(config).toMatchObject({
      edgeUrl: 'https://flag.example.org/',
      transport: 'simulator',
      readIntervalS: 30,
      statusPort: 9000,
      logLevel: 'info',
      dataDir: '/var/lib/opencare-gateway',
      queue: { maxReadings: 2000, maxBytes: 2_000_000 },
    });
    expect(requireEdgeUrl(config)).toBe('https://flag.example.org');
    expect(loadConfig({ config: file, simulate: true, transport: 'noble' }, readEnv({})).config.transport).toBe('simulator');
  });

  it('names the bad field and where it can be set', () => {
    const file = configFile({ transport: 'carrier-pigeon' });
    expect(() => loadConfig({ config: file }, readEnv({ OPENCARE_STATUS_PORT: 'eighty' }))).toThrow(ConfigError);
    try {
      loadConfig({ config: file }, readEnv({ OPENCARE_STATUS_PORT: 'eighty' }));
    } catch (error) {
      expect((error as Error).message).toContain('transport (config file "transport", OPENCARE_TRANSPORT / --transport): must be noble or simulator');
      expect((error as Error).message).toContain('statusPort');
    }
    expect(() => loadConfig({ config: file, mac: '12:34' }, readEnv({}))).toThrow(/mac .*12 hex digits/);
  });

  it('an unreadable or invalid config file is a clear error; a missing default file is fine', () => {
    expect(() => loadConfig({ config: '/nonexistent/config.json' }, readEnv({}))).toThrow(/Cannot read the config file/);
    expect(() => loadConfig({ config: configFile('{ nope') }, readEnv({}))).toThrow(/not valid JSON/);
    expect(() => loadConfig({}, readEnv({}))).not.toThrow();
    expect(() => requireEdgeUrl(loadConfig({}, readEnv({})).config)).toThrow(/edgeUrl: missing/);
  });

  it('waits at most 30 s between tries to reach the edge unless told otherwise, from 1 s to an hour', () => {
    expect(loadConfig({}, readEnv({})).config.reconnectMaxS).toBe(30);
    expect(loadConfig({}, readEnv({ OPENCARE_RECONNECT_MAX_S: '2' })).config.reconnectMaxS).toBe(2);
    expect(() => loadConfig({}, readEnv({ OPENCARE_RECONNECT_MAX_S: '0' }))).toThrow(/reconnectMaxS \(config file "reconnectMaxS", OPENCARE_RECONNECT_MAX_S\)/);
    expect(() => loadConfig({ config: configFile({ reconnectMaxS: 'soon' }) }, readEnv({}))).toThrow(/reconnectMaxS/);
  });

  it('accepts a MAC with or without separators', () => {
    expect(loadConfig({ mac: 'aa-bb-cc-dd-ee-ff' }, readEnv({})).config.mac).toBe('AABBCCDDEEFF');
  });
});
