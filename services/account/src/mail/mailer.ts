// Account mails (Korean, text + simple HTML) sent through kit's nodemailer transport.
import type { Transporter } from 'nodemailer';

export interface AccountMailer {
  sendVerification(to: string, name: string, link: string): Promise<void>;
  sendPasswordReset(to: string, link: string): Promise<void>;
}

const SERVICE = '유의어 사전';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(title: string, lines: string[], link: string, button: string): string {
  const body = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  return `<!doctype html><html lang="ko"><body style="font-family:sans-serif;line-height:1.6">
<h2>${escapeHtml(title)}</h2>${body}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2b6cb0;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(button)}</a></p>
<p style="color:#666;font-size:12px">버튼이 열리지 않으면 다음 주소를 브라우저에 붙여 넣어 주세요.<br>${escapeHtml(link)}</p>
</body></html>`;
}

export function createAccountMailer(
  transport: Transporter,
  from: string,
  ttl: { confirmMinutes: number; resetMinutes: number },
): AccountMailer {
  const hours = (m: number) => (m % 60 === 0 ? `${m / 60}시간` : `${m}분`);
  return {
    async sendVerification(to, name, link) {
      const title = `[${SERVICE}] 이메일 인증을 완료해 주세요`;
      const lines = [
        `${name}님, ${SERVICE}에 가입해 주셔서 감사합니다.`,
        `아래 링크를 눌러 이메일 인증을 완료해 주세요. 링크는 ${hours(ttl.confirmMinutes)} 동안 한 번만 사용할 수 있습니다.`,
        '본인이 가입하지 않았다면 이 메일을 무시해 주세요.',
      ];
      await transport.sendMail({
        from,
        to,
        subject: title,
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: html(title, lines, link, '이메일 인증하기'),
      });
    },
    async sendPasswordReset(to, link) {
      const title = `[${SERVICE}] 비밀번호 변경 안내`;
      const lines = [
        '비밀번호 변경을 요청하셨습니다.',
        `아래 링크에서 새 비밀번호를 설정해 주세요. 링크는 ${hours(ttl.resetMinutes)} 동안 한 번만 사용할 수 있습니다.`,
        '본인이 요청하지 않았다면 이 메일을 무시해 주세요. 비밀번호는 바뀌지 않습니다.',
      ];
      await transport.sendMail({
        from,
        to,
        subject: title,
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: html(title, lines, link, '비밀번호 변경하기'),
      });
    },
  };
}

/** Mail-link pages of the web app (the brief's contract): /confirmEmail and /changePwByMail. */
export function mailLink(publicUrl: string, page: 'confirmEmail' | 'changePwByMail', id: string, key: string): string {
  const url = new URL(`/${page}`, publicUrl);
  url.searchParams.set('id', id);
  url.searchParams.set('key', key);
  return url.toString();
}
