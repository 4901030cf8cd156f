import { claimResearchRequestCompletion, insertIdeas, markResearchRequestFailed, markResearchRequestRunning } from '@lps/db';
import { createTestMember, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

// Research progress (the studio's ideas page): POST /ideas/research names its run, and
// GET /ideas/research/{research_id} follows it — pending, running, completed with its ideas, or
// failed with why. The worker's own steps move the run here (its repository functions), as the
// research service does; the member reads it over HTTP.

let api: TestApi;
let ada: TestMember;
let bob: TestMember;
beforeAll(async () => {
  api = await startTestApi({ LPS_RATE_LIMIT: '100000/60', LPS_RATE_LIMIT_GENERATION: '100000/60' });
  ada = await createTestMember(api.runtime);
  bob = await createTestMember(api.runtime);
});
afterAll(async () => api.stop());

const research = (member: TestMember, id: string) => api.http.get(`/ideas/research/${id}`).set('Authorization', member.auth);

describe('research progress', () => {
  it('follows a run from pending to completed, with the ideas it made in the order made', async () => {
    const accepted = (await api.http.post('/ideas/research').set('Authorization', ada.auth).send({ keyword: 'platform engineering' }).expect(202)).body;
    expect(accepted).toEqual({ status: 'pending', poll: '/api/v1/ideas', research_id: expect.any(String) });
    const id = accepted.research_id as string;
    expect((await research(ada, id).expect(200)).body.research).toEqual({
      id,
      keyword: 'platform engineering',
      status: 'pending',
      error: null,
      idea_ids: [],
      created_at: expect.any(String),
      completed_at: null,
    });
    await markResearchRequestRunning(api.runtime.db, id);
    expect((await research(ada, id).expect(200)).body.research.status).toBe('running');
    const ideas = await insertIdeas(api.runtime.db, ada.memberId, [
      { title: 'First idea', source: 'research', researchRequestId: id },
      { title: 'Second idea', source: 'research', researchRequestId: id },
    ]);
    await claimResearchRequestCompletion(api.runtime.db, id);
    const done = (await research(ada, id).expect(200)).body.research;
    expect([done.status, done.idea_ids, typeof done.completed_at]).toEqual(['completed', ideas.map((idea) => idea.id), 'string']);
  });

  it('says why a run failed', async () => {
    const id = (await api.http.post('/ideas/research').set('Authorization', ada.auth).send({ keyword: 'observability' }).expect(202)).body.research_id as string;
    await markResearchRequestFailed(api.runtime.db, id, 'the search provider did not answer within 10 s');
    expect((await research(ada, id).expect(200)).body.research).toMatchObject({ status: 'failed', error: 'the search provider did not answer within 10 s', idea_ids: [] });
  });

  it("is the member's own: another member's run and a missing one are 404, a malformed id 422", async () => {
    const id = (await api.http.post('/ideas/research').set('Authorization', ada.auth).send({ keyword: 'security' }).expect(202)).body.research_id as string;
    expect((await research(bob, id)).status).toBe(404);
    expect((await research(ada, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    for (const bad of ['not-a-uuid', '%00', 'x'.repeat(300)]) {
      const answer = await research(ada, bad);
      expect([bad, answer.status, answer.body.error.code]).toEqual([bad, 422, 'validation_error']);
    }
  });
});
