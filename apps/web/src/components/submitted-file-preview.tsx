import { Anchor, Image, Stack, Text } from '@mantine/core';
import { fileUrl, formatFileSize } from '@teamshuffle/domain';
import type { TaskSubmission } from '@teamshuffle/domain';
import { useTranslation } from '../lib/i18n';
import { PdfPreview } from './pdf-preview/pdf-preview';

/** One handed-in file (the domain's `submissionFile`: assignments' attempts and tasks' answers). */
type SubmittedFile = NonNullable<TaskSubmission['files']>[number];

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Grading in place (issue 25, decision 0025): the first file of the graded work (an assignment's
 * attempt, a note task's answer) next to the score. A PDF drawn on the page by PDF.js from the
 * download URL (decision 0042; the download rules decide who may read it), an image inline; every
 * file, and any other type only, by its name, size and a download link.
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
        <PdfPreview key={url} url={url} name={first.name} />
      ) : IMAGE_EXTENSIONS.has(extension) ? (
        <Image src={url} alt={first.name} mah={520} fit="contain" />
      ) : null}
      {stored.map(link)}
    </Stack>
  );
}
