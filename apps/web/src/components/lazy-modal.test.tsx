// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyModal } from './lazy-modal';

const seen: boolean[] = [];

function FakeModal({ opened, label }: { opened: boolean; label: string }) {
  seen.push(opened);
  return <p>{`${label}: ${opened ? 'open' : 'closed'}`}</p>;
}

describe('lazyModal', () => {
  it('loads nothing until first opened, opens after mounting, and stays mounted once closed', async () => {
    const load = vi.fn(() => Promise.resolve(FakeModal));
    const Modal = lazyModal(load);
    const view = render(<Modal opened={false} label="Bulk" />);
    expect(load).not.toHaveBeenCalled();
    expect(view.container.textContent).toBe('');

    view.rerender(<Modal opened label="Bulk" />);
    expect(await screen.findByText('Bulk: open')).toBeTruthy();
    // Mounted closed first (Mantine notes the element to give focus back to when it opens).
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    view.rerender(<Modal opened={false} label="Bulk" />);
    expect(screen.getByText('Bulk: closed')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
