// Sign-up confirmation mails, read from the local mail catcher (maildev) the test stack sends to.
import { setTimeout as sleep } from 'node:timers/promises';

interface MailDevMail {
  text: string;
  to: { address: string }[];
}

/** The confirmation link of every address, from maildev's inbox (waits until all arrived). */
export async function confirmLinks(
  emails: readonly string[],
  mailWeb: string,
  log: (line: string) => void,
): Promise<Map<string, URL>> {
  const found = new Map<string, URL>();
  const deadline = Date.now() + 90_000;
  while (found.size < emails.length) {
    if (Date.now() > deadline) throw new Error(`only ${found.size} of ${emails.length} confirmation mails arrived`);
    let inbox: MailDevMail[] = [];
    try {
      const res = await fetch(`${mailWeb}/email`, { signal: AbortSignal.timeout(30_000) });
      if (!res.ok) throw new Error(`maildev answered ${res.status}`);
      inbox = (await res.json()) as MailDevMail[];
    } catch (err) {
      // The inbox is polled until the deadline: one failed read (a closed keep-alive socket, say) is retried.
      log(`reading maildev's inbox failed (${err instanceof Error ? err.message : String(err)}); trying again`);
    }
    const wanted = new Set(emails.map((e) => e.toLowerCase()));
    for (const mail of inbox) {
      const to = mail.to.map((t) => t.address.toLowerCase()).find((a) => wanted.has(a));
      const link = /https?:\/\/\S+\/confirmEmail\?\S+/.exec(mail.text)?.[0];
      if (to && link) found.set(to, new URL(link));
    }
    if (found.size < emails.length) await sleep(500);
  }
  return found;
}
