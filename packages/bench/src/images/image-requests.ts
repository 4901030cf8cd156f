import { percentile } from '../publish/concurrency.js';

export interface Answer {
  status: number;
  ms: number;
}

const timed = async (request: () => Promise<Response>): Promise<Answer> => {
  const started = process.hrtime.bigint();
  const response = await request();
  await response.arrayBuffer();
  return { status: response.status, ms: Number(process.hrtime.bigint() - started) / 1e6 };
};

/** POST /posts/{id}/images/upload with one multipart file, timed to the end of the answer. */
export const uploadFile = (baseUrl: string, auth: string, postId: string, file: Buffer, name: string, type: string): Promise<Answer> =>
  timed(() => {
    const form = new FormData();
    form.append('file', new Blob([file], { type }), name);
    return fetch(`${baseUrl}/posts/${postId}/images/upload`, { method: 'POST', headers: { authorization: auth }, body: form });
  });

/** POST /posts/{id}/select-image of the first candidate with the hook drawn over it. */
export const selectWithOverlay = (baseUrl: string, auth: string, postId: string): Promise<Answer> =>
  timed(() =>
    fetch(`${baseUrl}/posts/${postId}/select-image`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ image_index: 0, use_overlay: true }),
    }),
  );

/** One request after another. */
export async function inTurn<T>(items: T[], send: (item: T) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const item of items) answers.push(await send(item));
  return answers;
}

/** "p50 120 ms, p99 340 ms" over the answers' times. */
export function latencies(answers: Answer[]): { p50: number; p99: number; text: string } {
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  return { p50, p99, text: `p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms` };
}

/** "48 × 201, 2 × 503". */
export function statusCounts(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
}
