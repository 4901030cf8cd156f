import type { PostingSlot } from '@lps/db';
import { DEFAULT_PLANNING, normaliseSlots, slotInstantChunks, slotsBetween, type PostingSchedule } from './posting-slots.js';
import { timeZoneIdOf } from './time-zones.js';

// The posting schedule's rules, pure: wall times in an IANA zone become instants with each
// date's own rules. Expected instants are written out by hand from the zones' published 2027
// transitions (Europe: last Sundays of March and October at 01:00 UTC; United States: second
// Sunday of March and first of November at 02:00 local; Australia: first Sundays of April and
// October; Lord Howe shifts by 30 minutes), never computed by the code under test.

const schedule = (timeZone: string, ...slots: PostingSlot[]): PostingSchedule => ({ timeZone, postingSlots: slots });
const between = (s: PostingSchedule, from: string, to: string) => slotsBetween(s, new Date(from), new Date(to)).map((slot) => [slot.at.toISOString(), slot.local]);

describe('a 09:00 slot stays 09:00 local on both sides of each 2027 change', () => {
  const everyDayAtNine = (zone: string) =>
    schedule(zone, ...(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map((day) => ({ day, time: '09:00' })));

  it.each([
    // zone, the day before a change, the day after it, their instants
    ['Europe/Paris', '2027-03-27', '2027-03-29', '2027-03-27T08:00:00.000Z', '2027-03-29T07:00:00.000Z'],
    ['Europe/Paris', '2027-10-30', '2027-11-01', '2027-10-30T07:00:00.000Z', '2027-11-01T08:00:00.000Z'],
    ['America/New_York', '2027-03-13', '2027-03-15', '2027-03-13T14:00:00.000Z', '2027-03-15T13:00:00.000Z'],
    ['America/New_York', '2027-11-06', '2027-11-08', '2027-11-06T13:00:00.000Z', '2027-11-08T14:00:00.000Z'],
    ['Australia/Sydney', '2027-04-03', '2027-04-05', '2027-04-02T22:00:00.000Z', '2027-04-04T23:00:00.000Z'],
    ['Australia/Sydney', '2027-10-02', '2027-10-04', '2027-10-01T23:00:00.000Z', '2027-10-03T22:00:00.000Z'],
    ['Australia/Lord_Howe', '2027-04-03', '2027-04-05', '2027-04-02T22:00:00.000Z', '2027-04-04T22:30:00.000Z'],
    ['Asia/Kolkata', '2027-03-27', '2027-03-29', '2027-03-27T03:30:00.000Z', '2027-03-29T03:30:00.000Z'],
  ])('%s: %s and %s', (zone, before, after, beforeAt, afterAt) => {
    const found = between(everyDayAtNine(zone), new Date(beforeAt).toISOString(), new Date(afterAt).toISOString());
    expect(found[0]).toEqual([beforeAt, `${before}T09:00`]);
    expect(found[found.length - 1]).toEqual([afterAt, `${after}T09:00`]);
    // Three days, three slots: none lost, none doubled by the change.
    expect(found).toHaveLength(3);
  });
});

describe('a wall time the clocks skip or repeat (RFC 5545, Temporal "compatible")', () => {
  it('is moved forward by the jump when it does not exist: 02:30 on the spring-forward day', () => {
    expect(between(schedule('Europe/Paris', { day: 'sunday', time: '02:30' }), '2027-03-28T00:00:00Z', '2027-03-28T23:00:00Z')).toEqual([
      ['2027-03-28T01:30:00.000Z', '2027-03-28T03:30'],
    ]);
    expect(between(schedule('America/New_York', { day: 'sunday', time: '02:30' }), '2027-03-14T00:00:00Z', '2027-03-14T23:00:00Z')).toEqual([
      ['2027-03-14T07:30:00.000Z', '2027-03-14T03:30'],
    ]);
    expect(between(schedule('Australia/Sydney', { day: 'sunday', time: '02:30' }), '2027-10-02T12:00:00Z', '2027-10-03T12:00:00Z')).toEqual([
      ['2027-10-02T16:30:00.000Z', '2027-10-03T03:30'],
    ]);
    // Lord Howe jumps 30 minutes: 02:15 is read at +10:30, which the clock then shows as 02:45.
    expect(between(schedule('Australia/Lord_Howe', { day: 'sunday', time: '02:15' }), '2027-10-02T12:00:00Z', '2027-10-03T12:00:00Z')).toEqual([
      ['2027-10-02T15:45:00.000Z', '2027-10-03T02:45'],
    ]);
  });

  it('is its first occurrence when it exists twice, and the day keeps one slot: 02:30 on the fall-back day', () => {
    expect(between(schedule('Europe/Paris', { day: 'sunday', time: '02:30' }), '2027-10-30T12:00:00Z', '2027-10-31T12:00:00Z')).toEqual([
      ['2027-10-31T00:30:00.000Z', '2027-10-31T02:30'],
    ]);
    expect(between(schedule('America/New_York', { day: 'sunday', time: '01:30' }), '2027-11-07T00:00:00Z', '2027-11-07T23:00:00Z')).toEqual([
      ['2027-11-07T05:30:00.000Z', '2027-11-07T01:30'],
    ]);
    expect(between(schedule('Australia/Sydney', { day: 'sunday', time: '02:30' }), '2027-04-03T12:00:00Z', '2027-04-04T12:00:00Z')).toEqual([
      ['2027-04-03T15:30:00.000Z', '2027-04-04T02:30'],
    ]);
    expect(between(schedule('Australia/Lord_Howe', { day: 'sunday', time: '01:45' }), '2027-04-03T12:00:00Z', '2027-04-04T12:00:00Z')).toEqual([
      ['2027-04-03T14:45:00.000Z', '2027-04-04T01:45'],
    ]);
  });

  it('folds two slots that land on one instant (02:30 moved onto 03:30) into one', () => {
    const s = schedule('Europe/Paris', { day: 'sunday', time: '02:30' }, { day: 'sunday', time: '03:30' }, { day: 'sunday', time: '09:00' });
    expect(between(s, '2027-03-28T00:00:00Z', '2027-03-28T23:00:00Z')).toEqual([
      ['2027-03-28T01:30:00.000Z', '2027-03-28T03:30'],
      ['2027-03-28T07:00:00.000Z', '2027-03-28T09:00'],
    ]);
    // A week later 02:30 exists again: three slots.
    expect(between(s, '2027-04-04T00:00:00Z', '2027-04-04T23:00:00Z')).toHaveLength(3);
  });
});

describe('the posting schedule', () => {
  it('starts Monday to Friday at 09:00 in UTC', () => {
    expect(DEFAULT_PLANNING).toEqual({
      timeZone: 'UTC',
      approvalRequired: false,
      postingSlots: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day, time: '09:00' })),
    });
    // 2027-03-29 is a Monday: a week of the default schedule is five slots at 09:00 UTC.
    expect(between(DEFAULT_PLANNING, '2027-03-29T00:00:00Z', '2027-04-04T23:59:59Z').map(([at]) => at)).toEqual(
      ['29', '30', '31'].map((day) => `2027-03-${day}T09:00:00.000Z`).concat(['01', '02'].map((day) => `2027-04-${day}T09:00:00.000Z`)),
    );
  });

  it('folds duplicates and sorts Monday first, then by time', () => {
    expect(
      normaliseSlots([
        { day: 'sunday', time: '08:00' },
        { day: 'monday', time: '17:30' },
        { day: 'monday', time: '09:00' },
        { day: 'sunday', time: '08:00' },
        { day: 'wednesday', time: '00:00' },
      ]),
    ).toEqual([
      { day: 'monday', time: '09:00' },
      { day: 'monday', time: '17:30' },
      { day: 'wednesday', time: '00:00' },
      { day: 'sunday', time: '08:00' },
    ]);
  });

  it('keeps its wall times when the zone changes: 09:00 is 09:00 in the new zone', () => {
    const slots = [{ day: 'monday' as const, time: '09:00' }];
    const paris = between(schedule('Europe/Paris', ...slots), '2027-06-07T00:00:00Z', '2027-06-07T23:59:59Z');
    const newYork = between(schedule('America/New_York', ...slots), '2027-06-07T00:00:00Z', '2027-06-07T23:59:59Z');
    expect(paris).toEqual([['2027-06-07T07:00:00.000Z', '2027-06-07T09:00']]);
    expect(newYork).toEqual([['2027-06-07T13:00:00.000Z', '2027-06-07T09:00']]);
  });

  it('gives each instant once, in time order, within the bounds (both included)', () => {
    const s = schedule('UTC', { day: 'monday', time: '09:00' }, { day: 'monday', time: '08:00' });
    expect(between(s, '2027-03-29T08:00:00Z', '2027-03-29T09:00:00Z').map(([at]) => at)).toEqual(['2027-03-29T08:00:00.000Z', '2027-03-29T09:00:00.000Z']);
    expect(between(s, '2027-03-29T08:00:00.001Z', '2027-03-29T08:59:59.999Z')).toEqual([]);
    expect(between(schedule('UTC'), '2027-03-29T00:00:00Z', '2027-04-29T00:00:00Z')).toEqual([]);
  });

  it('hands out a year of slots in chunks that cover it once, in order', () => {
    const s = schedule('Europe/Paris', { day: 'monday', time: '09:00' }, { day: 'thursday', time: '18:15' });
    const from = new Date('2027-01-01T00:00:00Z');
    const until = new Date('2028-01-01T00:00:00Z');
    const chunks = [...slotInstantChunks(s, from, until)];
    const all = chunks.flat().map((at) => at.toISOString());
    expect(chunks.length).toBe(14);
    expect(all).toEqual(slotsBetween(s, from, until).map((slot) => slot.at.toISOString()));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(52 + 52);
  });
});

describe('time zone names', () => {
  it('takes what the time-zone database knows, spelt as it spells them', () => {
    expect(['Europe/Paris', 'europe/paris', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'UTC', 'Etc/GMT+5'].map(timeZoneIdOf)).toEqual([
      'Europe/Paris',
      'Europe/Paris',
      'America/Argentina/Buenos_Aires',
      'Asia/Kolkata',
      'UTC',
      'Etc/GMT+5',
    ]);
  });

  it('refuses unknown names, offsets and anything else', () => {
    for (const name of ['Mars/Olympus_Mons', 'Europe/Pariss', '+01:00', 'UTC+1', '', ' Europe/Paris', 'Europe/Paris\u0000', '../../etc/passwd', 'a'.repeat(65)]) {
      expect([name, timeZoneIdOf(name)]).toEqual([name, undefined]);
    }
  });
});
