import { Menu, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowsExchange } from '@tabler/icons-react';
import { memo, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { breakSummary, refusalText } from '../model/move-text';
import { MoveContext } from './move-context';
import { toneText } from './tone';

// Each member of a result has a "Move to team" button (issue 24). Up to 1,000 of them show at
// once (issue 22), so the button is plain markup; the Mantine Menu is built only for the member
// whose button was used, and stays with that member until another one's is used (so focus can
// return to it when the menu closes).

const BUTTON_STYLE = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: 24,
  height: 24,
  padding: 0,
  border: 0,
  borderRadius: 'var(--mantine-radius-sm)',
  background: 'transparent',
  color: 'var(--mantine-color-dimmed)',
  cursor: 'pointer',
} as const satisfies CSSProperties;

const WARNING_STYLE = { color: toneText('orange') } as const satisfies CSSProperties;

/** Whether the member's menu is open (built), or their button should take focus. */
export type MoveMenuMode = 'open' | 'focus' | null;

type MoveControlProps = {
  memberId: string;
  /** The member's label ('Ann (2)' when names repeat). */
  label: string;
  mode: MoveMenuMode;
  onOpen: (memberId: string) => void;
};

/** The member's "Move to team" button, and its menu once used. */
export const MoveControl = memo(function MoveControl({
  memberId,
  label,
  mode,
  onOpen,
}: MoveControlProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  const isFocusAsked = mode === 'focus';
  useEffect(() => {
    if (isFocusAsked) ref.current?.focus();
  }, [isFocusAsked]);
  if (mode === 'open') return <MoveMenu memberId={memberId} label={label} />;
  return (
    <button
      ref={ref}
      type="button"
      style={BUTTON_STYLE}
      aria-label={t('teamMove.moveButton', { name: label })}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="move-member"
      onClick={() => onOpen(memberId)}
    >
      <IconArrowsExchange size={16} aria-hidden="true" />
    </button>
  );
});

/** The Mantine menu of the other teams, each with what moving there would break. */
function MoveMenu({ memberId, label }: { memberId: string; label: string }) {
  const { t } = useTranslation();
  const moves = useContext(MoveContext);
  const [opened, setOpened] = useState(false);
  // The button was just built in place of the plain one: it takes focus as it is attached, and
  // the menu opens in the next frame, so Mantine notes it as the element to give focus back to
  // when the menu closes.
  const focusOnAttach = useCallback((node: HTMLButtonElement | null) => node?.focus(), []);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!moves) return null;
  const options = opened
    ? moves.teamNumbers.flatMap((number) => {
        const check = moves.check(memberId, number);
        if (!check.ok && check.reason === 'sameTeam') return [];
        return [{ number, check }];
      })
    : [];
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={280}
      withinPortal
      returnFocus
    >
      <Menu.Target>
        <button
          ref={focusOnAttach}
          type="button"
          style={BUTTON_STYLE}
          aria-label={t('teamMove.moveButton', { name: label })}
          data-testid="move-member"
        >
          <IconArrowsExchange size={16} aria-hidden="true" />
        </button>
      </Menu.Target>
      <Menu.Dropdown data-testid="move-menu">
        <Menu.Label>{t('teamMove.menuLabel', { name: label })}</Menu.Label>
        {options.map(({ number, check }) => {
          const refusal = refusalText(check, t);
          const breaks = check.ok
            ? check.breaks.map((broken) => breakSummary(broken, t, moves.labelOf))
            : [];
          return (
            <Menu.Item
              key={number}
              disabled={!check.ok}
              data-testid="move-target"
              data-team={number}
              leftSection={
                breaks.length > 0 ? (
                  <IconAlertTriangle size={16} style={WARNING_STYLE} aria-hidden="true" />
                ) : (
                  <IconArrowsExchange size={16} aria-hidden="true" />
                )
              }
              onClick={() => {
                if (moves.requestMove(memberId, number, 'menu')) moves.onMovedFromMenu(memberId);
              }}
            >
              <Text size="sm" component="span" display="block">
                {t('teamMove.team', { number })}
              </Text>
              {refusal ? (
                <Text size="xs" c="dimmed" component="span" display="block">
                  {refusal}
                </Text>
              ) : null}
              {breaks.map((text) => (
                <Text
                  key={text}
                  size="xs"
                  component="span"
                  display="block"
                  style={WARNING_STYLE}
                  data-testid="move-warning"
                >
                  {text}
                </Text>
              ))}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
