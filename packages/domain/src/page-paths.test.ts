import { describe, expect, it } from 'vitest';
import {
  PAGE_PATHS,
  WORKSPACE_TABS,
  workspacePrintPath,
  workspaceTabAt,
  workspaceTabPath,
} from './page-paths.ts';

describe('the workspace page sections at their own addresses', () => {
  it('give each section an address that reads back as that section', () => {
    for (const tab of WORKSPACE_TABS) {
      const path = workspaceTabPath('ws-1', tab);
      expect(workspaceTabAt(path.split('/').slice(3))).toEqual({ tab, noteId: null });
    }
    expect(workspaceTabPath('ws-1', 'overview')).toBe('/workspace/ws-1');
    expect(workspaceTabPath('ws-1', 'scores')).toBe('/workspace/ws-1/scores');
  });

  it('open one lecture note by its id', () => {
    const path = workspaceTabPath('ws-1', 'notes', 'note 7');
    expect(path).toBe('/workspace/ws-1/notes/note%207');
    expect(workspaceTabAt(['notes', 'note-7'])).toEqual({ tab: 'notes', noteId: 'note-7' });
  });

  it('refuse what is no section', () => {
    for (const rest of [
      ['overview'],
      ['unknown'],
      ['notes', 'a', 'b'],
      ['scores', 'x'],
      ['notes', ''],
    ]) {
      expect(workspaceTabAt(rest)).toBeNull();
    }
  });

  it('give the print view of the teams an address of its own, no section', () => {
    expect(workspacePrintPath('ws 1')).toBe('/workspace/ws%201/print');
    expect(PAGE_PATHS.workspacePrint).toBe('/workspace/:workspaceId/print');
    expect(workspaceTabAt(['print'])).toBeNull();
  });
});
