import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import {
  LECTURE_NOTE_SORT_ORDERS,
  RESULT_TITLE_MAX,
  leaderEmailsForm,
  workspaceTitleForm,
} from '@teamshuffle/domain';
import type { LectureNoteSortOrder, WorkspaceDetail } from '@teamshuffle/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useUpdateWorkspaceTitle } from '../../../lib/api/update-workspace-title';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { useDeleteWorkspace } from '../api/delete-workspace';
import { useSaveLeaderEmails } from '../api/save-leader-emails';
import { useUpdatePreferences } from '../api/update-preferences';
import { useUpdateWorkspaceVisibility } from '../api/update-workspace-visibility';
import { CourseCalendarSettings } from './course-calendar-settings';
import { useMemberNames } from '../hooks/use-member-names';
import { changedLeaderEmails, duplicateEmailAfter, leaderEmailOf } from '../utils/email-changes';
import { leaderOf } from '../utils/team-view';

function isSortOrder(value: string): value is LectureNoteSortOrder {
  return (LECTURE_NOTE_SORT_ORDERS as readonly string[]).includes(value);
}

interface SettingsModalProps {
  detail: WorkspaceDetail;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Team Settings' (owner only; spec part 2, sections 2 and 8): rename, Public Access, the
 * lecture-note sort order, the course calendar (issue 26), Team Leaders' e-mails, Delete Team and
 * Back to Workspaces.
 */
export function SettingsModal({ detail, opened, onClose }: SettingsModalProps) {
  const { t } = useTranslation();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const close = () => {
    setIsConfirmingDelete(false);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        isConfirmingDelete
          ? t('workspace.settingsPanel.deleteConfirmTitle')
          : t('workspace.settingsPanel.title')
      }
      size="lg"
      centered
    >
      {isConfirmingDelete ? (
        <DeleteConfirmation detail={detail} onCancel={() => setIsConfirmingDelete(false)} />
      ) : (
        <Stack gap="lg">
          <TitleForm key={detail.title} detail={detail} />
          <Divider />
          <VisibilitySwitch detail={detail} />
          <SortOrderSelect detail={detail} />
          <Divider />
          <CourseCalendarSettings
            key={`${detail.semesterStart}|${detail.timeZone}|${detail.reminderHoursBefore}`}
            detail={detail}
          />
          <Divider />
          <LeaderEmailsForm
            key={detail.teams.map((team) => `${team.id}:${leaderEmailOf(detail, team)}`).join('|')}
            detail={detail}
          />
          <Divider />
          <Stack gap="xs">
            <Title order={3} size="h5" c="red">
              {t('workspace.settingsPanel.dangerZone')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('workspace.settingsPanel.deleteHint')}
            </Text>
            <Group justify="space-between">
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={() => setIsConfirmingDelete(true)}
              >
                {t('workspace.settingsPanel.deleteTeam')}
              </Button>
              <Button
                component={Link}
                to="/workspaces"
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
              >
                {t('workspace.settingsPanel.backToWorkspaces')}
              </Button>
            </Group>
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}

/** Rename: the title rule, and different from the current name (spec part 2, section 5). */
function TitleForm({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const update = useUpdateWorkspaceTitle();
  const schema = useMemo(() => workspaceTitleForm(detail.title), [detail.title]);
  const form = useSchemaForm(schema, { initialValues: { title: detail.title } });
  // The form is keyed by the title, so the refreshed detail replaces it before a callback of
  // `mutate` could run (it would be dropped with the old form): the promise's handlers still run.
  const submit = form.onSubmit(({ title }) => {
    update.mutateAsync({ workspaceId: detail.id, title }).then(
      () => notify.success(t('workspace.settingsPanel.titleUpdated')),
      () => notify.error(t('workspace.settingsPanel.titleFailed')),
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('workspace.settingsPanel.nameLabel')}
          maxLength={RESULT_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <Button type="submit" mt={25} loading={update.isPending}>
          {t('workspace.settingsPanel.updateTitle')}
        </Button>
      </Group>
    </form>
  );
}

function VisibilitySwitch({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const update = useUpdateWorkspaceVisibility();
  const checked = update.isPending ? update.variables.isPublic : detail.isPublic;
  return (
    <Switch
      label={t('workspace.settingsPanel.publicAccess')}
      description={t('workspace.settingsPanel.publicAccessHint')}
      checked={checked}
      disabled={update.isPending}
      onChange={(event) => {
        const isPublic = event.currentTarget.checked;
        update.mutate(
          { workspaceId: detail.id, isPublic },
          {
            onSuccess: () =>
              notify.success(
                isPublic
                  ? t('workspace.settingsPanel.nowPublic')
                  : t('workspace.settingsPanel.nowPrivate'),
              ),
            onError: (error) =>
              notify.error(
                error instanceof ApiError && error.error === 'visibility_owner_only'
                  ? error.message
                  : t('workspace.settingsPanel.visibilityFailed'),
              ),
          },
        );
      }}
    />
  );
}

function SortOrderSelect({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const update = useUpdatePreferences();
  const value =
    (update.isPending ? update.variables.lectureNoteSortOrder : undefined) ??
    detail.preferences.lectureNoteSortOrder;
  return (
    <NativeSelect
      label={t('workspace.settingsPanel.sortOrder')}
      value={value}
      disabled={update.isPending}
      data={LECTURE_NOTE_SORT_ORDERS.map((order) => ({
        value: order,
        label: t(`workspace.settingsPanel.sortOrders.${order}`),
      }))}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (!isSortOrder(next)) return;
        update.mutate(
          { lectureNoteSortOrder: next },
          {
            onSuccess: () => notify.success(t('workspace.settingsPanel.sortOrderUpdated')),
            onError: () => notify.error(t('workspace.settingsPanel.sortOrderFailed')),
          },
        );
      }}
    />
  );
}

/**
 * Team Leaders: one e-mail input per team, for the team's leader. Only changed teams are sent;
 * the server counts added and removed against the current list and saves only if it changed.
 */
function LeaderEmailsForm({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const save = useSaveLeaderEmails();
  // The e-mail rule of leaderEmailsInput: blank (clears it) or a valid address.
  const form = useSchemaForm(leaderEmailsForm, {
    initialValues: {
      emails: Object.fromEntries(
        detail.teams.map((team) => [team.id, leaderEmailOf(detail, team)]),
      ),
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { nameOf, withTeam } = useMemberNames(detail);
  // The team whose leader is a given member (the server names the member at fault).
  const teamLedBy = (memberId: string | undefined) =>
    detail.teams.find((team) => memberId !== undefined && team.leaderMemberId === memberId);

  const submit = form.onSubmit(({ emails }) => {
    setFailure(null);
    const entries = changedLeaderEmails(detail, emails);
    // Issue 23: one e-mail per member of the workspace, checked before sending as the server does.
    const duplicate = duplicateEmailAfter(
      detail,
      entries.flatMap((entry) => {
        const memberId = detail.teams.find((team) => team.id === entry.teamId)?.leaderMemberId;
        return memberId ? [{ memberId, email: entry.email }] : [];
      }),
    );
    const duplicateTeam = teamLedBy(duplicate?.memberId);
    if (duplicate && duplicateTeam) {
      form.setFieldError(
        `emails.${duplicateTeam.id}`,
        t('workspace.memberEmails.duplicateEmail', {
          email: duplicate.email,
          holder: withTeam(duplicate.holderId),
          member: withTeam(duplicate.memberId),
        }),
      );
      return;
    }
    if (entries.length === 0) {
      notify.info(t('workspace.settingsPanel.leadersUnchanged'));
      return;
    }
    // Keyed by the leaders' e-mails, the form is replaced by the refreshed detail before a
    // callback of `mutate` could run: the promise's handlers run whatever became of the form.
    save.mutateAsync({ workspaceId: detail.id, entries }).then(
      (result) =>
        result.isChanged
          ? notify.success(
              t('workspace.settingsPanel.leadersSaved', {
                added: result.added,
                removed: result.removed,
              }),
            )
          : notify.info(t('workspace.settingsPanel.leadersUnchanged')),
      (error: unknown) => {
        // The server's refusal goes next to the field it names (a duplicate e-mail, issue 23).
        const team = teamLedBy(error instanceof ApiError ? error.field : undefined);
        if (team) {
          form.setFieldError(
            `emails.${team.id}`,
            apiErrorMessage(error, t('workspace.settingsPanel.leadersFailed')),
          );
          return;
        }
        notify.error(t('workspace.settingsPanel.leadersFailed'));
        if (error instanceof ApiError && error.status < 500) setFailure(error.message);
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('workspace.settingsPanel.leaders')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('workspace.settingsPanel.leadersHint')}
        </Text>
        {detail.teams.map((team) => {
          const leader = leaderOf(detail, team);
          return (
            <TextInput
              key={team.id}
              type="email"
              label={
                leader
                  ? t('workspace.settingsPanel.leaderEmail', {
                      number: team.number,
                      name: nameOf(leader.id),
                    })
                  : t('workspace.settingsPanel.leaderEmailNoLeader', { number: team.number })
              }
              description={
                leader
                  ? undefined
                  : t('workspace.settingsPanel.chooseLeaderFirst', { number: team.number })
              }
              disabled={!leader}
              placeholder="leader@example.com"
              autoComplete="off"
              maxLength={254}
              {...form.getInputProps(`emails.${team.id}`)}
            />
          );
        })}
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('workspace.settingsPanel.saveLeaders')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Delete Team needs a confirmation (spec part 2, section 5); then back to /workspaces. */
function DeleteConfirmation({
  detail,
  onCancel,
}: {
  detail: WorkspaceDetail;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteWorkspace();
  const confirm = () =>
    remove.mutate(detail.id, {
      onSuccess: () => {
        notify.success(t('workspace.settingsPanel.deleted'));
        void navigate('/workspaces');
      },
      onError: () => notify.error(t('workspace.settingsPanel.deleteFailed')),
    });
  return (
    <Stack gap="md">
      <Text>{t('workspace.settingsPanel.deleteConfirmText', { title: detail.title })}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={remove.isPending}>
          {t('workspace.settingsPanel.cancel')}
        </Button>
        <Button color="red" onClick={confirm} loading={remove.isPending}>
          {t('workspace.settingsPanel.confirmDelete')}
        </Button>
      </Group>
    </Stack>
  );
}
