import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * The otpauth:// URI as a QR code for an authenticator app to scan. Drawn as SVG in the browser:
 * the secret never leaves the page for a QR service.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // The QR library loads with the first code drawn: the enrolment screens' code imports this file,
    // and the login page's does too (issue 16: /login without it).
    import('qrcode')
      .then(({ toString: qrSvg }) => qrSvg(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then(
      (svg) => current && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => current && setSrc(null),
    );
    return () => {
      current = false;
    };
  }, [value]);
  if (!src) return <Skeleton width={size} height={size} />;
  // White behind the code whatever the theme: scanners need the contrast.
  return <img src={src} alt={label} width={size} height={size} style={{ background: '#fff', borderRadius: 8 }} data-testid="two-factor-qr" />;
}
