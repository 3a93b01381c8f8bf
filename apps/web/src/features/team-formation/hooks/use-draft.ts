import { useEffect, useReducer } from 'react';
import { draftReducer } from '../model/draft';
import type { Draft, DraftAction } from '../model/draft';
import { browserStorage, loadDraft, saveDraft } from '../model/draft-storage';

/** The /app draft, kept in local storage so it survives a reload or a sign-in round trip. */
export function useDraft(): [Draft, (action: DraftAction) => void] {
  const [draft, dispatch] = useReducer(draftReducer, null, () => loadDraft(browserStorage()));
  useEffect(() => {
    saveDraft(browserStorage(), draft);
  }, [draft]);
  return [draft, dispatch];
}
