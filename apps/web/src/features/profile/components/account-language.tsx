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
  useEffect(() => {
    const before = previous.current;
    previous.current = { userId, language };
    if (userId === null || before?.userId !== userId || before.language === language) return;
    rememberLanguage(queryClient, language).catch((error: unknown) => console.error(error));
  }, [userId, language, queryClient]);
  return null;
}
