import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { memberEmailsForm } from '@teamshuffle/domain';
import type { WorkspaceDetail, WorkspaceTeam } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { useSaveTeamMemberEmails } from '../api/save-team-member-emails';
import { changedMemberEmails } from '../utils/email-changes';
import { teamMembers } from '../utils/team-view';

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
        onError: () => notify.error(t('workspace.memberEmails.failed')),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('workspace.memberEmails.intro', { number: team.number })}
        </Text>
        {members.map((member) => {
          const isLeader = member.id === team.leaderMemberId;
          return (
            <TextInput
              key={member.id}
              type="email"
              label={t('workspace.memberEmails.emailLabel', { name: member.name })}
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
