import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { gradeFromPercent } from '@teamshuffle/domain';
import type { AssignmentAttempt } from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { notify } from '../../../lib/notify';
import { useDeleteAttempt } from '../api/delete-attempt';

/**
 * Delete an attempt (decision 0016), after a confirmation: the owner any attempt, and the
 * confirmation names the grade that goes with it; the team's leader an ungraded one (a graded one
 * shows the button disabled with the reason, as the server refuses it). The history keeps it.
 */
export function DeleteAttemptButton({
  workspaceId,
  assignmentId,
  attempt,
  isOwner,
}: {
  workspaceId: string;
  assignmentId: string;
  attempt: AssignmentAttempt;
  isOwner: boolean;
}) {
  const { t } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useDeleteAttempt();
  const evaluation = attempt.evaluation;
  const isRefused = !isOwner && evaluation !== null;
  const reasonId = `graded-no-delete-${attempt.id}`;

  const confirm = () => {
    remove
      .mutateAsync({ workspaceId, assignmentId, submissionId: attempt.id })
      .then(() => {
        setIsConfirming(false);
        notify.success(t('assignments.panel.deleted'));
      })
      .catch((error: unknown) =>
        notify.error(apiErrorMessage(error, t('assignments.panel.deleteFailed'))),
      );
  };

  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden="true" />}
        onClick={() => setIsConfirming(true)}
        disabled={isRefused}
        aria-describedby={isRefused ? reasonId : undefined}
        data-testid="delete-attempt"
      >
        {t('assignments.panel.deleteAttempt')}
      </Button>
      {isRefused ? (
        <Text size="xs" c="dimmed" id={reasonId} data-testid="graded-no-delete">
          {t('assignments.panel.gradedNoDelete')}
        </Text>
      ) : null}
      <Modal
        opened={isConfirming}
        onClose={() => {
          if (!remove.isPending) setIsConfirming(false);
        }}
        title={t('assignments.panel.deleteTitle', { attempt: attempt.attempt })}
        centered
      >
        <Stack gap="md">
          <Text data-testid="delete-attempt-text">
            {evaluation
              ? t('assignments.panel.deleteGradedText', {
                  attempt: attempt.attempt,
                  grade:
                    evaluation.score === null
                      ? t('grading.feedbackOnly')
                      : t('assignments.panel.gradeWithLetter', {
                          score: evaluation.rawScore,
                          letter: gradeFromPercent(evaluation.score).grade,
                        }),
                })
              : t('assignments.panel.deleteText', { attempt: attempt.attempt })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setIsConfirming(false)}
              disabled={remove.isPending}
            >
              {t('assignments.panel.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending} data-autofocus>
              {t('assignments.panel.confirmDelete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
