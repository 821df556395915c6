import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook endpoint on this machine, as an integrator's would be: it keeps every POST it gets
 * (body and headers) and answers each with the next status queued in `answers`, then 200.
 */
export async function startWebhookReceiver() {
  const received: { body: string; headers: IncomingHttpHeaders }[] = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ body, headers: req.headers });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    answers,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
