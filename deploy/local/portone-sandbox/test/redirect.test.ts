// The checkout page navigates to m_redirect_url after a mobile payment: only http(s) targets.
import { isHttpUrl } from '../sandbox';

test.each(['https://dict.example.com/pay/mobile', 'http://127.0.0.1:8080/subscribe/mobile-billings?x=1'])(
  '%s is followed',
  (target) => expect(isHttpUrl(target)).toBe(true),
);

test.each([
  'javascript:alert(1)',
  ' JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/pay',
  '/pay/mobile',
  '',
  42,
  null,
])('%j is refused', (target) => expect(isHttpUrl(target)).toBe(false));
