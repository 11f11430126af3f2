import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code drawn as one SVG path (no canvas, no inline style): dark modules on a light square with
 * a quiet zone, in both themes, since scanners need that contrast.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
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
  return (
    <svg
      className="mc-qr"
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect className="mc-qr__background" x={-quiet} y={-quiet} width={size + 2 * quiet} height={size + 2 * quiet} />
      <path className="mc-qr__modules" d={path} />
    </svg>
  );
}
