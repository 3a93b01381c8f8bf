import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';

interface ContactCardProps {
  /** The contact address from the server configuration, once loaded. */
  email: string | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** /contact: what the service is, and the e-mail to reach us (spec part 1, section 2). */
export function ContactCard({ email, isLoading, isError, onRetry }: ContactCardProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={1}>{t('contact.title')}</Title>
        <Text size="lg" c="dimmed" maw={680}>
          {t('contact.intro')}
        </Text>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <ThemeIcon size={48} radius="md" variant="light" visibleFrom="xs">
            <IconMail size={26} aria-hidden="true" />
          </ThemeIcon>
          <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
            <Text>{t('contact.questions')}</Text>
            <EmailState email={email} isLoading={isLoading} isError={isError} onRetry={onRetry} />
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}

function EmailState({ email, isLoading, isError, onRetry }: ContactCardProps) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">{t('contact.loading')}</Text>
      </Group>
    );
  }
  if (isError || email === undefined) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('contact.error')}</Text>
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <div>
      <Text size="sm" c="dimmed" fw={500}>
        {t('contact.emailLabel')}
      </Text>
      <Anchor href={`mailto:${email}`} fz="xl" fw={600} style={{ wordBreak: 'break-all' }}>
        {email}
      </Anchor>
    </div>
  );
}
