import { AppError, createKeyedSlots, failedDependency } from '@lps/common';

describe('createKeyedSlots', () => {
  it('bounds work per key and in total, and a release counts once however often it is called', () => {
    const slots = createKeyedSlots((running, total) => running < 2 && total < 3);
    const a1 = slots.take('a');
    const a2 = slots.take('a');
    expect(a1 && a2).toBeTruthy();
    expect(slots.take('a')).toBeUndefined();
    const b1 = slots.take('b');
    expect(b1).toBeDefined();
    expect(slots.take('c')).toBeUndefined();
    a1?.();
    a1?.();
    expect(slots.take('c')).toBeDefined();
    expect(slots.take('a')).toBeUndefined();
  });
});

describe('failedDependency', () => {
  it('finds an unreachable PostgreSQL or Redis through wrapped causes, and nothing in a plain bug', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('request failed'), { cause });
    expect(failedDependency(wrapped(Object.assign(new Error('x'), { code: 'P1001' })))).toBe('database');
    expect(failedDependency(wrapped(wrapped(new Error("Stream isn't writeable and enableOfflineQueue options is false"))))).toBe('redis');
    expect(failedDependency(wrapped(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })))).toBe('connection');
    expect(failedDependency(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeUndefined();
    expect(failedDependency(undefined)).toBeUndefined();
    const loop: { message: string; cause?: unknown } = { message: 'loop' };
    loop.cause = loop;
    expect(failedDependency(loop)).toBeUndefined();
  });
});

describe('AppError', () => {
  it('carries a stable code with its HTTP status', () => {
    const error = new AppError('not_found', 'no post with this id');
    expect(error).toMatchObject({ code: 'not_found', status: 404, message: 'no post with this id' });
    expect(new AppError('service_unavailable', 'later')).toMatchObject({ status: 503 });
  });
});
