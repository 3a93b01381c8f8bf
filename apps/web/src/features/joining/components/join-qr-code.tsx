import { Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** The dark modules of a QR code as one SVG path (a unit square each), with its size. */
type QrShape = { size: number; path: string };

async function qrShape(value: string): Promise<QrShape> {
  // Loaded with the first QR code drawn: no page pays for it before (issue 14's budget).
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(value);
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size, path };
}

/**
 * A QR code of `value`, drawn in the browser as SVG (black on white with the quiet zone the
 * standard asks for, so a phone reads it in dark mode and on a projector too).
 */
export function JoinQrCode({ value, size }: { value: string; size: number | string }) {
  const { t } = useTranslation();
  // What was drawn, for which value: a new value shows the loader until its own code is drawn.
  const [drawn, setDrawn] = useState<{ value: string; shape: QrShape | null } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    qrShape(value).then(
      (shape) => {
        if (isCurrent) setDrawn({ value, shape });
      },
      () => {
        if (isCurrent) setDrawn({ value, shape: null });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [value]);

  if (drawn?.value !== value) return <Loader size="sm" aria-label={t('joining.qrLabel')} />;
  const { shape } = drawn;
  if (!shape) {
    return (
      <Text size="sm" c="dimmed">
        {t('joining.qrFailed')}
      </Text>
    );
  }
  const quiet = 4;
  const box = shape.size + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={t('joining.qrLabel')}
      data-testid="join-qr"
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ background: '#fff', display: 'block', maxWidth: '100%', height: 'auto' }}
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={shape.path} fill="#000" />
    </svg>
  );
}
