import { Suspense, useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { lazyChunk } from '../lib/chunk-load';

/**
 * A modal whose code (and that of its form) loads the first time it opens, then stays mounted
 * so it can close with its animation (issue 14: a page downloads its dialogs only when used).
 * The chunk has the spec's 120 s time-out; a failure reaches the page's error boundary, which
 * offers a reload.
 */
export function lazyModal<P extends { opened: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Modal = lazyChunk(load);
  /**
   * Mounts the modal closed, then opens it: Mantine notes the focused element (to give focus
   * back on close) when `opened` turns true, not when a modal mounts open.
   */
  function OpenAfterMount(props: P) {
    const [hasMounted, setHasMounted] = useState(false);
    useEffect(() => setHasMounted(true), []);
    return <Modal {...props} opened={hasMounted && props.opened} />;
  }
  function LazyModal(props: P) {
    const [hasOpened, setHasOpened] = useState(props.opened);
    if (props.opened && !hasOpened) setHasOpened(true);
    if (!hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <OpenAfterMount {...props} />
      </Suspense>
    );
  }
  return LazyModal;
}
