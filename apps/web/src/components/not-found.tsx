import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';

/** The 404 page body: heading "Page not found", a short text and a way home. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="md" ta="center">
        <IconMapOff size={56} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden="true" />
        <Text
          fw={900}
          fz={{ base: 72, sm: 120 }}
          lh={1}
          // Decorative, yet large text still needs 3:1 (WCAG 1.4.3): dimmed, not the border colour.
          c="dimmed"
          aria-hidden="true"
        >
          {t('notFound.code')}
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed" size="lg" maw={460}>
          {t('notFound.text')}
        </Text>
        <Button component={Link} to="/" size="md" mt="sm">
          {t('notFound.button')}
        </Button>
      </Stack>
    </Container>
  );
}
