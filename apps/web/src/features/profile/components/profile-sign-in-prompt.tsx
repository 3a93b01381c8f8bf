import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconLogin } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { useAuthModal } from '../../../lib/auth-modal';

/** /profile while signed out: 'Please sign in' and the way to do it. */
export function ProfileSignInPrompt() {
  const { t } = useTranslation();
  const authModal = useAuthModal();
  return (
    <Container size="sm" py={{ base: 40, sm: 80 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconLock size={34} aria-hidden="true" />
          </ThemeIcon>
          <Title order={1}>{t('profile.signInTitle')}</Title>
          <Text c="dimmed">{t('profile.signInText')}</Text>
          <Button
            leftSection={<IconLogin size={18} aria-hidden="true" />}
            onClick={() => authModal.open('signIn')}
          >
            {t('profile.signInButton')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
