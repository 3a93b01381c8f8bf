import { describe, expect, it } from 'vitest';
import { en } from '../../../lib/i18n/en';
import { ko } from '../../../lib/i18n/ko';

describe('workspaces wording', () => {
  it("keeps the spec's texts of the list page", () => {
    expect(en.workspaces.loadingTeams).toBe('Loading Teams...');
    expect(en.workspaces.checkingAccess).toBe('Checking Access...');
    expect(en.workspaces.signInRequired.title).toBe('Please Sign In');
    expect(en.workspaces.signInRequired.goHome).toBe('Go to Home');
    expect(en.workspaces.accessDenied.title).toBe('Access Denied');
    expect(en.workspaces.accessDenied.text).toBe(
      "You do not have permission to view this user's teams.",
    );
    expect(en.workspaces.accessDenied.myWorkspaces).toBe('Go to My Workspaces');
    expect(en.workspaces.createNew).toBe('Create New Workspace');
    expect(en.workspaces.empty.title).toBe('No teams yet');
    expect(en.workspaces.editModal.success).toBe('Team updated successfully!');
    expect(en.workspaces.editModal.failed).toBe('Failed to update team. Please try again.');
  });

  it("keeps the spec's texts of the detail page", () => {
    expect(en.workspace.loadingTeam).toBe('Loading Team...');
    expect(en.workspace.notFound.goHome).toBe('Go Back Home');
    expect(en.workspace.viewOnly).toBe('View Only Mode');
    expect(en.workspace.teams.leaderChanged).toBe(
      'Team {{number}} leader removed or changed to {{name}}!',
    );
    expect(en.workspace.memberEmails.title).toBe('Manage Team Member Emails');
    expect(en.workspace.memberEmails.leaderReadOnly).toBe('Leader email set in Settings');
    const settings = en.workspace.settingsPanel;
    expect(settings.titleUpdated).toBe('Team name updated successfully!');
    expect(settings.nowPublic).toBe('Workspace is now public');
    expect(settings.nowPrivate).toBe('Workspace is now private');
    expect(settings.sortOrderUpdated).toBe('Lecture note sort order updated!');
    expect(settings.deleted).toBe('Workspace deleted successfully!');
    expect(settings.deleteFailed).toBe('Failed to delete Team. Please try again.');
  });

  it('answers e-mail saves with the counts, each language in its own (spec part 2, section 8; issue 27)', () => {
    const pairs = [
      [en.workspace.settingsPanel.leadersSaved, ko.workspace.settingsPanel.leadersSaved],
      [en.workspace.settingsPanel.leadersFailed, ko.workspace.settingsPanel.leadersFailed],
      [en.workspace.memberEmails.saved, ko.workspace.memberEmails.saved],
      [en.workspace.memberEmails.failed, ko.workspace.memberEmails.failed],
    ];
    for (const [english, korean] of pairs) {
      expect(english).not.toMatch(/[가-힣]/);
      expect(korean).toMatch(/[가-힣]/);
    }
    expect(en.workspace.settingsPanel.leadersSaved).toContain('{{added}}');
    expect(en.workspace.settingsPanel.leadersSaved).toContain('{{removed}}');
  });
});
