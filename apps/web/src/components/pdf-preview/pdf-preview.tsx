import { Box, Button, Group, Loader, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { PdfDocument } from './load-pdf';

/** Whether the page asked for is drawn: being read or drawn, drawn, or not drawable. */
type Shown = 'loading' | 'shown' | 'failed';

/** The preview's height at most (the page scrolls inside it): as the browser's viewer had. */
const MAX_HEIGHT = 'min(60vh, 520px)';

/** The most pixels a page is drawn with (a page of an odd shape would otherwise ask for more). */
const MAX_CANVAS_PIXELS = 16_000_000;

/**
 * A handed-in PDF drawn on the page by PDF.js (decision 0042), one page at a time at the
 * preview's width, with buttons to turn the pages. The file is read through its download URL (the
 * download rules decide who may); a file PDF.js cannot read says so, and its link below the
 * preview stays the way to it.
 */
export function PdfPreview({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<Shown>('loading');
  const [pageNumber, setPageNumber] = useState(1);
  const pages = pdf?.numPages ?? 0;

  // The file read and opened; closed when the preview goes (another file is another preview:
  // its parent keys it by the file's URL).
  useEffect(() => {
    const controller = new AbortController();
    let opened: PdfDocument | null = null;
    void (async () => {
      const response = await fetch(url, { credentials: 'same-origin', signal: controller.signal });
      if (!response.ok) throw new Error(`the file answered ${response.status}`);
      const bytes = await response.arrayBuffer();
      const { openPdf } = await import('./load-pdf');
      opened = await openPdf(bytes, controller.signal);
      if (!controller.signal.aborted) setPdf(opened);
    })().catch(() => {
      if (!controller.signal.aborted) setShown('failed');
    });
    return () => {
      controller.abort();
      void opened?.close();
    };
  }, [url]);

  // The page asked for, drawn at the preview's width (sharp on a dense screen), from its top.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pdf || !canvas) return;
    let isCurrent = true;
    let cancel: (() => void) | null = null;
    void (async () => {
      const page = await pdf.getPage(pageNumber);
      if (!isCurrent) return;
      // The preview's own width (the canvas's frame is hidden until the first page is drawn),
      // less the frame's border.
      const width = Math.max(200, (rootRef.current?.clientWidth ?? 600) - 2);
      const ratio = window.devicePixelRatio || 1;
      const unscaled = page.getViewport({ scale: 1 });
      // At most MAX_CANVAS_PIXELS, whatever the page's shape.
      const scale = Math.min(
        (width / unscaled.width) * ratio,
        Math.sqrt(MAX_CANVAS_PIXELS / (unscaled.width * unscaled.height)),
      );
      const viewport = page.getViewport({ scale });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      const task = page.render({ canvas, viewport });
      cancel = () => task.cancel();
      await task.promise;
      if (!isCurrent) return;
      if (frameRef.current) frameRef.current.scrollTop = 0;
      setShown('shown');
    })().catch(() => {
      if (isCurrent) setShown('failed');
    });
    return () => {
      isCurrent = false;
      cancel?.();
    };
  }, [pdf, pageNumber]);

  const turnTo = (page: number) => {
    if (page < 1 || page > pages || page === pageNumber) return;
    setShown('loading');
    setPageNumber(page);
  };
  const isFirst = pageNumber <= 1;
  const isLast = pageNumber >= pages;
  return (
    <Box ref={rootRef} data-testid="pdf-preview" data-src={url} data-state={shown}>
      {/* One live region, so that a screen reader hears the file being opened, and failing. */}
      <div role="status">
        {shown === 'loading' && pageNumber === 1 && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('grading.pdfLoading', { name })}
            </Text>
          </Group>
        )}
        {shown === 'failed' && <Text size="sm">{t('grading.previewFallback')}</Text>}
      </div>
      {/* A page taller than the frame scrolls in it, by the keyboard too (it takes the focus). A
          page turned keeps the last one in view until it is drawn. */}
      <Box
        ref={frameRef}
        hidden={shown === 'failed' || (shown === 'loading' && pageNumber === 1)}
        tabIndex={0}
        role="region"
        aria-label={name}
        style={{ maxHeight: MAX_HEIGHT, overflow: 'auto' }}
        bd="1px solid var(--mantine-color-default-border)"
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('grading.pdfPageLabel', { name, page: pageNumber, pages })}
          style={{ display: 'block' }}
        />
      </Box>
      {pages > 1 && (
        <Group gap="xs" mt="xs" justify="center">
          {/* Marked, not disabled: a button that loses its use keeps the keyboard's focus. */}
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconChevronLeft size={14} aria-hidden />}
            aria-disabled={isFirst}
            data-disabled={isFirst || undefined}
            onClick={() => turnTo(pageNumber - 1)}
          >
            {t('grading.pdfPrevious')}
          </Button>
          <Text size="sm" aria-live="polite">
            {t('grading.pdfPageOf', { page: pageNumber, pages })}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            rightSection={<IconChevronRight size={14} aria-hidden />}
            aria-disabled={isLast}
            data-disabled={isLast || undefined}
            onClick={() => turnTo(pageNumber + 1)}
          >
            {t('grading.pdfNext')}
          </Button>
        </Group>
      )}
    </Box>
  );
}
