import { parseArgs } from 'node:util';
import { BuiltinTextProvider, TEMPLATES, type MemberProfile } from '@lps/ai';
import { WRITER_IDEAS } from '@lps/testing';

// `npm run bench -- drafts [--drafts 1000] [--warmup 200]`
// The builtin writer's time per draft (decision 0026): N drafts from the 242 ideas of the
// writer's tests, every template in turn, each with its own seed, after unmeasured warm-up
// drafts; median and p90 per draft, and the drafts per second of one core.
const { values } = parseArgs({ options: { drafts: { type: 'string', default: '1000' }, warmup: { type: 'string', default: '200' } } });
const drafts = Number(values.drafts);
const warmup = Number(values.warmup);

const provider = new BuiltinTextProvider();
const member: MemberProfile = { displayName: 'Ada Lovelace', headline: 'Staff engineer', companyName: 'Acme' };
const requestAt = (index: number) => ({
  idea: WRITER_IDEAS[index % WRITER_IDEAS.length] as string,
  templateId: (TEMPLATES[index % TEMPLATES.length] as { id: string }).id,
  seed: index,
  member,
});

for (let index = 0; index < warmup; index += 1) await provider.writePost(requestAt(index));
// Wall time, and this process's CPU time: on a shared machine a draft of a millisecond is often
// descheduled halfway, which lengthens the wall-time tail but not the CPU time.
const wall: number[] = [];
const cpu: number[] = [];
const started = process.hrtime.bigint();
for (let index = 0; index < drafts; index += 1) {
  const startWall = process.hrtime.bigint();
  const startCpu = process.cpuUsage();
  await provider.writePost(requestAt(warmup + index));
  const used = process.cpuUsage(startCpu);
  cpu.push((used.user + used.system) / 1000);
  wall.push(Number(process.hrtime.bigint() - startWall) / 1e6);
}
const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
const at = (values: number[], share: number) => ([...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] as number).toFixed(3);
console.log(
  `builtin writer: ${drafts} drafts; wall median ${at(wall, 0.5)} ms, p90 ${at(wall, 0.9)} ms; CPU median ${at(cpu, 0.5)} ms, p90 ${at(cpu, 0.9)} ms per draft; ${Math.round((drafts / totalMs) * 1000)} drafts/s`,
);
