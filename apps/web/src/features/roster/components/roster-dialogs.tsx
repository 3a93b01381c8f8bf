import { Alert, Button, Group, List, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { rosterAddInput, rosterMoveInput, rosterRenameInput } from '@teamshuffle/domain';
import type { RosterChangeResult, WorkspaceDetail, WorkspaceMember } from '@teamshuffle/domain';
import type { FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { type RosterChange, useChangeRoster } from '../api/change-roster';

/** Which dialog is open: adding, or one action on one member. */
export type RosterDialog =
  { kind: 'add' } | { kind: 'move' | 'rename' | 'remove'; member: WorkspaceMember } | null;

// The Select's value for "no team" (Select values are strings; the API's is null).
const NO_TEAM = 'none';

/** The rules of decision 0019, shown in every confirmation (issue 24). */
export function RosterRules() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" title={t('roster.rules.title')} data-testid="roster-rules">
      <List size="sm" spacing={4}>
        <List.Item>{t('roster.rules.teamWork')}</List.Item>
        <List.Item>{t('roster.rules.individual')}</List.Item>
        <List.Item>{t('roster.rules.removed')}</List.Item>
        <List.Item>{t('roster.rules.newTeam')}</List.Item>
        <List.Item>{t('roster.rules.leader')}</List.Item>
      </List>
    </Alert>
  );
}

