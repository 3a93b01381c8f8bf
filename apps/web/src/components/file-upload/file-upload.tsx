import '@mantine/dropzone/styles.css';
import { ActionIcon, Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertCircle, IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { allowedTypesText, formatFileSize } from '@teamshuffle/domain';
import { useTranslation } from '../../lib/i18n';
import type { FileUploadController } from './use-file-upload';
import type { UploadItem } from './upload-state';

export interface FileUploadProps<T> {
  /** The state and actions from `useFileUpload`. */
  upload: FileUploadController<T>;
  /** No choosing while the surrounding form is busy or closed. */
  disabled?: boolean;
}

const STATUS_COLORS = {
  waiting: 'gray',
  uploading: 'blue',
  retrying: 'yellow',
  done: 'teal',
  failed: 'red',
  cancelled: 'gray',
} as const;

/**
 * The one upload UI of the app: a drop zone (drag and drop, click, or Enter/Space from the
 * keyboard) that states the allowed types and the size limit before anything is chosen, the
 * spec's messages for refused files, each file's progress and status, and Cancel while sending.
 */
export function FileUpload<T>({ upload, disabled = false }: FileUploadProps<T>) {
  const { t } = useTranslation();
  const { rule } = upload;
  const isSingle = rule.maxFiles === 1;
  const accept = rule.allowedTypes.map((type) => `.${type}`).join(',');

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={() => undefined}
        onDropAny={(files) => upload.add(files)}
        multiple={!isSingle}
        disabled={disabled}
        radius="md"
        role="button"
        // Named by its content, every visible word of it: what to do and the rules (WCAG 2.5.3,
        // axe label-content-name-mismatch). The file input is not rendered inside it:
        // react-dropzone's visually hidden input is a focusable control nested in a button (axe
        // nested-interactive); opening the dialog clicks it all the same.
        aria-disabled={disabled}
        inputProps={{ accept, style: { display: 'none' } }}
      >
        <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={36} aria-hidden="true" />
          </Dropzone.Accept>
          <Dropzone.Idle>
            <IconFileUpload size={36} aria-hidden="true" />
          </Dropzone.Idle>
          <Dropzone.Reject>
            <IconFileUpload size={36} aria-hidden="true" />
          </Dropzone.Reject>
          <Stack gap={2}>
            <Text fw={600}>{isSingle ? t('upload.titleSingle') : t('upload.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('upload.rules', {
                types: allowedTypesText(rule.allowedTypes),
                size: rule.maxFileSizeMb,
              })}{' '}
              {t('upload.maxFiles', { count: rule.maxFiles })}
            </Text>
          </Stack>
        </Group>
      </Dropzone>

      {upload.refusal ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle size={18} aria-hidden="true" />}
          style={{ whiteSpace: 'pre-line' }}
          data-testid="upload-refusal"
        >
          {upload.refusal}
        </Alert>
      ) : null}

      {upload.items.length > 0 ? (
        <Stack
          component="ul"
          gap="xs"
          aria-label={t('upload.files')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {upload.items.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              canRemove={!upload.isUploading && item.status !== 'done'}
              onRemove={() => upload.remove(item.key)}
            />
          ))}
        </Stack>
      ) : null}

      {upload.isUploading ? (
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={upload.cancel}>
            {t('upload.cancel')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function UploadRow({
  item,
  canRemove,
  onRemove,
}: {
  item: UploadItem;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const percent = Math.round(item.progress * 100);
  let status: string;
  switch (item.status) {
    case 'waiting':
      status = t('upload.status.waiting');
      break;
    case 'uploading':
      status = t('upload.status.uploading', { percent });
      break;
    case 'retrying':
      status = t('upload.status.retrying', {
        seconds: (item.retry?.delayMs ?? 0) / 1000,
        attempt: item.retry?.tryNumber ?? 0,
        tries: 3,
      });
      break;
    case 'done':
      status = t('upload.status.done');
      break;
    case 'failed':
      status = item.error ?? t('upload.status.failed');
      break;
    case 'cancelled':
      status = t('upload.status.cancelled');
      break;
  }
  return (
    <li data-testid="upload-item" data-status={item.status}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate style={{ minWidth: 0 }}>
            {item.file.name}{' '}
            <Text span size="xs" c="dimmed">
              ({formatFileSize(item.file.size)})
            </Text>
          </Text>
          {canRemove ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('upload.remove', { name: item.file.name })}
              onClick={onRemove}
            >
              <IconX size={14} aria-hidden="true" />
            </ActionIcon>
          ) : null}
        </Group>
        <Progress
          value={percent}
          color={STATUS_COLORS[item.status]}
          size="sm"
          animated={item.status === 'uploading'}
          aria-label={t('upload.progress', { name: item.file.name })}
        />
        <Text
          size="xs"
          c={item.status === 'failed' ? 'red' : 'dimmed'}
          role={item.status === 'failed' ? 'alert' : undefined}
          aria-live="polite"
        >
          {status}
        </Text>
      </Stack>
    </li>
  );
}
