import { Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';

/** Logo and product name, linking home. */
export function BrandLink() {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      component={Link}
      to="/"
      aria-label={t('header.homeLink')}
      style={{ borderRadius: 8 }}
    >
      <Group gap={8} wrap="nowrap">
        <BrandMark size={30} />
        <Text fw={800} fz="lg" visibleFrom="xs" style={{ letterSpacing: '-0.02em' }}>
          {t('common.appName')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
