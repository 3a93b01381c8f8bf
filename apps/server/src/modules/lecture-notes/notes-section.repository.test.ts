// The Lecture Notes section's read (notes-section.repository.ts, issue 22): a team's scope is the
// part every team shares plus the team's own entries, read in two statements. A change between
// them must not leave the section mixing two moments under the newer one's version, nor a team's
// scope show another team's details or a member's grade.
import type { LectureNote, TeamTaskState } from '@teamshuffle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, type Course } from '../../../test/course.ts';
import { buildNoteInput, buildTaskInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartBody, type Part, pdfPart } from '../../../test/multipart.ts';
import type { TestClient } from '../../../test/client.ts';
import { loadNoteParts, loadScopedNotes, type ScopedNote } from './notes-section.repository.ts';

const pdf = (name = 'plan.pdf') => pdfPart(name, 2000);

describe("the Lecture Notes section's read", () => {
  let t: TestApp;
  let c: Course;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    c = await buildCourse(t.app, t.config.publicUrl);
  });
  afterAll(() => t.close());

  const notesUrl = () => `/api/workspaces/${c.workspaceId}/notes`;
  const taskNote = async (assignmentType: 'team' | 'individual') => {
    const created = await c.owner.post(
      notesUrl(),
      buildNoteInput({ title: assignmentType, task: buildTaskInput({ assignmentType }) }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<LectureNote>();
    const published = await c.owner.request('PATCH', `${notesUrl()}/${id}`, {
      isPublished: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    return id;
  };
  const submit = async (client: TestClient, noteId: string, parts: Part[]) => {
    const { payload, headers } = multipartBody(parts);
    const response = await client.request(
      'POST',
      `${notesUrl()}/${noteId}/submissions`,
      payload,
      headers,
    );
    expect(response.statusCode, response.body).toBe(201);
  };
  const parse = (note: ScopedNote): LectureNote =>
    JSON.parse(`{"canEdit":false${note.tail}`) as LectureNote;
  const teamsOf = (notes: ScopedNote[], noteId: string): TeamTaskState[] =>
    parse(notes.find((note) => note.id === noteId)!).task!.teams;

  it("labels a team's scope with the shared part's older version when a change came after it", async () => {
    const noteId = await taskNote('team');
    await submit(c.leader, noteId, [{ name: 'description', value: 'ours' }, pdf('a.pdf')]);
    const before = await loadNoteParts(t.app.db, c.workspaceId, false);
    // The other team hands in after the shared part was read.
    await submit(c.otherLeader, noteId, [{ name: 'description', value: 'theirs' }, pdf()]);
    const scope = { allTeams: false, teamId: c.team1.id };
    const loaded = await loadScopedNotes(t.app.db, c.workspaceId, scope, null, before);
    const fresh = await loadScopedNotes(t.app.db, c.workspaceId, scope);
    // Each part is at least as new as the label; a cache serves it to no reader of the newer one.
    expect(loaded.version).toEqual(before.version);
    expect(fresh.version.content).toBeGreaterThan(before.version.content);
    const [ours, theirs] = teamsOf(loaded.notes, noteId);
    expect(ours!.teamId).toBe(c.team1.id);
    expect(ours!.current?.description).toBe('ours');
    expect(theirs!.teamId).toBe(c.team2.id);
    expect(theirs!.current).toBeNull();
    // Read afresh, the other team's attempt is there, without its details.
    const [, theirsNow] = teamsOf(fresh.notes, noteId);
    expect(theirsNow!.current).toMatchObject({ attempt: 1, description: null, files: null });
    // And a team's reader whose entry was cached before the change gets it at once.
    const section = async () => {
      const response = await c.leader.get(notesUrl());
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ notes: LectureNote[] }>().notes.find((note) => note.id === noteId)!;
    };
    expect((await section()).task!.teams[1]!.current).toMatchObject({ attempt: 1 });
    await submit(c.otherLeader, noteId, [{ name: 'description', value: 'again' }, pdf()]);
    expect((await section()).task!.teams[1]!.current).toMatchObject({ attempt: 2 });
  });

  it("puts a team's own state in place of its part, for team and individual tasks alike", async () => {
    const teamTask = await taskNote('team');
    const soloTask = await taskNote('individual');
    await submit(c.otherLeader, teamTask, [{ name: 'description', value: 'B' }, pdf()]);
    await submit(c.member, soloTask, [{ name: 'description', value: 'mine' }, pdf()]);
    await submit(c.otherMember, soloTask, [{ name: 'description', value: 'yours' }, pdf()]);
    const graded = await c.owner.post(`${notesUrl()}/${soloTask}/evaluations`, {
      userId: c.ids.member,
      score: 7,
      feedback: 'ok',
    });
    expect(graded.statusCode, graded.body).toBe(200);
    const shared = await loadNoteParts(t.app.db, c.workspaceId, false);
    for (const [team, other] of [
      [c.team1.id, c.team2.id],
      [c.team2.id, c.team1.id],
    ] as const) {
      const { notes } = await loadScopedNotes(
        t.app.db,
        c.workspaceId,
        { allTeams: false, teamId: team },
        null,
        shared,
      );
      const teamState = teamsOf(notes, teamTask);
      expect(teamState.map((state) => state.teamId)).toEqual([c.team1.id, c.team2.id]);
      expect(teamState.find((state) => state.teamId === team)!.current?.description).toBe(
        team === c.team2.id ? 'B' : undefined,
      );
      expect(teamState.find((state) => state.teamId === other)!.current?.description ?? null).toBe(
        null,
      );
      const solo = parse(notes.find((note) => note.id === soloTask)!).task!;
      expect(solo.teams).toEqual([]);
      const mine = solo.individual.find((state) => state.teamId === team)!;
      const theirs = solo.individual.find((state) => state.teamId === other)!;
      expect(mine.submissions.map((s) => s.description)).toEqual([
        team === c.team1.id ? 'mine' : 'yours',
      ]);
      // A member's grade is theirs alone: not in their team's scope (the owner's has it).
      expect(mine.submissions[0]).toMatchObject({ evaluation: null, userId: null });
      expect(theirs).toMatchObject({ submittedCount: 1, submissions: [], extensions: [] });
      expect(mine.members).toBeNull();
    }
    const owner = await loadScopedNotes(t.app.db, c.workspaceId, { allTeams: true, teamId: null });
    const solo = parse(owner.notes.find((note) => note.id === soloTask)!).task!;
    const gradedAnswer = solo.individual.find((state) => state.teamId === c.team1.id)!
      .submissions[0]!;
    expect(gradedAnswer).toMatchObject({ userId: c.ids.member, evaluation: { score: 7 } });
    expect(solo.individual.every((state) => (state.members ?? []).length > 0)).toBe(true);
  });
});