/** The one modal of the roster: its title and form follow the dialog. */
export function RosterDialogs({
  detail,
  dialog,
  onClose,
}: {
  detail: WorkspaceDetail;
  dialog: RosterDialog;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title =
    dialog === null
      ? ''
      : dialog.kind === 'add'
        ? t('roster.addForm.title')
        : t(`roster.${dialog.kind}Form.title`, { name: dialog.member.name });
  return (
    <Modal opened={dialog !== null} onClose={onClose} title={title} centered size="lg">
      {dialog === null ? null : dialog.kind === 'add' ? (
        <AddMemberForm detail={detail} onClose={onClose} />
      ) : dialog.kind === 'move' ? (
        <MoveMemberForm
          key={dialog.member.id}
          detail={detail}
          member={dialog.member}
          onClose={onClose}
        />
      ) : dialog.kind === 'rename' ? (
        <RenameMemberForm
          key={dialog.member.id}
          detail={detail}
          member={dialog.member}
          onClose={onClose}
        />
      ) : (
        <RemoveMemberForm
          key={dialog.member.id}
          detail={detail}
          member={dialog.member}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

/**
 * Sends a change and tells the owner what came of it (a leader who stopped leading, individual
 * work that moved along); a member or team that is gone closes the dialog (the page refreshes).
 * Returns false when the server named a field, for the form to show it.
 */
function useSendChange(onClose: () => void) {
  const { t } = useTranslation();
  const change = useChangeRoster();
  const send = (
    variables: RosterChange,
    success: (result: RosterChangeResult) => string,
    onFieldError?: (field: string, message: string) => void,
  ) =>
    change.mutate(variables, {
      onSuccess: (result) => {
        notify.success(result.isChanged ? success(result) : t('roster.toast.unchanged'));
        if (result.leaderOfTeamNumber !== null) {
          notify.info(t('roster.toast.leaderCleared', { number: result.leaderOfTeamNumber }));
        }
        onClose();
      },
      onError: (error) => {
        const id = error instanceof ApiError ? error.error : undefined;
        if (id === 'roster_member_not_found' || id === 'team_not_found') {
          notify.error(
            t(id === 'team_not_found' ? 'roster.toast.teamGone' : 'roster.toast.memberGone'),
          );
          onClose();
          return;
        }
        const field = error instanceof ApiError ? error.field : undefined;
        if (field !== undefined && onFieldError) {
          onFieldError(field, apiErrorMessage(error, t('roster.toast.failed')));
          return;
        }
        notify.error(apiErrorMessage(error, t('roster.toast.failed')));
      },
    });
  return { send, isPending: change.isPending };
}

function teamOptions(detail: WorkspaceDetail, t: ReturnType<typeof useTranslation>['t']) {
  return [...detail.teams]
    .sort((a, b) => a.number - b.number)
    .map((team) => ({ value: team.id, label: t('roster.team', { number: team.number }) }));
}

function FormButtons({
  submit,
  isPending,
  onClose,
  color,
}: {
  submit: string;
  isPending: boolean;
  onClose: () => void;
  color?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onClose} disabled={isPending}>
        {t('roster.cancel')}
      </Button>
      <Button type="submit" loading={isPending} {...(color ? { color } : {})}>
        {submit}
      </Button>
    </Group>
  );
}

function AddMemberForm({ detail, onClose }: { detail: WorkspaceDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { send, isPending } = useSendChange(onClose);
  const options = teamOptions(detail, t);
  const form = useSchemaForm(rosterAddInput, {
    initialValues: { name: '', email: '', teamId: options[0]?.value ?? null },
  });
  const submit = form.onSubmit((values) =>
    send(
      {
        kind: 'add',
        workspaceId: detail.id,
        name: values.name,
        email: values.email ?? '',
        teamId: values.teamId,
      },
      (result) => t('roster.toast.added', { name: result.name }),
      (field, message) => form.setFieldError(field, message),
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('roster.addForm.name')}
          placeholder={t('roster.addForm.namePlaceholder')}
          required
          data-autofocus
          maxLength={100}
          {...form.getInputProps('name')}
        />
        <TextInput
          type="email"
          label={t('roster.addForm.email')}
          description={t('roster.addForm.emailHint')}
          autoComplete="off"
          maxLength={254}
          {...form.getInputProps('email')}
        />
        <Select
          label={t('roster.addForm.team')}
          data={[...options, { value: NO_TEAM, label: t('roster.noTeam') }]}
          value={form.values.teamId ?? NO_TEAM}
          onChange={(value) =>
            form.setFieldValue('teamId', value === null || value === NO_TEAM ? null : value)
          }
          allowDeselect={false}
          error={form.errors.teamId}
          comboboxProps={{ withinPortal: false }}
        />
        <RosterRules />
        <FormButtons submit={t('roster.addForm.submit')} isPending={isPending} onClose={onClose} />
      </Stack>
    </form>
  );
}

function MoveMemberForm({
  detail,
  member,
  onClose,
}: {
  detail: WorkspaceDetail;
  member: WorkspaceMember;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { send, isPending } = useSendChange(onClose);
  const options = teamOptions(detail, t).filter((option) => option.value !== member.teamId);
  const current = detail.teams.find((team) => team.id === member.teamId);
  const ledTeam = detail.teams.find((team) => team.leaderMemberId === member.id);
  const form = useSchemaForm(rosterMoveInput, {
    initialValues: { teamId: options[0]?.value ?? '' },
  });
  const submit = form.onSubmit((values) =>
    send(
      { kind: 'move', workspaceId: detail.id, memberId: member.id, teamId: values.teamId },
      (result) =>
        result.individualWorkMoved > 0
          ? t('roster.toast.movedWork', {
              name: result.name,
              number: result.teamNumber ?? 0,
              count: result.individualWorkMoved,
            })
          : t('roster.toast.moved', { name: result.name, number: result.teamNumber ?? 0 }),
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('roster.moveForm.current', {
            name: member.name,
            team: current ? t('roster.team', { number: current.number }) : t('roster.noTeam'),
          })}
        </Text>
        <Select
          label={t('roster.moveForm.team')}
          data={options}
          allowDeselect={false}
          data-autofocus
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('teamId')}
        />
        {ledTeam ? (
          <Alert color="yellow" data-testid="leader-warning">
            {t('roster.moveForm.leaderWarning', { name: member.name, number: ledTeam.number })}
          </Alert>
        ) : null}
        <RosterRules />
        <FormButtons submit={t('roster.moveForm.submit')} isPending={isPending} onClose={onClose} />
      </Stack>
    </form>
  );
}

function RenameMemberForm({
  detail,
  member,
  onClose,
}: {
  detail: WorkspaceDetail;
  member: WorkspaceMember;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { send, isPending } = useSendChange(onClose);
  const form = useSchemaForm(rosterRenameInput, { initialValues: { name: member.name } });
  const submit = form.onSubmit((values) =>
    send(
      { kind: 'rename', workspaceId: detail.id, memberId: member.id, name: values.name },
      (result) => t('roster.toast.renamed', { name: result.name }),
      (field, message) => form.setFieldError(field === 'name' ? 'name' : field, message),
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('roster.renameForm.name')}
          required
          data-autofocus
          maxLength={100}
          {...form.getInputProps('name')}
        />
        <RosterRules />
        <FormButtons
          submit={t('roster.renameForm.submit')}
          isPending={isPending}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

function RemoveMemberForm({
  detail,
  member,
  onClose,
}: {
  detail: WorkspaceDetail;
  member: WorkspaceMember;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { send, isPending } = useSendChange(onClose);
  const ledTeam = detail.teams.find((team) => team.leaderMemberId === member.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ kind: 'remove', workspaceId: detail.id, memberId: member.id }, (result) =>
      t('roster.toast.removed', { name: result.name }),
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('roster.removeForm.body', { name: member.name })}</Text>
        {ledTeam ? (
          <Alert color="yellow" data-testid="leader-warning">
            {t('roster.moveForm.leaderWarning', { name: member.name, number: ledTeam.number })}
          </Alert>
        ) : null}
        <RosterRules />
        <FormButtons
          submit={t('roster.removeForm.submit')}
          isPending={isPending}
          onClose={onClose}
          color="red"
        />
      </Stack>
    </form>
  );
}
