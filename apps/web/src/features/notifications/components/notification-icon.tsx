import { ThemeIcon } from '@mantine/core';
import {
  IconAlarm,
  IconBell,
  IconChecklist,
  IconClipboardList,
  IconDatabaseExclamation,
  IconFileUpload,
  IconMailPlus,
  IconSpeakerphone,
  IconUserCheck,
  IconUserPlus,
  IconUserQuestion,
  IconUserX,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { NotificationKind } from '../utils/notification-kind';

// spec part 1, section 2: each notification type has an icon; unknown types get a bell.
const ICONS: Record<NotificationKind, { icon: Icon; color: string }> = {
  assignment_created: { icon: IconClipboardList, color: 'indigo' },
  assignment_submitted: { icon: IconFileUpload, color: 'teal' },
  assignment_deadline_reminder: { icon: IconAlarm, color: 'orange' },
  team_member_joined: { icon: IconUserPlus, color: 'grape' },
  workspace_invited: { icon: IconMailPlus, color: 'cyan' },
  storage_warning: { icon: IconDatabaseExclamation, color: 'red' },
  system_announcement: { icon: IconSpeakerphone, color: 'blue' },
  workspace_join_requested: { icon: IconUserQuestion, color: 'grape' },
  workspace_join_approved: { icon: IconUserCheck, color: 'teal' },
  workspace_join_rejected: { icon: IconUserX, color: 'gray' },
  submission_graded: { icon: IconChecklist, color: 'green' },
  peer_evaluation_reminder: { icon: IconAlarm, color: 'orange' },
  peer_evaluation_released: { icon: IconUsersGroup, color: 'indigo' },
  generic: { icon: IconBell, color: 'gray' },
};

/** The icon of a notification's kind (decorative: the title says what it is about). */
export function NotificationIcon({ kind }: { kind: NotificationKind }) {
  const { icon: KindIcon, color } = ICONS[kind];
  return (
    <ThemeIcon
      variant="light"
      color={color}
      size={36}
      radius="xl"
      data-kind={kind}
      aria-hidden="true"
    >
      <KindIcon size={20} stroke={1.7} />
    </ThemeIcon>
  );
}
