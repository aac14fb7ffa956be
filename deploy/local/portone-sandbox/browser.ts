// What the sandbox serves to browsers: the IMP script and the checkout page.
import { TEST_CARDS, maskCard } from './cards';

/**
 * Same contract as PortOne's v1 script: `IMP.init(code)`, `IMP.request_pay(params, callback)`.
 * Desktop: an overlay iframe, then `callback(rsp)`. Mobile browsers with `m_redirect_url`: a full-page
 * checkout that redirects to `m_redirect_url?imp_uid=…&merchant_uid=…&imp_success=true|false[&error_msg=…]`.
 */
export const IMP_SCRIPT = `(function () {
  'use strict';
  var current = document.currentScript;
  var base = current && current.src ? new URL(current.src).origin : '';
  var code = null;
  function isMobile() { return /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent); }
  function request_pay(params, callback) {
    params = params || {};
    var payload = Object.assign({}, params, { imp_code: code });
    var url = base + '/checkout?params=' + encodeURIComponent(JSON.stringify(payload));
    if (params.m_redirect_url && (isMobile() || params.sandbox_redirect === true)) {
      window.location.href = url + '&mode=redirect';
      return;
    }
    var overlay = document.createElement('div');
    overlay.setAttribute('data-portone-sandbox', '');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center';
    var frame = document.createElement('iframe');
    frame.title = 'PortOne sandbox checkout';
    frame.src = url + '&mode=iframe';
    frame.style.cssText = 'width:420px;max-width:96vw;height:560px;border:0;border-radius:8px;background:#fff';
    overlay.appendChild(frame);
    function onMessage(e) {
      if (e.origin !== base || !e.data || e.data.source !== 'portone-sandbox') return;
      window.removeEventListener('message', onMessage);
      overlay.remove();
      if (typeof callback === 'function') callback(e.data.rsp);
    }
    window.addEventListener('message', onMessage);
    document.body.appendChild(overlay);
  }
  window.IMP = { init: function (c) { code = c; }, agency: function (c) { code = c; }, request_pay: request_pay };
})();
`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function checkoutPage(paramsJson: string, mode: string): string {
  const cards = Object.entries(TEST_CARDS)
    .map(
      ([n, c]) =>
        `<li><button type="button" class="card" data-card="${n}">${esc(maskCard(n))}</button> ${esc(c.label)}</li>`,
    )
    .join('');
  // JSON inside a script: escape '<' so no value can close the tag.
  const data = JSON.stringify({ params: JSON.parse(paramsJson) as unknown, mode }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>PortOne 샌드박스 결제</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:20px;color:#222}h1{font-size:18px}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}
input{width:100%;padding:8px;font-size:16px;box-sizing:border-box}.actions{display:flex;gap:8px;margin-top:12px}.actions button{flex:1;padding:10px}
ul{padding-left:18px;font-size:13px}.card{font-family:monospace}#error{color:#c00}</style></head>
<body><h1>PortOne 샌드박스 결제 (테스트)</h1>
<dl><dt>상품</dt><dd id="name"></dd><dt>금액</dt><dd id="amount"></dd><dt>주문번호</dt><dd id="merchant"></dd></dl>
<form id="pay"><label for="card_number">카드 번호</label><input id="card_number" name="card_number" autocomplete="off" value="4242-4242-4242-4242">
<div class="actions"><button type="submit" id="submit">결제하기</button><button type="button" id="cancel">취소</button></div></form>
<p id="error" role="alert"></p><p>테스트 카드</p><ul>${cards}</ul>
<script>
(function () {
  var D = ${data};
  var p = D.params;
  document.getElementById('name').textContent = p.name || '';
  document.getElementById('amount').textContent = (p.amount || 0).toLocaleString('ko-KR') + '원';
  document.getElementById('merchant').textContent = p.merchant_uid || '';
  document.querySelectorAll('.card').forEach(function (b) { b.onclick = function () { document.getElementById('card_number').value = b.getAttribute('data-card'); }; });
  function finish(rsp) {
    var u = null;
    try { u = D.mode === 'redirect' && p.m_redirect_url ? new URL(p.m_redirect_url) : null; } catch (e) { u = null; }
    // The server refuses other targets; never navigate to a javascript: or data: URL either way.
    if (u && (u.protocol === 'http:' || u.protocol === 'https:')) {
      u.searchParams.set('imp_uid', rsp.imp_uid || '');
      u.searchParams.set('merchant_uid', rsp.merchant_uid || p.merchant_uid || '');
      u.searchParams.set('imp_success', rsp.success ? 'true' : 'false');
      if (!rsp.success) u.searchParams.set('error_msg', rsp.error_msg || '');
      window.location.href = u.toString();
    } else {
      window.parent.postMessage({ source: 'portone-sandbox', rsp: rsp }, '*');
    }
  }
  document.getElementById('cancel').onclick = function () {
    finish({ success: false, imp_uid: null, merchant_uid: p.merchant_uid, error_code: 'F0005', error_msg: '사용자가 결제를 취소하셨습니다' });
  };
  document.getElementById('pay').onsubmit = function (e) {
    e.preventDefault();
    document.getElementById('submit').disabled = true;
    fetch('/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ params: p, card_number: document.getElementById('card_number').value }) })
      .then(function (r) { return r.json(); })
      .then(finish)
      .catch(function (err) { document.getElementById('error').textContent = String(err); document.getElementById('submit').disabled = false; });
  };
})();
</script></body></html>`;
}
