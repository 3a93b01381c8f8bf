// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstCommit, handOverPrerenderedPage } from './prerender-handoff';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Mantine's fields are labelled, not named; a radio (the language switch) comes first. */
function Form({ onAdd }: { onAdd: (name: string) => void }) {
  const [name, setName] = useState('');
  const [note, setNote] = useState('kept');
  const [count, setCount] = useState(2);
  return (
    <div>
      <input type="radio" aria-label="EN" defaultChecked />
      <label htmlFor="name">Name</label>
      <input id="name" value={name} onChange={(e) => setName(e.target.value)} />
      <textarea aria-label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
      <button
        type="button"
        onClick={() => {
          onAdd(name);
          setName('');
        }}
      >
        Add
      </button>
      <output>{`${name}|${note}`}</output>
      {/* A number field's arrows: two buttons that look the same (no name, no text), which
          step on the pointer's press, as Mantine's do. */}
      <button type="button" aria-hidden="true" onPointerDown={() => setCount((n) => n + 1)} />
      <button type="button" aria-hidden="true" onPointerDown={() => setCount((n) => n - 1)} />
      <input aria-label="Teams" value={count} onChange={(e) => setCount(Number(e.target.value))} />
    </div>
  );
}

/** The same form as HTML, as the build's prerender writes it. */
const PRERENDERED =
  '<div class="prerendered-page"><div><input type="radio" aria-label="EN" checked="">' +
  '<label for="name">Name</label><input id="name" value="">' +
  '<textarea aria-label="Note">kept</textarea><button type="button">Add</button>' +
  '<output>|kept</output><button type="button" aria-hidden="true"></button>' +
  '<button type="button" aria-hidden="true"></button><input aria-label="Teams" value="2">' +
  '</div></div>';

afterEach(() => {
  document.body.innerHTML = '';
  delete (window as { __teamshufflePendingClicks?: unknown }).__teamshufflePendingClicks;
});

type Click = { tag: string; label: string | null; text: string; nth?: number; values: string[] };

/** The prerendered form in the page, `typed` in its name field, the clicks theme-init noted. */
function prerendered(typed: string, clicks: Click[]): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = PRERENDERED;
  document.body.append(container);
  const input = container.querySelector<HTMLInputElement>('#name');
  if (!input) throw new Error('no input');
  input.value = typed;
  input.focus();
  (window as { __teamshufflePendingClicks?: unknown }).__teamshufflePendingClicks = clicks;
  return container;
}

async function takeOver(container: HTMLElement, added: string[]) {
  const handOver = handOverPrerenderedPage(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <AfterFirstCommit onCommit={handOver}>
        <Form onAdd={(name) => added.push(name)} />
      </AfterFirstCommit>,
    );
  });
  return root;
}

const add = (name: string): Click => ({
  tag: 'BUTTON',
  label: null,
  text: 'Add',
  values: ['on', name, 'kept'],
});

describe('handing the prerendered page over to the app', () => {
  it('adds each name entered before the app arrived, in order, and keeps the focus', async () => {
    // Ann, Enter, Ben, Enter: the page still shows Ben (nothing cleared it).
    const container = prerendered('Ben', [add('Ann'), add('Ben')]);
    const added: string[] = [];
    const root = await takeOver(container, added);
    expect(container.querySelector('.prerendered-page')).toBeNull();
    // The name field, not the first input of the page (the radio).
    expect(document.activeElement).toBe(container.querySelector('#name'));
    await vi.waitFor(() => expect(added).toEqual(['Ann', 'Ben']));
    // Ben was added, so the field is empty again, as in the app.
    expect(container.querySelector('output')?.textContent).toBe('|kept');
    act(() => root.unmount());
  });

  it('adds the same name entered twice twice', async () => {
    const container = prerendered('Ann', [add('Ann'), add('Ann')]);
    const added: string[] = [];
    const root = await takeOver(container, added);
    await vi.waitFor(() => expect(added).toEqual(['Ann', 'Ann']));
    expect(container.querySelector('output')?.textContent).toBe('|kept');
    act(() => root.unmount());
  });

  it('types what was typed after the last click into the app’s field', async () => {
    const container = prerendered('Half typed', [add('Ann')]);
    const added: string[] = [];
    const root = await takeOver(container, added);
    await vi.waitFor(() => expect(added).toEqual(['Ann']));
    await vi.waitFor(() =>
      expect(container.querySelector('output')?.textContent).toBe('Half typed|kept'),
    );
    act(() => root.unmount());
  });

  it('clicks the same one of two controls that look the same', async () => {
    // The second arrow (down), twice; then the first (up) once. The HTML's field still showed 2
    // at each click (the arrows do nothing there): that is not typed over the app's steps.
    const arrow = (nth: number): Click => ({
      tag: 'BUTTON',
      label: null,
      text: '',
      nth,
      values: ['on', '', 'kept', '2'],
    });
    const container = prerendered('', [arrow(1), arrow(1), arrow(0)]);
    const root = await takeOver(container, []);
    await vi.waitFor(() =>
      expect(container.querySelector<HTMLInputElement>('[aria-label="Teams"]')?.value).toBe('1'),
    );
    act(() => root.unmount());
  });

  it('leaves the app’s fields as they are where nothing was typed', async () => {
    const container = prerendered('', []);
    const added: string[] = [];
    const root = await takeOver(container, added);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector('output')?.textContent).toBe('|kept');
    expect(added).toEqual([]);
    act(() => root.unmount());
  });
});

/** A team's leader select, as the workspace page renders it (decision 0011). */
function LeaderSelect({ onChoose }: { onChoose: (leader: string) => void }) {
  const [leader, setLeader] = useState('');
  return (
    <div>
      <label htmlFor="leader">Team 1 leader</label>
      <select
        id="leader"
        value={leader}
        onChange={(event) => {
          setLeader(event.target.value);
          onChoose(event.target.value);
        }}
      >
        <option value="">No Leader</option>
        <option value="ann">Ann</option>
      </select>
    </div>
  );
}

describe('a select changed on a page the server rendered', () => {
  async function choose(chosen: string | null) {
    const container = document.createElement('div');
    container.innerHTML =
      '<div class="prerendered-page"><div><label for="leader">Team 1 leader</label>' +
      '<select id="leader"><option value="" selected="">No Leader</option>' +
      '<option value="ann">Ann</option></select></div></div>';
    document.body.append(container);
    const select = container.querySelector('select');
    if (!select) throw new Error('no select');
    if (chosen !== null) select.value = chosen;
    const choices: string[] = [];
    const handOver = handOverPrerenderedPage(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <AfterFirstCommit onCommit={handOver}>
          <LeaderSelect onChoose={(leader) => choices.push(leader)} />
        </AfterFirstCommit>,
      );
    });
    await act(async () => {
      await Promise.resolve();
    });
    const now = container.querySelector('select')?.value;
    root.unmount();
    return { choices, now };
  }

  it('is chosen again in the app, which hears of it', async () => {
    expect(await choose('ann')).toEqual({ choices: ['ann'], now: 'ann' });
  });

  it('left as it came, changes nothing', async () => {
    expect(await choose(null)).toEqual({ choices: [], now: '' });
  });
});
