import { EVALUATION_DIALOG_CLOSE_MS } from '@teamshuffle/domain';
import { useEffect, useRef } from 'react';

/**
 * Closes a grading dialog a moment after it says "saved" (spec part 2: the evaluate dialogs close
 * by themselves after 2 s), with the latest `onClose` the dialog was given.
 */
export function useCloseWhenSaved(isSaved: boolean, onClose: () => void): void {
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    if (!isSaved) return;
    const timer = window.setTimeout(() => closeRef.current(), EVALUATION_DIALOG_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [isSaved]);
}
