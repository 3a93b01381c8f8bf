// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WorkspaceCard } from '@teamshuffle/domain';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { TeamNumberModal } from './team-number-modal';

beforeEach(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card: WorkspaceCard = {
  id: 'w1',
  slug: 'course',
  title: 'Course',
  isPublic: false,
  role: 'creator',
  isOwnedByViewer: true,
  memberCount: 4,
  leaderCount: 1,
  teamCount: 2,
  joinedAt: '2026-11-01T00:00:00.000Z',
  teamNumber: 2,
  displayOrder: 1,
};

// Issue 27: '#' with 0 said nothing and closed; the prompt now names what is wrong and stays.
it("'#' with 0 stays open and says the number must be a whole number from 1", async () => {
  const onClose = vi.fn();
  const onSubmit = vi.fn();
  render(
    <MantineProvider>
      <TeamNumberModal card={card} onClose={onClose} onSubmit={onSubmit} />
    </MantineProvider>,
  );
  const input = await screen.findByLabelText('New number for Course', {}, { timeout: 10_000 });
  fireEvent.change(input, { target: { value: '0' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  expect(described).toContain('Please enter a whole number from 1 to 100000.');
  expect(onClose).not.toHaveBeenCalled();
  expect(onSubmit).not.toHaveBeenCalled();

  fireEvent.change(input, { target: { value: '3' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(card, 3));
});
