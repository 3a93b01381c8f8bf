import { Box, List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { PasswordPolicy } from '@teamshuffle/domain';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { passwordChecklist } from '../utils/password-checklist';

interface PasswordChecklistProps {
  id?: string;
  password: string;
  policy: PasswordPolicy;
}

/** The policy's rules under a password field, each turning green once the typed password meets it. */
export function PasswordChecklist({ id, password, policy }: PasswordChecklistProps) {
  const { t } = useTranslation();
  const items = passwordChecklist(password, policy);
  return (
    <Box id={id}>
      <Text size="xs" c="dimmed" mb={4}>
        {t('auth.passwordRules.title')}
      </Text>
      <List spacing={2} size="sm" center aria-live="polite">
        {items.map((item) => (
          <List.Item
            key={item.rule}
            data-rule={item.rule}
            data-met={item.isMet}
            c={item.isMet ? 'teal' : 'dimmed'}
            icon={
              <ThemeIcon
                size={18}
                radius="xl"
                variant={item.isMet ? 'filled' : 'light'}
                color={item.isMet ? 'teal' : 'gray'}
              >
                {item.isMet ? (
                  <IconCheck size={12} aria-hidden="true" />
                ) : (
                  <IconCircleDashed size={12} aria-hidden="true" />
                )}
              </ThemeIcon>
            }
          >
            {t(`auth.passwordRules.${item.rule}`, { count: item.count })}
            <VisuallyHidden>
              {` (${item.isMet ? t('auth.passwordRules.met') : t('auth.passwordRules.notMet')})`}
            </VisuallyHidden>
          </List.Item>
        ))}
      </List>
    </Box>
  );
}
