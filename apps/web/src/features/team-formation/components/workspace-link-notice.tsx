import { Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { copyText } from '../utils/copy-text';

// Long enough to copy the link after landing on the workspace; it can be closed any time.
const LINK_NOTICE_MS = 20_000;

function WorkspaceLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm">{t('teamFormation.create.linkText')}</Text>
      <Anchor href={url} size="sm" style={{ wordBreak: 'break-all' }} data-testid="workspace-link">
        {url}
      </Anchor>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCopy size={14} aria-hidden="true" />}
        onClick={() => {
          void copyText(url).then((isCopied) =>
            isCopied
              ? notify.success(t('teamFormation.create.linkCopied'))
              : notify.error(t('teamFormation.teams.copyFailed')),
          );
        }}
      >
        {t('teamFormation.create.copyLink')}
      </Button>
    </Stack>
  );
}

/**
 * After Create Team: the new workspace's shareable link with a Copy button. A notification, so
 * it stays on screen while the user is taken to the workspace itself.
 */
export function showWorkspaceLink(url: string): void {
  notifications.show({
    id: 'workspace-link',
    title: i18n.t('teamFormation.create.linkTitle'),
    message: <WorkspaceLink url={url} />,
    color: 'teal',
    autoClose: LINK_NOTICE_MS,
    withCloseButton: true,
  });
}
