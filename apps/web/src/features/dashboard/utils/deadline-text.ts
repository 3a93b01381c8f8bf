/**
 * A deadline in the viewer's own time zone, in the interface language's format (issue 26):
 * 'Dec 1, 2026, 11:59 PM' in English, '2026. 12. 1. 오후 11:59' in Korean.
 */
export function deadlineText(iso: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}
