import { QRCodeSVG } from 'qrcode.react';

/** Lets a desktop visitor open the dictionary on a phone by scanning (non-administrators only). */
export function QrBlock() {
  const url = `${window.location.origin}/`;
  return (
    <figure className="qr-block">
      <QRCodeSVG value={url} size={112} marginSize={2} title="휴대폰으로 사전 열기 QR 코드" />
      <figcaption>휴대폰 카메라로 찍으면 사전이 바로 열립니다. 홈 화면에 추가해 앱처럼 써 보세요.</figcaption>
    </figure>
  );
}

export default QrBlock;
