import { isNotificationType } from '@teamshuffle/domain';
import type { NotificationType } from '@teamshuffle/domain';

/** A notification's kind for its icon and label: one of the known types, or 'generic'. */
export type NotificationKind = NotificationType | 'generic';

/** The kind of a type as the server sent it (spec part 1, section 3: any other type is generic). */
export function notificationKind(type: string): NotificationKind {
  return isNotificationType(type) ? type : 'generic';
}
