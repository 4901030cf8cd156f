import type { IncomingMessage, ServerResponse } from 'node:http';
import { OpenAiTextProvider, ProviderUnavailableError, type PostDraftRequest } from '@lps/ai';
import { readBody, startLoopbackServer, type LoopbackServer } from '@lps/testing';

interface SeenRequest {
  url: string;
  headers: IncomingMessage['headers'];
  body: { model: string; messages: { role: string; content: string }[]; response_format: { type: string } };
}

/** A fake OpenAI-compatible server: each test queues the answers it should give, in order. */
let server: LoopbackServer;
let answers: ((res: ServerResponse) => void)[] = [];
let seen: SeenRequest[] = [];

const completion = (content: string) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
};
const status =
  (code: number, headers: Record<string, string> = {}) =>
  (res: ServerResponse) => {
    res.writeHead(code, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ error: { message: `status ${code}` } }));
  };
const hang = () => () => undefined;
const notJson = () => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<html>upstream proxy error</html>');
};

beforeAll(async () => {
  server = await startLoopbackServer(async (req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse((await readBody(req)).toString('utf8')) });
    (answers.shift() ?? status(500))(res);
  });
});
afterAll(async () => server.close());
beforeEach(() => {
  answers = [];
  seen = [];
});

const provider = (overrides: { retries?: number; timeoutSeconds?: number; baseUrl?: string } = {}) =>
  new OpenAiTextProvider({
    baseUrl: overrides.baseUrl ?? `${server.url}/v1`,
    apiKey: 'sk-test',
    model: 'test-model',
    timeoutSeconds: overrides.timeoutSeconds ?? 5,
    retries: overrides.retries ?? 2,
    backoffBaseMs: 20,
  });

const request: PostDraftRequest = {
  idea: 'Why small pull requests win',
  templateId: 'contrarian',
  seed: 42,
  member: { displayName: 'Ada Lovelace', headline: 'Staff engineer', companyName: 'Acme' },
};
const goodBody = 'Small pull requests win.\n\nHere is why.\n\nWhat do you think?\n\n#engineering';

describe('OpenAI-compatible text provider', () => {
  it('sends a JSON-mode chat completion with the versioned prompt and the member’s profile, and returns the body', async () => {
    answers.push(completion(JSON.stringify({ body: goodBody })));
    await expect(provider().writePost(request)).resolves.toEqual({ body: goodBody });
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call!.url).toBe('/v1/chat/completions');
    expect(call!.headers.authorization).toBe('Bearer sk-test');
    expect(call!.body.model).toBe('test-model');
    expect(call!.body.response_format).toEqual({ type: 'json_object' });
    const user = call!.body.messages.find((message) => message.role === 'user')!.content;
    expect(user).toContain('Ada Lovelace');
    expect(user).toContain('Staff engineer');
    expect(user).toContain('Acme');
    expect(user).toContain('Contrarian take');
    expect(call!.body.messages[0]!.content).toContain('at most 3000 characters');
  });

  it('tries once more after a malformed answer, and succeeds when the second answer is valid', async () => {
    answers.push(completion('Sure! Here is your post: Small PRs win'), completion(JSON.stringify({ body: goodBody })));
    await expect(provider().writePost(request)).resolves.toEqual({ body: goodBody });
    expect(seen).toHaveLength(2);
  });

  it('gives up with ProviderUnavailableError when the answer is malformed twice (not JSON, then the wrong shape)', async () => {
    answers.push(notJson(), completion(JSON.stringify({ text: 'wrong field' })));
    await expect(provider().writePost(request)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(seen).toHaveLength(2);
  });

  it('retries a 429 (honouring Retry-After) and then succeeds', async () => {
    answers.push(status(429, { 'retry-after': '0' }), completion(JSON.stringify({ body: goodBody })));
    await expect(provider().writePost(request)).resolves.toEqual({ body: goodBody });
    expect(seen).toHaveLength(2);
  });

  it('fails for good after its retries when the server answers 500 forever, with a Retry-After hint', async () => {
    answers.push(status(500), status(500), status(500), status(500));
    const failure = await provider({ retries: 2 })
      .writePost(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderUnavailableError);
    expect((failure as ProviderUnavailableError).retryAfterSeconds).toBeGreaterThan(0);
    expect(seen).toHaveLength(3);
  });

  it('passes on the provider’s own Retry-After when it stays rate limited', async () => {
    answers.push(status(429, { 'retry-after': '120' }));
    const failure = await provider({ retries: 2 })
      .writePost(request)
      .catch((error: unknown) => error);
    expect((failure as ProviderUnavailableError).retryAfterSeconds).toBe(120);
    expect(seen).toHaveLength(1);
  });

  it('times out a server that never answers', async () => {
    answers.push(hang());
    await expect(provider({ retries: 0, timeoutSeconds: 1 }).writePost(request)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('fits an over-long answer into 3,000 characters, keeping the ending', async () => {
    const long = ['A hook.', ...Array.from({ length: 40 }, (_, i) => `Paragraph ${i} ${'x'.repeat(100)}`), 'What do you think?', '#one #two'].join('\n\n');
    answers.push(completion(JSON.stringify({ body: long })));
    const { body } = await provider().writePost(request);
    expect(body.length).toBeLessThanOrEqual(3000);
    expect(body.startsWith('A hook.')).toBe(true);
    expect(body.endsWith('What do you think?\n\n#one #two')).toBe(true);
  });

  it('uses the api-key header and keeps the api-version query for Azure-style base URLs', async () => {
    answers.push(completion(JSON.stringify({ body: goodBody })));
    await provider({ baseUrl: `${server.url}/openai/deployments/gpt?api-version=2024-06-01` }).writePost(request);
    expect(seen[0]!.url).toBe('/openai/deployments/gpt/chat/completions?api-version=2024-06-01');
    expect(seen[0]!.headers['api-key']).toBe('sk-test');
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('validates ideas: drops titles to avoid and duplicates, caps the count', async () => {
    const ideas = [
      { title: 'Three review habits that cut our cycle time', angle: 'With numbers' },
      { title: 'Three review habits that cut our cycle time', angle: 'Duplicate' },
      { title: 'Already have this one', angle: null },
      { title: 'The on-call rota that finally worked', angle: 'Before and after' },
      { title: 'What I tell every new engineer on day one', angle: 'A checklist' },
    ];
    answers.push(completion(JSON.stringify({ ideas })));
    const result = await provider().generateIdeas({ member: request.member, count: 2, avoid: ['already have this one'], seed: 1 });
    expect(result).toEqual([
      { title: 'Three review habits that cut our cycle time', angle: 'With numbers' },
      { title: 'The on-call rota that finally worked', angle: 'Before and after' },
    ]);
    expect(seen[0]!.body.messages[1]!.content).toContain('- already have this one');
  });
});
