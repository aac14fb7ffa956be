import nodemailer from 'nodemailer';
import { env, uniqueName } from './env';

interface InboxMail {
  id: string;
  subject: string;
  text?: string;
  to: { address: string }[];
}

async function inbox(): Promise<InboxMail[]> {
  const res = await fetch(`${env.maildevUrl}/email`, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`GET /email answered ${res.status}`);
  return (await res.json()) as InboxMail[];
}

describe('SMTP catcher (maildev)', () => {
  const smtp = new URL(env.smtpUrl);
  // Short timeouts: an absent SMTP server must fail the test, not hang it.
  const transport = nodemailer.createTransport({
    host: smtp.hostname,
    port: Number(smtp.port || 25),
    secure: smtp.protocol === 'smtps:',
    connectionTimeout: 5000,
    greetingTimeout: 5000,
  });
  let sentId: string | undefined;

  afterAll(async () => {
    transport.close();
    if (sentId) await fetch(`${env.maildevUrl}/email/${sentId}`, { method: 'DELETE' }).catch(() => undefined);
  });

  it('when a mail with a Korean subject is sent, then the web inbox shows it with the subject intact', async () => {
    const token = uniqueName('m');
    const subject = `[유의어 사전] 비밀번호 재설정 안내 ${token}`;
    const to = `${token}@example.com`;
    await transport.sendMail({
      from: '"유의어 사전" <no-reply@example.com>',
      to,
      subject,
      text: '아래 링크를 눌러 비밀번호를 다시 설정하세요.',
    });

    let found: InboxMail | undefined;
    for (let i = 0; i < 30 && !found; i++) {
      found = (await inbox()).find((m) => m.to.some((t) => t.address === to));
      if (!found) await new Promise((r) => setTimeout(r, 200));
    }
    expect(found).toBeDefined();
    sentId = found!.id;
    expect(found!.subject).toBe(subject);
    expect(found!.text?.trim()).toBe('아래 링크를 눌러 비밀번호를 다시 설정하세요.');
  });
});
