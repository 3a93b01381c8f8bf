import { Alert, Button, Group } from '@mantine/core';
import { IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

// The owner hands in on a team's behalf (issue 25; spec part 2, section 6), on an assignment and
// on a note's team task: the same button, note and focus rules in both places.

/**
 * "Hand in for Team N": a button that opens the feature's hand-in form in its place, on purpose
 * (the owner's panel is for reading and grading first). Opening moves the focus into the form;
 * `close` (after a success, or Cancel) puts the button back and the focus on it.
 */
export function OnBehalfHandIn({
  teamNumber,
  children,
}: {
  teamNumber: number;
  /** The form, given the function that closes it. */
  children: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    // The form's first control (the drop zone is focusable by its tabindex), or its button again.
    if (isOpen) area.current?.querySelector<HTMLElement>('[tabindex="0"], textarea')?.focus();
    else if (wasOpen.current) toggle.current?.focus();
    wasOpen.current = isOpen;
  }, [isOpen]);

  if (!isOpen) {
    return (
      <Group>
        <Button
          ref={toggle}
          variant="light"
          color="violet"
          leftSection={<IconUpload size={16} aria-hidden="true" />}
          onClick={() => setIsOpen(true)}
        >
          {t('grading.handInFor', { number: teamNumber })}
        </Button>
      </Group>
    );
  }
  return <div ref={area}>{children(() => setIsOpen(false))}</div>;
}

/**
 * The hand-in form's note that the work is recorded as handed in by the owner, and that the team
 * sees it so; `id` describes the form. `children` adds a feature's own remark.
 */
export function OnBehalfNote({
  id,
  teamNumber,
  children,
}: {
  id: string;
  teamNumber: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      id={id}
      color="violet"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden="true" />}
      data-testid="on-behalf-note"
    >
      {t('grading.handInForNote', { number: teamNumber })}
      {children ? <> {children}</> : null}
    </Alert>
  );
}
