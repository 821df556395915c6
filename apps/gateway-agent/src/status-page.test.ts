import { describe, expect, it } from 'vitest';
import { renderStatusHtml, startStatusPage, type AgentStatus } from './status-page';

const status = (paired: boolean): AgentStatus => ({
  pid: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  startedAt: '2026-01-01T00:00:00.000Z',
  version: '0.1.0',
  edgeUrl: 'https://care.example.org',
  mac: 'AABBCCDDEEFF',
  pairingCode: paired ? null : 'ABCDEFGH2345',
  paired,
  gatewayId: null,
  transport: 'simulator',
  readerPaused: null,
  devices: 0,
  link: { state: 'online', since: '2026-01-01T00:00:00.000Z', lastUploadAt: null, lastError: null },
  queue: { queued: 3, sending: 0, rejected: 0, acknowledged: 0, refused: 0, full: false, logBytes: 10 },
});

describe('status page', () => {
  it('shows the pairing QR code as inline SVG and the pairing code beside the MAC until paired, and the queue', async () => {
    const unpaired = await renderStatusHtml(status(false));
    expect(unpaired).toContain('<svg');
    expect(unpaired).toContain('<tr><th>MAC number</th><td>AABBCCDDEEFF</td></tr><tr><th>Pairing code</th><td>ABCDEFGH2345</td></tr>');
    expect(unpaired).toContain('3 queued');
    expect(await renderStatusHtml(status(true))).not.toContain('<svg');
    expect(await renderStatusHtml(status(true))).not.toContain('Pairing code');
    expect(await renderStatusHtml({ ...status(true), queue: { ...status(true).queue, full: true } })).toContain('QUEUE FULL');
  });

  it('serves JSON at /status.json on 127.0.0.1', async () => {
    const server = await startStatusPage(0, () => status(true));
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/status.json`);
      expect(await res.json()).toMatchObject({ paired: true, queue: { queued: 3 } });
      expect((await fetch(`http://127.0.0.1:${port}/`)).headers.get('content-type')).toContain('text/html');
    } finally {
      server.close();
    }
  });
});
