import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session/session-context';
import { rememberLanguage } from '../api/remember-language';

/**
 * Tells the server when a signed-in account's app changes language (decision 0041: its
 * notification mails are written in it). Only a change while the same account stays signed in:
 * a sign-in records the language it comes from on the server, and a page load sends nothing. If
 * the server cannot be told, the app still changes; the account's next sign-in tells it.
 */
export function AccountLanguage() {
  const { i18n } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const language = i18n.language;
  const userId = session.user?.id ?? null;
  const previous = useRef<{ userId: string | null; language: string } | null>(null);
  // One after the other, so that two quick changes reach the server in their order.
  const sent = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    const before = previous.current;
    previous.current = { userId, language };
    if (userId === null || before?.userId !== userId || before.language === language) return;
    sent.current = sent.current
      .then(() => rememberLanguage(queryClient, language))
      .catch((error: unknown) => console.error(error));
  }, [userId, language, queryClient]);
  return null;
}
