import { Anchor, Image, Stack, Text } from '@mantine/core';
import { fileUrl, formatFileSize } from '@teamshuffle/domain';
import type { TaskSubmission } from '@teamshuffle/domain';
import { useTranslation } from '../lib/i18n';

/** One handed-in file (the domain's `submissionFile`: assignments' attempts and tasks' answers). */
type SubmittedFile = NonNullable<TaskSubmission['files']>[number];

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Grading in place (issue 25, decision 0025): the first file of the graded work (an assignment's
 * attempt, a note task's answer) next to the score. A PDF in the browser's own viewer through the
 * download URL (inline, served with the sandbox CSP under the download rules), an image inline;
 * any other type, and a browser that will not show a PDF in a sandboxed document, its name, size
 * and a download link.
 */
export function SubmittedFilePreview({ files }: { files: readonly SubmittedFile[] | null }) {
  const { t } = useTranslation();
  const stored = (files ?? []).filter((file) => file.fileId !== null);
  const [first] = stored;
  if (!first?.fileId) {
    return (
      <Text size="sm" c="dimmed">
        {t('grading.noFileToShow')}
      </Text>
    );
  }
  const url = fileUrl(first.fileId);
  const extension = extensionOf(first.name);
  const link = (file: SubmittedFile) => (
    <Anchor key={file.fileId} href={fileUrl(file.fileId!)} download={file.name} size="sm">
      {t('grading.download', { name: file.name, size: formatFileSize(file.size) })}
    </Anchor>
  );
  return (
    <Stack gap="xs" data-testid="submitted-file-preview">
      <Text size="sm" fw={600}>
        {t('grading.preview')}
      </Text>
      {extension === 'pdf' ? (
        <object
          data={url}
          type="application/pdf"
          aria-label={first.name}
          style={{ width: '100%', height: 'min(60vh, 520px)', border: 0 }}
        >
          <Text size="sm">{t('grading.previewFallback')}</Text>
        </object>
      ) : IMAGE_EXTENSIONS.has(extension) ? (
        <Image src={url} alt={first.name} mah={520} fit="contain" />
      ) : null}
      {stored.map(link)}
    </Stack>
  );
}
