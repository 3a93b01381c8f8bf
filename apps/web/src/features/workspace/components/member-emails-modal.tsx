import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { memberEmailsForm } from '@teamshuffle/domain';
import type { WorkspaceDetail, WorkspaceTeam } from '@teamshuffle/domain';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useTranslation } from '../../../lib/i18n';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { useSaveTeamMemberEmails } from '../api/save-team-member-emails';
import { useMemberNames } from '../hooks/use-member-names';
import { changedMemberEmails, duplicateEmailAfter } from '../utils/email-changes';
import { duplicateNames, teamMembers } from '../utils/team-view';

interface MemberEmailsModalProps {
  detail: WorkspaceDetail;
  team: WorkspaceTeam | null;
  onClose: () => void;
}

/**
 * 'Manage Team Member Emails' (spec part 2, sections 2 and 5): one e-mail input per member; the
 * leader's is read-only ('Leader email set in Settings'); only changed rows are saved.
 */
export function MemberEmailsModal({ detail, team, onClose }: MemberEmailsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={team !== null}
      onClose={onClose}
      title={t('workspace.memberEmails.title')}
      centered
      size="lg"
    >
      {team ? (
        <MemberEmailsForm key={team.id} detail={detail} team={team} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function MemberEmailsForm({
  detail,
  team,
  onClose,
}: {
  detail: WorkspaceDetail;
  team: WorkspaceTeam;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTeamMemberEmails();
  const members = teamMembers(detail, team);
  const { nameOf, withTeam } = useMemberNames(detail);
  const sharedNames = duplicateNames(detail.members);
  // The e-mail rule of memberEmailsInput, for the rows this modal may change (the leader's is
  // set in Settings and shown read-only).
  const form = useSchemaForm(memberEmailsForm, {
    initialValues: {
      emails: Object.fromEntries(
        members
          .filter((member) => member.id !== team.leaderMemberId)
          .map((member) => [member.id, member.email ?? '']),
      ),
    },
  });

  const submit = form.onSubmit(({ emails }) => {
    const entries = changedMemberEmails(
      members.map((member) => ({
        memberId: member.id,
        email: member.email,
        isLeader: member.id === team.leaderMemberId,
      })),
      emails,
    );
    // Issue 23: one e-mail per member of the workspace, checked before sending as the server does.
    const duplicate = duplicateEmailAfter(detail, entries);
    if (duplicate) {
      form.setFieldError(
        `emails.${duplicate.memberId}`,
        t('workspace.memberEmails.duplicateEmail', {
          email: duplicate.email,
          holder: withTeam(duplicate.holderId),
          member: withTeam(duplicate.memberId),
        }),
      );
      return;
    }
    // spec part 1, section 4: saved only if changed.
    if (entries.length === 0) {
      notify.info(t('workspace.memberEmails.unchanged'));
      onClose();
      return;
    }
    save.mutate(
      { workspaceId: detail.id, teamId: team.id, entries },
      {
        onSuccess: (result) => {
          if (result.isChanged) {
            notify.success(
              t('workspace.memberEmails.saved', { added: result.added, removed: result.removed }),
            );
          } else {
            notify.info(t('workspace.memberEmails.unchanged'));
          }
          onClose();
        },
        onError: (error) => {
          // The server's refusal goes next to the field it names (a duplicate e-mail, issue 23).
          const field = error instanceof ApiError ? error.field : undefined;
          if (field !== undefined && field in form.values.emails) {
            form.setFieldError(
              `emails.${field}`,
              apiErrorMessage(error, t('workspace.memberEmails.failed')),
            );
            return;
          }
          notify.error(t('workspace.memberEmails.failed'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('workspace.memberEmails.intro', { number: team.number })}
        </Text>
        {sharedNames.length > 0 ? (
          <Alert color="yellow" data-testid="duplicate-names-warning">
            {sharedNames.map(({ name, count }) => (
              <Text key={name} size="sm">
                {count === 2
                  ? t('workspace.memberEmails.duplicateName', { name })
                  : t('workspace.memberEmails.duplicateNameMany', { name, count })}
              </Text>
            ))}
          </Alert>
        ) : null}
        {members.map((member) => {
          const isLeader = member.id === team.leaderMemberId;
          return (
            <TextInput
              key={member.id}
              type="email"
              label={t('workspace.memberEmails.emailLabel', { name: nameOf(member.id) })}
              placeholder={t('workspace.memberEmails.placeholder')}
              autoComplete="off"
              maxLength={254}
              {...(isLeader
                ? {
                    value: member.email ?? '',
                    readOnly: true,
                    variant: 'filled',
                    description: t('workspace.memberEmails.leaderReadOnly'),
                  }
                : form.getInputProps(`emails.${member.id}`))}
            />
          );
        })}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('workspace.memberEmails.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('workspace.memberEmails.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
