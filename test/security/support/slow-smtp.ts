// A minimal SMTP server that keeps every message and answers each one only after `delayMs`, like a
// slow mail relay. Timing tests use it: an answer that waits for the mail is then plainly slower.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string[];
  data: string;
}

/** The decoded text of every MIME part of a raw message (base64 and quoted-printable parts decoded). */
export function mailText(raw: string): string {
  const parts = raw.split(/\r\n--[^\r\n]*\r\n/);
  return parts
    .map((part) => {
      const split = part.indexOf('\r\n\r\n');
      const head = split < 0 ? '' : part.slice(0, split);
      const body = split < 0 ? part : part.slice(split + 4);
      const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
      if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (encoding === 'quoted-printable') {
        const bytes = body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return body;
    })
    .join('\n');
}

export interface SlowSmtp {
  url: string;
  mails: CapturedMail[];
  /** The newest mail to `address` whose decoded text contains `containing` (waits for it). */
  mailTo(address: string, containing?: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startSlowSmtp(delayMs: number): Promise<SlowSmtp> {
  const mails: CapturedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: CapturedMail = { to: [], data: '' };
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    reply('220 slow-smtp ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          const mail = current;
          current = { to: [], data: '' };
          setTimeout(() => {
            mails.push(mail);
            reply('250 queued');
          }, delayMs);
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 slow-smtp');
        else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? '');
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async mailTo(address, containing = '', timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails
          .filter((m) => m.to.includes(address.toLowerCase()) && mailText(m.data).includes(containing))
          .at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
