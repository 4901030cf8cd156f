import { addDays, addMonths, daysBetween, instantAt, isPlainDate, startOfWeek, wallTimeOf, weekdayIndex } from '../web/src/time/zoned.js';

// The web app's wall-time arithmetic in the member's zone, across the 2027 clock changes of
// Europe/Paris (28 March, 31 October) and America/New_York (14 March, 7 November). The grid's
// rows, the calendar's range and the Move dialog's instants all come from these functions.

describe('wall times in the member’s zone', () => {
  test.each([
    ['Europe/Paris', '2027-03-26', '2027-03-26T08:00:00.000Z'],
    ['Europe/Paris', '2027-03-29', '2027-03-29T07:00:00.000Z'],
    ['Europe/Paris', '2027-10-29', '2027-10-29T07:00:00.000Z'],
    ['Europe/Paris', '2027-11-01', '2027-11-01T08:00:00.000Z'],
    ['America/New_York', '2027-03-12', '2027-03-12T14:00:00.000Z'],
    ['America/New_York', '2027-03-15', '2027-03-15T13:00:00.000Z'],
    ['America/New_York', '2027-11-05', '2027-11-05T13:00:00.000Z'],
    ['America/New_York', '2027-11-08', '2027-11-08T14:00:00.000Z'],
  ])('09:00 in %s on %s is %s, and reads back as 09:00', (zone, date, iso) => {
    const instant = instantAt(date, '09:00', zone);
    expect(instant.toISOString()).toBe(iso);
    expect(wallTimeOf(instant, zone)).toEqual({ date, time: '09:00' });
  });

  test('a wall time the spring change skips falls an hour later; one the autumn change repeats is its first occurrence', () => {
    expect(instantAt('2027-03-28', '02:30', 'Europe/Paris').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(wallTimeOf(instantAt('2027-03-28', '02:30', 'Europe/Paris'), 'Europe/Paris').time).toBe('03:30');
    expect(instantAt('2027-10-31', '02:30', 'Europe/Paris').toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(instantAt('2027-11-07', '01:30', 'America/New_York').toISOString()).toBe('2027-11-07T05:30:00.000Z');
  });

  test('midnight is 00:00, and days across a change are still 24 wall hours apart', () => {
    expect(wallTimeOf(new Date('2027-03-27T23:00:00Z'), 'Europe/Paris')).toEqual({ date: '2027-03-28', time: '00:00' });
    const week = startOfWeek('2027-03-28');
    expect(week).toBe('2027-03-22');
    const from = instantAt(week, '00:00', 'Europe/Paris');
    const to = instantAt(addDays(week, 7), '00:00', 'Europe/Paris');
    expect((to.getTime() - from.getTime()) / 3_600_000).toBe(7 * 24 - 1);
  });

  test('plain dates: weekdays, months, ranges, and what is not a date', () => {
    expect(weekdayIndex('2027-03-01')).toBe(0);
    expect(weekdayIndex('2027-03-07')).toBe(6);
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-01');
    expect(daysBetween('2027-02-27', '2027-03-02')).toEqual(['2027-02-27', '2027-02-28', '2027-03-01']);
    expect(isPlainDate('2027-02-29')).toBe(false);
    expect(isPlainDate('2028-02-29')).toBe(true);
    expect(isPlainDate('<script>')).toBe(false);
  });
});
