import QRCode from 'qrcode';
import { useMemo } from 'react';

/** A QR code as one SVG path (no canvas, no inline style), dark on a light square in both themes. */
export default function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let y = 0; y < modules.size; y += 1) {
      for (let x = 0; x < modules.size; x += 1) {
        if (modules.get(y, x)) parts.push(`M${x} ${y}h1v1h-1z`);
      }
    }
    return { size: modules.size, path: parts.join('') };
  }, [text]);
  const quiet = 4;
  const side = size + 2 * quiet;
  return (
    <svg className="qr" viewBox={`${-quiet} ${-quiet} ${side} ${side}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect className="qr__background" x={-quiet} y={-quiet} width={side} height={side} />
      <path className="qr__modules" d={path} />
    </svg>
  );
}
