import { Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

const STEPS = ['add', 'shuffle', 'save'] as const;

/** Three steps from a list of names to a working team. */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <Container
      size="lg"
      pb={{ base: 56, md: 88 }}
      component="section"
      aria-labelledby="steps-title"
    >
      <Paper radius="lg" p={{ base: 'lg', md: 40 }} bg="var(--mantine-color-default-hover)">
        <Title id="steps-title" order={2} mb="xl">
          {t('landing.stepsTitle')}
        </Title>
        <SimpleGrid
          cols={{ base: 1, sm: 3 }}
          spacing="xl"
          component="ol"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {STEPS.map((step, index) => (
            <Group key={step} component="li" align="flex-start" wrap="nowrap" gap="md">
              <ThemeIcon size={36} radius="xl" aria-hidden="true">
                <Text fw={700} size="sm" c="white">
                  {index + 1}
                </Text>
              </ThemeIcon>
              <Stack gap={4}>
                <Text fw={700}>{t(`landing.steps.${step}.title`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`landing.steps.${step}.text`)}
                </Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      </Paper>
    </Container>
  );
}
