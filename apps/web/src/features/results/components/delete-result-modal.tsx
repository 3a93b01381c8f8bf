import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDeleteResult } from '../api/delete-result';
import type { ResultSummary } from '@teamshuffle/domain';

type DeleteResultModalProps = {
  result: ResultSummary | null;
  onClose: () => void;
};

/** Delete, confirmed first (spec part 1, section 8 for the messages). */
export function DeleteResultModal({ result, onClose }: DeleteResultModalProps) {
  const { t } = useTranslation();
  const deletion = useDeleteResult();
  const close = () => {
    if (!deletion.isPending) onClose();
  };
  const confirm = () => {
    if (!result) return;
    deletion.mutate(result.id, {
      onSuccess: () => {
        notify.success(t('results.deleted'));
        onClose();
      },
      onError: () => {
        notify.error(t('results.deleteFailed'));
        onClose();
      },
    });
  };

  return (
    <Modal opened={result !== null} onClose={close} title={t('results.deleteTitle')} centered>
      <Stack gap="md">
        <Text style={{ wordBreak: 'break-word' }}>
          {t('results.deleteText', { title: result?.title ?? '' })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={deletion.isPending}>
            {t('results.cancel')}
          </Button>
          <Button color="red" loading={deletion.isPending} onClick={confirm} data-autofocus>
            {t('results.deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
