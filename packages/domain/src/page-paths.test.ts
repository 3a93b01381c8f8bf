import { describe, expect, it } from 'vitest';
import {
  PAGE_PATHS,
  WORKSPACE_TABS,
  pageKeyOf,
  workspaceSectionAt,
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

  it('read the words of an address in any case, as the router matches it, and ids as written', () => {
    expect(workspaceSectionAt('/Workspace/Ws-1/Notes/Note-7')).toEqual({
      workspaceId: 'Ws-1',
      tab: 'notes',
      noteId: 'Note-7',
    });
    expect(workspaceSectionAt('/workspace/ws-1/SCORES')).toEqual({
      workspaceId: 'ws-1',
      tab: 'scores',
      noteId: null,
    });
    expect(workspaceTabAt(['Overview'])).toBeNull();
    expect(workspaceSectionAt('/Workspaces/ws-1')).toBeNull();
    expect(pageKeyOf('/WORKSPACE/ws-1/Members')).toBe('/workspace/ws-1');
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

describe('the page an address shows', () => {
  it('is one page for the Overview and every section of one workspace', () => {
    const keys = [
      ...WORKSPACE_TABS.map((tab) => workspaceTabPath('ws-1', tab)),
      workspaceTabPath('ws-1', 'notes', 'note-7'),
      '/workspace/ws-1/',
    ].map(pageKeyOf);
    expect(new Set(keys)).toEqual(new Set(['/workspace/ws-1']));
  });

  it('is another page for another workspace, its print view, its join page or any other address', () => {
    for (const path of [
      '/workspace/ws-2/notes',
      workspacePrintPath('ws-1'),
      '/workspace/ws-1/join',
      '/workspace/ws-1/unknown',
      '/workspace/ws-1/team/t-1/chat',
      '/workspaces/course-1',
      '/workspaces',
      '/join/ABC',
      '/',
    ]) {
      expect(pageKeyOf(path)).not.toBe('/workspace/ws-1');
    }
    expect(pageKeyOf('/workspace/ws-1/print')).toBe('/workspace/ws-1/print');
  });

  it('reads the workspace, the section and the note from a section address', () => {
    expect(workspaceSectionAt('/workspace/ws-1/notes/note-7')).toEqual({
      workspaceId: 'ws-1',
      tab: 'notes',
      noteId: 'note-7',
    });
    expect(workspaceSectionAt('/workspace/ws-1')).toEqual({
      workspaceId: 'ws-1',
      tab: 'overview',
      noteId: null,
    });
    expect(workspaceSectionAt('/workspaces/course-1')).toBeNull();
    expect(workspaceSectionAt('/workspace/ws-1/print')).toBeNull();
  });
});
