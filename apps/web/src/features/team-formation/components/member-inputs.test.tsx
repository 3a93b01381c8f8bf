// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { MemberList } from './member-list';
import { TeamCountInput } from './team-count-input';

// Issue 27: what a person typed is never silently dropped, cut or changed; the field says what
// is wrong, and a screen reader hears it (aria-invalid, aria-describedby).

beforeEach(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderList(onAdd = vi.fn()) {
  render(
    <MantineProvider>
      <MemberList
        members={[]}
        attributes={[]}
        labels={new Map()}
        onAdd={onAdd}
        onImport={vi.fn()}
        onRename={vi.fn()}
        onRemove={vi.fn()}
        onRemoveEmail={vi.fn()}
        onClear={vi.fn()}
      />
    </MantineProvider>,
  );
  return onAdd;
}

function expectFieldError(input: HTMLElement, text: RegExp) {
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const describedBy = input.getAttribute('aria-describedby') ?? '';
  const described = describedBy
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  expect(described).toMatch(text);
}

describe('Add member', () => {
  it('says a name is needed when Add is pressed with an empty name', async () => {
    const onAdd = renderList();
    const input = screen.getByLabelText('Member name');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expectFieldError(input, /needs a name/i));
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('keeps a name over 100 characters as typed and says it is too long', async () => {
    const onAdd = renderList();
    const input = screen.getByLabelText<HTMLInputElement>('Member name');
    const long = 'x'.repeat(101);
    fireEvent.change(input, { target: { value: long } });
    expect(input.value).toBe(long);
    expect(input.hasAttribute('maxlength')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expectFieldError(input, /at most 100 characters/i));
    expect(onAdd).not.toHaveBeenCalled();
  });
});

describe('Number of teams', () => {
  function renderCount() {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <TeamCountInput value={4} onChange={onChange} />
      </MantineProvider>,
    );
    return { onChange, input: screen.getByLabelText<HTMLInputElement>(/number of teams/i) };
  }

  it.each(['-3', '0', '11', '2.5'])('keeps %s as typed and says the range', async (typed) => {
    const { onChange, input } = renderCount();
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    await waitFor(() => expectFieldError(input, /between 2 and 10/i));
    expect(input.value).toBe(typed);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes a number in range and clears the message', async () => {
    const { onChange, input } = renderCount();
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(input, { target: { value: '6' } });
    expect(onChange).toHaveBeenLastCalledWith(6);
    fireEvent.blur(input);
    await waitFor(() => expect(input.getAttribute('aria-invalid')).not.toBe('true'));
  });

  it('falls back to 4 for something that is not a number (spec part 1, section 5)', () => {
    const { onChange, input } = renderCount();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect(input.value).toBe('4');
  });
});
