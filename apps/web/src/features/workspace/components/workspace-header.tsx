import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import {
  IconEye,
  IconFileSpreadsheet,
  IconInfoCircle,
  IconPrinter,
  IconStars,
  IconSettings,
  IconUserPlus,
} from '@tabler/icons-react';
import {
  workspaceJoinPath,
  workspacePeerEvaluationPath,
  workspacePrintPath,
} from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { WorkspaceAccessRole, WorkspaceDetail } from '@teamshuffle/domain';
import { Link } from 'react-router';
import { lazyModal } from '../../../components/lazy-modal';
import { teamsCsvPath } from '../api/team-export';
import { useFormatDate } from '../../../lib/dates/use-format-date';

// Dialogs load with their first opening (issue 14).
const SettingsModal = lazyModal(async () => (await import('./settings-modal')).SettingsModal);

const ROLE_COLORS: Record<WorkspaceAccessRole, MantineColor> = {
  owner: 'violet',
  leader: 'yellow',
  member: 'teal',
  viewer: 'gray',
};

interface WorkspaceHeaderProps {
  detail: WorkspaceDetail;
  onOpenSettings: () => void;
}

/**
 * The top of the workspace page: title, created date, the caller's role, 'View Only Mode'
 * (viewer), the shared-team notice for everyone but the owner, and for the owner the Settings
 * button with its panel (spec part 2, section 2).
 */
export function WorkspaceHeaderSection({ detail }: { detail: WorkspaceDetail }) {
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  return (
    <>
      <WorkspaceHeader detail={detail} onOpenSettings={() => setIsSettingsOpen(true)} />
      {detail.role === 'owner' ? (
        <SettingsModal
          detail={detail}
          opened={isSettingsOpen}
          onClose={() => setIsSettingsOpen(false)}
        />
      ) : null}
    </>
  );
}

function WorkspaceHeader({ detail, onOpenSettings }: WorkspaceHeaderProps) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const isOwner = detail.role === 'owner';
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={6}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {detail.title}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('workspace.created', { date: dates.date(detail.createdAt) })}
            </Text>
            {dates.zone ? (
              // Its dates are in the workspace's zone, which is not the viewer's (issue 26).
              <Text size="sm" c="dimmed" data-testid="workspace-zone">
                {t('courseCalendar.zone.shownIn', { zone: dates.zone })}
              </Text>
            ) : null}
            <Badge variant="light" color={detail.isPublic ? 'blue' : 'gray'}>
              {detail.isPublic ? t('workspace.public') : t('workspace.private')}
            </Badge>
            {detail.role === 'viewer' ? (
              <Badge
                color="gray"
                variant="outline"
                leftSection={<IconEye size={12} aria-hidden="true" />}
              >
                {t('workspace.viewOnly')}
              </Badge>
            ) : (
              <Badge color={ROLE_COLORS[detail.role]} data-testid="workspace-role">
                {t('workspace.yourRole', { role: t(`workspace.roles.${detail.role}`) })}
              </Badge>
            )}
          </Group>
        </Stack>
        {isOwner ? (
          <Group gap="xs">
            {/* Export the teams (issue 24): the CSV download and the print/projector view. */}
            <Button
              component="a"
              href={teamsCsvPath(detail.id)}
              download
              variant="default"
              title={t('teamExport.exportCsvHint')}
              leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
            >
              {t('teamExport.exportCsv')}
            </Button>
            <Button
              component={Link}
              to={workspacePrintPath(detail.id)}
              variant="default"
              title={t('teamExport.printHint')}
              leftSection={<IconPrinter size={18} aria-hidden="true" />}
            >
              {t('teamExport.print')}
            </Button>
            {/* Students join on their own (issue 24): the join link, code and requests. */}
            <Button
              component={Link}
              to={workspaceJoinPath(detail.id)}
              variant="default"
              title={t('joining.openHint')}
              leftSection={<IconUserPlus size={18} aria-hidden="true" />}
            >
              {t('joining.open')}
            </Button>
            {/* Peer evaluation (issue 25): open one, its progress and results. */}
            <Button
              component={Link}
              to={workspacePeerEvaluationPath(detail.id)}
              variant="default"
              title={t('peer.openHint')}
              leftSection={<IconStars size={18} aria-hidden="true" />}
            >
              {t('peer.open')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconSettings size={18} aria-hidden="true" />}
              onClick={onOpenSettings}
            >
              {t('workspace.settings')}
            </Button>
          </Group>
        ) : null}
        {detail.role === 'leader' || detail.role === 'member' ? (
          // Peer evaluation (issue 25): a member's rating form and released result.
          <Button
            component={Link}
            to={workspacePeerEvaluationPath(detail.id)}
            variant="default"
            leftSection={<IconStars size={18} aria-hidden="true" />}
          >
            {t('peer.open')}
          </Button>
        ) : null}
      </Group>
      {isOwner ? null : (
        <Alert
          variant="light"
          color={detail.role === 'viewer' ? 'gray' : 'blue'}
          icon={<IconInfoCircle size={18} aria-hidden="true" />}
        >
          {detail.role === 'viewer' ? t('workspace.viewerNotice') : t('workspace.sharedNotice')}
        </Alert>
      )}
    </Stack>
  );
}
