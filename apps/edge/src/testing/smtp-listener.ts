import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

/** A real SMTP server on loopback that keeps what it receives, for mail tests. */
export async function startSmtpListener() {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, text };
        received.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next mail, or one already received and not yet taken. */
    next(): Promise<ReceivedMail> {
      const ready = received.length > 0 ? received.shift() : undefined;
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve) => waiting.push((mail) => resolve(received.splice(received.indexOf(mail), 1)[0] ?? mail)));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
