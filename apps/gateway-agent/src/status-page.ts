import { renameSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { gatewayQrText } from '@opencare/schemas/entities/gateways';
import QRCode from 'qrcode';
import type { LinkStatus } from './link/edge-link';
import type { QueueCounts } from './queue/durable-queue';

/*
 * What the daemon shows about itself: a status file in the data dir (read by `gateway-agent status`)
 * and a small page on 127.0.0.1 only (the MAC and pairing QR code for whoever sets the gateway up
 * with a screen or an SSH tunnel; JSON at /status.json). Neither holds a token or a reading.
 */

export interface AgentStatus {
  pid: number;
  updatedAt: string;
  startedAt: string;
  version: string;
  edgeUrl: string | null;
  mac: string | null;
  /** For the QR code while not paired; null once paired (nothing to scan any more). */
  pairingCode: string | null;
  paired: boolean;
  gatewayId: string | null;
  transport: string;
  /** Why the device reader is not reading, when it is not. */
  readerPaused: string | null;
  devices: number;
  link: LinkStatus;
  queue: QueueCounts;
}

const STATUS_FILE = 'status.json';

/** Rewritten often: atomic (rename) so a reader never sees half a file; not fsynced, it is only a view. */
export function writeStatusFile(dataDir: string, status: AgentStatus) {
  const path = join(dataDir, STATUS_FILE);
  writeFileSync(`${path}.tmp`, `${JSON.stringify(status, null, 2)}\n`, { mode: 0o644 });
  renameSync(`${path}.tmp`, path);
}

export function readStatusFile(dataDir: string): AgentStatus | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, STATUS_FILE), 'utf8')) as AgentStatus;
  } catch {
    return null;
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function renderStatusHtml(status: AgentStatus): Promise<string> {
  const qr =
    status.mac && status.pairingCode && !status.paired
      ? await QRCode.toString(gatewayQrText(status.mac, status.pairingCode), { type: 'svg', margin: 2, width: 240 })
      : '';
  const q = status.queue;
  const rows: Array<[string, string]> = [
    ['Paired', status.paired ? 'yes' : 'no — add this gateway in the OpenCare app'],
    ['MAC number', status.mac ?? 'unknown'],
    // Typed beside the MAC when the QR code cannot be scanned: the patient proves they hold the box.
    ...(status.pairingCode && !status.paired ? [['Pairing code', status.pairingCode] as [string, string]] : []),
    ['Edge', status.edgeUrl ?? 'not configured'],
    ['Link', `${status.link.state} since ${status.link.since}`],
    ['Queue', `${q.queued} queued, ${q.sending} sending, ${q.rejected} rejected${q.full ? ' — QUEUE FULL' : ''}`],
    ['Last upload', status.link.lastUploadAt ?? 'none yet'],
    ['Devices', String(status.devices)],
    ['Reader', status.readerPaused ? `paused: ${status.readerPaused}` : `reading (${status.transport})`],
    ['Version', status.version],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>OpenCare gateway</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:40rem}th{text-align:left;padding-right:1rem}td,th{padding:.25rem 0}</style>
</head><body><h1>OpenCare gateway</h1>
${qr ? `<p>Scan this code in the OpenCare app (Gateways → Add), or type the MAC number and the pairing code below.</p><div aria-label="Pairing QR code">${qr}</div>` : ''}
<table>${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
</body></html>`;
}

/** Listens on 127.0.0.1 only: the page is for the person at the gateway, not the home network. */
export async function startStatusPage(port: number, current: () => AgentStatus): Promise<Server> {
  const server = createServer((req, res) => {
    const status = current();
    if (req.url === '/status.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(status));
      return;
    }
    if (req.url === '/' || req.url === '/index.html') {
      renderStatusHtml(status).then(
        (html) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" });
          res.end(html);
        },
        () => {
          res.writeHead(500).end();
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
