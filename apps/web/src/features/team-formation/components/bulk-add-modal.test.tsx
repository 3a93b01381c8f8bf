// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { BulkAddModal } from './bulk-add-modal';

// Issue 27: an over-long line is named (number and start of its text) and not counted; what was
// added is confirmed.

beforeEach(() => {
  stubMatchMedia();
  // jsdom has no document.fonts, which Mantine's autosize textarea listens to.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderModal() {
  const onAdd = vi.fn();
  render(
    <MantineProvider>
      <BulkAddModal opened room={100} members={[]} onClose={vi.fn()} onAdd={onAdd} />
    </MantineProvider>,
  );
  const textarea = screen.getByRole('textbox', { name: 'Names, one per line' });
  return { onAdd, textarea };
}

const LONG = `Christopher ${'x'.repeat(100)}`;

it('names an over-long line by number and the start of its text, and does not count it', async () => {
  const { onAdd, textarea } = renderModal();
  fireEvent.change(textarea, { target: { value: `Ann\n\nBo\n${LONG}` } });
  expect(screen.getByTestId('bulk-preview').textContent).toBe('Names to add: 2');
  fireEvent.click(screen.getByRole('button', { name: 'Add Members' }));
  await waitFor(() => expect(textarea.getAttribute('aria-invalid')).toBe('true'));
  const described = (textarea.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  expect(described).toContain(
    'Line 4 ("Christopher xxxxxxxx…"): This can be at most 100 characters',
  );
  expect(onAdd).not.toHaveBeenCalled();
});

it('confirms what was added with a "Members added" toast', async () => {
  const show = vi.spyOn(notifications, 'show');
  const { onAdd, textarea } = renderModal();
  fireEvent.change(textarea, { target: { value: 'Ann\nBo\nCy' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Members' }));
  await waitFor(() => expect(onAdd).toHaveBeenCalledWith(['Ann', 'Bo', 'Cy']));
  expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Members added: 3' }));
});
