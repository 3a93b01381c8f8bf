import { Box, Group, UnstyledButton } from '@mantine/core';
import type { WorkspaceTab } from '@teamshuffle/domain';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

/** One section of the workspace page in the tab bar: its label and its address. */
export interface WorkspaceTabLink {
  tab: WorkspaceTab;
  label: string;
  to: string;
}

/**
 * The workspace page's sections as links (issue 22): each section has its own address, so a link
 * can point at "this week's note" and the back button walks the sections. Links, not ARIA tabs:
 * they navigate (Enter, middle click, "copy link"), and the one shown says so with aria-current.
 * On a phone the bar scrolls sideways.
 */
export function WorkspaceTabs({
  tabs,
  current,
}: {
  tabs: WorkspaceTabLink[];
  current: WorkspaceTab;
}) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('workspace.tabs.label')} className="workspace-tabs">
      <Group gap={0} wrap="nowrap">
        {tabs.map((item) => (
          <UnstyledButton
            key={item.tab}
            component={Link}
            to={item.to}
            className="workspace-tabs__tab"
            aria-current={item.tab === current ? 'page' : undefined}
          >
            {item.label}
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  );
}
